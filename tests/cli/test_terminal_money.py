"""`banluck table` in a real terminal (a pty driven by pexpect, as in test_table_terminal.py), at
80 and 45 columns: what an offence costs, said before and after the line that makes it, and the
console's `odds` and `settle` whole at any width."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.cli.test_table_terminal import Table, night_show

pytest.importorskip("pexpect")

SIZES = [(30, 80), (40, 45)]


def flat(text: str) -> str:
    return " ".join(text.split())


def fits(t: Table, width: int) -> None:
    wide = [line for line in t.seen.split("\r\n") if cell_len(line) > width]
    assert wide == []


@pytest.mark.parametrize("size", SIZES, ids=["80", "45"])
def test_a_short_hand_opened_under_pay_all_shows_what_it_costs(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Under kampung (a short player pays every seat) Bob opened at 14 costs him his stake to
    the dealer and one to each other seat: his row shows -120 at once (not -40), the others'
    rows what he pays them, a hint says why, and the round's transfers are those amounts."""
    t = Table(tmp_path, "kampung", "Mei", "Bob", "Carol", "Dave", "--stake", "40", size=size)
    t.type("dealer 10 6")
    t.type("stand all")
    shown = t.type("open Bob 10 4")
    assert re.search(r"Bob( x40)?\s+10 4\s+settled\s+-120", shown), shown
    assert re.search(r"Carol( x40)?\s+2\s+closed\s+\+40", shown)
    assert "Bob stood short: pays 40 to each other seat (80), 120 in all" in flat(shown)
    assert "(minimum.player_under pay-all)" in flat(shown)
    shown = t.type("open Carol 10 9")
    assert re.search(r"Carol( x40)?\s+10 9\s+settled\s+\+80", shown)  # +40 and Bob's 40
    shown = t.type("open Dave 10 8")
    assert "Round 1 · dealer Mei" in shown
    # the side payments, each a transfer with its reason (below 60 columns one line a transfer,
    # its reason cut to the line: `ledger --round 1` has it whole)
    narrow = size[1] < 60
    assert ("Bob → Carol 40  pays every seat" if narrow else "Bob stood short") in shown
    assert "Mei -40 Bob -120" in flat(shown)  # tonight: what the panel showed during the round
    fits(t, size[1])
    assert t.quit() == 0
    assert night_show(tmp_path)["balances"] == {"Mei": -40, "Bob": -120, "Carol": 80, "Dave": 80}


@pytest.mark.parametrize("size", SIZES, ids=["80", "45"])
def test_a_short_stop_says_what_it_costs_before_and_after(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Under chinese the dealer at 14 may stop, under his minimum of 16: the hint before says it
    pays every closed player, and after `stop` the panel says he stopped short and each player
    he opens is paid."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", size=size)
    t.type("dealer 10 4")
    shown = flat(t.type("stand all"))
    assert "`stop` at 14 is under the dealer's minimum 16: it pays every closed player" in shown
    shown = flat(t.type("stop"))
    assert (
        "the dealer stopped at 14, under his minimum 16: every closed player he opens is paid"
        in shown
    )
    assert "(minimum.dealer_under pay-all)" in shown
    shown = t.type("open Bob 10 8")
    assert re.search(r"Bob( x10)?\s+10 8\s+settled\s+\+10", shown)
    assert "the dealer stopped at 14" in flat(shown)
    fits(t, size[1])
    assert t.quit() == 0


@pytest.mark.parametrize("size", SIZES, ids=["80", "45"])
def test_console_odds_and_settle_are_whole_at_any_width(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """`odds` on the dealer's turn gives money at each player's stake (Carol plays 20): columns
    at 80, a block a player at 45, no row no hand can reach, nothing cut; `settle` after the
    round lists whole amounts."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", "--stake", "10", size=size)
    t.type("stake Carol 20")
    t.type("dealer 10 6")
    t.type("hit Bob")
    t.type("stand all")
    shown = t.type("odds")
    assert "…" not in shown and "money at the stake" in flat(shown)
    assert "advice:" in shown
    if size[1] == 45:
        carol = shown.split("\r\nCarol\r\n")[1]
        assert "stake 20" in carol and "bust" not in carol  # two cards cannot be bust
        assert re.search(r"open now [-+]\d+\.\d", carol)
    else:
        assert re.search(r"│ stake\s+│\s+10 │\s+20 │", shown)
        assert re.search(r"│ bust\s+│\s+\d+\.\d │\s+│", shown)  # Bob's three cards may be
    t.type("open Bob 10 5 9")
    shown = t.type("open Carol 10 7")
    assert "Round 1 · dealer Mei" in shown
    shown = t.type("settle")
    assert shown.split("\r\n")[:2] == ["Bob pays Carol 10", "Mei pays Carol 10"]
    fits(t, size[1])
    assert t.quit() == 0
