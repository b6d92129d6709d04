"""Each night's totals live in the index, so that `stats`, `history`, `settle` and `ledger --all`
read one small file instead of every night: they are made by `money.stats.night_totals` from the
night's entries, kept up to date in the same write as the night, rebuilt with the index, and made
once from the night files when an index from before them is found."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
import pytest

from banluck.app.amending import reverse
from banluck.money import ledger, stats
from banluck.storage import Store
from banluck.storage.schema import TOTALLED_KINDS
from tests.storage.test_storage import _hold_lock, a_round, open_night


@pytest.fixture
def store(banluck_home: Path) -> Store:
    return Store(banluck_home)


def three_nights(store: Store) -> None:
    """Three nights: rounds, a payment across nights, a correction of an older night's round,
    a seat that joins late, and an undo."""
    open_night(store)
    first = store.record_round(a_round(("Bob", "Ann", 10), ("Ann", "Cat", 20)))
    store.record_round(a_round(("Cat", "Bob", 30)))
    store.close_night()
    store.open_night("chinese", first["preset"], ["Ann", "Bob"], "Bob", None, "2024-05-10")
    store.record_round({**a_round(("Ann", "Bob", 50)), "stakes": {"Ann": 10}})
    store.add_payment("Cat", "Ann", 5, "cash")
    store.update_night(seats=["Ann", "Bob", "Dan"])
    store.record_round(a_round(("Dan", "Ann", 15)))
    store.record_round(a_round(("Bob", "Dan", 99)))
    store.undo_last()
    store.close_night()
    store.open_night("chinese", first["preset"], ["Ann", "Bob", "Cat"], "Ann", None, "2024-06-01")
    reverse(store, first["seq"], "misread")
    store.record_round(a_round(("Ann", "Cat", 5)))


def index_of(home: Path) -> dict[str, Any]:
    """index.json with the records of every night in `nights`: those of index-earlier.json (the
    nights before the latest) joined to its own."""
    index = orjson.loads((home / "index.json").read_bytes())
    earlier = home / "index-earlier.json"
    if earlier.exists():
        index["nights"] = {**orjson.loads(earlier.read_bytes())["nights"], **index["nights"]}
    return index  # type: ignore[no-any-return]


def old_index(home: Path, index: dict[str, Any]) -> None:
    """Write `index` (every night's record in `nights`) as a v3 banluck wrote it: one file."""
    index["meta"]["1"].pop("earlier", None)
    index["meta"]["1"]["schema"] = 3
    (home / "index-earlier.json").unlink(missing_ok=True)
    (home / "index.json").write_bytes(orjson.dumps(index))


def test_each_night_record_holds_the_totals_of_its_entries(
    store: Store, banluck_home: Path
) -> None:
    """After every kind of write (rounds appended, a payment, a correction, an undo, a night
    closed), each night's totals in the index are those of its entries, and the season's are the
    sum: the balances, stats and results as computed from every entry."""
    three_nights(store)
    index = index_of(banluck_home)
    for key, record in index["nights"].items():
        assert record["totals"] == stats.night_totals(store.entries(int(key)), TOTALLED_KINDS)
    # a round reversed from a later night still counts in its own night (docs/corrections.md):
    # the season is the sum of the nights
    assert store.totals() == night_by_night(store)
    assert store.balances() == ledger.balances(store.entries())
    assert store.totals([2, 3]) == stats.night_totals(
        store.entries(2) + store.entries(3), TOTALLED_KINDS
    )
    assert "totals" not in store.nights()[0] and "totals" in store.nights(totals=True)[0]
    assert store.check() == []


def test_a_round_appended_adds_up_to_the_night_totalled_again(
    store: Store, banluck_home: Path
) -> None:
    """A round recorded adds its own totals to the night's: the same as totalling the night's
    entries again, after every round of a night."""
    open_night(store)
    for n in range(1, 13):
        store.record_round(a_round(("Bob", "Ann", n), ("Ann", "Cat", 2 * n)))
        if n % 4 == 0:
            store.add_payment("Cat", "Ann", n)
        record = index_of(banluck_home)["nights"]["1"]
        assert record["totals"] == stats.night_totals(store.entries(1), TOTALLED_KINDS)
        assert index_of(banluck_home)["meta"]["1"]["counted"]["summary"] == ledger.summarise(
            store.entries(1)
        )
    assert store.check() == []


def test_reads_do_not_open_the_older_nights(store: Store, banluck_home: Path) -> None:
    """The totals, the list of nights and the balances come from the index and the latest night:
    an older night file made unreadable does not change them (check still finds it)."""
    three_nights(store)
    before = (store.totals(), store.nights(), store.balances(), store.last_entries(2))
    (banluck_home / "nights" / "0001.json").write_bytes(b"{ not json")
    assert (store.totals(), store.nights(), store.balances(), store.last_entries(2)) == before
    assert any("0001.json" in p for p in _problems(store))


def _problems(store: Store) -> list[str]:
    try:
        return store.check()
    except Exception as exc:  # a damaged night file is an error naming it
        return [str(exc)]


def test_last_entries_reads_back_only_as_far_as_needed(store: Store) -> None:
    """The last N entries across nights, in seq order, whatever N is."""
    three_nights(store)
    everything = store.entries()
    for count in (0, 1, 2, 3, 5, len(everything), len(everything) + 4):
        assert store.last_entries(count) == everything[max(0, len(everything) - count) :]


def strip_totals(home: Path) -> None:
    """Make the index what banluck wrote before it kept the nights' totals."""
    index = index_of(home)
    for record in index["nights"].values():
        del record["totals"]
    old_index(home, index)


def test_an_index_without_totals_gets_them_from_the_night_files_once(
    store: Store, banluck_home: Path
) -> None:
    three_nights(store)
    expected = (store.totals(), store.nights(), store.balances())
    strip_totals(banluck_home)
    assert (store.totals(), store.nights(), store.balances()) == expected
    # the first read saved them: the index now has them, and a damaged older night is not read
    assert all("totals" in r for r in index_of(banluck_home)["nights"].values())
    (banluck_home / "nights" / "0001.json").write_bytes(b"{ not json")
    assert store.totals() == expected[0]


def test_an_index_without_totals_is_read_while_a_writer_holds_the_lock(
    store: Store, banluck_home: Path
) -> None:
    """A read that cannot save the totals it made (the lock is busy) uses them all the same."""
    three_nights(store)
    expected = store.totals()
    strip_totals(banluck_home)
    child = _hold_lock(banluck_home)
    try:
        assert store.totals() == expected
        assert all("totals" not in r for r in index_of(banluck_home)["nights"].values())
    finally:
        child.kill()
        child.wait()


def test_rebuilding_the_index_rebuilds_the_totals(store: Store, banluck_home: Path) -> None:
    three_nights(store)
    expected = index_of(banluck_home)
    (banluck_home / "index.json").unlink()
    store.rebuild_index()
    assert index_of(banluck_home) == expected


def test_check_finds_totals_that_do_not_match_the_night(store: Store, banluck_home: Path) -> None:
    """Hand-edited totals are found by check, and the rebuild mends them."""
    three_nights(store)
    path = banluck_home / "index-earlier.json"  # night 1 is before the latest
    earlier = orjson.loads(path.read_bytes())
    earlier["nights"]["1"]["totals"]["balance"]["Ann"] += 100
    path.write_bytes(orjson.dumps(earlier))
    problems = store.check()
    assert any("the index's record of night 1 does not match its file" in p for p in problems)
    store.rebuild_index()
    assert store.check() == []


def night_by_night(store: Store) -> stats.Totals:
    """The totals of every night, each computed from its own entries, added up."""
    ids = [r["id"] for r in store.nights()]
    return stats.add_totals(*(stats.night_totals(store.entries(i), TOTALLED_KINDS) for i in ids))


def test_the_commands_read_as_they_computed_from_the_entries(cli: Any, store: Store) -> None:
    """stats, history, settle (all, a night, dates) and ledger --all give what the entries give."""
    three_nights(store)
    everything = store.entries()

    def run(*args: str) -> Any:
        code, out, err = cli(*args, "--json")
        assert code == 0, err
        return json.loads(out)

    assert run("stats") == [
        r.as_dict() for r in stats.stats_of(night_by_night(store), TOTALLED_KINDS)
    ]
    assert run("stats", "--night", "2") == [
        r.as_dict() for r in stats.player_stats(store.entries(2), TOTALLED_KINDS)
    ]
    assert [n["result"] for n in run("history")] == [
        stats.results(store.entries(i)) for i in (1, 2, 3)
    ]
    assert run("settle")["balances"] == ledger.balances(everything)
    assert run("settle", "--night", "2")["balances"] == ledger.balances(store.entries(2))
    dated = [e for e in everything if e["night"] in (2, 3)]
    assert run("settle", "--from", "2024-05-05")["balances"] == ledger.balances(dated)
    assert run("ledger", "--all") == {
        "scope": "all nights",
        "entries": json.loads(json.dumps(everything)),
        "balances": ledger.balances(everything),
    }


def test_history_shows_the_last_nights_and_says_how_many_came_before(
    cli: Any, store: Store
) -> None:
    """The table of a long history shows the last --limit nights and counts the others; --limit 0
    and --json give every night; a negative limit is refused."""
    three_nights(store)
    code, out, _ = cli("history", "--limit", "2")
    assert code == 0 and "2024-05-10" in out and "2024-06-01" in out and "2024-05-03" not in out
    assert "1 earlier nights not shown" in out
    code, out, _ = cli("history", "--limit", "0")
    assert "2024-05-03" in out and "not shown" not in out
    code, out, _ = cli("history")
    assert "2024-05-03" in out and "not shown" not in out
    code, _, err = cli("history", "--limit", "-1")
    assert code == 1 and err.startswith("error: --limit -1 is not a count")


def test_history_rows_shown_are_those_of_every_night(cli: Any, store: Store) -> None:
    """The rows --limit shows read as they do when every night is shown (only the nights shown
    are made ready, each the same way)."""
    three_nights(store)

    def rows(*args: str) -> list[str]:
        code, out, err = cli("history", *args)
        assert code == 0, err
        words = out.split(" earlier nights not shown")[0].split()
        at = next(i for i, w in enumerate(words) if words[i : i + 2] == ["night", "2"])
        return words[at:]

    shown = rows("--limit", "2")
    assert shown[:-1] == rows("--limit", "0") and shown[-1] == "1"
