"""The read commands as a phone and a laptop show them: every read command at 45 and 80 columns,
on a ban-luck night (the demo's) and on a casino night (tests/cli/casino-night.log), kept in
docs/screens/read/ and compared here (`BANLUCK_REGEN_SCREENS=1` rewrites them), with the
dealer's console panels of both families (docs/screens/table-*.txt, boxes-*.txt).

Every screen is checked against the terminal: no line is wider than its columns, and no line
breaks inside a word: every word of a screen is a whole word of the same screen drawn at 200
columns. The one cut allowed is rich's explicit ellipsis (a word ending in `…` that begins a
word of the wide screen); box-drawing lines and the chart's bars are no words."""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import shutil
import tempfile
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.cli.test_table_screen import SCREENS, check_file

READ = SCREENS / "read"
LOG = Path(__file__).with_name("casino-night.log")
DEMO_LOG = Path(__file__).resolve().parents[2] / "banluck" / "data" / "demo-night.log"
WIDTHS = (45, 80)
WIDE = 200

# (family, screen name, the command's words); `night show` is drawn on a copy of the store with a
# round being played.
COMMANDS: list[tuple[str, str, tuple[str, ...]]] = []
for _family, _round, _mine, _other in (
    ("ban-luck", "3", "chinese", "kampung"),
    ("casino", "1", "blackjack-pro", "mini-blackjack"),
):
    COMMANDS += [
        (_family, "ledger", ("ledger",)),
        (_family, "ledger-all", ("ledger", "--all")),
        (_family, f"ledger-round-{_round}", ("ledger", "--round", _round)),
        (_family, "night-show", ("night", "show")),
        (_family, "history", ("history",)),
        (_family, "stats", ("stats",)),
        (_family, "settle", ("settle",)),
        (_family, "chart", ("chart",)),
        (_family, "replay", ("replay", "night.log")),
        (_family, "rules-show", ("rules", "show", "mine")),
        (_family, "rules-diff", ("rules", "diff", _mine, _other)),
        (_family, "where", ("where",)),
    ]
COMMANDS += [
    ("ban-luck", "rules-list", ("rules", "list")),
    ("ban-luck", "odds", ("odds", "-d", "10 6", "-s", "K 5 9", "-c", "3", "-c", "Bob=2")),
    ("ban-luck", "edge", ("edge", "chinese", "kampung")),
    ("ban-luck", "hand", ("hand", "A", "6", "4", "--rules", "kampung")),
    ("ban-luck", "judge", ("judge", "--dealer", "10 6", "--player", "10 5 9", "--stake", "10")),
    ("casino", "edge", ("edge", "mini-blackjack")),
    ("casino", "hand", ("hand", "A", "6", "--rules", "blackjack-pro")),
    ("casino", "strategy", ("strategy", "mini-blackjack")),
]
SOLVED = {("casino", "edge"), ("casino", "strategy")}  # the casino's exact solver: seconds
OPEN_ROUND = {
    "ban-luck": [
        ("night", "start", "chinese", "Mei", "Bob", "Carol"),
        ("act", "dealer", "10", "6"),
        ("act", "hit", "Bob", "5"),
    ],
    "casino": [
        ("night", "start", "blackjack-pro", "Mei", "Bob", "Carol"),
        ("act", "up", "9"),
        ("act", "deal", "Bob", "10", "7"),
    ],
}

_BUILT: dict[tuple[str, bool], Path] = {}


@contextlib.contextmanager
def _in(folder: Path, width: int) -> Iterator[None]:
    """In `folder`, its store named `home` (a relative BANLUCK_HOME: what banluck prints of its
    paths is the same in every run), at `width` columns, no colour."""
    names = ("COLUMNS", "NO_COLOR", "FORCE_COLOR", "BANLUCK_HOME", "VISUAL", "EDITOR")
    saved = {k: os.environ.get(k) for k in names}
    before = Path.cwd()
    for name in names:
        os.environ.pop(name, None)
    os.environ.update(COLUMNS=str(width), NO_COLOR="1", BANLUCK_HOME="home")
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _run(args: tuple[str, ...]) -> str:
    from banluck.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()) as err:
        code = main(list(args))
    assert code == 0, (args, err.getvalue())
    return out.getvalue()


def _store(family: str, open_round: bool) -> Path:
    """The folder of the family's store (built once a test process), or of its copy with a
    round being played."""
    key = (family, open_round)
    if key in _BUILT:
        return _BUILT[key]
    folder = Path(tempfile.mkdtemp(prefix=f"banluck-screens-{family}-"))
    atexit.register(shutil.rmtree, folder, True)  # built once a process, gone with it
    if open_round:
        shutil.copytree(_store(family, False), folder, dirs_exist_ok=True)
        with _in(folder, 80):
            for args in OPEN_ROUND[family]:
                _run(args)
    else:
        with _in(folder, 80):
            if family == "ban-luck":
                shutil.copyfile(DEMO_LOG, "night.log")
                preset = "chinese"
            else:
                shutil.copyfile(LOG, "night.log")
                preset = "blackjack-pro"
            _run(("replay", "--save", "--date", "2027-02-06", "night.log"))
            _run(("rules", "new", "mine", "--from", preset))
    _BUILT[key] = folder
    return folder


def shown(family: str, args: tuple[str, ...], width: int) -> str:
    """What `banluck ARGS` prints on the family's store at `width` columns, line ends trimmed."""
    with _in(_store(family, args[:2] == ("night", "show")), width):
        text = _run(args)
    return "".join(line.rstrip() + "\n" for line in text.splitlines())


def _is_word(token: str) -> bool:
    """A token that is text: not a box-drawing rule or a row of the chart's bars."""
    return not all(unicodedata.name(c, "").startswith(("BOX DRAWINGS", "LOWER", "FULL BLOCK",
                                                       "UPPER")) for c in token)  # fmt: skip


def breaks(narrow: str, wide: str, width: int) -> list[str]:
    """Each line of `narrow` wider than `width`, and each word of it that is no whole word of
    `wide` (the same screen at 200 columns), but for an explicit ellipsis cut."""
    found = [f"too wide: {line!r}" for line in narrow.splitlines() if cell_len(line) > width]
    words = set(wide.split())
    for token in narrow.split():
        if token in words or not _is_word(token):
            continue
        if token.endswith("…") and any(w.startswith(token[:-1]) for w in words):
            continue
        found.append(f"broken word: {token!r}")
    return found


def reference(family: str, args: tuple[str, ...], width: int) -> str:
    """The screen its words are checked against: drawn at 200 columns and, for a width below
    60 (where a table takes its narrow form, a block a row, `render.NARROW`), at 59 as well: the
    narrow form's own words, at its widest."""
    from banluck.cli.render import NARROW

    wide = shown(family, args, WIDE)
    return wide if width >= NARROW else wide + shown(family, args, NARROW - 1)


def _name(family: str, name: str, width: int) -> Path:
    return READ / f"{family}-{name}-{width}.txt"


def _marks(family: str, name: str) -> list[pytest.MarkDecorator]:
    if (family, name) in SOLVED:
        return [pytest.mark.slow, pytest.mark.xdist_group("casino-solver")]
    return []


CASES = [pytest.param(f, n, a, id=f"{f}-{n}", marks=_marks(f, n)) for f, n, a in COMMANDS]


@pytest.mark.parametrize(("family", "name", "args"), CASES)
def test_saved_read_screens_are_what_banluck_prints(
    family: str, name: str, args: tuple[str, ...]
) -> None:
    """docs/screens/read/FAMILY-NAME-WIDTH.txt is what the command prints, at 45 and 80 columns,
    and neither breaks a line inside a word or past the terminal's edge."""
    if (family, name) in SOLVED:
        pytest.importorskip("numpy")  # the solver's fast path; without it the sums take minutes
    for width in WIDTHS:
        text = shown(family, args, width)
        assert breaks(text, reference(family, args, width), width) == [], (name, width, text)
        check_file(_name(family, name, width), text)


def test_every_read_screen_is_kept_and_none_other() -> None:
    """The folder holds the screens of COMMANDS, both widths, and no leftover."""
    kept = {p.name for p in READ.glob("*.txt")}
    assert kept == {_name(f, n, w).name for f, n, _ in COMMANDS for w in WIDTHS}


def test_the_console_panels_break_no_word() -> None:
    """The dealer's console of both families (docs/screens/table-*.txt: ban-luck; boxes-*.txt:
    the casino's shared boxes), each against itself at 200 columns."""
    from tests.cli.test_table_screen import screen
    from tests.games.casino.test_casino_boxes_console import ROUND, SHARED, STANDING, screens

    for width in WIDTHS:
        assert breaks(screen(width), screen(WIDE), width) == [], width
        lines = [*STANDING, *ROUND]
        assert breaks(screens(SHARED, lines, width), screens(SHARED, lines, WIDE), width) == []


def test_a_broken_word_is_found() -> None:
    """The check itself: a word cut at the edge is found, an ellipsis cut is allowed, a rule of
    box drawing or bars is no word."""
    wide = "minimum.player_under pay-all ───── ▁▂▃\n"
    assert breaks("minimum.player_\nunder pay-all\n", wide, 45) == [
        "broken word: 'minimum.player_'",
        "broken word: 'under'",
    ]
    assert breaks("minimum.pl… pay-all ── ▁▁\n", wide, 45) == []
    assert breaks("x" * 46 + "\n", "x" * 46, 45) == [f"too wide: {'x' * 46!r}"]
