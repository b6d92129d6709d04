"""Side bets (CASINO.md §4): Perfect Pairs (`pp`), 21+3 (`t3`) and Dealer's Pair (`dp`).

Standing bets on a seat, each settled as soon as its cards are known, whatever happens to the
main bet; only its best category pays (the knob's list, best first; a category past its end pays
nothing). The categories and the suits they need: docs/side-bets.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from banluck.core.cards import RANKS, Card
from banluck.core.errors import RuleError
from banluck.games.casino.results import Result

if TYPE_CHECKING:
    from banluck.games.casino.preset import Preset

RED = frozenset({"h", "d"})
PAIRS = ("perfect pair", "coloured pair", "red-black pair")
THREES = ("suited trips", "straight flush", "three of a kind", "straight", "flush")
# The rank's place in a straight: A is 1 (A-2-3) and also 14 (Q-K-A), never both (K-A-2).
_ORDER = {rank: i + 1 for i, rank in enumerate(RANKS)}


def pair_category(cards: Sequence[Card]) -> int | None:
    """0 perfect pair, 1 coloured pair, 2 red-black pair; None when the two are no pair."""
    a, b = cards
    if a.rank != b.rank:
        return None
    if a.suit == b.suit:
        return 0
    return 1 if (a.suit in RED) == (b.suit in RED) else 2


def _straight(cards: Sequence[Card]) -> bool:
    low = sorted(_ORDER[c.rank] for c in cards)
    high = sorted(14 if v == 1 else v for v in low)
    return any(o[1] == o[0] + 1 and o[2] == o[1] + 1 for o in (low, high))


def three_category(cards: Sequence[Card]) -> int | None:
    """0 suited trips, 1 straight flush, 2 three of a kind, 3 straight, 4 flush; None: nothing."""
    suited = len({c.suit for c in cards}) == 1
    trips = len({c.rank for c in cards}) == 1
    straight = _straight(cards)
    if trips:
        return 0 if suited else 2
    if straight:
        return 1 if suited else 3
    return 4 if suited else None


@dataclass(frozen=True, slots=True)
class SideBetKind:
    """One side bet: its word, its name, its knob and its categories."""

    word: str
    title: str
    field: str  # the knob's name in the side_bets section
    categories: tuple[str, ...]
    dealer_cards: bool  # on the dealer's up and hole cards (Dealer's Pair)

    @property
    def cards(self) -> int:
        """How many cards decide it: two for a pair, three for 21+3."""
        return 2 if self.categories == PAIRS else 3

    @property
    def knob(self) -> str:
        return f"side_bets.{self.field}"

    def pays(self, preset: Preset) -> tuple[int, ...]:
        pays: tuple[int, ...] = getattr(preset.side_bets, self.field)
        return pays

    def offered(self, preset: Preset) -> bool:
        """Whether the house offers the bet (its pay table is not `[]`)."""
        return bool(self.pays(preset))

    def category(self, cards: Sequence[Card]) -> int | None:
        return pair_category(cards) if self.cards == 2 else three_category(cards)

    def check(self, preset: Preset, name: str, amount: int) -> None:
        """Refuse the bet where the house does not offer it (setting it to 0 is always fine)."""
        if amount and not self.pays(preset):
            raise RuleError(
                f"cannot bet {self.title} on {name}: not offered here ({self.knob} is [])"
            )


PERFECT_PAIRS = SideBetKind("pp", "Perfect Pairs", "perfect_pairs", PAIRS, False)
TWENTY_ONE_PLUS_THREE = SideBetKind("t3", "21+3", "twenty_one_plus_three", THREES, False)
DEALER_PAIR = SideBetKind("dp", "Dealer's Pair", "dealer_pair", PAIRS, True)
KINDS: tuple[SideBetKind, ...] = (PERFECT_PAIRS, TWENTY_ONE_PLUS_THREE, DEALER_PAIR)
BY_WORD = {k.word: k for k in KINDS}


@dataclass(slots=True)
class SideBet:
    """A live side bet of one round: `kind` on `name`'s box (or the dealer's cards), `amount`."""

    kind: SideBetKind
    name: str
    amount: int
    result: Result | None = None

    @property
    def label(self) -> str:
        return f"{self.name} {self.kind.title}"
