"""docs/casino.md lists every casino knob, and the shipped presets' values, as the code has them."""

from __future__ import annotations

import re
from pathlib import Path

from banluck.app import presets
from banluck.games.casino.schema import KNOBS
from tests.helpers import CASINO_SHIPPED

DOC = (Path(__file__).resolve().parents[3] / "docs" / "casino.md").read_text(encoding="utf-8")


def _table(header: str) -> list[list[str]]:
    start = DOC.index(header)
    rows = []
    for line in DOC[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_every_casino_knob_is_documented_with_its_meaning() -> None:
    """The knob table names every knob of the schema (the rotation pair on one row)."""
    documented = {
        k
        for row in _table("| knob | values | meaning |")
        for k in re.findall(r"`([\w.]+)`", row[0])
    }
    assert {k.key for k in KNOBS[2:]} <= documented


def test_the_shipped_casino_values_are_the_files_values() -> None:
    """The table of the five presets shows each file's value of each knob."""
    header = "| knob | " + " | ".join(CASINO_SHIPPED_ORDER) + " |"
    loaded = [presets.load(n) for n in CASINO_SHIPPED_ORDER]
    assert sorted(CASINO_SHIPPED_ORDER) == CASINO_SHIPPED
    for row in _table(header):
        keys = re.findall(r"`([\w.]+)`", row[0])
        if keys == ["rotation.mode", "every"]:
            assert row[1:] == [
                f"{p.get('rotation.mode')} / {p.get('rotation.every')}" for p in loaded
            ]
            continue
        (key,) = keys
        shown = [
            str(p.get(key)).lower() if isinstance(p.get(key), bool) else str(p.get(key))
            for p in loaded
        ]
        assert row[1:] == shown, key


CASINO_SHIPPED_ORDER = ["blackjack-pro", "mini-blackjack", "bjingo", "box-21", "tournament"]
