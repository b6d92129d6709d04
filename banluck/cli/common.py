"""Pieces the command modules share: the store, and common options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer._click.types import ParamType

from banluck.core.errors import BanluckError

if TYPE_CHECKING:
    from banluck.app.people import NamedStore

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
TableJsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
RulesOpt = Annotated[
    str, typer.Option("--rules", "-r", help="House-rule preset (see `banluck rules list`).")
]
# the players' policy of the ban-luck labs (`odds`, `edge`)
POpt = Annotated[
    float,
    typer.Option("--p", help="Players' chance to draw at totals from the minimum to 17."),
]
StandOpt = Annotated[int, typer.Option("--stand-at", help="Players stand at this total or more.")]


class Amount(ParamType):
    """The one type of every money option and argument (a stake, a buy-in, chips, a payment):
    read as the console reads an amount (core/money.parse_amount), so `1_000`, `٤٠`, `+5` or
    ` 5` are refused in one sentence that names the option (a usage error, exit 2), before
    anything is stored."""

    name = "integer"

    def __init__(self, example: str = "10", zero: bool = False) -> None:
        self.example = example
        self.zero = zero  # 0 taken too (`judge --stake 0`: what a hand pays, at no stake)

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        from banluck.core.errors import BanluckError
        from banluck.core.money import parse_amount

        if isinstance(value, int):  # a default
            return value
        if self.zero and value == "0":
            return 0
        what = param.opts[0] if param is not None else "amount"
        try:
            return parse_amount(str(value), what, self.example)
        except BanluckError as exc:  # a usage error, as click's own types give
            self.fail(str(exc), param, ctx)


_OPENED: list[NamedStore] = []


def open_store() -> NamedStore:
    """The store in the user's data folder (BANLUCK_HOME overrides), read with every person under
    the name they have now (`banluck rename`); tinydb loads only here."""
    from banluck.app.people import NamedStore

    store = NamedStore()
    _OPENED.append(store)
    return store


def store_warnings() -> list[str]:
    """What the stores this command opened noted without failing (once each); then forgets them."""
    notes = list(dict.fromkeys(w for store in _OPENED for w in store.warnings))
    _OPENED.clear()
    return notes


def echo_json(value: Any, ascii: bool = False, default: Any = None) -> None:
    """`value` as one line of JSON (with `ascii`, anything but ASCII as \\u escapes)."""
    import json

    typer.echo(json.dumps(value, ensure_ascii=ascii, default=default))


def complete_people(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a person's name: the ledger's people starting so and not yet named
    on the line (none when no data folder is there yet: completing creates nothing)."""
    from banluck.core.home import data_dir

    named: set[object] = set()
    for value in ctx.params.values():  # the names typed before (a list of seats: a tuple)
        named.update(value if isinstance(value, list | tuple) else [value])
    if not data_dir().is_dir():
        return []
    try:
        people = open_store().people()
    except Exception:  # completion must never fail loudly: a damaged store completes nothing
        return []
    return [n for n in people if n.startswith(incomplete) and n not in named]


def complete_presets(incomplete: str) -> list[str]:
    """Shell completion of a preset's name: the shipped and the user's presets starting so."""
    from banluck.app import presets

    try:
        return [n for n in presets.all_names() if n.startswith(incomplete)]
    except (BanluckError, OSError):
        return []
