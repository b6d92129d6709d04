"""A store written by banluck 0.2 just before the renovation of its layers
(tests/fixtures/store-0.2-pre-renovation: nights of both families, side bets, boxes, Bingo, a
tournament, payments, a reversal, an amendment, a rename, two user presets and an open round)
reads, checks, settles and plays on exactly as that banluck printed, character for character, as
JSON and as text at 80 and 45 columns, plain and in colour.

The files under `out/` are what that banluck printed for each command; they are written again
only by hand (`BANLUCK_WRITE_EXPECTED=1`), by the banluck that wrote the store."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "store-0.2-pre-renovation"
OUT = FIXTURE / "out"
WRITE = os.environ.get("BANLUCK_WRITE_EXPECTED") == "1"

# every read command, as JSON where it has JSON
JSON = [
    ("ledger", "--all", "--json"),
    ("ledger", "--json"),
    ("ledger", "--night", "4", "--json"),
    ("settle", "--json"),
    ("settle", "--night", "3", "--json"),
    ("stats", "--json"),
    ("history", "--json"),
    ("chart", "--json"),
    ("chart", "--night", "2", "--json"),
    ("night", "show", "--json"),
    ("export", "--json"),
    ("export", "--csv"),
    *[("export", "--log", "--night", str(n)) for n in range(1, 8)],
    ("rules", "show", "mine", "--json"),
]
# the same and more as text, at each width
TEXT = [
    ("ledger", "--all"),
    ("ledger",),
    ("ledger", "--night", "6"),
    ("settle",),
    ("settle", "--all"),
    ("settle", "--night", "2"),
    ("stats",),
    ("history",),
    ("chart",),
    ("chart", "--night", "4"),
    ("night", "show"),
    ("check",),
    ("rules", "list"),
    ("rules", "show", "mine"),
    ("rules", "show", "short-t"),
    ("rules", "diff", "mine", "kampung"),
    ("rules", "validate"),
]
# the open round played on, a line at a time, then the night closed and paid
PLAY = [
    ("act", "stand", "Ben"),
    ("act", "stand", "Mei"),
    ("act", "hit", "Bob", "4"),
    ("act", "stand", "Bob"),
    ("act", "open", "Ben", "10", "9"),
    ("act", "draw", "4"),
    ("act", "open", "Mei", "10", "8"),
    ("night", "show"),
    ("undo",),
    ("act", "open", "Mei", "10", "8"),
    ("act", "open", "Ben", "10", "5", "4"),
    ("act", "open", "Bob", "10", "2", "4"),
    ("night", "show"),
    ("night", "close"),
    ("pay", "Dina", "Bob", "50"),
    ("pay", "Dina", "Bob", "5000"),
    ("settle",),
    ("ledger",),
    ("history",),
    ("check",),
]
SCREENS = [("80", "plain"), ("45", "plain"), ("80", "colour")]


def _name(args: tuple[str, ...], screen: str = "") -> str:
    return re.sub(r"[^A-Za-z0-9.]+", "-", " ".join(args)).strip("-") + screen


@pytest.fixture
def store(banluck_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the store, named by a relative BANLUCK_HOME so that the paths banluck prints
    (a user preset's file) are the same in every run."""
    shutil.copytree(FIXTURE / "store", banluck_home)
    monkeypatch.chdir(banluck_home.parent)
    monkeypatch.setenv("BANLUCK_HOME", banluck_home.name)
    return banluck_home


def _screen(monkeypatch: pytest.MonkeyPatch, width: str, look: str) -> None:
    for name in (
        "NO_COLOR",
        "FORCE_COLOR",
        "TERM",
        "COLORTERM",
        "TTY_COMPATIBLE",
        "TTY_INTERACTIVE",
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "JUPYTER_COLUMNS",
        "JUPYTER_LINES",
        "LINES",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", width)
    if look == "colour":
        monkeypatch.setenv("FORCE_COLOR", "1")
        monkeypatch.setenv("TERM", "xterm-256color")


def _compare(name: str, printed: str) -> None:
    path = OUT / name
    if WRITE:
        OUT.mkdir(exist_ok=True)
        path.write_text(printed, encoding="utf-8")
    assert printed == path.read_text(encoding="utf-8"), name


def _printed(code: int, out: str, err: str) -> str:
    return f"exit {code}\n--- stdout\n{out}--- stderr\n{err}"


@pytest.mark.parametrize("args", JSON, ids=" ".join)
def test_it_reads_as_json_as_before(cli, store: Path, monkeypatch, args) -> None:  # type: ignore[no-untyped-def]
    _screen(monkeypatch, "80", "plain")
    _compare(_name(args), _printed(*cli(*args)))


@pytest.mark.parametrize(("width", "look"), SCREENS)
@pytest.mark.parametrize("args", TEXT, ids=" ".join)
def test_it_reads_as_text_as_before(cli, store: Path, monkeypatch, args, width, look) -> None:  # type: ignore[no-untyped-def]
    _screen(monkeypatch, width, look)
    _compare(_name(args, f".{width}-{look}"), _printed(*cli(*args)))


@pytest.mark.parametrize(("width", "look"), SCREENS)
def test_its_open_round_plays_on_and_settles_as_before(
    cli, store: Path, monkeypatch, width, look
) -> None:  # type: ignore[no-untyped-def]
    """Each line's answer, the night's close, a payment and its doubt, the settle-up and the
    check, one after the other on the same store."""
    _screen(monkeypatch, width, look)
    printed = "".join(f"$ banluck {' '.join(args)}\n{_printed(*cli(*args))}" for args in PLAY)
    _compare(f"play.{width}-{look}", printed)


def test_the_fixture_is_untouched_by_the_tests(store: Path) -> None:
    """The copy the tests use is the fixture byte for byte (nothing wrote into the fixture)."""
    for path in (FIXTURE / "store").rglob("*"):
        if path.is_file():
            assert (store / path.relative_to(FIXTURE / "store")).read_bytes() == path.read_bytes()


# The dealer's console (`banluck table`, lines on its standard input), as a dealer types a night:
# (commands run first, the console's lines) on the fixture store, or on a new one.
CONSOLE = {
    "console-open-night": (
        "fixture",
        [],
        [
            "help",
            "stand Ben",
            "stand Mei",
            "hit Bob 4",
            "stand Bob",
            "bogus",
            "open Ben 10 9",
            "draw 4",
            "odds",
            "open Mei 10 8",
            "undo",
            "open Mei 10 8",
            "open Ben 10 5 4",
            "open Bob 10 2 4",
            "tonight",
            "settle tonight",
            "pay Dina Bob 5000",
            "pay Dina Bob 6",
            "settle",
            "stake Bob 15",
            "pass",
            "leave Mei",
            "round",
            "dealer 9 9",
            "stand all",
            "stop",
            "quit",
        ],
    ),
    "console-bjingo": (
        "new",
        [],
        [
            "stake 10",
            "stake Dave 20",
            "bingo Bob 4",
            "bingo Carol 6",
            "pp Carol 5",
            "t3 Bob 2",
            "dp Dave 3",
            "help",
            "up 8",
            "deal Bob 10 9",
            "deal Carol 7 7",
            "deal Dave 10 8",
            "stand Bob",
            "split Carol",
            "hit Carol.1 3",
            "double Carol.1 10",
            "hit Carol.2 10",
            "stand Carol.2",
            "stand Dave",
            "hole 10",
            "undo",
            "hole 10",
            "cashout Bob",
            "leave Carol",
            "pp Carol 0",
            "cashout Carol",
            "leave Carol",
            "up A",
            "deal Bob 10 A",
            "deal Dave 9 2",
            "even Bob",
            "insure Dave",
            "double Dave 9",
            "hole 9",
            "draw 8",
            "pass",
            "settle",
            "quit",
        ],
    ),
    "console-side-bets": (
        "new",
        [],
        [
            "stake 10",
            "pp Bob 5",
            "t3 Bob 5",
            "t3 Carol 5",
            "dp Carol 5",
            "help",
            "up 9h",
            "deal Bob Qh Qh",
            "deal Carol 7h 8h",
            "stand Bob",
            "stand Carol",
            "hole 9h",
            "up 7c",
            "deal Bob Qh Qd",
            "deal Carol 7h 7d",
            "stand Bob",
            "stand Carol",
            "hole 9d",
            "draw 10s",
            "pp Bob 0",
            "leave Carol",
            "dp Carol 0",
            "t3 Carol 0",
            "leave Carol",
            "settle",
            "quit",
        ],
    ),
    "console-boxes": (
        "new",
        [
            ("rules", "new", "two-box", "--from", "box-21"),
            ("rules", "set", "two-box", "boxes.per_seat", "2"),
        ],
        [
            "stake 10",
            "stake Ann 20",
            "behind Ben Ann 10 follow",
            "behind Cid Ann 6 stay",
            "box Eve 2",
            "stake Eve:2 20",
            "help",
            "up 6",
            "deal Ann 6 5",
            "deal Eve 10 8",
            "deal Eve:2 9 9",
            "double Ann 10",
            "stand Eve",
            "split Eve:2",
            "hit Eve:2.1 2",
            "double Eve:2.1 9",
            "hit Eve:2.2 K",
            "stand Eve:2.2",
            "draw 10",
            "draw 9",
            "leave Ben",
            "behind Ben 0",
            "leave Ben",
            "box Eve 1",
            "up 9",
            "deal Ann 8 8",
            "deal Cid 10 7",
            "deal Eve 10 7",
            "split Ann",
            "hit Ann.1 10",
            "stand Ann.1",
            "hit Ann.2 2",
            "double Ann.2 10",
            "stand Cid",
            "stand Eve",
            "draw 10",
            "settle",
            "quit",
        ],
    ),
    "console-tournament": (
        "new",
        [
            ("rules", "new", "short-t", "--from", "tournament"),
            ("rules", "set", "short-t", "tournament.hands", "6"),
            ("rules", "set", "short-t", "tournament.cutoffs", "2,4"),
            (
                "tournament",
                "start",
                "short-t",
                "Ann",
                "Ben",
                "Cid",
                "--buy-in",
                "20",
                "--chips",
                "100",
                "--date",
                "2026-11-25",
            ),
        ],
        [
            "help",
            "bet Ann 20",
            "bet Ben 20",
            "bet Cid 10",
            "up 7",
            "deal Ann 10 9",
            "deal Ben 10 8",
            "deal Cid 10 6",
            "stand Ann",
            "stand Ben",
            "stand Cid",
            "hole 10",
            "bet Ben 20",
            "bet Cid 10",
            "secret Ann 50",
            "up 9",
            "deal Ben 10 10",
            "deal Cid 10 8",
            "deal Ann A 5",
            "stand Ben",
            "stand Cid",
            "double Ann 4",
            "hole 9",
            "undo",
            "hole 9",
            "bet Ann 20",
            "bet Ben 20",
            "up 6",
            "deal Ann 10 10",
            "deal Ben 10 2",
            "stand Ann",
            "hit Ben 10",
            "hole 10",
            "draw 10",
            "bet Ben 30",
            "bet Ann 10",
            "up 10",
            "deal Ben 9 7",
            "deal Ann 10 9",
            "peek",
            "stand Ann",
            "hit Ben 8",
            "hole 8",
            "bet Cid 5",
            "quit",
        ],
    ),
}


@pytest.mark.parametrize(("width", "look"), [("80", "plain"), ("45", "plain")])
@pytest.mark.parametrize("name", list(CONSOLE))
def test_the_console_plays_as_before(  # type: ignore[no-untyped-def]
    cli, store: Path, monkeypatch, name: str, width: str, look: str
) -> None:
    """The console answers each line, draws its panel and its help, and settles as it did."""
    import subprocess
    import sys

    where, commands, lines = CONSOLE[name]
    _screen(monkeypatch, width, look)
    if where == "new":
        shutil.rmtree(store)
    printed = "".join(f"$ banluck {' '.join(args)}\n{_printed(*cli(*args))}" for args in commands)
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    args = (
        ["table"]
        if where == "fixture" or commands
        else ["table", "bjingo", "Mei", "Bob", "Carol", "Dave"]
    )
    if name == "console-boxes":
        args = ["table", "two-box", "Dee", "Ann", "Ben", "Cid", "Eve"]
    if name == "console-side-bets":
        args = ["table", "blackjack-pro", "Mei", "Bob", "Carol"]
    done = subprocess.run(
        [sys.executable, "-m", "banluck", *args],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        env=env,
        cwd=store.parent,
        timeout=120,
    )
    printed += f"$ banluck {' '.join(args)}\n" + _printed(done.returncode, done.stdout, done.stderr)
    _compare(f"{name}.{width}-{look}", printed)
