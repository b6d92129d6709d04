"""The basic-strategy chart derived from the house-edge lab."""

from __future__ import annotations

import pytest

from banluck.games.casino.edge import Rules
from banluck.games.casino.strategy import UP_NAMES, cell, chart, rows

SMALL = (2, 1, 1, 1, 1, 2, 1, 2, 1, 5)
CODES = {"S", "H", "D", "Ds", "P", "Rh", "Rs", "Rp"}


def test_chart_shape_and_codes() -> None:
    table = chart(Rules(decks=1), SMALL)
    assert list(table) == rows()
    assert rows()[0] == "hard 5" and rows()[-1] == "A-A" and "soft 13" in rows()
    for row, cells in table.items():
        assert list(cells) == list(UP_NAMES), row
        assert set(cells.values()) <= CODES, row
    assert table["hard 20"] == dict.fromkeys(UP_NAMES, "S")
    assert table["soft 21"] == dict.fromkeys(UP_NAMES, "S")


def test_cell_codes() -> None:
    assert cell({"S": -0.5, "H": -0.2, "D": 0.1}) == "D"
    assert cell({"S": 0.1, "H": -0.2, "D": 0.2}) == "Ds"
    assert cell({"S": -0.6, "H": -0.55, "R": -0.5}) == "Rh"
    assert cell({"S": -0.52, "H": -0.55, "R": -0.5}) == "Rs"
    assert cell({"S": -0.6, "H": -0.55, "P": -0.52, "R": -0.5}) == "Rp"
    assert cell({"S": -0.6, "H": -0.55, "P": -0.1}) == "P"


def test_no_split_no_surrender_rules_have_no_such_cells() -> None:
    table = chart(Rules(decks=1, split_max_hands=1, surrender="none"), SMALL)
    codes = {c for cells in table.values() for c in cells.values()}
    assert not codes & {"P", "Rh", "Rs", "Rp"}


@pytest.mark.slow
def test_well_known_multideck_cells_s17() -> None:
    pytest.importorskip("numpy")
    table = chart(Rules(decks=6, surrender="late"), ups=("6", "10"))
    assert table["8-8"]["10"] == "P"
    assert table["hard 16"]["10"] == "Rh"
    assert table["hard 12"]["6"] == "S"
    assert table["hard 12"]["10"] == "H"
    assert table["hard 11"]["10"] == "D"
    assert table["A-A"]["10"] == "P"
    assert table["10-10"]["6"] == "S"
    assert table["soft 18"]["6"] == "Ds"
    assert table["9-9"]["6"] == "P"


@pytest.mark.slow
def test_well_known_multideck_cells_h17() -> None:
    pytest.importorskip("numpy")
    table = chart(Rules(decks=6, hits_soft_17=True, surrender="late"), ups=("A",))
    assert table["hard 11"]["A"] == "D"
    assert table["hard 15"]["A"] == "Rh"
    assert table["hard 17"]["A"] == "Rs"
    assert table["8-8"]["A"] == "Rp"
