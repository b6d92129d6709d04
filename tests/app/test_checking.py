"""`banluck check` verifies what the money follows from: each round's stored lines, played again
under the rules stored with its night, give exactly its stored transfers; a tournament's buy-ins
are those of its record; the index's sums of the earlier nights are those of the nights. A
problem names the night, the entry and the file, and what to do."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).parent.parent / "fixtures"


def _round_night(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    for line in ("dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7"):
        assert cli("act", *line.split())[0] == 0
    assert cli("night", "close")[0] == 0


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _swap(data: dict[str, Any]) -> None:
    """Every transfer of seq 1 the other way round: still netting to zero."""
    for t in data["entries"]["1"]["transfers"]:
        t["from"], t["to"] = t["to"], t["from"]


def _shift(data: dict[str, Any]) -> None:
    """20 -> 25 one way and 5 more the other: the round still nets to zero."""
    transfers = data["entries"]["1"]["transfers"]
    transfers[0]["amount"] += 5
    transfers.append({"from": transfers[1]["to"], "to": transfers[0]["from"], "amount": 5})


@pytest.mark.parametrize("change", [_swap, _shift], ids=["reversed", "20 to 25"])
@pytest.mark.parametrize("full", [False, True], ids=["check", "check --full"])
def test_a_round_whose_transfers_were_edited_is_named(  # type: ignore[no-untyped-def]
    cli, banluck_home: Path, change: Any, full: bool
) -> None:
    _round_night(cli)
    path = banluck_home / "nights" / "0001.json"
    _edit(path, change)
    assert cli("check", "--rebuild-index")[0] == 1  # the index made anew does not hide it
    code, out, _ = cli("check", *(["--full"] if full else []))
    assert code == 1
    assert "night 1, entry #1 (round 1)" in out and str(path) in out
    assert "played again" in out and "restore" in out


def test_check_full_plays_every_night_again(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    _round_night(cli)
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    _edit(banluck_home / "nights" / "0001.json", _swap)
    (banluck_home / "index.json").unlink()
    (banluck_home / "index-earlier.json").unlink()
    code, out, _ = cli("check", "--full")
    assert code == 1 and "night 1, entry #1" in out


def test_a_buy_in_deleted_from_a_tournament_night_is_named(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    args = ["tournament", "Mei", "Bob", "Carol", "--buy-in", "20", "--chips", "100"]
    assert cli("tournament", "start", *args)[0] == 0
    path = banluck_home / "nights" / "0001.json"

    def drop(data: dict[str, Any]) -> None:
        key = next(k for k, e in data["entries"].items() if e["player"] == "Bob")
        del data["entries"][key]

    _edit(path, drop)
    (banluck_home / "index.json").unlink()
    code, out, _ = cli("check")
    assert code == 1
    assert "buy-ins are not those of its tournament" in out and "missing: Bob 20" in out
    assert str(path) in out


def test_the_earlier_nights_sums_in_the_index_are_checked(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    """Bob +1000 instead of +10 in the index's sums of the earlier nights: `check` says so."""
    _round_night(cli)
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0

    def inflate(data: dict[str, Any]) -> None:
        totals = data["meta"]["1"]["earlier"]["totals"]
        totals["balance"]["Bob"] = totals["result"]["Bob"] = 1000

    _edit(banluck_home / "index.json", inflate)
    code, out, _ = cli("check")
    assert code == 1 and "sums of the nights before the latest" in out and "'totals'" in out
    assert cli("check", "--rebuild-index")[0] == 0
    code, out, _ = cli("ledger", "--all", "--json")
    assert code == 0 and "1000" not in out


@pytest.mark.parametrize(
    "fixture", sorted(p.name for p in FIXTURES.iterdir() if (p / "store").is_dir())
)
def test_every_old_store_plays_again_to_its_money(cli, banluck_home: Path, fixture: str) -> None:  # type: ignore[no-untyped-def]
    shutil.rmtree(banluck_home, ignore_errors=True)
    shutil.copytree(FIXTURES / fixture / "store", banluck_home)
    code, out, err = cli("check", "--full")
    assert (code, out, err) == (0, "", "")


@pytest.mark.parametrize(
    "damage",
    [
        lambda live: live.unlink(),
        lambda live: live.write_bytes(live.read_bytes().replace(b'"token":"', b'"token":"0', 1)),
        lambda live: live.write_bytes(
            b"".join(live.read_bytes().splitlines(keepends=True)[:-3])  # the round's line cut
        ),
    ],
    ids=["deleted", "token changed", "cut at a line"],
)
def test_a_lost_journal_is_named_and_a_rebuild_says_what_it_dropped(  # type: ignore[no-untyped-def]
    cli, banluck_home: Path, damage: Any
) -> None:
    """The journal held an acknowledged round the index counted: every command names the
    journal; `check --rebuild-index` goes on without the round and says so."""
    shutil.rmtree(banluck_home, ignore_errors=True)
    shutil.copytree(FIXTURES / "store-0.2-pre-renovation" / "store", banluck_home)
    live = banluck_home / "nights" / "0007.live"
    assert live.read_bytes().splitlines()[-3].startswith(b'{"entry"')
    damage(live)
    for args in (["check"], ["ledger", "--all"], ["settle"]):
        code, _, err = cli(*args)
        assert code == 1 and "0007.live" in err and "counted 1 round" in err, args
    code, out, err = cli("check", "--rebuild-index")
    assert code == 0 and "rebuilt" in out
    assert "the 1 that no night file holds are no longer counted" in err
    assert cli("check")[0] == 0


def _finished_tournament(cli) -> None:  # type: ignore[no-untyped-def]
    """The example tournament played to its end (prizes Ann 56, Ben 24), its night closed."""
    from tests.app.test_tournament_session import example_lines, make_short

    make_short({"tournament.hands": "8", "tournament.cutoffs": "2,4,6"})
    args = ["short-tournament", "Ann", "Ben", "Cid", "Dee", "--buy-in", "20", "--chips", "100"]
    assert cli("tournament", "start", *args)[0] == 0
    for line in example_lines():
        assert cli("tournament", "act", *line.split())[0] == 0
    assert cli("night", "close")[0] == 0


def _forge(path: Path, change: Any) -> None:
    """Change a night file by hand and make its digests again (`check` sees only what the
    money follows from), then drop the index."""
    from banluck.storage.codec import chained

    def forged(data: dict[str, Any]) -> None:
        change(data)
        prev = str(data["meta"]["1"].get("prior") or "")
        for key in sorted(data["entries"], key=int):
            data["entries"][key]["digest"] = prev = chained(prev, data["entries"][key])

    _edit(path, forged)
    (path.parent.parent / "index.json").unlink()
    (path.parent.parent / "index-earlier.json").unlink(missing_ok=True)


def _prize(data: dict[str, Any], player: str) -> str:
    return next(
        k for k, e in data["entries"].items() if e["kind"] == "prize" and e["player"] == player
    )


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            lambda d: d["entries"][_prize(d, "Ben")].update(amount=30),
            "missing: Ben 24; not won: Ben 30",
        ),
        (
            lambda d: d["entries"][_prize(d, "Ben")].update(player="Cid"),
            "missing: Ben 24; not won: Cid 24",
        ),
        (lambda d: d["entries"].pop(_prize(d, "Ann")), "missing: Ann 56)"),
    ],
    ids=["amount", "winner", "deleted"],
)
def test_prizes_not_those_the_tournament_pays_are_named(  # type: ignore[no-untyped-def]
    cli, banluck_home: Path, change: Any, said: str
) -> None:
    _finished_tournament(cli)
    assert cli("check")[0] == 0
    path = banluck_home / "nights" / "0001.json"
    _forge(path, change)
    code, out, _ = cli("check")
    assert code == 1
    line = next(x for x in out.splitlines() if "its prizes" in x)
    assert line.startswith(
        f"night 1 ({path}): its prizes are not those its tournament's lines pay, played again"
        " (Ann 56, Ben 24; "
    ), line
    assert said in line
