"""The state of one casino round, computed by replaying its actions (never stored as the truth).

A box is a seat's bet; it holds one hand, or the hands of its splits (`Bob.1` ... `Bob.4`). A
player may play several boxes (`Bob`, `Bob:2`, split hands `Bob:2.1`), and up to two friends may
bet behind a box (its `bettors`: each his own stake on each hand, `HandState.shares`; boxes.py). The
dealer shows his up card, then a hole card (peek game) or a second card drawn at his turn (no hole
card). Every settlement is made as soon as its cards are known; `settle` runs after every action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from banluck.core.cards import Card
from banluck.games.casino.hands import is_two_card_21, label, total
from banluck.games.casino.preset import Preset
from banluck.games.casino.results import Result as Result  # where the other modules find it
from banluck.games.casino.sidebets import SideBet


@dataclass(slots=True)
class HandState:
    """One hand of a box: `Bob`, or after a split `Bob.1`, `Bob.2`..."""

    name: str
    bet: int
    cards: list[Card] = field(default_factory=list)
    split: bool = False  # made by a split: never a blackjack, never surrendered
    split_aces: bool = False
    doubled: bool = False
    stood: bool = False
    result: Result | None = None
    # bettors behind the box: each one's bet on this hand, and its settlement (boxes.py)
    shares: dict[str, int] = field(default_factory=dict)
    share_results: dict[str, Result] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return total(self.cards)[0]

    @property
    def soft(self) -> bool:
        return total(self.cards)[1]

    @property
    def natural(self) -> bool:
        """A blackjack: the box's own first two cards making 21."""
        return not self.split and is_two_card_21(self.cards)

    def label(self) -> str:
        return "blackjack" if self.natural else label(self.cards)


@dataclass(slots=True)
class Bettor:
    """A friend betting behind a box: his stake, whether he follows its doubles and splits (and
    insurance), his insurance bet and its settlement."""

    name: str
    stake: int
    follow: bool
    insurance: int = 0
    insurance_result: Result | None = None


@dataclass(slots=True)
class Box:
    """A betting spot: its stake, its hands, its insurance; `owner` is the player who decides
    for it and is paid its money (`Bob` for the box `Bob:2`)."""

    name: str
    stake: int
    hands: list[HandState] = field(default_factory=list)
    insurance: int = 0  # the insurance bet (half the stake), 0 when not insured
    insurance_result: Result | None = None
    owner: str = ""  # the player; "" means the box's own name
    bettors: list[Bettor] = field(default_factory=list)

    @property
    def player(self) -> str:
        return self.owner or self.name

    @property
    def dealt(self) -> bool:
        first = self.hands[0]
        return len(first.cards) >= 2 or first.split

    @property
    def settled(self) -> bool:
        """Every hand settled (each bettor's share of it too), and every insurance."""
        return (
            all(h.result is not None and len(h.share_results) == len(h.shares) for h in self.hands)
            and (self.insurance == 0 or self.insurance_result is not None)
            and all(b.insurance == 0 or b.insurance_result is not None for b in self.bettors)
        )


@dataclass(slots=True)
class RoundState:
    preset: Preset
    dealer: str
    players: dict[str, Box]  # the boxes, in seat order
    up: Card | None = None
    dealer_cards: list[Card] = field(default_factory=list)  # up, then hole or draws
    peeked: bool = False
    decided: bool = False  # a player has made a decision: even money and insurance are over
    ended: str | None = None
    side_bets: list[SideBet] = field(default_factory=list)  # side bets (sidebets.py)
    plays_out: bool = False  # a live Bingo card: the dealer plays his hand out (bingo.py)
    waiting_bets: list[str] = field(default_factory=list)  # standing bets not riding, and why
    # the boxes in the order the console suggests they play: from the dealer's left (the seat
    # after his first); a suggestion, not a rule: any box may play first (`playable`)
    order: tuple[str, ...] = ()

    # -- the hands ----------------------------------------------------------------------------
    def hands(self) -> list[HandState]:
        return [h for box in self.players.values() for h in box.hands]

    def hand(self, name: str) -> HandState | None:
        return next((h for h in self.hands() if h.name == name), None)

    def box_of(self, hand: HandState) -> Box:
        return self.players[hand.name.rsplit(".", 1)[0] if hand.split else hand.name]

    def hand_done(self, hand: HandState) -> bool:
        """The hand takes no more decisions (it may still wait for its settlement)."""
        if hand.result is not None or hand.stood or hand.doubled:
            return True
        if len(hand.cards) < 2:
            return False
        if total(hand.cards)[0] >= 21:  # 21, a blackjack among them, or bust
            return True
        if hand.split_aces and self.preset.split.aces_one_card:
            return not self.may_resplit_aces(hand)
        return False

    def may_resplit_aces(self, hand: HandState) -> bool:
        split = self.preset.split
        return (
            hand.split_aces
            and len(hand.cards) == 2
            and all(c.is_ace for c in hand.cards)
            and split.resplit_aces
            and len(self.box_of(hand).hands) < split.max_hands
        )

    def to_play(self) -> HandState | None:
        """The hand the console suggests next: boxes from the dealer's left, each box's hands in
        order (any box's hand may be played first: `playable`)."""
        return self.turn()[1]

    def in_order(self) -> list[Box]:
        """The boxes in the suggested order of play (`order`; the seat order without one)."""
        return [self.players[name] for name in self.order or self.players]

    def first_open(self, box: Box) -> HandState | None:
        """The box's hand to play now: its hands are played in order (a split hand gets its
        second card when it is played)."""
        return next((h for h in box.hands if not self.hand_done(h)), None)

    def playable(self) -> list[HandState]:
        """Every hand that may be played now, the suggested one first: one a box."""
        if self.turn()[0] != "players":
            return []
        return [h for box in self.in_order() if (h := self.first_open(box)) is not None]

    # -- the dealer ---------------------------------------------------------------------------
    @property
    def no_hole_card(self) -> bool:
        return self.preset.dealer.hole_card == "no-hole-card"

    @property
    def up_peeks(self) -> bool:
        """The up card is an ace or a ten-card."""
        return self.up is not None and (self.up.is_ace or self.up.is_ten_card)

    def dealer_blackjack(self) -> bool:
        return is_two_card_21(self.dealer_cards)

    def dealer_must_draw(self) -> str | None:
        """Why the dealer must draw now (`16`, `soft 17 (dealer.hits_soft_17 true)`), or None."""
        if len(self.dealer_cards) < 2:
            return "his second card" if self.no_hole_card else None
        value, soft = total(self.dealer_cards)
        if value < 17:
            return f"{value}"
        if value == 17 and soft and self.preset.dealer.hits_soft_17:
            return "soft 17 (dealer.hits_soft_17 true)"
        return None

    def dealer_final(self) -> bool:
        return len(self.dealer_cards) >= 2 and (
            self.dealer_blackjack() or self.dealer_must_draw() is None
        )

    def dealer_label(self) -> str:
        if not self.dealer_cards:
            return ""
        if self.dealer_blackjack():
            return "blackjack"
        return label(self.dealer_cards)

    # -- the phase ----------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """Ended, or: the up card shown, every box dealt and settled, every side bet settled
        (sidebets.py), and for a live Bingo card the dealer's hand final (bingo.py)."""
        return self.phase == "done"

    @property
    def phase(self) -> str:
        """up, deal, peek, players, dealer or done."""
        return self.turn()[0]

    def turn(self) -> tuple[str, HandState | None]:
        """The phase (`phase`) and, in the players' phase, the hand to play (`to_play`): both
        from one look at the boxes."""
        if self.ended is not None:
            return "done", None
        if self.up is None:
            return "up", None
        if not all(box.dealt for box in self.players.values()):
            return "deal", None
        settled = all(box.settled for box in self.players.values())
        rest = all(bet.result is not None for bet in self.side_bets)
        if settled and rest and (not self.plays_out or self.dealer_final()):
            return "done", None
        # the peek game, an ace or ten up, and a box (or a live Bingo card) still waiting for it
        peek = not self.no_hole_card and self.up_peeks and not self.peeked
        if peek and (self.plays_out or not settled):
            return "peek", None
        hand = next((h for box in self.in_order() if (h := self.first_open(box)) is not None), None)
        return ("players", hand) if hand is not None else ("dealer", None)

    def all_cards(self) -> list[Card]:
        return [*self.dealer_cards, *(c for h in self.hands() for c in h.cards)]

    def pending(self) -> str:
        """What the round is waiting for, in a few words."""
        phase, hand = self.turn()
        if phase == "up":
            return "the dealer's up card (up CARD)"
        if phase == "deal":
            left = [b.name for b in self.players.values() if not b.dealt]
            return f"the deal: {', '.join(left)} (deal NAME CARD CARD)"
        if phase == "peek":
            extra = " after even money and insurance" if self.up and self.up.is_ace else ""
            return f"the peek{extra} (peek, or hole CARD when he has blackjack)"
        if phase == "players":
            assert hand is not None
            return f"{hand.name} to play ({hand.label()})"
        if phase == "dealer":
            if len(self.dealer_cards) < 2 and not self.no_hole_card:
                return "the dealer's hole card (hole CARD)"
            why = self.dealer_must_draw()
            return f"the dealer must draw: {why}"
        return "nothing: the round is over"

    def waiting(self) -> str:
        """What comes first, as the end of a refusal (`cannot hit Carol: ...`)."""
        phase, hand = self.turn()
        if phase == "up":
            return "the dealer's up card comes first (up CARD)"
        if phase == "deal":
            left = ", ".join(b.name for b in self.players.values() if not b.dealt)
            return f"every box is dealt first (still to deal: {left})"
        if phase == "peek":
            return "the dealer peeks first (peek, or hole CARD)"
        if phase == "players":
            assert hand is not None
            return f"{hand.name} is still to play ({hand.label()})"
        if phase == "dealer":
            return f"it is the dealer's turn: {self.pending()}"
        return "the round is over"

    def kinds(self) -> dict[str, str]:
        """Each person's hand kind where known: blackjack, bust, 21 or a total."""
        kinds: dict[str, str] = {}
        if len(self.dealer_cards) >= 2:
            kinds[self.dealer] = _kind(self.dealer_cards, self.dealer_blackjack())
        for box in self.players.values():
            first = box.hands[0]
            if len(first.cards) >= 2:
                kind = _kind(first.cards, first.natural)
                kinds.setdefault(box.player, kind)  # a player's first box is his hand
                for bettor in box.bettors:
                    kinds.setdefault(bettor.name, kind)
        return kinds


def dealers_left(seats: tuple[str, ...], dealer: str, boxes: dict[str, Box]) -> tuple[str, ...]:
    """The boxes from the dealer's left: the seats after his, round the table, each player's
    boxes together (`Bob`, `Bob:2`); () when the dealer has no seat (the seat order stands)."""
    if dealer not in seats:
        return ()
    at = seats.index(dealer)
    rank = {name: i for i, name in enumerate(seats[at + 1 :] + seats[:at])}
    return tuple(sorted(boxes, key=lambda b: rank.get(boxes[b].player, len(rank))))


def _kind(cards: list[Card], natural: bool) -> str:
    if natural:
        return "blackjack"
    value = total(cards)[0]
    return "bust" if value > 21 else str(value)
