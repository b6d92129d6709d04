"""The index in two files (schema 4): index.json, rewritten by every write, and
index-earlier.json, the records of the nights before the latest, rewritten only when the latest
night changes. A writer killed between the writes of the two (or before either) leaves a store
that reads as if the change were wholly made or wholly not, and that `check` finds clean."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from banluck.money import ledger, stats
from banluck.storage import Store
from banluck.storage import files as storage_files
from banluck.storage.schema import TOTALLED_KINDS
from tests.storage.test_storage import SNAPSHOT, a_round, open_night, stored_bytes


class Killed(BaseException):
    """The writer dies here: nothing after this point is written."""


def two_nights(store: Store) -> None:
    open_night(store)
    store.record_round(a_round(("Bob", "Ann", 10)))
    store.close_night()
    open_night(store)
    store.record_round(a_round(("Cat", "Bob", 7)))
    store.add_payment("Bob", "Ann", 3)
    store.close_night()


def _die_at(monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    """Make the write of the file `name` kill the writer; return the names written before."""
    real = storage_files.write_atomic
    written: list[str] = []

    def dying(path: Path, data: bytes, *, backup: bool = True) -> None:
        if path.name == name:
            raise Killed(name)
        written.append(path.name)
        real(path, data, backup=backup)

    monkeypatch.setattr(storage_files, "write_atomic", dying)
    return written


def _consistent(home: Path) -> tuple[Any, ...]:
    """What every read gives, checked against the entries themselves, and check clean."""
    store = Store(home)
    entries = store.entries()
    assert store.totals() == stats.add_totals(
        *(stats.night_totals(store.entries(r["id"]), TOTALLED_KINDS) for r in store.nights())
    )
    assert store.balances() == ledger.balances(entries)
    assert store.count() == len(entries)
    assert store.check() == []
    return ([r["id"] for r in store.nights()], store.tonight() is not None, len(entries))


def OPEN(store: Store) -> Any:
    return store.open_night("chinese", SNAPSHOT, ["Ann", "Dan"], "Dan")


@pytest.mark.parametrize("dies_at", ["index-earlier.json", "index.json"])
def test_a_night_opened_by_a_writer_killed_between_the_index_files(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch, dies_at: str
) -> None:
    """Opening night 3 writes its night file, then index-earlier.json (with night 2 in it), then
    index.json: killed before either index file, night 3 is open all the same (its file is the
    truth) and the index catches up."""
    store = Store(banluck_home)
    two_nights(store)
    written = _die_at(monkeypatch, dies_at)
    with pytest.raises(Killed):
        OPEN(store)
    monkeypatch.undo()
    assert written[0] == "0003.json"
    assert _consistent(banluck_home) == ([1, 2, 3], True, 3)
    store.record_round(a_round(("Ann", "Dan", 4)))
    assert _consistent(banluck_home) == ([1, 2, 3], True, 4)


def test_a_night_cancelled_by_a_writer_killed_between_the_index_files(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancelling night 3 writes index-earlier.json (without night 2), then index.json, then
    removes the night's file: killed before index.json, the night is still there, open."""
    store = Store(banluck_home)
    two_nights(store)
    OPEN(store)
    _die_at(monkeypatch, "index.json")
    with pytest.raises(Killed):
        store.cancel_night()
    monkeypatch.undo()
    assert _consistent(banluck_home) == ([1, 2, 3], True, 3)
    Store(banluck_home).cancel_night()
    assert _consistent(banluck_home) == ([1, 2], False, 3)


def test_an_import_killed_between_the_index_files(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(banluck_home)
    two_nights(store)
    night = {"preset": "chinese", "snapshot": SNAPSHOT, "seats": ["Ann", "Bob"], "dealer": "Ann"}
    items = [a_round(("Bob", "Ann", 2))]
    _die_at(monkeypatch, "index.json")
    with pytest.raises(Killed):
        store.import_nights([(night, items), (night, items)])
    monkeypatch.undo()
    assert _consistent(banluck_home) == ([1, 2, 3, 4], False, 5)


def test_a_round_rewrites_index_json_only(banluck_home: Path) -> None:
    """With nights before the latest, a round recorded leaves index-earlier.json as it was."""
    store = Store(banluck_home)
    two_nights(store)
    OPEN(store)
    earlier = (banluck_home / "index-earlier.json").read_bytes()
    assert sorted(orjson.loads(earlier)["nights"]) == ["1", "2"]
    before = stored_bytes(banluck_home)
    store.record_round(a_round(("Ann", "Dan", 4)))
    after = stored_bytes(banluck_home)
    changed = sorted(k for k in after if before.get(k) != after[k])
    assert changed == ["index.json", "index.json.bak", "nights/0003.json", "nights/0003.json.bak"]


def test_an_index_from_schema_3_is_split_once(banluck_home: Path) -> None:
    """An index written by banluck 3 (every night's record in index.json) reads as before and is
    split by the first read that can take the lock."""
    store = Store(banluck_home)
    two_nights(store)
    OPEN(store)
    expected = (store.nights(totals=True), store.totals(), store.people(), store.season())
    index = orjson.loads((banluck_home / "index.json").read_bytes())
    earlier = orjson.loads((banluck_home / "index-earlier.json").read_bytes())
    index["nights"] = {**earlier["nights"], **index["nights"]}
    del index["meta"]["1"]["earlier"]
    index["meta"]["1"]["schema"] = 3
    (banluck_home / "index.json").write_bytes(orjson.dumps(index))
    (banluck_home / "index-earlier.json").unlink()
    assert (store.nights(totals=True), store.totals(), store.people(), store.season()) == expected
    split = orjson.loads((banluck_home / "index.json").read_bytes())
    assert list(split["nights"]) == ["3"] and split["meta"]["1"]["earlier"]["last"] == 2
    assert (banluck_home / "index-earlier.json").exists()
    assert store.check() == []


def test_an_index_earlier_file_edited_by_hand_is_checked_and_found(banluck_home: Path) -> None:
    """A file of earlier nights that is not the one index.json names is read field by field: a
    damaged field is an error naming it; a well-typed wrong value is found by check."""
    store = Store(banluck_home)
    two_nights(store)
    OPEN(store)
    path = banluck_home / "index-earlier.json"
    data = orjson.loads(path.read_bytes())
    data["nights"]["1"]["rounds"] = "many"
    path.write_bytes(orjson.dumps(data))
    with pytest.raises(
        storage_files.DamagedFile, match=r"index-earlier.json is damaged .*'rounds'"
    ):
        store.nights()
    data["nights"]["1"]["rounds"] = 5
    path.write_bytes(orjson.dumps(data))
    assert any("record of night 1 does not match" in p for p in store.check())
    store.rebuild_index()
    assert store.check() == []


def test_act_reads_the_store_once_a_line(
    cli: Any, banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`banluck act` reads the night once a line (its record, rounds and live round together);
    a line of play is then one append, a finished round one write."""
    from banluck.storage import tx as storage_tx

    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    made: list[bool] = []
    real = storage_tx.Tx.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        made.append(bool(kwargs.get("probe")))  # probe: a write's view, under the lock
        real(self, *args, **kwargs)

    monkeypatch.setattr(storage_tx.Tx, "__init__", counting)
    for line in ("dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7"):
        made.clear()
        assert cli("act", *line.split())[0] == 0
        reads = [m for m in made if not m]
        assert len(reads) == 1, (line, made)
    assert made == [False, True]  # the last line finished the round: one read, one write
    assert len(Store(banluck_home).entries()) == 1


def test_export_streams_the_entries_a_night_at_a_time(
    cli: Any, banluck_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`export --json/--csv` give the same text as the whole list would, read one night file at
    a time (never the list of every entry); to a file, all or nothing."""
    import json

    from banluck.app.exporting import transfers_csv_parts

    store = Store(banluck_home)
    two_nights(store)
    OPEN(store)
    store.record_round(a_round(("Ann", "Dan", 4)))
    entries = store.entries()
    monkeypatch.setattr(Store, "entries", lambda *a, **k: pytest.fail("the whole list was read"))
    code, out, _ = cli("export", "--json")
    assert code == 0 and out == json.dumps(entries, ensure_ascii=False, indent=1) + "\n"
    code, out, _ = cli("export", "--csv")
    assert code == 0 and out == "".join(transfers_csv_parts(entries))
    code, out, _ = cli("export", "--json", "--night", "3")
    assert code == 0 and json.loads(out) == [e for e in entries if e["night"] == 3]
    (banluck_home / "nights" / "0002.json").write_bytes(b"{ not json")
    target = tmp_path / "out.json"
    code, _, err = cli("export", "--json", "-o", str(target))
    assert code == 1 and "0002.json is damaged" in err
    assert not target.exists() and not list(tmp_path.glob(".out.json*"))


def test_a_transaction_is_freed_when_dropped(banluck_home: Path) -> None:
    """A Tx holds the nights it read: it must be freed as soon as it is dropped, without the
    cycle collector (which the store pauses and freezes while parsing: a Tx in a reference cycle
    would keep every night it read for the life of the process)."""
    import gc
    import weakref

    from banluck.storage.tx import Tx

    store = Store(banluck_home)
    two_nights(store)
    OPEN(store)
    gc.disable()
    try:
        for probe in (False, True):
            tx = Tx(store, probe=probe)
            tx.load_earlier()
            tx.totals()
            gone = weakref.ref(tx)
            del tx
            assert gone() is None
    finally:
        gc.enable()


def test_the_last_seq_before_tonight_is_read_from_index_json(banluck_home: Path) -> None:
    """Nights 1 and 2 hold seqs 1 to 3, none undone: the last seq before night 3 is 3, read from
    index.json alone (index-earlier.json replaced by bytes that are no JSON is not read for
    it); before night 2, 1, from the records of index-earlier.json."""
    store = Store(banluck_home)
    two_nights(store)
    OPEN(store)
    store.record_round(a_round(("Ann", "Dan", 4)))
    assert [(r["id"], r["last_seq"]) for r in store.nights()] == [(1, 1), (2, 3), (3, 4)]
    assert store.seq_before(2) == 1
    assert store.seq_before(1) == 0
    (banluck_home / "index-earlier.json").write_bytes(b"not json")
    assert store.seq_before(3) == 3
    with pytest.raises(storage_files.DamagedFile):
        store.seq_before(2)


def test_the_last_seq_before_tonight_when_one_was_undone(banluck_home: Path) -> None:
    """Night 2's payment (seq 3, its last entry) undone: night 3's first round is seq 4, the
    nights before lack seq 3, and the last seq before night 3 is 2, from the records."""
    store = Store(banluck_home)
    open_night(store)
    store.record_round(a_round(("Bob", "Ann", 10)))
    store.close_night()
    open_night(store)
    store.record_round(a_round(("Cat", "Bob", 7)))
    store.add_payment("Bob", "Ann", 3)
    store.undo_last()
    store.close_night()
    OPEN(store)
    store.record_round(a_round(("Ann", "Dan", 4)))
    assert [(r["id"], r["first_seq"], r["last_seq"]) for r in store.nights()] == [
        (1, 1, 1),
        (2, 2, 2),
        (3, 4, 4),
    ]
    assert store.seq_before(3) == 2


def test_the_last_nights_hold_the_last_entries_whole(banluck_home: Path) -> None:
    """Night 1 holds seq 1, night 2 seqs 2 and 3, night 3 seq 4: the last two entries are in
    nights 3 and 2, each given whole, latest first; the last entries are those of the ledger."""
    store = Store(banluck_home)
    two_nights(store)
    OPEN(store)
    store.record_round(a_round(("Ann", "Dan", 4)))
    seqs = [(i, [e["seq"] for e in entries]) for i, entries in store.last_nights(2)]
    assert seqs == [(3, [4]), (2, [2, 3])]
    assert [i for i, _ in store.last_nights(4)] == [3, 2, 1]
    assert store.last_nights(0) == []
    everything = store.entries()
    for count in range(6):
        assert store.last_entries(count) == everything[max(0, len(everything) - count) :]
