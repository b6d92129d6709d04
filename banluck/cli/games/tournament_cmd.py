"""`banluck tournament start|act|show`: a tournament night in the store (docs/tournament.md).
`banluck table` plays the open tournament with its leaderboard, drawn by `tournament_screen`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from banluck.cli.common import Amount, JsonOpt, echo_json, open_store

if TYPE_CHECKING:
    from rich.console import RenderableType

    from banluck.games.tournament.night import Tournament

app = typer.Typer(
    help="Tournament nights: chip stacks, cut-offs and prizes from the buy-ins.",
    no_args_is_help=True,
)


@app.command("start")
def start(
    preset: Annotated[str, typer.Argument(help="A casino preset, e.g. tournament.")],
    seats: Annotated[list[str], typer.Argument(help="The players in seat order.")],
    buy_in: Annotated[
        int,
        typer.Option(
            "--buy-in",
            help="Each player's buy-in: money, into the prize pool.",
            click_type=Amount("20"),
        ),
    ],
    chips: Annotated[
        int,
        typer.Option(
            "--chips", help="Each player's chips at the start.", click_type=Amount("1000")
        ),
    ],
    date: Annotated[str | None, typer.Option(help="The night's date (YYYY-MM-DD).")] = None,
) -> None:
    """Start a tournament night: the buy-ins go into the ledger, the chips do not.

    Example: banluck tournament start tournament Ann Ben Cid Dee --buy-in 20 --chips 1000
    """
    from banluck.app.nights import start_tournament
    from banluck.app.tournament import pool_of

    record, played = start_tournament(open_store(), preset, seats, buy_in, chips, date)
    typer.echo(
        f"night {record['id']} started: tournament under {preset}, players"
        f" {', '.join(played.start.seats)}, {chips} chips each; buy-ins of {buy_in} into"
        f" pool:{pool_of(record['id'])} ({played.start.pool}); {played.first} bets first"
    )


@app.command("act", context_settings={"ignore_unknown_options": True})  # `bet Ann -5` is refused
def act(
    line: Annotated[list[str], typer.Argument(help="One line, e.g. bet Ann 100 or hit Ann 5.")],
) -> None:
    """Play one line of the open tournament (as typed at `banluck table`).

    Example: banluck tournament act bet Ann 100
    """
    from banluck.app.session import TOURNAMENT, Session

    session = Session.open(open_store(), (TOURNAMENT,))
    session.act(" ".join(line))
    done = session.done
    assert done is not None
    typer.echo(session.undone if done.kind == "undo" else f"ok: {done.line}")
    typer.echo(session.night.pending())


@app.command("show")
def show(as_json: JsonOpt = False) -> None:
    """The open tournament: the leaderboard, the hand in play, the prizes once it is over.

    Example: banluck tournament show
    """
    from banluck.app.session import TOURNAMENT, Session
    from banluck.app.tournament import as_tournament

    session = Session.open(open_store(), (TOURNAMENT,))
    played = as_tournament(session.night)
    if as_json:
        from banluck.games.tournament.panel import board

        shown = board(played)
        out = {
            "night": session.record["id"],
            "preset": played.preset.name,
            "hand": played.number,
            "over": played.over,
            "stacks": dict(played.stacks),
            "bets": {r.name: r.bet for r in shown.rows if r.bet},
            "out": [{"name": o.name, "hand": o.hand, "reason": o.reason} for o in played.out],
            "next_to_bet": played.next_bettor(),
            "awaited": played.pending(),
            "prizes": played.prizes(),
            "log": played.log(),
        }
        echo_json(out)
        return
    from banluck.cli.render import console

    out_console = console()
    out_console.print(tournament_screen(played, out_console.width, session.record["id"]))


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="tournament")


def tournament_screen(t: Tournament, width: int, night_id: int | None = None) -> RenderableType:
    """The tournament's leaderboard (stacks, who bets next, hands to the next cut-off) and the
    hand in play (the console's screen at a tournament, `tournament show`, `replay`)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from banluck.cli.render import NARROW
    from banluck.games.tournament.panel import board

    shown = board(t)
    narrow = width < NARROW
    parts: list[RenderableType] = []
    head = f"Tournament · night {night_id}" if night_id is not None else "Tournament"
    head += f" · pool {t.start.pool}"
    parts.append(Text(head, style="bold"))
    parts.append(Text(shown.title))
    board_table = Table(box=None, show_header=True, pad_edge=False, expand=False)
    board_table.add_column("#", justify="right")
    board_table.add_column("player", overflow="fold")
    board_table.add_column("stack", justify="right")
    board_table.add_column("bet", justify="right")
    board_table.add_column("", overflow="fold")
    for row in shown.rows:
        status = row.status
        if narrow and row.out and not t.over:
            status = status.split(":")[0]  # `out after hand 8`: the reason is in `tournament show`
        style = "dim" if row.out else ("bold" if status == "next to bet" else "")
        board_table.add_row(str(row.place), row.name, str(row.stack), row.bet, status, style=style)
    parts.append(board_table)
    if shown.dealer or shown.hand:
        parts.append(Text(shown.dealer or "dealer: no card yet"))
        hand_table = Table(box=None, show_header=False, pad_edge=False, expand=False)
        hand_table.add_column(overflow="fold")
        hand_table.add_column(justify="right")
        hand_table.add_column(overflow="fold")
        if not narrow:
            hand_table.add_column(overflow="fold")
        for h in shown.hand:
            state = h.state if h.amount is None else f"{h.amount:+d}"
            cells = [h.name, h.bet, h.cards or "-", state]
            hand_table.add_row(
                *(cells if not narrow else [cells[0], cells[1], f"{cells[2]} {state}"])
            )
        parts.append(hand_table)
    for hint in shown.hints:
        parts.append(Text(hint, style="dim"))
    if not shown.hints:  # the hand's hints say what comes next; between hands, this does
        parts.append(Text(shown.awaited, style="yellow"))
    return Group(*parts)
