"""Rendering with rich: the only place besides the commands that knows how things look."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.segment import Segment
    from rich.text import Text

    from banluck.table.lab import Figures, Report
    from banluck.table.night import Night
    from banluck.table.seating import FinishedRound, Seating


def console() -> Console:
    """The terminal, drawn by rich. Under NO_COLOR (set and not empty) it writes no escape codes
    at all: no colour, and no bold or dim either, so the text reads the same in any terminal or
    log. Text is printed as written: `:name:` is no emoji code (nor is rich's table of them
    loaded); control characters a store may hold are shown escaped (core/text.shown)."""
    from rich.console import Console

    class Shown(Console):
        """rich's console, through which every text it prints passes: the one place stored
        text meets the terminal. A string (a line, a table's cell) is escaped before it is laid
        out; what is drawn from rich's own text objects, as it is drawn."""

        def render_str(self, text: str, **how: Any) -> Text:
            from banluck.core.text import shown

            return super().render_str(shown(text), **how)

        inside = False  # rich renders what a renderable yields through `render` again

        def render(self, renderable: Any, options: Any = None) -> Iterator[Segment]:
            if self.inside:  # escaped once, by the outermost call
                yield from super().render(renderable, options)
                return
            from rich.segment import Segment

            from banluck.core.text import shown

            self.inside = True
            try:
                for part in super().render(renderable, options):
                    yield part if part.control else Segment(shown(part.text), part.style)
            finally:
                self.inside = False

    if os.environ.get("NO_COLOR"):
        return Shown(color_system=None, no_color=True, highlight=False, emoji=False)
    return Shown(highlight=False, emoji=False)


def show(*parts: RenderableType) -> None:
    """Print the parts (console markup, rich renderables) on the terminal, one after another."""
    out = console()
    for part in parts:
        out.print(part)


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


def nets(entry: Mapping[str, Any]) -> str:
    """What a ledger entry moved, a person's net each: `Bob +10, Mei -10`."""
    from banluck.money.ledger import net_of

    moved = ", ".join(f"{n} {v:+d}" for n, v in sorted(net_of(entry).items()) if v)
    return moved or "no money moved"


def round_panel(r: FinishedRound, in_ledger: bool = True) -> RenderableType:
    """A finished round's transfers; below NARROW columns one line a transfer, each reason cut
    to the line, with where it reads whole (`ledger --round N` when the round is `in_ledger`)."""
    from banluck.money.entries import round_title

    title = f"{round_title(r.counted, r.between).capitalize()} · dealer {r.dealer}"
    if r.ended:
        title += f" · {r.ended}"
    whole = (
        f"cut to fit: ledger --round {r.counted} has them whole"
        if in_ledger and not r.between
        else f"cut to fit: {NARROW} columns show them whole"
    )
    moved = [(t.payer, t.payee, t.amount, t.reason) for t in r.transfers]
    return Transfers(title, moved, whole=whole)


class Transfers:
    """A round's transfers (from, to, amount, why) under a title, `no money moved` when none, as
    rich draws them at the width it gives: a table from NARROW columns; below, one line a
    transfer (`Bob → Mei 10  why`), so a phone shows a round's rows at a glance. The why is cut
    to the line at a word (its knob in brackets left out first), with `whole` saying where it
    reads in full; without `whole` it is wrapped under its transfer, no word broken."""

    def __init__(
        self, title: str, rows: Sequence[tuple[str, str, int, str]], whole: str | None = None
    ) -> None:
        self.title, self.rows, self.whole = title, rows or [("-", "-", 0, "no money moved")], whole

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.padding import Padding
        from rich.table import Column, Table
        from rich.text import Text

        width = options.max_width
        if width >= NARROW:
            table = Table(
                "from", "to", Column("amount", justify="right"), Column("why", overflow="fold")
            )
            for payer, payee, amount, why in self.rows:
                table.add_row(payer, payee, str(amount), why)
            yield titled(self.title, table)
            return
        yield Text(self.title, style="bold")
        cut = False
        for payer, payee, amount, why in self.rows:
            head = Text(f"{payer} → {payee} {amount}")
            room = width - head.cell_len - 2
            short = _cut(why, room) if self.whole is not None and room >= 12 else None
            if short is None:
                yield head
                yield Padding(Text(why), (0, 0, 0, 2), expand=False)
                continue
            cut = cut or short != why
            yield head + "  " + short
        if cut and self.whole:
            yield Text(self.whole, style="dim")


def _cut(why: str, room: int) -> str:
    """A reason in `room` columns: whole when it fits; else without its knob in brackets; else
    its money (what follows the rule's name and `: `); else that cut at a word with `…`."""
    from rich.text import Text

    if Text(why).cell_len <= room:
        return why
    if why.endswith(")") and " (" in why:
        why = why[: why.rindex(" (")]
        if Text(why).cell_len <= room:
            return why
    why = why.split(": ", 1)[-1]
    if Text(why).cell_len <= room:
        return why
    words = why.split(" ")
    while len(words) > 1 and Text(" ".join(words)).cell_len + 1 > room:
        words.pop()
    kept = " ".join(words)
    return kept[: room - 1] + "…"


def transfers_panel(title: str, transfers: Sequence[tuple[str, str, int, str]]) -> RenderableType:
    """A round's transfers with every reason whole (`ledger --round`): see Transfers."""
    return Transfers(title, transfers)


def balances_table(balances: Mapping[str, int], title: str = "Balances") -> RenderableType:
    from rich.table import Column, Table

    table = Table("who", Column("balance", justify="right"))
    for name, amount in sorted(balances.items(), key=lambda kv: (-kv[1], kv[0])):
        table.add_row(name, money(amount))
    return titled(title, table)


def seats_line(s: Seating) -> str:
    """The seats in dealing order (the dealer, then the players he deals to) with their stakes
    and standing side bets, and who deals after him: `Mei deals · Bob 20 pp 5 · Carol 10 · next
    to deal: Bob`."""
    at = s.seats.index(s.dealer) if s.dealer in s.seats else 0
    order = [*s.seats[at:], *s.seats[:at]]
    parts = [f"{order[0]} deals"]
    for name in order[1:]:
        stake = s.stake_of(name)
        if name in s.out:
            parts.append(f"{name} sits out")
            continue
        bets = s.side.seat_note(name) if s.side is not None else ""
        parts.append(f"{name} {stake if stake is not None else '(no stake)'}{bets}")
    playing = [n for n in order[1:] if n not in s.out]
    following = playing[0] if playing else order[0]
    return " · ".join(parts) + f" · next to deal: {following}"


def _packed(parts: Sequence[str], width: int) -> str:
    """Parts joined by ` · ` in lines of `width` columns, a line breaking only between parts
    (the seat line: a name never parted from its stake)."""
    from rich.cells import cell_len

    lines = [parts[0]]
    for i, part in enumerate(parts[1:], 2):
        after = 2 if i < len(parts) else 0  # room left for the ` ·` a broken line ends with
        if cell_len(lines[-1]) + 3 + cell_len(part) + after <= width:
            lines[-1] += f" · {part}"
        else:
            lines[-1] += " ·"
            lines.append(part)
    return "\n".join(lines)


def table_screen(
    night: Night, balances: Mapping[str, int], width: int, night_id: int | None = None
) -> RenderableType:
    """The dealer's panel: the round at a glance, the night's balances, what the rules allow
    (the console's screen, and `night show`)."""
    from rich.console import Group
    from rich.table import Column, Table
    from rich.text import Text

    narrow = width < NARROW
    s = night.seating
    rnd = night.current
    label = f"night {night_id} · " if night_id and not narrow else ""
    head = Text.assemble(
        (f"{label}{s.preset.name}", "bold"),
        f" · round {s.round_number} · dealer ",
        (s.dealer, "bold cyan"),
    )
    if s.preset.rotation.mode in ("rounds", "dealer-wins"):
        counted = s.dealt if s.preset.rotation.mode == "rounds" else s.won
        head.append(f" ({counted}/{s.preset.rotation.every})")
    parts: list[RenderableType] = [head]
    side = night.side_notes()
    carried: list[RenderableType] = [Text(line, "magenta") for line in side.live]
    if rnd is None:
        parts.append(Text(_packed(seats_line(night.seating).split(" · "), width)))
        parts.extend(carried)
        parts += [Text(note) for note in side.standing]
        if side.warning:
            parts.append(Text(side.warning, "yellow"))
        parts.append(Text(night.game.idle, "dim"))
    else:
        panel = night.game.panel(rnd.state)
        if panel.dealer is not None:
            parts.append(Text(panel.dealer, "bold"))
        heads = (
            "player",
            Column("cards", justify="right"),
            "state",
            Column("+/-", justify="right"),
        )
        table = Table(*heads, box=None, show_header=not narrow, pad_edge=False)
        for seat in panel.rows:
            won = money(seat.amount) if seat.amount is not None else ""
            table.add_row(f"{seat.name} x{seat.stake}", seat.cards, seat.state, won)  # any width
        parts.append(table)
        parts.extend(carried)
        notes = Table.grid(
            Column(style="yellow"), Column(style="yellow", overflow="fold"), padding=(0, 1, 0, 0)
        )
        for line in panel.hints:
            notes.add_row("›", line)
        parts.append(notes)
    bal = Table(box=None, show_header=False, pad_edge=False)
    per_row = 2 if narrow else 4
    for _ in range(per_row):
        bal.add_column()
        bal.add_column(justify="right")
    items = sorted(balances.items(), key=lambda kv: (-kv[1], kv[0]))
    cells = [cell for who, amount in items for cell in (who, money(amount))]
    for i in range(0, len(cells), 2 * per_row):
        bal.add_row(*cells[i : i + 2 * per_row])  # a short last row: rich leaves its cells empty
    parts.append(Text("tonight", "bold"))
    parts.append(bal)
    return Group(*parts)


def print_advice(
    advice: Any,
    preset: Any,
    out: Console | None = None,
    stakes: Mapping[str, int] | None = None,
    stake: int = 10,
) -> None:
    """The advisor's screen (ban-luck's `Advice` under its `Preset`): each closed hand's odds
    (%) and the dealer's expected result of opening it now or drawing first, in money at that
    player's stake (`stakes`, else `stake`). A row no hand can reach is left out. Players are columns where they fit; on a narrow
    terminal each player is a block of his own, every figure whole."""
    dealer = advice.dealer
    can = [
        "may open" if advice.can_open else f"may not open yet (under {preset.reveal.dealer_min})",
        "may draw" if advice.can_draw else "may not draw",
    ]
    cards = " ".join(str(c) for c in dealer.cards)
    at = [(stakes or {}).get(a.name, stake) for a in advice.players]
    low = min(16, preset.minimum.player)
    rows: list[tuple[str, list[str]]] = [("cards", [str(a.cards) for a in advice.players])]
    rows.append(("stake", [str(s) for s in at]))
    rows.append(("bust", [_percent(a.odds.bust) for a in advice.players]))
    for t in range(low, 22):
        rows.append((str(t), [_percent(a.odds.totals().get(t, 0.0)) for a in advice.players]))
    rows.append(("five-card", [_percent(a.odds.five_dragon) for a in advice.players]))
    rows.append(("7-7-7", [_percent(a.odds.triple_seven) for a in advice.players]))
    rows.append(("short", [_percent(a.odds.under) for a in advice.players]))
    rows.append(
        ("open now", [_money(a.open_now, s) for a, s in zip(advice.players, at, strict=True)])
    )
    rows.append(
        ("draw first", [_money(a.draw_first, s) for a, s in zip(advice.players, at, strict=True)])
    )
    rows.append(("do", [a.action for a in advice.players]))
    rows = [(label, cells) for label, cells in rows if any(cells)]  # no impossible row
    screen = out if out is not None else console()
    screen.print(f"dealer {cards}: {dealer.label} ({', '.join(can)})")
    screen.print("closed hands (%) and the dealer's expected result (money at the stake):")
    names = [a.name for a in advice.players]
    narrow = min(screen.width, NARROW - 1)
    figures = ("cards", "stake", "open now", "draw first", "do")
    percents = [label for label, _ in rows if label not in figures]
    screen.print(by_column(None, names, rows, screen.width, narrow, percents))
    screen.print(f"advice: {advice.summary()}")


def print_report(report: Report) -> None:
    """A lab's report (banluck.table.lab): its figures, the notes under them, then its lines."""
    import typer

    if report.figures is not None or report.notes:  # rich is loaded for what it draws
        out = console()
        if report.figures is not None:
            print_figures(report.figures, out)
        for note in report.notes:
            out.print(note)
    import shutil

    if all(len(line) <= shutil.get_terminal_size().columns for line in report.lines):
        for line in report.lines:
            typer.echo(line)
        return
    from rich.text import Text

    out = console()  # a line wider than the terminal: wrapped at words, never inside one
    for line in report.lines:
        out.print(Text(line))


def print_figures(figures: Figures, out: Console) -> None:
    """Rows of figures with a column a preset: where they fit the terminal whole (or when the
    figures ask for one table); else a block a preset, every figure whole (a narrow terminal)."""
    from rich.table import Column, Table

    if figures.whole:
        out.print(by_column(figures.title, figures.columns, figures.rows, out.width, out.width))
        return
    table = Table("", *(Column(n, justify="right") for n in figures.columns), title=figures.title)
    for label, values in figures.rows:
        table.add_row(label, *values)
    out.print(table)


def by_column(
    title: str | None,
    names: Sequence[str],
    rows: Sequence[tuple[str, Sequence[str]]],
    width: int,
    narrow: int,
    percents: Sequence[str] = (),
) -> RenderableType:
    """Rows of figures (a label and a value a name) with a column a name, where they fit `width`
    whole; else a block a name in `narrow` columns (the values of the rows `percents` with a %)."""
    from rich.table import Column, Table
    from rich.text import Text

    cells = [[label, *values] for label, values in rows]
    if width >= NARROW and fits(["", *names], cells, width, boxed=True):
        table = Table("", *(Column(n, justify="right", no_wrap=True) for n in names))
        for row in cells:  # plain text: rich reads no markup in the figures
            table.add_row(*(Text(cell) for cell in row))
        return table if title is None else titled(title, table)
    heads = ["", *(label.strip() for label, _ in rows)]
    blocks = [
        [name, *(_unit(values[i], label in percents) for label, values in rows)]
        for i, name in enumerate(names)
    ]
    return records(title, heads, blocks, narrow)


def _unit(value: str, percent: bool) -> str:
    return f"{value}%" if value and percent else value


def _percent(x: float) -> str:
    return "" if x == 0 else f"{100 * x:.2f}" if x < 0.001 else f"{100 * x:.1f}"


def _money(x: float | None, stake: int) -> str:
    """An expected result in stakes as money at `stake`: to the tenth, to the hundredth under
    a stake of 10 (`-` where the rules do not allow it now)."""
    if x is None:
        return "-"
    return f"{x * stake:+.1f}" if stake >= 10 else f"{x * stake:+.2f}"


BARS = "▁▂▃▄▅▆▇█"


def round_chart(
    rounds: Sequence[int], series: Mapping[str, list[int]], title: str, width: int
) -> RenderableType:
    """Each person's result after every round as a row of bars on one shared scale (a tall bar
    means the same amount in every row), his final result beside it, and the rounds' numbers
    under the bars (as the ledger numbers them). A bar a round, up to three cells wide, where
    they fit; else a bar every few rounds, the last of them, and the last round always."""
    from rich.table import Column, Table

    values = [v for points in series.values() for v in points]
    low, high = min(values), max(values)
    span = (high - low) or 1
    name_w = max(len("round"), *(len(n) for n in series))
    room = max(8, width - name_w - 14)
    step = max(1, -(-len(rounds) // room))  # ceil: at most `room` bars
    shown = [*range(len(rounds) - 1, -1, -step)][::-1]  # the last round is always a bar
    cell = max(1, min(3, room // len(shown)))  # the cells of one bar
    heads = (Column(no_wrap=True), Column(no_wrap=True), Column(justify="right", no_wrap=True))
    table = Table(*heads, box=None, show_header=False)
    for name, points in sorted(series.items(), key=lambda kv: (-kv[1][-1], kv[0])):
        bars = "".join(BARS[round((points[i] - low) / span * (len(BARS) - 1))] for i in shown)
        colour = "green" if points[-1] > 0 else "red" if points[-1] < 0 else "white"
        table.add_row(name, f"[{colour}]{_widened(bars, cell)}[/]", money(points[-1]))
    table.add_row("[dim]round[/]", f"[dim]{_axis([rounds[i] for i in shown], cell)}[/]", "")
    each = "a bar a round" if step == 1 else f"a bar every {step} rounds"
    return titled(title, table, f"{each}, from {low:+d} (▁) to {high:+d} (█)")


def _widened(bars: str, cell: int) -> str:
    """Bars `cell` columns each: a bar of cell - 1 blocks and a space, so each round stands apart."""
    return bars if cell == 1 else "".join(b * (cell - 1) + " " for b in bars).rstrip()


def _axis(numbers: Sequence[int], cell: int = 1) -> str:
    """The rounds' numbers under their bars (`cell` columns a bar), each from its bar's first
    column: the first, the last, and between them every round whose number fits its bar with a
    space after it, else every fifth round where its number fits with a space either side."""
    size = len(numbers) * cell
    cells = [" "] * size
    last = str(numbers[-1])
    at_last = max(0, min((len(numbers) - 1) * cell, size - len(last)))
    cells[at_last:] = last[: size - at_last].ljust(size - at_last)
    free = 0
    for i, n in enumerate(numbers[:-1]):
        label, at = str(n), i * cell
        wanted = i == 0 or n % 5 == 0 or len(label) < cell
        if wanted and at >= free and at + len(label) < at_last:
            cells[at : at + len(label)] = label
            free = at + len(label) + 1
    return "".join(cells).rstrip()


NARROW = 60  # below this many columns, wide tables become one block a row


def _cells(text: str) -> int:
    """The columns a cell of console markup takes."""
    from rich.text import Text

    return Text.from_markup(text, emoji=False).cell_len


def fits(
    heads: Sequence[str], rows: Sequence[Sequence[str]], width: int, boxed: bool = False
) -> bool:
    """Whether a table of these cells fits `width` columns whole (no cell cut or wrapped):
    each column as wide as its widest cell, two spaces between columns (the table of
    `records`, whose cells are markup), or rich's borders and padding when `boxed` (a table of
    plain cells, `by_column`)."""
    from rich.cells import cell_len

    size = cell_len if boxed else _cells
    widths = [size(h) for h in heads]
    for row in rows:
        widths = [max(w, size(c)) for w, c in zip(widths, row, strict=True)]
    if boxed:
        return sum(widths) + 3 * len(widths) + 1 <= width
    return sum(widths) + 2 * (len(widths) - 1) <= width


def _pairs(heads: Sequence[str], row: Sequence[str], room: int) -> list[str]:
    """A record's `head value` pairs, as many to a line as fit `room` columns."""
    lines: list[str] = []
    used = 0
    for head, cell in zip(heads[1:], row[1:], strict=True):
        if cell == "":
            continue
        pair = f"{head} {cell}" if head else cell
        size = _cells(pair)
        if lines and used + 2 + size <= room:
            lines[-1] += "  " + pair
            used += 2 + size
        else:
            lines.append(pair)
            used = size
    return lines


def records(
    title: str | None,
    heads: Sequence[str],
    rows: Sequence[Sequence[str]],
    width: int,
    caption: str | None = None,
) -> RenderableType:
    """Rows as a table where it fits `width` whole; else one block a row, its first cell on a
    line of its own and the others under it as `head value` pairs, a pair never split, so every
    number is shown in full at any width (45 columns: a phone's terminal)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    if fits(heads, rows, width) and width >= NARROW:
        table = Table(box=None, pad_edge=False, header_style="bold underline")
        for i, head in enumerate(heads):
            table.add_column(head, justify="left" if i == 0 else "right", no_wrap=True)
        for row in rows:
            table.add_row(*row)
        return table if title is None else titled(title, table, caption)
    parts: list[RenderableType] = []
    if title is not None:
        parts.append(Text(title, style="bold", overflow="fold"))
    room = max(10, width - 2)
    for row in rows:
        parts.append(Text.from_markup(f"[bold]{row[0]}[/]", emoji=False))
        for line in _pairs(heads, row, room):
            parts.append(Text("  ") + Text.from_markup(line, emoji=False))
    if caption:
        parts.append(Text(caption, style="dim"))
    return Group(*parts)


class Progress:
    """What a long computation says on stderr while it runs (banluck.table.lab.Progress): a rich
    progress bar a task, or a status line; nothing when disabled (--json). Use it as a context
    manager: the bar or the status goes when the computation ends."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.live: Any = None  # the rich Progress or Status, opened on first use
        self.tasks: Any = None

    def __enter__(self) -> Progress:
        return self

    def bar(self, text: str, total: int) -> Any:
        if not self.enabled:
            return None
        if self.tasks is None:
            from rich.console import Console
            from rich.progress import Progress as Bars

            self.tasks = Bars(console=Console(stderr=True), transient=True)
            self.tasks.__enter__()
        task = self.tasks.add_task(text, total=total)

        def update(done: int, _total: int) -> None:
            self.tasks.update(task, completed=done)

        return update

    def say(self, text: str) -> None:
        if not self.enabled:
            return
        if self.live is None:
            from rich.console import Console

            self.live = Console(stderr=True).status("")
            self.live.__enter__()
        self.live.update(text)

    def __exit__(self, *exc: object) -> None:
        for shown in (self.tasks, self.live):
            if shown is not None:
                shown.__exit__(*exc)
