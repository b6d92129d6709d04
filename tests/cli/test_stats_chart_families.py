"""`banluck stats` counts the hands of the games played (a casino night's blackjacks, splits,
doubles, surrenders and side bets won; ban-luck's named hands on its own nights), and
`banluck chart` takes a step a round over the rounds' numbers (issue 29, Build 6)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from banluck.core.money import Transfer

# Two rounds of blackjack-pro: Bob's Perfect Pairs wins on Qh Qh, he splits them, Carol has a
# blackjack and the dealer busts; then Bob doubles, Carol surrenders, the dealer makes 21.
CASINO = """night blackjack-pro Mei Bob Carol
stake 10
pp Bob 5

up 9h
deal Bob Qh Qh
deal Carol As Kd
split Bob
hit Bob.1 9h
stand Bob.1
hit Bob.2 Kh
stand Bob.2
hole 7h
draw 10h

pp Bob 0
up 6
deal Bob 5 6
deal Carol 10 6
double Bob 9
surrender Carol
hole 10
draw 5
"""


def _saved(cli, tmp_path: Path, text: str, name: str = "c.log") -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / name
    log.write_text(text, encoding="utf-8")
    code, _, err = cli("replay", "--save", str(log))
    assert code == 0, err


def _casino(rows: list[dict]) -> dict[str, dict[str, int]]:  # type: ignore[type-arg]
    return {r["name"]: r["casino"] for r in rows}


def test_a_casino_night_counts_its_own_hands_from_the_stored_rounds(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    _saved(cli, tmp_path, CASINO)
    code, out, err = cli("stats", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert _casino(rows) == {
        "Bob": {"blackjack": 0, "split": 1, "double": 1, "surrender": 0, "side_bet": 1, "bust": 0},
        "Carol": {
            "blackjack": 1,
            "split": 0,
            "double": 0,
            "surrender": 1,
            "side_bet": 0,
            "bust": 0,
        },
        "Mei": {"blackjack": 0, "split": 0, "double": 0, "surrender": 0, "side_bet": 0, "bust": 1},
    }
    bob = next(r for r in rows if r["name"] == "Bob")
    assert {"ban_ban", "five_dragon", "bust", "net", "unpaid"} <= set(bob)  # additive only
    code, wide, _ = cli("stats")
    assert "bj  split  dbl  sur  side  bust" in wide and "bb" not in wide.split("\n")[1]
    assert re.search(r"Bob\s+2\s+\+125\s+\+125\s+0\s+0\s+0\s+1\s+1\s+0\s+1\s+0", wide)
    assert "Casino nights" not in wide  # one family: one table


def test_a_reversed_casino_round_counts_nowhere(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    _saved(cli, tmp_path, CASINO)
    assert cli("correct", "1", "--reason", "misdealt")[0] == 0
    rows = json.loads(cli("stats", "--json")[1])
    assert _casino(rows)["Bob"] == {
        "blackjack": 0, "split": 0, "double": 1, "surrender": 0, "side_bet": 0, "bust": 0,
    }  # fmt: skip


def test_both_families_show_a_table_each(cli, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The ban-luck hands are counted on ban-luck nights only (the casino dealer's bust is not
    a ban-luck bust), the casino's in a table of their own; `--json` keeps the keys it had."""
    ban_luck = (
        "night chinese Mei Bob\nstake 10\n\ndealer 10 9\nhit Bob\nstand all\nopen Bob 10 5 9\n"
    )
    _saved(cli, tmp_path, ban_luck, "b.log")
    _saved(cli, tmp_path, CASINO)
    for width in ("80", "45"):
        monkeypatch.setenv("COLUMNS", width)
        code, out, err = cli("stats")
        assert code == 0, err
        first, casino = out.split("Casino nights\n")
        assert "bb" in first and "bj" in casino and "bj" not in first
        assert "Carol" not in first or "Carol" in casino
    monkeypatch.setenv("COLUMNS", "80")
    out = cli("stats")[1]
    first, casino = out.split("Casino nights\n")
    assert re.search(r"Mei\s+3\s+.*\s0$", first, re.M)  # no bust on the ban-luck night
    assert re.search(r"Mei\s+0\s+0\s+0\s+0\s+0\s+1$", casino, re.M)
    rows = json.loads(cli("stats", "--json")[1])
    mei = next(r for r in rows if r["name"] == "Mei")
    assert mei["bust"] == 1 and mei["casino"]["bust"] == 1  # the old key counts every night


def test_a_ban_luck_store_shows_stats_as_before(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    _saved(cli, tmp_path, "night chinese Mei Bob\nstake 10\n\ndealer 10 9\nhit Bob\nstand all\n"
           "open Bob 10 5 9\n", "b.log")  # fmt: skip
    out = cli("stats")[1]
    assert "bb  bl  777  5D  5-21  bust" in out and "Casino" not in out and "bj" not in out
    assert "casino" not in cli("stats", "--json")[1]


def test_the_side_bets_counted_are_the_games_side_bets() -> None:
    """The casino's counting names the side bets' titles as the game spells them."""
    from banluck.games.casino import counted, sidebets

    assert {k.title for k in sidebets.KINDS} == set(counted._SIDE_BETS)
    won = Transfer("Mei", "Bob", 60, "Bob Perfect Pairs: coloured pair pays 12")
    lost = Transfer("Bob", "Mei", 5, "Bob 21+3: nothing")
    behind = Transfer("Mei", "Carol", 20, "Carol behind Bob.1: 20 beats 18")
    log = ["up 6", "split Bob:2", "double Bob:2.1 9", "surrender Carol", "stand Bob:2.2"]
    assert counted.tally(log, [won, lost, behind]) == {
        "Bob": {"split": 1, "double": 1, "side-bet": 1},
        "Carol": {"surrender": 1},
    }


def test_the_chart_takes_a_step_a_round_with_the_rounds_under_it(
    cli, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Payments and a correction of a payment add no step; a correction of a round moves that
    round's step; the axis numbers the rounds as the ledger does."""
    _saved(cli, tmp_path, CASINO)
    before = json.loads(cli("chart", "--json")[1])
    assert before["rounds"] == [1, 2]
    assert before["by_round"] == {"Bob": [145, 125], "Carol": [15, 10], "Mei": [-160, -135]}
    assert cli("pay", "Mei", "Bob", "5")[0] == 0
    assert cli("correct", "3", "--reason", "not paid")[0] == 0
    assert json.loads(cli("chart", "--json")[1])["by_round"] == before["by_round"]
    assert cli("correct", "2", "--reason", "misdealt")[0] == 0
    after = json.loads(cli("chart", "--json")[1])
    assert after["rounds"] == [1, 2]
    assert after["by_round"] == {"Bob": [145, 145], "Carol": [15, 15], "Mei": [-160, -160]}
    assert set(after) >= {"scope", "series", "results"}  # the old keys stay
    for width in ("80", "45"):
        monkeypatch.setenv("COLUMNS", width)
        out = cli("chart")[1]
        assert re.search(r"^ round\s+1\s+2\s*$", out, re.M), out
        assert re.search(r"^ Bob\s+\S+ \S+\s+\+145", out, re.M), out


def test_the_axis_numbers_the_rounds_it_can_fit() -> None:
    from banluck.cli.render import _axis

    assert _axis(list(range(1, 9)), 3) == "1  2  3  4  5  6  7  8"
    assert _axis(list(range(1, 41))) == "1   5    10   15   20   25   30   35  40"
    assert _axis([1, 2]) == " 2"  # one cell a bar: no room for both, the last stays
    assert _axis([7]) == "7"


def test_a_night_under_a_users_preset_counts_as_its_game_even_once_it_is_gone(
    cli, tmp_path, banluck_home: Path
) -> None:  # type: ignore[no-untyped-def]
    """The game of a night under the user's preset is the preset's; once its file is deleted,
    the night's own snapshot says it."""
    assert cli("rules", "new", "ours", "--from", "blackjack-pro")[0] == 0
    _saved(cli, tmp_path, CASINO.replace("night blackjack-pro", "night ours"))
    shown = cli("stats")[1]
    assert "bj  split" in shown
    for path in banluck_home.rglob("ours.toml"):
        path.unlink()
    assert cli("stats")[1] == shown
