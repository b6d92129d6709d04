"""rich's output drawn exactly as rich draws it, without importing rich, where that is simple.

Importing rich's console and table costs about 40 ms on a 2-core machine, more than the whole
start-up floor's `import rich, tinydb`, so a read command that prints a small table would spend
most of its run on it. Where rich would write no escape code (output to a pipe or a file, or
NO_COLOR), or write to a colour terminal, the same characters are written here: the same column
widths (rich's measuring and narrowing), padding, borders, trailing spaces, cells wrapped at words
and words cut with an ellipsis or folded, and in colour the same escape codes around the same
pieces. Anything this module is not sure of (Windows, a notebook, a dumb terminal, a line of text
longer than the width, markup, styles or characters it does not know, a styled cell that wraps,
a boxed table without a header) is drawn by rich from the same description, as before.
tests/cli/test_plain.py draws random tables both ways, plain and in colour, at many widths and
compares them character for character.

A part is a `str` (console markup, as `Console.print` reads it: tags of the attributes bold, dim,
italic, underline and the eight standard colours, and `[/]`), a `Styled` line (rich's
`Text(text, style)`, or pieces in styles of their own), a `Grid` (a `rich.table.Table`) or a
`Titled` grid (`render.titled`).
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

# what rich may read as markup or an emoji code, and characters not known to be one column wide
# (wide, combining, control): left to rich
_MARKUP = re.compile(r"\\|\[[a-z#/@][^[]*?\]|:[^\s:]*:")  # rich.markup's tags, and emoji codes
_ONE_COLUMN = frozenset(map(chr, range(0x20, 0x7F))) | frozenset("·→←–—♠♥♦♣▁▂▃▄▅▆▇█›✓✗×…’")


def _odd(text: str) -> bool:
    """Whether `text` holds a character not known to take one column (a set test: cheaper at
    start-up than compiling a regular expression)."""
    return not _ONE_COLUMN.issuperset(text)


# A style as rich renders it: its attributes and its colour (the few this module knows).
Style = tuple[frozenset[str], str | None]
NULL: Style = (frozenset(), None)
_ATTRS = {"bold": "1", "dim": "2", "italic": "3", "underline": "4"}  # rich's order of codes
_COLOURS = {
    "black": "30",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
    "white": "37",
}
_TAG = re.compile(r"\[(/|[a-z]+(?: [a-z]+)*)\]")
Segment = tuple[str, Style]
Line = list[Segment]


def _style(words: str | None) -> Style | None:
    """A style such as `bold cyan`, or None when it names something this module does not know."""
    attrs: set[str] = set()
    colour = None
    for word in (words or "").split():
        if word in _ATTRS:
            attrs.add(word)
        elif word in _COLOURS:
            colour = word
        else:
            return None
    return frozenset(attrs), colour


def _plus(base: Style, over: Style) -> Style:
    return base[0] | over[0], over[1] or base[1]


def _sgr(style: Style) -> str:
    codes = [code for name, code in _ATTRS.items() if name in style[0]]
    return ";".join(codes + ([_COLOURS[style[1]]] if style[1] else []))


def _markup(markup: str) -> tuple[str, list[tuple[int, int, Style]]] | None:
    """Console markup as rich reads it: the text and its styled spans; None for markup, emoji
    codes or characters this module does not know."""
    pieces: list[str] = []
    spans: list[tuple[int, int, Style]] = []
    stack: list[tuple[int, Style]] = []
    at = length = 0
    for match in _TAG.finditer(markup):
        tag = match.group(1)
        style = None if tag == "/" else _style(tag)
        if tag != "/" and style is None:
            return None
        text = markup[at : match.start()]
        pieces.append(text)
        length += len(text)
        at = match.end()
        if style is None:
            if not stack:
                return None  # rich refuses a closing tag with nothing open
            start, opened = stack.pop()
            spans.append((start, length, opened))
        else:
            stack.append((length, style))
    pieces.append(markup[at:])
    length += len(markup) - at
    while stack:
        start, opened = stack.pop()
        spans.append((start, length, opened))
    plain = "".join(pieces)
    if _MARKUP.search(plain) or _odd(plain):
        return None
    return plain, sorted(reversed(spans), key=lambda span: span[0])


def _segments(plain: str, spans: list[tuple[int, int, Style]], base: Style) -> Line:
    """A line of text cut where its spans start and end, each piece in its style, as rich's
    Text.render cuts it."""
    if not spans:
        return [(plain, base)] if plain else []
    cuts = sorted({0, len(plain), *(a for a, _, _ in spans), *(b for _, b, _ in spans)})
    out: Line = []
    for a, b in itertools.pairwise(cuts):
        if b <= a or a >= len(plain):
            continue
        style = base
        for start, end, span_style in spans:
            if start <= a and b <= end:
                style = _plus(style, span_style)
        out.append((plain[a:b], style))
    return out


def _joined(line: Line, colour: bool) -> str:
    """A line's characters, with rich's escape codes around each styled piece in colour."""
    if not colour:
        return "".join(text for text, _ in line)
    out = []
    for text, style in line:
        codes = _sgr(style)
        out.append(f"\x1b[{codes}m{text}\x1b[0m" if codes and text else text)
    return "".join(out)


class Styled:
    """One line of text with a rich style (`rich.text.Text(text, style)`): no markup read."""

    __slots__ = ("overflow", "runs", "style", "text")

    def __init__(self, text: str, style: str = "", overflow: str | None = None) -> None:
        self.text = text
        self.style = style
        self.overflow = overflow
        self.runs: list[tuple[str, str]] | None = None  # pieces in styles of their own

    @classmethod
    def of_runs(cls, *runs: tuple[str, str]) -> Styled:
        """A line of pieces, each in its own style (rich's `Text().append(text, style)`...)."""
        line = cls("".join(text for text, _ in runs))
        line.runs = list(runs)
        return line

    def line(self) -> Line | None:
        if self.runs is None:
            style = _style(self.style)
            return None if style is None else _segments(self.text, [], style)
        spans = []
        at = 0
        for text, words in self.runs:
            style = _style(words)
            if style is None:
                return None
            if words:
                spans.append((at, at + len(text), style))
            at += len(text)
        return _segments(self.text, spans, NULL)


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
    `lines(width, colour)` draws it as rich would."""

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

    def lines(self, width: int, colour: bool = False) -> list[Line] | None:
        """The table as rich draws it (its styles too, in colour), or None where this module is
        not sure."""
        if not self.columns:
            return None
        if any(len(cells) > len(self.columns) for cells, _ in self.rows):
            return None
        header_style = _style("bold" if self.header_style is None else self.header_style)
        column_styles = [_style(c.style) for c in self.columns]
        if header_style is None or None in column_styles:
            return None
        texts: list[list[tuple[str, list[tuple[int, int, Style]]]]] = []
        for cells, _ in self.rows:
            read = [_markup(c) for c in (*cells, *[""] * (len(self.columns) - len(cells)))]
            if any(r is None for r in read):
                return None
            texts.append([r for r in read if r is not None])
        maybe_heads = [_markup(c.header) for c in self.columns]
        if any(h is None for h in maybe_heads):
            return None
        heads = [h for h in maybe_heads if h is not None]
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
            column = [row[i][0] for row in texts] + ([heads[i][0]] if show_header else [])
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
        rows_of: list[tuple[list[list[Line]], list[Style]]] = []  # each row's cells' lines
        for n, words_row in enumerate(([heads] if show_header else []) + texts):
            header = show_header and n == 0
            bases = [
                header_style if header else style or NULL
                for style in column_styles  # the header's style, or the column's
            ]
            row_cells = []
            for (text, spans), w, (lo, hi), col, base in zip(
                words_row, widths, pads, self.columns, bases, strict=True
            ):
                drawn = _cell(text, spans, w - lo - hi, col, base, colour)
                if drawn is None:
                    return None
                left: Line = [(" " * lo, base)] if lo else []
                right: Line = [(" " * hi, base)] if hi else []
                row_cells.append([left + line + right for line in drawn])
            rows_of.append((row_cells, bases))
        out: list[Line] = []
        box = _BOXES[self.box] if boxed and self.box is not None else None

        def rule(kind: str) -> Line:
            assert box is not None
            left, fill, cross, right = tuple(box[kind])
            body = cross.join(fill * w for w in widths)
            return [(f"{left}{body}{right}" if edge else body, NULL)]

        def row(cells: list[list[Line]], bases: list[Style], kind: str, header: bool) -> None:
            height = max(len(c) for c in cells)
            for n in range(height):
                line: Line = []
                if box is not None and edge:
                    line.append((box[kind][0], NULL))
                for i, (lines_, w, base) in enumerate(zip(cells, widths, bases, strict=True)):
                    if i and box is not None:
                        line.append((box[kind][1], NULL))
                    # a header sits at the bottom of its row, a cell at the top
                    at = n - (height - len(lines_)) if header else n
                    line += lines_[at] if 0 <= at < len(lines_) else [(" " * w, base)]
                if box is not None and edge:
                    line.append((box[kind][2], NULL))
                out.append(line)

        if edge and box is not None:
            out.append(rule("top"))
        body_rows = rows_of
        if show_header:
            row(*rows_of[0], "head", True)
            if box is not None:
                out.append(rule("head_row"))
            body_rows = rows_of[1:]
        for n, ((row_cells, bases), (_, end_section)) in enumerate(
            zip(body_rows, self.rows, strict=True)
        ):
            row(row_cells, bases, "row", False)
            if box is not None and end_section and n < len(body_rows) - 1:
                out.append(rule("section"))
        if edge and box is not None:
            out.append(rule("bottom"))
        return out


def _cell(
    text: str,
    spans: list[tuple[int, int, Style]],
    room: int,
    column: _Column,
    base: Style,
    colour: bool,
) -> list[Line] | None:
    """A cell's lines, `room` wide, as rich draws its text in the column: on one line, justified
    (its spans moved with it), or wrapped and cut (`_cell_lines`: in colour only a text without
    spans)."""
    if room < 1:
        return None  # a column with no room for text: rich's padding has ways of its own
    right = column.justify == "right"
    if len(text) <= room:
        if right:
            stripped = text.rstrip()
            shift = room - len(stripped)
            spans = [
                (a + shift, min(b, len(stripped)) + shift, st)
                for a, b, st in spans
                if a < len(stripped)
            ]
            text = " " * shift + stripped
        else:
            text = text.ljust(room)
        return [_segments(text, spans, base)]
    if spans and colour:
        return None
    wrapped = _cell_lines(text, room, column)
    if wrapped is None:
        return None
    return [[(line, base)] if line else [] for line in wrapped]


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
    read = _markup(markup)
    return None if read is None else read[0]


def plain_width(markup: str) -> int | None:
    """The columns console markup takes when this module can tell, else None."""
    text = _plain(markup)
    return None if text is None else len(text)


def mode(stderr: bool = False) -> str | None:
    """How rich (`console()`) would write to this stream: "plain" (no escape code at all: a pipe,
    a file, NO_COLOR), "colour" (a terminal: the styles as escape codes), or None where this
    module leaves it to rich (Windows, notebooks, a dumb terminal, another encoding)."""
    import builtins

    if hasattr(builtins, "get_ipython"):  # rich draws for notebooks
        return None
    if sys.platform == "win32":  # rich's legacy Windows console: other widths and boxes
        return None
    stream = sys.stderr if stderr else sys.stdout
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower()
    if not encoding.startswith("utf"):
        return None  # rich would draw ASCII boxes
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return None
    env = os.environ
    if env.get("TERM", "").lower() in ("dumb", "unknown"):
        return None  # rich gives a dumb terminal its own size
    if env.get("NO_COLOR"):
        return "plain"  # console(): no colour system at all
    tty_compatible = env.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return "colour" if tty_compatible == "1" else "plain"
    force = env.get("FORCE_COLOR")
    if force is not None:
        return "colour" if force != "" else "plain"
    isatty = getattr(stream, "isatty", None)
    try:
        return "colour" if isatty is not None and isatty() else "plain"
    except ValueError:
        return "plain"


def plain_output(stderr: bool = False) -> bool:
    """Whether rich would write no escape code at all to this stream."""
    return mode(stderr) == "plain"


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


def render(parts: Sequence[Part], at: int, colour: bool = False) -> str | None:
    """The parts as rich prints them at width `at` (in colour: with rich's escape codes for
    their styles, as on a terminal), or None where this module is not sure."""
    lines: list[Line] = []
    for part in parts:
        if isinstance(part, Titled):
            caption = [Styled(part.caption, "dim")] if part.caption else []
            drawn = _lines([Styled(part.title, "bold"), part.grid, *caption], at, colour)
        else:
            drawn = _lines([part], at, colour)
        if drawn is None:
            return None
        lines.extend(drawn)
    return "".join(_joined(line, colour) + "\n" for line in lines)


def _lines(parts: Sequence[str | Styled | Grid], at: int, colour: bool) -> list[Line] | None:
    out: list[Line] = []
    for part in parts:
        if isinstance(part, Grid):
            drawn = part.lines(at, colour)
            if drawn is None:
                return None
            out.extend(drawn)
            continue
        if isinstance(part, Styled):
            line = part.line()
            text = part.text
        else:
            read = _markup(part)
            line = None if read is None else _segments(read[0], read[1], NULL)
            text = "" if read is None else read[0]
        if line is None or _odd(text) or len(text) > at:
            return None
        out.append(line)
    return out


def drawn(*parts: Part, stderr: bool = False) -> str | None:
    """The parts as rich would write them to this stream, or None (left to rich)."""
    how = mode(stderr)
    if how is None:
        return None
    return render(parts, width(), colour=how == "colour")


def to_rich(part: Part) -> RenderableType:
    """The renderable rich prints for a part."""
    if isinstance(part, str):
        return part
    if isinstance(part, Styled):
        from rich.text import Text

        if part.runs is not None:
            text = Text(overflow=part.overflow)  # type: ignore[arg-type]
            for piece, style in part.runs:
                text.append(piece, style or None)
            return text
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
    """Print the parts as rich would (plain, or in colour on a terminal) and say True when this
    module can draw them all; else print nothing and say False (the caller draws them with
    rich)."""
    text = drawn(*parts, stderr=stderr)
    if text is None:
        return False
    stream = sys.stderr if stderr else sys.stdout
    stream.write(text)
    stream.flush()
    return True


def show(*parts: Part, stderr: bool = False) -> None:
    """Print the parts: drawn here where this module can, else with rich, one `Console.print`
    each."""
    if shown(*parts, stderr=stderr):
        return
    out = console(stderr=stderr)
    for part in parts:
        out.print(to_rich(part))
