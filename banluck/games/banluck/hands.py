"""Points and the kind of a hand under a preset.

Aces are valued per hand size (docs/rules.md §2) and never carried forward: A-6 is 17, A-6-4 is 20 and
A-6-4-5 is 16 under `by-count`. The total is the best value not over 21, else the lowest (a bust).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache
from typing import NamedTuple

from banluck.core.cards import PIPS, TEN_CARDS, Card
from banluck.games.banluck.preset import Preset
from banluck.games.banluck.schema import AceMode


class Kind(StrEnum):
    BAN_BAN = "ban-ban"
    BAN_LUCK = "ban-luck"
    TRIPLE_SEVEN = "triple-seven"
    FIVE_CARD_21 = "five-card-21"
    FIVE_DRAGON = "five-dragon"
    TWENTY_ONE = "twenty-one"
    FIFTEEN = "fifteen"
    BUST = "bust"
    REGULAR = "regular"


INSTANT_KINDS = frozenset({Kind.BAN_BAN, Kind.BAN_LUCK})


@cache
def ace_values(mode: AceMode, n_cards: int) -> tuple[int, ...]:
    """What one ace may count in a hand of `n_cards` cards, best first."""
    if mode == "by-count":
        if n_cards <= 2:
            return (11, 10)
        return (10, 1) if n_cards == 3 else (1,)
    if mode == "ten-or-one":
        return (11, 10) if n_cards <= 2 else (10, 1)
    if mode == "one-ten-eleven":
        return (11, 10, 1)
    return (11, 1)


@cache
def _totals(mode: AceMode, n_cards: int, aces: int, base: int) -> tuple[int, bool]:
    """(best total, soft) for `aces` aces plus `base` points of other cards."""
    values = ace_values(mode, n_cards)
    sums = {base}
    for _ in range(aces):
        sums = {s + v for s in sums for v in values}
    lowest = min(sums)
    best = max((s for s in sums if s <= 21), default=lowest)
    return best, best != lowest


def points(cards: Sequence[Card], mode: AceMode) -> tuple[int, bool]:
    """(total, soft) of `cards` under ace mode `mode`. Soft: an ace counts above its least."""
    aces = sum(card.rank == "A" for card in cards)  # the hand decides their value
    base = sum(PIPS[card.rank] for card in cards if card.rank != "A")
    return _totals(mode, len(cards), aces, base)


class Hand(NamedTuple):
    """A hand valued under a preset. Build it with `Hand.of(cards, preset)`. A record read by
    its fields alone (never replaced, encoded or stored), so a named tuple."""

    cards: tuple[Card, ...]
    total: int
    soft: bool
    kind: Kind
    heavy_bust: bool = False
    dealt: int = 0  # the card count of a hand known only by its outcome (no cards)

    @classmethod
    def of(cls, cards: Sequence[Card], preset: Preset) -> Hand:
        cards = tuple(cards)
        total, soft = points(cards, preset.points.ace)
        kind = classify(cards, total, preset)
        heavy = kind is Kind.BUST and 0 < preset.bust.heavy <= total
        return cls(cards, total, soft, kind, heavy)

    @property
    def size(self) -> int:
        return len(self.cards) or self.dealt

    @property
    def bust(self) -> bool:
        return self.total > 21

    @property
    def five_card(self) -> bool:
        return self.size >= 5

    @property
    def label(self) -> str:
        """A short description: `five-dragon 20`, `bust 23`, `17`."""
        if self.kind is Kind.REGULAR:
            return f"{self.total}" + (" soft" if self.soft else "")
        if self.kind is Kind.BUST and self.five_card:
            return f"five-card bust {self.total}"
        return f"{self.kind} {self.total}"


def first_two_kind(cards: Sequence[Card]) -> Kind | None:
    """The instant hand made by the first two cards, if any (suits and ace mode do not matter)."""
    if len(cards) < 2:
        return None
    a, b = cards[0].rank, cards[1].rank
    if a == "A":
        if b == "A":
            return Kind.BAN_BAN
        return Kind.BAN_LUCK if b in TEN_CARDS else None
    if b == "A" and a in TEN_CARDS:
        return Kind.BAN_LUCK
    return None


def classify(cards: Sequence[Card], total: int, preset: Preset) -> Kind:
    """The named kind of a hand, highest first."""
    n = len(cards)
    if n == 2 and (instant := first_two_kind(cards)) is not None:
        return instant
    if total > 21:
        return Kind.BUST
    if n >= 5:
        return Kind.FIVE_CARD_21 if total == 21 else Kind.FIVE_DRAGON
    if preset.payouts.triple_seven > 0 and n == 3 and all(c.rank == "7" for c in cards):
        return Kind.TRIPLE_SEVEN
    if total == 21:
        return Kind.TWENTY_ONE
    if n == 2 and total == 15:
        return Kind.FIFTEEN
    return Kind.REGULAR
