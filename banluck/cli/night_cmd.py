"""`banluck night start|show|close` and `banluck act LINE`: the open night in the store."""

import re
from typing import Annotated

import typer

from banluck.cli.common import (
    Amount,
    JsonOpt,
    complete_people,
    complete_presets,
    echo_json,
    open_store,
)

app = typer.Typer(help="The night at the table: start, show, close.", no_args_is_help=True)


@app.command("start")
def start(
    preset: Annotated[
        str,
        typer.Argument(help="House-rule preset, e.g. chinese.", autocompletion=complete_presets),
    ],
    seats: Annotated[
        list[str],
        typer.Argument(
            help="The seats in order; the first deals first.", autocompletion=complete_people
        ),
    ],
    stake: Annotated[
        int, typer.Option("--stake", "-s", help="Everyone's stake.", click_type=Amount())
    ] = 10,
    date: Annotated[str | None, typer.Option(help="The night's date (YYYY-MM-DD).")] = None,
) -> None:
    """Start a night: a preset and the seats; the first seat deals first. Without a preset,
    the default one (`banluck rules default NAME`).

    Example: banluck night start chinese Mei Bob Carol Dave --stake 10
    """
    from banluck.app.nights import start_night
    from banluck.app.presets import preset_and_seats

    preset, seats = preset_and_seats([preset, *seats])
    record, seating = start_night(open_store(), preset, seats, stake, date)
    typer.echo(
        f"night {record['id']} started: {preset}, seats {', '.join(seating.seats)},"
        f" stake {stake}; {seating.dealer} deals first"
    )


@app.command("show")
def show(as_json: JsonOpt = False) -> None:
    """The open night: seats, dealer, stakes, the round being played and tonight's balances.

    Example: banluck night show
    """
    from banluck.app.session import Session

    session = Session.open(open_store())
    results = session.results()
    if as_json:
        s = session.usual.seating
        out = {
            "night": session.record["id"],
            "date": session.record["date"],
            "preset": s.preset.name,
            "seats": list(s.seats),
            "dealer": s.dealer,
            "stakes": {n: s.stake_of(n) for n in s.seats},
            "live": session.live,
            "balances": session.balances(),
            "results": results,
        }
        standing = s.side.dump().get("standing") if s.side is not None else None
        if standing:  # the side's standing bets (bets behind a box, extra boxes), when any
            out["standing"] = standing
        echo_json(out)
        return
    from banluck.cli.render import console, table_screen

    out_console = console()
    out_console.print(table_screen(session.usual, results, out_console.width, session.record["id"]))


@app.command("close")
def close(
    refund: Annotated[
        bool,
        typer.Option(
            "--refund",
            help="A tournament not played to its end: pay every buy-in back out of the pool.",
        ),
    ] = False,
) -> None:
    """Close the open night (not while a round is being played); unpaid debts carry over. A
    tournament closes once it is over, or before with --refund.

    Example: banluck night close
    """
    from banluck.app.nights import close_night

    record, back = close_night(open_store(), refund=refund)
    if back:
        paid = ", ".join(f"{e.player} {e.amount}" for e in back)
        typer.echo(f"buy-ins paid back out of pool:{back[0].pool}: {paid}")
    typer.echo(
        f"night {record['id']} of {record['date']} closed; `banluck settle` says who pays whom"
    )


@app.command("cancel")
def cancel() -> None:
    """Cancel the open night when no round was recorded in it (a night started by mistake): it
    leaves no trace in the history. A night with a round or a payment is closed instead.

    Example: banluck night cancel
    """
    from banluck.app.nights import cancel_night

    record = cancel_night(open_store())
    typer.echo(
        f"night {record['id']} of {record['date']} cancelled: nothing of it is kept"
        " (start the right one with `banluck night start`)"
    )


def act(
    line: Annotated[list[str], typer.Argument(help="One night-log line, e.g. hit Carol.")],
    as_json: JsonOpt = False,
) -> None:
    """Apply one night-log line to the open night (see docs/night-log.md); stored at once.

    Example: banluck act open Carol 10 5 9
    """
    from banluck.app.session import Session
    from banluck.core.errors import BanluckError

    if len(line) == 1 and line[0].strip():
        # the whole line quoted (`banluck act "hit Bob"`): read as the console reads a line
        text = line[0].strip()
        line = text.split()
    else:
        if any(not w.strip() for w in line):
            raise BanluckError("an empty word in the line: give each word (a name, a card) in full")
        # words the shell kept together stay together (a quoted name is refused, not split in two)
        import shlex

        text = " ".join(shlex.quote(w) if re.search(r"[\s#'\"]", w) else w for w in line)
    if line and line[0].lower() in ("undo", "u") and len(line) > 1:
        raise BanluckError("undo takes no words after it: type `banluck act undo` alone")
    store = open_store()
    undo = [w.lower() for w in line] in (["undo"], ["u"])
    # read and write under one hold of the lock: another command's line cannot come in between
    with store.locked():
        session = Session.open(store)
        if undo:
            said = session.undo()
        else:
            finished = session.act(text)
    if undo:
        if as_json:
            echo_json({"line": text, "undone": said, "live": session.live}, ascii=True)
        else:
            typer.echo(said)
        return
    if as_json:
        out: dict[str, object] = {"line": text, "live": session.live}
        if finished is not None:
            out["round"] = finished.to_dict()
        if session.said:
            out["changed"] = session.said
        echo_json(out)
        return
    if finished is not None:
        from banluck.cli.render import console, round_panel

        console().print(round_panel(finished))
        if session.said:
            typer.echo(session.said)
    else:
        typer.echo(session.said or f"ok: {text}")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="night")
    # `act stake Bob -5`: -5 is a (refused) stake, not an unknown option
    root.command("act", context_settings={"ignore_unknown_options": True})(act)
