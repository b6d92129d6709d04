"""Casino hand values: the hard and soft totals, and the blackjack (a box's first two cards)."""

from __future__ import annotations

from collections.abc import Sequence

from banluck.core.cards import PIPS, Card


def total(cards: Sequence[Card]) -> tuple[int, bool]:
    """The best total and whether it is soft (an ace counted 11)."""
    hard = 0
    ace = False
    for card in cards:  # a hand is a few cards: one plain loop
        rank = card.rank
        hard += PIPS[rank]
        if rank == "A":
            ace = True
    if ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def is_two_card_21(cards: Sequence[Card]) -> bool:
    """Two cards making 21: a blackjack when they are a box's first two (not a split hand's)."""
    if len(cards) != 2:
        return False
    a, b = cards  # two cards make 21 only as an ace and a ten-card
    return (a.rank == "A" and PIPS[b.rank] == 10) or (b.rank == "A" and PIPS[a.rank] == 10)


def label(cards: Sequence[Card]) -> str:
    """`soft 17`, `16`, `bust 24`, `blackjack` (two cards of 21: the caller knows if it counts)."""
    value, soft = total(cards)
    if value > 21:
        return f"bust {value}"
    return f"soft {value}" if soft else str(value)
