"""Version 2 of the casino knobs: list knobs, and version-1 casino presets still loading."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from banluck.core.errors import PresetError
from banluck.games.casino.preset import Preset
from banluck.games.casino.schema import SCHEMA

V1 = Path(__file__).resolve().parents[2] / "fixtures" / "casino-v1"


@pytest.mark.parametrize("name", ["blackjack-pro", "box-21"])
def test_a_version_1_casino_file_loads_with_the_new_knobs_off(name: str) -> None:
    data = tomllib.loads((V1 / f"{name}.toml").read_text(encoding="utf-8"))
    assert data["version"] == 1
    preset = Preset.from_mapping(data, name)
    assert preset.side_bets.perfect_pairs == ()
    assert preset.side_bets.twenty_one_plus_three == ()
    assert preset.bingo.offered is False
    assert preset.limits.bank == 0
    assert (preset.boxes.bettors, preset.boxes.per_seat) == (1, 1)
    assert preset.tournament.cutoffs == (8, 16, 25)
    # the rules of version 1 are untouched
    assert preset.decks == data["decks"]
    assert preset.dealer.hole_card == data["dealer"]["hole_card"]


def test_a_list_knob_reads_commas_spaces_and_empty() -> None:
    knob = SCHEMA.by_key["side_bets.perfect_pairs"]
    assert knob.parse("25,12,6") == [25, 12, 6]
    assert knob.parse("[25, 12, 6]") == [25, 12, 6]
    assert knob.parse("25 12") == [25, 12]
    assert knob.parse("[]") == []
    with pytest.raises(PresetError, match=r"side_bets\.perfect_pairs takes a list"):
        knob.parse("25,x")
    with pytest.raises(PresetError):
        knob.parse("٢٥")  # Arabic-Indic digits are not amounts


def test_a_list_knob_is_checked_for_type_length_and_range() -> None:
    knob = SCHEMA.by_key["side_bets.perfect_pairs"]
    assert knob.check([25, 12, 6]) is None
    assert knob.check([]) is None
    assert "wrong type" in (knob.check("25,12") or "")
    assert "wrong type" in (knob.check([True]) or "")
    assert "4 numbers" in (knob.check([1, 2, 3, 4]) or "")
    assert "out of range" in (knob.check([0]) or "")


def test_a_preset_round_trips_its_lists_through_a_stored_snapshot() -> None:
    data = tomllib.loads((V1 / "blackjack-pro.toml").read_text(encoding="utf-8"))
    data["version"] = 2
    data.update(
        side_bets={"perfect_pairs": [25, 12, 6], "twenty_one_plus_three": [], "dealer_pair": []},
        bingo={
            "offered": True,
            "jackpot": 100,
            "full_house": 15,
            "four_corners": 5,
            "up_corner": 3,
            "down_corner": 3,
            "down": 3,
            "up": 3,
        },
        limits={"bank": 500},
        boxes={"bettors": 3, "per_seat": 2},
        tournament={"hands": 30, "cutoffs": [8], "min_bet": 10, "max_bet": 500, "prizes": [100]},
    )
    preset = Preset.from_mapping(data)
    again = Preset.from_mapping(preset.to_dict())
    assert again == preset
    assert hash(again) == hash(preset)
    assert preset.to_dict()["side_bets"]["perfect_pairs"] == [25, 12, 6]
