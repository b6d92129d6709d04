"""`banluck rules ...`: list, show, create, edit, diff and validate house-rule presets."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="House-rule presets: list, show, new, set, diff, validate, edit.", no_args_is_help=True
)


@app.command("list")
def list_cmd() -> None:
    """List the presets, shipped and your own.

    Example: banluck rules list
    """
    from banluck import presets

    for name in presets.all_names():
        where = "shipped" if presets.is_shipped(name) else "yours"
        typer.echo(f"{name}\t{where}")
