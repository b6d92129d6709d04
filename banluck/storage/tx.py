"""A write: a `View` of the files (`banluck.storage.index`) that changes night files.

A write changes night files through TinyDB tables in memory; `commit()` saves each changed night
file (a new rev and token; the journal's rounds, read into the tables, are written with them),
then the index. A round recorded in the journal (`journal_round`) changes no night file: only the
index.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import orjson
from tinydb import TinyDB
from tinydb.table import Document

from banluck.money import ledger
from banluck.money.entries import Entry
from banluck.storage import clean, journal, schema
from banluck.storage.codec import chained, head, sealed, stored_form
from banluck.storage.files import StoreError, Tables
from banluck.storage.index import View, meta_of, night_of, night_totals, storage_of, tables_of

_ROUND_ORDER = ("round", "dealer", "preset", "log", "transfers", "hands")


def now() -> str:
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def journal_state(tables: Tables, crc: int | None) -> dict[str, Any]:
    """What a journal's header keeps of the night file it extends (`journal.Journal.state`), so
    that a round can be appended to the journal without reading the night file."""
    meta = tables["meta"]["1"]
    rounds = [e["round"] for e in tables.get("entries", {}).values() if e["kind"] == "round"]
    return {
        "rev": meta["rev"],
        "crc": crc,
        "night": tables["night"]["1"],
        "presets": tables.get("presets", {}),
        "next_seq": meta["next_seq"],
        "round": max(rounds, default=0),
    }


class Tx(View):
    """One operation's view of the files (`View`) that changes the latest night: entries added,
    rounds journaled, night files and the index saved (`commit`)."""

    def latest_db(self) -> TinyDB:
        if self.latest is None:
            raise StoreError("no night has been played yet; open a night first")
        return self.night_db(self.latest)

    def open_db(self) -> TinyDB:
        """The open night's file; StoreError when no night is open."""
        if self.latest is None or self.record(self.latest)["status"] != "open":
            raise StoreError("no night is open; open a night first")
        return self.night_db(self.latest)

    def change_night(self, db: TinyDB, changes: Mapping[str, Any] | None) -> dict[str, Any]:
        """The night record of `db` with `changes` (keys of `clean.NIGHT_CHANGES`), checked, and
        written in memory when there are any."""
        night = clean.changed_night(dict(night_of(db)), changes or {})
        if changes:
            db.table("night").update(night, doc_ids=[1])
        return night

    def new_meta(self, rev: int, next_seq: int) -> dict[str, Any]:
        """The `meta` of a new night file: its chain begins with the latest night's seal."""
        meta = {"kind": "night", "schema": schema.SCHEMA, "rev": rev, "next_seq": next_seq}
        meta["undone"] = []  # the seqs undone: what `check` does not count as a gap
        if self.latest is None:
            return meta
        return {**meta, "prior": sealed(tables_of(self.night_db(self.latest)))}

    def undo(self, db: TinyDB, seqs: Sequence[int]) -> None:
        """Remove the entries `seqs` of the night file `db` (in memory), keeping their seqs in
        its `meta.undone` (from its opening by a banluck that keeps them; a seq is never given
        twice, and `check` tells them from entries deleted by hand)."""
        db.table("entries").remove(doc_ids=list(seqs))
        undone = meta_of(db).get("undone")
        if isinstance(undone, list):
            db.table("meta").update({"undone": [*undone, *seqs]}, doc_ids=[1])

    def set_live(self, db: TinyDB, lines: Sequence[str]) -> None:
        """Make `lines` the live round of the night file `db` (in memory)."""
        db.table("live").truncate()
        db.table("live").insert_multiple({"line": line} for line in lines)

    def add_entry(self, db: TinyDB, entry: Entry | Mapping[str, Any]) -> dict[str, Any]:
        """Give `entry` the next seq and append it to the night file `db` (in memory)."""
        stored, result = self.prepare(db, entry, self.next_seq())
        db.table("entries").insert(Document(stored, doc_id=stored["seq"]))
        self.appended.setdefault(night_of(db)["id"], []).append(stored)
        db.table("meta").update({"next_seq": stored["seq"] + 1}, doc_ids=[1])
        return result

    def add_pool_entries(
        self, db: TinyDB, given: Sequence[Entry | Mapping[str, Any]], people: Sequence[str]
    ) -> list[dict[str, Any]]:
        """Add buy-ins or prizes to the night file `db`, each checked first: StoreError naming
        every problem, nothing added."""
        entries = [stored_form(entry) for entry in given]
        problems: list[str] = []
        for entry in entries:
            if entry.get("kind") not in ledger.POOL_KINDS:
                problems.append(f"kind is {entry.get('kind')!r}, expected buy-in or prize")
                continue
            problems += ledger.entry_problems(entry, people)
        if problems:
            raise StoreError(f"cannot record the entries: {'; '.join(problems)}")
        return [self.add_entry(db, entry) for entry in entries]

    def prepare(
        self, db: TinyDB, entry: Entry | Mapping[str, Any], seq: int, prev: str | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The document to store for `entry` as `seq` (a round's preset as a reference to the
        night's copy of it; its digest chained to `prev`, by default the night's last), and the
        entry as the API returns it."""
        prev = head(tables_of(db)) if prev is None else prev
        return _prepared(entry, seq, night_of(db)["id"], lambda s: self._preset_ref(db, s), prev)

    def journal_round(
        self, night_id: int, entry: Entry | Mapping[str, Any], night: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """Record a round in the journal of the night (`journaled`), not in its file: one line
        with the stored entry, the fields of the night record that `night` changes, and the preset snapshot
        when the night has no copy of it yet (a round recorded clears the live round). Then the
        night's record gets the round's totals added, and the index is made anew (saved by
        `commit`). Returns the entry as the API returns it."""
        found = self.journaled[night_id]
        state = found.state
        assert state is not None
        presets = state["presets"]
        added: list[Any] = []

        def preset_ref(snapshot: Mapping[str, Any]) -> int:
            for key, doc in presets.items():
                if doc == snapshot:
                    return int(key)
            key = max(map(int, presets), default=0) + 1
            added.append([key, dict(snapshot)])
            return key

        record = self._records[night_id]
        stored, result = _prepared(
            entry, self.next_seq(), night_id, preset_ref, record["digest"] or ""
        )
        op: dict[str, Any] = {"entry": stored}
        before = state["night"]
        changed = {k: v for k, v in (night or {}).items() if k not in before or before[k] != v}
        if changed:  # the fields the round changes (the dealer, the table), as an update
            op["night"] = changed
        if added:
            op["preset"] = added[0]
        journal.append(found, self.store.night_path(night_id), op)
        from banluck.money import stats

        made, totals = night_totals([stored], self.store.night_path(night_id))
        summary = ledger.add_summaries(self.fresh[night_id], made)
        new = {k: v for k, v in state["night"].items() if k != "snapshot"}
        new.update(
            rev=record["rev"],
            token=record["token"],
            next_seq=stored["seq"] + 1,
            entries=record["entries"] + 1,
            rounds=record["rounds"] + 1,
            first_seq=record["first_seq"] if record["entries"] else stored["seq"],
            last_seq=stored["seq"],
            reversed=record["reversed"],
            live=0,
            net={name: s["net"] for name, s in summary.items() if s["net"]},
            totals=stats.add_totals(record["totals"], totals),
            crc=record["crc"],
            digest=stored["digest"],
        )
        if "renamed" in record:
            new["renamed"] = record["renamed"]
        new["journal"] = found.folded
        self._records[night_id], self.fresh[night_id] = new, summary
        self._write_index()
        return result

    def _preset_ref(self, db: TinyDB, snapshot: Mapping[str, Any]) -> int:
        presets = db.table("presets")
        for key, doc in tables_of(db).get("presets", {}).items():
            if doc == snapshot:
                return int(key)
        return presets.insert(dict(snapshot))

    def stage_night(self, night_id: int) -> None:
        """Count a night changed in memory (not yet written) as the latest, for the next steps of
        the same write (a bulk import of several nights)."""
        self._add_id(night_id)
        self._refresh(night_id)

    def commit_night(self, night_id: int) -> None:
        """Save one changed night file (a new rev) and refresh its index record in memory."""
        db = self.nights[night_id]
        storage = storage_of(db)
        # its sums are checked before it is written: a night the index cannot count is refused
        night_totals(list(tables_of(db).get("entries", {}).values()), storage.path)
        rev = meta_of(db)["rev"] + 1
        db.table("meta").update({"rev": rev, "token": os.urandom(8).hex()}, doc_ids=[1])
        storage.commit()
        journal.remove(storage.path)  # the night file holds the live round (and its rounds) now
        self.journaled.pop(night_id, None)
        self._add_id(night_id)
        self._refresh(night_id)
        self._write_index()

    def commit(self) -> None:
        """Save every changed night file, then bring the index up to date with them. What the
        index will need is read first: a damaged index-earlier.json refuses the change before any
        night file is written (its message says nothing was changed, and it is true)."""
        dirty = [i for i, db in self.nights.items() if storage_of(db).dirty]
        latest = max([*dirty, *([self.latest] if self.latest is not None else [])], default=None)
        if dirty and not self.loaded and any(i < latest for i in self._records):  # type: ignore[operator]
            self.load_earlier()  # a night moves among the earlier ones: they are read now
        for night_id, db in sorted(self.nights.items()):
            if storage_of(db).dirty:
                self.commit_night(night_id)
        if self.loaded and self.earlier_dirty and not storage_of(self.earlier_db).dirty:
            self._write_index()  # index-earlier.json is not the one index.json names: mend it
        self.commit_index()


def new_night(night_id: int, spec: Mapping[str, Any], seat_them: str) -> dict[str, Any]:
    """The record of a new night as `night_id`, checked: `spec` holds the arguments of
    `Store.open_night` and its `status`, and for a night imported its `players`, `started` and
    `closed` (a night closed); `table` is kept only when given. `seat_them` ends the refusal of
    a dealer who is not seated."""
    seats = clean.clean_seats(spec["seats"])
    status = spec["status"]
    if status not in ("open", "closed"):
        raise StoreError(f"a night's status is open or closed, not {status!r}")
    if spec["dealer"] not in seats:
        raise StoreError(f"the dealer {spec['dealer']!r} is not seated; {seat_them}")
    clean.check_preset(spec["preset"], spec["snapshot"])
    night = {
        "id": night_id,
        "date": clean.clean_date(spec.get("date")),
        "preset": spec["preset"],
        "snapshot": dict(spec["snapshot"]),
        "seats": seats,
        "players": list(dict.fromkeys([*spec.get("players", []), *seats])),
        "stakes": clean.clean_stakes(spec.get("stakes") or {}, seats),
        "dealer": spec["dealer"],
        "status": status,
        "started": spec.get("started") or now(),
        "closed": None if status == "open" else spec.get("closed") or now(),
    }
    if "table" in spec:
        night["table"] = clean.clean_table(spec["table"])
    return night


def _prepared(
    given: Entry | Mapping[str, Any],
    seq: int,
    night_id: int,
    preset_ref: Callable[[Any], int],
    prev: str,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The document to store for `given` as `seq` in night `night_id`, a round's preset given as
    `preset_ref(snapshot)` and its digest chained to `prev`, and the entry as the API returns
    it."""
    entry = stored_form(given)
    stored = {"seq": seq, "kind": entry["kind"], "night": night_id, "at": now()}
    order = _ROUND_ORDER if entry["kind"] == "round" else ()
    stored.update((k, entry[k]) for k in order if k in entry)
    stored.update((k, v) for k, v in entry.items() if k not in stored)
    try:
        orjson.dumps(stored)
    except orjson.JSONEncodeError as exc:
        raise StoreError(f"the {stored['kind']} cannot be stored: {exc}") from None
    result = dict(stored)
    if stored["kind"] == "round":
        stored["preset"] = preset_ref(stored["preset"])
    stored["digest"] = chained(prev, stored)
    return stored, result
