"""The ledger view: a number taken back with `undo` is said, `--round N` shows one round's
transfers with their reasons, and an empty night is one line."""

from __future__ import annotations

import json

ROUND_ONE = ("dealer 10 6", "stand all", "open Bob 10 8", "open Carol 9 9")


def play(cli, lines) -> None:  # type: ignore[no-untyped-def]
    for line in lines:
        code, _, err = cli("act", *line.split())
        assert code == 0, (line, err)


def test_an_empty_night_is_one_line(cli) -> None:
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    code, out, err = cli("ledger")
    assert code == 0, err
    assert out == "night 1: no entries yet (a round is recorded when it is finished)\n"


def test_rounds_that_moved_no_money_say_so_for_the_balances(cli) -> None:
    """A ban-luck pushed against the dealer's two-card 15 under chinese: the round is listed,
    and the balances are one line that no money has changed hands (not an empty table)."""
    assert cli("night", "start", "chinese", "Mei", "Bob")[0] == 0
    play(cli, ["dealer 8 7", "show Bob A K"])
    for args in (("ledger",), ("ledger", "--all")):
        code, out, err = cli(*args)
        assert code == 0, err
        assert "night 1 round 1 · dealer Mei" in out and "no money moved" in out
        assert out.splitlines()[-1].endswith(": no money has changed hands")
        assert "┃ who" not in out


def test_an_undone_round_leaves_its_number_said(cli, monkeypatch) -> None:
    """Round 1 recorded as #1, undone, recorded again as #2: the list says #1 was undone."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    play(cli, ROUND_ONE)
    assert cli("undo")[0] == 0
    play(cli, ["open Carol 9 9"])
    code, out, _ = cli("ledger")
    assert code == 0
    lines = out.splitlines()
    undone = [i for i, line in enumerate(lines) if "#1 " in line and "undone" in line]
    again = [i for i, line in enumerate(lines) if "#2 " in line and "round 1" in line]
    assert undone and again and undone[0] < again[0]
    assert cli("check")[0] == 0


def test_round_shows_its_transfers_with_reasons(cli) -> None:
    """Dealer 16; Bob 18 wins 1, Carol 18 wins 1 (stake 10)."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    play(cli, ROUND_ONE)
    code, out, err = cli("ledger", "--round", "1", "--json")
    assert code == 0, err
    entry = json.loads(out)
    assert entry["round"] == 1
    assert {(t["from"], t["to"], t["amount"]) for t in entry["transfers"]} == {
        ("Mei", "Bob", 10),
        ("Mei", "Carol", 10),
    }
    code, out, _ = cli("ledger", "--round", "1")
    assert code == 0 and "round 1" in out and "beats" in out


def test_a_round_not_recorded_is_one_error_line(cli) -> None:
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    play(cli, ROUND_ONE)
    code, out, err = cli("ledger", "--round", "4")
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "has no recorded round 4 (rounds 1 to 1)" in err
    code, _, err = cli("ledger", "--round", "1", "--all")
    assert code == 1 and "--round is a round of one night" in err


def two_nights(cli, undo_last: bool) -> str:  # type: ignore[no-untyped-def]
    """Night 1 with rounds #1 and #2 (#2 undone, its lines too, if `undo_last`), closed;
    night 2 with one round: tonight's ledger."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    play(cli, [*ROUND_ONE, *ROUND_ONE])
    if undo_last:  # the round, then the lines it reopened with
        for _ in range(5):
            assert cli("undo")[0] == 0
    assert cli("night", "close")[0] == 0
    assert cli("ledger", "--json")[1].count('"seq"') == 2 - undo_last
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    play(cli, ROUND_ONE)
    code, out, err = cli("ledger")
    assert code == 0, err
    return str(out)


def test_a_number_undone_at_the_end_of_the_night_before_is_said(cli, monkeypatch) -> None:
    """Night 1's last round (#2) undone: night 2's first round is #3, and its ledger says
    that #2 was undone."""
    monkeypatch.setenv("NO_COLOR", "1")
    lines = two_nights(cli, undo_last=True).splitlines()
    undone = [i for i, line in enumerate(lines) if "#2 " in line and "undone" in line]
    again = [i for i, line in enumerate(lines) if "#3 " in line and "night 2 round 1" in line]
    assert undone and again and undone[0] < again[0]
    assert cli("check")[0] == 0


def test_no_number_undone_before_tonight_no_line(cli, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    out = two_nights(cli, undo_last=False)
    assert "#3 " in out and "night 2 round 1" in out and "undone" not in out
