"""The loop behind `banluck table`: read a line, act on the stored night, redraw the panel."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from typing import Any

from banluck.cli.table_cmd import ALIASES, CONSOLE_WORDS
from banluck.errors import BanluckError
from banluck.night import WORDS
from banluck.session import Session

HELP_ROWS = [
    ("dealer 9 7", "dl", "the dealer's first two cards (starts a round)"),
    ("show Bob A K", "sh", "a player shows cards: instant hand, five cards, a bust"),
    ("hit Carol [5]", "h", "a player draws a hidden (or a seen) card"),
    ("stand Carol | stand all", "s", "players stop drawing"),
    ("draw 5", "d", "the dealer draws"),
    ("open Carol 10 5 9 | open Dave bust", "o", "the dealer opens a player"),
    ("stop", "", "the dealer stops; open the rest"),
    ("run Tom 8 7 | run dealer", "", "a two-card 15 runs (where the house allows)"),
    ("void", "", "the dealer's two-card 15 calls the round off"),
    ("burn Tom 8 7 | burn dealer", "", "a two-card 15 burns (fifteen.burn)"),
    ("forfeit Uma", "", "after the dealer burns: give up the stake"),
    ("stake 10 | stake Bob 20", "", "stakes, between rounds"),
    ("seat Eve | leave Dave | pass", "p", "seats and the deal, between rounds"),
    ("undo", "u", "take back the last line (or reopen the last round)"),
    ("odds", "", "the advisor: whom to open, draw first or not"),
    ("settle", "", "who pays whom tonight"),
    ("quit", "q", "leave (everything is already stored)"),
]


def _complete_words(session_holder: list[Session]) -> Any:
    def complete(text: str, state: int) -> str | None:
        import readline

        buffer = readline.get_line_buffer()
        words = buffer.split()
        first = len(words) == 0 or (len(words) == 1 and not buffer.endswith(" "))
        if first:
            options = sorted({*WORDS, *CONSOLE_WORDS})
        else:
            night = session_holder[0].night
            names = list(night.seating.seats)
            options = [*names, "dealer", "all", "bust"]
        matches = [o + " " for o in options if o.lower().startswith(text.lower())]
        return matches[state] if state < len(matches) else None

    return complete


def _setup_readline(session_holder: list[Session]) -> None:
    try:
        import readline
    except ImportError:  # pragma: no cover - no readline on this platform: plain input()
        return
    from banluck.home import data_dir

    history = data_dir() / "table-history"
    with contextlib.suppress(OSError):
        readline.read_history_file(history)
    readline.set_history_length(1000)
    readline.set_completer(_complete_words(session_holder))
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")
    import atexit

    def save() -> None:
        with contextlib.suppress(OSError):
            history.parent.mkdir(parents=True, exist_ok=True)
            readline.write_history_file(history)

    atexit.register(save)


def run_console(preset: str | None, seats: Sequence[str], stake: int) -> None:
    from banluck.cli.render import console, table_screen
    from banluck.storage import Store

    store = Store()
    if preset is not None:
        if store.tonight() is not None:
            raise BanluckError(
                "a night is already open: run `banluck table` without a preset to continue it,"
                " or `banluck night close` first"
            )
        from banluck.cli.night_cmd import start

        start(preset, list(seats), stake, None)
    session = Session.open(store)
    holder = [session]
    out = console()
    interactive = sys.stdin.isatty()
    if interactive:
        _setup_readline(holder)

    def redraw() -> None:
        from banluck.cli.night_cmd import tonight_balances

        out.print(
            table_screen(
                holder[0].night, tonight_balances(holder[0]), out.width, holder[0].record["id"]
            )
        )

    redraw()
    while True:
        try:
            line = input("> " if interactive else "")
        except (EOFError, KeyboardInterrupt):
            out.print()
            return
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        word = ALIASES.get(words[0].lower(), words[0].lower())
        rest = words[1:]
        if word == "quit":
            return
        if word == "help":
            _help(out)
            continue
        try:
            if word == "odds":
                _odds(out, holder[0])
                continue
            if word == "settle":
                _settle(out, holder[0])
                continue
            if word == "undo":
                out.print(f"[green]{holder[0].undo()}[/]")
            else:
                finished = holder[0].act(" ".join([word, *rest]))
                if finished is not None:
                    from banluck.cli.render import round_panel

                    out.print(round_panel(finished))
        except BanluckError as exc:
            out.print(f"[red]error:[/] {exc}")
            try:
                holder[0] = Session.open(store)  # the stored state is the truth
            except BanluckError as again:
                out.print(f"[red]error:[/] {again}")
            continue
        redraw()


def _help(out: Any) -> None:
    from rich.table import Table

    table = Table(box=None, show_header=False)
    table.add_column(overflow="fold")
    table.add_column(style="cyan")
    table.add_column(overflow="fold", style="dim")
    for words, alias, meaning in HELP_ROWS:
        table.add_row(words, alias, meaning)
    out.print(table)


def _settle(out: Any, session: Session) -> None:
    from banluck.cli.night_cmd import tonight_balances
    from banluck.settleup import plan

    result = plan(tonight_balances(session))
    if not result.transfers:
        out.print("everyone is even tonight")
    for t in result.transfers:
        out.print(f"{t.payer} pays {t.payee} {t.amount}")


def _odds(out: Any, session: Session) -> None:
    from banluck.advice import ClosedPlayer, advise

    rnd = session.night.current
    if rnd is None or rnd.state.phase != "dealer":
        raise BanluckError("odds are for the dealer's turn: when every player has stood")
    state = rnd.state
    closed = [ClosedPlayer(p.name, p.count) for p in state.open_players()]
    seen = [c for p in state.players.values() if p.settled for c in p.seen]
    seen += list(state.burned_cards)
    result = advise(state.preset, tuple(state.dealer_cards), tuple(seen), closed)
    from banluck.cli.odds_cmd import _print_advice

    _print_advice(result, state.preset)
