"""`banluck undo`: the last line of the open night taken back (app/nights.py)."""

import typer

from banluck.cli.common import open_store


def undo() -> None:
    """Undo the last line of the round being played, or else the last round recorded (which
    reopens it without its last line).

    Example: banluck undo
    """
    from banluck.app.nights import undo_last

    typer.echo(undo_last(open_store()))


def register(root: typer.Typer) -> None:
    root.command("undo")(undo)
