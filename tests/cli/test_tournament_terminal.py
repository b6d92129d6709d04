"""`banluck table` on a tournament night in a real terminal (a pty driven by pexpect): the whole
example night typed at 80 and at 45 columns, killed in the middle of a hand and resumed."""

from __future__ import annotations

import io
import json
import os
import re
import signal
from contextlib import redirect_stdout
from pathlib import Path
from unittest import mock

import pytest

from tests.app.test_tournament_session import example_lines
from tests.cli.test_table_terminal import Table
from tests.helpers import close_exited

pexpect = pytest.importorskip("pexpect")


def banluck(home: Path, *args: str) -> str:
    """`banluck ARGS` on the store in `home`, run in-process (the night is set up and read back
    this way; the console itself runs in a real terminal); its output."""
    from banluck.cli.main import main

    out = io.StringIO()
    with mock.patch.dict(os.environ, {"BANLUCK_HOME": str(home)}), redirect_stdout(out):
        code = main(list(args))
    assert code == 0, out.getvalue()
    return out.getvalue()


def start(home: Path) -> None:
    """A short tournament (8 hands, cut-offs after 2, 4 and 6) for Ann, Ben, Cid and Dee."""
    banluck(home, "rules", "new", "short-tournament", "--from", "tournament")
    banluck(home, "rules", "set", "short-tournament", "tournament.hands", "8")
    banluck(home, "rules", "set", "short-tournament", "tournament.cutoffs", "2,4,6")
    said = banluck(
        home, "tournament", "start", "short-tournament", "Ann", "Ben", "Cid", "Dee",
        "--buy-in", "20", "--chips", "100",
    )  # fmt: skip
    assert "Ann bets first" in said


@pytest.mark.slow
def test_a_whole_tournament_killed_mid_hand_and_resumed(tmp_path: Path) -> None:
    start(tmp_path)
    lines = example_lines()
    t = Table(tmp_path)
    assert "hand 1 of 8 · cut-off after hand 2 (2 to go)" in t.screen
    assert re.search(r"1\s+Ann\s+100\s+next to bet", t.screen)
    shown = t.type(lines[0])  # bet Ann 20
    assert re.search(r"Ann\s+100\s+20\s+bet first", shown)
    assert re.search(r"Ben\s+100\s+next to bet", shown)
    middle = lines.index("hit Cid 8")  # hand 4, Cid's turn: Ann and Ben have stood
    for line in lines[1:middle]:
        shown = t.type(line)
    assert "Dee is out: lowest stack 90 at the cut-off after hand 2" in t.seen
    assert "hand 4 of 8 · cut-off after hand 4 (1 to go)" in shown
    before = t.screen
    t.child.kill(signal.SIGKILL)
    t.child.expect(pexpect.EOF)
    close_exited(t.child)
    assert t.child.signalstatus == signal.SIGKILL
    again = Table(tmp_path)
    assert again.screen == before
    assert "Cid to play (16)" in again.screen
    for line in lines[middle:]:
        shown = again.type(line)
    assert "Cid is out: stack 6 under the minimum bet 10" in again.seen
    assert "prize 56 to Ann" in shown and "prize 24 to Ben" in shown
    assert re.search(r"1\s+Ann\s+270\s+prize 56", shown)
    assert again.quit() == 0
    entries = json.loads(banluck(tmp_path, "export", "--json"))
    assert [(e["kind"], e["player"], e["amount"]) for e in entries] == [
        *[("buy-in", n, 20) for n in ("Ann", "Ben", "Cid", "Dee")],
        ("prize", "Ann", 56),
        ("prize", "Ben", 24),
    ]


@pytest.mark.slow
def test_the_leaderboard_fits_45_columns(tmp_path: Path) -> None:
    """At 45 columns every line of the whole night, the help and the refusals fits."""
    from rich.cells import cell_len

    start(tmp_path)
    t = Table(tmp_path, size=(50, 45))
    assert "error:" in t.type("bet Cid 20")
    t.type("help")
    for line in example_lines():
        t.type(line)
    assert "hidden" in t.seen and "prize 56" in t.seen
    wide = [line for line in t.seen.split("\r\n") if cell_len(line) > 45]
    assert wide == []
    assert t.quit() == 0
