"""An outcome-only open is judged as the cards its count makes it, or asks for the cards."""

from __future__ import annotations

import pytest

from banluck.core.errors import RuleError
from tests.games.banluck.test_round_refusals import night_after

STOOD = ["dealer 10 7", "stand Bob", "stand Carol", "stand Dave"]


def bob(lines: list[str], preset: str = "singapore", overrides: tuple[str, ...] = ()) -> int:
    night = night_after(lines, preset, overrides)
    assert night.current is not None
    settlement = night.current.state.players["Bob"].settlement
    assert settlement is not None
    return settlement.amount


def test_21_on_two_cards_asks_whether_it_is_ban_luck_or_ban_ban() -> None:
    """Under by-count aces A A makes 21 too: the total alone cannot say what it pays."""
    assert bob([*STOOD, "open Bob A K"]) == 20  # ban-luck pays 2
    with pytest.raises(RuleError, match=r"^cannot open Bob: two cards make 21 as ban-luck or as"):
        night_after([*STOOD, "open Bob 21"], "singapore")


def test_21_on_two_cards_is_ban_luck_when_only_ban_luck_can_make_it() -> None:
    """Aces of 11 or 1 make A A 12: a two-card 21 must be an ace and a ten card."""
    assert bob([*STOOD, "open Bob 21"], overrides=("points.ace=one-or-eleven",)) == 20


def test_a_five_card_hand_opened_by_its_total_is_a_five_card_hand() -> None:
    """xi-dach: five cards of 14 are a five-dragon, never a hand standing short."""
    five = ["dealer 10 7", *(["hit Bob"] * 3), *STOOD[1:]]
    assert bob([*five, "open Bob 14"], "xi-dach") == bob([*five, "open Bob 2 3 2 4 3"], "xi-dach")
    assert bob([*five, "open Bob 14"], "xi-dach") > 0
