"""Below 60 columns a round's transfers are one line each (issue 29): `Bob → Mei 10  why`, the
why cut to the line at a word and the money kept; `ledger --round N` prints every reason whole,
wrapped under its transfer, a knob's name never broken."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

KAMPUNG = ["dealer 10 8", "stand all", "open Dave 10 9", "open Eve 10 8", "open Bob 10 4"]
KNOB = "(minimum.player_under pay-all)"


@pytest.fixture
def night(cli, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A kampung round with two players short: eight transfers of the pay-all rule."""
    monkeypatch.setenv("COLUMNS", "45")
    start = ("night", "start", "kampung", "Mei", "Bob", "Carol", "Dave", "Eve", "--stake", "10")
    assert cli(*start)[0] == 0
    for line in KAMPUNG:
        assert cli("act", *line.split())[0] == 0
    code, out, err = cli("act", "open", "Carol", "9", "5")
    assert code == 0, err
    return out


def test_a_round_at_45_columns_is_a_line_a_transfer(night: str) -> None:
    lines = night.splitlines()
    assert lines[0] == "Round 1 · dealer Mei"
    rows = [line for line in lines if "→" in line]
    assert len(rows) == 9  # Bob and Carol to Mei, Mei to Dave, and six pay-all transfers
    assert "Bob → Carol 10  pays every seat" in rows
    assert "Mei → Dave 10  19 beats 18: pays 1 × 10" in rows
    for row in rows:
        assert re.fullmatch(r"\w+ → \w+ \d+  \S.*", row), row
        assert cell_len(row) <= 45
    assert "cut to fit: ledger --round 1 has them whole" in lines


def test_ledger_round_at_45_columns_has_every_reason_whole(cli, night: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("ledger", "--round", "1")
    assert code == 0, err
    assert all(cell_len(line) <= 45 for line in out.splitlines())
    out = "\n".join(line.rstrip() for line in out.splitlines())  # rich pads a block's lines
    assert out.count(KNOB) == 8  # every pay-all reason, its knob on one line
    assert "Bob → Carol 10\n  Bob stood short: pays every seat\n  " + KNOB in out
    words = set(" ".join(out.split()).split(" "))
    assert "(minimum.player_under" in words and "pay-all)" in words  # no word broken


def test_from_60_columns_the_round_stays_a_table(cli, night: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "100")
    code, out, err = cli("ledger", "--round", "1")
    assert code == 0, err
    assert "┃ from  ┃ to    ┃ amount ┃ why" in out
    assert "→" not in out


def test_the_seat_line_at_45_columns_never_parts_a_name_from_its_stake(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "45")
    seats = ["Mei", "Bobby", "Carolina", "Dave", "Evelyn", "Fay", "Gus"]
    assert cli("night", "start", "chinese", *seats, "--stake", "10")[0] == 0
    code, out, err = cli("night", "show")
    assert code == 0, err
    lines = [line.rstrip() for line in out.splitlines()]
    assert all(cell_len(line) <= 45 for line in lines)
    for name in seats[1:]:
        assert any(f"{name} 10" in line for line in lines), (name, lines)
    assert any(
        line.startswith("next to deal: Bobby") or "· next to deal: Bobby" in line for line in lines
    )


def test_the_panel_at_45_columns_keeps_every_stake(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "45")
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol", "--stake", "10")[0] == 0
    assert cli("act", "stake", "Carol", "25")[0] == 0
    assert cli("act", "dealer", "10", "6")[0] == 0
    code, out, err = cli("night", "show")
    assert code == 0, err
    assert re.search(r"Bob x10\s+2\s+to play", out) and re.search(r"Carol x25\s+2\s+to play", out)
