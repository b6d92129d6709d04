"""A new entry, as the ledger's builders make it (typed, not yet recorded), stored."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from banluck.money.entries import Entry, encode


def recorded(entry: Entry, seq: int, night: int = 1, at: str = "") -> dict[str, Any]:
    """`entry` as the store keeps it once recorded as `seq` in `night` at `at`."""
    return encode(replace(entry, seq=seq, night=night, at=at))
