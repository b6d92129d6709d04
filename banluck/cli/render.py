"""Rendering with rich: the only place besides the commands that knows how things look."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from banluck.games.banluck.advice import Advice
    from banluck.games.banluck.preset import Preset
    from banluck.table.night import FinishedRound, Night, Seating


def console(stderr: bool = False) -> Console:
    """The terminal. Under NO_COLOR (set and not empty) it writes no escape codes at all: no
    colour, and no bold or dim either, so the text reads the same in any terminal or log."""
    from rich.console import Console

    if os.environ.get("NO_COLOR"):
        return Console(stderr=stderr, color_system=None, no_color=True, highlight=False)
    return Console(stderr=stderr, highlight=False)


def titled(title: str, body: RenderableType, caption: str | None = None) -> RenderableType:
    """A bold title line above a table (a table's own title wraps to the table's width)."""
    from rich.console import Group
    from rich.text import Text

    parts: list[RenderableType] = [Text(title, style="bold"), body]
    if caption:
        parts.append(Text(caption, style="dim"))
    return Group(*parts)


def money(amount: int) -> str:
    if amount > 0:
        return f"[green]+{amount}[/]"
    if amount < 0:
        return f"[red]{amount}[/]"
    return "0"


def round_panel(r: FinishedRound) -> RenderableType:
    from rich.table import Table

    title = f"Round {r.number} · dealer {r.dealer}"
    if r.ended:
        title += f" · {r.ended}"
    table = Table(show_header=True, expand=False)
    table.add_column("from")
    table.add_column("to")
    table.add_column("amount", justify="right")
    table.add_column("why", overflow="fold")
    for t in r.transfers:
        table.add_row(t.payer, t.payee, str(t.amount), t.reason)
    if not r.transfers:
        table.add_row("-", "-", "0", "no money moved")
    return titled(title, table)


def balances_table(balances: Mapping[str, int], title: str = "Balances") -> RenderableType:
    from rich.table import Table

    table = Table()
    table.add_column("who")
    table.add_column("balance", justify="right")
    for name, amount in sorted(balances.items(), key=lambda kv: (-kv[1], kv[0])):
        table.add_row(name, money(amount))
    return titled(title, table)


def seats_line(s: Seating) -> str:
    """The seats in dealing order (the dealer, then the players he deals to) with their stakes,
    and who deals after him: `Mei deals · Bob 20 · Carol 10 · next to deal: Bob`."""
    at = s.seats.index(s.dealer) if s.dealer in s.seats else 0
    order = [*s.seats[at:], *s.seats[:at]]
    parts = [f"{order[0]} deals"]
    for name in order[1:]:
        stake = s.stake_of(name)
        parts.append(f"{name} {stake if stake is not None else '(no stake)'}")
    following = order[1] if len(order) > 1 else order[0]
    return " · ".join(parts) + f" · next to deal: {following}"


def table_screen(
    night: Night, balances: Mapping[str, int], width: int, night_id: int | None = None
) -> RenderableType:
    """The dealer's panel: the round at a glance, the night's balances, what the rules allow."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    narrow = width < 60
    s = night.seating
    rnd = night.current
    head = Text()
    label = f"night {night_id} · " if night_id and not narrow else ""
    head.append(f"{label}{s.preset.name}", "bold")
    head.append(f" · round {s.next_round} · dealer ")
    head.append(s.dealer, "bold cyan")
    if s.preset.rotation.mode in ("rounds", "dealer-wins"):
        counted = s.dealt if s.preset.rotation.mode == "rounds" else s.won
        head.append(f" ({counted}/{s.preset.rotation.every})")
    parts: list[RenderableType] = [head]
    if rnd is None:
        parts.append(Text(seats_line(night.seating)))
        if night.family.standing_notes is not None:  # the game's standing bets: who is on which box
            parts += [Text(note) for note in night.family.standing_notes(night.seating)]
        parts.append(Text(night.family.idle, "dim"))
    else:
        panel = night.family.panel(rnd.state)
        if panel.dealer is not None:
            parts.append(Text(panel.dealer, "bold"))
        table = Table(box=None, show_header=not narrow, pad_edge=False, expand=False)
        table.add_column("player")
        table.add_column("cards", justify="right")
        table.add_column("state")
        table.add_column("+/-", justify="right")
        for seat in panel.rows:
            won = money(seat.amount) if seat.amount is not None else ""
            stake = f" x{seat.stake}" if not narrow else ""
            table.add_row(seat.name + stake, seat.cards, seat.state, won)
        parts.append(table)
        notes = Table.grid(padding=(0, 1, 0, 0))
        notes.add_column(style="yellow")
        notes.add_column(style="yellow", overflow="fold")
        for line in panel.hints:
            notes.add_row("›", line)  # a long hint wraps under its text, not under the mark
        parts.append(notes)
    bal = Table(box=None, show_header=False, pad_edge=False, title=None)
    per_row = 2 if narrow else 4
    for _ in range(per_row):
        bal.add_column()
        bal.add_column(justify="right")
    items = sorted(balances.items(), key=lambda kv: (-kv[1], kv[0]))
    for i in range(0, len(items), per_row):
        cells: list[str] = []
        for who, amount in items[i : i + per_row]:
            cells += [who, money(amount)]
        cells += [""] * (2 * per_row - len(cells))
        bal.add_row(*cells)
    parts.append(Text("tonight", "bold"))
    parts.append(bal)
    return Group(*parts)


def print_advice(advice: Advice, preset: Preset, out: Console | None = None) -> None:
    from rich.table import Table

    dealer = advice.dealer
    can = [
        "may open" if advice.can_open else f"may not open yet (under {preset.reveal.dealer_min})",
        "may draw" if advice.can_draw else "may not draw",
    ]
    screen = out if out is not None else console()
    cards = " ".join(str(c) for c in dealer.cards)
    screen.print(f"dealer {cards}: {dealer.label} ({', '.join(can)})")
    low = min(16, preset.minimum.player)
    screen.print("closed hands (%) and the dealer's expected result (stakes):")
    table = Table()
    table.add_column("")
    for a in advice.players:
        table.add_column(a.name, justify="right")
    rows: list[tuple[str, list[str]]] = [("cards", [str(a.cards) for a in advice.players])]
    rows.append(("bust", [_percent(a.odds.bust) for a in advice.players]))
    for t in range(low, 22):
        rows.append((str(t), [_percent(a.odds.totals().get(t, 0.0)) for a in advice.players]))
    rows.append(("five-card", [_percent(a.odds.five_dragon) for a in advice.players]))
    rows.append(("7-7-7", [_percent(a.odds.triple_seven) for a in advice.players]))
    rows.append(("short", [_percent(a.odds.under) for a in advice.players]))
    rows.append(("open now", [_signed(a.open_now) for a in advice.players]))
    rows.append(("draw first", [_signed(a.draw_first) for a in advice.players]))
    rows.append(("do", [a.action for a in advice.players]))
    for label, cells in rows:
        if label in ("five-card", "7-7-7", "short") and not any(cells):
            continue
        table.add_row(label, *cells)
    screen.print(table)
    screen.print(f"advice: {advice.summary()}")


def _percent(x: float) -> str:
    return "" if x == 0 else f"{100 * x:.2f}" if x < 0.001 else f"{100 * x:.1f}"


def _signed(x: float | None) -> str:
    return "-" if x is None else f"{x:+.3f}"


BARS = "▁▂▃▄▅▆▇█"


def sparkline_chart(series: Mapping[str, list[int]], title: str, width: int) -> RenderableType:
    """Each person's running balance as a row of bars on one shared scale, with the range and the
    final balance. The scale is shared, so a tall bar means the same amount in every row."""
    from rich.table import Table

    values = [v for points in series.values() for v in points]
    low, high = min(values), max(values)
    span = (high - low) or 1
    name_w = max(len(n) for n in series)
    room = max(8, width - name_w - 14)
    table = Table(box=None, show_header=False)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    for name, points in sorted(series.items(), key=lambda kv: (-kv[1][-1], kv[0])):
        step = max(1, -(-len(points) // room))  # ceil: at most `room` bars
        sampled = points[::step]
        if sampled[-1] != points[-1]:
            sampled.append(points[-1])
        bars = "".join(BARS[round((v - low) / span * (len(BARS) - 1))] for v in sampled)
        colour = "green" if points[-1] > 0 else "red" if points[-1] < 0 else "white"
        table.add_row(name, f"[{colour}]{bars}[/]", money(points[-1]))
    return titled(title, table, f"from {low:+d} (▁) to {high:+d} (█), left to right in time")
