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
