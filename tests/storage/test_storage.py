"""The store keeps the night's money: round trips, undo, the live round, migrations, damaged
files, a full disk and the lock. Every failure leaves the stored bytes exactly as they were."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import orjson
import pytest

from banluck.app import presets
from banluck.app.amending import reverse
from banluck.money import ledger
from banluck.storage import MIGRATIONS, SCHEMA, DamagedFile, Store, StoreBusy, StoreError, journal
from banluck.storage import files as storage_files

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = presets.load("chinese").to_dict()


@pytest.fixture
def store(banluck_home: Path) -> Store:
    return Store(banluck_home)


def a_round(*transfers: tuple[str, str, int], **extra: Any) -> dict[str, Any]:
    """A settled round as the engine hands it over."""
    return {
        "transfers": [
            {"from": a, "to": b, "amount": n, "reason": f"{a} pays {b}"} for a, b, n in transfers
        ],
        "log": [f"{a} pays {b} {n}" for a, b, n in transfers],
        "hands": {a: "regular" for a, _, _ in transfers},
        **extra,
    }


def open_night(store: Store, seats: tuple[str, ...] = ("Ann", "Bob", "Cat")) -> dict[str, Any]:
    return store.open_night("chinese", SNAPSHOT, list(seats), seats[0], {"Bob": 10}, "2024-05-03")


def stored_bytes(home: Path) -> dict[str, bytes]:
    """Every data file and backup under `home` (not the lock), by relative path."""
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and p.name != "lock"
    }


# -- round trip --------------------------------------------------------------------------------


def test_round_trip_through_a_new_store(store: Store, banluck_home: Path) -> None:
    """Everything written comes back the same from a fresh Store on the same folder."""
    night = open_night(store)
    assert (
        night["id"] == 1 and night["status"] == "open" and night["players"] == ["Ann", "Bob", "Cat"]
    )
    first = store.record_round(a_round(("Bob", "Ann", 10), ("Ann", "Cat", 20)))
    second = store.record_round(a_round(("Cat", "Ann", 10), round=7, cards={"Cat": "K 7"}))
    paid = store.add_payment("Cat", "Ann", 5, "cash at the door")
    fixed = reverse(store, first["seq"], "Cat's cards were misread")

    again = Store(banluck_home)
    assert again.entries() == [first, second, paid, fixed]
    assert [e["seq"] for e in again.entries()] == [1, 2, 3, 4]
    assert first["round"] == 1 and second["round"] == 7 and second["cards"] == {"Cat": "K 7"}
    assert first["preset"] == SNAPSHOT and first["dealer"] == "Ann" and first["night"] == 1
    assert again.balances() == {"Ann": 5, "Bob": 0, "Cat": -5}
    assert again.tonight() == {**night}
    assert again.people() == ["Ann", "Bob", "Cat"]
    assert {n: s["net"] for n, s in again.season().items()} == again.balances()
    assert again.season()["Ann"]["dealt"] == 2
    assert again.check() == []


def test_one_file_per_night_one_document_per_entry_and_one_copy_of_a_preset(
    store: Store, banluck_home: Path
) -> None:
    """A night's rounds are documents of its own file; the preset snapshot is stored once."""
    open_night(store)
    for _ in range(3):
        store.record_round(a_round(("Bob", "Ann", 10)))
    store.close_night()
    store.open_night("chinese", SNAPSHOT, ["Ann", "Dan"], "Dan")
    store.record_round(a_round(("Ann", "Dan", 10)))
    first = orjson.loads((banluck_home / "nights" / "0001.json").read_bytes())
    assert sorted(first["entries"]) == ["1", "2", "3"]
    assert list(first["presets"]) == ["1"]
    second = orjson.loads((banluck_home / "nights" / "0002.json").read_bytes())
    assert sorted(second["entries"]) == ["4"]
    index = orjson.loads((banluck_home / "index.json").read_bytes())
    meta = index["meta"]["1"]
    assert (meta["kind"], meta["schema"], meta["next_seq"]) == ("index", SCHEMA, 5)
    assert meta["counted"]["night"] == 2 and set(meta["counted"]["summary"]) == {"Ann", "Dan"}
    # the nights before the latest are kept apart, in a file written when the latest changes
    earlier = orjson.loads((banluck_home / "index-earlier.json").read_bytes())
    assert list(index["nights"]) == ["2"] and list(earlier["nights"]) == ["1"]
    assert earlier["nights"]["1"]["net"] == {"Ann": 30, "Bob": -30}
    assert meta["earlier"]["last"] == 1
    assert [p["name"] for p in index["people"].values()] == ["Ann", "Bob", "Cat", "Dan"]
    assert store.entries(night=2)[0]["seq"] == 4


def test_only_one_night_is_open_and_a_night_with_a_round_in_progress_stays_open(
    store: Store,
) -> None:
    """A second night cannot open over the first; closing waits for the live round."""
    open_night(store)
    with pytest.raises(StoreError, match="night 1 of 2024-05-03 is still open; close it first"):
        open_night(store)
    store.push_action("deal")
    with pytest.raises(StoreError, match="a round is in progress"):
        store.close_night()
    store.pop_action()
    assert store.close_night()["status"] == "closed"
    assert store.tonight() is None
    assert open_night(store)["id"] == 2


def test_update_night_keeps_everyone_who_sat_as_a_player(store: Store) -> None:
    """Seats change between rounds; who played stays known for the ledger and people."""
    open_night(store)
    night = store.update_night(seats=["Ann", "Cat", "Dan"], stakes={"Dan": 20}, dealer="Cat")
    assert night["seats"] == ["Ann", "Cat", "Dan"]
    assert night["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert night["stakes"] == {"Dan": 20} and night["dealer"] == "Cat"
    assert store.record_round(a_round(("Dan", "Cat", 20)))["dealer"] == "Cat"
    with pytest.raises(StoreError, match="the dealer 'Bob' is not seated"):
        store.update_night(dealer="Bob")
    assert store.people() == ["Ann", "Bob", "Cat", "Dan"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.record_round(a_round(("Zed", "Ann", 10))), "Zed is not a known person"),
        (lambda s: s.record_round(a_round(("Bob", "Ann", 0))), "amount is 0"),
        (lambda s: s.record_round(a_round(("Bob", "Ann", 10), night=9)), "round is for night 9"),
        (lambda s: s.record_round({**a_round(), "seq": 3}), "may not set seq"),
        (lambda s: s.record_round(a_round(("Bob", "Ann", 10), x={1, 2})), "cannot be stored"),
        (lambda s: s.add_payment("Bob", "Zed", 10), "Zed never played here"),
        (lambda s: s.add_payment("Bob", "Ann", -1), "amount is -1"),
        (lambda s: reverse(s, 42, "typo"), "there is no entry #42"),
        (lambda s: s.pop_action(), "the round has no action to undo"),
        (lambda s: s.push_action("two\nlines"), "an action is one line"),
        (lambda s: s.update_night(stakes={"Bob": 0}), "the stake of Bob is 0"),
        (lambda s: s.record_round(["Bob", "Ann", 10]), "a round is a dict of its results"),
        (lambda s: s.record_round({"transfers": ["Bob pays 10"]}), "transfer 1 is 'Bob pays"),
        (lambda s: s.record_round({"transfers": [], "hands": ["Bob"]}), "hands is \\['Bob'\\]"),
        (lambda s: s.record_round({"transfers": [], "log": 5}), "log must be a list"),
        (lambda s: reverse(s, "1", "typo"), "'1' is not a seq"),
        (lambda s: s.update_night(preset="x", snapshot={"a": {1, 2}}), "snapshot of preset x"),
    ],
)
def test_a_refused_change_changes_no_byte(
    store: Store, banluck_home: Path, change: Any, message: str
) -> None:
    """Bad input gets a sentence saying what was wrong, and the stored files stay as they were."""
    open_night(store)
    store.record_round(a_round(("Bob", "Ann", 10)))
    before = stored_bytes(banluck_home)
    with pytest.raises(ledger.BanluckError, match=message):
        change(store)
    assert stored_bytes(banluck_home) == before


def test_nothing_can_be_recorded_without_an_open_night(store: Store) -> None:
    """Rounds and actions need an open night; payments need someone who played."""
    with pytest.raises(StoreError, match="no night is open"):
        store.record_round(a_round(("Bob", "Ann", 10)))
    with pytest.raises(StoreError, match="no night is open"):
        store.push_action("deal")
    with pytest.raises(StoreError, match="no night has been played yet"):
        store.add_payment("Bob", "Ann", 10)
    assert store.live() == [] and store.entries() == [] and store.last_entry() is None


# -- undo --------------------------------------------------------------------------------------


def test_undo_removes_only_the_last_entry_and_returns_it(store: Store) -> None:
    """Undo takes back the last entry as it was stored; seqs are never given out twice."""
    open_night(store)
    first = store.record_round(a_round(("Bob", "Ann", 10)))
    paid = store.add_payment("Bob", "Ann", 10)
    assert store.last_entry() == paid
    assert store.undo_last() == paid
    assert store.entries() == [first]
    assert store.undo_last() == first
    assert store.entries() == []
    with pytest.raises(StoreError, match="the ledger is empty"):
        store.undo_last()
    assert store.record_round(a_round(("Bob", "Ann", 10)))["seq"] == 3
    assert store.check() == []


def test_undo_does_not_reach_into_a_night_that_is_over(store: Store) -> None:
    """Once the next night has started, a past entry is fixed by a correction instead."""
    open_night(store)
    first = store.record_round(a_round(("Bob", "Ann", 10)))
    store.close_night()
    open_night(store)
    with pytest.raises(StoreError, match="seq 1, belongs to night 1, which is over; record a corr"):
        store.undo_last()
    fixed = reverse(store, first["seq"], "dealt from the wrong deck")
    assert fixed["night"] == 2 and fixed["reverses"] == 1
    assert store.balances() == {"Ann": 0, "Bob": 0}
    with pytest.raises(ledger.LedgerError, match="#1 is already reversed by #2"):
        reverse(store, first["seq"], "again")
    assert store.undo_last() == fixed


# -- the live round ----------------------------------------------------------------------------


def test_live_round_push_pop_clear(store: Store, banluck_home: Path) -> None:
    """Actions stack up in order, pop from the end, survive a new process, and clear."""
    open_night(store)
    assert store.push_action("deal") == ["deal"]
    assert store.push_action("Bob draws 7") == ["deal", "Bob draws 7"]
    store.push_action("Cat stands")
    assert Store(banluck_home).live() == ["deal", "Bob draws 7", "Cat stands"]
    assert store.pop_action() == "Cat stands"
    assert store.push_action("Cat draws K") == ["deal", "Bob draws 7", "Cat draws K"]
    assert [store.pop_action() for _ in range(3)] == ["Cat draws K", "Bob draws 7", "deal"]
    assert store.live() == []


def test_recording_a_round_and_clearing_the_live_round_is_one_write(
    store: Store, banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One append to the night's journal holds the new entry and the empty live round (the
    night file is not written: then only the index); when the night file is next written, one
    atomic replace takes both in: its previous version (the .bak, with the journal of the lines
    played on it) has the live round and no entry; the journal does not extend the new version;
    there is no state between."""
    open_night(store)
    store.push_action("deal")
    store.push_action("Bob busts")
    night_file = banluck_home / "nights" / "0001.json"
    played = journal.read(night_file)
    assert played is not None and played.lines == ["deal", "Bob busts"]
    writes: list[str] = []
    real = storage_files.write_atomic

    def counting(path: Path, data: bytes, *, backup: bool = True) -> None:
        writes.append(path.name)
        real(path, data, backup=backup)

    monkeypatch.setattr(storage_files, "write_atomic", counting)
    kept = night_file.read_bytes()
    store.record_round(a_round(("Bob", "Ann", 10)))
    assert writes == ["index.json"] and night_file.read_bytes() == kept
    after = journal.read(night_file)
    assert after is not None and after.lines == [] and [e["seq"] for e in after.entries] == [1]
    store.update_night(stakes={"Cat": 20})  # a write of the night file takes the round in
    assert writes == ["index.json", "0001.json", "index.json"]
    now = orjson.loads(night_file.read_bytes())
    before = orjson.loads((banluck_home / "nights" / "0001.json.bak").read_bytes())
    assert list(now["entries"]) == ["1"] and now["live"] == {}
    assert not before.get("entries") and before["meta"]["1"]["token"] == played.token
    assert now["meta"]["1"]["token"] != played.token
    stale = journal.read(night_file)
    assert stale is None or stale.token != now["meta"]["1"]["token"]


def test_a_failed_record_keeps_the_live_round(
    store: Store, banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the night file cannot be written, neither the entry nor the clearing happens."""
    open_night(store)
    store.push_action("deal")
    monkeypatch.setattr(os, "write", _enospc)
    with pytest.raises(StoreError, match="the disk is full"):
        store.record_round(a_round(("Bob", "Ann", 10)))
    monkeypatch.undo()
    assert store.live() == ["deal"] and store.entries() == []


# -- migrations --------------------------------------------------------------------------------


def _v1_files(home: Path) -> None:
    """A store as schema 1 wrote it: nights knew only their current seats."""
    (home / "nights").mkdir(parents=True)
    entry = {
        "seq": 1, "kind": "round", "night": 1, "at": "2024-01-05T22:00:00+08:00", "round": 1,
        "dealer": "Ann", "preset": 1, "log": ["Bob pays Ann 10"],
        "transfers": [{"from": "Bob", "to": "Ann", "amount": 10, "reason": "17 v 19"}],
        "hands": {"Bob": "regular"},
    }  # fmt: skip
    night = {
        "meta": {"1": {"kind": "night", "schema": 1, "rev": 3, "next_seq": 2}},
        "night": {"1": {
            "id": 1, "date": "2024-01-05", "preset": "chinese", "snapshot": SNAPSHOT,
            "seats": ["Ann", "Cat"], "stakes": {}, "dealer": "Ann", "status": "closed",
            "started": "2024-01-05T20:00:00+08:00", "closed": "2024-01-06T01:00:00+08:00",
        }},
        "presets": {"1": SNAPSHOT},
        "entries": {"1": entry},
        "live": {},
    }  # fmt: skip
    (home / "nights" / "0001.json").write_bytes(orjson.dumps(night))
    record = {k: v for k, v in night["night"]["1"].items() if k != "snapshot"}
    record.update(
        rev=3, next_seq=2, entries=1, rounds=1, first_seq=1, last_seq=1, reversed=[], live=0,
        summary=ledger.summarise([entry]),
    )  # fmt: skip
    index = {
        "meta": {"1": {"kind": "index", "schema": 1, "next_seq": 2}},
        "nights": {"1": record},
        "people": {"1": {"name": "Ann"}, "2": {"name": "Cat"}},
        "season": {str(i): {"name": n, **s} for i, (n, s) in enumerate(record["summary"].items())},
    }
    (home / "index.json").write_bytes(orjson.dumps(index))


def test_schema_5_is_four_migrations_past_schema_1() -> None:
    """Migrations are a numbered list; the current schema is one past the last of them."""
    assert SCHEMA == 5 and len(MIGRATIONS) == 4


def test_migration_v1_to_v2_records_who_played_each_night(banluck_home: Path) -> None:
    """A v1 night that lost Bob from its seats still knows he played (from its entries), once
    upgraded; the file is written at v2 on the next change and its .bak keeps the v1 file."""
    _v1_files(banluck_home)
    v1_bytes = (banluck_home / "nights" / "0001.json").read_bytes()
    store = Store(banluck_home)
    assert store.night(1)["players"] == ["Ann", "Cat", "Bob"]
    assert store.people() == ["Ann", "Bob", "Cat"]
    assert store.balances() == {"Ann": 10, "Bob": -10}
    assert (
        banluck_home / "nights" / "0001.json"
    ).read_bytes() == v1_bytes  # reading writes nothing
    store.add_payment("Bob", "Ann", 4, "paid part")
    upgraded = orjson.loads((banluck_home / "nights" / "0001.json").read_bytes())
    assert upgraded["meta"]["1"]["schema"] == SCHEMA
    assert upgraded["night"]["1"]["players"] == ["Ann", "Cat", "Bob"]
    assert (banluck_home / "nights" / "0001.json.bak").read_bytes() == v1_bytes
    index = orjson.loads((banluck_home / "index.json").read_bytes())
    assert index["meta"]["1"]["schema"] == SCHEMA
    assert index["nights"]["1"]["net"] == {"Ann": 6, "Bob": -6}
    assert "summary" not in index["nights"]["1"]
    assert store.check() == []


def test_a_file_from_a_newer_banluck_is_refused(store: Store, banluck_home: Path) -> None:
    """Data written by a newer version is never guessed at: the error says to upgrade."""
    open_night(store)
    path = banluck_home / "nights" / "0001.json"
    data = orjson.loads(path.read_bytes())
    data["meta"]["1"]["schema"] = SCHEMA + 1
    path.write_bytes(orjson.dumps(data))
    before = stored_bytes(banluck_home)
    with pytest.raises(
        DamagedFile, match=rf"written by a newer banluck \(data schema {SCHEMA + 1}; this one"
    ):
        store.push_action("deal")
    with pytest.raises(DamagedFile, match="upgrade banluck"):
        store.entries()
    assert stored_bytes(banluck_home) == before


# -- damaged files -----------------------------------------------------------------------------


def _three_rounds(store: Store) -> None:
    open_night(store)
    for n in (10, 20, 30):
        store.record_round(a_round(("Bob", "Ann", n)))


@pytest.mark.parametrize(
    ("damage", "detail"),
    [
        (lambda raw: raw[: len(raw) // 2], "not valid JSON: unexpected end of data"),
        (lambda raw: b"", "the file is empty"),
        (lambda raw: raw.replace(b'"entries":{', b'"entries":[{', 1), "not valid JSON"),
        (lambda raw: b"[1, 2, 3]", "the file holds list, not tables"),
        (lambda raw: raw.replace(b'"kind":"night"', b'"kind":"index"', 1), "not a night file"),
        (lambda raw: raw.replace(b'"seq":2', b'"seq":"2"', 1), "entry 2 has seq '2'"),
        (lambda raw: raw.replace(b'"status":"open"', b'"status":"maybe"', 1), "night status"),
    ],
)
def test_a_damaged_night_file_is_named_with_its_backup_and_left_alone(
    store: Store, banluck_home: Path, damage: Any, detail: str
) -> None:
    """Bad JSON, a truncated or empty file, or the wrong shape: every command stops with one
    sentence naming the file, what is wrong and the good backup to copy back; no byte changes.
    The backup copied back lacks the last change, which the index counted: every command says
    so (never a silent drop); the index rebuilt says what it dropped, and the store works
    again."""
    _three_rounds(store)
    path = banluck_home / "nights" / "0001.json"
    bak = banluck_home / "nights" / "0001.json.bak"
    path.write_bytes(damage(path.read_bytes()))
    before = stored_bytes(banluck_home)
    for command in (store.entries, store.tonight, lambda: store.push_action("deal"), store.check):
        with pytest.raises(DamagedFile) as caught:
            command()
        message = str(caught.value)
        assert f"the data file {path} is damaged (" in message
        assert detail in message
        assert f"its previous version {bak} is good" in message
        assert f"cp '{bak}' '{path}'" in message
        assert "\n" not in message
        assert caught.value.path == path and caught.value.backup == bak
    assert stored_bytes(banluck_home) == before
    shutil.copy(bak, path)
    with pytest.raises(DamagedFile, match=f"{path} no longer holds entry #3 as the index counted"):
        store.entries()
    store.rebuild_index()
    assert any("the 1 that no night file holds are no longer counted" in w for w in store.warnings)
    assert [e["transfers"][0]["amount"] for e in store.entries()] == [10, 20]
    assert store.check() == []
    assert store.record_round(a_round(("Bob", "Ann", 40)))["seq"] == 3  # the lost round's seq


def test_a_damaged_file_without_a_good_backup_says_so(store: Store, banluck_home: Path) -> None:
    """When the backup is damaged too, the error does not send the user to it."""
    _three_rounds(store)
    path = banluck_home / "nights" / "0001.json"
    path.write_bytes(b"{")
    (banluck_home / "nights" / "0001.json.bak").write_bytes(b"")
    with pytest.raises(
        DamagedFile, match=r"it has no good backup \(.*0001.json.bak is damaged too"
    ):
        store.entries()


def test_a_damaged_index_names_the_rebuild_and_rebuild_loses_nothing(
    store: Store, banluck_home: Path
) -> None:
    """The index is only a cache: the error offers its backup or a rebuild from the nights."""
    _three_rounds(store)
    store.add_payment("Bob", "Ann", 60)
    truth = store.balances()
    (banluck_home / "index.json").write_bytes(b'{"meta": {"1": {"kind": "index"')
    with pytest.raises(DamagedFile, match=r"index.json is damaged .*rebuild the index") as caught:
        store.record_round(a_round(("Bob", "Ann", 10)))
    assert "index.json.bak" in str(caught.value)
    store.rebuild_index()
    assert store.balances() == truth and store.check() == []


def test_a_lost_index_is_rebuilt_from_the_night_files(store: Store, banluck_home: Path) -> None:
    """Without index.json (a crash before the first index write) nothing is lost."""
    _three_rounds(store)
    entries = store.entries()
    (banluck_home / "index.json").unlink()
    assert Store(banluck_home).entries() == entries
    assert store.check() == []
    assert (banluck_home / "index.json").exists()


def test_a_missing_night_file_is_an_error_not_an_empty_night(
    store: Store, banluck_home: Path
) -> None:
    """A night file that disappeared is reported with what the index knew of it."""
    _three_rounds(store)
    store.close_night()
    open_night(store)
    (banluck_home / "nights" / "0001.json").unlink()
    with pytest.raises(
        DamagedFile, match=r"0001.json is damaged \(the file is missing, but the in"
    ):
        store.entries()


def test_an_index_one_step_behind_catches_up(store: Store, banluck_home: Path) -> None:
    """A crash between the night file and the index leaves the index behind; the next command
    reads the truth from the night file and saves the index again."""
    _three_rounds(store)
    old_index = (banluck_home / "index.json").read_bytes()
    store.record_round(a_round(("Bob", "Ann", 40)))
    store.add_payment("Bob", "Ann", 5)
    (banluck_home / "index.json").write_bytes(old_index)
    assert [e["seq"] for e in store.entries()] == [1, 2, 3, 4, 5]
    assert store.season()["Bob"]["net"] == -95
    assert store.record_round(a_round(("Bob", "Ann", 1)))["seq"] == 6
    assert store.check() == []


def test_streaming_entries_gives_the_same_entries_one_night_at_a_time(store: Store) -> None:
    """iter_entries yields what entries returns, in seq order, for all nights or one."""
    _three_rounds(store)
    store.close_night()
    open_night(store)
    store.record_round(a_round(("Cat", "Bob", 5)))
    assert list(store.iter_entries()) == store.entries()
    assert [e["seq"] for e in store.iter_entries(night=2)] == [4]
    assert store.balances() == {"Ann": 60, "Bob": -55, "Cat": -5}
    with pytest.raises(StoreError, match="there is no night 7"):
        store.entries(night=7)


def test_check_reports_hand_edited_data_that_still_parses(store: Store, banluck_home: Path) -> None:
    """A cache edited out of line with the nights, and a round edited to a bad amount and a
    stranger, are each reported; check does not stop at the first."""
    _three_rounds(store)
    store.close_night()
    open_night(store)
    night_file = banluck_home / "nights" / "0001.json"
    data = orjson.loads(night_file.read_bytes())
    data["entries"]["2"]["transfers"][0]["amount"] = 2.5
    data["entries"]["3"]["transfers"][0]["to"] = "Zed"
    night_file.write_bytes(orjson.dumps(data))
    index_file = banluck_home / "index.json"
    index = orjson.loads(index_file.read_bytes())
    index["season"]["1"]["net"] += 100  # Ann
    index_file.write_bytes(orjson.dumps(index))
    problems = store.check()
    assert "the index's record of night 1 does not match its file; rebuild the index" in problems[0]
    joined = "\n".join(problems)
    assert "seq 2 (round 2 of night 1): transfer 1 amount is 2.5" in joined
    assert "seq 3 (round 3 of night 1): names Zed, who did not sit that night" in joined
    assert "seq 3 (round 3 of night 1): transfer 1 to Zed is not a known person" in joined
    assert "the stored balance of Ann is 160 but the entries sum to" in joined
    assert "the index's season summary does not match the nights" in joined


def test_an_index_that_missed_a_new_night_catches_up(store: Store, banluck_home: Path) -> None:
    """An index left behind across a change of night (index writes failed, or an old index was
    put back): the next command recounts the night it last counted and the nights it never saw,
    and check is clean."""
    _three_rounds(store)
    old_index = (banluck_home / "index.json").read_bytes()
    store.add_payment("Bob", "Ann", 15)
    store.close_night()
    open_night(store)
    store.record_round(a_round(("Cat", "Bob", 7)))
    (banluck_home / "index.json").write_bytes(old_index)
    assert store.tonight() is not None and store.tonight()["id"] == 2  # type: ignore[index]
    assert {n: s["net"] for n, s in store.season().items()} == {"Ann": 45, "Bob": -38, "Cat": -7}
    assert store.check() == []


# -- a full disk -------------------------------------------------------------------------------


def _enospc(fd: int, data: Any) -> int:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_loses_nothing_already_stored(
    store: Store, banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When a write hits a full disk, every file keeps its bytes, no temp file stays behind,
    the error says so in one sentence, and the same write works once there is room again."""
    _three_rounds(store)
    store.push_action("deal")
    before = stored_bytes(banluck_home)
    monkeypatch.setattr(os, "write", _enospc)
    for change in (
        lambda: store.record_round(a_round(("Bob", "Ann", 40))),
        lambda: store.push_action("Bob draws"),
        lambda: store.add_payment("Bob", "Ann", 5),
        store.pop_action,
        store.undo_last,
    ):
        with pytest.raises(StoreError, match=r"cannot save .*0001.json: the disk is full; nothi"):
            change()
    monkeypatch.undo()
    assert stored_bytes(banluck_home) == before
    assert not [p for p in banluck_home.rglob("*.tmp")]
    assert store.live() == ["deal"]
    assert [e["seq"] for e in store.entries()] == [1, 2, 3]
    assert store.record_round(a_round(("Bob", "Ann", 40)))["seq"] == 4
    assert store.check() == []


def test_a_full_disk_on_the_index_alone_keeps_the_change(
    store: Store, banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The night file holds the truth: if only the index cannot be saved, the change stands
    (with a warning) and the index catches up on the next command."""
    _three_rounds(store)
    real = storage_files.write_atomic

    def index_fails(path: Path, data: bytes, *, backup: bool = True) -> None:
        if path.name == "index.json":
            raise storage_files._write_error(path, OSError(errno.ENOSPC, "full"))
        real(path, data, backup=backup)

    monkeypatch.setattr(storage_files, "write_atomic", index_fails)
    entry = store.record_round(a_round(("Bob", "Ann", 40)))
    assert store.warnings and "the index was not updated" in store.warnings[0]
    monkeypatch.undo()
    assert store.entries()[-1] == entry
    assert store.check() == []


def test_leftover_temp_files_are_cleared_by_the_next_write(
    store: Store, banluck_home: Path
) -> None:
    """A writer killed mid-write leaves a temp file; the next writer (holding the lock) removes
    it, and the data file itself was never touched."""
    _three_rounds(store)
    stray = banluck_home / "nights" / ".0001.json.99999.tmp"
    stray.write_bytes(b'{"half a fi')
    assert len(store.entries()) == 3
    store.push_action("deal")
    assert not stray.exists()


# -- the lock ----------------------------------------------------------------------------------


HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from banluck.storage import Store
    with Store(Path(sys.argv[1])).locked():
        print("held", flush=True)
        sys.stdin.readline()  # held until the test says to let go (or is gone)
    """
)


def _hold_lock(home: Path) -> subprocess.Popen[str]:
    """Another process holding the store's lock until a line is written to its stdin."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(home)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "held"
    return child


def test_a_second_process_waits_then_names_the_holder(banluck_home: Path) -> None:
    """While another process holds the lock, a write waits its timeout, then says which process
    (pid and command) holds it; once that process is gone the write goes through."""
    store = Store(banluck_home, lock_timeout=0.5)
    open_night(store)
    child = _hold_lock(banluck_home)
    try:
        started = time.monotonic()
        with pytest.raises(StoreBusy) as caught:
            store.push_action("deal")
        waited = time.monotonic() - started
        message = str(caught.value)
        assert f"process {child.pid} (" in message
        assert "-c" in message and "has held it for more than 0.5 s" in message
        assert waited >= 0.5
        assert store.live() == []  # reading needs no lock
    finally:
        child.kill()
        child.wait()
    assert store.push_action("deal") == ["deal"]


def test_a_waiting_write_goes_through_when_the_holder_finishes(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that meets a holder waits for it instead of failing: the holder lets go only once
    the write has found the lock taken and is waiting (its first pause between tries), and the
    write then goes through. No clock is read, so a busy machine cannot change the outcome."""
    from banluck.storage import lock

    store = Store(banluck_home, lock_timeout=120)
    open_night(store)
    child = _hold_lock(banluck_home)
    assert child.stdin is not None
    pauses = [0]

    def pause(seconds: float) -> None:
        pauses[0] += 1
        if pauses[0] == 1:
            assert store.live() == []  # the write has not gone through while the lock is held
            child.stdin.write("let go\n")
            child.stdin.flush()
        time.sleep(seconds)

    monkeypatch.setattr(lock, "time", SimpleNamespace(monotonic=time.monotonic, sleep=pause))
    try:
        assert store.push_action("deal") == ["deal"]
    except BaseException:
        child.kill()
        child.wait()
        raise
    assert pauses[0] >= 1  # it did wait for the holder
    assert child.wait(timeout=60) == 0  # the holder let go and ended by itself


def test_the_lock_is_re_entrant_within_a_process(store: Store) -> None:
    """Holding the lock across calls does not block the calls themselves."""
    open_night(store)
    with store.locked(), Store(store.home).locked():
        store.push_action("deal")
        store.record_round(a_round(("Bob", "Ann", 10)))
    assert len(store.entries()) == 1
