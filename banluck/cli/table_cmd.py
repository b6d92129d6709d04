"""`banluck table`: the dealer's console. One screen with the round at a glance, short typed
actions (the night-log words, plus aliases), completion of words and names, and a history.
Every accepted line is stored as it is typed: closing the terminal loses nothing."""

from typing import Annotated

import typer

from banluck.cli.common import Amount, complete_people, complete_presets


def table(
    preset: Annotated[
        str | None,
        typer.Argument(
            help="With seats: start a night with this preset.", autocompletion=complete_presets
        ),
    ] = None,
    seats: Annotated[
        list[str] | None,
        typer.Argument(
            help="The seats in order; the first deals first.", autocompletion=complete_people
        ),
    ] = None,
    stake: Annotated[
        int, typer.Option("--stake", "-s", help="Everyone's stake.", click_type=Amount())
    ] = 10,
) -> None:
    """The dealer's console on the open night (or start one: PRESET SEAT SEAT...).

    Example: banluck table chinese Mei Bob Carol Dave --stake 10
    """
    from banluck.cli.console import run_console

    run_console(preset, seats or [], stake)


def register(root: typer.Typer) -> None:
    root.command("table")(table)
