"""Points and kinds of a hand (docs/rules.md §2, §3), under every ace mode.

Expected totals are written out by hand from the tables of §2, never computed with the engine's own
helpers: A-6 is 17, A-6-4 is 20 and A-6-4-5 is 16 under `by-count`.
"""

from __future__ import annotations

from typing import Any

import pytest

from banluck.app import presets
from banluck.core.cards import parse_cards
from banluck.games.banluck.hands import Hand, Kind, points
from banluck.games.banluck.preset import Preset
from tests.helpers import tweak

MODES = ("by-count", "ten-or-one", "one-ten-eleven", "one-or-eleven")


def hand(text: str, preset: Preset | None = None, **knobs: Any) -> Hand:
    return Hand.of(parse_cards(text), tweak(preset or presets.load("chinese"), **knobs))


# cards: total under (by-count, ten-or-one, one-ten-eleven, one-or-eleven)
TOTALS: list[tuple[str, tuple[int, int, int, int]]] = [
    # docs/rules.md §2 and §9 case 10
    ("A 6", (17, 17, 17, 17)),
    ("A 6 4", (20, 20, 21, 21)),
    ("A 6 4 5", (16, 16, 16, 16)),
    ("A A 9", (20, 20, 21, 21)),
    ("A A A", (21, 21, 21, 13)),
    ("A 5 6", (21, 21, 21, 12)),
    ("A 9 5", (15, 15, 15, 15)),
    ("A 5 5 5", (16, 16, 16, 16)),
    # two cards: an ace is 11 or 10 (by-count, ten-or-one)
    ("A A", (21, 21, 21, 12)),
    ("A K", (21, 21, 21, 21)),
    ("A 9", (20, 20, 20, 20)),
    ("A 4", (15, 15, 15, 15)),
    ("10 6", (16, 16, 16, 16)),
    # three cards: 10 or 1 (by-count, ten-or-one), 11 allowed elsewhere
    ("A 2 3", (15, 15, 16, 16)),
    ("A 8 2", (20, 20, 21, 21)),
    ("A 10 10", (21, 21, 21, 21)),
    ("A 7 7", (15, 15, 15, 15)),
    ("A 10 K", (21, 21, 21, 21)),
    # four and five cards: only 1 under by-count; 10 or 1 under ten-or-one
    ("A 2 3 4", (10, 19, 20, 20)),
    ("A 3 3 4", (11, 20, 21, 21)),
    ("A 2 3 4 5", (15, 15, 15, 15)),
    ("A A 2 3 4", (11, 20, 21, 21)),
    ("A A A A 7", (11, 20, 21, 21)),
    ("A A A A", (4, 13, 14, 14)),
    # no aces: the mode does not matter
    ("10 5 6", (21, 21, 21, 21)),
    ("2 3 4 5 6", (20, 20, 20, 20)),
    ("10 6 10", (26, 26, 26, 26)),
    ("5 6 7 2 3", (23, 23, 23, 23)),
    # busts with aces: the lowest value
    ("A 10 10 K", (31, 31, 31, 31)),
    ("A A 10 10 5", (27, 27, 27, 27)),
]


@pytest.mark.parametrize("mode_index", range(4), ids=MODES)
@pytest.mark.parametrize(("cards", "totals"), TOTALS, ids=[c for c, _ in TOTALS])
def test_total_under_every_ace_mode(
    cards: str, totals: tuple[int, int, int, int], mode_index: int
) -> None:
    """The total is the best value not over 21, else the lowest, with aces valued per hand size."""
    mode = MODES[mode_index]
    assert hand(cards, **{"points.ace": mode}).total == totals[mode_index]
    assert points(parse_cards(cards), mode)[0] == totals[mode_index]


@pytest.mark.parametrize(
    ("steps", "mode", "totals"),
    [
        (["A 6", "A 6 4", "A 6 4 5"], "by-count", [17, 20, 16]),
        (["A 6", "A 6 4", "A 6 4 5"], "ten-or-one", [17, 20, 16]),
        (["A 5", "A 5 5", "A 5 5 5", "A 5 5 5 2"], "by-count", [16, 20, 16, 18]),
        (["A 5", "A 5 5", "A 5 5 5", "A 5 5 5 2"], "ten-or-one", [16, 20, 16, 18]),
        (["A A", "A A 9", "A A 9 2"], "by-count", [21, 20, 13]),
        (["A 9", "A 9 5", "A 9 5 A"], "one-ten-eleven", [20, 15, 16]),
    ],
)
def test_total_is_recomputed_per_hand_size(steps: list[str], mode: str, totals: list[int]) -> None:
    """Adding a card revalues every ace for the new size: a total can fall, never carries over."""
    assert [hand(s, **{"points.ace": mode}).total for s in steps] == totals


@pytest.mark.parametrize(
    ("cards", "mode", "soft"),
    [
        ("A 6", "by-count", True),  # 11 + 6, the ace may drop to 10
        ("A 6 4", "by-count", True),  # 10 + 10
        ("A 6 4 5", "by-count", False),  # four cards: the ace is only 1
        ("A 9 5", "by-count", False),  # 10 would bust: the ace is 1
        ("A A 9", "by-count", True),  # 10 + 1 + 9
        ("A 2 3 4", "ten-or-one", True),  # 10 + 9
        ("A 2 3 4", "by-count", False),
        ("A 5 6", "one-or-eleven", False),  # 11 would bust
        ("10 7", "by-count", False),  # no ace
        ("A 10 10 K", "one-ten-eleven", False),  # bust: every ace at its least
    ],
)
def test_soft_means_an_ace_counts_above_its_least(cards: str, mode: str, soft: bool) -> None:
    """`soft` says an ace counts above the least value allowed at this hand size."""
    assert hand(cards, **{"points.ace": mode}).soft is soft


@pytest.mark.parametrize(
    ("cards", "bust"),
    [
        ("10 6 10", True),
        ("10 5 6", False),
        ("A 10 10 K", True),
        ("5 6 7 2 3", True),
        ("A A", False),
    ],
)
def test_bust_is_over_21(cards: str, bust: bool) -> None:
    """A hand is bust when even its lowest value is over 21."""
    h = hand(cards)
    assert h.bust is bust
    assert (h.kind is Kind.BUST) is bust


# cards, preset, kind, total
KINDS: list[tuple[str, str, Kind, int]] = [
    ("A A", "chinese", Kind.BAN_BAN, 21),
    ("A A", "xi-dach", Kind.BAN_BAN, 21),
    ("A K", "chinese", Kind.BAN_LUCK, 21),
    ("10 A", "chinese", Kind.BAN_LUCK, 21),
    ("A J", "kampung", Kind.BAN_LUCK, 21),
    ("Q A", "singapore", Kind.BAN_LUCK, 21),
    ("A 9", "chinese", Kind.REGULAR, 20),  # an ace and a nine are not a ban-luck
    ("7 7 7", "chinese", Kind.TRIPLE_SEVEN, 21),
    ("7h 7s 7d", "kampung", Kind.TRIPLE_SEVEN, 21),  # suits do not matter
    ("7 7 7", "xi-dach", Kind.TWENTY_ONE, 21),  # payouts.triple_seven = 0: a plain 21
    ("2 3 4 5 7", "chinese", Kind.FIVE_CARD_21, 21),
    ("A A 2 7 K", "chinese", Kind.FIVE_CARD_21, 21),  # by-count: five-card aces are 1
    ("2 3 4 5 6", "chinese", Kind.FIVE_DRAGON, 20),
    ("2 3 4 5 A", "chinese", Kind.FIVE_DRAGON, 15),  # a five-dragon of 15 (§9 case 8)
    ("A 2 2 3 3", "xi-dach", Kind.FIVE_DRAGON, 11),
    ("10 5 6", "chinese", Kind.TWENTY_ONE, 21),
    ("A 5 6", "chinese", Kind.TWENTY_ONE, 21),
    ("A A A", "chinese", Kind.TWENTY_ONE, 21),
    ("A 2 8 K", "chinese", Kind.TWENTY_ONE, 21),
    ("7 7 4 3", "chinese", Kind.TWENTY_ONE, 21),  # 7-7 then not a seven
    ("7 8", "chinese", Kind.FIFTEEN, 15),
    ("10 5", "kampung", Kind.FIFTEEN, 15),
    ("A 4", "chinese", Kind.FIFTEEN, 15),  # 11 + 4
    ("5 5 5", "chinese", Kind.REGULAR, 15),  # three cards: not a two-card 15
    ("A 9 5", "chinese", Kind.REGULAR, 15),
    ("10 6 10", "chinese", Kind.BUST, 26),
    ("5 6 7 2 3", "chinese", Kind.BUST, 23),  # five cards, bust: not a five-dragon
    ("10 9", "chinese", Kind.REGULAR, 19),
    ("A 6", "chinese", Kind.REGULAR, 17),
]


@pytest.mark.parametrize(("cards", "preset", "kind", "total"), KINDS)
def test_kind_of_a_hand(cards: str, preset: str, kind: Kind, total: int) -> None:
    """Every named hand of §3, and the plain ones, is told apart from the cards and the preset."""
    h = hand(cards, presets.load(preset))
    assert (h.kind, h.total) == (kind, total)


@pytest.mark.parametrize("mode", MODES)
def test_instant_hands_do_not_depend_on_the_ace_mode(mode: str) -> None:
    """Ban-ban and ban-luck are the first two cards; A+A is ban-ban even where it totals 12."""
    assert hand("A A", **{"points.ace": mode}).kind is Kind.BAN_BAN
    assert hand("K A", **{"points.ace": mode}).kind is Kind.BAN_LUCK


def test_triple_seven_becomes_a_plain_21_when_it_pays_nothing() -> None:
    """payouts.triple_seven = 0 means the house has no 7-7-7: it is a twenty-one."""
    assert hand("7 7 7").kind is Kind.TRIPLE_SEVEN
    assert hand("7 7 7", **{"payouts.triple_seven": 0}).kind is Kind.TWENTY_ONE
    assert hand("7 7 7", **{"payouts.triple_seven": 5}).kind is Kind.TRIPLE_SEVEN


def test_three_card_aces_that_make_21_are_a_plain_21_not_an_instant() -> None:
    """A-K drawn to three cards is no ban-luck: A-K-Q is 21 (1+10+10) and a twenty-one."""
    h = hand("A K Q")
    assert (h.kind, h.total) == (Kind.TWENTY_ONE, 21)


@pytest.mark.parametrize(
    ("cards", "heavy", "is_heavy"),
    [
        ("10 10 8", 28, True),  # 28: the Vietnamese offence
        ("10 10 9", 28, True),
        ("10 10 7", 28, False),  # 27: an ordinary bust
        ("10 10 8", 0, False),  # 0: no heavy bust in this house
        ("10 5 6", 28, False),  # not bust at all
        ("10 10 2", 22, True),
        ("5 6 7 8 9", 28, True),  # 35 with five cards
    ],
)
def test_heavy_bust(cards: str, heavy: int, is_heavy: bool) -> None:
    """bust.heavy: a bust of that total or more is flagged; 0 turns it off."""
    h = hand(cards, presets.load("xi-dach"), **{"bust.heavy": heavy})
    assert h.heavy_bust is is_heavy
    if is_heavy:
        assert h.kind is Kind.BUST


def test_shipped_presets_all_count_by_card_count(shipped: Preset) -> None:
    """§8: every shipped preset values aces by-count: A-6-4 is 20, A-6-4-5 is 16 everywhere."""
    assert shipped.points.ace == "by-count"
    assert Hand.of(parse_cards("A 6 4"), shipped).total == 20
    assert Hand.of(parse_cards("A 6 4 5"), shipped).total == 16


@pytest.mark.parametrize(
    ("cards", "label"),
    [
        ("10 7", "17"),
        ("A 6", "17 soft"),
        ("10 6 10", "bust 26"),
        ("5 6 7 2 3", "five-card bust 23"),
        ("2 3 4 5 6", "five-dragon 20"),
        ("A K", "ban-luck 21"),
    ],
)
def test_label(cards: str, label: str) -> None:
    """The short description the CLI prints names the kind and the total."""
    assert hand(cards).label == label
