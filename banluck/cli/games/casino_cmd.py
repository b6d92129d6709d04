"""`banluck strategy`: the basic-strategy chart of a casino preset, the question only the casino
asks. The solver and rich are imported inside the command."""

from typing import Annotated

import typer

from banluck.cli.common import echo_json


def strategy(
    preset: Annotated[str, typer.Argument(help="A casino preset, e.g. blackjack-pro.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a grid.")] = False,
) -> None:
    """The basic-strategy chart of a casino preset: hard totals, soft totals and pairs against
    each up card (S stand, H hit, D double else hit, Ds double else stand, P split, Rh/Rs/Rp
    surrender else hit/stand/split), derived from the exact house-edge computation.

    Example: banluck strategy blackjack-pro
    """
    from banluck.app.presets import load
    from banluck.core.errors import PresetError
    from banluck.games.casino.edge import rules_of
    from banluck.games.casino.preset import Preset as CasinoPreset
    from banluck.games.casino.strategy import UP_NAMES, chart

    loaded = load(preset)
    if not isinstance(loaded, CasinoPreset):
        raise PresetError(
            f"{preset} is a {loaded.game} preset: basic strategy is for casino presets"
            " (e.g. `banluck strategy blackjack-pro`)"
        )
    from banluck.cli.render import Progress

    with Progress(enabled=not as_json) as progress:
        progress.say(f"computing {preset}'s chart (a few seconds)")
        grid = chart(rules_of(loaded))
    if as_json:
        echo_json({"preset": preset, "ups": list(UP_NAMES), "chart": grid}, ascii=True)
        return
    from rich.table import Table
    from rich.text import Text

    from banluck.cli import render

    colours = {"S": "yellow", "H": "white", "D": "green", "P": "cyan", "R": "red"}
    table = Table(box=None, pad_edge=False, show_edge=False, title=f"{preset}: basic strategy")
    table.add_column("hand", no_wrap=True)
    for up in UP_NAMES:
        table.add_column(up, justify="center", no_wrap=True)
    section = ""
    for row, cells in grid.items():
        kind = row.split()[0] if " " in row else "pairs"
        if section and kind != section:
            table.add_section()
        section = kind
        table.add_row(
            row,
            *(Text(cells[up], style=colours.get(cells[up][0], "")) for up in UP_NAMES),
        )
    out = render.console()
    out.print(table)
    out.print(
        "S stand · H hit · D double (else hit) · Ds double (else stand) · P split ·"
        " Rh/Rs/Rp surrender (else hit/stand/split)"
    )


def register(app: typer.Typer) -> None:
    app.command("strategy")(strategy)
