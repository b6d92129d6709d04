"""`export --log` writes the night as the ledger holds it: replayed in an empty store (a fresh
BANLUCK_HOME), the log gives the ledger's balances, whatever the night went through (a house
preset, seat and stake changes, an amendment, a reversal, a rename)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from banluck.app import amending
from banluck.storage import Store

BANLUCK = [
    ("dealer 10 7", "stand all", "open Bob 10 9", "open Carol 10 6"),
    ("stake Bob 20", "seat Dave after Bob"),
    ("dealer 9 8", "stand all", "open Bob 10 8", "open Carol 9 9", "open Dave 10 7"),
    ("leave Carol", "stake 30"),
    ("dealer 10 8", "stand all", "open Bob 10 7", "open Dave K Q"),
]
CASINO = [
    ("up 9", "deal Bob A K", "deal Carol 10 6", "hit Carol 4", "stand Carol", "hole 7", "draw 8"),
    ("stake Bob 20", "seat Dave after Bob"),
    (
        "up 10",
        "deal Bob 10 8",
        "deal Dave 9 9",
        "deal Carol 10 7",
        "peek",
        "stand Bob",
        "stand Dave",
    ),
    ("stand Carol", "hole 8"),
    ("leave Carol", "stake 30"),
    ("up 10", "deal Bob 10 9", "deal Dave 10 6", "peek", "stand Bob", "stand Dave", "hole 7"),
]


def _balances(cli, *args: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return {k: v for k, v in json.loads(out)["balances"].items() if v}


@pytest.mark.parametrize(
    ("base", "knob", "play", "amended"),
    [
        ("chinese", ("payouts.twenty_one", "3"), BANLUCK, ("open Carol 10 6", "open Carol 10 9")),
        ("blackjack-pro", ("payouts.blackjack", "2:1"), CASINO, ("draw 8", "draw 4")),
    ],
)
def test_an_exported_night_replays_to_the_ledger_in_an_empty_store(  # type: ignore[no-untyped-def]
    cli,
    banluck_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    base,
    knob,
    play,
    amended,
) -> None:
    assert cli("rules", "new", "mine", "--from", base)[0] == 0
    assert cli("rules", "set", "mine", *knob)[0] == 0
    assert cli("night", "start", "mine", "Mei", "Bob", "Carol", "--stake", "10")[0] == 0
    for group in play:
        for line in group:
            code, _, err = cli("act", *line.split())
            assert code == 0, (line, err)
    assert cli("night", "close")[0] == 0
    store = Store(banluck_home)
    entry = amending.find_round(store, 1, 1)
    lines = [amended[1] if line == amended[0] else line for line in entry["log"]]
    amending.amend(store, 1, 1, lines, "a card misread")
    amending.reverse(store, amending.find_round(store, 1, 2)["seq"], "entered by mistake")
    store.rename("Bob", "Bo")
    ledger = _balances(cli, "ledger", "--all")
    code, text, err = cli("export", "--log", "--night", "1")
    assert code == 0, err
    assert text.splitlines()[1] == "version 2"
    assert "# as amended by #" in text
    assert "\nreversed                # by #" in text
    log = tmp_path / "night.log"
    log.write_text(text, encoding="utf-8")
    monkeypatch.setenv("BANLUCK_HOME", str(tmp_path / "empty"))
    assert _balances(cli, "replay", str(log)) == ledger


def test_a_bare_stake_means_every_seat_from_version_2_as_typed(  # type: ignore[no-untyped-def]
    cli, banluck_home: Path, tmp_path: Path
) -> None:
    """`stake 10` after `stake Bob 20`: every seat's 10 in a log of version 2, as typed at the
    table; a log without the line keeps banluck 0.1's meaning (Bob keeps his 20)."""
    body = "night chinese Mei Bob\nstake Bob 20\nstake 10\ndealer 10 7\nstand all\nopen Bob 10 9\n"
    log = tmp_path / "night.log"
    for head, bob in (("version 2\n", 10), ("", 20), ("# a note\nversion 1\n", 20)):
        log.write_text(head + body, encoding="utf-8")
        assert _balances(cli, "replay", str(log)) == {"Bob": bob, "Mei": -bob}
    log.write_text("version 3\n" + body, encoding="utf-8")
    code, _, err = cli("replay", str(log))
    assert code == 1 and "usage: version N, N one of 1, 2" in err


def test_a_tournament_under_a_house_preset_replays_in_an_empty_store(  # type: ignore[no-untyped-def]
    cli, banluck_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tournament of the user's short-tournament: its log names the shipped tournament with
    the rules that make it short, and replays to the prizes the ledger paid."""
    from tests.app.test_tournament_session import example_lines, make_short

    make_short({"tournament.hands": "8", "tournament.cutoffs": "2,4,6"})
    args = ("short-tournament", "Ann", "Ben", "Cid", "Dee", "--buy-in", "20", "--chips", "100")
    assert cli("tournament", "start", *args)[0] == 0
    for line in example_lines():
        code, _, err = cli("tournament", "act", *line.split())
        assert code == 0, (line, err)
    ledger = _balances(cli, "ledger", "--all")
    code, text, err = cli("export", "--log")
    assert code == 0, err
    assert "\ntournament tournament Ann Ben Cid Dee buy-in 20 chips 100\n" in text
    log = tmp_path / "night.log"
    log.write_text(text, encoding="utf-8")
    monkeypatch.setenv("BANLUCK_HOME", str(tmp_path / "empty"))
    code, out, err = cli("replay", str(log), "--json")
    assert code == 0, err
    prizes = json.loads(out)["prizes"]
    assert {n: prizes.get(n, 0) - 20 for n in ("Ann", "Ben", "Cid", "Dee")} == {
        n: ledger.get(n, 0) for n in ("Ann", "Ben", "Cid", "Dee")
    }
