"""banluck.cli.plain draws what rich draws: the same characters wherever it draws at all."""

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from banluck.cli import plain
from banluck.cli.plain import Grid, Styled, Titled
from banluck.cli.render import console

WORDS = st.sampled_from(
    [
        "Bob",
        "Mei",
        "+330",
        "-20",
        "",
        "night 1",
        "a b",
        "·",
        "→",
        "x" * 30,
        "[green]+5[/]",
        "[dim]undone[/]",
        "[red]-5[/]",
        "♠",
        "▁█",
        "2027-02-06",
        "a:b",
        "[x]",
        "名",
        "[bold]Eve[/]",
        "[green]+330[/] and [red]-5[/]",
        "[bold cyan]Bob[/]",
        " [dim]x[/] ",
        "what a player standing under his minimum pays",
        "one of lose | pay-all |  pay-for-dealer",
        " leading and trailing  ",
        "list of 1 to 100 ([] none)",
        "[3] [ x]",
        "[x",
        "\\[dim]",
        "a-very-long-word-that-will-not-fit-in-a-narrow-column",
        "late-not-vs-ace",
        "with bust.shown_at_once: a bust entered late (opened) costs what it cost",
        "x  y" * 6,
        "by-count | ten-or-one | one-ten-eleven | one-or-eleven",
    ]
)


def _console(buf: io.StringIO, width: int, colour: bool) -> Console:
    """rich's console as banluck's: to a pipe (no escape code), or to a colour terminal."""
    if colour:
        return Console(
            file=buf, width=width, highlight=False, force_terminal=True, color_system="truecolor"
        )
    return Console(file=buf, width=width, highlight=False, color_system=None, force_terminal=False)


def _rich(parts: list[plain.Part], width: int, colour: bool = False) -> str:
    buf = io.StringIO()
    out = _console(buf, width, colour)
    for part in parts:
        out.print(plain.to_rich(part))
    return buf.getvalue()


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    kind = draw(st.sampled_from(["heavy_head", "simple_head", None, "grid"]))
    grid = Grid(
        box=None if kind in (None, "grid") else kind,
        show_header=draw(st.booleans()),
        show_edge=draw(st.booleans()),
        pad_edge=draw(st.booleans()),
        header_style=draw(st.sampled_from([None, "bold underline", "dim"])),
        padding=(0, 1, 0, 0) if kind == "grid" else None,
        grid=kind == "grid",
    )
    for _ in range(draw(st.integers(1, 5))):
        grid.add_column(
            draw(WORDS),
            justify=draw(st.sampled_from(["left", "right"])),
            no_wrap=draw(st.booleans()),
            overflow=draw(st.sampled_from([None, "fold"])),
            style=draw(st.sampled_from([None, "yellow", "bold"])),
        )
    for _ in range(draw(st.integers(0, 4))):
        cells = [draw(WORDS) for _ in grid.columns]
        grid.add_row(*cells, end_section=draw(st.booleans()))
    return grid


@settings(max_examples=400, deadline=None)
@given(grids(), st.integers(10, 120), st.sampled_from([None, "a caption", "[dim]x[/]"]))
def test_a_grid_is_drawn_as_rich_draws_it(grid: Grid, width: int, caption: str | None) -> None:
    for parts in ([grid], [Titled("Title · x", grid, caption)], ["plain [dim]line[/]", grid]):
        for colour in (False, True):
            text = plain.render(parts, width, colour)
            if text is not None:
                assert text == _rich(parts, width, colour)


def test_lines_and_styles() -> None:
    parts: list[plain.Part] = [
        Styled("tonight", "bold"),
        "[dim]a line[/]",
        Styled("x [y]", "dim"),
        Styled.of_runs(("night 2", "bold"), (" · dealer ", ""), ("Bob", "bold cyan")),
    ]
    assert plain.render(parts, 80) == _rich(parts, 80)
    assert plain.render(parts, 80) == "tonight\na line\nx [y]\nnight 2 · dealer Bob\n"
    assert plain.render(parts, 80, colour=True) == _rich(parts, 80, colour=True)
    assert "\x1b[1;36mBob\x1b[0m" in (plain.render(parts, 80, colour=True) or "")
    assert plain.render(["x" * 81], 80) is None  # rich folds it
    assert plain.render(["[on red]x[/]"], 80) is None  # markup not known here
    assert plain.render(["名"], 80) is None  # two columns wide


def test_the_characters_taken_as_one_column_are() -> None:
    for ch in plain._ONE_COLUMN:
        assert cell_len(ch) == 1, ch


def test_a_cell_too_long_for_the_width_is_cut_as_rich_cuts_it() -> None:
    grid = Grid()
    grid.add_column("a")
    grid.add_row("x" * 100)
    text = plain.render([grid], 80)
    assert text == _rich([grid], 80) and "x…" in text


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"COLUMNS": "57"},
        {"COLUMNS": "x"},
        {"FORCE_COLOR": "1"},
        {"FORCE_COLOR": ""},
        {"NO_COLOR": "1", "FORCE_COLOR": "1"},
        {"TTY_COMPATIBLE": "1"},
        {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
        {"TERM": "dumb", "FORCE_COLOR": "1"},
    ],
)
def test_width_and_colour_are_what_the_rich_console_takes(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("COLUMNS", "FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    out = console()
    assert plain.width() == out.width
    if plain.mode() == "plain":  # plain text only where rich writes no escape code
        assert out.color_system is None
    if plain.mode() == "colour":
        assert out.color_system is not None and out.is_terminal


SCREENS = [
    [],
    ["dealer 10 6"],
    ["dealer 10 6", "hit Mei 5"],
    ["dealer 10 6", "stand Mei", "stand Carol", "stand Dave", "open Mei 10 7", "open Dave 9 8"],
    [
        "dealer 10 6",
        "stand Mei",
        "stand Carol",
        "stand Dave",
        "open Mei 10 7",
        "open Dave 9 8",
        "open Carol 10 8",
    ],
    ["dealer A K"],
]


@pytest.mark.parametrize("lines", SCREENS)
def test_the_night_screen_is_drawn_as_rich_draws_it(lines: list[str]) -> None:
    from banluck.app.nights import start_night
    from banluck.app.session import Session
    from banluck.cli.common import open_store
    from banluck.cli.render import table_screen, table_screen_parts

    start_night(open_store(), "chinese", ["Bob", "Mei", "Carol", "Dave"], 10, None)
    for line in lines:
        session = Session.open(open_store())
        session.act(line)
    session = Session.open(open_store())
    drawn = 0
    for width in (40, 45, 59, 60, 80, 120):
        args = (session.night, session.results(), width, session.record["id"])
        for colour in (False, True):
            text = plain.render(table_screen_parts(*args), width, colour)
            if text is not None:
                buf = io.StringIO()
                _console(buf, width, colour).print(table_screen(*args))
                assert text == buf.getvalue()
                drawn += 1
    assert drawn  # the plain screen is drawn at some width


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["Bob", "Mei", "Carol", "Dave", "Ng"]),
        st.lists(st.integers(-500, 500), min_size=1, max_size=300),
        min_size=1,
    ),
    st.integers(20, 160),
)
def test_the_chart_is_drawn_as_rich_draws_it(series: dict[str, list[int]], width: int) -> None:
    """`banluck chart`'s bars are drawn without rich, as rich draws them, wherever the title and
    the caption fit the width (narrower, rich wraps them)."""
    from banluck.cli.render import sparkline_chart

    chart = sparkline_chart(series, title="Running results, night 1", width=width)
    for colour in (False, True):
        text = plain.render([chart], width, colour)
        if width >= 60:  # names, bars and amounts are all one column wide
            assert text is not None
        if text is not None:
            assert text == _rich([chart], width, colour)
