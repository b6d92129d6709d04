"""A new entry to its stored form: the one place where the ledger's typed entries (as
`banluck.money.ledger`'s builders make them) become the dicts a night file keeps
(`banluck.money.entries.encode`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from banluck.money.entries import Entry, encode

_GIVEN = ("seq", "night", "at")  # what the store gives an entry when it records it


def stored_form(entry: Entry | Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a new entry as they are stored, less those the store gives it (`seq`,
    `night`, `at`): from a typed entry, or from a dict (the engine's round, an import's entry)."""
    if isinstance(entry, Mapping):
        return dict(entry)
    return {key: value for key, value in encode(entry).items() if key not in _GIVEN}
