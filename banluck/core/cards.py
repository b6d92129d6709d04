"""Cards as a dealer types them: `A K 10 7`, `10h`, `Td`, `qs`, `Q♠`, `a♥`, `AK`.

Suits are optional: ban-luck scoring never needs them. When given they are kept, and a hand is
checked against the number of decks (one deck holds four sevens and one A♠).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from banluck.core.errors import CardError

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("s", "h", "d", "c")
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
TEN_CARDS = frozenset({"10", "J", "Q", "K"})
# Each rank's value when it is not an ace (aces: 1), looked up rather than worked out per card.
PIPS: dict[str, int] = {
    rank: 1 if rank == "A" else 10 if rank in TEN_CARDS else int(rank) for rank in RANKS
}

_SUIT_ALIASES = {
    "s": "s", "h": "h", "d": "d", "c": "c",
    "♠": "s", "♥": "h", "♦": "d", "♣": "c",
    "♤": "s", "♡": "h", "♢": "d", "♧": "c",
}  # fmt: skip
_RANK_ALIASES = {"T": "10", "1O": "10"}
_SUIT_CLASS = "shdc♠♥♦♣♤♡♢♧"
# One card: an optional leading suit, a rank, an optional trailing suit.
_CARD_RE = re.compile(
    rf"([{_SUIT_CLASS}])?(10|1O|[2-9AJQKT])([{_SUIT_CLASS}])?",
    re.IGNORECASE,
)
HELP = "ranks are A 2-10 J Q K (T for 10), suits s h d c or ♠ ♥ ♦ ♣ (optional)"


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. `suit` is None when the dealer did not say it."""

    rank: str
    suit: str | None = None

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise CardError(f"unknown rank {self.rank!r}: {HELP}")
        if self.suit is not None and self.suit not in SUITS:
            raise CardError(f"unknown suit {self.suit!r}: {HELP}")

    @property
    def is_ace(self) -> bool:
        return self.rank == "A"

    @property
    def is_ten_card(self) -> bool:
        return self.rank in TEN_CARDS

    def __str__(self) -> str:
        return self.rank + (SUIT_SYMBOLS[self.suit] if self.suit else "")

    def code(self) -> str:
        """A plain ASCII spelling that `parse_cards` reads back: `10h`, `A`."""
        return self.rank + (self.suit or "")


def _parse_token(token: str) -> list[Card]:
    cards: list[Card] = []
    pos = 0
    while pos < len(token):
        match = _CARD_RE.match(token, pos)
        if match is None or match.end() == pos:
            raise CardError(f"unknown card {token!r}: {HELP}")
        lead, rank, trail = match.groups()
        if lead and trail:
            raise CardError(f"card {match.group(0)!r} has two suits: {HELP}")
        rank = rank.upper()
        rank = _RANK_ALIASES.get(rank, rank)
        suit_char = lead or trail
        suit = _SUIT_ALIASES[suit_char.lower()] if suit_char else None
        cards.append(Card(rank, suit))
        pos = match.end()
    return cards


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards from `"A K 10h"`, `["A", "K"]`, `"AK"` or `"Q♠,7d"`.

    Raises CardError naming the first token that is not a card.
    """
    tokens: Iterable[str] = [text] if isinstance(text, str) else text
    words = (word for chunk in tokens for word in re.split(r"[\s,;]+", chunk.strip()) if word)
    return tuple(card for word in words for card in _parse_token(word))


def check_deck(cards: Iterable[Card], decks: int) -> None:
    """Refuse cards the deck(s) cannot hold: a fifth seven or a second A♠ with one deck."""
    seen = list(cards)
    # A count over the limit needs more cards than the limit: fewer are never counted.
    if len(seen) > 4 * decks:
        for rank, count in Counter(card.rank for card in seen).items():
            if count > 4 * decks:
                raise CardError(
                    f"{count} cards of rank {rank} seen, but {decks} deck(s) hold only"
                    f" {4 * decks}: check the cards entered"
                )
    suited = [(card.rank, card.suit) for card in seen if card.suit is not None]
    if len(suited) <= decks:
        return
    for (rank, suit), count in Counter(suited).items():
        if count > decks:
            card = Card(rank, suit)
            raise CardError(
                f"{card} seen {count} times, but {decks} deck(s) hold only {decks}:"
                " check the cards entered"
            )
