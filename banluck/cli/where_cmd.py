"""`banluck where`: the data folder, for a backup or to look inside (core/home.py)."""

import typer

from banluck.cli.common import JsonOpt, echo_json


def where(as_json: JsonOpt = False) -> None:
    """The data folder: the ledger, the night files and your own presets (BANLUCK_HOME, else the
    platform's user data folder). It is not created here.

    Example: cp -r "$(banluck where)" ~/banluck-backup
    """
    from banluck.core.home import data_dir, named_by

    folder = data_dir()
    if as_json:
        echo_json({"folder": str(folder), "from": named_by(), "exists": folder.is_dir()})
        return
    typer.echo(str(folder))


def register(root: typer.Typer) -> None:
    root.command("where")(where)
