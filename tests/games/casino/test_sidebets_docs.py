"""docs/side-bets.md shows each side bet's worth at 1, 2, 6 and 8 decks as the lab computes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banluck.games.casino.sidebet_edge import worth
from banluck.games.casino.sidebets import PERFECT_PAIRS, TWENTY_ONE_PLUS_THREE, SideBetKind

DOC = (Path(__file__).resolve().parents[3] / "docs" / "side-bets.md").read_text(encoding="utf-8")


def rows(heading: str) -> list[list[str]]:
    start = DOC.index(heading)
    out = []
    for line in DOC[start:].splitlines()[4:]:
        if not line.startswith("|"):
            break
        out.append([cell.strip() for cell in line.strip("|").split("|")])
    return out


@pytest.mark.parametrize(
    ("heading", "kind", "pays"),
    [
        ("Perfect Pairs 25/12/6 (", PERFECT_PAIRS, (25, 12, 6)),
        ("21+3 100/40/30/10/5:", TWENTY_ONE_PLUS_THREE, (100, 40, 30, 10, 5)),
    ],
)
def test_the_documented_worth_is_the_labs(
    heading: str, kind: SideBetKind, pays: tuple[int, ...]
) -> None:
    table = rows(heading)
    assert [int(r[0]) for r in table] == [1, 2, 6, 8]
    for decks, edge, exact, hit, sd in table:
        w = worth(kind, pays, int(decks))
        assert edge == f"{100 * float(w.edge):.3f} %"
        assert exact == str(w.edge)
        assert hit == f"{100 * float(w.hit):.3f} %"
        assert sd == f"{w.sd:.3f}"
    assert re.search(r"95\.904 %", DOC) and re.search(r"96\.296 %", DOC)
