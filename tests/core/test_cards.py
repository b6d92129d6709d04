"""Card notation: what a dealer types quickly, and the errors for what is not a card."""

from __future__ import annotations

import pytest

from banluck.core.cards import Card, check_deck, parse_cards
from banluck.core.errors import CardError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A K 10 7", [Card("A"), Card("K"), Card("10"), Card("7")]),
        ("10h", [Card("10", "h")]),
        ("Td", [Card("10", "d")]),
        ("qs", [Card("Q", "s")]),
        ("Q♠", [Card("Q", "s")]),
        ("a♥", [Card("A", "h")]),
        ("♣7", [Card("7", "c")]),
        ("AK", [Card("A"), Card("K")]),
        ("10h5,6", [Card("10", "h"), Card("5"), Card("6")]),
        ("  j  ", [Card("J")]),
    ],
)
def test_parse_forgiving_notation(text: str, expected: list[Card]) -> None:
    """Every spelling a dealer uses reads as the same cards; suits kept when given."""
    assert list(parse_cards(text)) == expected


@pytest.mark.parametrize("bad", ["1X", "1", "11", "Z", "Ahs", "♠A♠", "0"])
def test_unknown_card_is_named(bad: str) -> None:
    """A token that is not a card raises an error quoting it and saying what is allowed."""
    with pytest.raises(CardError, match="ranks are A 2-10 J Q K"):
        parse_cards(bad)


def test_code_round_trips() -> None:
    cards = parse_cards("A♠ 10h K 7d")
    assert parse_cards(" ".join(c.code() for c in cards)) == cards


def test_five_sevens_are_impossible_with_one_deck() -> None:
    with pytest.raises(CardError, match="5 cards of rank 7"):
        check_deck(parse_cards("7 7 7 7 7"), decks=1)
    check_deck(parse_cards("7 7 7 7 7"), decks=2)


def test_two_ace_of_spades_are_impossible_with_one_deck() -> None:
    with pytest.raises(CardError, match="A♠ seen 2 times"):
        check_deck(parse_cards("As As"), decks=1)
    check_deck(parse_cards("As Ah A A"), decks=1)
