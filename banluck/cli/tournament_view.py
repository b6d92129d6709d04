"""The tournament at the dealer's console: the live leaderboard (stacks, who bets next, hands to
the next cut-off) and the hand in play, at 80 columns or 45; and the loop behind `banluck table`
when the open night is a tournament. Every accepted line is stored as it is typed."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from banluck.core.errors import BanluckError

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from banluck.app.tournament import TournamentSession
    from banluck.games.tournament.night import Tournament
    from banluck.storage import Store

NARROW = 60  # below this many columns the screen drops what a phone cannot show

HELP = (
    ("bet Ann 100", "Ann's bet this hand (in turn, from the first bettor)"),
    ("secret Ann 300", "a hidden bet: one a player between cut-offs"),
    ("up 6", "the dealer's up card: starts the hand once every bet is in"),
    ("deal Ann 10 7", "a box's first two cards"),
    ("hit Ann 5 | stand Ann", "a card to a hand | the hand stands"),
    ("double Ann 9 | split Ann", "double, one card | split a pair"),
    ("even | insure | surrender", "as at a casino night"),
    ("peek | hole K | draw 5", "the dealer's peek, hole card and draws"),
    ("undo", "take back the last line (and the prizes, after the last hand)"),
    ("help | quit", "this list | leave (everything is already stored)"),
)


def tournament_screen(t: Tournament, width: int, night_id: int | None = None) -> RenderableType:
    from rich.console import Group
    from rich.table import Table

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


def _help(out: Console) -> None:
    for example, meaning in HELP:
        if out.width < NARROW:
            out.print(Text(example, style="bold"))
            out.print(Text("  " + meaning, style="dim"))
        else:
            out.print(Text.assemble((f"{example:<28}", "bold"), (meaning, "dim")))


class TournamentConsole:
    """The console over the stored tournament: one line in, the leaderboard (or a message) out."""

    def __init__(self, store: Store, out: Console) -> None:
        from banluck.app.tournament import TournamentSession

        self.store = store
        self.out = out
        self.session: TournamentSession = TournamentSession.open(store)

    def redraw(self) -> None:
        s = self.session
        self.out.print(tournament_screen(s.tournament, self.out.width, s.record["id"]))

    def reopen(self, why: str | None = None) -> None:
        """Read the tournament again from the store (the truth); with `why`, say so and redraw."""
        from banluck.app.tournament import TournamentSession

        try:
            self.session = TournamentSession.open(self.store)
        except BanluckError as exc:
            self.out.print(_error(exc))
            return
        if why is not None:
            self.out.print(Text(why, "yellow"))
            self.redraw()

    def handle(self, line: str) -> bool:
        """Act on one typed line and show the result; False when the dealer quits."""
        words = line.split()
        if not words:
            return True
        word = words[0].lower()
        if word in ("q", "quit", "exit"):
            return False
        if word in ("?", "help"):
            _help(self.out)
            return True
        was_over = self.session.tournament.over
        try:
            said = self.session.act(line)
        except BanluckError as exc:
            self.out.print(_error(exc))
            self.reopen()
            return True
        if said.startswith("undid"):
            self.out.print(Text(said, "green"))
        played = self.session.tournament
        if (
            played.hands
            and played.current is None
            and not played.bets
            and not said.startswith("undid")
        ):
            last = played.hands[-1]
            moved = ", ".join(f"{n} {c:+d}" for n, c in last.chips.items())
            self.out.print(Text(f"hand {last.number}: {moved} (dealer {last.dealer:+d})", "green"))
            for gone in played.out:
                if gone.hand == last.number:
                    self.out.print(Text(f"{gone.name} is out: {gone.reason}", "yellow"))
        if played.over and not was_over:
            for entry in self.session.prizes():
                self.out.print(
                    Text(f"#{entry['seq']}: prize {entry['amount']} to {entry['player']}", "green")
                )
        self.redraw()
        return True


def _error(exc: BanluckError | str) -> RenderableType:
    return Text.assemble(("error:", "red"), " ", str(exc))


def run_tournament_console(store: Store, out: Console) -> None:
    """The loop: read a line, act on the stored tournament, redraw the leaderboard."""
    from banluck.cli.line_loop import read_and_handle

    interactive = sys.stdin.isatty()
    tc = TournamentConsole(store, out)
    if interactive:
        _setup_readline(tc)
    tc.redraw()
    read_and_handle(tc, interactive)


def completions(tc: TournamentConsole, buffer: str) -> list[str]:
    """Tab: the words, then the players' names."""
    words = buffer.split()
    played = tc.session.tournament
    if not words or (len(words) == 1 and not buffer.endswith(" ")):
        text = words[0].lower() if words else ""
        return [w + " " for w in [*played.words(), "help", "quit"] if w.startswith(text)]
    text = "" if buffer.endswith(" ") else words[-1]
    names: Sequence[str] = played.still_in
    return [n + " " for n in names if n.lower().startswith(text.lower())]


def _setup_readline(tc: TournamentConsole) -> None:
    try:
        import readline
    except ImportError:  # pragma: no cover - no readline on this platform: plain input()
        return
    found: list[str] = []

    def complete(text: str, state: int) -> str | None:
        if state == 0:
            found[:] = completions(tc, readline.get_line_buffer()[: readline.get_endidx()])
        return found[state] if state < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")


def replay_tournament(text: str, source: str, as_json: bool, save: bool) -> None:
    """`banluck replay` of a tournament log: every hand's chips, the standings and the prizes."""
    import json

    import typer

    from banluck.app.presets import load
    from banluck.app.tournament import read_tournament_log
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
        typer.echo(json.dumps(out, ensure_ascii=False))
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
