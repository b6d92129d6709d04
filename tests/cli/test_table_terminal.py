"""`banluck table` in a real terminal: a pseudo-terminal driven by pexpect, as a dealer types.

Each test starts `python -m banluck table` in a pty of a given size (TERM=xterm, NO_COLOR=1
unless the test is about colour), types lines, and reads what the screen shows between one
prompt and the next.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path
from unittest import mock

import pytest

from tests.helpers import close_exited

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[2]
PROMPT = "\r\n> "
SGR = re.compile(r"\x1b\[[0-9;]*m")  # a colour or style escape (bold, dim, red, ...)
UP = "\x1b[A"
KILL_LINE = "\x15"  # Ctrl-U: readline clears the line typed so far


def environment(home: Path, no_color: bool = True) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update(BANLUCK_HOME=str(home), TERM="xterm", PYTHONUNBUFFERED="1")
    if no_color:
        env["NO_COLOR"] = "1"
    return env


def _default_sigint() -> None:
    """In the console's process, before it starts: Ctrl-C is SIGINT's default, as in a dealer's
    terminal, whatever the test run inherited (a run started in the background of a script
    ignores SIGINT, and Python then never turns Ctrl-C into KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Table:
    """One `banluck table` process in a pty."""

    def __init__(self, home: Path, *args: str, size: tuple[int, int] = (24, 80), **env: bool):
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "banluck", "table", *args],
            cwd=str(ROOT),
            env=environment(home, **env),
            dimensions=size,
            encoding="utf-8",
            timeout=60,  # seconds per expect: a bound for a hung console, not a pace
            preexec_fn=_default_sigint,
        )
        # No pause before each key: readline puts the terminal in raw mode before it draws the
        # prompt, so a line sent once the prompt is seen is read, not echoed by the terminal.
        self.child.delaybeforesend = None
        self.child.expect(PROMPT)
        self.screen: str = self.child.before  # what was shown before the first prompt
        self.seen = self.child.before + self.child.after

    def type(self, line: str) -> str:
        """Type a line and Enter; return what the screen shows for it (without the echo)."""
        self.child.send(line + "\r")
        self.child.expect(PROMPT)
        self.seen += self.child.before + self.child.after
        echo, _, shown = self.child.before.partition("\r\n")
        assert echo.endswith(line), f"the terminal echoed {echo!r} for {line!r}"
        self.screen = shown
        return shown

    def quit(self) -> int:
        self.child.send("q\r")
        self.child.expect(pexpect.EOF)
        close_exited(self.child)
        return int(self.child.exitstatus)


def waiting_for_a_key(pid: int) -> None:
    """Return once process `pid` sleeps in select/poll (readline waiting for a key), as the
    kernel says in /proc; no fixed delay, so a busy machine only makes it wait longer."""
    wchan = Path(f"/proc/{pid}/wchan")
    if not wchan.exists():
        pytest.skip("no /proc/PID/wchan here: cannot tell when readline waits for a key")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        where = wchan.read_text()
        if state == "S" and ("poll" in where or "select" in where):
            return
        if where == "0" and state == "S":
            pytest.skip("the kernel hides /proc/PID/wchan: cannot tell what readline waits for")
        time.sleep(0.001)
    raise AssertionError(f"process {pid} never waited for a key")


def night_show(home: Path) -> dict[str, object]:
    """`banluck night show --json` on the store in `home`, run in-process: what the console
    stored, read back as the command reads it."""
    from banluck.cli.main import main

    out = io.StringIO()
    with mock.patch.dict(os.environ, {"BANLUCK_HOME": str(home)}), redirect_stdout(out):
        code = main(["night", "show", "--json"])
    assert code == 0, out.getvalue()
    return dict(json.loads(out.getvalue()))


def test_a_whole_round_typed_in_the_terminal(tmp_path: Path) -> None:
    """The brief's round at 80 columns: each action's panel shows its effect (the dealer's 16
    and who is to play, `may open` once all stood, each settled amount), the round's transfers
    come out at the end, and the store's balances agree."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", "Dave", "--stake", "10")
    assert "between rounds" in t.screen
    shown = t.type("dealer 10 6")
    assert "dealer 10 6 = 16" in shown
    assert re.search(r"Bob x10\s+2\s+to play", shown)
    assert "to play: Bob, Carol, Dave" in shown
    shown = t.type("h Bob")
    assert re.search(r"Bob x10\s+3\s+to play", shown)
    shown = t.type("s all")
    assert "dealer at 16: may open (Bob, Carol, Dave)" in shown
    assert "to play" not in shown
    shown = t.type("o Bob 10 5 9")
    assert re.search(r"Bob x10\s+10 5 9\s+settled\s+-10", shown)
    shown = t.type("d 3")
    assert "dealer 10 6 3 = 19" in shown
    shown = t.type("o Carol 9 8")
    assert re.search(r"Carol x10\s+9 8\s+settled\s+-10", shown)
    shown = t.type("o Dave 10 7")
    assert "Round 1 · dealer Mei" in shown
    assert "dealer's 19 beats 17" in shown
    assert re.search(r"Mei\s+\+30\s+Bob\s+-10\s+Carol\s+-10\s+Dave\s+-10", shown)
    assert "round 2 · dealer Mei (1/3)" in shown
    assert t.quit() == 0
    stored = night_show(tmp_path)
    assert stored["balances"] == {"Mei": 30, "Bob": -10, "Carol": -10, "Dave": -10}
    assert stored["live"] == []


def test_a_wrong_word_or_name_gets_the_line_it_meant_and_stores_nothing(tmp_path: Path) -> None:
    """A misspelled word or name is refused with `did you mean` and the corrected line; the
    stored round is unchanged, and the corrected line then works."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", "Dave")
    t.type("dealer 10 6")
    assert "did you mean `hit Bob`?" in t.type("hti Bob")
    assert "did you mean `hit Bob`?" in t.type("hit Bbo")
    assert "did you mean `stand Bob Carol`?" in t.type("stand Bob Crol")
    assert "did you mean `settle`?" in t.type("setle")
    assert night_show(tmp_path)["live"] == ["dealer 10 6"]
    assert re.search(r"Bob x10\s+3\s+to play", t.type("hit Bob"))
    assert t.quit() == 0


def test_killed_mid_round_reopens_as_it_was(tmp_path: Path) -> None:
    """SIGKILL in the middle of a round loses nothing: `banluck table` reopens on the same panel,
    the stored live lines are what was typed (in their stored spelling), the history survives,
    and the round can be finished."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", "Dave", "--stake", "10")
    for line in ("dealer 10 6", "h Bob", "s all", "o Bob 10 5 9"):
        t.type(line)
    before = t.screen
    t.child.kill(signal.SIGKILL)
    t.child.expect(pexpect.EOF)
    close_exited(t.child)
    assert t.child.signalstatus == signal.SIGKILL
    assert night_show(tmp_path)["live"] == [
        "dealer 10 6",
        "hit Bob",
        "stand Bob Carol Dave",
        "open Bob 10 5 9",
    ]
    again = Table(tmp_path)
    assert again.screen == before
    assert "may open (Carol, Dave)" in again.screen
    again.child.send(UP)
    again.child.expect_exact("o Bob 10 5 9")  # the line typed just before the kill
    again.child.send(KILL_LINE)
    again.type("d 3")
    again.type("o Carol 9 8")
    shown = again.type("o Dave 10 7")
    assert re.search(r"Mei\s+\+30\s+Bob\s+-10\s+Carol\s+-10\s+Dave\s+-10", shown)
    assert again.quit() == 0


def test_tab_completes_words_and_names_and_up_recalls_a_line(tmp_path: Path) -> None:
    """Tab completes a word among those that apply now (`st` is `stand` while players play,
    `stop` on the dealer's turn) and a player's name; the up arrow recalls the previous line,
    and Enter runs it again."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", "Dave")
    t.type("dealer 10 6")
    t.child.send("st\t")
    t.child.expect_exact("stand ")
    t.child.send("Ca\t")
    t.child.expect_exact("Carol ")
    shown = t.type("")
    assert re.search(r"Carol x10\s+2\s+closed", shown)
    assert night_show(tmp_path)["live"] == ["dealer 10 6", "stand Carol"]
    t.type("hit Bob")
    t.child.send(UP)
    t.child.expect_exact("hit Bob")
    shown = t.type("")
    assert re.search(r"Bob x10\s+4\s+to play", shown)
    t.type("stand all")
    t.child.send("st\t")
    t.child.expect_exact("stop ")
    t.child.send(KILL_LINE)
    t.child.send("o D\t")
    t.child.expect_exact("Dave ")
    shown = t.type("10 7")
    assert re.search(r"Dave x10\s+10 7\s+settled\s+\+10", shown)  # 17 beats 16
    assert t.quit() == 0


def test_no_color_means_no_escape_codes_in_the_terminal(tmp_path: Path) -> None:
    """NO_COLOR=1: not one escape code, colour or style, in a whole session (panels, an error,
    the help, the advisor, a round's transfers); without it the same session is styled."""
    lines = ("dealer 10 6", "hti Bob", "s all", "odds", "help", "o Bob 9 8", "o Carol 9 9")
    for no_color in (True, False):
        home = tmp_path / str(no_color)
        t = Table(home, "chinese", "Mei", "Bob", "Carol", no_color=no_color)
        for line in lines:
            t.type(line)
        assert "Round 1 · dealer Mei" in SGR.sub("", t.seen)
        assert t.quit() == 0
        if no_color:
            assert "\x1b" not in t.seen
        else:
            assert SGR.search(t.seen)


def test_narrow_terminal_keeps_every_line_within_45_columns(tmp_path: Path) -> None:
    """At 45 columns the panel drops the header but keeps each stake, and nothing the console shows
    (panels, hints, the round's transfers, the help) is wider than the terminal."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", "Dave", size=(40, 45))
    for line in ("dealer 10 6", "h Bob", "s all", "o Bob 10 5 9", "help", "help stop"):
        t.type(line)
    assert re.search(r"Bob x10\s+10 5 9\s+settled\s+-10", t.seen)
    t.type("d 3")
    t.type("o Carol 9 8")
    t.type("o Dave 10 7")
    assert "Round 1 · dealer Mei" in t.seen
    from rich.cells import cell_len

    wide = [line for line in t.seen.split("\r\n") if cell_len(line) > 45]
    assert wide == []
    assert t.quit() == 0


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "show", "chinese"],
        ["rules", "diff", "chinese", "kampung"],
        ["odds", "-d", "10 6", "-c", "3", "-c", "2"],
        ["replay", "banluck/data/demo-night.log"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_no_color_holds_for_the_other_styled_commands(tmp_path: Path, args: list[str]) -> None:
    """The commands that print rich tables write no escape code in a terminal under NO_COLOR=1
    (and do style their output without it, so the check can fail)."""
    for no_color in (True, False):
        child = pexpect.spawn(
            sys.executable,
            ["-m", "banluck", *args],
            cwd=str(ROOT),
            env=environment(tmp_path, no_color=no_color),
            dimensions=(40, 100),
            encoding="utf-8",
            timeout=60,  # seconds per expect: a bound for a hung console, not a pace
        )
        child.expect(pexpect.EOF)
        close_exited(child)
        assert child.exitstatus == 0, child.before
        if no_color:
            assert "\x1b" not in child.before
        else:
            assert SGR.search(child.before)


def test_shell_completion_offers_presets_and_people(tmp_path: Path) -> None:
    """`banluck --install-completion` installs typer's completion; behind it, `banluck table`
    completes a preset name and the people who have sat before (not those already named)."""

    def complete(words: str) -> list[str]:
        env = environment(tmp_path)
        env.update(_BANLUCK_COMPLETE="complete_bash", COMP_WORDS=words)
        env["COMP_CWORD"] = str(len(words.split()) - (0 if words.endswith(" ") else 1))
        done = subprocess.run(
            [sys.executable, "-m", "banluck"], cwd=ROOT, env=env, capture_output=True, text=True
        )
        return done.stdout.split()

    assert complete("banluck ta") == ["table"]
    assert complete("banluck table ch") == ["chinese"]
    subprocess.run(
        [sys.executable, "-m", "banluck", "night", "start", "chinese", "Mei", "Bob", "Carol"],
        cwd=ROOT,
        env=environment(tmp_path),
        check=True,
        capture_output=True,
    )
    assert complete("banluck table chinese Mei C") == ["Carol"]
    assert complete("banluck table chinese Mei ") == ["Bob", "Carol"]


def test_ctrl_c_drops_the_line_being_typed_and_ctrl_d_leaves(tmp_path: Path) -> None:
    """Ctrl-C at the prompt drops the half-typed line (nothing stored, the console stays);
    Ctrl-D leaves with exit code 0."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol")
    t.type("dealer 10 6")
    t.child.send("hit Bo")
    t.child.expect_exact("hit Bo")
    # Python sees a SIGINT in readline only while waiting for a key: one that lands while a
    # key is still being handled waits for the next key. A dealer's Ctrl-C comes later than
    # that: the test waits until the console is blocked waiting for the next key.
    waiting_for_a_key(t.child.pid)
    t.child.sendintr()
    t.child.expect(PROMPT)
    assert re.search(r"Bob x10\s+3\s+to play", t.type("hit Bob"))
    assert night_show(tmp_path)["live"] == ["dealer 10 6", "hit Bob"]
    t.child.sendeof()
    t.child.expect(pexpect.EOF)
    close_exited(t.child)
    assert t.child.exitstatus == 0


@pytest.mark.parametrize("size", [(24, 80), (40, 45)])
def test_a_shown_bust_ends_the_turn_and_a_slip_says_what_to_type(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Under chinese (busts not paid at once) a shown bust holds up nobody and takes no hit;
    five cards shown for four held are the hit and the show; wrong cards at `open` give the way
    out; a ban-luck's push leaves the dealer's void open."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", "Dave", "--stake", "10", size=size)
    t.type("dealer 10 6")
    t.type("hit Dave")
    shown = t.type("show Dave 10 6 K")
    flat = " ".join(shown.split())
    assert "to play: Bob, Carol (hit or stand)" in flat
    shown = " ".join(t.type("hit Dave").split())
    assert "cannot hit Dave: Dave showed a bust (10 6 K), the turn is over" in shown
    for _ in range(3):
        t.type("hit Carol")
    shown = " ".join(t.type("show Carol 2 3 4 5 A").split())
    assert "error" not in shown
    assert re.search(r"Carol( x10)? 2 3 4 5 A settled \+20", shown)
    t.type("stand Bob")
    shown = " ".join(t.type("open Bob 10 9 2").split())
    assert "Bob holds 2 cards, 3 given: give 2 cards, or the outcome (`open Bob bust`" in shown
    t.type("open Bob 10 9")
    shown = t.type("open Dave")
    assert "Round 1 · dealer Mei" in shown
    t.type("dealer 8 7")
    shown = " ".join(t.type("show Bob A K").split())
    assert "call the round off: void" in shown
    shown = " ".join(t.type("void").split())
    assert "round 3" in shown and "error" not in shown
    assert all(len(line) <= size[1] for line in t.seen.splitlines())
    assert t.quit() == 0


@pytest.mark.parametrize("size", [(24, 80), (24, 45)])
def test_suggestions_only_for_a_close_slip(tmp_path: Path, size: tuple[int, int]) -> None:
    """A word a few letters off gets no guess; a shell command says where
    it runs; `hit all` and a line before the dealer's cards say what to type."""
    t = Table(tmp_path, "chinese", "Mei", "Bob", "Carol", size=size)
    for word in ("clear", "score"):
        shown = " ".join(t.type(word).split())
        assert f"unknown word '{word}': `help` lists the words" in shown
    for word in ("export", "ledger"):  # (`pay` is a word of the console too)
        shown = " ".join(t.type(word).split())
        assert f"`{word}` is a command of the shell" in shown
        assert "did you mean" not in shown
    t.type("round")
    shown = " ".join(t.type("show Bob A K").split())
    assert "the round starts with `dealer CARD CARD`" in shown
    t.type("dealer 10 6")
    shown = " ".join(t.type("hit all").split())
    assert "`all` names nobody in this line" in shown and "seat all" not in shown
    shown = " ".join(t.type("hti Bob").split())
    assert "did you mean `hit Bob`?" in shown
    assert t.quit() == 0


@pytest.mark.parametrize("size", [(24, 80), (30, 45)])
def test_no_night_open_asks_for_the_night_line(tmp_path: Path, size: tuple[int, int]) -> None:
    """`banluck table` with no night open asks for `night PRESET SEAT SEAT...` (Tab completes
    the preset), refuses a wrong preset with the one meant, starts the night from the night log's
    first line; inside the night, a second `night` line says how to start the next."""
    t = Table(tmp_path, size=size)
    assert "no night is open" in " ".join(t.screen.split())
    shown = " ".join(t.type("night chinse Mei Bob").split())
    assert "no preset 'chinse': did you mean `chinese`?" in shown
    t.child.send("night chin\t")
    t.child.expect("chinese ")
    t.child.send("Mei Bob Carol\r")
    t.child.expect(PROMPT)
    shown = " ".join(t.child.before.split())
    assert "night 1 started: chinese, seats Mei, Bob, Carol" in shown
    assert "between rounds" in shown
    shown = " ".join(t.type("night chinese Ann Ben").split())
    assert (
        "night 1 is open: a `night` line starts the next one after `banluck night close`" in shown
    )
    assert all(len(line) <= size[1] for line in t.seen.splitlines())
    assert t.quit() == 0
    assert night_show(tmp_path)["balances"] == {"Mei": 0, "Bob": 0, "Carol": 0}
