"""Pieces the command modules share: the store, and common options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from banluck.storage import Store

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


_OPENED: list[Store] = []


def open_store() -> Store:
    """The store in the user's data folder (BANLUCK_HOME overrides); tinydb loads only here."""
    from banluck.storage import Store

    store = Store()
    _OPENED.append(store)
    return store


def store_warnings() -> list[str]:
    """What the stores this command opened noted without failing (once each); then forgets them."""
    notes = list(dict.fromkeys(w for store in _OPENED for w in store.warnings))
    _OPENED.clear()
    return notes
