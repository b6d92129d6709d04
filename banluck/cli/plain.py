"""Plain text drawn exactly as rich draws it, without importing rich, where that is simple.

Importing rich's console and table costs about 40 ms on a 2-core machine, more than the whole
start-up floor's `import rich, tinydb`, so a read command that prints a small table would spend
most of its run on it. When rich would write no escape code (output to a pipe or a file, or
NO_COLOR), the same characters are written here: the same column widths (rich's measuring and
narrowing), padding, borders, trailing spaces, cells wrapped at words and words cut with an
ellipsis or folded. Anything this module is not sure of (a terminal in colour, a line of text
longer than the width, markup or characters it does not know, a boxed table without a header) is
drawn by rich from the same description, as before. tests/cli/test_plain.py draws random tables
both ways at many widths and compares them character for character.

A part is a `str` (console markup, as `Console.print` reads it: only the tags `[bold]`, `[dim]`,
`[green]`, `[red]` and `[/]` are known here), a `Styled` line (rich's `Text(text, style)`), a
`Grid` (a `rich.table.Table`) or a `Titled` grid (`render.titled`).
"""

from __future__ import annotations

import itertools
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, TypeAlias

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

Justify = Literal["left", "right"]
BoxName = Literal["heavy_head", "simple_head"] | None

# rich's boxes as (top, head row, head separator, body row, section separator, bottom): each
# (left, fill, cross, right); a row's (left, vertical, right).
_BOXES: dict[str, dict[str, str]] = {
    "heavy_head": {
        "top": "┏━┳┓",
        "head": "┃┃┃",
        "head_row": "┡━╇┩",
        "row": "│││",
        "section": "├─┼┤",
        "bottom": "└─┴┘",
    },
    "simple_head": {
        "top": "    ",
        "head": "   ",
        "head_row": " ── ",
        "row": "   ",
        "section": "    ",
        "bottom": "    ",
    },
}

_TAGS = re.compile(r"\[(?:bold|dim|green|red|/)\]")
# what rich may read as markup or an emoji code, and characters not known to be one column wide
# (wide, combining, control): left to rich
_MARKUP = re.compile(r"\\|\[[a-z#/@][^[]*?\]|:[^\s:]*:")  # rich.markup's tags, and emoji codes
_ONE_COLUMN = frozenset(map(chr, range(0x20, 0x7F))) | frozenset("·→←–—♠♥♦♣▁▂▃▄▅▆▇█›✓✗×…’")


def _odd(text: str) -> bool:
    """Whether `text` holds a character not known to take one column (a set test: cheaper at
    start-up than compiling a regular expression)."""
    return not _ONE_COLUMN.issuperset(text)


class Styled:
    """One line of text with a rich style (`rich.text.Text(text, style)`): no markup read."""

    __slots__ = ("overflow", "style", "text")

    def __init__(self, text: str, style: str = "", overflow: str | None = None) -> None:
        self.text = text
        self.style = style
        self.overflow = overflow


class _Column:
    __slots__ = ("header", "justify", "no_wrap", "overflow", "style")

    def __init__(
        self, header: str, justify: Justify, no_wrap: bool, overflow: str | None, style: str | None
    ) -> None:
        self.header = header
        self.justify = justify
        self.no_wrap = no_wrap
        self.overflow = overflow
        self.style = style


class Grid:
    """A table described as data: `to_rich()` makes the `rich.table.Table` of the same options;
    `plain_lines(width)` draws it as rich would, with no style shown."""

    def __init__(
        self,
        *,
        box: BoxName = "heavy_head",
        show_header: bool = True,
        show_edge: bool = True,
        pad_edge: bool = True,
        header_style: str | None = None,
        padding: tuple[int, int, int, int] | None = None,
        grid: bool = False,
    ) -> None:
        self.box = box
        self.show_header = show_header
        self.show_edge = show_edge
        self.pad_edge = pad_edge and not grid
        self.header_style = header_style
        self.grid = grid  # rich's Table.grid: no box, no header, no edge, padding collapsed
        self.padding = padding if padding is not None else (0, 1, 0, 1)
        self.columns: list[_Column] = []
        self.rows: list[tuple[tuple[str, ...], bool]] = []

    def add_column(
        self,
        header: str = "",
        *,
        justify: Justify = "left",
        no_wrap: bool = False,
        overflow: str | None = None,
        style: str | None = None,
    ) -> None:
        self.columns.append(_Column(header, justify, no_wrap, overflow, style))

    def add_row(self, *cells: str, end_section: bool = False) -> None:
        self.rows.append((cells, end_section))

    def to_rich(self) -> RenderableType:
        from rich import box as boxes
        from rich.table import Table

        if self.grid:
            table = Table.grid(padding=self.padding)
        else:
            kwargs: dict[str, object] = {}
            if self.header_style is not None:
                kwargs["header_style"] = self.header_style
            table = Table(
                box=None if self.box is None else getattr(boxes, self.box.upper()),
                show_header=self.show_header,
                show_edge=self.show_edge,
                pad_edge=self.pad_edge,
                **kwargs,  # type: ignore[arg-type]
            )
        for c in self.columns:
            extra: dict[str, object] = {}
            if c.overflow is not None:
                extra["overflow"] = c.overflow
            if c.style is not None:
                extra["style"] = c.style
            table.add_column(c.header, justify=c.justify, no_wrap=c.no_wrap, **extra)  # type: ignore[arg-type]
        for cells, end_section in self.rows:
            table.add_row(*cells, end_section=end_section)
        return table

    def _pads(self) -> list[tuple[int, int]]:
        """Each column's (left, right) padding, as rich's Table._get_cells works it out."""
        _top, right, _bottom, left = self.padding
        out = []
        last = len(self.columns) - 1
        for i in range(len(self.columns)):
            lo, hi = left, right
            if self.grid and i > 0:  # collapse_padding
                lo = max(0, lo - hi)
            if not self.pad_edge:
                lo = 0 if i == 0 else lo
                hi = 0 if i == last else hi
            out.append((lo, hi))
        return out

    def plain_lines(self, width: int) -> list[str] | None:
        """The table as rich draws it without styles, or None where this module is not sure."""
        if not self.columns:
            return None
        if any(len(cells) > len(self.columns) for cells, _ in self.rows):
            return None
        texts: list[list[str]] = []
        for cells, _ in self.rows:
            row_texts = [_plain(c) for c in (*cells, *[""] * (len(self.columns) - len(cells)))]
            if None in row_texts:
                return None
            texts.append([t or "" for t in row_texts])
        maybe_heads = [_plain(c.header) for c in self.columns]
        if None in maybe_heads:
            return None
        heads = [t or "" for t in maybe_heads]
        pads = self._pads()
        show_header = self.show_header and not self.grid
        boxed = self.box is not None and not self.grid
        if boxed and not show_header:
            return None  # rich draws a boxed table without a header with a box of its own
        edge = boxed and self.show_edge
        extra = (2 if edge else 0) + (len(self.columns) - 1 if boxed else 0)
        room = width - extra  # what the columns share, padding included
        if room < 1:
            return None
        natural = []  # each column's widest cell, padding included
        for i, (lo, hi) in enumerate(pads):
            column = [row[i] for row in texts] + ([heads[i]] if show_header else [])
            natural.append(max((len(c) for c in column), default=0) + lo + hi)
        widths = [min(n, room) or 1 for n in natural]
        if sum(widths) > room:  # rich narrows the wrapping columns first, then all of them
            wrapable = [not c.no_wrap for c in self.columns]
            widths = _collapse(widths, wrapable, room)
            if sum(widths) > room:
                widths = _ratio_reduce(sum(widths) - room, [1] * len(widths), widths, widths)
            # and measures each column again at its new width
            widths = [
                0 if w < 1 else w if w - lo - hi < 1 else min(n, w)
                for w, n, (lo, hi) in zip(widths, natural, pads, strict=True)
            ]
        cells_of: list[list[list[str]]] = []  # each row's cells, each a list of lines
        for words_row in ([heads] if show_header else []) + texts:
            row_cells = []
            for text, w, (lo, hi), col in zip(words_row, widths, pads, self.columns, strict=True):
                wrapped = _cell_lines(text, w - lo - hi, col)
                if wrapped is None:
                    return None
                row_cells.append(wrapped)
            cells_of.append(row_cells)
        lines: list[str] = []
        box = _BOXES[self.box] if boxed and self.box is not None else None

        def rule(kind: str) -> str:
            assert box is not None
            left, fill, cross, right = tuple(box[kind])
            body = cross.join(fill * w for w in widths)
            return f"{left}{body}{right}" if edge else body

        def row(cells: list[list[str]], kind: str, header: bool) -> list[str]:
            height = max(len(c) for c in cells)
            out = []
            for n in range(height):
                parts = []
                for lines_, w, (lo, hi) in zip(cells, widths, pads, strict=True):
                    # a header sits at the bottom of its row, a cell at the top
                    at = n - (height - len(lines_)) if header else n
                    body = lines_[at] if 0 <= at < len(lines_) else " " * (w - lo - hi)
                    parts.append(" " * lo + body + " " * hi)
                if box is None:
                    out.append("".join(parts))
                    continue
                left, vertical, right = tuple(box[kind])
                body = vertical.join(parts)
                out.append(f"{left}{body}{right}" if edge else body)
            return out

        if edge and box is not None:
            lines.append(rule("top"))
        body_rows = cells_of
        if show_header:
            lines.extend(row(cells_of[0], "head", True))
            if box is not None:
                lines.append(rule("head_row"))
            body_rows = cells_of[1:]
        for n, (row_cells, (_, end_section)) in enumerate(zip(body_rows, self.rows, strict=True)):
            lines.extend(row(row_cells, "row", False))
            if box is not None and end_section and n < len(body_rows) - 1:
                lines.append(rule("section"))
        if edge and box is not None:
            lines.append(rule("bottom"))
        return lines


def _collapse(widths: list[int], wrapable: list[bool], room: int) -> list[int]:
    """rich's Table._collapse_widths: narrow the widest wrapping columns to fit `room`."""
    total = sum(widths)
    excess = total - room
    if any(wrapable):
        while total and excess > 0:
            widest = max(w for w, ok in zip(widths, wrapable, strict=True) if ok)
            second = max(
                w if ok and w != widest else 0 for w, ok in zip(widths, wrapable, strict=True)
            )
            difference = widest - second
            ratios = [
                1 if (w == widest and ok) else 0 for w, ok in zip(widths, wrapable, strict=True)
            ]
            if not any(ratios) or not difference:
                break
            most = [min(excess, difference)] * len(widths)
            widths = _ratio_reduce(excess, ratios, most, widths)
            total = sum(widths)
            excess = total - room
    return widths


def _ratio_reduce(total: int, ratios: list[int], most: list[int], values: list[int]) -> list[int]:
    """rich's _ratio.ratio_reduce."""
    ratios = [r if m else 0 for r, m in zip(ratios, most, strict=True)]
    left_ratio = sum(ratios)
    if not left_ratio:
        return values[:]
    left = total
    out = []
    for ratio, maximum, value in zip(ratios, most, values, strict=True):
        if ratio and left_ratio > 0:
            taken = min(maximum, round(ratio * left / left_ratio))
            out.append(value - taken)
            left -= taken
            left_ratio -= ratio
        else:
            out.append(value)
    return out


_WORD = re.compile(r"\s*\S+\s*")


def _cell_lines(text: str, room: int, column: _Column) -> list[str] | None:
    """A cell's lines, each `room` columns wide, as rich's Text.wrap draws them in a table
    column: wrapped at words (rich._wrap.divide_line), a word longer than the room folded or
    shortened with an ellipsis, then justified. None where this is not sure (left to rich)."""
    if room < 1:
        return [""] if room == 0 and not text else None
    overflow = column.overflow or "ellipsis"
    if overflow not in ("ellipsis", "fold"):
        return None
    lines: list[str]
    if column.no_wrap or len(text) <= room:
        lines = [text]
    else:
        breaks: list[int] = []
        offset = 0
        for match in _WORD.finditer(text):
            start, word = match.start(), match.group(0)
            size = len(word.rstrip())
            if room - offset >= size:
                offset += len(word)
            elif size > room:  # a word longer than any line
                if overflow == "fold":
                    chunks = [word[i : i + room] for i in range(0, len(word), room)]
                    for n, chunk in enumerate(chunks):
                        if start:
                            breaks.append(start)
                        if n == len(chunks) - 1:
                            offset = len(chunk)
                        else:
                            start += len(chunk)
                else:
                    if start:
                        breaks.append(start)
                    offset = len(word)
            elif offset and start:
                breaks.append(start)
                offset = len(word)
        bounds = [0, *breaks, len(text)]
        lines = []
        for a, b in itertools.pairwise(bounds):
            line = text[a:b]
            excess = len(line) - room
            if excess > 0:  # rstrip_end: the spaces past the room go
                spaces = len(line) - len(line.rstrip())
                line = line[: len(line) - min(spaces, excess)]
            lines.append(line)
    out = []
    for line in lines:
        if column.justify == "right":
            line = line.rstrip()
        if len(line) > room:
            line = line[: room - 1] + "…" if overflow == "ellipsis" else line[:room]
        out.append(line.rjust(room) if column.justify == "right" else line.ljust(room))
    return out


class Titled:
    """A bold title line, a grid and a dim caption under it (`render.titled`)."""

    __slots__ = ("caption", "grid", "title")

    def __init__(self, title: str, grid: Grid, caption: str | None = None) -> None:
        self.title = title
        self.grid = grid
        self.caption = caption


Part: TypeAlias = str | Styled | Grid | Titled


def _plain(markup: str) -> str | None:
    """The characters rich prints for console markup with only the known tags, or None."""
    text = _TAGS.sub("", markup)
    return None if _MARKUP.search(text) or _odd(text) else text


def plain_width(markup: str) -> int | None:
    """The columns console markup takes when this module can tell, else None."""
    text = _plain(markup)
    return None if text is None else len(text)


def plain_output(stderr: bool = False) -> bool:
    """Whether rich (`console()`) would write no escape code at all to this stream."""
    import builtins

    if hasattr(builtins, "get_ipython"):  # rich draws for notebooks
        return False
    if sys.platform == "win32":  # rich's legacy Windows console: other widths and boxes
        return False
    stream = sys.stderr if stderr else sys.stdout
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower()
    if not encoding.startswith("utf"):
        return False  # rich would draw ASCII boxes
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return False
    env = os.environ
    if env.get("TERM", "").lower() in ("dumb", "unknown"):
        return False  # rich gives a dumb terminal its own size
    if env.get("NO_COLOR"):
        return True  # console(): no colour system at all
    tty_compatible = env.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "0"
    force = env.get("FORCE_COLOR")
    if force is not None:
        return force == ""
    isatty = getattr(stream, "isatty", None)
    try:
        return not (isatty is not None and isatty())
    except ValueError:
        return True


def width() -> int:
    """The width rich's console takes: a terminal's among stdin, stdout and stderr, COLUMNS,
    else 80."""
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns)
    found = None
    for fd in (0, 1, 2):
        try:
            found = os.get_terminal_size(fd).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    return found or 80


def render(parts: Sequence[Part], at: int) -> str | None:
    """The parts as rich prints them at width `at` with no style shown, or None."""
    lines: list[str] = []
    for part in parts:
        if isinstance(part, Titled):
            caption = [Styled(part.caption, "dim")] if part.caption else []
            drawn = _lines([Styled(part.title, "bold"), part.grid, *caption], at)
        else:
            drawn = _lines([part], at)
        if drawn is None:
            return None
        lines.extend(drawn)
    return "".join(line + "\n" for line in lines)


def _lines(parts: Sequence[str | Styled | Grid], at: int) -> list[str] | None:
    out: list[str] = []
    for part in parts:
        if isinstance(part, Grid):
            drawn = part.plain_lines(at)
            if drawn is None:
                return None
            out.extend(drawn)
            continue
        text = part.text if isinstance(part, Styled) else _plain(part)
        if text is None or _odd(text) or len(text) > at:
            return None
        out.append(text)
    return out


def to_rich(part: Part) -> RenderableType:
    """The renderable rich prints for a part."""
    if isinstance(part, str):
        return part
    if isinstance(part, Styled):
        from rich.text import Text

        return Text(part.text, style=part.style, overflow=part.overflow)  # type: ignore[arg-type]
    if isinstance(part, Titled):  # as render.titled draws it
        from rich.console import Group
        from rich.text import Text

        lines: list[RenderableType] = [Text(part.title, style="bold"), part.grid.to_rich()]
        if part.caption:
            lines.append(Text(part.caption, style="dim"))
        return Group(*lines)
    return part.to_rich()


def console(stderr: bool = False) -> Console:
    """The terminal, drawn by rich. Under NO_COLOR (set and not empty) it writes no escape codes
    at all: no colour, and no bold or dim either, so the text reads the same in any terminal or
    log."""
    from rich.console import Console

    if os.environ.get("NO_COLOR"):
        return Console(stderr=stderr, color_system=None, no_color=True, highlight=False)
    return Console(stderr=stderr, highlight=False)


def shown(*parts: Part, stderr: bool = False) -> bool:
    """Print the parts as plain text and say True when rich would draw them with no style shown
    (and this module can draw them all); else print nothing and say False (the caller draws them
    with rich)."""
    if not plain_output(stderr):
        return False
    text = render(parts, width())
    if text is None:
        return False
    stream = sys.stderr if stderr else sys.stdout
    stream.write(text)
    stream.flush()
    return True


def show(*parts: Part, stderr: bool = False) -> None:
    """Print the parts: as plain text when rich would draw them with no style shown, else with
    rich, one `Console.print` each."""
    if shown(*parts, stderr=stderr):
        return
    out = console(stderr=stderr)
    for part in parts:
        out.print(to_rich(part))
