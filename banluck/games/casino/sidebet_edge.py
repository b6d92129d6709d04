"""The exact worth of the side bets (CASINO.md §4, §8): house edge, hit rate and standard deviation
at a deck count, by counting card combinations (no simulation; pure, no I/O).

A side bet's cards are the first ones off a full shoe of `decks` x 52 cards: the box's first two
(Perfect Pairs), the dealer's up and hole cards (Dealer's Pair, the same count), or the box's first
two and the up card (21+3). Dealt without replacement, any two (three) of them are a uniformly
random unordered pair (triple) of the shoe, so each category's chance is its number of card
combinations over C(52d, 2) (C(52d, 3)):

pairs (13 ranks, 4 suits, 2 colours, d copies of each card):
- perfect pair: 52 C(d, 2); coloured pair: 26 d^2; red-black pair: 52 d^2.

21+3 (12 straights, A-2-3 to Q-K-A):
- suited trips: 52 C(d, 3); straight flush: 48 d^3;
- three of a kind: 13 C(4d, 3) - 52 C(d, 3); straight: 12 ((4d)^3 - 4 d^3);
- flush: 4 C(13d, 3) - 48 d^3 - 52 C(d, 3).

A bet of 1 wins `pays[i]` in category i (categories past the end of the pay table lose) and
loses 1 otherwise. The house edge is minus its expectation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from banluck.games.casino.sidebets import KINDS, SideBetKind


@lru_cache(maxsize=64)
def category_counts(cards: int, decks: int) -> tuple[int, ...]:
    """The number of unordered card combinations of each category, best first."""
    d, c = decks, math.comb
    if cards == 2:
        return (52 * c(d, 2), 26 * d * d, 52 * d * d)
    trips_suited = 52 * c(d, 3)
    straight_flush = 48 * d**3
    return (
        trips_suited,
        straight_flush,
        13 * c(4 * d, 3) - trips_suited,
        12 * ((4 * d) ** 3 - 4 * d**3),
        4 * c(13 * d, 3) - straight_flush - trips_suited,
    )


def combinations(cards: int, decks: int) -> int:
    """Every unordered combination of `cards` cards from the shoe."""
    return math.comb(52 * decks, cards)


@dataclass(frozen=True, slots=True)
class SideBetWorth:
    """What a side bet is worth at one deck count, per unit bet (exact fractions)."""

    word: str
    title: str
    knob: str
    decks: int
    pays: tuple[int, ...]
    categories: tuple[tuple[str, Fraction], ...]  # each category's chance
    edge: Fraction  # the house's expected gain per unit bet
    hit: Fraction  # the chance the bet is paid
    variance: Fraction  # of the player's result per unit bet

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    def to_json(self) -> dict[str, Any]:
        return {
            "bet": self.word,
            "name": self.title,
            "knob": self.knob,
            "pays": list(self.pays),
            "decks": self.decks,
            "edge": float(self.edge),
            "edge_exact": str(self.edge),
            "return": float(1 - self.edge),
            "hit_rate": float(self.hit),
            "hit_rate_exact": str(self.hit),
            "sd": self.sd,
            "categories": [
                {"name": name, "chance": float(p), "chance_exact": str(p)}
                for name, p in self.categories
            ],
        }


def worth(kind: SideBetKind, pays: tuple[int, ...], decks: int) -> SideBetWorth:
    """The exact edge, hit rate and variance of `kind` paying `pays` at `decks` decks."""
    counts = category_counts(kind.cards, decks)
    total = combinations(kind.cards, decks)
    paid = list(zip(pays, counts, strict=False))
    hits = sum(n for _, n in paid)
    lose = total - hits
    mean = Fraction(sum(p * n for p, n in paid) - lose, total)
    square = Fraction(sum(p * p * n for p, n in paid) + lose, total)
    return SideBetWorth(
        word=kind.word,
        title=kind.title,
        knob=kind.knob,
        decks=decks,
        pays=pays,
        categories=tuple(
            (name, Fraction(n, total)) for name, n in zip(kind.categories, counts, strict=True)
        ),
        edge=-mean,
        hit=Fraction(hits, total),
        variance=square - mean * mean,
    )


def side_bet_worths(preset: Any) -> list[SideBetWorth]:
    """Each side bet the casino preset offers, at its deck count."""
    return [worth(kind, kind.pays(preset), preset.decks) for kind in KINDS if kind.offered(preset)]
