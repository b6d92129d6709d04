"""The shape of the data files, their schema version, and the numbered migrations between versions.

Every file carries its own version in its `meta` table, so files are upgraded one at a time: a file
is upgraded in memory when read and written at the current version the next time it is saved (its
`.bak` keeps the old version). A file newer than this code is refused, never guessed at.

A night file `nights/NNNN.json` (TinyDB tables; each document keyed by its id):
    meta     {"1": {"kind": "night", "schema": 5, "rev": int, "token": str, "next_seq": int,
                    "prior": the night before's seal, `codec.sealed` (from v5, where there was one),
                    "undone": the seqs undone (in nights opened since it is kept)}}
    night    {"1": {id, date, preset, snapshot, seats, players, stakes, dealer, status,
                    started, closed, table}}   a tournament's `table.tournament`:
                    {buy_in, chips, seats, lines} (banluck.app.tournament)
    presets  {"<n>": preset snapshot}   each distinct snapshot of the night, stored once
    entries  {"<seq>": entry}           a round's `preset` is stored as the id of its snapshot;
                                        each entry's `digest` (v5) chains it to the one before
                                        kinds: round, payment, correction (reversing or, from
                                        v3, amending a round), rename (v3)
    live     {"<n>": {"line": str}}     the round in progress, one action per document

Beside it, `nights/NNNN.live` may hold the lines played and the rounds recorded since the night
file was last written (see `banluck.storage.journal`); it counts only while its token is the
night file's, and then every reader sees its rounds as entries of the night file.

The index, a cache rebuilt from the night files whenever it falls behind them, in two files (from
v4): `index.json`, rewritten by every write, holds the latest night's record and what sums every
night; `index-earlier.json`, rewritten only when the latest night changes (a night opened, a
night cancelled, an import, a rebuild), holds the records of the nights before it. So a round
recorded rewrites a file the size of one night's record, however many nights came before.

`index.json`:
    meta     {"1": {"kind": "index", "schema": 4, "next_seq": int,
                    "counted": {"night": latest id or null, "summary": that night's summary},
                    "earlier": {"last": the last night in index-earlier.json or null,
                                "crc": CRC-32 of that file's bytes as written with this index,
                                "next_seq": the highest next_seq of its nights,
                                "people": people of its nights (as the people table),
                                "totals": the sum of its nights' totals,
                                "renamed": their renames, [seq, old, new] each,
                                "entries": the count of their entries}}}
                    `earlier` is null in an index from before v4: every record is in `nights`.
    nights   {"<id>": night record (the latest night, and any later than `earlier.last`):
                      the night fields without the snapshot, plus rev, token,
                      next_seq, entries, rounds, first_seq, last_seq, reversed, live, net,
                      totals: `banluck.money.stats.night_totals` of its entries (each person's
                      stats, result and balance: what stats, history, settle and ledger --all
                      read), crc: CRC-32 of the night file's bytes it was made from,
                      `renamed` ([seq, old, new] each) where the night has a rename, and
                      `journal` ([rounds, CRC-32 of their lines]) where the night's journal
                      holds rounds: those the record counts besides the night file's,
                      digest: the night's last entry's digest (v5; `codec.head`)}
                      An index written before `totals` and `crc` gets them from the night files
                      the first time it is read (and saves them when the lock is free).
    people   {"<n>": {name, nights, first, last}}
    season   {"<n>": {name, net, rounds, dealt, hands}}   all nights, the latest as counted

`index-earlier.json`:
    meta     {"1": {"kind": "index-earlier", "schema": 4}}
    nights   {"<id>": night record, as in index.json}   every night before the latest

Either file may hold a `sealed` table, {"<id>": {size, sha256, seal, summary, self}}, for each of
its closed nights a clean `check` found sound (`banluck.storage.repair.seal`): the size and
SHA-256 of the night file's bytes (whose CRC-32 is the record's `crc`), the night's seal
(`codec.sealed`), its summary, and `self`, the SHA-256 of the record and the rest together. A
banluck of schema 5 from before it ignores the table (and drops it when it rewrites the file: the
next clean check seals the nights again).

The two are written under the lock, index-earlier.json first: `earlier.crc` ties index.json to the
one it was written with. A reader finding another file there (a writer killed between the two
writes, or a hand edit) checks it field by field and joins it with index.json: each night is then
in one of the two or is read again from its night file, as a night the index does not know.
When the CRC matches, the file is not checked field by field again (it is what banluck wrote);
the same holds for a night file whose CRC is the one its index record was made from.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from banluck.money.entries import Fault, read
from banluck.money.ledger import KINDS
from banluck.storage.codec import chain
from banluck.storage.files import Newer, Shape, Tables

TOTALLED_KINDS = ("ban-ban", "ban-luck", "triple-seven", "five-dragon", "five-card-21", "bust")
"""The hand kinds a night's totals in the index count (`kinds`): a stored form, kept as it was
written when the totals were first kept (ban-luck's counted kinds, `Family.counted`)."""

Migration = Callable[[str, Tables], None]


def _v1_to_v2(kind: str, tables: Tables) -> None:
    """v2 records `players` on each night (everyone seated that night, even those who left) and
    keeps the season up to date without re-adding every night.

    v1 knew only the current `seats`, so a player who left mid-night vanished from `people`:
    a night file now derives `players` from its seats and every name in its entries. The v1
    index kept a full `summary` in every night record and re-added them all on each write; v2
    keeps each night's `net` and, in `meta.counted`, the summary of the latest night only.
    """
    if kind == "night":
        night = tables["night"]["1"]
        players: list[str] = list(night["seats"])
        for entry in tables.get("entries", {}).values():
            names = [entry.get("dealer"), *entry.get("hands", {})]
            for t in entry.get("transfers", []):
                names += [t.get("from"), t.get("to")]
            if entry.get("kind") == "payment":
                names += [entry.get("from"), entry.get("to")]
            players += [n for n in names if isinstance(n, str)]
        night["players"] = list(dict.fromkeys(players))
        return
    records = tables["nights"]
    latest = max(records, key=int, default=None)
    counted: dict[str, Any] = {"night": None if latest is None else int(latest), "summary": {}}
    for key, record in records.items():
        summary = record.pop("summary")
        record["players"] = list(dict.fromkeys([*record["seats"], *summary]))
        record["net"] = {name: s["net"] for name, s in summary.items() if s["net"]}
        if key == latest:
            counted["summary"] = summary
    tables["meta"]["1"]["counted"] = counted


def _v2_to_v3(kind: str, tables: Tables) -> None:
    """v3 adds two shapes of entry: a correction that amends a round's lines (`amends` in place
    of `reverses`, with the round's new lines, hands and outcome) and `rename` (`from`, `to`).
    A v2 file holds neither, so it reads unchanged; the version tells an older banluck that a
    v3 file is newer than it, rather than damaged."""


def _v3_to_v4(kind: str, tables: Tables) -> None:
    """v4 keeps the records of the nights before the latest in `index-earlier.json`, written only
    when the latest night changes, so that a round recorded does not rewrite every night's
    record. A v3 index holds them all: `earlier` is null, and the next write splits it. Night
    files are unchanged; the version tells an older banluck that the index is newer than it,
    rather than damaged or missing nights."""
    if kind == "index":
        tables["meta"]["1"]["earlier"] = None


def _v4_to_v5(kind: str, tables: Tables) -> None:
    """v5 makes the ledger tamper-evident: each entry carries `digest`, chained to the entry
    before it (`banluck.storage.codec.chained`); a night file's `meta.prior` is the seal of the
    night before (`codec.sealed`), from which its first entry chains; the index's record of each
    night keeps its last digest (`digest`). A v4 night file's entries are chained as they are
    when it is read (written so at its next save); a v4 index's records get their `digest` from
    the night files the first time it is read, every night's at once. The version tells an older
    banluck that a v5 file is newer than it, rather than damaged."""
    if kind == "night":
        chain(tables)


# MIGRATIONS[n - 1] takes a file from schema n to schema n + 1.
MIGRATIONS: list[Migration] = [_v1_to_v2, _v2_to_v3, _v3_to_v4, _v4_to_v5]
SCHEMA = len(MIGRATIONS) + 1


def _docs(data: dict[str, Any], table: str, required: bool = True) -> dict[str, Any]:
    docs = data.get(table)
    if docs is None and not required:
        docs = data[table] = {}
    if not isinstance(docs, dict):
        raise Shape(f"table {table!r} is missing" if docs is None else f"{table!r} is not a table")
    for key, doc in docs.items():
        if not key.isdigit():
            raise Shape(f"table {table!r} has a document id {key!r} that is not a number")
        if not isinstance(doc, dict):
            raise Shape(f"table {table!r} document {key} is not an object")
    return docs


def _one(data: dict[str, Any], table: str) -> dict[str, Any]:
    docs = _docs(data, table)
    doc = docs.get("1")
    if doc is None:
        raise Shape(f"table {table!r} has no document 1")
    return doc  # type: ignore[no-any-return]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(doc: dict[str, Any], where: str, **types: type | tuple[type, ...]) -> None:
    for key, kind in types.items():
        value = doc.get(key)
        ok = _is_int(value) if kind is int else isinstance(value, kind)
        if not ok:
            raise Shape(f"{where} field {key!r} is {value!r}")


def _upgrade(data: Any, kind: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise Shape(f"the file holds {type(data).__name__}, not tables")
    meta = _one(data, "meta")
    if meta.get("kind") != kind:
        raise Shape(f"it is not a {kind} file (its kind is {meta.get('kind')!r})")
    version = meta.get("schema")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Shape(f"its schema version is {version!r}")
    if version > SCHEMA:
        raise Newer(
            f"it was written by a newer banluck (data schema {version}; "
            f"this one reads up to {SCHEMA})"
        )
    try:
        for step in MIGRATIONS[version - 1 :]:
            step(kind, data)
    except (KeyError, TypeError, AttributeError) as exc:
        raise Shape(f"it cannot be upgraded from schema {version}: {exc!r}") from None
    meta["schema"] = SCHEMA
    return data


def validate_night(raw: Any, path: Path) -> Tables:
    """Check a night file's shape and upgrade it to the current schema; raise Shape if wrong."""
    data = _upgrade(raw, "night")
    _need(_one(data, "meta"), "meta", rev=int, next_seq=int)
    night = _one(data, "night")
    _need(
        night,
        "night",
        id=int,
        date=str,
        preset=str,
        snapshot=dict,
        seats=list,
        players=list,
        stakes=dict,
        status=str,
        started=str,
    )
    _check_night_fields(night)
    expected = path.name.split(".")[0]
    if expected.isdigit() and night["id"] != int(expected):
        raise Shape(f"it holds night {night['id']}, not night {int(expected)}")
    if night["status"] not in ("open", "closed"):
        raise Shape(f"night status is {night['status']!r}")
    refs = {int(key) for key in _docs(data, "presets", required=False)}
    kinds = set(KINDS)
    for key, entry in _docs(data, "entries", required=False).items():
        kind = entry.get("kind")
        if kind not in kinds or entry.get("seq") != int(key):
            raise Shape(f"entry {key} has seq {entry.get('seq')!r} and kind {kind!r}")
        if kind == "round" and entry.get("preset") not in refs:
            raise Shape(f"entry {key} refers to a preset snapshot that is not in the file")
        _check_entry_fields(entry, f"entry {key}")
    seqs = [int(key) for key in _docs(data, "entries", required=False)]
    if seqs and data["meta"]["1"]["next_seq"] <= max(seqs):
        raise Shape(
            f"meta field 'next_seq' is {data['meta']['1']['next_seq']}, but seq {max(seqs)} exists"
        )
    for key, doc in _docs(data, "live", required=False).items():
        if not isinstance(doc.get("line"), str):
            raise Shape(f"live action {key} has no line")
    return data


MAX_DEPTH = 32


def _depth_ok(value: Any, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, dict):
        return all(_depth_ok(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return all(_depth_ok(v, depth + 1) for v in value)
    return True


def _names(value: Any, where: str) -> None:
    if not isinstance(value, list) or not all(isinstance(n, str) and n.strip() for n in value):
        raise Shape(f"{where} is {value!r}, not a list of names")


def _amounts(value: Any, where: str) -> None:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and _is_int(v) and v > 0 for k, v in value.items()
    ):
        raise Shape(f"{where} is {value!r}, not names with whole positive amounts")


def _check_night_fields(night: dict[str, Any]) -> None:
    """The night record's fields, in depth: every field a command reads has its type."""
    _names(night["seats"], "night field 'seats'")
    _names(night["players"], "night field 'players'")
    _amounts(night["stakes"], "night field 'stakes'")
    if not isinstance(night.get("dealer"), str) or night["dealer"] not in night["seats"]:
        raise Shape(f"night field 'dealer' is {night.get('dealer')!r}, not one of the seats")
    if night.get("closed") is not None and not isinstance(night["closed"], str):
        raise Shape(f"night field 'closed' is {night['closed']!r}")
    if not _depth_ok(night["snapshot"]):
        raise Shape("night field 'snapshot' is nested too deep")
    table = night.get("table")
    if table is None:
        return
    if not isinstance(table, dict):
        raise Shape(f"night field 'table' is {table!r}, not an object")
    for key in ("dealt", "won"):
        if key in table and not _is_int(table[key]):
            raise Shape(f"night field 'table.{key}' is {table[key]!r}, not a whole number")
    default = table.get("default_stake")
    if default is not None and not (_is_int(default) and default > 0):
        raise Shape(f"night field 'table.default_stake' is {default!r}")
    if "stakes" in table:
        _amounts(table["stakes"], "night field 'table.stakes'")
    bets = table.get("bets", [])
    if not isinstance(bets, list) or not all(
        isinstance(b, list)
        and len(b) == 3
        and isinstance(b[0], str)
        and isinstance(b[1], str)
        and _is_int(b[2])
        and b[2] > 0
        for b in bets
    ):
        raise Shape(f"night field 'table.bets' is {bets!r}, not [word, seat, amount] triples")
    standing = table.get("standing", {})
    if not isinstance(standing, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in standing.items()
    ):
        raise Shape(f"night field 'table.standing' is {standing!r}, not keys with lines")
    words = table.get("words", [])
    if not isinstance(words, list) or not all(
        isinstance(w, list) and len(w) == 2 and _is_int(w[0]) and isinstance(w[1], str)
        for w in words
    ):
        raise Shape(f"night field 'table.words' is {words!r}, not [round, line] pairs")
    _check_tournament(table.get("tournament"))
    start = table.get("start")
    if start is not None:
        if not isinstance(start, dict):
            raise Shape(f"night field 'table.start' is {start!r}, not an object")
        if "seats" in start and start["seats"] is not None:
            _names(start["seats"], "night field 'table.start.seats'")
        if start.get("dealer") is not None and not isinstance(start["dealer"], str):
            raise Shape(f"night field 'table.start.dealer' is {start['dealer']!r}")
        stake = start.get("default_stake")
        if stake is not None and not (_is_int(stake) and stake > 0):
            raise Shape(f"night field 'table.start.default_stake' is {stake!r}")


def _check_tournament(tournament: Any) -> None:
    """A tournament night's `table.tournament`: its buy-in, chips, seats and lines."""
    if tournament is None:
        return
    where = "night field 'table.tournament'"
    if not isinstance(tournament, dict):
        raise Shape(f"{where} is {tournament!r}, not an object")
    for key in ("buy_in", "chips"):
        value = tournament.get(key)
        if not (isinstance(value, int) and not isinstance(value, bool) and value > 0):
            raise Shape(f"{where}.{key} is {value!r}, not a whole number above 0")
    _names(tournament.get("seats"), f"{where}.seats")
    lines = tournament.get("lines")
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise Shape(f"{where}.lines is {lines!r}, not a list of lines")


# The order in which a night file's entry is checked field by field: of its faults the storage
# refuses (`Fault.refuse`), the first in this order is named (a transfer's `to` before its
# `from`, a hand's kind after the log).
_ORDER = (
    *("seq", "night", "at", "to", "from", "player", "pool", "transfers", "reverses", "reason"),
    *("amends", "round", "round_night", "dealer", "hands", "outcome", "log", "hands."),
    *("stakes", "table_before"),
)


def _rank(fault: Fault) -> tuple[int, ...]:
    head, *rest = fault.path
    if rest and head == "hands":
        return (_ORDER.index("hands."),)
    inner = [_ORDER.index(p) for p in rest[1:] if head in ("transfers", "outcome")]
    return (_ORDER.index(str(head)), *(p for p in rest[:1] if isinstance(p, int)), *inner)


def _check_entry_fields(entry: dict[str, Any], where: str) -> None:
    """An entry's fields, in depth, by kind: those the storage refuses a file for (amounts,
    notes and names are the ledger's to judge: `banluck check` lists every bad one)."""
    refused = [fault for fault in read(entry)[1] if fault.refuse]
    if not refused:
        return
    fault = min(refused, key=_rank)
    field, *rest = (str(part) for part in fault.path)
    value = entry.get(field)
    key = "transfers" if field == "outcome" else field
    if field == "outcome":
        where = f"{where} outcome:"
    if not rest or key in ("hands", "stakes"):
        tail = {"transfers": ", not a list", "log": ", not a list of lines"}
        tail["stakes"] = ", not names with whole positive amounts"
        raise Shape(f"{where} field {key!r} is {value!r}{tail.get(key, '')}")
    if len(rest) == 1:
        raise Shape(f"{where} transfer {rest[0]} is {fault.value!r}, not an object")
    raise Shape(f"{where} transfer {rest[0]} field {rest[1]!r} is {fault.value!r}")


def check_entry_fields(entry: dict[str, Any], where: str) -> None:
    """An entry's fields, in depth, by kind (a round appended to a night's journal, as well)."""
    if entry.get("kind") not in KINDS or not _is_int(entry.get("seq")):
        raise Shape(f"{where} has seq {entry.get('seq')!r} and kind {entry.get('kind')!r}")
    _check_entry_fields(entry, where)


# -- the index, field by field ----------------------------------------------------------------
#
# Every field the index holds, with the test its value must pass and what it should be, by table:
# a field added to the index is one line here (and a damaged one is then an error naming it,
# never a traceback in the command that reads it). A missing field is tested as None.

Test = Callable[[Any], bool]
Field = tuple[str, Test, str]


def _count(low: int) -> Test:
    return lambda v: _is_int(v) and v >= low


def _maybe(test: Test) -> Test:
    return lambda v: v is None or test(v)


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_name(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _name_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_name(n) for n in value)


def _name_map(test: Test) -> Test:
    return lambda v: isinstance(v, dict) and all(_is_name(k) and test(x) for k, x in v.items())


SUMMARY_FIELDS: tuple[Field, ...] = (
    ("net", _is_int, "a whole number"),
    ("rounds", _count(0), "a count"),
    ("dealt", _count(0), "a count"),
    # a night's count of a kind goes below 0 when it amends a round of an earlier night
    ("hands", _name_map(_is_int), "hand kinds with whole counts"),
)


def _is_totals(value: Any) -> bool:
    """A night's totals (`banluck.money.stats.night_totals`): absent, they are made again."""
    if not isinstance(value, dict) or set(value) != {"players", "result", "balance"}:
        return False
    players = value["players"]
    return (
        _name_map(_is_int)(value["result"])
        and _name_map(_is_int)(value["balance"])
        and isinstance(players, dict)
        and all(
            isinstance(p, dict)
            and all(_is_int(p.get(k)) for k in ("rounds", "dealt", "net_as_dealer"))
            and _name_map(_is_int)(p.get("kinds"))
            for p in players.values()
        )
    )


def _is_renames(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(r, list)
        and len(r) == 3
        and _count(1)(r[0])
        and _is_name(r[1])
        and _is_name(r[2])
        for r in value
    )


def _is_folded(value: Any) -> bool:
    """A night record's `journal`: [rounds, CRC-32 of their lines] of the night's journal."""
    return (
        isinstance(value, list) and len(value) == 2 and _count(1)(value[0]) and _count(0)(value[1])
    )


def _is_people(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(p, dict)
        and _is_name(p.get("name"))
        and _count(0)(p.get("nights"))
        and _is_text(p.get("first"))
        and _is_text(p.get("last"))
        for p in value
    )


INDEX_FIELDS: dict[str, tuple[Field, ...]] = {
    "meta": (
        ("next_seq", _count(1), "the next seq, a whole number from 1"),
        ("counted", lambda v: isinstance(v, dict), "the count of the latest night"),
        ("earlier", _maybe(lambda v: isinstance(v, dict)), "what index-earlier.json holds"),
    ),
    "meta.earlier": (
        ("last", _maybe(_count(1)), "the last night of index-earlier.json, or null"),
        ("crc", _maybe(_count(0)), "the CRC-32 of index-earlier.json"),
        ("next_seq", _count(1), "a whole number from 1"),
        ("people", _is_people, "the people of the earlier nights"),
        ("totals", _is_totals, "the sum of the earlier nights' totals"),
        ("renamed", _is_renames, "the renames of the earlier nights"),
        ("entries", _count(0), "the count of the earlier nights' entries"),
    ),
    "meta.counted": (
        ("night", _maybe(_count(1)), "the latest night's id, or null"),
        ("summary", _name_map(lambda v: isinstance(v, dict)), "names with their summaries"),
    ),
    "nights": (
        ("id", _count(1), "the night's id"),
        ("date", _is_name, "a date"),
        ("preset", _is_name, "a preset name"),
        ("seats", _name_list, "a list of names"),
        ("players", _name_list, "a list of names"),
        ("stakes", _name_map(_count(1)), "names with whole positive stakes"),
        ("dealer", _is_name, "a name"),
        ("status", lambda v: v in ("open", "closed"), '"open" or "closed"'),
        ("started", _is_name, "a time"),
        ("closed", _maybe(_is_name), "a time, or null"),
        ("table", _maybe(lambda v: isinstance(v, dict)), "an object"),
        ("rev", _count(0), "the night file's revision, a count"),
        ("token", _maybe(_is_text), "the night file's token"),
        ("next_seq", _count(1), "a whole number from 1"),
        ("entries", _count(0), "a count"),
        ("rounds", _count(0), "a count"),
        ("first_seq", _maybe(_count(1)), "a seq, or null"),
        ("last_seq", _maybe(_count(1)), "a seq, or null"),
        ("reversed", lambda v: isinstance(v, list) and all(_count(1)(x) for x in v), "seqs"),
        ("live", _count(0), "a count"),
        ("net", _name_map(_is_int), "names with whole amounts"),
        ("totals", _maybe(_is_totals), "the night's totals (players, result, balance)"),
        ("crc", _maybe(_count(0)), "the CRC-32 of the night file"),
        ("digest", _maybe(_is_text), "the digest of the night's last entry"),
        ("sealed", _maybe(_is_text), "the digest check found sound"),
    ),
    "people": (
        ("name", _is_name, "a name"),
        ("nights", _maybe(_count(0)), "a count"),
        ("first", _maybe(_is_text), "a date"),
        ("last", _maybe(_is_text), "a date"),
    ),
    "season": (("name", _is_name, "a name"), *SUMMARY_FIELDS),
}


def check_fields(doc: dict[str, Any], where: str, fields: tuple[Field, ...]) -> None:
    """Raise Shape naming the first field of `doc` that fails its test."""
    for key, test, want in fields:
        value = doc.get(key)
        if not test(value):
            shown = "missing" if key not in doc else f"{value!r}"[:60]
            raise Shape(f"{where} field {key!r} is {shown}, not {want}")


def validate_index(raw: Any, path: Path) -> Tables:
    """Check the index's shape, field by field (INDEX_FIELDS), and upgrade it to the current
    schema; raise Shape naming the first damaged field."""
    data = _upgrade(raw, "index")
    meta = _one(data, "meta")
    check_fields(meta, "meta", INDEX_FIELDS["meta"])
    check_fields(meta["counted"], "meta counted", INDEX_FIELDS["meta.counted"])
    for name, summary in meta["counted"]["summary"].items():
        check_fields(summary, f"meta counted summary of {name}", SUMMARY_FIELDS)
    if meta["earlier"] is not None:
        check_fields(meta["earlier"], "meta earlier", INDEX_FIELDS["meta.earlier"])
    nights = _check_records(data)
    counted = meta["counted"].get("night")
    if counted != max((int(key) for key in nights), default=None):
        raise Shape(f"meta counts night {counted!r}, which is not the index's latest night")
    for table in ("people", "season"):
        for key, doc in _docs(data, table).items():
            check_fields(doc, f"{table} {key}", INDEX_FIELDS[table])
    return data


_KEPT_FIELDS = ("first_seq", "last_seq")
"""The fields of a night's record that may be null but that every version wrote."""


def _check_records(data: dict[str, Any]) -> dict[str, Any]:
    nights = _docs(data, "nights")
    for key, record in nights.items():
        check_fields(record, f"night {key}", INDEX_FIELDS["nights"])
        if isinstance(record, dict):  # fields that may be null are there all the same
            missing = [f for f in _KEPT_FIELDS if f not in record]
            if missing:
                raise Shape(f"night {key} field {missing[0]!r} is missing")
        if "renamed" in record and not _is_renames(record["renamed"]):  # only where a rename is
            raise Shape(f"night {key} field 'renamed' is {record['renamed']!r:.60}, not renames")
        if "journal" in record and not _is_folded(record["journal"]):  # only where rounds are
            raise Shape(f"night {key} field 'journal' is {record['journal']!r:.60}, not [n, crc]")
        if record["id"] != int(key):
            raise Shape(f"night {key} has id {record['id']!r}")
    return nights


def validate_earlier(raw: Any, path: Path) -> Tables:
    """Check `index-earlier.json` (the records of the nights before the latest), record by record
    and field by field (INDEX_FIELDS["nights"]); raise Shape naming the first damaged field."""
    data = _upgrade(raw, "index-earlier")
    _check_records(data)
    return data


def is_current(data: Any, kind: str) -> bool:
    """Whether parsed file content is of `kind` at this schema, at a glance (the outer shape
    only: for bytes known to be what banluck wrote, `banluck.storage.files.read_tables_crc`)."""
    meta = data.get("meta") if isinstance(data, dict) else None
    doc = meta.get("1") if isinstance(meta, dict) else None
    return isinstance(doc, dict) and doc.get("kind") == kind and doc.get("schema") == SCHEMA
