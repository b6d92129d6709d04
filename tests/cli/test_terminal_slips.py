"""`banluck table` in a real terminal (a pty driven by pexpect, as in test_table_terminal.py), at
80 and 45 columns: `undo` takes back the line typed, and an outcome the hand cannot have is
refused with what to type instead, nothing stored."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.cli.test_table_terminal import Table, night_show

pytest.importorskip("pexpect")


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("size", [(30, 80), (40, 45)], ids=["80", "45"])
def test_undo_takes_back_the_typed_line_and_outcomes_are_checked(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", "Dave", "--stake", "10", size=size)
    t.type("dealer 10 6")
    t.type("hit Carol")
    shown = t.type("stand all")
    assert "may open (Bob, Carol, Dave)" in flat(shown)
    shown = flat(t.type("undo"))
    assert "undid `stand Bob Carol Dave`" in shown  # the line as typed, all three at once
    assert "to play: Bob, Carol, Dave (hit or stand)" in shown
    t.type("stand all")
    before = night_show(tmp_path)
    shown = flat(t.type("open Bob 22"))
    assert "error: a hand of 2 cards cannot bust (totals 2 to 21): give the cards instead" in shown
    shown = flat(t.type("open Carol bust 15"))
    assert (
        "error: a bust is over 21, and 15 is not: `bust` (or `bust 22` and over) for a bust, `15`"
        " alone for a hand of 15" in shown
    )
    assert night_show(tmp_path) == before  # refused lines store nothing
    shown = t.type("open Carol 15")
    assert re.search(r"Carol( x10)?\s+3\s+settled\s+-10", shown), shown  # 15 loses to 16
    assert [line for line in t.seen.split("\r\n") if cell_len(line) > size[1]] == []
    assert t.quit() == 0
