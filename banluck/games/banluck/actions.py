"""The actions of a ban-luck round (banluck.table.action: each a frozen record with a night-log
spelling, `verify` and `apply`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from banluck.core.cards import TEN_CARDS, Card, parse_cards
from banluck.core.errors import RuleError
from banluck.games.banluck.hands import INSTANT_KINDS, Hand, Kind, first_two_kind, points
from banluck.games.banluck.preset import Preset
from banluck.games.banluck.schema import AceMode
from banluck.games.banluck.settlement import (
    bust_shown_at_once,
    dealer_offends,
    five_card_at_once,
    instant,
    two_card_fifteen,
    versus,
)
from banluck.games.banluck.state import PlayerState, RoundState, Settlement
from banluck.table.action import (
    DEALER,
    Action,
    BareAction,
    CardAction,
    NamedAction,
    NamedCardsAction,
    cards_text,
    check_new_cards,
)


def _player(state: RoundState, name: str, doing: str) -> PlayerState:
    player = state.players.get(name)
    if player is None:
        if name == state.dealer:
            raise RuleError(f"cannot {doing} {name}: {name} deals this round")
        names = ", ".join(state.players) or "nobody"
        raise RuleError(f"cannot {doing} {name}: not at the table this round (players: {names})")
    if (settled := player.settlement) is not None:
        from banluck.games.banluck.panel import round_nets  # what his row on the panel shows

        amount = round_nets(state).get(name, settled.amount)  # a short hand's side payments too
        raise RuleError(f"cannot {doing} {name}: already settled ({amount:+d}, {settled.reason})")
    return player


def _contains(cards: Sequence[Card], seen: Sequence[Card]) -> bool:
    """Every seen card is among `cards` (a suitless seen card matches any suit of its rank)."""
    left = list(cards)
    for card in seen:
        match = next(
            (c for c in left if c == card or (card.suit is None and c.rank == card.rank)), None
        )
        if match is None:
            return False
        left.remove(match)
    return True


def _instant_window(state: RoundState, word: str, who: str) -> None:
    """Instant hands, runs and burns belong to the instant check, before the dealer draws."""
    if state.phase == "deal":
        raise RuleError(f"cannot {word} {who}: enter the dealer's two cards first (dealer 9 7)")
    if len(state.dealer_cards) > 2:
        raise RuleError(f"cannot {word} {who}: the dealer has drawn, the instant check is over")


def _verify_player_fifteen(state: RoundState, name: str, cards: Sequence[Card], word: str) -> None:
    """A player's run or burn: his first two cards, before he plays; a two-card 15 if given."""
    player = _player(state, name, word)
    if state.phase == "showdown":
        raise RuleError(f"cannot {word} {name}: the dealer's {state.dealer_instant()} came first")
    if player.acted or player.count != 2:
        raise RuleError(f"cannot {word} {name}: only a player's first two cards may {word}")
    if cards:
        _hand_from(state, player, cards, word)
        if not two_card_fifteen(cards, state.preset):
            raise RuleError(f"cannot {word} {name}: {cards_text(cards)} is not 15")
        check_new_cards(state, cards, replacing=player.seen)


def settle_opened(state: RoundState, player: PlayerState, hand: Hand) -> Settlement:
    """Settle an opened (or shown) hand against the dealer's hand at this moment."""
    preset = state.preset
    dealer = state.dealer_hand()
    if not state.dealer_stopped and not dealer.bust:
        # A dealer still drawing has not stopped under his minimum.
        preset = replace(preset, minimum=replace(preset.minimum, dealer_under="off"))
    # A bust entered only now, where busts are shown at once, costs what it cost when shown.
    shown = (
        bust_shown_at_once(hand, preset, dealer, five_card=player.count >= 5)
        if preset.bust.late_as_shown
        else None
    )
    # Only a two-card hand can still be an instant hand: a player who drew did not hold one,
    # and the order in which a dealer types an opened hand's cards means nothing.
    verdict = (
        (instant(hand.cards, dealer.cards, preset) if hand.size == 2 else None)
        or five_card_at_once(hand, preset)
        or shown
        or versus(hand, dealer, preset)
    )
    is_instant = hand.size == 2 and first_two_kind(hand.cards) in INSTANT_KINDS
    return Settlement(
        amount=verdict.multiple * player.stake,
        reason=verdict.reason_at(player.stake),
        kind=str(hand.kind),
        offence=verdict.offence,
        instant=is_instant or first_two_kind(dealer.cards) is not None,
        penalty=verdict.multiple > 0 and dealer_offends(dealer, preset),
        shown_late=verdict is shown,
    )


def _read_outcome(text: str) -> tuple[bool, int]:
    """(bust, total) of an outcome `bust`, `bust 29` or a total such as `18`; a bare `bust` is
    22 (its total is not known). RuleError for anything else."""
    words = text.lower().split()
    if len(words) == 1 and _is_number(words[0]):
        return False, int(words[0])
    if words[:1] == ["bust"] and len(words) <= 2 and all(map(_is_number, words[1:])):
        total = int(words[1]) if len(words) > 1 else 22
        if total <= 21:
            raise RuleError(
                f"a bust is over 21, and {total} is not: `bust` (or `bust 22` and over) for"
                f" a bust, `{total}` alone for a hand of {total}"
            )
        return True, total
    raise RuleError(f"outcome {text!r} is not `bust`, `bust N` or a total: give the cards instead")


_ONE_OF_EACH_VALUE = tuple(
    Card(rank) for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
)


@cache
def possible_totals(count: int, seen: tuple[str, ...], mode: AceMode) -> frozenset[int]:
    """Every total a hand of `count` cards can make when the ranks `seen` are among them."""
    known = [Card(rank) for rank in seen]
    return frozenset(
        points([*known, *rest], mode)[0]
        for rest in combinations_with_replacement(_ONE_OF_EACH_VALUE, count - len(known))
    )


def outcome_hand(
    count: int, text: str, preset: Preset, seen: Sequence[Card] = (), name: str = "the player"
) -> Hand:
    """A hand known only by its outcome: `bust`, `bust 29` or a total such as `18`; it must be
    one the hand can make with the cards `seen` of it. It is judged as the hand its card count
    makes it: five cards or more a five-card hand, two cards totalling 21 an instant hand."""
    _, total = _read_outcome(text)
    bare_bust = text.lower().split() == ["bust"]
    # the totals a hand of `count` cards can make: at least 1 a card, at most 11 a card, and
    # two cards never bust (ten and ace is the most)
    highest = 21 if count <= 2 else 11 * count
    if total < count or total > highest:
        can = "cannot bust" if count <= 2 and total > 21 else f"cannot total {total}"
        raise RuleError(
            f"a hand of {count} cards {can} (totals {count} to {highest}): give the cards instead"
        )
    if seen:
        can_make = possible_totals(count, tuple(sorted(c.rank for c in seen)), preset.points.ace)
        fits = any(t > 21 for t in can_make) if bare_bust else total in can_make
        if not fits:
            what = "bust" if bare_bust else f"total {total}"
            made = [t for t in sorted(can_make) if t <= 21]
            busts = [t for t in sorted(can_make) if t > 21]
            shown = f"{made[0]} to {made[-1]}" if made else "no total up to 21"
            shown += f", busts {busts[0]} to {busts[-1]}" if busts else ", never bust"
            raise RuleError(
                f"a hand of {count} cards with {cards_text(seen)} among them cannot {what} "
                f"(it makes {shown}): give the cards instead"
            )
    if count == 2 and total == 21:
        return _two_card_21(name, seen, preset)
    if total > 21:
        kind = Kind.BUST
    elif count >= 5:
        kind = Kind.FIVE_CARD_21 if total == 21 else Kind.FIVE_DRAGON
    elif total == 21:
        kind = Kind.TWENTY_ONE
    else:
        kind = Kind.REGULAR
    heavy = kind is Kind.BUST and 0 < preset.bust.heavy <= total
    return Hand((), total, False, kind, heavy, dealt=count)


def _two_card_21(name: str, seen: Sequence[Card], preset: Preset) -> Hand:
    """Two cards total 21 only as an instant hand: ban-luck (an ace and a ten card), or ban-ban
    where two aces may count 21. Refused when the cards seen do not tell which."""
    ten = next((c.rank for c in seen if c.rank in TEN_CARDS), "K")
    fits = [
        cards
        for cards in ((Card("A"), Card(ten)), (Card("A"), Card("A")))
        if points(cards, preset.points.ace)[0] == 21
        and not Counter(c.rank for c in seen) - Counter(c.rank for c in cards)
    ]
    if len(fits) > 1:
        raise RuleError(
            f"cannot open {name}: two cards make 21 as ban-luck or as ban-ban:"
            f" give the cards (`open {name} A K` or `open {name} A A`)"
        )
    return Hand.of(fits[0], preset)


def check_outcome(name: str, hand: Hand, text: str) -> None:
    """A total given after the cards must be theirs: `open Bob 10 9 19`, never `10 9 20`."""
    bust, total = _read_outcome(text)
    bare_bust = text.lower().split() == ["bust"]
    fits = hand.bust if bare_bust else (hand.total, hand.bust) == (total, bust)
    if not fits:
        made = f"bust {hand.total}" if hand.bust else f"total {hand.total}"
        raise RuleError(
            f"cannot open {name}: {cards_text(hand.cards)} make {made}, not {text}: give the "
            f"cards alone (`open {name} {cards_text(hand.cards)}`) or the outcome alone"
        )


def _may_hit(state: RoundState, player: PlayerState) -> bool:
    return (
        state.phase == "players"
        and len(state.dealer_cards) == 2
        and not player.stood
        and not player.shown_bust
        and player.count < state.preset.points.max_cards
    )


def _way_out(state: RoundState, player: PlayerState, given: int, doing: str) -> str:
    """What to type instead of a line whose cards do not fit the hand."""
    name = player.name
    more = given - player.count
    if more > 0 and _may_hit(state, player):
        hits = f"`hit {name}`" + ("" if more == 1 else f" {more} times")
        return f"{hits} first, then `{doing} {name}` with the {given} cards"
    if doing == "open":
        return f"give {player.count} cards, or the outcome (`open {name} bust`, `open {name} 18`)"
    return f"give {player.count} cards"


def _hand_from(state: RoundState, player: PlayerState, cards: Sequence[Card], doing: str) -> Hand:
    if len(cards) != player.count:
        raise RuleError(
            f"cannot {doing} {player.name}: {player.name} holds {player.count} cards,"
            f" {len(cards)} given: {_way_out(state, player, len(cards), doing)}"
        )
    if not _contains(cards, player.seen):
        how = f" (`open {player.name} bust`, `open {player.name} 18`)" if doing == "open" else ""
        raise RuleError(
            f"cannot {doing} {player.name}: the cards seen before"
            f" ({cards_text(player.seen)}) are not all among {cards_text(cards)}:"
            f" give the cards with {cards_text(player.seen)} among them"
            + (f", or the outcome{how}" if how else "")
        )
    return Hand.of(cards, state.preset)


# -- the dealer's cards ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealerCards(Action[RoundState]):
    cards: tuple[Card, ...]
    word: ClassVar[str] = "dealer"
    usage: ClassVar[str] = "dealer CARD CARD"
    help: ClassVar[str] = "the dealer's first two cards"

    def verify(self, state: RoundState) -> None:
        if state.phase != "deal":
            raise RuleError(f"the dealer's cards are already entered ({state.describe()})")
        if len(self.cards) != 2:
            raise RuleError(f"the dealer starts with two cards, {len(self.cards)} given")
        check_new_cards(state, self.cards)

    def apply(self, state: RoundState) -> None:
        state.dealer_cards = list(self.cards)
        state.dealer_burned = False

    def line(self) -> str:
        return f"dealer {cards_text(self.cards)}"

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[RoundState]:
        return cls(parse_cards(args))


# -- players' actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Show(NamedCardsAction[RoundState]):
    """A player shows cards: an instant hand at the instant check, two cards when the dealer holds
    an instant hand, a five-card hand, a bust (paid at once where bust.shown_at_once)."""

    name: str
    cards: tuple[Card, ...]
    word: ClassVar[str] = "show"
    usage: ClassVar[str] = "show NAME CARDS..."
    least: ClassVar[int] = 1
    help: ClassVar[str] = "a player shows his cards (instant hand, five cards, a bust)"

    def verify(self, state: RoundState) -> None:
        player = _player(state, self.name, "show")
        if state.phase == "deal":
            raise RuleError(f"cannot show {self.name}: enter the dealer's two cards first")
        _hand_from(state, player, self.cards, "show")
        check_new_cards(state, self.cards, replacing=player.seen)
        if (
            first_two_kind(self.cards) in INSTANT_KINDS
            and len(self.cards) == 2
            and len(state.dealer_cards) > 2
        ):
            raise RuleError(
                f"cannot show {self.name}'s {first_two_kind(self.cards)}: instant hands are shown"
                " at the instant check, before the dealer draws"
            )

    def apply(self, state: RoundState) -> None:
        player = state.players[self.name]
        player.seen = list(self.cards)
        preset = state.preset
        hand = Hand.of(self.cards, preset)
        at_instant = state.phase == "showdown" or (
            len(self.cards) == 2 and first_two_kind(self.cards) in INSTANT_KINDS
        )
        if at_instant:
            verdict = instant(self.cards, state.dealer_cards, preset)
        else:
            verdict = five_card_at_once(hand, preset) or bust_shown_at_once(hand, preset)
        if verdict is not None:
            player.settlement = Settlement(
                verdict.multiple * player.stake,
                verdict.reason_at(player.stake),
                str(hand.kind),
                offence=verdict.offence,
                instant=at_instant,
            )
        elif not at_instant and hand.bust and preset.bust.shown_ends_turn:
            # Not paid at once in this house, but a shown bust draws no more: his turn is over.
            player.shown_bust = True
            player.acted = True

    @classmethod
    def expand(
        cls, args: Sequence[str], state: RoundState, resolve: Callable[[str], str]
    ) -> list[Action[Any]]:
        """`show Carol` with one card more than she holds, while she may still hit, is her hit
        and her show (the hint says a fifth card must be shown: this is that card)."""
        show = cls.parse([resolve(args[0]), *args[1:]] if args else args)
        assert isinstance(show, Show)
        player = state.players.get(show.name)
        if (
            player is not None
            and not player.settled
            and len(show.cards) == player.count + 1
            and _may_hit(state, player)
        ):
            return [Hit(show.name), show]
        return [show]

    @classmethod
    def spell(cls, actions: Sequence[Action[Any]]) -> str:
        """A hit and a show typed as one show are stored as the show (read back the same)."""
        return actions[-1].line() if actions else ""


@dataclass(frozen=True, slots=True)
class Hit(Action[RoundState]):
    """A player draws a card: hidden (only the count is known) or seen."""

    name: str
    card: Card | None = None
    word: ClassVar[str] = "hit"
    usage: ClassVar[str] = "hit NAME [CARD]"
    help: ClassVar[str] = "a player draws a hidden card (or a seen one)"
    takes_name: ClassVar[bool] = True

    def verify(self, state: RoundState) -> None:
        player = _player(state, self.name, "hit")
        phase = state.phase
        if phase == "deal":
            raise RuleError(f"cannot hit {self.name}: enter the dealer's two cards first")
        if phase == "showdown":
            kind = state.dealer_instant()
            raise RuleError(
                f"cannot hit {self.name}: the dealer holds {kind}, every player shows two cards"
                f" (show {self.name} CARD CARD)"
            )
        if len(state.dealer_cards) > 2 or phase == "dealer":
            raise RuleError(f"cannot hit {self.name}: the players' turns are over")
        if player.stood:
            raise RuleError(f"cannot hit {self.name}: {self.name} has stood")
        if player.shown_bust:
            raise RuleError(
                f"cannot hit {self.name}: {self.name} showed a bust"
                f" ({cards_text(player.seen)}), the turn is over; the dealer opens it"
                f" (`open {self.name}`), or `undo` if the show was a slip"
            )
        if player.count >= state.preset.points.max_cards:
            raise RuleError(
                f"cannot hit {self.name}: {self.name} holds {player.count} cards, the most a hand"
                f" may hold (points.max_cards)"
            )
        if self.card is not None:
            check_new_cards(state, [self.card])

    def apply(self, state: RoundState) -> None:
        player = state.players[self.name]
        player.count += 1
        player.acted = True
        if self.card is not None:
            player.seen.append(self.card)

    def line(self) -> str:
        return f"hit {self.name}" + (f" {self.card.code()}" if self.card else "")

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[RoundState]:
        if not args:
            raise RuleError(f"usage: {cls.usage}")
        cards = parse_cards(args[1:])
        if len(cards) > 1:
            raise RuleError("hit takes one card at a time: hit NAME [CARD]")
        return cls(args[0], cards[0] if cards else None)


@dataclass(frozen=True, slots=True)
class Stand(NamedAction[RoundState]):
    name: str
    word: ClassVar[str] = "stand"
    usage: ClassVar[str] = "stand NAME"
    takes_names: ClassVar[bool] = True
    help: ClassVar[str] = "a player stops drawing"

    def verify(self, state: RoundState) -> None:
        player = _player(state, self.name, "stand")
        if state.phase != "players":
            raise RuleError(f"cannot stand {self.name}: {state.describe()}")
        if player.stood:
            raise RuleError(f"cannot stand {self.name}: {self.name} has already stood")

    def apply(self, state: RoundState) -> None:
        player = state.players[self.name]
        player.stood = True
        player.acted = True

    @classmethod
    def expand(
        cls, args: Sequence[str], state: RoundState, resolve: Callable[[str], str]
    ) -> list[Action[Any]]:
        """`stand Bob Carol` is two stands; `stand all` stands everyone still to play."""
        if not args:
            raise RuleError("usage: stand NAME [NAME...] or stand all")
        if len(args) == 1 and args[0].lower() == "all":
            names = [p.name for p in state.players.values() if state.to_play(p)]
            if not names:
                raise RuleError("nobody is left to stand")
            return [cls(n) for n in names]
        return [cls(resolve(a)) for a in args]


@dataclass(frozen=True, slots=True)
class Run(NamedCardsAction[RoundState]):
    """A two-card 15 runs (fifteen.mode run): a player takes his stake back; the dealer's run
    pushes every player not yet settled and ends the round."""

    name: str
    cards: tuple[Card, ...] = ()
    word: ClassVar[str] = "run"
    usage: ClassVar[str] = "run NAME [CARD CARD] | run dealer"
    help: ClassVar[str] = "a two-card 15 runs: stake back (fifteen.mode run)"

    def verify(self, state: RoundState) -> None:
        mode = state.preset.fifteen.mode
        if self.name == DEALER:
            if mode not in ("run", "run-dealer-only"):
                raise RuleError(f"the dealer cannot run: fifteen.mode is {mode}")
            _instant_window(state, "run", DEALER)
            if not two_card_fifteen(state.dealer_cards, state.preset):
                raise RuleError(
                    f"the dealer cannot run: his two cards"
                    f" ({cards_text(state.dealer_cards)}) are not a two-card 15"
                )
            return
        if mode != "run":
            raise RuleError(f"cannot run {self.name}: fifteen.mode is {mode}, players may not run")
        _instant_window(state, "run", self.name)
        _verify_player_fifteen(state, self.name, self.cards, "run")

    def apply(self, state: RoundState) -> None:
        if self.name == DEALER:
            for p in state.open_players():
                p.settlement = Settlement(0, "the dealer runs with a two-card 15: push")
            state.ended = "dealer-run"
            return
        player = state.players[self.name]
        if self.cards:
            player.seen = list(self.cards)
        player.settlement = Settlement(
            0, "runs with a two-card 15: stake back (fifteen.mode run)", str(Kind.FIFTEEN)
        )


@dataclass(frozen=True, slots=True)
class Void(BareAction[RoundState]):
    """The dealer calls the round off with a two-card 15 (fifteen.mode free-hand before anyone is
    paid; hard-15-surrender without an ace, instant wins included). No money moves."""

    word: ClassVar[str] = "void"
    usage: ClassVar[str] = "void"
    help: ClassVar[str] = "the dealer's two-card 15 calls the round off"

    def verify(self, state: RoundState) -> None:
        mode = state.preset.fifteen.mode
        if mode not in ("free-hand", "hard-15-surrender"):
            raise RuleError(f"the dealer cannot call the round off: fifteen.mode is {mode}")
        _instant_window(state, "void", "the round")
        cards = state.dealer_cards
        if not two_card_fifteen(cards, state.preset):
            raise RuleError(
                f"the dealer cannot call the round off: {cards_text(cards)} is not a two-card 15"
            )
        if mode == "hard-15-surrender" and any(c.is_ace for c in cards):
            raise RuleError(
                "the dealer cannot surrender: his 15 holds an ace (fifteen.mode hard-15-surrender)"
            )
        if mode == "free-hand":
            paid = [p.name for p in state.players.values() if p.settlement and p.settlement.amount]
            if paid:
                raise RuleError(
                    f"the dealer cannot call the round off: {', '.join(paid)} already paid"
                    " (fifteen.mode free-hand: before anyone is paid)"
                )

    def apply(self, state: RoundState) -> None:
        reason = f"the dealer calls the round off (fifteen.mode {state.preset.fifteen.mode})"
        for p in state.players.values():
            p.settlement = Settlement(0, reason)
        state.ended = "void"
        state.void_all = True


@dataclass(frozen=True, slots=True)
class Burn(NamedCardsAction[RoundState]):
    """A two-card 15 burns (fifteen.burn): the stake doubles and two new cards are dealt. When the
    dealer burns, every player doubles his stake or forfeits it."""

    name: str
    cards: tuple[Card, ...] = ()
    word: ClassVar[str] = "burn"
    usage: ClassVar[str] = "burn NAME [CARD CARD] | burn dealer"
    help: ClassVar[str] = "a two-card 15 burns: stake doubled, two new cards (fifteen.burn)"

    def verify(self, state: RoundState) -> None:
        if not state.preset.fifteen.burn:
            raise RuleError(f"cannot burn {self.name}: this house does not burn (fifteen.burn)")
        _instant_window(state, "burn", self.name)
        if self.name == DEALER:
            if not two_card_fifteen(state.dealer_cards, state.preset):
                raise RuleError(
                    f"the dealer cannot burn: {cards_text(state.dealer_cards)} is not a two-card 15"
                )
            acted = [p.name for p in state.players.values() if p.acted]
            if acted:
                raise RuleError(f"the dealer cannot burn: {', '.join(acted)} already played")
            return
        _verify_player_fifteen(state, self.name, self.cards, "burn")

    def apply(self, state: RoundState) -> None:
        if self.name == DEALER:
            state.burned_cards.extend(state.dealer_cards)
            state.dealer_cards = []
            state.dealer_burned = True
            for p in state.open_players():
                p.stake_before_burn = p.stake
                p.stake *= 2
            return
        player = state.players[self.name]
        state.burned_cards.extend(self.cards or player.seen)
        player.seen = []
        player.count = 2
        player.stake *= 2


@dataclass(frozen=True, slots=True)
class Forfeit(NamedAction[RoundState]):
    """After the dealer burns, a player who will not double gives up his stake."""

    name: str
    word: ClassVar[str] = "forfeit"
    usage: ClassVar[str] = "forfeit NAME"
    help: ClassVar[str] = "after the dealer burns: a player gives up his stake instead of doubling"

    def verify(self, state: RoundState) -> None:
        player = _player(state, self.name, "forfeit")
        if not state.dealer_burned or player.stake_before_burn is None:
            raise RuleError(
                f"cannot forfeit {self.name}: a player forfeits only right after the dealer burns,"
                " before the dealer's new cards"
            )

    def apply(self, state: RoundState) -> None:
        player = state.players[self.name]
        lost = player.stake_before_burn or player.stake
        player.stake = lost
        player.settlement = Settlement(
            -lost, "forfeits rather than double the dealer's burn (fifteen.burn)"
        )


def _dealer_turn(state: RoundState, doing: str) -> None:
    phase = state.phase
    if phase == "deal":
        raise RuleError(f"cannot {doing}: enter the dealer's two cards first (dealer 9 7)")
    if phase == "done":
        raise RuleError(f"cannot {doing}: the round is over")
    if phase == "players":
        raise RuleError(f"cannot {doing}: {state.waiting_for()[0]}")


@dataclass(frozen=True, slots=True)
class Draw(CardAction[RoundState]):
    card: Card
    word: ClassVar[str] = "draw"
    usage: ClassVar[str] = "draw CARD"
    help: ClassVar[str] = "the dealer draws a card"
    one_card: ClassVar[str] = "draw takes one card: draw CARD"

    def verify(self, state: RoundState) -> None:
        if state.phase == "showdown":
            raise RuleError(
                f"cannot draw: the dealer holds {state.dealer_instant()}, every player shows two cards"
            )
        _dealer_turn(state, "draw")
        if why := state.dealer_done():
            raise RuleError(f"cannot draw: {why}")
        check_new_cards(state, [self.card])

    def apply(self, state: RoundState) -> None:
        state.dealer_cards.append(self.card)


@dataclass(frozen=True, slots=True)
class Stop(BareAction[RoundState]):
    word: ClassVar[str] = "stop"
    usage: ClassVar[str] = "stop"
    help: ClassVar[str] = "the dealer stops drawing; the rest are opened at this total"

    def verify(self, state: RoundState) -> None:
        _dealer_turn(state, "stop")
        if state.phase == "showdown":
            raise RuleError("cannot stop: every player shows two cards against the instant hand")
        if state.dealer_stopped:
            raise RuleError("cannot stop: the dealer has already stopped")

    def apply(self, state: RoundState) -> None:
        state.dealer_stopped = True


@dataclass(frozen=True, slots=True)
class Open(Action[RoundState]):
    """The dealer opens a player: his cards, his outcome (`bust`, a total), or nothing when the
    player's cards are all known."""

    name: str
    cards: tuple[Card, ...] = ()
    outcome: str = ""
    word: ClassVar[str] = "open"
    usage: ClassVar[str] = "open NAME [CARDS... | bust | TOTAL]"
    help: ClassVar[str] = "the dealer opens a player and settles with him"
    takes_name: ClassVar[bool] = True

    def _hand(self, state: RoundState, player: PlayerState) -> Hand:
        if self.cards:
            given = _hand_from(state, player, self.cards, "open")
            if self.outcome:
                check_outcome(self.name, given, self.outcome)
            return given
        if self.outcome:
            return outcome_hand(player.count, self.outcome, state.preset, player.seen, self.name)
        hand = player.hand(state.preset)
        if hand is None:
            raise RuleError(
                f"cannot open {self.name}: the cards are not known; give them"
                f" (open {self.name} 10 5 9) or the outcome (open {self.name} bust)"
            )
        return hand

    def verify(self, state: RoundState) -> None:
        player = _player(state, self.name, "open")
        if state.phase == "showdown":
            if len(self.cards) != 2:
                raise RuleError(
                    f"cannot open {self.name}: against the dealer's {state.dealer_instant()}"
                    f" every player shows his two cards (open {self.name} CARD CARD)"
                )
        else:
            _dealer_turn(state, f"open {self.name}")
            dealer = state.dealer_hand()
            minimum = state.preset.reveal.dealer_min
            if state.dealer_done() is None and dealer.total < minimum:
                raise RuleError(
                    f"cannot open {self.name}: dealer has {dealer.total}, needs {minimum}"
                    " (house rule reveal.dealer_min)"
                )
        self._hand(state, player)
        if self.cards:
            check_new_cards(state, self.cards, replacing=player.seen)

    def apply(self, state: RoundState) -> None:
        player = state.players[self.name]
        hand = self._hand(state, player)
        if self.cards:
            player.seen = list(self.cards)
        player.settlement = settle_opened(state, player, hand)

    def line(self) -> str:
        return " ".join(w for w in ("open", self.name, cards_text(self.cards), self.outcome) if w)

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[RoundState]:
        if not args:
            raise RuleError(f"usage: {cls.usage}")
        rest = list(args[1:])
        # A hand holds two cards or more: a lone number is a total, not a card.
        if rest and (
            rest[0].lower() == "bust"
            or (len(rest) == 1 and rest[0].isascii() and rest[0].isdigit())
        ):
            return cls(args[0], outcome=" ".join(rest).lower())
        # Cards then their outcome (`open Bob 10 9 19`, `open Bob K 9 5 bust`): checked against
        # the cards. A number from 2 to 10 is a card; a total is 11 or more, or `bust [N]`.
        tail = 0
        words = [w.lower() for w in rest]
        if len(words) >= 2 and words[-1] == "bust":
            tail = 1
        elif len(words) >= 3 and words[-2] == "bust" and _is_number(words[-1]):
            tail = 2
        elif len(words) >= 2 and _is_number(words[-1]) and int(words[-1]) > 10:
            tail = 1
        if tail:
            return cls(args[0], parse_cards(rest[:-tail]), " ".join(words[-tail:]))
        return cls(args[0], parse_cards(rest))


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()


ROUND_ACTIONS: tuple[type[Action[RoundState]], ...] = (
    DealerCards, Show, Hit, Stand, Run, Void, Burn, Forfeit, Draw, Stop, Open,
)  # fmt: skip
