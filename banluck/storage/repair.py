"""Checking and repair of the stored data: `check` (every problem, each one line), the index
made again from the night files (`rebuild_index`), and whole nights written at once
(`import_nights`). `banluck.storage.store.Store` calls these under its lock."""

from __future__ import annotations

import contextlib
import hashlib
import os
import zlib
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import orjson
from tinydb import TinyDB
from tinydb.table import Document

from banluck.core.reading import read_bytes
from banluck.money import ledger
from banluck.money.entries import Entry
from banluck.money.ledger import Problem, Summary
from banluck.storage import schema
from banluck.storage.clean import clean_line
from banluck.storage.codec import chained, sealed
from banluck.storage.files import DamagedFile, StoreError, no_gc, write_atomic
from banluck.storage.index import (
    REBUILD_HINT,
    Files,
    earlier_sums,
    entries_of,
    night_record,
    seals_of,
    storage_of,
    tables_of,
)
from banluck.storage.tx import Tx, new_night


def check(
    tx: Tx,
    *,
    full: bool = True,
    proofs: dict[int, dict[str, Any]] | None = None,
    unread: set[int] | None = None,
) -> list[Problem]:
    """Every problem in the stored data, each one line (a `Problem`: the seq of the entry it is
    about, or None); [] when all is well (`tx` trusts no file: each is checked field by field).
    What is checked: `Store.check`. Unless `full`, the rounds of a sealed night (one `seal`
    found sound, unchanged since) are not checked by the ledger's rules one by one again (only
    those that a correction names), and a night sealed with the digest of its file's bytes
    (the index's `sealed` table) is not read as JSON at all: its bytes are hashed and compared, and only a
    night whose bytes changed is read and checked in full (and named). `proofs` is given what
    `seal` needs to seal each night that was checked in full (`_proof`), `unread` the nights
    found as sealed (whose rounds were then not read)."""
    with no_gc():  # a year of records and entries makes no cycles: no collection walks them
        return _check(tx, full, proofs, unread)


def _check(
    tx: Tx,
    full: bool,
    proofs: dict[int, dict[str, Any]] | None,
    unread: set[int] | None,
) -> list[Problem]:
    index = storage_of(tx.index).read() or {"nights": {}, "season": {}, "people": {}}
    earlier = storage_of(tx.earlier_db).read() or {}
    stored = {**earlier.get("nights", {}), **index["nights"]}
    # Read a night at a time: each night's rounds are checked by the ledger's rules with the
    # night, and only what links entries across nights is kept (`kept`: each night's entries
    # that are not rounds); the rounds a correction names are read again at the end.
    kept: dict[int, list[dict[str, Any]] | None] = {}  # None: sealed, not read
    spans: dict[int, tuple[Any, Any]] = {}  # each night's first and last seq
    skipped: set[int] = set()  # the seqs of sealed rounds
    records: list[dict[str, Any]] = []
    summaries: list[dict[str, Summary]] = []
    problems: list[Problem] = []
    damaged_files: list[Problem] = []
    everyone = {n for r in stored.values() for n in r.get("players") or ()}
    top = 0  # the largest seq of every night

    def note(message: str) -> None:  # a problem of the files, not of one entry
        problems.append(Problem(None, message))

    # the nights sealed with their file's bytes: hashed first, on every core, a file at a time
    held_seals = {**seals_of(earlier), **seals_of(index)}
    seals = {
        i: _held_proof(stored.get(str(i), {}), held_seals.get(str(i))) for i in sorted(tx.records)
    }
    paths = {i: tx.store.night_path(i) for i in seals}
    hashes = _hash_files((paths[i] for i, proof in seals.items() if proof is not None), strong=full)
    journals = _journals(tx)  # the nights with a journal beside them
    before: tuple[int, str] | None = None  # the night before and its seal
    start: int | None = 1  # the next seq when the night was opened
    if True:
        for night_id in sorted(tx.records):
            record = stored.get(str(night_id), {})
            path = paths[night_id]
            proof = seals[night_id]
            if proof is not None and night_id not in journals:
                changed = _bytes_changed(hashes[path], proof, record)
                if changed is None and not full:  # the very bytes found sound: not read
                    records.append(_without_seal(record))
                    summaries.append(proof["summary"])
                    before, start = (night_id, proof["seal"]), record["next_seq"]
                    kept[night_id] = None
                    spans[night_id] = (record["first_seq"], record["last_seq"])
                    top = max(top, record["last_seq"] or 0)
                    if unread is not None:
                        unread.add(night_id)
                    continue
                if changed is not None:
                    note(_CHANGED.format(night=night_id, path=path, changed=changed))
            try:
                db = tx.night_db(night_id)
                tables = tables_of(db)
                fresh, summary = night_record(db)
            except DamagedFile as exc:  # named, and every other night still checked
                damaged_files.append(Problem(None, str(exc)))
                start = None  # where the next night's seqs begin is not known
                tx.nights.pop(night_id, None)
                continue
            night = tables["night"]["1"]
            records.append(fresh)
            summaries.append(summary)
            spans[night_id] = (fresh["first_seq"], fresh["last_seq"])
            held = _without_seal(record)
            seal = record.get("sealed")
            if held != fresh:
                note(
                    f"the index's record of night {night_id} does not match its file; "
                    f"{REBUILD_HINT}"
                )
            found = len(problems)
            problems += _chain_problems(tables, path, before)
            before = (night_id, sealed(tables))
            if night["status"] == "open" and night_id != tx.latest:
                note(f"night {night_id} is open but is not the latest night")
            skip = (
                not full
                and proof is None
                and held == fresh
                and seal is not None
                and seal == fresh["digest"]
            )
            numbers: set[int] = set()  # the night's seqs
            rounds: list[dict[str, Any]] = []
            others = kept[night_id] = []
            for entry in entries_of(tables, copy=False):
                if entry["kind"] == "round":
                    problems += _round_problems(entry, night_id, night["players"])
                    if skip:
                        skipped.add(entry["seq"])
                    else:
                        rounds.append(entry)
                else:
                    others.append(entry)
                numbers.add(entry["seq"])
            problems += ledger.check(rounds, everyone | set(night["players"]))
            top = max(top, *numbers, 0)
            if start is not None:
                problems += _gap_problems(tables, path, start, numbers)
            start = fresh["next_seq"]
            if proofs is not None and len(problems) == found and held == fresh:
                proofs[night_id] = _proof(path, db, before[1], summary, fresh)
            del tables, rounds
            del tx.nights[night_id]
    if damaged_files:  # the sums of the whole cannot be checked without every night
        return damaged_files + problems
    people = {name for r in records for name in r["players"]}
    cached = {doc["name"]: doc["net"] for doc in index["season"].values()}
    season = ledger.add_summaries(*summaries)
    said = {problem.message for problem in problems}
    problems += _linked_problems(tx, kept, spans, stored, skipped, people, said)
    if not skipped and not any(entries is None for entries in kept.values()):
        # every night read: the season's balances against the nights' entries
        computed = season
        for name in sorted(set(computed) | set(cached)):
            want = computed[name]["net"] if name in computed else 0
            have = cached.get(name, 0)
            if want != have:
                message = f"the stored balance of {name} is {have} but the entries sum to {want}"
                problems.append(Problem(None, message))
    if sorted(d["name"] for d in index["people"].values()) != sorted(people):
        note("the index's list of people does not match the nights")
    have_season = {
        d["name"]: {k: v for k, v in d.items() if k != "name"} for d in index["season"].values()
    }
    if have_season != season:
        note(f"the index's season summary does not match the nights; {REBUILD_HINT}")
    counted = index["meta"]["1"]["counted"] if "meta" in index else None
    if records and counted != {"night": records[-1]["id"], "summary": summaries[-1]}:
        note(f"the index's count of the latest night does not match its file; {REBUILD_HINT}")
    problems += _earlier_problems(index, records)
    next_seq = max((r["next_seq"] for r in records), default=1)
    if top and next_seq <= top:
        note(f"the next seq is {next_seq} but seq {top} exists")
    return problems


def _linked_problems(
    tx: Tx,
    kept: dict[int, list[dict[str, Any]] | None],
    spans: Mapping[int, tuple[Any, Any]],
    stored: Mapping[str, Any],
    skipped: set[int],
    people: set[str],
    said: set[str],
) -> list[Problem]:
    """The ledger's rules over what links entries across nights: every entry that is not a
    round, and the rounds the corrections name (read again from their nights), in seq order; a
    problem said already with its night's rounds is not said again."""
    named = {
        e.get("reverses", e.get("amends"))
        for entries in kept.values()
        for e in entries or ()
        if e["kind"] == "correction"
    }
    hashed = [i for i, entries in kept.items() if entries is None]
    pulled = set(_holding(tx, hashed, named, stored))  # sealed nights a correction reaches
    for night_id, (first, last) in spans.items():
        ranged = isinstance(first, int) and isinstance(last, int)
        if ranged and any(isinstance(s, int) and first <= s <= last for s in named):
            pulled.add(night_id)
    for night_id in sorted(pulled):
        entries = _night_entries(tx, night_id)
        if kept[night_id] is None:
            skipped.update(e["seq"] for e in entries if e["kind"] == "round")
        kept[night_id] = [e for e in entries if e["kind"] != "round" or e["seq"] in named]
    linked = [e for entries in kept.values() for e in entries or ()]
    if not linked:
        return []
    out = []
    for problem in ledger.check(linked, people):
        if problem.message not in said:
            out.append(problem)
    return out


def _night_entries(tx: Tx, night_id: int) -> list[dict[str, Any]]:
    """A night's entries read again (checked when first read)."""
    db = tx.night_db(night_id)
    entries = entries_of(tables_of(db), copy=False)
    del tx.nights[night_id]
    return entries


def seal(tx: Tx, proofs: Mapping[int, Mapping[str, Any]] | None = None) -> None:
    """Seal every night over (closed, and not the latest) that `check` found sound: its record
    keeps its last digest as `sealed`, which the next `check` trusts while the file is unchanged
    (`check` without `full`); and every closed night (the latest too) of the `proofs`, those
    `check` read in full and found sound, keeps the digest and size of its file's exact bytes,
    its seal and its summary (the index files' `sealed` table, with a digest of them and the
    night's record), so that the next plain `check` hashes the file's bytes instead of reading
    it. A banluck that writes a night file again makes its record anew from the file, which no
    longer matches that digest: a night changed by banluck is read in full again."""
    latest = tx.latest
    changed = False
    for night_id, record in tx.records.items():
        if record["status"] != "closed" or not record.get("digest"):
            continue
        if night_id != latest and record.get("sealed") != record["digest"]:
            record["sealed"] = record["digest"]
            tx.earlier_dirty = True
        proof = (proofs or {}).get(night_id)
        if proof is not None and proof["record"] == _without_seal(record):
            held = {k: v for k, v in proof.items() if k != "record"}
            record["sealed"] = record["digest"]
            tx.seals[str(night_id)] = {**held, "self": _self_digest(record, held)}
            tx.earlier_dirty = tx.earlier_dirty or night_id != latest
            changed = True
    if tx.earlier_dirty or changed:
        tx._write_index()


_CHANGED = (
    "night {night} ({path}) changed since `check` found it sound and sealed it ({changed});"
    " it is checked in full: if no banluck did that, put it back from its backup (.bak) or a"
    " copy of the data folder; if you changed it on purpose and nothing else is said of it,"
    " `banluck check --repair` seals it again as it is"
)


def _without_seal(record: Mapping[str, Any]) -> dict[str, Any]:
    """A night's record less what `seal` adds to it (not part of what the night file gives)."""
    return {k: v for k, v in record.items() if k != "sealed"}


def _self_digest(record: Mapping[str, Any], held: Mapping[str, Any]) -> str:
    """The digest of a night's record (less its seal) and what `seal` sealed it with (less this
    digest): a record or seal edited by hand no longer matches it."""
    body = orjson.dumps([_without_seal(record), held], option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(body).hexdigest()


def _held_proof(record: Mapping[str, Any], proof: Any) -> dict[str, Any] | None:
    """What `seal` sealed a night with (the index files' `sealed` table), when it is whole and
    matches the night's record (`_self_digest`), else None (the night is then read and checked
    as any other)."""
    if not isinstance(proof, dict) or record.get("sealed") != record.get("digest"):
        return None
    held = {k: v for k, v in proof.items() if k != "self"}
    shaped = (
        isinstance(held.get("sha256"), str)
        and isinstance(held.get("size"), int)
        and isinstance(held.get("seal"), str)
        and isinstance(held.get("summary"), dict)
    )
    try:
        holds = shaped and proof.get("self") == _self_digest(record, held)
    except TypeError:  # a value JSON cannot hold: not a seal banluck made
        holds = False
    return proof if holds else None


def _journals(tx: Tx) -> set[int]:
    """The nights with a journal (`NNNN.live`) beside their file: one listing of the folder."""
    try:
        names = os.listdir(tx.store.night_path(1).parent)
    except OSError:
        return set(tx.records)  # each is then read as any night is
    return {int(n[:-5]) for n in names if n.endswith(".live") and n[:-5].isdigit()}


def _hash_files(
    paths: Iterable[Path], *, strong: bool
) -> dict[Path, tuple[int, int, str | None] | OSError]:
    """Each file's size, the CRC-32 of its bytes and, when `strong`, their SHA-256 (or why it
    cannot be read), on every core (zlib and hashlib let go of the interpreter while they
    hash); one file a thread in memory at a time."""

    def one(path: Path) -> tuple[int, int, str | None] | OSError:
        try:
            raw = read_bytes(path)
        except OSError as exc:
            return exc
        return len(raw), zlib.crc32(raw), hashlib.sha256(raw).hexdigest() if strong else None

    listed = list(paths)
    if len(listed) < 8:
        return {path: one(path) for path in listed}
    with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        return dict(zip(listed, pool.map(one, listed), strict=True))


def _bytes_changed(
    hashed: tuple[int, int, str | None] | OSError,
    proof: Mapping[str, Any],
    record: Mapping[str, Any],
) -> str | None:
    """None when a night file's bytes (`hashed`) are those it was sealed with: its size, the
    CRC-32 its record keeps (which sees every change of one byte, or of up to four in a row),
    and, with `check --full`, the SHA-256 of its bytes; else what changed."""
    if isinstance(hashed, OSError):
        return f"it cannot be read ({hashed.strerror or hashed})"
    size, crc, digest = hashed
    if size != proof["size"]:
        return f"its size is {size:,} bytes, it was {proof['size']:,}"
    if crc != record.get("crc") or (digest is not None and digest != proof["sha256"]):
        return "its bytes are not those sealed"
    return None


def _proof(
    path: Path,
    db: TinyDB,
    seal: str,
    summary: Mapping[str, Any],
    record: Mapping[str, Any],
) -> dict[str, Any]:
    """What `seal` keeps of a night file found sound: the digest and size of its bytes (those
    read, by their CRC-32), its seal (`codec.sealed`, made before its entries were handed
    out), its summary, and the record it was found to match."""
    try:
        raw = read_bytes(path)
    except OSError:
        raw = b""
    if zlib.crc32(raw) != storage_of(db).crc:
        return {"record": None}  # it changed while it was checked: not sealed
    return {
        "sha256": hashlib.sha256(raw).hexdigest(),
        "size": len(raw),
        "seal": seal,
        "summary": dict(summary),
        "record": dict(record),
    }


def _holding(
    tx: Tx, hashed: Sequence[int], named: set[Any], stored: Mapping[str, Any]
) -> list[int]:
    """The nights of `hashed` (sealed, not read) that hold an entry a correction of the nights
    read names, or a correction of the same entry, or a rename (the links between entries are
    checked under the names of today)."""
    if not named:
        return []
    out = []
    for night_id in hashed:
        record = stored[str(night_id)]
        first, last = record.get("first_seq"), record.get("last_seq")
        holds = isinstance(first, int) and isinstance(last, int)
        holds = holds and any(isinstance(s, int) and first <= s <= last for s in named)
        if holds or set(record.get("reversed") or ()) & named or record.get("renamed"):
            out.append(night_id)
    return out


def _earlier_problems(
    index: Mapping[str, Any], records: Sequence[Mapping[str, Any]]
) -> list[Problem]:
    """The sums index.json keeps of the nights before the latest (what `ledger --all`, `settle`
    and `pay` add the latest night to) against those nights' files, field by field."""
    held = index["meta"]["1"].get("earlier") if "meta" in index else None
    if not isinstance(held, Mapping) or not records:
        return []
    before = records[:-1]
    want = earlier_sums(before, held.get("crc"))
    wrong = [key for key, value in want.items() if held.get(key) != value]
    if not wrong:
        return []
    named = ", ".join(f"'{key}'" for key in wrong)
    message = (
        f"the index's sums of the nights before the latest ({named} of {len(before)} nights in"
        f" index.json) do not match the night files; {REBUILD_HINT}"
    )
    return [Problem(None, message)]


def rebuild_index(store: Files) -> None:
    """Rebuild index.json from the night files (after it was damaged or lost); the caller holds
    the lock. StoreError when it cannot be saved (a full disk): the index is then as it was."""
    before, digests = _counted(store)
    tx = Tx(store, rebuild=True)
    warned = len(store.warnings)
    tx.commit()
    if tx.index_error is not None:
        del store.warnings[warned:]  # said once, as the error
        raise StoreError(
            f"the index could not be rebuilt: {tx.index_error}; it is as it was: free some"
            " space (or fix the folder's permissions) and run `banluck check --rebuild-index`"
            " again"
        )
    after = sum(record["entries"] for record in tx.records.values())
    if before is not None and after < before:  # what was done, said: entries no file holds
        store.warnings.append(
            f"the index had counted {before} entries and the night files hold {after}: the"
            f" {before - after} that no night file holds are no longer counted (a journal lost"
            " or an older night file put back); to recover them, put the data folder back from"
            " a copy and run `banluck check` again"
        )
    changed = [i for i, d in digests.items() if d and tx.records.get(i, {}).get("digest") != d]
    if changed:  # and the nights whose entries are not those the index had counted
        files = ", ".join(str(store.night_path(i)) for i in sorted(changed))
        store.warnings.append(
            f"the entries of {files} are not those the index had counted (their last digest"
            " changed: an entry edited or deleted by hand, or an older file put back); the index"
            " now counts them as they are: if no banluck did that, put the data folder back"
            " from a copy and run `banluck check` again"
        )


def _counted(store: Files) -> tuple[int | None, dict[int, str | None]]:
    """How many entries the index counted before a rebuild (None when it cannot be read), and
    the last digest it recorded of each night (those of the records it can read)."""
    from banluck.storage.files import read_tables_crc

    try:
        index, _ = read_tables_crc(store.index_path, schema.validate_index)
    except StoreError:
        return None, {}
    if index is None:
        return None, {}
    records = dict(index["nights"])
    with contextlib.suppress(StoreError):
        path = store.index_path.with_name("index-earlier.json")
        earlier_file, _ = read_tables_crc(path, schema.validate_earlier)
        records.update((earlier_file or {}).get("nights", {}))
    earlier = index["meta"]["1"].get("earlier") or {}
    counted = sum(int(r.get("entries", 0)) for r in index["nights"].values())
    digests = {int(key): r.get("digest") for key, r in records.items()}
    return counted + int(earlier.get("entries") or 0), digests


def import_nights(
    tx: Tx, nights: Iterable[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]]
) -> int:
    """Write whole closed nights at once (an import, or a benchmark's history).

    Each item is a night (the arguments of `open_night` as a dict, plus optional `started`,
    `closed`, `players`, `table`, and `live` with `status` "open" for a last night left open
    with those lines of a round in play) and its entries as `record_round`, `ledger.payment`
    or `ledger.correction` would make them (no seq: seqs are given in order). Every entry is
    checked as a live write would check it. Everything is written in one decision (`tx`, under the
    lock): each night file once, then the index; a refusal or a failed write of a night file
    leaves nothing stored. Returns the number of entries written.
    """
    count = 0
    staged: list[int] = []
    for spec, items in nights:
        latest = tx.latest
        if latest is not None and tx.record(latest)["status"] == "open":
            raise StoreError(f"night {latest} is open; close it before importing nights")
        night_id = (latest or 0) + 1
        count += _stage_night(tx, night_id, spec, items)
        staged.append(night_id)
    _write_staged(tx, staged)
    return count


def _stage_night(
    tx: Tx, night_id: int, spec: Mapping[str, Any], items: Sequence[Mapping[str, Any]]
) -> int:
    """Make one imported night's file in memory (not yet written), each entry checked, and
    count it as the latest; returns the number of its entries."""
    night = new_night(night_id, {"status": "closed", **spec}, "seat them")
    live = [clean_line(line) for line in spec.get("live") or []]
    if live and night["status"] != "open":
        raise StoreError("a round in play can only be kept on a night left open")
    seq = tx.next_seq()
    db = tx.night_db(night_id)
    db.table("meta").insert(tx.new_meta(0, seq))
    db.table("night").insert(night)
    people = set(night["players"]) | tx.people()
    documents: list[Document] = []
    rounds = 0
    for item in items:
        entry: Entry | dict[str, Any] = dict(item)
        if item.get("kind", "round") == "round":
            rounds += 1
            given = {**item, "night": night_id, "round": item.get("round", rounds)}
            try:
                entry = ledger.round_entry(
                    given, night_id, rounds, night["dealer"], night["snapshot"], people
                )
            except ledger.RoundProblems as exc:
                raise StoreError(f"cannot import night {night_id}: {exc}") from None
        elif problems := ledger.entry_problems(item, people):
            raise StoreError(f"cannot import night {night_id}: {'; '.join(problems)}")
        stored, _ = tx.prepare(db, entry, seq, documents[-1]["digest"] if documents else None)
        documents.append(Document(stored, doc_id=seq))
        seq += 1
    db.table("entries").insert_multiple(documents)
    db.table("live").insert_multiple({"line": line} for line in live)
    db.table("meta").update({"next_seq": seq}, doc_ids=[1])
    tx.stage_night(night_id)
    return len(documents)


def _write_staged(tx: Tx, staged: Sequence[int]) -> None:
    """Every night was checked: now write them, then the index. A failed write removes the
    nights written before it (new files only: the store is left as it was)."""
    written: list[int] = []
    try:
        for night_id in staged:
            tx.commit_night(night_id)
            written.append(night_id)
            if night_id != tx.latest:
                del tx.nights[night_id]
    except BaseException:
        for night_id in written:
            with contextlib.suppress(OSError):
                tx.store.night_path(night_id).unlink()
        raise
    tx._write_index()


RESTORE = (
    "it was changed since banluck wrote it: put it back from its backup (.bak) or a copy of the"
    " data folder"
)


def _chain_problems(
    tables: Mapping[str, Any], path: Any, before: tuple[int, str] | None
) -> list[Problem]:
    """Each entry's digest against its fields and the entry before it (`codec.chained`), and
    the night's `prior` against the seal of the night before (`before`, `codec.sealed`)."""
    night_id = tables["night"]["1"]["id"]
    prior = tables["meta"]["1"].get("prior")
    problems: list[Problem] = []
    if prior and before is not None and before[1] != prior:
        problems.append(
            Problem(
                None,
                f"night {night_id} ({path}) was opened after night {before[0]} was over, whose"
                f" file then held other entries or another night record than it holds now:"
                f" night {before[0]}'s file {RESTORE.removeprefix('it ')}",
            )
        )
    prev, after = str(prior or ""), "the start of the night"
    entries = tables.get("entries") or {}
    for key in sorted(entries, key=int):
        entry = entries[key]
        if entry.get("digest") != chained(prev, entry):
            problems.append(
                Problem(
                    int(key),
                    f"night {night_id}, entry #{key} in {path}: its digest does not follow from"
                    f" its fields and {after} (the entry was edited, or one before it deleted or"
                    f" moved); {RESTORE}",
                )
            )
        prev, after = str(entry.get("digest") or ""), f"entry #{key} before it"
    return problems


def _gap_problems(
    tables: Mapping[str, Any], path: Any, start: int, seqs: set[int]
) -> list[Problem]:
    """The seqs missing from a night (from `start`, the next seq when it was opened, to its last
    entry) that no undo removed (`meta.undone`, kept from the night's opening by a banluck that
    keeps it): an entry deleted by hand leaves a gap even when the digests after it were made
    again."""
    undone = tables["meta"]["1"].get("undone")
    if not isinstance(undone, list) or not seqs:
        return []
    missing = sorted(
        set(range(start, max(seqs))) - seqs - {s for s in undone if isinstance(s, int)}
    )
    if not missing:
        return []
    runs: list[list[int]] = []
    for seq in missing:
        if runs and runs[-1][-1] == seq - 1:
            runs[-1].append(seq)
        else:
            runs.append([seq])
    named = ", ".join(f"#{r[0]}" if len(r) == 1 else f"#{r[0]} to #{r[-1]}" for r in runs)
    one = len(missing) == 1
    message = (
        f"night {tables['night']['1']['id']} ({path}): {'entry' if one else 'entries'} {named}"
        f" {'is' if one else 'are'} missing (its entries run from #{start} to #{max(seqs)}, and"
        f" no undo removed {'it' if one else 'them'}): the file was changed since banluck wrote"
        " it: put it back from its backup (.bak) or a copy of the data folder"
    )
    return [Problem(missing[0], message)]


def _round_problems(
    entry: Mapping[str, Any], night_id: int, players: Sequence[str]
) -> list[Problem]:
    label = f"seq {entry['seq']} (round {entry.get('round')} of night {night_id})"
    problems: list[Problem] = []
    if entry.get("night") != night_id:
        problems.append(
            Problem(entry["seq"], f"{label}: says it belongs to night {entry.get('night')}")
        )
    names = {entry.get("dealer"), *entry.get("hands", {})}
    for t in entry.get("transfers", []):
        if isinstance(t, Mapping):
            names |= {t.get("from"), t.get("to")}
    strangers = sorted(str(n) for n in names - set(players))
    if strangers:
        message = f"{label}: names {', '.join(strangers)}, who did not sit that night"
        problems.append(Problem(entry["seq"], message))
    return problems


def repair(store: Any) -> tuple[list[str], list[str]]:
    """`banluck check --repair` (the caller, `Store.repair`, holds the lock): recover what the
    data to recover exists for, and say what cannot be. Returns what was done and what is lost
    (each one line); where something is lost, nothing that would hide it is changed.

    - a journal whose header names another token than its night file's, but whose rounds were
      recorded on that very file (its rev and CRC-32 are the header's): its token is put right,
      and its rounds count again;
    - the index, rebuilt from the night files when it is damaged or does not match them, unless
      the night files hold fewer entries than it counted, or other entries (then what is missing
      is said, and `--rebuild-index` goes on without them);
    - a sealed night whose file changed (its index record no longer matches it) but holds the
      entries the index counted: the index counts it as it is, and a clean check seals it again.
    """
    done: list[str] = []
    lost: list[str] = []
    for night_id in store.night_ids():
        _repair_journal(store.night_path(night_id), done, lost)
    if lost:
        return done, lost
    _repair_index(store, done, lost)
    return done, lost


def _repair_journal(path: Path, done: list[str], lost: list[str]) -> None:
    """Put right the token of a journal recorded on this very night file (see `repair`)."""
    from banluck.storage import journal
    from banluck.storage.files import read_tables_crc

    try:
        found = journal.read(path)
        if found is None or not found.entries or found.state is None:
            return
        tables, crc = read_tables_crc(path, schema.validate_night)
    except StoreError as exc:
        lost.append(str(exc))
        return
    if tables is None:
        return
    meta = tables["meta"]["1"]
    if found.token == meta.get("token"):
        return
    if found.state.get("rev") != meta["rev"] or found.state.get("crc") != crc:
        return  # a journal of another version of the file: stale, the file holds what it had
    raw = found.path.read_bytes()[: found.size]
    first, _, rest = raw.partition(b"\n")
    header = orjson.loads(first)
    header.update(token=meta.get("token"), file=journal.file_id(path))
    write_atomic(found.path, orjson.dumps(header) + b"\n" + rest, backup=False)
    rounds = len(found.entries)
    done.append(
        f"recovered the {rounds} round{'s' if rounds > 1 else ''} of {found.path}: its header"
        f" named the token {found.token!r}, not {meta.get('token')!r} of {path}, on which they"
        " were recorded (the header's rev and CRC-32 are the file's); the header now names it"
    )


def _repair_index(store: Any, done: list[str], lost: list[str]) -> None:
    """Rebuild the index from the night files when it cannot be read or does not match them,
    and nothing the index counted would be dropped (see `repair`)."""
    try:
        tx = Tx(store)
        tx.load_earlier()
        tx.distrust()
        found = check(tx, full=False)
        problems = [p.message for p in found]
        # an entry named (its digest, a gap, a round's seats): changed in its night file
        edited = [p for p in found if p.seq is not None]
    except DamagedFile as exc:
        if not str(exc.path).endswith(("index.json", "index-earlier.json")):
            lost.append(str(exc))
            return
        problems, edited = [str(exc)], []
    except StoreError as exc:
        lost.append(str(exc))
        return
    nights = str(store.nights_dir)
    lost += [p for p in problems if p.startswith(f"the data file {nights}")]
    if lost:  # a night file that cannot be read: what restoring it loses is said with it
        return
    if edited:  # an index rebuilt over them would count the entries as they are now
        named = ", ".join(f"#{p.seq}" for p in edited)
        lost.append(
            f"{'entry' if len(edited) == 1 else 'entries'} {named} changed in the night files"
            " since banluck wrote them (`banluck check` names each with its file): the index was"
            " not rebuilt over them, so"
            " that it still says so: put the file back from its backup or a copy of the data"
            " folder; or, to count them as they are, `banluck check --rebuild-index`"
        )
        return
    if not any(REBUILD_HINT in p or p.startswith("the index") for p in problems):
        return  # the index holds: what else is wrong is the check's to say
    before, digests = _counted(store)
    try:
        after_tx = Tx(store, rebuild=True)
    except StoreError as exc:
        lost.append(str(exc))
        return
    after = sum(record["entries"] for record in after_tx.records.values())
    changed = [
        i for i, d in digests.items() if d and after_tx.records.get(i, {}).get("digest") != d
    ]
    if before is not None and after < before:
        lost.append(
            f"the index counted {before} entries and the night files hold {after}: the"
            f" {before - after} that no night file holds (a journal lost or cut, or an older"
            " night file put back) cannot be recovered from this data folder: put it back"
            " from a copy; or, to go on without them, `banluck check --rebuild-index`"
        )
        return
    if changed:
        files = ", ".join(str(store.night_path(i)) for i in sorted(changed))
        lost.append(
            f"the entries of {files} are not those the index counted (an entry edited or"
            " deleted by hand, or an older file put back): the index was not rebuilt, so that"
            " it still says so: put the file back from its backup or a copy of the data"
            " folder; or, to count them as they are, `banluck check --rebuild-index`"
        )
        return
    rebuild_index(store)
    done.append(f"rebuilt {store.index_path} from the night files, which hold all it counted")
    for night_id in store.night_ids():
        path = store.night_path(night_id)
        if any(p.startswith(f"night {night_id} ({path}) changed since") for p in problems):
            done.append(
                f"night {night_id} ({path}) changed since it was sealed, but holds the entries"
                " the index counted: it is checked in full as it is now, and sealed again if"
                " it checks sound"
            )
