"""`banluck people set NAME --pay HANDLE` and `banluck people list`: each person's payment
handle (`PayNow 9123 4567`), shown beside the transfers to them in the settle-up (`banluck
settle`, the served page and the report)."""

from __future__ import annotations

from typing import Annotated

import typer

from banluck.cli.common import JsonOpt, echo_json, open_store

app = typer.Typer(help="The people of the ledger: their payment handles.", no_args_is_help=True)


@app.command("set")
def set_handle(
    name: Annotated[str, typer.Argument(help="A person of the ledger.")],
    pay: Annotated[
        str,
        typer.Option("--pay", help='How to pay them, e.g. "PayNow 9123 4567" ("" removes it).'),
    ],
) -> None:
    """Set (or with --pay "" remove) how a person is paid: shown beside each transfer to them
    in the settle-up.

    Example: banluck people set Bob --pay "PayNow 9123 4567"
    """
    from banluck.app.view import set_handle as store_handle

    who, handle = store_handle(open_store(), name, pay)
    typer.echo(f"{who} is paid by: {handle}" if handle else f"{who} has no payment handle now")


@app.command("list")
def list_people(as_json: JsonOpt = False) -> None:
    """Everyone in the ledger, with their payment handle where one is set.

    Example: banluck people list
    """
    from banluck.app.view import read_handles

    store = open_store()
    handles = read_handles(store)
    people = store.people()
    if as_json:
        echo_json([{"name": n, "pay": handles.get(n)} for n in people])
        return
    if not people:
        typer.echo("nobody yet: the people of a night join the ledger with its first round")
        return
    from banluck.core.text import shown

    for n in people:  # names an earlier banluck stored: control characters escaped
        typer.echo(shown(f"{n}: {handles[n]}" if n in handles else n))


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="people")
