"""A new entry to its stored form: the one place where the ledger's typed entries (as
`banluck.money.ledger`'s builders make them) become the dicts a night file keeps
(`banluck.money.entries.encode`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

from banluck.money.entries import Entry, encode

_GIVEN = ("seq", "night", "at")  # what the store gives an entry when it records it


def stored_form(entry: Entry | Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a new entry as they are stored, less those the store gives it (`seq`,
    `night`, `at`): from a typed entry, or from a dict (the engine's round, an import's entry)."""
    if isinstance(entry, Mapping):
        return dict(entry)
    return {key: value for key, value in encode(entry).items() if key not in _GIVEN}


def chained(prev: str, entry: Mapping[str, Any]) -> str:
    """The digest of a stored entry (its round's preset as the id of its snapshot), chained to
    `prev`, the digest of the entry before it: SHA-256 of `prev` and the entry's canonical JSON
    without its own `digest` (from schema v5; `banluck.storage.schema`)."""
    import hashlib  # what only a write, a seal or an upgrade needs: reads start without it

    body = orjson.dumps(
        {k: v for k, v in entry.items() if k != "digest"}, option=orjson.OPT_SORT_KEYS
    )
    return hashlib.sha256(prev.encode() + body).hexdigest()[:32]


def head(tables: Mapping[str, Any]) -> str:
    """A night's chain so far: its last entry's digest, or, before its first entry, the seal of
    the night before it was opened after (`meta.prior`), or "" for the first chained night."""
    entries = tables.get("entries") or {}
    if entries:
        return str(entries[max(entries, key=int)].get("digest") or "")
    return str(tables["meta"]["1"].get("prior") or "")


def sealed(tables: Mapping[str, Any]) -> str:
    """A night's seal: its night record's digest chained to its last entry's (`head`); the next
    night, opened once this one is over, keeps it as its `meta.prior`."""
    return chained(head(tables), tables["night"]["1"])


def chain(tables: Mapping[str, Any]) -> None:
    """Give every entry of a night file that has none its digest, chained in seq order (a night
    file of schema 4, upgraded; the rounds of a journal an earlier banluck wrote)."""
    entries = tables.get("entries") or {}
    prev = str(tables["meta"]["1"].get("prior") or "")
    for key in sorted(entries, key=int):
        entry = entries[key]
        if "digest" not in entry:
            entry["digest"] = chained(prev, entry)
        prev = entry["digest"]
