"""The Store: nights, the ledger, the live round and the people, kept so that no money is lost.

The files of the home folder (`banluck.core.home.data_dir()` unless given): one TinyDB file a
night (`nights/NNNN.json`) with its journal beside the open night's (`nights/NNNN.live`,
`storage.journal`), the index (`index.json`, `index-earlier.json`: `storage.index`), a `.bak` of
each file and the write `lock`; the formats are in `storage.schema`, what each write reads and
writes in docs/engine.md ("Storage: what a write costs").

Only the latest night file is ever written: the open night, or after it closes the last night
(payments and corrections made between nights go there). A write holds the lock, re-reads the
index and the latest night, changes the night file (one atomic replace) or appends a round to
its journal, then the index. A crash between the two leaves the index one step behind, and the
next command brings it up to date from the night file. A write neither lists the nights' folder
nor reads or writes the earlier nights' records: recording a round, or a line of play, costs the
same with a year of history as with none. The commands that sum the whole ledger (stats, settle,
ledger --all) add up the index's sums; those that list the nights (history, settle --from) read
index-earlier.json, one file.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from banluck.core.errors import BanluckError
from banluck.money import ledger
from banluck.money.entries import Entry, RoundEntry, between_rounds
from banluck.money.ledger import Summary
from banluck.storage import journal, schema
from banluck.storage.clean import (
    NIGHT_CHANGES,
    changed_night,
    clean_amount,
    clean_line,
    names_in,
)
from banluck.storage.codec import stored_form
from banluck.storage.files import (
    DamagedFile,
    ReadOnly,
    StoreError,
    backup_of,
    damaged,
    folder_error,
    night_ids_in,
    no_gc,
    remove_stale_temps,
)
from banluck.storage.index import (
    entries_of,
    entry_at,
    last_of,
    last_round,
    meta_of,
    night_of,
    storage_of,
    tables_of,
)
from banluck.storage.lock import DEFAULT_TIMEOUT, locked
from banluck.storage.tx import Tx, journal_state, new_night, now

if TYPE_CHECKING:
    from banluck.money.stats import Totals

T = TypeVar("T")


@dataclasses.dataclass
class Seals:
    """What a `Store.verify` found to seal: each night read in full and found sound
    (`proofs`, by night), and the nights found byte for byte as sealed (`unread`)."""

    proofs: dict[int, dict[str, Any]] = dataclasses.field(default_factory=dict)
    unread: set[int] = dataclasses.field(default_factory=set)


class Store:
    """banluck's data in one folder. Every method reads fresh from disk; nothing is cached.

    See the package docstring for the API. Each write holds the folder's lock (waiting up to
    `lock_timeout` seconds for another process) and is one atomic change of the night file.
    """

    def __init__(self, home: Path | None = None, *, lock_timeout: float = DEFAULT_TIMEOUT) -> None:
        self.named_by = "the folder given"
        if home is None:
            from banluck.core.home import data_dir, named_by

            home, self.named_by = data_dir(), named_by()
        self.home = Path(home)
        self.lock_timeout = lock_timeout
        self.warnings: list[str] = []
        self._latest_hint: int | None = None
        self._swept: tuple[int, int] | None = None  # the nights' folder after this Store's write

    # -- paths and transactions ------------------------------------------------------------

    @property
    def index_path(self) -> Path:
        return self.home / "index.json"

    @property
    def nights_dir(self) -> Path:
        return self.home / "nights"

    def night_path(self, night_id: int) -> Path:
        return self.nights_dir / f"{night_id:04d}.json"

    def night_ids(self) -> list[int]:
        try:
            names = os.listdir(self.nights_dir)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise self._folder_error(self.nights_dir, exc) from None
        return night_ids_in(names)

    def _folder_stamp(self) -> tuple[int, int] | None:
        """The nights' folder's identity and last change (any file made, renamed or removed in
        it changes it), or None when there is no such folder."""
        try:
            st = os.stat(self.nights_dir)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns)

    def _latest_id(self) -> int | None:
        """The latest night's id, for a line of play. The nights are numbered one after the
        other, each new one the latest plus one (a night cancelled was the latest): so when the
        latest this Store listed still has its file and no night follows it, it is still the
        latest, and the folder is not listed again (two stats, not a listing of every night)."""
        hint = self._latest_hint
        if (
            hint is not None
            and os.path.exists(self.night_path(hint))
            and not os.path.exists(self.night_path(hint + 1))
        ):
            return hint
        self._latest_hint = max(self.night_ids(), default=None)
        return self._latest_hint

    def stamp(self, night_id: int) -> tuple[Any, ...]:
        """The identity on disk of a night's data (its file and the journal of its live round):
        any write to the night changes it, so a stamp that differs from one taken after a
        command's own write means another command wrote in between."""
        path = self.night_path(night_id)
        return (journal.file_id(path), journal.file_id(journal.journal_path(path)))

    def missing(self, night_id: int, record: Mapping[str, Any]) -> StoreError:
        path = self.night_path(night_id)
        return damaged(
            path,
            f"the file is missing, but the index lists night {night_id} of {record.get('date')} "
            f"with {record.get('entries')} entries",
            schema.validate_night,
        )

    def _check_folders(self) -> None:
        """The data folder and its `nights` folder are folders (or do not exist yet)."""
        for folder in (self.home, self.nights_dir):
            if os.path.lexists(folder) and not folder.is_dir():
                raise self._folder_error(folder, NotADirectoryError())

    def _folder_error(self, folder: Path, exc: OSError) -> StoreError:
        return folder_error(self.home, self.named_by, folder, exc)

    @contextlib.contextmanager
    def locked(self, timeout: float | None = None) -> Iterator[None]:
        """Hold the write lock across several calls (re-entrant; each call still re-reads),
        waiting up to `timeout` seconds for it (`lock_timeout` unless given)."""
        self._check_folders()
        with locked(self.home / "lock", self.lock_timeout if timeout is None else timeout):
            yield

    def _write(
        self, change: Callable[[Tx], T], timeout: float | None = None, *, journaled: bool = False
    ) -> T:
        """Run `change` in a transaction under the lock, then commit it. `journaled`: the latest
        night's journal, when it extends the night file on disk, is handed to the transaction,
        which then need not read the night file (`Tx.journaled`)."""
        with self.locked(timeout):
            remove_stale_temps(self.home)
            if self._folder_stamp() != self._swept:
                # a temp file is made in the folder: one left by a writer killed since this
                # Store's last write changed the folder (the folder of a year of nights is not
                # listed again for every round)
                remove_stale_temps(self.nights_dir)
            current = None
            if journaled:
                latest = self._latest_id()
                found = None if latest is None else journal.current(self.night_path(latest))
                if latest is not None and found is not None and found.size < journal.BOUND:
                    current = (latest, found)
            tx = Tx(self, probe=True, current=current)
            result = change(tx)
            tx.commit()
            self._swept = self._folder_stamp()
            return result

    def _read(self) -> Tx:
        self._check_folders()
        tx = Tx(self)
        if tx.migrated:
            # An index from before the nights' totals: save it with them once (under the lock,
            # as any write), so that the next read finds them. When that cannot be done now (a
            # writer holds the lock, a read-only folder), this read uses what it made in memory.
            with contextlib.suppress(BanluckError):
                self._write(lambda tx: None, timeout=0.2)
                tx = Tx(self)
        return tx

    # -- nights ------------------------------------------------------------------------------

    def open_night(
        self,
        preset: str,
        snapshot: Mapping[str, Any],
        seats: Sequence[str],
        dealer: str,
        stakes: Mapping[str, int] | None = None,
        date: str | None = None,
        table: Mapping[str, Any] | None = None,
        entries: Callable[[int], Sequence[Entry | Mapping[str, Any]]] | None = None,
    ) -> dict[str, Any]:
        """Open a new night (the previous one must be closed); return its record.

        `table` is the round engine's own state between rounds (rotation counters, default
        stake, night-level lines): kept as given, a JSON-able dict. `entries(night_id)` gives
        entries recorded in the same write (a tournament's buy-ins), each checked as
        `add_entries` checks them.
        """
        given: dict[str, Any] = {"preset": preset, "snapshot": snapshot, "seats": seats}
        given.update(dealer=dealer, stakes=stakes, date=date, status="open", table=table)
        night = new_night(0, given, "seat them or pick a seat")

        def change(tx: Tx) -> dict[str, Any]:
            latest = tx.latest
            if latest is not None and tx.record(latest)["status"] == "open":
                raise StoreError(
                    f"night {latest} of {tx.record(latest)['date']} is still open; close it first"
                )
            night_id = night["id"] = (latest or 0) + 1
            db = tx.night_db(night_id)
            db.table("meta").insert(tx.new_meta(0, tx.next_seq()))
            db.table("night").insert(night)
            if entries is not None:
                tx.add_pool_entries(db, entries(night_id), night["seats"])
            return dict(night)

        return self._write(change)

    def add_entries(
        self,
        entries: Sequence[Entry | Mapping[str, Any]],
        night_update: Mapping[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        """Record buy-ins or prizes (`ledger.pool_entry`) in the open night and change its record
        (keys of `update_night`) in the same atomic write; return the stored entries. Raises
        StoreError listing the problems, changing nothing."""

        def change(tx: Tx) -> list[dict[str, Any]]:
            db = tx.open_db()
            players = night_of(db)["players"]
            tx.change_night(db, night_update)
            return tx.add_pool_entries(db, entries, players)

        return self._write(change)

    def drop_entries(
        self, seqs: Sequence[int], night_update: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """Remove the open night's last entries, which must be exactly `seqs` (read before:
        another command's entry in between changes nothing), and change its record in the same
        write; return the removed entries. What `undo` of a tournament's last hand needs."""

        def change(tx: Tx) -> list[dict[str, Any]]:
            db = tx.open_db()
            tables = tables_of(db)
            keys = sorted((int(k) for k in tables.get("entries", {})), reverse=True)
            want = sorted(seqs, reverse=True)
            if keys[: len(want)] != want:
                raise StoreError(
                    f"the ledger was changed by another command since this one read it: the last"
                    f" entries are not seq {', '.join(map(str, sorted(want)))}; nothing was undone"
                )
            removed = [entry_at(tables, str(seq)) for seq in sorted(want)]
            if night_update:
                tx.change_night(db, night_update)
            tx.undo(db, sorted(want))
            return removed

        return self._write(change)

    def update_night(
        self,
        *,
        seats: Sequence[str] | None = None,
        stakes: Mapping[str, int] | None = None,
        dealer: str | None = None,
        preset: str | None = None,
        snapshot: Mapping[str, Any] | None = None,
        table: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Change the open night's seats, stakes, dealer, preset or table; return the new record."""

        def change(tx: Tx) -> dict[str, Any]:
            db = tx.open_db()
            given = (seats, stakes, dealer, preset, snapshot, table)
            night = changed_night(dict(night_of(db)), dict(zip(NIGHT_CHANGES, given, strict=True)))
            if seats is not None:
                # Who sat tonight: the opening seats, the seats now, and whoever an entry of
                # tonight names. A seat taken and given up before playing (an undone `seat`)
                # leaves no one behind. A night kept without its opening seats keeps everyone.
                start = ((night.get("table") or {}).get("start") or {}).get("seats")
                kept = set(night["players"] if start is None else start) | set(night["seats"])
                kept |= {
                    name
                    for entry in tables_of(db).get("entries", {}).values()
                    for name in names_in(entry)
                }
                night["players"] = [p for p in night["players"] if p in kept]
            db.table("night").update(night, doc_ids=[1])
            return night

        return self._write(change)

    def close_night(self, entries: Sequence[Entry | Mapping[str, Any]] = ()) -> dict[str, Any]:
        """Close the open night (no round may be in progress); return its record. `entries`
        (buy-ins or prizes, `ledger.pool_entry`: a tournament's buy-ins paid back) are recorded
        in the same write, checked first: StoreError naming the problems, nothing changed."""

        def change(tx: Tx) -> dict[str, Any]:
            db = tx.open_db()
            if tables_of(db).get("live"):
                raise StoreError(
                    "a round is in progress; record it or undo its actions before closing the night"
                )
            if entries:
                tx.add_pool_entries(db, entries, night_of(db)["players"])
            db.table("night").update({"status": "closed", "closed": now()}, doc_ids=[1])
            return dict(night_of(db))

        return self._write(change)

    def tonight(self) -> dict[str, Any] | None:
        """The open night's record (with its preset snapshot), or None."""
        tx = self._read()
        night_id = tx.open_id
        return None if night_id is None else dict(night_of(tx.night_db(night_id)))

    def tonight_view(
        self,
    ) -> tuple[tuple[Any, ...] | None, dict[str, Any] | None, int, list[str], int]:
        """The open night as a session needs it, in one read: the stamp of its data on disk
        (taken before reading: a write in between shows as a stamp that differs), its record
        (with its preset snapshot; None when no night is open), the number of its next round
        entry, its live round, and how many of its round entries are settlements between
        rounds."""
        latest = self._latest_id()
        stamp = self.stamp(latest) if latest is not None else None
        tx = self._read()
        night_id = tx.open_id
        if night_id is None:
            return None, None, 1, [], 0
        if night_id != latest:
            stamp = None  # another night was opened in between: compare on the next write
        tables = tables_of(tx.night_db(night_id))
        live = [doc["line"] for doc in tables.get("live", {}).values()]
        between = sum(map(between_rounds, tables.get("entries", {}).values()))
        return stamp, dict(tables["night"]["1"]), last_round(tables) + 1, live, between

    def night(self, night_id: int) -> dict[str, Any]:
        """One night's record (with its preset snapshot)."""
        tx = self._read()
        tx.need(night_id)
        return dict(night_of(tx.night_db(night_id)))

    def nights(self, *, totals: bool = False) -> list[dict[str, Any]]:
        """Every night's index record, oldest first: the night fields (no snapshot), the counts
        `entries`, `rounds`, `live`, the seqs `first_seq`, `last_seq`, and `net` (each person's
        result that night, zeros left out); with `totals`, the night's `totals` too (see
        `totals`)."""
        tx = self._read()
        hidden = ("crc", "journal", "digest", "sealed", *(() if totals else ("totals",)))
        records = tx.records
        out = []
        for night_id in sorted(records):
            record = dict(records[night_id])  # copied whole, the store's own fields taken out:
            for key in hidden:  # several times faster than a comprehension over every field
                record.pop(key, None)
            out.append(record)
        return out

    def totals(self, nights: Iterable[int] | None = None) -> Totals:
        """The totals (`banluck.money.stats.Totals`: each person's stats, result and balance) of
        the given nights, or of every night, read from the index: no night file is parsed but the
        latest night's, when the index has to catch up with it."""
        tx = self._read()
        chosen = None if nights is None else list(nights)
        for night_id in chosen or []:
            tx.need(night_id)
        return tx.totals(chosen)

    def count(self) -> int:
        """The number of entries in the ledger, from the index (no night file, no earlier
        night's record)."""
        return self._read().count()

    def seq_before(self, night_id: int) -> int:
        """The last seq of the nights before `night_id` (0 when they hold none): for the
        latest night, from index.json alone when the nights before lack no seq."""
        return self._read().seq_before(night_id)

    def renamed(self) -> list[tuple[int, str, str]]:
        """Every rename recorded, in seq order: (seq, old, new), from the index (a rename is
        rare: the nights before the latest keep theirs together in index.json)."""
        return self._read().renamed()

    # -- the live round ----------------------------------------------------------------------

    def live(self) -> list[str]:
        """The open night's round in progress: its action lines in order ([] when none)."""
        latest = self._latest_id()
        if latest is not None:
            found = journal.current(self.night_path(latest))
            if found is not None:  # the night file is as the journal found it: still open
                return found.lines
        tx = self._read()
        night_id = tx.open_id
        if night_id is None:
            return []
        return [doc["line"] for doc in tables_of(tx.night_db(night_id)).get("live", {}).values()]

    def push_action(self, line: str) -> list[str]:
        """Append one action line to the live round; return the live round."""
        line = clean_line(line)

        def push(lines: list[str]) -> tuple[dict[str, Any], list[str]]:
            return {"push": line}, [*lines, line]

        return self._play(push)

    def pop_action(self) -> str:
        """Remove and return the last action line of the live round."""

        def pop(lines: list[str]) -> tuple[dict[str, Any], str]:
            if not lines:
                raise StoreError("the round has no action to undo")
            return {"pop": 1}, lines[-1]

        return self._play(pop)

    def _play(self, change: Callable[[list[str]], tuple[dict[str, Any], T]]) -> T:
        """A change of the live round alone, appended to the night's journal
        (`banluck.storage.journal`): `change` takes the live round's lines and gives the journal
        operation and the result. While the journal extends the night file on disk, the night
        file is not even read; otherwise the journal is begun again from the night file."""
        with self.locked():
            latest = self._latest_id()
            path = None if latest is None else self.night_path(latest)
            found = None if path is None else journal.current(path)
            if path is not None and found is not None:
                op, result = change(list(found.lines))
                journal.append(found, path, op)
                return result

            def begin(tx: Tx) -> T:
                db = tx.open_db()
                tables = tables_of(db)
                lines = [doc["line"] for doc in tables.get("live", {}).values()]
                op, result = change(lines)
                token = meta_of(db).get("token")
                storage = storage_of(db)
                if token is None or storage.added is not None:
                    # a night file from before tokens, or one whose journal holds rounds but
                    # does not extend it as it is on disk (a copied folder): the change is
                    # written in the night file, which takes the journal's rounds in
                    tx.set_live(db, journal.apply(lines, op))
                else:
                    state = journal_state(tables, storage.crc)
                    journal.start(storage.path, token, lines, op, state)
                return result

            return self._write(begin)

    # -- the ledger --------------------------------------------------------------------------

    def record_round(
        self, round: Mapping[str, Any], night_update: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Record a settled round in the open night and clear the live round, in one atomic step:
        one line appended to the night's journal when it extends the night file on disk (the
        night file is not read), else one atomic write of the night file.

        `night_update` (keys of `update_night`: dealer, table, ...) changes the night record in
        the same write: the deal rotating after the round can never be lost or half-written.

        `round` is the engine's dict: `transfers` [{from, to, amount, reason}], `log` [lines],
        `hands` {name: kind}, and optionally `round` (number; default: the next in the night),
        `dealer` (default: the night's dealer) and `preset` (snapshot; default: the night's).
        Returns the stored entry. Raises StoreError listing every problem, changing nothing.
        """
        if not isinstance(round, Mapping):
            raise ledger.LedgerError(
                f"a round is a dict of its results, not {type(round).__name__}"
            )
        if isinstance(round.get("stakes"), Mapping):
            for name, stake in round["stakes"].items():
                clean_amount(stake, f"the stake of {name}")

        def prepared(night: Mapping[str, Any], last: int) -> tuple[RoundEntry, dict[str, Any]]:
            """The entry completed from the open night (its number after round `last`) and
            checked, and the night record as the round leaves it."""
            if round.get("night", night["id"]) != night["id"]:
                raise StoreError(
                    f"the round is for night {round['night']} but night {night['id']} is open"
                )
            try:
                entry = ledger.round_entry(
                    round,
                    night["id"],
                    last + 1,
                    night["dealer"],
                    night["snapshot"],
                    night["players"],
                )
            except ledger.RoundProblems as exc:
                raise StoreError(f"cannot record the round: {exc}") from None
            return entry, changed_night(dict(night), night_update or {})

        def change(tx: Tx) -> dict[str, Any]:
            found = tx.journaled.get(tx.latest) if tx.latest is not None else None
            state = None if found is None else found.state
            if state is not None and state["night"]["status"] == "open":
                # the round appended to the journal, which extends the night file on disk
                entry, changed = prepared(state["night"], int(state["round"]))
                return tx.journal_round(state["night"]["id"], entry, changed)
            db = tx.open_db()
            entry, changed = prepared(night_of(db), last_round(tables_of(db)))
            stored = tx.add_entry(db, entry)
            db.table("live").truncate()
            if night_update:
                db.table("night").update(changed, doc_ids=[1])
            return stored

        return self._write(change, journaled=True)

    def add_payment(self, payer: str, payee: str, amount: int, note: str = "") -> dict[str, Any]:
        """Record that `payer` handed `amount` in cash to `payee`; return the entry.

        `amount` is a whole number from 1 to MAX_AMOUNT (10^12), as every stake."""
        entry = ledger.payment(payer, payee, amount, note)
        clean_amount(amount, "the amount of the payment")

        def change(tx: Tx) -> dict[str, Any]:
            db = tx.latest_db()
            people = tx.people()
            unknown = [n for n in (payer, payee) if n not in people]
            if unknown:
                raise StoreError(
                    f"{' and '.join(unknown)} never played here; check the spelling of the names"
                )
            return tx.add_entry(db, entry)

        return self._write(change)

    # -- corrections of earlier entries, renames, a night cancelled ---------------------------

    def add_linked(
        self,
        seq: int,
        make: Callable[[dict[str, Any], list[dict[str, Any]]], Entry | Mapping[str, Any]],
    ) -> dict[str, Any]:
        """Record an entry made from entry `seq` and every entry after it, in one decision
        under the lock: `make(target, later)` returns the new entry (no seq), as
        `ledger.correction` or `ledger.amendment` build them, or raises. Returns the entry."""

        if not isinstance(seq, int) or isinstance(seq, bool):
            raise StoreError(f"{seq!r} is not a seq; give the number of an entry in the ledger")

        def change(tx: Tx) -> dict[str, Any]:
            target = tx.find_entry(seq)
            later = [
                entry
                for night_id in sorted(tx.records)
                if (tx.records[night_id]["last_seq"] or 0) > seq
                for entry in entries_of(tables_of(tx.night_db(night_id)), copy=True)
                if entry["seq"] > seq
            ]
            entry = stored_form(make(target, later))
            problems = ledger.entry_problems(entry, tx.people())
            if problems:
                raise StoreError(f"cannot record the correction: {'; '.join(problems)}")
            return tx.add_entry(tx.latest_db(), entry)

        return self._write(change)

    def rename(self, old: str, new: str) -> dict[str, Any]:
        """Record that `old` is called `new` from now on (a rename entry in the latest night,
        and `new` among that night's players); return the entry. Refused while `old` is seated
        at the open night."""
        entry = ledger.rename(old, new)

        def change(tx: Tx) -> dict[str, Any]:
            if old not in tx.people():
                raise StoreError(f"{old} never played here; check the spelling of the name")
            db = tx.latest_db()
            night = dict(night_of(db))
            if night["status"] == "open" and old in night["seats"]:
                raise StoreError(
                    f"{old} is seated at the open night: rename after `banluck night close`"
                )
            stored = tx.add_entry(db, entry)
            if new not in night["players"]:
                night["players"] = [*night["players"], new]
                db.table("night").update(night, doc_ids=[1])
            return stored

        return self._write(change)

    def cancel_night(self) -> dict[str, Any]:
        """Remove the open night when nothing was recorded in it (no entry, no round in play):
        a night started by mistake. Returns its record. The index forgets it first, then its
        file goes: a crash between the two leaves the night as it was (the index finds it)."""

        def change(tx: Tx) -> dict[str, Any]:
            db = tx.open_db()
            tables = tables_of(db)
            night = dict(night_of(db))
            entries = tables.get("entries", {})
            if entries:
                first = min(entries, key=int)
                raise StoreError(
                    f"night {night['id']} has entries (#{first} first); only a night with no"
                    " round can be cancelled: close it with `banluck night close`"
                )
            if tables.get("live"):
                raise StoreError(
                    f"night {night['id']} has a round in play; only a night with no round can be"
                    " cancelled (undo its lines first)"
                )
            night_id = night["id"]
            del tx.nights[night_id], tx.records[night_id]
            tx.fresh.pop(night_id, None)
            tx.ids.remove(night_id)
            if tx.latest is not None and tx.latest not in tx.fresh:
                # the night before becomes the latest: counted apart from the rest of the season
                self._count_latest(tx)
                tx.base = ledger.subtract_summaries(tx.base, tx.fresh[tx.latest])
            tx._write_index()
            tx.commit_index()
            path = self.night_path(night_id)
            path.unlink()
            with contextlib.suppress(FileNotFoundError):
                backup_of(path).unlink()  # its first version: nothing of it is kept
            return night

        return self._write(change)

    def _count_latest(self, tx: Tx) -> None:
        """Count the night before a cancelled one as the latest: from its file, or, when that
        file cannot be read, from the summary a clean `check` sealed it with (the night is
        named; every command that needs it refuses until it is put back)."""
        from banluck.storage import repair

        latest = tx.latest
        assert latest is not None
        try:
            tx._refresh(latest)
        except DamagedFile as exc:
            proof = repair._held_proof(tx.record(latest), tx.seals.get(str(latest)))
            if proof is None:
                raise
            tx.nights.pop(latest, None)
            tx.fresh[latest] = proof["summary"]
            self.warnings.append(
                f"{exc}; night {latest} is counted as a clean `banluck check` sealed it"
            )

    def undo_last(
        self,
        night_update: Mapping[str, Any] | None = None,
        live: Sequence[str] | None = None,
        *,
        expect_seq: int | None = None,
    ) -> dict[str, Any]:
        """Remove the last entry of the ledger and return it (as it was stored).

        `expect_seq` is the seq of the entry the caller means to remove, read before: when the
        last entry is another one by the time the lock is held, nothing changes (StoreError).

        Only an entry of the latest night can be undone; an older one needs a correction. In the
        same write, `night_update` changes the open night's record (as `update_night`) and `live`
        replaces its live round: undoing a round can reopen it without losing a line.
        """

        def change(tx: Tx) -> dict[str, Any]:
            if tx.latest is None:
                raise StoreError("the ledger is empty; there is nothing to undo")
            db = tx.latest_db()
            tables = tables_of(db)
            entries = tables.get("entries", {})
            if not entries:
                last = tx.last_record()
                if last is None:
                    raise StoreError("the ledger is empty; there is nothing to undo")
                raise StoreError(
                    f"the last entry, seq {last['last_seq']}, belongs to night {last['id']}, "
                    "which is over; record a correction of it instead"
                )
            key = max(entries, key=int)
            if expect_seq is not None and int(key) != expect_seq:
                raise StoreError(
                    f"the ledger was changed by another command since this one read it: the last"
                    f" entry is now seq {key}, not seq {expect_seq}; nothing was undone: look at"
                    " it again (`banluck ledger`) and undo again if it still applies"
                )
            removed = entry_at(tables, key)
            if night_update or live is not None:
                if night_of(db)["status"] != "open":
                    raise StoreError("the last night is closed: record a correction instead")
                tx.change_night(db, night_update)
                tx.set_live(db, [clean_line(line) for line in live or []])
            tx.undo(db, [int(key)])
            return removed

        return self._write(change)

    def entries(self, night: int | None = None) -> list[dict[str, Any]]:
        """Every entry in seq order, or one night's; rounds carry their preset snapshot.

        The dicts are fresh for each call and may be shared between entries (snapshots): treat
        them as read-only.
        """
        with no_gc():
            return list(self.iter_entries(night))

    def iter_entries(self, night: int | None = None) -> Iterator[dict[str, Any]]:
        """Like `entries`, but reading one night file at a time, so that a caller who only
        sums or pages never holds the whole year in memory (about twice as fast for a year)."""
        tx = self._read()
        if night is not None:
            tx.need(night)
        for night_id in sorted(tx.records) if night is None else [night]:
            db = tx.night_db(night_id)
            del tx.nights[night_id]  # hold one night's tables at a time
            yield from entries_of(tables_of(db), copy=False)

    def iter_nights(
        self, ids: Iterable[int], *, readable: bool = False
    ) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Each of the nights `ids`: its record (with its preset snapshot, as `night`) and its
        entries (as `entries`), from one reading of the index, one night file in memory at a
        time. With `readable`, a night whose file cannot be read is left out (StoreError
        otherwise)."""
        tx = self._read()
        for night_id in ids:
            try:
                tx.need(night_id)
                tables = tables_of(tx.night_db(night_id))
            except StoreError:
                if not readable:
                    raise
                continue
            finally:
                tx.nights.pop(night_id, None)
            with no_gc():
                entries = entries_of(tables, copy=False)
            yield dict(tables["night"]["1"]), entries

    def last_entries(self, count: int) -> list[dict[str, Any]]:
        """The last `count` entries of the ledger in seq order, reading the night files from the
        latest back only as far as they reach."""
        return last_of(self.last_nights(count), count)

    def last_nights(self, count: int) -> list[tuple[int, list[dict[str, Any]]]]:
        """The nights that hold the last `count` entries of the ledger, latest first: each
        night's id and all its entries in seq order (as `entries`), from one reading of the
        index, the night files read from the latest back only as far as they reach."""
        tx = self._read()
        out: list[tuple[int, list[dict[str, Any]]]] = []
        held = 0
        for night_id in reversed(tx.ids):  # the earlier nights' records read only if reached
            if held >= count:
                break
            if not tx.record(night_id)["entries"]:
                continue
            db = tx.night_db(night_id)
            del tx.nights[night_id]
            out.append((night_id, entries_of(tables_of(db), copy=False)))
            held += len(out[-1][1])
        return out

    def last_entry(self) -> dict[str, Any] | None:
        """The last entry of the ledger, or None when it is empty."""
        tx = self._read()
        record = tx.last_record()
        if record is None:
            return None
        return entry_at(tables_of(tx.night_db(record["id"])), str(record["last_seq"]))

    def balances(self) -> dict[str, int]:
        """Every person's balance over all entries (each night's, summed in the index), sorted by
        name; `ledger.balances(store.iter_entries())` gives the same from the entries."""
        return dict(self.totals()["balance"])

    # -- people and the season summary -------------------------------------------------------

    def people(self) -> list[str]:
        """Every name that has sat at a night, sorted."""
        return sorted(self._read().people())

    def season(self) -> dict[str, Summary]:
        """Per person over all nights: net, rounds played and dealt, hand kinds (the index's
        cached season, brought up to date with the latest night)."""
        return self._read().season()

    # -- checking and repair (`banluck.storage.repair`) ---------------------------------------

    def check(self, *, full: bool = True) -> list[str]:
        """Every problem in the stored data, each one line; [] when all is well, and then the
        nights found sound are sealed (`verify`, `seal`)."""
        problems, seals = self.verify(full=full)
        if not problems:
            self.seal(seals)
        return problems

    def verify(self, *, full: bool = True) -> tuple[list[str], Seals]:
        """Every problem in the stored data, each one line ([] when all is well), and what
        would seal the nights found sound (`seal`; `Seals.unread`: the sealed nights whose
        files were found byte for byte as sealed, not read again).

        An index left one step behind by a crash is first brought up to date (that is normal
        and not a problem); anything still wrong after that is reported.

        The ledger rules (`banluck.money.ledger.check`), plus: the index agrees with the night files
        (night records, people, season summary, next seq), only the latest night is open, and
        each round is stored in its own night and names only people seated that night.
        """
        try:
            # first let the index catch up with the night files (both of its files)
            self._write(lambda tx: tx.load_earlier())
        except ReadOnly as exc:
            # A copy on a read-only disk, or another user's folder: check it as it is.
            self.warnings.append(
                f"checked read-only: the data folder cannot be written ({exc}); the index was"
                " checked as it is, without catching up with the night files"
            )
        from banluck.storage import repair  # what only `banluck check` needs

        seals = Seals()
        tx = Tx(self)  # caught up as any read is, trusting the bytes banluck wrote
        tx.distrust()  # and from here every file is read again, checked field by field
        problems = repair.check(tx, full=full, proofs=seals.proofs, unread=seals.unread)
        return [problem.message for problem in problems], seals

    def seal(self, seals: Seals) -> None:
        """Seal the nights a clean `verify` found sound (`banluck.storage.repair.seal`): a
        plain `check` then trusts each while its file is unchanged. Nothing is said when it
        cannot be written (the next clean check seals them)."""
        from banluck.storage import repair

        if not seals.proofs:  # every night over was found as sealed: nothing to seal
            return
        with contextlib.suppress(BanluckError):
            self._write(lambda tx: repair.seal(tx, seals.proofs))

    def repair(self) -> tuple[list[str], list[str]]:
        """Recover what can be recovered (`banluck.storage.repair.repair`), under the lock:
        what was done, and what is lost (where something is, nothing that would hide it is
        changed), each one line."""
        from banluck.storage import repair

        with self.locked():
            return repair.repair(self)

    def rebuild_index(self) -> None:
        """Rebuild index.json from the night files (after it was damaged or lost)."""
        from banluck.storage import repair

        with self.locked():
            repair.rebuild_index(self)

    def import_nights(
        self, nights: Iterable[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]]
    ) -> int:
        """Write whole closed nights at once (an import, or a benchmark's history), in one
        decision under the lock; returns the number of entries written. What each item holds
        and how it is checked: `banluck.storage.repair.import_nights`."""
        from banluck.storage import repair

        return self._write(lambda tx: repair.import_nights(tx, nights))
