"""`banluck replay FILE`: run a night log and show each round's settlements and the balances."""

import sys
from typing import Annotated

import typer

from banluck.cli.common import echo_json
from banluck.core.errors import BanluckError
from banluck.core.reading import NotAFile, read_bytes

MAX_LOG_BYTES = 32 * 2**20
"""The largest night log read: far above a year of rounds, small enough to refuse /dev/zero."""


def read_source(file: str) -> tuple[str, str]:
    """The text of FILE (or standard input for `-`) and the name to use in messages."""
    name = "<stdin>" if file == "-" else file
    try:
        if file == "-":
            raw = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
        else:
            raw = read_bytes(file, MAX_LOG_BYTES)
    except FileNotFoundError:
        raise BanluckError(f"{file}: no such file: give the path of a night log") from None
    except IsADirectoryError:
        raise BanluckError(f"{file}: is a folder: give the path of a night log") from None
    except NotAFile as exc:
        raise BanluckError(f"{file}: is {exc.strerror}: give the path of a night log") from None
    except OSError as exc:
        raise BanluckError(f"{file}: cannot be read ({exc}): give a plain text night log") from None
    if len(raw) > MAX_LOG_BYTES:
        raise BanluckError(
            f"{name}: is larger than {MAX_LOG_BYTES // 2**20} MiB, too large for a night log:"
            " give a plain text night log (split a longer one by night)"
        )
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]  # a byte-order mark some editors write: not part of the log
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BanluckError(
            f"{name}: is not UTF-8 text (byte {exc.start}): give a plain text night log"
        ) from None
    if "\0" in text:
        raise BanluckError(f"{name}: holds NUL bytes, so it is not a text file: give a night log")
    return text, name


def replay(
    file: Annotated[
        str, typer.Argument(help="A night log (see docs/night-log.md), or - for stdin.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    save: Annotated[
        bool, typer.Option("--save", help="Record the night into the ledger as a night of its own.")
    ] = False,
    date: Annotated[
        str | None, typer.Option(help="With --save: the night's date (YYYY-MM-DD).")
    ] = None,
) -> None:
    """Replay a night log: every round's transfers and the night's balances.

    Example: banluck replay docs/examples/cny-night.log  (in banluck's source; `banluck demo`
    replays the same night)
    """
    from banluck.app.presets import load
    from banluck.app.records import read_log
    from banluck.app.tournament import is_tournament_log

    text, source = read_source(file)
    if is_tournament_log(text):  # a night of its own kind (docs/tournament.md)
        replay_tournament(text, source, as_json, save)
        return
    night, _ = read_log(text, source, load)
    if save:
        from banluck.app.exporting import save_night
        from banluck.storage import Store

        record = save_night(Store(), night, date)
        state = "open, a round in play" if record["status"] == "open" else "closed"
        print(f"saved as night {record['id']} ({state})", file=sys.stderr)
    if as_json:
        out = {
            "preset": night.seating.preset.name,
            "balances": night.balances,
            "rounds": [
                {
                    ("after" if r.between else "number"): r.counted,
                    "kind": r.ended if r.between else "round",
                    "dealer": r.dealer,
                    "transfers": [t.as_dict() for t in r.transfers],
                }
                for r in night.rounds
            ],
        }
        if night.current is not None:
            out["unfinished"] = night.current.pending()
        echo_json(out)
        return
    from banluck.cli.render import balances_table, console, round_panel

    out_console = console()
    for r in night.rounds:
        out_console.print(round_panel(r, in_ledger=False))
    if night.current is not None:
        out_console.print(
            f"[yellow]round {night.seating.round_number} is not finished and not counted:"
            f" {night.current.pending()}[/]"
        )
    out_console.print(balances_table(night.balances))


def replay_tournament(text: str, source: str, as_json: bool, save: bool) -> None:
    """`banluck replay` of a tournament log: every hand's chips, the standings and the prizes."""
    from rich.text import Text

    from banluck.app.presets import load
    from banluck.app.tournament import read_tournament_log
    from banluck.cli.games.tournament_cmd import tournament_screen
    from banluck.cli.render import console

    if save:
        raise BanluckError(
            "--save records usual nights: a tournament is recorded as it is played"
            " (`banluck tournament start`, then `banluck table`)"
        )
    played = read_tournament_log(text, source, load)
    if as_json:
        out = {
            "preset": played.preset.name,
            "hands": [
                {"number": h.number, "bets": h.bets, "chips": h.chips, "dealer": h.dealer}
                for h in played.hands
            ],
            "stacks": dict(played.stacks),
            "out": [{"name": o.name, "hand": o.hand, "reason": o.reason} for o in played.out],
            "over": played.over,
            "prizes": played.prizes(),
        }
        if not played.over:
            out["unfinished"] = played.pending()
        echo_json(out)
        return
    out_console = console()
    for h in played.hands:
        moved = ", ".join(f"{n} {c:+d}" for n, c in h.chips.items())
        out_console.print(Text(f"hand {h.number}: {moved} (dealer {h.dealer:+d})"))
        for gone in played.out:
            if gone.hand == h.number:
                out_console.print(Text(f"  {gone.name} is out: {gone.reason}", "yellow"))
    out_console.print(tournament_screen(played, out_console.width))
    for name, amount in played.prizes().items():
        out_console.print(Text(f"prize {amount} to {name}", "green"))


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
