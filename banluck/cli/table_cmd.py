"""`banluck table`: the dealer's console. One screen with the round at a glance, short typed
actions (the night-log words, plus aliases), completion of words and names, and a history.
Every accepted line is stored as it is typed: closing the terminal loses nothing."""

from typing import Annotated

import typer

from banluck.cli.common import Amount


def _preset_names(incomplete: str) -> list[str]:
    """Shell completion of the preset: shipped and user presets."""
    from banluck.app.presets import all_names

    return [n for n in all_names() if n.startswith(incomplete)]


def _people(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of the seats: everyone who has sat at a night, not yet named."""
    from banluck.cli.common import open_store

    named = set(ctx.params.get("seats") or [])
    try:
        people = open_store().people()
    except Exception:  # completion must never fail loudly: a damaged store completes nothing
        return []
    return [p for p in people if p.lower().startswith(incomplete.lower()) and p not in named]


def table(
    preset: Annotated[
        str | None,
        typer.Argument(
            help="With seats: start a night with this preset.", autocompletion=_preset_names
        ),
    ] = None,
    seats: Annotated[
        list[str] | None,
        typer.Argument(help="The seats in order; the first deals first.", autocompletion=_people),
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
