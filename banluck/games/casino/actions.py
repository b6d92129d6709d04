"""The words of a casino round (CASINO.md §3). Each is a frozen record with a night-log spelling;
`verify` raises a sentence naming the rule and the state, `apply` changes the state and then the
round settles whatever its cards now decide (`settlement.settle`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from banluck.core.cards import Card
from banluck.core.errors import RuleError
from banluck.games.casino import boxes
from banluck.games.casino.hands import is_two_card_21
from banluck.games.casino.settlement import settle
from banluck.games.casino.sidebet_round import check_suits
from banluck.games.casino.state import Box, HandState, Result, RoundState
from banluck.table.action import (
    Action,
    BareAction,
    CardAction,
    NamedAction,
    NamedCardAction,
    NamedCardsAction,
    cards_text,
    check_new_cards,
)


def resolve_name(arg: str, state: RoundState, resolve: Callable[[str], str]) -> str:
    """A seat's name, or a split hand's (`bob.2` -> `Bob.2`); a split box's own name stands for
    the hand of it that is to play."""
    try:
        name = resolve(arg)
    except RuleError:
        base, dot, number = arg.rpartition(".")
        if not (dot and number.isdigit()):
            raise
        name = f"{resolve(base)}.{number}"
    box = state.players.get(name)
    if box is not None and box.hands and box.hands[0].split:
        hand = next((h for h in box.hands if not state.hand_done(h)), box.hands[0])
        name = hand.name
    return name


class _Named(Action[RoundState]):
    """Actions whose first argument names a box or a hand (`Bob`, `Bob.2`). Their refusals read
    `cannot DOING NAME: why` (`no`), DOING the word unless `doing` says otherwise."""

    name: str
    takes_name: ClassVar[bool] = True
    doing: ClassVar[str] = ""

    def no(self, why: str) -> RuleError:
        return RuleError(f"cannot {self.doing or self.word} {self.name}: {why}")

    @classmethod
    def expand(
        cls, args: Sequence[str], state: RoundState, resolve: Callable[[str], str]
    ) -> list[Action[Any]]:
        if args:
            args = [resolve_name(args[0], state, resolve), *args[1:]]
        return [cls.parse(args)]


def _box(state: RoundState, name: str, doing: str) -> Box:
    box = state.players.get(name)
    if box is None:
        if name == state.dealer:
            raise RuleError(f"cannot {doing} {name}: {name} deals this round")
        behind = next(
            (b for b in state.players.values() for x in b.bettors if x.name == name), None
        )
        if behind is not None:
            raise RuleError(
                f"cannot {doing} {name}: {name} bets behind {behind.name}, whose owner"
                f" {behind.player} decides for the box ({doing} {behind.name})"
            )
        names = ", ".join(state.players) or "nobody"
        raise RuleError(f"cannot {doing} {name}: no such box this round (boxes: {names})")
    return box


def _settled(hand: HandState) -> str:
    assert hand.result is not None
    return f"already settled ({hand.result.amount:+d}, {hand.result.reason})"


def _to_play(state: RoundState, name: str, doing: str) -> HandState:
    """The hand `name`, which may be played now: any box's, in any order before the dealer's
    turn, each box's hands in their order."""
    hand = state.hand(name)
    if hand is None:
        _box(state, name, doing)
        raise RuleError(f"cannot {doing} {name}: no such hand this round")
    if hand.result is not None:
        raise RuleError(f"cannot {doing} {name}: {_settled(hand)}")
    phase = state.phase
    if phase in ("up", "deal", "peek"):
        raise RuleError(f"cannot {doing} {name}: {state.waiting()}")
    if state.hand_done(hand):
        raise RuleError(f"cannot {doing} {name}: the hand is over ({hand.label()})")
    first = state.first_open(state.box_of(hand))
    if first is not None and first is not hand:
        raise RuleError(
            f"cannot {doing} {name}: {first.name} plays first (a split box's hands in order)"
        )
    return hand


def _take(state: RoundState, hand: HandState, card: Card) -> None:
    """The hand takes a card (a hit, a double): a bust loses its bet at once."""
    hand.cards.append(card)
    if hand.total > 21:
        hand.result = Result(-hand.bet, f"bust ({hand.total})")
    settle(state)


def _before_decisions(state: RoundState, doing: str) -> None:
    """Even money and insurance: the ace is up, the boxes are dealt, nobody has played."""
    if state.up is None or not state.up.is_ace:
        raise RuleError(f"cannot {doing}: only against an ace up (the up card is {state.up})")
    phase = state.phase
    if phase in ("up", "deal"):
        raise RuleError(f"cannot {doing}: {state.waiting()}")
    if state.no_hole_card:
        if state.decided or len(state.dealer_cards) > 1:
            raise RuleError(f"cannot {doing}: the players have begun to play")
    elif phase != "peek":
        raise RuleError(f"cannot {doing}: the peek is over")


# -- the deal ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Up(CardAction[RoundState]):
    word: ClassVar[str] = "up"
    usage: ClassVar[str] = "up CARD"
    help: ClassVar[str] = "the dealer's up card: starts a round"
    one_card: ClassVar[str] = "usage: up CARD (the dealer's one face-up card)"

    def verify(self, state: RoundState) -> None:
        if state.up is not None:
            raise RuleError(f"the up card is already {state.up}")
        check_suits(state, [self.card], box=None, doing=self.line())  # side bets
        check_new_cards(state, [self.card])

    def apply(self, state: RoundState) -> None:
        state.up = self.card
        state.dealer_cards = [self.card]


@dataclass(frozen=True, slots=True)
class Deal(NamedCardsAction[RoundState], _Named):
    word: ClassVar[str] = "deal"
    usage: ClassVar[str] = "deal NAME CARD CARD"
    least: ClassVar[int] = 1
    help: ClassVar[str] = "a box's first two cards"

    def verify(self, state: RoundState) -> None:
        box = _box(state, self.name, "deal")
        if state.up is None:
            raise self.no("the up card comes first (up CARD)")
        if box.dealt:
            raise self.no(f"already dealt {cards_text(box.hands[0].cards)}")
        if len(self.cards) != 2:
            raise self.no(f"a box gets two cards, {len(self.cards)} given")
        check_suits(state, self.cards, box=self.name, doing=self.line())  # side bets
        check_new_cards(state, self.cards)

    def apply(self, state: RoundState) -> None:
        state.players[self.name].hands[0].cards = list(self.cards)
        settle(state)


# -- before the peek ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Even(NamedAction[RoundState], _Named):
    word: ClassVar[str] = "even"
    usage: ClassVar[str] = "even NAME"
    help: ClassVar[str] = "a blackjack against an ace takes even money (1:1 at once)"
    doing: ClassVar[str] = "pay even money to"

    def verify(self, state: RoundState) -> None:
        box = _box(state, self.name, self.doing)
        _before_decisions(state, f"{self.doing} {self.name}")
        hand = box.hands[0]
        if not hand.natural:
            raise self.no(f"{hand.label()} is not a blackjack")
        if hand.result is not None:
            raise self.no(_settled(hand))
        if box.insurance:
            raise self.no(
                "the blackjack is insured already"
                " (insured, it is paid even money whatever the hole card)"
            )
        if not state.preset.insurance.even_money:
            raise self.no("the blackjack waits for the dealer's hand (insurance.even_money false)")

    def apply(self, state: RoundState) -> None:
        box = state.players[self.name]
        box.hands[0].result = Result(box.stake, "even money on a blackjack against an ace")
        settle(state)


@dataclass(frozen=True, slots=True)
class Insure(NamedAction[RoundState], _Named):
    word: ClassVar[str] = "insure"
    usage: ClassVar[str] = "insure NAME [NAME...]"
    help: ClassVar[str] = "insurance: half the box's bet, pays 2:1 on a dealer blackjack"
    takes_names: ClassVar[bool] = True

    def verify(self, state: RoundState) -> None:
        box = _box(state, self.name, "insure")
        if not state.preset.insurance.offered:
            raise self.no("no insurance here (insurance.offered false)")
        _before_decisions(state, f"insure {self.name}")
        if box.insurance:
            raise self.no(f"already insured for {box.insurance}")
        if box.hands[0].result is not None:
            raise self.no(_settled(box.hands[0]))

    def apply(self, state: RoundState) -> None:
        box = state.players[self.name]
        box.insurance = box.stake // 2
        boxes.on_insure(box)

    @classmethod
    def expand(
        cls, args: Sequence[str], state: RoundState, resolve: Callable[[str], str]
    ) -> list[Action[Any]]:
        """`insure Bob Carol` insures two boxes."""
        if not args:
            raise RuleError(f"usage: {cls.usage}")
        return [cls(resolve_name(a, state, resolve)) for a in args]


@dataclass(frozen=True, slots=True)
class Peek(BareAction[RoundState]):
    word: ClassVar[str] = "peek"
    usage: ClassVar[str] = "peek"
    help: ClassVar[str] = "the dealer looked under his ace or ten: no blackjack"

    def verify(self, state: RoundState) -> None:
        if state.no_hole_card:
            raise RuleError("cannot peek: there is no hole card (dealer.hole_card no-hole-card)")
        if state.phase != "peek":
            if state.up is not None and not state.up_peeks:
                raise RuleError(
                    f"cannot peek: the dealer peeks only under an ace or a ten, not {state.up}"
                )
            raise RuleError(f"cannot peek now: {state.waiting()}")

    def apply(self, state: RoundState) -> None:
        state.peeked = True
        settle(state)


@dataclass(frozen=True, slots=True)
class Hole(CardAction[RoundState]):
    word: ClassVar[str] = "hole"
    usage: ClassVar[str] = "hole CARD"
    help: ClassVar[str] = (
        "the hole card turned: at the peek when it makes blackjack, else at his turn"
    )

    def verify(self, state: RoundState) -> None:
        if state.no_hole_card:
            raise RuleError(
                "there is no hole card (dealer.hole_card no-hole-card): his second card is a draw"
            )
        phase = state.phase
        bj = state.up is not None and is_two_card_21([state.up, self.card])
        if phase == "peek":
            if not bj:
                raise RuleError(
                    f"hole {self.card} makes no blackjack with the {state.up}: type peek, the"
                    " hole card is turned at the dealer's turn"
                )
        elif phase != "dealer":
            raise RuleError(f"cannot turn the hole card now: {state.waiting()}")
        elif len(state.dealer_cards) > 1:
            raise RuleError(f"the hole card is already turned ({state.dealer_cards[1]})")
        elif bj and state.peeked:  # not peeked: every box was settled before the peek
            raise RuleError(f"hole {self.card} makes a blackjack, but the peek found none")
        check_suits(state, [self.card], box=None, doing=self.line())  # side bets
        check_new_cards(state, [self.card])

    def apply(self, state: RoundState) -> None:
        state.dealer_cards.append(self.card)
        state.peeked = True
        settle(state)


# -- the players -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Surrender(NamedAction[RoundState], _Named):
    word: ClassVar[str] = "surrender"
    usage: ClassVar[str] = "surrender NAME"
    help: ClassVar[str] = "late surrender: half the bet back (first decision)"

    def verify(self, state: RoundState) -> None:
        mode = state.preset.surrender.mode
        if mode == "none":
            raise self.no("no surrender here (surrender.mode none)")
        hand = _to_play(state, self.name, "surrender")
        if hand.split:
            raise self.no("a split hand is never surrendered")
        if len(hand.cards) != 2:
            raise self.no("only as the first decision, on two cards")
        if mode == "late-not-vs-ace" and state.up is not None and state.up.is_ace:
            raise RuleError(
                f"cannot surrender {self.name} against an ace (surrender.mode late-not-vs-ace)"
            )

    def apply(self, state: RoundState) -> None:
        hand = state.hand(self.name)
        assert hand is not None
        state.decided = True
        hand.result = Result(
            -(hand.bet // 2),
            f"surrenders: half the bet (surrender.mode {state.preset.surrender.mode})",
        )
        settle(state)


@dataclass(frozen=True, slots=True)
class Hit(NamedCardAction[RoundState], _Named):
    word: ClassVar[str] = "hit"
    usage: ClassVar[str] = "hit NAME CARD"
    help: ClassVar[str] = "a card to a hand (hit Bob.2 5 to a split hand)"
    usage_note: ClassVar[str] = " (every card is dealt face up)"
    one_card: ClassVar[str] = "hit takes one card at a time: hit NAME CARD"

    def verify(self, state: RoundState) -> None:
        hand = _to_play(state, self.name, "hit")
        if len(hand.cards) >= 2 and state.may_resplit_aces(hand):
            raise self.no(
                "split aces take one card (split.aces_one_card);"
                f" split {self.name} or stand {self.name}"
            )
        check_new_cards(state, [self.card])

    def apply(self, state: RoundState) -> None:
        hand = state.hand(self.name)
        assert hand is not None
        if len(hand.cards) >= 2:
            state.decided = True
        _take(state, hand, self.card)


@dataclass(frozen=True, slots=True)
class Stand(NamedAction[RoundState], _Named):
    word: ClassVar[str] = "stand"
    usage: ClassVar[str] = "stand NAME"
    help: ClassVar[str] = "the hand stands"

    def verify(self, state: RoundState) -> None:
        hand = _to_play(state, self.name, "stand")
        if len(hand.cards) < 2:
            raise self.no("the split hand needs its second card first")

    def apply(self, state: RoundState) -> None:
        hand = state.hand(self.name)
        assert hand is not None
        state.decided = True
        hand.stood = True
        settle(state)


_DOUBLE_TOTALS = {"9-11": (9, 10, 11), "10-11": (10, 11)}


@dataclass(frozen=True, slots=True)
class Double(NamedCardAction[RoundState], _Named):
    word: ClassVar[str] = "double"
    usage: ClassVar[str] = "double NAME CARD"
    help: ClassVar[str] = "double the bet, and the one card"

    def verify(self, state: RoundState) -> None:
        hand = _to_play(state, self.name, "double")
        rules = state.preset.double
        if len(hand.cards) != 2:
            raise self.no(f"only on two cards ({cards_text(hand.cards)})")
        if hand.split and not rules.after_split:
            raise self.no("not after a split (double.after_split false)")
        if hand.split_aces and state.preset.split.aces_one_card:
            raise self.no("split aces take one card (split.aces_one_card)")
        if rules.on == "hard" and hand.soft:
            raise self.no(f"soft {hand.total} is not a hard hand (double.on hard)")
        allowed = _DOUBLE_TOTALS.get(rules.on)
        if allowed is not None and (hand.soft or hand.total not in allowed):
            raise self.no(f"{hand.label()} is not {rules.on} (double.on {rules.on})")
        check_new_cards(state, [self.card])

    def apply(self, state: RoundState) -> None:
        hand = state.hand(self.name)
        assert hand is not None
        state.decided = True
        hand.bet *= 2
        hand.doubled = True
        boxes.on_double(state.box_of(hand), hand)
        _take(state, hand, self.card)


@dataclass(frozen=True, slots=True)
class Split(NamedAction[RoundState], _Named):
    word: ClassVar[str] = "split"
    usage: ClassVar[str] = "split NAME"
    help: ClassVar[str] = "split a pair into two hands NAME.1, NAME.2"

    def verify(self, state: RoundState) -> None:
        hand = _to_play(state, self.name, "split")
        rules = state.preset.split
        again = " again" if hand.split else ""
        if len(hand.cards) != 2:
            raise self.no(f"only two cards split ({cards_text(hand.cards)})")
        a, b = hand.cards
        if a.rank != b.rank and not (rules.unlike_tens and a.is_ten_card and b.is_ten_card):
            tens = " (split.unlike_tens false)" if a.is_ten_card and b.is_ten_card else ""
            raise self.no(f"{a} {b} is not a pair{tens}")
        box = state.box_of(hand)
        if rules.max_hands <= 1:
            raise self.no("no splitting here (split.max_hands 1)")
        if len(box.hands) >= rules.max_hands:
            raise RuleError(f"cannot split {self.name}{again}: split.max_hands {rules.max_hands}")
        if hand.split_aces and not rules.resplit_aces:
            raise RuleError(
                f"cannot split {self.name} again: split aces are not split again"
                " (split.resplit_aces false)"
            )

    def apply(self, state: RoundState) -> None:
        hand = state.hand(self.name)
        assert hand is not None
        box = state.box_of(hand)
        state.decided = True
        aces = hand.cards[0].is_ace
        if not hand.split:
            hand.name = f"{box.name}.1"
            hand.split = True
        second = hand.cards.pop()
        hand.split_aces = aces
        new = HandState(
            f"{box.name}.{len(box.hands) + 1}", box.stake, [second], split=True, split_aces=aces
        )
        box.hands.append(new)
        boxes.on_split(box, new)
        settle(state)


# -- the dealer --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw(CardAction[RoundState]):
    word: ClassVar[str] = "draw"
    usage: ClassVar[str] = "draw CARD"
    help: ClassVar[str] = "the dealer draws (no hole card: his first draw is his second card)"
    one_card: ClassVar[str] = "draw takes one card: draw CARD"

    def verify(self, state: RoundState) -> None:
        phase = state.phase
        if len(state.dealer_cards) >= 2 and state.dealer_must_draw() is None:
            hits = state.preset.dealer.hits_soft_17
            raise RuleError(
                f"cannot draw: the dealer stands on {state.dealer_label()}"
                f" (dealer.hits_soft_17 {str(hits).lower()})"
            )
        if phase != "dealer":
            raise RuleError(f"cannot draw: {state.waiting()}")
        if len(state.dealer_cards) < 2 and not state.no_hole_card:
            raise RuleError("cannot draw: turn the hole card first (hole CARD)")
        check_suits(state, [self.card], box=None, doing=self.line())  # side bets
        check_new_cards(state, [self.card])

    def apply(self, state: RoundState) -> None:
        state.dealer_cards.append(self.card)
        settle(state)


ROUND_ACTIONS: tuple[type[Action[RoundState]], ...] = (
    Up, Deal, Even, Insure, Peek, Hole, Surrender, Hit, Stand, Double, Split, Draw,
)  # fmt: skip
