"""banluck's storage: the only package that knows TinyDB. Nothing here is lost on a crash.

Layout of the home folder, the file format and the migrations: see `banluck.storage.store` and
`banluck.storage.schema`. `store` is the API below; `tx` the write, `index` the index (reading,
catching up with the night files, totals), `repair` checking and repair (`check`,
`rebuild_index`, `import_nights`), `clean` the checks of what a caller gives, `codec` a new
typed entry to its stored form; `files`, `journal`
and `lock` the files, the night's journal and the write lock. Money rules (balances, checks, entry builders) live in
`banluck.money.ledger`; the store applies them before every write.

    store = Store(home=None, lock_timeout=3.0)      home defaults to banluck.core.home.data_dir()

Nights (only one open at a time; records are dicts: id, date, preset, snapshot, seats, players,
stakes, dealer, status "open"/"closed", started, closed):
    store.open_night(preset, snapshot, seats, dealer, stakes=None, date=None) -> night
    store.update_night(*, seats=None, stakes=None, dealer=None, preset=None, snapshot=None) -> night
    store.close_night() -> night                    refused while a round is in progress
    store.tonight() -> night | None                 the open night
    store.night(id) -> night
    store.nights(totals=False) -> [record]          index records: counts, seqs, net per person
                                                    (with totals: each night's totals too)
    store.totals(nights=None) -> Totals             stats, results and balances of some nights
                                                    or all, summed from the index (no night file)
    store.count() -> int                            the number of entries (from the index)
    store.renamed() -> [(seq, old, new)]            every rename (from the index)
    store.tonight_view() -> (stamp, night, next_round, live, between)
                                                    the open night as a session needs it, in one
                                                    read (night None when no night is open)
    store.stamp(id) -> tuple                        the night's data on disk: changes with any write

The live round of the open night (action lines; appended to the night's journal, one fsync):
    store.live() -> [str]
    store.push_action(line) -> [str]
    store.pop_action() -> str

The ledger (entries are dicts; see `banluck.money.ledger` for their fields):
    store.record_round(round_dict) -> entry         appends the entry and clears the live round,
                                                    in one atomic write (one line appended to the
                                                    night's journal, when it extends the night
                                                    file: the night file is not read)
    store.add_payment(payer, payee, amount, note="") -> entry
    store.add_linked(seq, make) -> entry            an entry made from entry seq and the entries
                                                    after it (a reversal, an amendment), under
                                                    the lock
    store.rename(old, new) -> entry                 a rename entry in the latest night
    store.cancel_night() -> night                   remove the open night, when nothing was
                                                    recorded in it
    store.undo_last() -> entry                      removes and returns the last entry
    store.entries(night=None) -> [entry]            all entries in seq order, or one night's
    store.iter_entries(night=None) -> iter(entry)   the same, one night file in memory at a time
    store.last_entry() -> entry | None
    store.last_entries(n) -> [entry]                the last n, reading nights back only as needed
    store.last_nights(n) -> [(id, [entry])]         the nights holding the last n, whole, latest first
    store.seq_before(night) -> int                  the last seq of the nights before it (0: none)
    store.balances() -> {name: int}                 every entry's, summed night by night (index)

People and totals:
    store.people() -> [name]                        everyone who has sat at a night
    store.season() -> {name: Summary}               net, rounds, dealt, hand kinds (a cache in
                                                    the index, which check verifies)

Safety:
    store.check() -> [problem]                      ledger rules + index against night files
    store.rebuild_index()                           rebuild the index (index.json and
                                                    index-earlier.json) from the night files
    store.locked()                                  context: hold the write lock across calls
    store.import_nights([(night, [entry])]) -> int  write whole closed nights in bulk
    store.warnings                                  non-fatal notes (an index left to catch up, a
                                                    check made read-only): the commands show them

Errors are BanluckErrors: StoreError (a refused change or an I/O failure, nothing changed),
DamagedFile (a data file that cannot be read: names the file and its last good backup),
StoreBusy (another process holds the lock: names it), ReadOnly (the folder cannot be written;
`check` then checks read-only), and banluck.money.ledger.LedgerError.
"""

from __future__ import annotations

from banluck.storage.files import DamagedFile, ReadOnly, StoreError
from banluck.storage.lock import StoreBusy
from banluck.storage.schema import MIGRATIONS, SCHEMA
from banluck.storage.store import Store

__all__ = ["MIGRATIONS", "SCHEMA", "DamagedFile", "ReadOnly", "Store", "StoreBusy", "StoreError"]
