"""The index: one operation's view of the files, read fresh and caught up with the night files.

A `View` reads the index, lists the night files, and brings the index's record of the latest
night (and of any night the index does not know yet) up to date from its file, comparing the
`rev`, `token` and CRC-32 the night file carries and the rounds its journal adds. It answers the
questions of reading (the nights' records, the people, the season, the totals of any nights)
and makes the index's files anew in memory when they fell behind (`commit_index` saves them).
The writes are `banluck.storage.tx.Tx`'s, a view that changes night files.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import orjson
from tinydb import TinyDB

from banluck.core.money import MAX_SUM
from banluck.money import ledger
from banluck.money.ledger import LedgerError, Summary
from banluck.storage import journal, schema
from banluck.storage.codec import chain, head
from banluck.storage.files import DamagedFile, FileStorage, Shape, StoreError, Tables, damaged

if TYPE_CHECKING:
    from banluck.money.stats import Totals

REBUILD_HINT = "rebuild the index from the night files (`banluck check --rebuild-index`)"


def _trusting(crc: int | None, kind: str) -> Callable[[Any, int], bool]:
    """The test of parsed bytes that need no check field by field: those with `crc` (what
    banluck recorded when it wrote them), of `kind` at this schema."""

    def trusted(data: Any, actual: int) -> bool:
        return crc is not None and actual == crc and schema.is_current(data, kind)

    return trusted


def with_journal(path: Path, tables: Tables) -> list[int] | None:
    """Give a night file's tables what its journal adds, when the journal extends this version
    of the file (`banluck.storage.journal`): the live round, and the rounds recorded since the
    file was written (their entries, the night record and presets as they left them), as if the
    file held them. Returns the journal's `folded` (what the index records of those rounds)."""
    found = journal.read(path)
    meta = tables["meta"]["1"]
    if found is None or meta.get("token") is None or found.token != meta["token"]:
        return None
    tables["live"] = {str(i): {"line": line} for i, line in enumerate(found.lines, 1)}
    if not found.entries:
        return None
    entries = tables.setdefault("entries", {})
    for entry in found.entries:
        _check_journaled(found, entry, tables)
        entries[str(entry["seq"])] = entry
    tables.setdefault("presets", {}).update(found.presets)
    chain(tables)  # the rounds of a journal an earlier banluck wrote have no digest
    if found.night is not None:
        tables["night"]["1"] = found.night
    meta["next_seq"] = max(meta["next_seq"], found.entries[-1]["seq"] + 1)
    return found.folded


def _check_journaled(found: journal.Journal, entry: dict[str, Any], tables: Tables) -> None:
    """A round of the journal is checked as the night file's entries are."""
    try:
        if str(entry["seq"]) in tables.get("entries", {}):
            raise Shape(f"seq {entry['seq']} is in the night file already")
        schema.check_entry_fields(entry, f"round seq {entry['seq']}")
        # and its money as the ledger would check it: a round of the journal is counted in
        # the index the moment it is read, so an amount that is no whole number stops here
        problems = ledger.entry_problems({**entry, "preset": {}})
        if problems:
            raise Shape(f"round seq {entry['seq']}: {'; '.join(problems)}")
    except (Shape, KeyError, TypeError) as exc:
        raise damaged(
            found.path,
            f"{exc}; it holds rounds recorded since the night file was written: keep it, and"
            " restore the data folder from a copy or repair the line by hand",
            None,
        ) from None


def storage_of(db: TinyDB) -> FileStorage:
    storage = db.storage
    assert isinstance(storage, FileStorage)
    return storage


def tables_of(db: TinyDB) -> Tables:
    data = storage_of(db).read()
    assert data is not None
    return data


def meta_of(db: TinyDB) -> dict[str, Any]:
    return tables_of(db)["meta"]["1"]  # type: ignore[no-any-return]


def night_of(db: TinyDB) -> dict[str, Any]:
    return tables_of(db)["night"]["1"]  # type: ignore[no-any-return]


def last_round(tables: Tables) -> int:
    """The number of a night file's last round (0 before its first)."""
    entries = tables.get("entries", {}).values()
    return max((e["round"] for e in entries if e["kind"] == "round"), default=0)


def entries_of(tables: Tables, *, copy: bool) -> list[dict[str, Any]]:
    """The entries of a night file in seq order, each round with its preset snapshot expanded.

    `copy=False` expands in place (faster for a year of entries): only for tables that will not
    be written back.
    """
    presets = tables.get("presets", {})
    out = []
    for entry in tables.get("entries", {}).values():
        if copy:
            entry = dict(entry)
        entry.pop("digest", None)  # the store's own: not handed out
        if entry["kind"] == "round":
            entry["preset"] = presets[str(entry["preset"])]
        out.append(entry)
    return out


_SUMMARIES: dict[tuple[int, int], bytes] = {}
"""A night's summary and totals by the exact entries they were made from, in this process: a line
of play changes no entry, so the night is not totalled again for it."""


def fits(value: Any) -> bool:
    """Every whole number in `value` (dicts and lists of them) is one the index can hold
    (within MAX_SUM either side of 0)."""
    if isinstance(value, int):
        return -MAX_SUM <= value <= MAX_SUM
    if isinstance(value, dict):
        return all(fits(v) for v in value.values())
    if isinstance(value, list):
        return all(fits(v) for v in value)
    return True


def night_totals(
    entries: Sequence[Mapping[str, Any]], path: Path
) -> tuple[dict[str, Summary], Totals]:
    """A night's season summary and its totals (`banluck.money.stats.night_totals`), from its
    stored entries; DamagedFile naming the night file when an entry cannot be read."""
    entries = [{k: v for k, v in e.items() if k != "digest"} for e in entries]  # the store's
    blob = orjson.dumps(entries)
    key = (len(blob), hash(blob))
    known = _SUMMARIES.get(key)
    if known is not None:
        summary, totals = orjson.loads(known)
        return summary, totals
    try:
        summary = ledger.summarise(entries)
        from banluck.money import stats  # what only a night's totalling needs

        totals = stats.night_totals(entries, schema.TOTALLED_KINDS)
    except LedgerError as exc:
        raise damaged(path, str(exc).split(";")[0], schema.validate_night) from None
    if not fits([summary, totals]):
        raise damaged(
            path,
            f"its sums are past {MAX_SUM:,}, more than the index can hold: an amount in it is"
            " far too large",
            schema.validate_night,
        )
    if len(_SUMMARIES) >= 64:
        _SUMMARIES.clear()
    _SUMMARIES[key] = orjson.dumps([summary, totals])
    return summary, totals


def night_record(
    db: TinyDB, known: tuple[dict[str, Summary], Totals] | None = None
) -> tuple[dict[str, Any], dict[str, Summary]]:
    """The index's record of one night, computed from its file, and the night's summary. The
    record says which rounds of the night's journal it counts (`journal.Journal.folded`).

    `known` is the night's summary and totals when the caller already has them (the night's
    entries as they were, plus the ones just appended, added up): they are not made again.
    """
    storage, tables = storage_of(db), tables_of(db)
    night = tables["night"]["1"]
    meta = tables["meta"]["1"]
    entries = list(tables.get("entries", {}).values())
    summary, totals = known if known is not None else night_totals(entries, storage.path)
    record = {k: v for k, v in night.items() if k != "snapshot"}
    record.update(
        rev=meta["rev"],
        token=meta.get("token"),
        next_seq=meta["next_seq"],
        entries=len(entries),
        rounds=sum(1 for e in entries if e["kind"] == "round"),
        first_seq=entries[0]["seq"] if entries else None,
        last_seq=entries[-1]["seq"] if entries else None,
        reversed=[e["reverses"] for e in entries if e["kind"] == "correction" and "reverses" in e],
        live=len(tables.get("live", {})),
        net={name: s["net"] for name, s in summary.items() if s["net"]},
        totals=totals,
        crc=storage.crc,
        digest=head(tables) or None,
    )
    renamed = [[e["seq"], e["from"], e["to"]] for e in entries if e["kind"] == "rename"]
    if renamed:  # kept only where there is one: the records of other nights stay as they were
        record["renamed"] = renamed
    if storage.added is not None:  # only where the journal holds rounds: others as they were
        record["journal"] = storage.added
    return record, summary


class Files(Protocol):
    """What a view needs of the store (`banluck.storage.store.Store`): where its files are,
    and where to leave a note."""

    warnings: list[str]

    @property
    def index_path(self) -> Path: ...

    def night_path(self, night_id: int) -> Path: ...

    def night_ids(self) -> list[int]: ...

    def missing(self, night_id: int, record: Mapping[str, Any]) -> StoreError: ...


class View:
    """One operation's view: the index and the latest night file, read fresh (a write's, under the lock).

    The season summary is kept without re-adding every night: the index stores the season and,
    apart, the summary it counted for the latest night (`counted`). Only that night and nights
    the index does not know yet can have changed, so the season is `base` (the stored season
    less the counted night) plus the `fresh` summaries of those nights, read from their files.

    The records of the nights before the latest are in `index-earlier.json`
    (`banluck.storage.schema`), read only when an operation asks for them (`records`, or
    `record` of such a night): recording a round neither reads nor writes them.
    """

    def __init__(
        self,
        store: Files,
        *,
        rebuild: bool = False,
        trust: bool = True,
        probe: bool = False,
        current: tuple[int, journal.Journal] | None = None,
    ) -> None:
        """`probe` (a write, under the lock): the night files are not listed unless needed;
        the index's latest night is followed by asking for the files after it, one by one
        (a night is always the latest plus one), so a write costs the same after a year.

        `current` (a write): a night and its journal, found to extend its night file as it is on
        disk. When the index's record of that night was made from that file and exactly the
        rounds of that journal, the night file is not read (`journaled`)."""
        self.store = store
        self.trust = trust  # False: every file is checked field by field (`check`)
        self.index = TinyDB(
            store.index_path,
            schema.validate_index,
            storage=FileStorage,
            hint=REBUILD_HINT,
            preloaded={} if rebuild else None,
        )
        self.nights: dict[int, TinyDB] = {}
        self._records: dict[int, dict[str, Any]] = {}
        self.base: dict[str, Summary] = {}
        self.fresh: dict[int, dict[str, Summary]] = {}
        self.appended: dict[int, list[dict[str, Any]]] = {}
        # The entries table each night's record and summary were made from. TinyDB gives a table
        # it changes a new dict, so while a night's file holds this very dict, its entries are
        # those its record was made from (a line of play, a seat or a stake changes none).
        self.seen: dict[int, dict[str, Any] | None] = {}
        # nights whose record holds, known from their journal without reading their file
        self.journaled: dict[int, journal.Journal] = {}
        self.migrated = False  # the index lacked some nights' totals: they were made from files
        # index-earlier.json: what index.json says of it, whether it is read, and whether it
        # must be written again (its nights changed, or it is not the file index.json names)
        self.earlier: dict[str, Any] = {
            "last": None,
            "crc": None,
            "next_seq": 1,
            "people": [],
            "totals": {"players": {}, "result": {}, "balance": {}},
            "renamed": [],
            "entries": 0,
        }
        self.rebuild = rebuild
        self._earlier_db: TinyDB | None = None  # opened when first needed (`earlier_db`)
        self.loaded = False
        self.earlier_dirty = False
        self.earlier_ids: set[int] = set()
        index = None if rebuild else storage_of(self.index).read()
        # what a clean `check` sealed each night with (`banluck.storage.repair.seal`), by night:
        # a table of its own in each index file, which a banluck before it ignores
        self.seals: dict[str, Any] = seals_of(index)
        # List the night files after reading the index: a writer creates a night's file before
        # the index names it, so every night the index names is on the list.
        self._ids: list[int] | None = None
        self._probed: set[int] = set()  # nights with a file, known without listing them
        self._find_nights(index, probe)
        if index is None:
            self.loaded = self.earlier_dirty = True  # every night is read from its file
            changed, stale = set(self.ids), bool(self.ids) or rebuild
        else:
            changed, stale = self._catch_up(index, current)
        for night_id in sorted(changed - set(self.fresh)):
            self._refresh(night_id)
            stale = True
        stale = self._count_live() or stale
        for night_id in changed:
            if night_id != self.latest:
                self.nights.pop(night_id, None)  # read once; let its tables go
        if stale:
            self._write_index()

    def distrust(self) -> None:
        """From now on, read every file again and check it field by field (`check`): what this
        view read while catching up, trusting the bytes banluck wrote, is let go."""
        self.trust = False
        self.nights.clear()
        self.seen.clear()
        self.journaled.clear()
        self._earlier_db = None

    # -- catching up with the night files --------------------------------------------------

    def _find_nights(self, index: Tables | None, probe: bool) -> None:
        """Which nights have a file: listed, or (`probe`) the index's nights and those after."""
        if index is None or self.rebuild or not probe or index["meta"]["1"]["earlier"] is None:
            self._ids = self.store.night_ids()
            return
        night_path = self.store.night_path
        self._probed = {int(key) for key in index["nights"] if os.path.exists(night_path(int(key)))}
        top = max(self._probed, default=index["meta"]["1"]["earlier"]["last"] or 0)
        while os.path.exists(night_path(top + 1)):  # nights the index does not know
            top += 1
            self._probed.add(top)

    def _catch_up(
        self, index: Tables, current: tuple[int, journal.Journal] | None
    ) -> tuple[set[int], bool]:
        """Take the index's records (every night's, for an index from before v4; each night's
        file there) and season; return the nights to read from their files (the nights it does
        not know and the counted night, unless it holds) and whether the index is stale."""
        meta = index["meta"]["1"]
        v4 = any("digest" not in record for record in index["nights"].values())
        if meta["earlier"] is None:  # an index from before v4: every record is in it
            self.loaded = self.earlier_dirty = True
            self.migrated = len(index["nights"]) > 1  # split it once, as a write does
        else:
            self.earlier = meta["earlier"]
        with_file = self._probed if self._ids is None else self._ids
        for key, record in index["nights"].items():
            self._records[int(key)] = record
        for night_id in sorted(self._records):
            if night_id not in with_file:
                raise self.store.missing(night_id, self._records[night_id])
        counted = meta["counted"]
        season = {doc["name"]: summary_of(doc) for doc in index["season"].values()}
        self.base = ledger.subtract_summaries(season, counted["summary"])
        last = self.earlier["last"] or 0
        changed = {i for i in with_file if i not in self._records and i > last}
        old = self._retotal_old(counted["night"])
        self.migrated |= old
        stale = old or bool(changed)
        night = counted["night"]
        if night is not None and not self._known_from_journal(counted, current):
            self._check_counted(counted)
            changed.add(night)
        if not self.loaded and v4:
            # an index from before v5: every night's last digest is recorded now, at once
            self.load_earlier()
            self.migrated = stale = True
        return changed, stale

    def _retotal_old(self, skip: int | None) -> bool:
        """Make the record of each night but `skip` that lacks its totals (an index written
        before they were kept) again from its file, once (the season counts it already);
        whether there was one."""
        old = [i for i, record in self._records.items() if _old(record) and i != skip]
        for night_id in old:
            if "totals" in self._records[night_id]:  # a v4 record: its digest only is new
                self._records[night_id]["digest"] = head(tables_of(self.night_db(night_id))) or None
                if night_id != self.latest:
                    self.nights.pop(night_id, None)
            else:
                self._retotal(night_id)
        return bool(old)

    def _known_from_journal(
        self, counted: Mapping[str, Any], current: tuple[int, journal.Journal] | None
    ) -> bool:
        """Whether the index's record of the counted night is the night file (as `current`'s
        journal found it on disk) with exactly that journal's rounds: then its summary is the
        counted one and its file is not read."""
        night_id = counted["night"]
        found = current[1] if current is not None and current[0] == night_id else None
        if found is None or found.state is None:
            return False
        if self._ids is None and night_id + 1 in self._probed:
            return False  # a night the index does not know follows it
        record, state = self._records[night_id], found.state
        made_from = (record["rev"], record.get("token"), record.get("crc"), record.get("journal"))
        on_disk = (state["rev"], found.token, state["crc"], found.folded)
        if _old(record) or made_from != on_disk:
            return False
        self.fresh[night_id] = counted["summary"]
        self.journaled[night_id] = found
        return True

    def _check_counted(self, counted: Mapping[str, Any]) -> None:
        """Read the counted night's file: its record holds when it was made from these very bytes
        (not a hand-edited file with the same rev and token) and has the night's totals."""
        night_id = counted["night"]
        db = self.night_db(night_id)
        meta = meta_of(db)
        record = self._records[night_id]
        made_from = (record["rev"], record.get("token"), record.get("crc"), record.get("journal"))
        on_disk = (meta["rev"], meta.get("token"), storage_of(db).crc, storage_of(db).added)
        rounds = (record.get("journal") or [0])[0]
        held = (storage_of(db).added or [0])[0]  # fewer: a torn last line, or refused below
        if rounds and meta["rev"] <= record["rev"]:
            # the index counted rounds of the night's journal, and the night file is the version
            # it was made from (or an older one put back)
            self._check_rounds_kept(night_id, rounds, db, meta["rev"], record["rev"])
        if made_from == on_disk and "totals" in record:
            self.fresh[night_id] = counted["summary"]
            self.seen[night_id] = tables_of(db).get("entries")
            if "digest" not in record:  # a v4 record: its digest only is new
                self.migrated = True
                record["digest"] = head(tables_of(db)) or None
        elif "totals" not in record:
            self.migrated = True
        elif record.get("digest") and meta["rev"] <= record["rev"] and held >= rounds:
            self._check_last_kept(night_id, db, record)

    def _check_rounds_kept(
        self, night_id: int, counted: int, db: TinyDB, rev: int, counted_rev: int
    ) -> None:
        """Refuse (DamagedFile) when the journal extending night `night_id`'s file (at `rev`; the
        index counted `counted` rounds of it at `counted_rev`) holds fewer rounds: the journal is
        missing, its token is not the file's, it was cut, or an older night file was put back.
        Never a silent drop. A last line without its newline (a writer killed while appending
        it) is a round never acknowledged, and only that one round may be missing so."""
        added = storage_of(db).added
        holds = added[0] if added else 0
        if holds >= counted:
            return
        path = self.store.night_path(night_id)
        journal_at = journal.journal_path(path)
        try:
            with open(journal_at, "rb") as handle:
                handle.seek(-1, os.SEEK_END)
                torn = handle.read(1) != b"\n"
        except OSError:
            torn = False
        if torn and added is not None and holds == counted - 1:
            return
        if rev < counted_rev:
            lost = "newer night file"
            what = (
                f"the night file {path} is an older version (rev {rev}) than the one the index"
                f" counted (rev {counted_rev}, with {counted} round(s) in its journal, which"
                f" extends only that version): those rounds are in neither"
            )
        else:
            lost, path = "journal", journal_at
            found = f"holds {added[0]}" if added else "holds none of them"
            if not os.path.exists(path):
                found = "is missing"
            what = (
                f"the journal {path} of night {night_id} {found}, but the index counted"
                f" {counted} round(s) recorded in it: they are not in the night file"
            )
        first = ""
        if lost == "journal" and os.path.exists(path):
            first = "if only its header was changed, `banluck check --repair` recovers them; else "
        raise DamagedFile(
            f"{what}; nothing was changed: {first}put the {lost} back from a copy of the data"
            f" folder; or, to go on without those rounds, {REBUILD_HINT}",
            path,
            None,
        )

    def _check_last_kept(self, night_id: int, db: TinyDB, record: Mapping[str, Any]) -> None:
        """Refuse (DamagedFile) when night `night_id`'s file, no newer than the version its index
        record was made from, no longer holds the entry that record counted last with its digest
        (an entry deleted or edited by hand, an older night file put back): never a silent drop
        of what the index had counted."""
        seq = record["last_seq"]
        entries = tables_of(db).get("entries", {})
        if seq is None or entries.get(str(seq), {}).get("digest") == record["digest"]:
            return
        path = self.store.night_path(night_id)
        raise DamagedFile(
            f"the night file {path} no longer holds entry #{seq} as the index counted it (an"
            " entry deleted or edited, or an older night file put back); nothing was changed:"
            " put back the night file the index counted from a copy of the data folder (or its"
            f" .bak, if that is the newer); or, to go on with the file as it is, {REBUILD_HINT}",
            path,
            None,
        )

    def _count_live(self) -> bool:
        """The latest night's record counts the lines of its live round (those played since it
        was made are in the journal); whether it had to be changed."""
        latest = self.latest
        if latest is None or latest not in self._records:
            return False
        if latest in self.journaled:
            live = len(self.journaled[latest].lines)
        elif latest in self.nights:
            live = len(tables_of(self.nights[latest]).get("live", {}))
        else:
            return False
        if self._records[latest].get("live") == live:
            return False
        self._records[latest] = {**self._records[latest], "live": live}
        return True

    # -- the records of the nights -------------------------------------------------------

    @property
    def records(self) -> dict[int, dict[str, Any]]:
        """Every night's record (index-earlier.json is read for them, once)."""
        self.load_earlier()
        return self._records

    def record(self, night_id: int) -> dict[str, Any]:
        """One night's record; KeyError when the index has none. The latest night's is read
        without reading the earlier nights'."""
        return self._records.get(night_id) or self.records[night_id]

    def need(self, night_id: int) -> None:
        """StoreError when the index has no record of the night (the earlier nights are read
        only if needed)."""
        if night_id not in self._records and night_id not in self.records:
            raise StoreError(f"there is no night {night_id}; see the list of nights")

    @property
    def open_id(self) -> int | None:
        """The latest night when it is open, else None."""
        latest = self.latest
        return latest if latest is not None and self.record(latest)["status"] == "open" else None

    def seq_before(self, night_id: int) -> int:
        """The last seq of the nights before `night_id` (0 when they hold none). For the latest
        night, from index.json alone when it can be known there: seqs are given in order, night
        after night, so when the nights before hold as many entries as the seqs below the
        night's first one, they hold every one of those seqs, and the last is the one below."""
        record = self._records.get(night_id)
        first = None if record is None or self.loaded else record.get("first_seq")
        if night_id == self.latest and first is not None and self.earlier["entries"] == first - 1:
            return int(first) - 1
        return max(
            (r["last_seq"] for i, r in self.records.items() if i < night_id and r.get("last_seq")),
            default=0,
        )

    def last_record(self) -> dict[str, Any] | None:
        """The record of the night that holds the last entry, or None when the ledger is empty."""
        held = [r for r in self.records.values() if r["last_seq"] is not None]
        return max(held, key=lambda r: r["last_seq"], default=None)

    def totals(self, nights: Sequence[int] | None = None) -> Totals:
        """The sum of the totals of the given nights, or of every night: for every night, the
        earlier nights' sum kept in index.json and the later nights' own (no earlier record is
        read). KeyError for a night the index does not have."""
        from banluck.money import stats  # loaded by the commands that sum nights

        if nights is not None or self.loaded:
            chosen = sorted(self.records) if nights is None else nights
            return stats.add_totals(*(self.record(i)["totals"] for i in chosen))
        return stats.add_totals(
            self.earlier["totals"], *(r["totals"] for r in self._records.values())
        )

    def count(self) -> int:
        """The number of entries of every night (index.json keeps the earlier nights' count)."""
        later: int = sum(r["entries"] for r in self._records.values())
        return later if self.loaded else int(self.earlier["entries"]) + later

    def renamed(self) -> list[tuple[int, str, str]]:
        """Every rename recorded, in seq order: (seq, old, new), without reading earlier nights."""
        found = [] if self.loaded else list(self.earlier["renamed"])
        found += [x for i in sorted(self._records) for x in self._records[i].get("renamed", [])]
        return [(int(seq), str(old), str(new)) for seq, old, new in found]

    @property
    def earlier_db(self) -> TinyDB:
        """index-earlier.json, the records of the nights before the latest: trusted without a
        check field by field when its bytes have the CRC index.json names (the test holds the
        CRC, not this Tx: no reference cycle keeps a Tx and the nights it read alive)."""
        if self._earlier_db is None:
            self._earlier_db = TinyDB(
                self.store.index_path.with_name("index-earlier.json"),
                schema.validate_earlier,
                storage=FileStorage,
                hint=REBUILD_HINT,
                preloaded={} if self.rebuild else None,
                trusted=_trusting(self.earlier["crc"] if self.trust else None, "index-earlier"),
            )
        return self._earlier_db

    def load_earlier(self) -> None:
        """Join the records of index-earlier.json to those of index.json. A file that is not the
        one index.json was written with (a writer killed between the two) is checked field by
        field and joined all the same; a night that neither holds is read from its file."""
        if self.loaded:
            return
        self.loaded = True
        storage = storage_of(self.earlier_db)
        data = storage.read()
        held = {int(key): record for key, record in (data or {}).get("nights", {}).items()}
        self.seals = {**seals_of(data), **self.seals}
        if storage.crc != self.earlier["crc"]:
            self.earlier_dirty = True
        self.earlier_ids = set(held)
        files = set(self.ids)  # the nights' folder listed: every night is at stake now
        for night_id, record in held.items():
            if night_id not in files:
                raise self.store.missing(night_id, record)
            self._records.setdefault(night_id, record)
        for night_id in self.ids:
            if night_id not in self._records:
                # counted in the season already (index.json put it among the earlier nights):
                # its record only is made again
                self._retotal(night_id)
                self.earlier_dirty = True
        if self._retotal_old(self.latest):
            self.earlier_dirty = True

    def _retotal(self, night_id: int) -> None:
        """Make a night's record again from its file, not counting it in the season anew."""
        self._records[night_id], _ = night_record(self.night_db(night_id))
        if night_id != self.latest:
            self.nights.pop(night_id, None)

    # -- the nights ----------------------------------------------------------------------

    @property
    def ids(self) -> list[int]:
        """Every night with a file, in order (the nights' folder is listed for it, once)."""
        if self._ids is None:
            self._ids = sorted(set(self.store.night_ids()) | self._probed)
        return self._ids

    @property
    def latest(self) -> int | None:
        if self._ids is None:
            return max(self._probed, default=None)
        return self._ids[-1] if self._ids else None

    def _add_id(self, night_id: int) -> None:
        """A night file written (or staged to be) by this operation."""
        if self._ids is None:
            self._probed.add(night_id)
        elif night_id not in self._ids:
            self._ids.append(night_id)
            self._ids.sort()

    def night_db(self, night_id: int) -> TinyDB:
        """A night file's tables, with what its journal adds. The very bytes its index record
        was made from (its `crc`) are not checked field by field again (banluck wrote them)."""
        db = self.nights.get(night_id)
        if db is None:
            record = self._records.get(night_id)
            crc = record.get("crc") if record is not None and self.trust else None
            db = self.nights[night_id] = TinyDB(
                self.store.night_path(night_id),
                schema.validate_night,
                storage=FileStorage,
                after_read=with_journal,
                trusted=_trusting(crc, "night"),
            )
            if night_id in self.journaled:
                # its record was found to hold without reading it: these are its entries
                self.seen[night_id] = tables_of(db).get("entries")
        return db

    def _refresh(self, night_id: int) -> None:
        """Read a night's record and summary from its file. A night whose record and summary
        this transaction knows, and to which it only appended entries, is not totalled again:
        the appended entries' totals are added to what it had."""
        db = self.night_db(night_id)
        tables = tables_of(db)
        self._records[night_id], self.fresh[night_id] = night_record(
            db, self._known_totals(night_id, tables)
        )
        self.appended.pop(night_id, None)
        self.seen[night_id] = tables.get("entries")

    def _known_totals(
        self, night_id: int, tables: Tables
    ) -> tuple[dict[str, Summary], Totals] | None:
        """The night's summary and totals without totalling it again, when they can be known:
        its entries are those its record was made from, or those plus the ones appended."""
        record = self._records.get(night_id)
        if record is None or night_id not in self.fresh or "totals" not in record:
            return None
        entries = tables.get("entries")
        if entries is self.seen.get(night_id) and len(entries or ()) == record["entries"]:
            return self.fresh[night_id], record["totals"]
        added = self.appended.get(night_id)
        if not added or any(e.get("kind") == "correction" for e in added):
            # a correction counts against the round it reverses or amends when that round is in
            # the same night (`stats.player_stats`): such a night is totalled again, whole
            return None
        seqs = [int(key) for key in tables.get("entries", {})]
        before = record["entries"]
        if len(seqs) != before + len(added) or seqs[before:] != [e["seq"] for e in added]:
            return None
        if before and seqs[before - 1] != record["last_seq"]:
            return None
        from banluck.money import stats

        summary, totals = night_totals(added, self.store.night_path(night_id))
        return ledger.add_summaries(self.fresh[night_id], summary), stats.add_totals(
            record["totals"], totals
        )

    def season(self) -> dict[str, Summary]:
        return ledger.add_summaries(self.base, *self.fresh.values())

    def next_seq(self) -> int:
        seqs = [r["next_seq"] for r in self._records.values()]
        seqs += [
            meta_of(db)["next_seq"]
            for db in self.nights.values()
            if storage_of(db).read() is not None
        ]
        if not self.loaded:
            seqs.append(self.earlier["next_seq"])
        return max(seqs, default=1)

    def people(self) -> set[str]:
        names = {name for r in self._records.values() for name in r["players"]}
        if not self.loaded:
            names.update(p["name"] for p in self.earlier["people"])
        return names

    def find_entry(self, seq: int) -> dict[str, Any]:
        """A copy of entry `seq`, its preset snapshot expanded (`entry_at`)."""
        for night_id, record in self.records.items():
            first, last = record.get("first_seq"), record.get("last_seq")
            if "first_seq" not in record or "last_seq" not in record:
                first, last = 1, seq  # a record that lost them: its file is asked
            if first is not None and last is not None and first <= seq <= last:
                tables = tables_of(self.night_db(night_id))
                if str(seq) in tables["entries"]:
                    return entry_at(tables, str(seq))
        raise StoreError(f"there is no entry #{seq}; see the ledger for the entries' numbers")

    # -- the index's files ------------------------------------------------------------

    index_error: StoreError | None = None
    """Why the index could not be saved by `commit_index`, if it could not."""

    def commit_index(self) -> None:
        """Save index-earlier.json when its nights changed, then index.json naming it. The night
        files hold the truth: when either cannot be saved, the change stands and the next
        command brings the index up to date."""
        index = storage_of(self.index)
        earlier = storage_of(self.earlier_db)
        try:
            if earlier.dirty:
                earlier.commit()
                tables = index.read()
                if tables is not None and "meta" in tables:
                    tables["meta"]["1"]["earlier"]["crc"] = earlier.crc
                self.earlier["crc"] = earlier.crc
                self.earlier_dirty = False
            if index.dirty:
                index.commit()
        except StoreError as exc:  # the night files hold the truth; the index catches up
            self.index_error = exc
            self.store.warnings.append(
                f"the change was saved in its night file, but the index was not updated"
                f" ({exc}); the next command brings it up to date"
            )

    def _write_index(self) -> None:
        """Make the index's files anew in memory (saved by `commit_index`): index.json always,
        index-earlier.json when the nights before the latest are not those it holds."""
        latest = self.latest
        if not self.loaded and any(latest is None or i < latest for i in self._records):
            self.load_earlier()  # a night moves among the earlier ones (or back)
        later = [self._records[i] for i in sorted(self._records) if latest is None or i >= latest]
        if self.loaded:
            before = [
                self._records[i] for i in sorted(self._records) if latest is not None and i < latest
            ]
            ids = {r["id"] for r in before}
            if self.earlier_dirty or ids != self.earlier_ids:
                meta = {"kind": "index-earlier", "schema": schema.SCHEMA}
                earlier: Tables = {"meta": {"1": meta}, "nights": {str(r["id"]): r for r in before}}
                sealed = {k: v for k, v in self.seals.items() if int(k) in ids}
                if sealed:
                    earlier["sealed"] = sealed
                storage_of(self.earlier_db).write(earlier)
                self.earlier_ids = ids
                self.earlier_dirty = True  # until it is saved
            self.earlier = earlier_sums(before, self.earlier["crc"])
        counted = {"night": latest, "summary": self.fresh[latest] if latest is not None else {}}
        meta = {"kind": "index", "schema": schema.SCHEMA, "next_seq": self.next_seq()}
        tables: Tables = {
            "meta": {"1": {**meta, "counted": counted, "earlier": dict(self.earlier)}},
            "nights": {str(r["id"]): r for r in later},
            "people": {
                str(i): doc for i, doc in enumerate(people_of(later, self.earlier["people"]), 1)
            },
            "season": {
                str(i): {"name": name, **summary}
                for i, (name, summary) in enumerate(self.season().items(), 1)
            },
        }
        sealed = {k: v for k, v in self.seals.items() if int(k) in {r["id"] for r in later}}
        if sealed:
            tables["sealed"] = sealed
        storage_of(self.index).write(tables)


def seals_of(tables: Mapping[str, Any] | None) -> dict[str, Any]:
    """An index file's `sealed` table (a night's id to what `check` sealed it with), or {}."""
    found = (tables or {}).get("sealed")
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and k.isdigit()}


def _old(record: Mapping[str, Any]) -> bool:
    """A record from an index written before it kept a night's totals (v4) or digest (v5)."""
    return "totals" not in record or "digest" not in record


def summary_of(doc: Mapping[str, Any]) -> Summary:
    """A person's season summary as index.json keeps it (a document of `season`)."""
    return Summary(net=doc["net"], rounds=doc["rounds"], dealt=doc["dealt"], hands=doc["hands"])


def earlier_sums(before: Sequence[Mapping[str, Any]], crc: int | None) -> dict[str, Any]:
    """What index.json keeps of the nights before the latest (their records `before`, in order;
    `crc`, that of index-earlier.json, which holds those records)."""
    from banluck.money import stats  # what only a change of the earlier nights needs

    return {
        "last": before[-1]["id"] if before else None,
        "crc": crc,
        "next_seq": max((r["next_seq"] for r in before), default=1),
        "people": people_of(before),
        "totals": stats.add_totals(*(r["totals"] for r in before)),
        "renamed": [list(x) for r in before for x in r.get("renamed", [])],
        "entries": sum(r["entries"] for r in before),
    }


def people_of(
    records: Sequence[Mapping[str, Any]], before: Sequence[Mapping[str, Any]] = ()
) -> list[dict[str, Any]]:
    """Who sat at the nights of `records`, after the people `before` (of the nights before)."""
    seen: dict[str, dict[str, Any]] = {p["name"]: dict(p) for p in before}
    for record in records:
        for name in record["players"]:
            person = seen.setdefault(name, {"name": name, "nights": 0, "first": record["date"]})
            person["nights"] += 1
            person["last"] = record["date"]
    return sorted(seen.values(), key=lambda p: p["name"])


def entry_at(tables: Tables, key: str) -> dict[str, Any]:
    """A copy of one stored entry of a night file, its preset snapshot expanded."""
    presets = tables.get("presets", {})
    return entries_of({"entries": {key: tables["entries"][key]}, "presets": presets}, copy=True)[0]


def last_of(nights: Sequence[tuple[int, list[dict[str, Any]]]], count: int) -> list[dict[str, Any]]:
    """The last `count` entries of nights given latest first (`Store.last_nights`), in seq
    order."""
    out: list[dict[str, Any]] = []
    for _, entries in nights:
        out[:0] = entries[max(0, len(entries) - (count - len(out))) :]
    return out
