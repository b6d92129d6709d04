"""The standing words in the store: `behind` and `box` are kept with the night's table, survive a
new window, are undone like `stake`, travel in the exported night log and replay to the ledger's
money; a casino store written before they existed reads, exports and settles as before."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from banluck.app.session import Session
from banluck.storage import Store

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "store-0.2-casino"


def acts(cli, *lines: str) -> None:  # type: ignore[no-untyped-def]
    for line in lines:
        code, _, err = cli("act", *line.split())
        assert code == 0, (line, err)


def test_a_casino_night_just_started_keeps_its_sides_keys(cli) -> None:  # type: ignore[no-untyped-def]
    """The table of a night just opened has the casino side's keys, empty, as it always had."""
    assert cli("night", "start", "box-21", "Dee", "Ann", "Ben", "--stake", "10")[0] == 0
    table = Store().tonight()["table"]
    assert table["standing"] == {} and table["bingo"] == [] and "bets" not in table


def test_standing_bets_are_stored_with_the_table_and_read_back(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "box-21", "Dee", "Ann", "Ben", "Cid", "--stake", "10")[0] == 0
    acts(cli, "stake Ann 30", "behind ben ann 20 follow", "behind Cid Ann 10 stay")
    table = Store().tonight()["table"]
    assert table["standing"] == {
        "behind Ben": "behind Ben Ann 20 follow",
        "behind Cid": "behind Cid Ann 10 stay",
    }
    assert Session.open(Store()).night.seating.side.standing == tuple(
        sorted(table["standing"].items())
    )
    acts(cli, "up 7", "deal Ann A K")  # CASINO.md §8 case 8: +45, +30, +15
    _, out, _ = cli("ledger", "--json")
    (entry,) = json.loads(out)["entries"]
    assert {t["to"]: t["amount"] for t in entry["transfers"]} == {"Ann": 45, "Ben": 30, "Cid": 15}
    assert entry["standing"] == table["standing"]
    assert cli("check")[0] == 0


def test_a_standing_word_is_undone_like_a_stake(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "box-21", "Dee", "Ann", "Ben", "--stake", "10")[0] == 0
    acts(cli, "behind Ben Ann 10 follow")
    code, out, err = cli("undo")
    assert code == 0, err
    assert "behind Ben Ann 10 follow" in out
    assert Store().tonight()["table"]["standing"] == {}
    assert Session.open(Store()).night.seating.side.standing == ()


def test_a_refused_standing_word_changes_nothing_stored(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "box-21", "Dee", "Ann", "Ben", "--stake", "10")[0] == 0
    before = Store().tonight()
    code, _, err = cli("act", "box", "Ann", "2")
    assert code != 0
    assert err.strip() == "error: box Ann 2: at most 1 box a player here (boxes.per_seat 1)"
    assert Store().tonight() == before


def test_the_exported_log_replays_to_the_ledgers_money(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "blackjack-pro", "Mei", "Bob", "Carol", "--stake", "10")[0] == 0
    acts(cli, "box Bob 2", "stake Bob:2 20", "up 9", "deal Bob A K", "deal Bob:2 10 6")
    acts(cli, "deal Carol 10 10", "hit Bob:2 5", "stand Carol", "hole 8", "box Bob 1", "up 6")
    acts(cli, "deal Bob 10 10", "deal Carol 10 9", "stand Bob", "stand Carol", "hole 10", "draw 2")
    code, log, _ = cli("export", "--log")
    assert "box Bob 2\nstake Bob:2 20\n" in log and "box Bob 1\n" in log
    path = banluck_home / "night.log"
    path.write_text(log, encoding="utf-8")
    code, out, err = cli("replay", str(path), "--json")
    assert code == 0, err
    _, ledger, _ = cli("ledger", "--json")
    stored = [e["transfers"] for e in json.loads(ledger)["entries"]]
    assert [r["transfers"] for r in json.loads(out)["rounds"]] == stored
    assert json.loads(ledger)["balances"] == {"Bob": 45, "Carol": 20, "Mei": -65}


@pytest.fixture
def old_store(banluck_home: Path) -> Path:
    shutil.copytree(FIXTURE / "store", banluck_home, dirs_exist_ok=True)
    return banluck_home


def expected(name: str) -> object:
    return json.loads((FIXTURE / name).read_text(encoding="utf-8"))


def test_an_old_casino_store_reads_and_exports_as_it_did(cli, old_store: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("check") == (0, "", "")
    for args, name in (
        (("ledger", "--all", "--json"), "ledger-all.json"),
        (("settle", "--json"), "settle.json"),
        (("night", "show", "--json"), "night-show.json"),
    ):
        code, out, err = cli(*args)
        assert code == 0, err
        assert json.loads(out) == expected(name), args
    code, log, _ = cli("export", "--log")
    # what it exported, saying since that its words mean what version 2 of the night log says
    head, version, rest = log.split("\n", 2)
    assert version == "version 2"
    assert f"{head}\n{rest}" == (FIXTURE / "night1.log").read_text(encoding="utf-8")


def test_the_open_round_of_an_old_casino_store_is_finished_and_boxes_can_follow(  # type: ignore[no-untyped-def]
    cli, old_store: Path
) -> None:
    """Round 3 was left after `hit Ann 5` (21). Cid doubles 5 5 to 19 (40); the dealer draws
    7 to 17: Ann +10, Cid +40, Ben (dealing) -50. Then Cid bets behind Ann's box."""
    acts(cli, "double Cid 9", "draw 7")
    _, out, _ = cli("ledger", "--json")
    last = json.loads(out)["entries"][-1]
    assert {t["to"]: t["amount"] for t in last["transfers"]} == {"Ann": 10, "Cid": 40}
    assert "standing" not in last
    acts(cli, "behind Cid Ann 20 follow", "up 7", "deal Ann A K")
    _, out, _ = cli("ledger", "--json")
    last = json.loads(out)["entries"][-1]
    assert {t["to"]: t["amount"] for t in last["transfers"]} == {"Ann": 15, "Cid": 30}
    assert cli("check")[0] == 0


def test_night_show_lists_the_standing_bets(cli) -> None:  # type: ignore[no-untyped-def]
    """`night show --json` has `standing` once there is one (a night without any is unchanged)."""
    assert cli("night", "start", "box-21", "Dee", "Ann", "Ben", "--stake", "10")[0] == 0
    _, out, _ = cli("night", "show", "--json")
    assert "standing" not in json.loads(out)
    acts(cli, "behind Ben Ann 10 stay")
    _, out, _ = cli("night", "show", "--json")
    assert json.loads(out)["standing"] == {"behind Ben": "behind Ben Ann 10 stay"}
    code, out, _ = cli("night", "show")
    assert code == 0 and "Ben: 10 behind Ann, stays (not in doubles or splits)" in out


def test_a_damaged_standing_is_named_and_nothing_changes(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    """A night file whose `table.standing` is not keys with lines is refused with the field."""
    assert cli("night", "start", "box-21", "Dee", "Ann", "Ben", "--stake", "10")[0] == 0
    acts(cli, "behind Ben Ann 10 stay")
    path = banluck_home / "nights" / "0001.json"
    raw = path.read_bytes()
    assert raw.count(b'"behind Ben":"behind Ben Ann 10 stay"') == 1
    path.write_bytes(raw.replace(b'"behind Ben":"behind Ben Ann 10 stay"', b'"behind Ben":7'))
    code, _, err = cli("night", "show")
    assert code != 0
    assert "night field 'table.standing' is" in err and "\n" not in err.strip()


LIMIT_FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "store-0.2-casino-bank-limit"


def _without_times(value):  # type: ignore[no-untyped-def]
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items() if k != "at"}
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


def test_a_round_begun_under_the_earlier_bank_limit_opens_and_settles_as_before(
    cli,
    banluck_home: Path,  # type: ignore[no-untyped-def]
) -> None:
    """The store of a banluck whose limits.bank saw one box a seat: its round in progress (160 at
    risk against a limit of 150, counted box by box) opens and finishes with the money that
    banluck paid; the next round, a new line, is refused until a bet is lowered."""
    shutil.copytree(LIMIT_FIXTURE / "store", banluck_home, dirs_exist_ok=True)
    for command, saved in ((("night", "show"), "night-show"), (("ledger", "--all"), "ledger-all")):
        code, out, err = cli(*command, "--json")
        assert code == 0, err
        assert json.loads(out) == json.loads((LIMIT_FIXTURE / f"{saved}.json").read_text())
    acts(cli, "stand Bob", "stand Carol", "hole 8")
    for command, saved in (
        (("ledger", "--all"), "ledger-all-after-round"),
        (("settle",), "settle-after-round"),
    ):
        code, out, err = cli(*command, "--json")
        assert code == 0, err
        expected = json.loads((LIMIT_FIXTURE / f"{saved}.json").read_text())
        assert _without_times(json.loads(out)) == _without_times(expected)
    assert cli("check")[0] == 0
    before = Store().tonight()
    code, _, err = cli("act", "up", "9")
    assert code == 1
    assert "the bank could lose 160 this round, over its limit of 150 (limits.bank)" in err
    assert Store().tonight() == before
    acts(cli, "stake Bob:2 10", "up 9")  # 40 + 40 + 40 = 120
