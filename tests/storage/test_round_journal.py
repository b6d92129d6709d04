"""A round recorded while the night's journal extends the night file is one line of the journal:
it reads back exactly as a round written into the night file, a torn last line is no round, and
any other write of the night (undo, a seat, a stake, a payment, closing) takes the journal's
rounds into the night file."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import orjson
import pytest

from banluck.storage import DamagedFile, Store, StoreError, journal
from banluck.storage import files as storage_files
from banluck.storage import store as store_module
from banluck.storage import tx as tx_module
from tests.helpers import disk_fills_after_4_bytes
from tests.storage.test_storage import SNAPSHOT, a_round, open_night

SEATS = ("Ann", "Bob", "Cat")


@pytest.fixture(autouse=True)
def same_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every entry and night stamped at the same time, so two stores can be compared whole."""
    monkeypatch.setattr(tx_module, "now", lambda: "2024-05-03T20:00:00+08:00")
    monkeypatch.setattr(store_module, "now", lambda: "2024-05-03T20:00:00+08:00")


def night_file(home: Path) -> Path:
    return home / "nights" / "0001.json"


def journaled_rounds(home: Path) -> list[int]:
    found = journal.read(night_file(home))
    return [] if found is None else [e["seq"] for e in found.entries]


def play(store: Store, *, lines: bool, rounds: int = 7) -> None:
    """A night of rounds (the dealer passing, the table changing, a preset changed half-way, a
    payment), each begun with lines of play when `lines` (so that the round goes to the journal)
    or recorded straight away (so that it is written into the night file)."""
    open_night(store, SEATS)
    other = {**SNAPSHOT, "name": "chinese, changed"}
    for i in range(rounds):
        if lines:
            store.push_action("deal")
            store.push_action(f"Bob draws {i}")
        extra: dict[str, Any] = {"preset": other} if i >= 4 else {}
        store.record_round(
            a_round(("Bob", "Ann", 10 + i), ("Cat", "Bob", 5), **extra),
            night_update={"dealer": SEATS[(i + 1) % 3], "table": {"dealt": i + 1}},
        )
        if i == 2:
            store.add_payment("Cat", "Ann", 7, "cash")


def view(store: Store, cli: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Everything a reader can see of the store, but what differs by how often the night file
    was written (its rev and its random token)."""
    monkeypatch.setenv("BANLUCK_HOME", str(store.home))
    code, exported, err = cli("export", "--json")
    assert code == 0, err
    ledger = cli("ledger", "--all")
    assert ledger[0] == 0, ledger[2]
    nights = [
        {k: v for k, v in r.items() if k not in ("rev", "token")} for r in store.nights(totals=True)
    ]
    return {
        "entries": store.entries(),
        "last": store.last_entries(3),
        "last entry": store.last_entry(),
        "balances": store.balances(),
        "totals": store.totals(),
        "season": store.season(),
        "people": store.people(),
        "count": store.count(),
        "nights": nights,
        "tonight": store.tonight(),
        "view": store.tonight_view()[1:],
        "live": store.live(),
        "export": orjson.loads(exported),
        "ledger": ledger[1],
    }


def night_tables(home: Path) -> dict[str, Any]:
    tables = orjson.loads(night_file(home).read_bytes())
    tables["meta"]["1"].pop("rev")
    tables["meta"]["1"].pop("token")
    return tables


def test_a_journaled_round_reads_back_as_one_written_in_the_night_file(
    banluck_home: Path, tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same night played twice: its rounds in the journal, and its rounds in the night file.
    Entries, balances, totals, the night's record, `check`, `export --json` and the ledger are
    the same; closed, the two night files hold the same tables."""
    journaled, written = Store(banluck_home), Store(tmp_path / "written")
    play(journaled, lines=True)
    play(written, lines=False)
    # rounds 4 to 7 are in the journal only (the payment after round 3 wrote the night file)
    assert journaled_rounds(banluck_home) == [5, 6, 7, 8]
    assert journaled_rounds(written.home) == []
    kept = orjson.loads(night_file(banluck_home).read_bytes())
    assert sorted(map(int, kept["entries"])) == [1, 2, 3, 4]
    assert journaled.check() == [] and written.check() == []
    assert view(journaled, cli, monkeypatch) == view(written, cli, monkeypatch)
    assert view(Store(banluck_home), cli, monkeypatch) == view(written, cli, monkeypatch)
    journaled.close_night()
    written.close_night()
    assert not journal.journal_path(night_file(banluck_home)).exists()
    assert night_tables(banluck_home) == night_tables(written.home)
    assert journaled.check() == [] and written.check() == []
    assert view(journaled, cli, monkeypatch) == view(written, cli, monkeypatch)


def test_a_journaled_round_leaves_the_night_file_alone(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the journal extends the night file on disk, recording a round neither reads nor
    writes the night file: one append to the journal, then index.json."""
    store = Store(banluck_home)
    open_night(store, SEATS)
    store.push_action("deal")
    store.record_round(a_round(("Bob", "Ann", 10)))
    store.push_action("deal")
    before = night_file(banluck_home).read_bytes()
    stat = night_file(banluck_home).stat()
    writes: list[str] = []
    real_write = storage_files.write_atomic

    def counting(path: Path, data: bytes, *, backup: bool = True) -> None:
        writes.append(path.name)
        real_write(path, data, backup=backup)

    def unread(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the night file was read")

    real_read = storage_files.read_tables_crc

    def reading(path: Path, *args: Any, **kwargs: Any) -> Any:
        if path.suffix == ".json" and path.parent.name == "nights":
            unread()
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(storage_files, "write_atomic", counting)
    monkeypatch.setattr(storage_files, "read_tables_crc", reading)
    for n in range(3):
        store.push_action("Bob draws 7")
        entry = store.record_round(
            a_round(("Cat", "Ann", 10 + n)), night_update={"dealer": SEATS[n % 3]}
        )
        assert entry["seq"] == 2 + n and entry["round"] == 2 + n
        assert entry["preset"] == SNAPSHOT
    monkeypatch.undo()
    assert writes == ["index.json"] * 3
    assert night_file(banluck_home).read_bytes() == before
    assert night_file(banluck_home).stat().st_mtime_ns == stat.st_mtime_ns
    assert journaled_rounds(banluck_home) == [1, 2, 3, 4]
    assert store.tonight() is not None and store.tonight()["dealer"] == "Cat"
    assert [e["seq"] for e in store.entries()] == [1, 2, 3, 4]
    assert store.check() == []


def test_a_torn_last_line_of_the_journal_is_no_round(banluck_home: Path) -> None:
    """A writer killed in the middle of appending a round leaves its line without a newline: the
    round was never acknowledged and is not there (no entry, the live round as it was, the
    dealer as he was); the next write cuts the torn line off and goes on."""
    store = Store(banluck_home)
    open_night(store, SEATS)
    store.push_action("deal")
    store.record_round(a_round(("Bob", "Ann", 10)), night_update={"dealer": "Bob"})
    store.push_action("deal")
    store.push_action("Cat busts")
    path = journal.journal_path(night_file(banluck_home))
    store.record_round(a_round(("Cat", "Bob", 20)), night_update={"dealer": "Cat"})
    whole = path.read_bytes()
    last = whole[:-1].rsplit(b"\n", 1)[1]
    assert last.startswith(b'{"entry"')
    expected = [e["seq"] for e in store.entries()][:-1]
    for cut in (1, len(last) // 2, len(last)):  # the newline is what acknowledges the line
        torn = whole[: -len(last) - 1] + last[:cut]
        path.write_bytes(torn)
        fresh = Store(banluck_home)
        assert [e["seq"] for e in fresh.entries()] == expected == [1]
        assert fresh.live() == ["deal", "Cat busts"]
        tonight = fresh.tonight()
        assert tonight is not None and tonight["dealer"] == "Bob"
        assert fresh.balances() == {"Ann": 10, "Bob": -10}
        assert fresh.check() == []
    again = Store(banluck_home).record_round(a_round(("Cat", "Bob", 30)))
    assert again["seq"] == 2
    assert journaled_rounds(banluck_home) == [1, 2]
    assert Store(banluck_home).live() == [] and Store(banluck_home).check() == []
    assert Store(banluck_home).balances() == {"Ann": 10, "Bob": 20, "Cat": -30}


def test_an_index_left_behind_the_journal_catches_up_once(banluck_home: Path) -> None:
    """A writer killed between appending the round and writing index.json: the round is
    recorded (the journal holds it), and the index, which says how many of the journal's rounds
    it counted, is made again from the night file and the journal: the round counted once."""
    store = Store(banluck_home)
    open_night(store, SEATS)
    store.push_action("deal")
    store.record_round(a_round(("Bob", "Ann", 10)))
    store.push_action("deal")
    index = banluck_home / "index.json"
    behind = index.read_bytes()
    store.record_round(a_round(("Cat", "Ann", 25)))
    index.write_bytes(behind)
    fresh = Store(banluck_home)
    assert fresh.balances() == {"Ann": 35, "Bob": -10, "Cat": -25}
    assert fresh.nights()[0]["entries"] == 2 and fresh.count() == 2
    assert fresh.check() == []
    fresh.push_action("deal")
    assert fresh.record_round(a_round(("Ann", "Bob", 5)))["seq"] == 3
    assert fresh.balances() == {"Ann": 30, "Bob": -5, "Cat": -25}
    assert fresh.check() == []


def journaled_night(home: Path, rounds: int = 3) -> Store:
    store = Store(home)
    open_night(store, SEATS)
    for n in range(rounds):
        store.push_action("deal")
        store.push_action(f"Bob draws {n}")
        store.record_round(
            a_round(("Bob", "Ann", 10 + n)), night_update={"dealer": SEATS[(n + 1) % 3]}
        )
    assert journaled_rounds(home) == list(range(1, rounds + 1))
    return store


def assert_folded(home: Path, seqs: list[int]) -> None:
    """The night file holds every entry, and no journal adds any."""
    assert journaled_rounds(home) == []
    tables = orjson.loads(night_file(home).read_bytes())
    assert [int(key) for key in tables.get("entries", {})] == seqs
    assert Store(home).check() == []


def test_undo_right_after_a_journaled_round(banluck_home: Path) -> None:
    """Undo takes the journal's rounds into the night file without the one undone; the round
    reopens with its lines and the dealer goes back, in the same write."""
    store = journaled_night(banluck_home)
    undone = store.undo_last(
        night_update={"dealer": "Cat"}, live=["deal", "Bob draws 2"], expect_seq=3
    )
    assert undone["seq"] == 3 and undone["transfers"][0]["amount"] == 12
    assert_folded(banluck_home, [1, 2])
    assert store.live() == ["deal", "Bob draws 2"]
    tonight = store.tonight()
    assert tonight is not None and tonight["dealer"] == "Cat"
    assert store.balances() == {"Ann": 21, "Bob": -21}
    store.push_action("Bob stands")
    assert store.record_round(a_round(("Bob", "Ann", 40)))["seq"] == 4  # seqs are never reused
    assert journaled_rounds(banluck_home) == [4]
    assert store.undo_last()["seq"] == 4
    assert store.undo_last()["seq"] == 2
    assert_folded(banluck_home, [1])
    assert store.balances() == {"Ann": 10, "Bob": -10}


def test_a_seat_change_mid_round_takes_the_journal_in(banluck_home: Path) -> None:
    store = journaled_night(banluck_home)
    store.push_action("deal")
    night = store.update_night(seats=[*SEATS, "Dan"], stakes={"Dan": 20})
    assert night["seats"] == [*SEATS, "Dan"] and night["dealer"] == "Ann"
    assert_folded(banluck_home, [1, 2, 3])
    assert store.live() == ["deal"]
    assert [e["round"] for e in store.entries()] == [1, 2, 3]
    store.push_action("Dan stands")
    store.record_round(a_round(("Dan", "Ann", 20)))
    assert journaled_rounds(banluck_home) == [4]
    assert store.nights()[0]["players"] == [*SEATS, "Dan"]
    assert store.check() == []


def test_closing_and_paying_take_the_journal_in(banluck_home: Path, tmp_path: Path) -> None:
    store = journaled_night(banluck_home)
    copy = tmp_path / "copy"
    shutil.copytree(banluck_home, copy)
    closed = store.close_night()
    assert closed["status"] == "closed" and closed["dealer"] == "Ann"
    assert_folded(banluck_home, [1, 2, 3])
    assert store.nights()[0]["entries"] == 3 and store.tonight() is None
    assert store.add_payment("Bob", "Ann", 33, "cash")["seq"] == 4
    assert_folded(banluck_home, [1, 2, 3, 4])
    assert store.balances() == {"Ann": 0, "Bob": 0}
    # a copy of the folder (another night file on disk): its first write takes the journal in
    other = Store(copy)
    assert [e["seq"] for e in other.entries()] == [1, 2, 3] and other.check() == []
    assert other.push_action("deal") == ["deal"]
    assert_folded(copy, [1, 2, 3])
    other.record_round(a_round(("Cat", "Ann", 5)))
    assert [e["seq"] for e in Store(copy).entries()] == [1, 2, 3, 4]
    assert Store(copy).check() == []


def test_a_long_journal_is_taken_into_the_night_file(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past `journal.BOUND` bytes, the next round is written into the night file with the
    journal's rounds, and the journal begins again from there."""
    monkeypatch.setattr(journal, "BOUND", 2000)
    store = Store(banluck_home)
    open_night(store, SEATS)
    sizes = []
    for n in range(12):
        store.push_action("deal")
        store.record_round(a_round(("Bob", "Ann", 1 + n)))
        path = journal.journal_path(night_file(banluck_home))
        sizes.append(path.stat().st_size if path.exists() else 0)
    assert 0 in sizes and max(sizes) < 2000 + 1500
    assert [e["seq"] for e in store.entries()] == list(range(1, 13))
    assert store.balances() == {"Ann": 78, "Bob": -78}
    assert store.check() == []


def test_a_full_disk_in_the_middle_of_a_round_records_nothing(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Part of the round's line written, then the disk is full: the journal is cut back, the
    error names the night, and nothing is recorded; the round can be recorded again."""
    store = journaled_night(banluck_home, rounds=1)
    store.push_action("deal")
    path = journal.journal_path(night_file(banluck_home))
    before = path.read_bytes()
    disk_fills_after_4_bytes(monkeypatch)
    with pytest.raises(StoreError, match=r"cannot save .*0001.json: the disk is full"):
        store.record_round(a_round(("Cat", "Ann", 10)))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [e["seq"] for e in store.entries()] == [1] and store.live() == ["deal"]
    assert store.check() == []
    assert store.record_round(a_round(("Cat", "Ann", 10)))["seq"] == 2
    assert store.balances() == {"Ann": 20, "Bob": -10, "Cat": -10}


def test_an_index_that_cannot_be_written_after_the_round_catches_up(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The round's line is in the journal but index.json cannot be saved: the round stands (a
    warning says the index is behind), and the next command counts it, once."""
    store = journaled_night(banluck_home, rounds=1)
    store.push_action("deal")
    real = storage_files.write_atomic

    def no_index(path: Path, data: bytes, *, backup: bool = True) -> None:
        if path.name == "index.json":
            raise StoreError("cannot save index.json: the disk is full")
        real(path, data, backup=backup)

    monkeypatch.setattr(storage_files, "write_atomic", no_index)
    assert store.record_round(a_round(("Cat", "Ann", 10)))["seq"] == 2
    assert any("the index was not updated" in w for w in store.warnings)
    monkeypatch.undo()
    fresh = Store(banluck_home)
    assert fresh.balances() == {"Ann": 20, "Bob": -10, "Cat": -10}
    assert fresh.count() == 2 and fresh.check() == []
    assert journaled_rounds(banluck_home) == [1, 2]


def test_the_index_made_again_counts_the_journal_rounds(banluck_home: Path) -> None:
    """An index lost or rebuilt is made from the night file with the journal's rounds in it."""
    store = journaled_night(banluck_home)
    expected = store.balances()
    (banluck_home / "index.json").unlink()
    assert Store(banluck_home).balances() == expected == {"Ann": 33, "Bob": -33}
    assert Store(banluck_home).check() == []
    Store(banluck_home).rebuild_index()
    assert Store(banluck_home).count() == 3 and Store(banluck_home).check() == []
    assert journaled_rounds(banluck_home) == [1, 2, 3]
    store.push_action("deal")
    assert store.record_round(a_round(("Cat", "Bob", 4)))["seq"] == 4
    assert journaled_rounds(banluck_home) == [1, 2, 3, 4] and store.check() == []


def test_a_damaged_night_file_says_what_its_backup_lacks(banluck_home: Path) -> None:
    """The night file's backup is older than the journal's rounds: the error says so."""
    store = journaled_night(banluck_home, rounds=2)
    store.add_payment("Bob", "Ann", 1)  # the night file written: its .bak is good
    store.push_action("deal")
    store.record_round(a_round(("Bob", "Ann", 3)))
    night_file(banluck_home).write_bytes(b"{not json")
    with pytest.raises(DamagedFile, match=r"the 1 round its journal 0001.live may hold since"):
        Store(banluck_home).entries()
