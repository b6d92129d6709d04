"""`banluck hand` and `banluck judge`: the rules engine on the command line, text and JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def test_hand_text(cli) -> None:  # type: ignore[no-untyped-def]
    """`banluck hand A 6 4` prints the cards, the total (soft when an ace counts high) and kind."""
    code, out, err = cli("hand", "A", "6", "4")
    assert (code, err) == (0, "")
    assert out.startswith("A 6 4: 20")
    assert "soft" in out and "regular" in out
    assert out.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "cards", "total", "kind"),
    [
        (["A", "6"], ["A", "6"], 17, "regular"),
        (["A", "6", "4"], ["A", "6", "4"], 20, "regular"),
        (["A 6 4 5"], ["A", "6", "4", "5"], 16, "regular"),
        (["AK"], ["A", "K"], 21, "ban-luck"),
        (["As", "Ah"], ["As", "Ah"], 21, "ban-ban"),
        (["7", "7", "7"], ["7", "7", "7"], 21, "triple-seven"),
        (["2", "3", "4", "5", "6"], ["2", "3", "4", "5", "6"], 20, "five-dragon"),
        (["2 3 4 5 7"], ["2", "3", "4", "5", "7"], 21, "five-card-21"),
        (["10h", "5", "6"], ["10h", "5", "6"], 21, "twenty-one"),
        (["7", "8"], ["7", "8"], 15, "fifteen"),
        (["10", "6", "K"], ["10", "6", "K"], 26, "bust"),
    ],
)
def test_hand_json(cli, args: list[str], cards: list[str], total: int, kind: str) -> None:  # type: ignore[no-untyped-def]
    """`--json` prints one object with the keys cards, total and kind."""
    code, out, err = cli("hand", *args, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"cards": cards, "total": total, "kind": kind}


def test_hand_rules_changes_the_kind(cli) -> None:  # type: ignore[no-untyped-def]
    """`--rules xi-dach` has no 7-7-7 (payouts.triple_seven = 0): it is a plain twenty-one."""
    assert json.loads(cli("hand", "7 7 7", "--json")[1])["kind"] == "triple-seven"
    code, out, _ = cli("hand", "7 7 7", "--json", "--rules", "xi-dach")
    assert code == 0
    assert json.loads(out)["kind"] == "twenty-one"


def test_judge_text(cli) -> None:  # type: ignore[no-untyped-def]
    """The README example: a busted player opened by a dealer at 16 loses his stake."""
    code, out, err = cli("judge", "--dealer", "10 6", "--player", "10 5 9", "--stake", "10")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "player 10 5 9: bust 24"
    assert lines[1] == "dealer 10 6: 16"
    assert lines[2].startswith("player -10: ")


def test_judge_text_shows_a_win_with_a_plus(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("judge", "-d", "9 7", "-p", "A K", "-s", "10")
    assert code == 0
    assert out.splitlines()[-1].startswith("player +20: ")


@pytest.mark.parametrize(
    ("rules", "player", "dealer", "stake", "amount", "p", "d"),
    [
        ("chinese", "A K", "9 7", "10", 20, (21, "ban-luck"), (16, "regular")),
        ("chinese", "7 7 7", "10 8", "10", 210, (21, "triple-seven"), (18, "regular")),
        ("chinese", "9 9", "10 6 10", "10", 10, (18, "regular"), (26, "bust")),
        ("chinese", "10 9", "2 3 4 5 A", "10", -20, (19, "regular"), (15, "five-dragon")),
        ("xi-dach", "A A", "A A", "10", -20, (21, "ban-ban"), (21, "ban-ban")),
        ("kampung", "10 4", "10 8", "5", -5, (14, "regular"), (18, "regular")),
        ("singapore", "10 5 6", "10 9", "3", 3, (21, "twenty-one"), (19, "regular")),
    ],
)
def test_judge_json(  # type: ignore[no-untyped-def]
    cli,
    rules: str,
    player: str,
    dealer: str,
    stake: str,
    amount: int,
    p: tuple[int, str],
    d: tuple[int, str],
) -> None:
    """`--json`: player{total,kind}, dealer{total,kind}, amount (an int, the player's) and reason;
    `--stake` multiplies the amount and `--rules` picks the preset.
    """
    code, out, err = cli(
        "judge", "-p", player, "-d", dealer, "--stake", stake, "--rules", rules, "--json"
    )
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"player", "dealer", "amount", "reason"}
    assert data["player"] == {"total": p[0], "kind": p[1]}
    assert data["dealer"] == {"total": d[0], "kind": d[1]}
    assert data["amount"] == amount and type(data["amount"]) is int
    assert isinstance(data["reason"], str) and data["reason"]


def test_judge_stake_defaults_to_one(cli) -> None:  # type: ignore[no-untyped-def]
    assert json.loads(cli("judge", "-p", "A K", "-d", "9 7", "--json")[1])["amount"] == 2


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["hand", "1X"], "1X"),
        (["hand", "A", "2", "3", "4", "5", "6"], "6 cards"),
        (["hand", "As", "As"], "A♠"),
        (["hand", "A", "K", "--rules", "nope"], "nope"),
        (["hand", "A"], "two cards"),
        (["judge", "-p", "1X", "-d", "10 6"], "1X"),
        (["judge", "-p", "A 2 3 4 5 6", "-d", "10 6"], "6 cards"),
        (["judge", "-p", "As K", "-d", "As 10"], "A♠"),
        (["judge", "-p", "7 7 7", "-d", "7 7"], "rank 7"),
        (["judge", "-p", "A K", "-d", "10 6", "--rules", "nope"], "nope"),
        (["judge", "-p", "A K", "-d", "10 6", "--stake", "x"], "--stake"),
        (["judge", "-p", "A K", "-d", "10 6", "--stake", "-5"], "--stake"),
        (["judge", "-p", "A K"], "--dealer"),
    ],
)
def test_bad_input_is_one_error_line(cli, args: list[str], needle: str) -> None:  # type: ignore[no-untyped-def]
    """Bad input: one line on stderr starting `error:` and naming the problem, a non-zero exit,
    nothing on stdout and no traceback.
    """
    code, out, err = cli(*args)
    assert code != 0
    assert out == ""
    assert err.startswith("error: ")
    assert err.count("\n") == 1 and err.endswith("\n")
    assert needle in err
    assert "Traceback" not in err


def test_bad_input_in_a_real_process_has_no_traceback() -> None:
    """The installed entry point, run as a process, ends bad input the same way."""
    proc = subprocess.run(
        [sys.executable, "-m", "banluck", "judge", "-p", "A K", "-d", "10 6", "--stake", "x"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode != 0
    assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr
