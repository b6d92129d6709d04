"""The dealer's console without a terminal: its screens (kept in docs/screens/ and docs/table.md,
so the documentation shows what banluck really prints), its hints, completion and typo checks.

The console is driven through `TableConsole.handle`, the body of the `banluck table` loop, into a
recording rich console of a fixed width. `BANLUCK_REGEN_SCREENS=1 python -m pytest
tests/test_table_screen.py` rewrites the screens and the sessions shown in docs/table.md.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from banluck.cli.console import CONSOLE_ALIASES, NIGHT_HELP, TableConsole
from banluck.cli.night_cmd import start
from banluck.games.banluck.family import BAN_LUCK
from banluck.games.banluck.hints import hints, words_now
from banluck.storage import Store
from banluck.table.line import NIGHT_ALIASES

HELP_ROWS = [(r.example, r.aliases, r.meaning) for r in (*BAN_LUCK.help_rows, *NIGHT_HELP)]
ALIASES = {**NIGHT_ALIASES, **BAN_LUCK.aliases, **CONSOLE_ALIASES}

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"
TABLE_MD = ROOT / "docs" / "table.md"
REGEN = os.environ.get("BANLUCK_REGEN_SCREENS") == "1"

# The fixed night of the saved screens: five seats, one round played, the next at the dealer's turn.
NIGHT = ("chinese", ["Mei", "Bob", "Carol", "Dave", "Eve"], 10)
ROUND_ONE = [
    "dealer 9 7",
    "hit Carol",
    "stand all",
    "draw 4",
    "open Bob 10 8",
    "open Carol 10 2 9",
    "open Dave 7 7",
    "open Eve A 9",
]
SCREEN_LINES = [*ROUND_ONE, "stake Eve 20", "dl 10 6", "h Bob", "h Dave 5", "s all", "o Bob 10 5 9"]
# The short session shown in docs/table.md: the brief round typed with aliases and one typo.
SESSION = ("chinese", ["Mei", "Bob", "Carol", "Dave"], 10)
SESSION_LINES = ["dealer 10 6", "h Bob", "hti Carol", "s all", "o Bob 10 5 9", "d 3", "o Carol 9 8"]
SESSION_LINES += ["o Dave 10 7"]


def recorder(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, record=True, color_system=None, highlight=False)


def console_on(night: tuple[str, list[str], int], width: int) -> TableConsole:
    """The console on a new night in a store of its own (inside the test's BANLUCK_HOME)."""
    preset, seats, stake = night
    Path(os.environ["BANLUCK_HOME"]).mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(dir=os.environ["BANLUCK_HOME"]))
    os.environ["BANLUCK_HOME"] = str(home)  # restored by the autouse fixture's monkeypatch
    start(preset, seats, stake, None)
    return TableConsole(Store(), recorder(width))


def text_of(console: Console) -> str:
    """What the console showed, without the padding spaces rich leaves at line ends."""
    raw = console.export_text(clear=True)
    assert all(cell_len(line) <= console.width for line in raw.splitlines())
    return "\n".join(line.rstrip() for line in raw.splitlines()) + "\n"


def screen(width: int) -> str:
    """The panel after the last line of the fixed night."""
    tc = console_on(NIGHT, width)
    for line in SCREEN_LINES[:-1]:
        tc.handle(line)
    text_of(tc.out)
    tc.handle(SCREEN_LINES[-1])
    return text_of(tc.out)


def session(width: int) -> str:
    """The short session: the first panel, then each typed line and what the console showed."""
    tc = console_on(SESSION, width)
    tc.redraw()
    for line in SESSION_LINES:
        tc.out.print(Text("> " + line))
        tc.handle(line)
    return text_of(tc.out)


def check_file(path: Path, text: str) -> None:
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, (
        f"{path.name} is out of date: BANLUCK_REGEN_SCREENS=1 python -m pytest tests/cli"
    )


@pytest.mark.parametrize("width", [80, 45])
def test_saved_screens_are_what_the_console_shows(width: int) -> None:
    """docs/screens/table-80.txt and table-45.txt are the panel as the console prints it for the
    fixed night: a changed panel fails here until the files are regenerated."""
    check_file(SCREENS / f"table-{width}.txt", screen(width))


@pytest.mark.parametrize("width", [80, 45])
def test_saved_sessions_are_what_the_console_shows(width: int) -> None:
    """docs/screens/session-80.txt and session-45.txt are the short session as the console
    shows it."""
    check_file(SCREENS / f"session-{width}.txt", session(width))


def console_screen(word: str, width: int) -> str:
    """What a console word (`help`, `settle`) shows on the fixed night."""
    tc = console_on(NIGHT, width)
    for line in SCREEN_LINES:
        tc.handle(line)
    text_of(tc.out)
    tc.out.print(Text("> " + word))
    tc.handle(word)
    return text_of(tc.out)


@pytest.mark.parametrize("word", ["help", "settle", "odds"])
def test_saved_console_screens_at_45_columns(word: str) -> None:
    """docs/screens/help-45.txt, settle-45.txt and odds-45.txt: the console's own words at 45
    columns, every meaning and amount whole."""
    text = console_screen(word, 45)
    assert "…" not in text
    check_file(SCREENS / f"{word}-45.txt", text)


def test_the_console_odds_are_money_at_each_players_stake() -> None:
    """On the fixed night (Eve plays 20, the others 10) `odds` gives each closed hand's
    expected result in money at his own stake, each player a block at 45 columns, and no row
    that no hand can reach (a bust of two cards)."""

    narrow = console_screen("odds", 45)
    wide = console_screen("odds", 80)
    blocks = narrow.split("\nEve\n")[1]
    assert "stake 20" in blocks and "bust" not in blocks  # Eve: two cards, cannot be bust
    assert "stake 10" in narrow.split("\nCarol\n")[1]
    assert re.search(r"open now\s+[-+]\d+\.\d\b", narrow)
    tc: TableConsole = console_on(NIGHT, 80)
    for line in SCREEN_LINES:
        tc.handle(line)
    state = tc.session.night.current.state  # type: ignore[union-attr]
    advice = tc.session.night.game.advise(state)  # type: ignore[misc]
    eve = next(a for a in advice.players if a.name == "Eve")
    assert f"open now {eve.open_now * 20:+.1f}" in " ".join(narrow.split())
    assert re.search(r"│ stake\s+│\s+10 │\s+10 │\s+20 │", wide), wide
    assert all(cell_len(line) <= 45 for line in narrow.splitlines())


def shell_screen(width: int, *args: str) -> str:
    """What `banluck ARGS` prints on the demo night's store at `width` columns, no colour."""
    import contextlib

    from banluck.cli.main import main

    home = Path(os.environ["BANLUCK_HOME"])
    out = io.StringIO()
    saved = {k: os.environ.get(k) for k in ("COLUMNS", "NO_COLOR", "BANLUCK_HOME")}
    os.environ.update(COLUMNS=str(width), NO_COLOR="1")
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["demo"]) == 0
        os.environ["BANLUCK_HOME"] = str(home / "demo")
        with contextlib.redirect_stdout(out):
            assert main(list(args)) == 0
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    lines = out.getvalue().splitlines()
    assert "--json" in args or all(cell_len(line) <= width for line in lines), out.getvalue()
    return "\n".join(line.rstrip() for line in lines) + "\n"


@pytest.mark.parametrize("command", ["stats", "history"])
def test_saved_shell_screens_at_45_columns(command: str) -> None:
    """docs/screens/stats-45.txt and history-45.txt: `banluck stats` and `banluck history` on
    the demo night at 45 columns, a block a row, every figure and date whole."""
    text = shell_screen(45, command)
    assert "…" not in text
    check_file(SCREENS / f"{command}-45.txt", text)


def test_stats_and_history_show_every_figure_whole_at_any_width() -> None:
    """The demo night's figures (from `--json`) are all on the 45-column screens, as they are
    on the 80-column ones: the date in full, each player's result, unpaid and hands."""
    import json

    stats45, stats80 = shell_screen(45, "stats"), shell_screen(80, "stats")
    rows = json.loads(shell_screen(200, "stats", "--json"))
    for row in rows:
        block = re.split(r"\n(?=\S)", stats45.split(f"\n{row['name']}\n")[1])[0]
        flat = " ".join(block.split())
        assert f"rounds {row['rounds']}" in flat
        assert f"result {row['result']:+d}" in flat or (row["result"] == 0 and "result 0" in flat)
        assert re.search(rf"{row['name']}\s+{row['rounds']}\s", stats80)
    history45 = shell_screen(45, "history")
    assert "date 2027-02-06" in history45 and "202…" not in history45
    assert "2027-02-06" in shell_screen(80, "history")
    chart = shell_screen(45, "chart")  # (its lines are checked against the width too)
    assert re.search(r"Bob\s+[▁-█ ]+\s+\+330", chart) and re.search(r"Mei\s+[▁-█ ]+\s+-260", chart)


def test_docs_show_the_saved_screens_verbatim() -> None:
    """Each `<!-- screen: NAME -->` block of docs/table.md is docs/screens/NAME.txt, and the doc
    shows the 80-column screen and both sessions."""
    block = re.compile(r"(<!-- screen: ([\w-]+) -->\n```text\n)(.*?)(```\n)", re.S)
    doc = TABLE_MD.read_text(encoding="utf-8")

    def saved(m: re.Match[str]) -> str:
        return m.group(1) + (SCREENS / f"{m.group(2)}.txt").read_text(encoding="utf-8") + m.group(4)

    if REGEN:
        doc = block.sub(saved, doc)
        TABLE_MD.write_text(doc, encoding="utf-8")
    found = {m.group(2): m for m in block.finditer(doc)}
    assert {"table-80", "session-80", "session-45"} <= set(found)
    for m in found.values():
        assert m.group(0) == saved(m), f"docs/table.md's {m.group(2)} block is out of date"


def test_the_fixed_screen_shows_the_round_at_a_glance() -> None:
    """What the saved screens must show: the dealer's cards and total, a seen card, the settled
    player with his amount, the closed hands, the hint that he may open, last round's balances
    and the stake changed between rounds."""
    wide = screen(80)
    assert "night 1 · chinese · round 2 · dealer Mei (1/3)" in wide
    assert "dealer 10 6 = 16" in wide
    assert re.search(r"Bob x10\s+10 5 9\s+settled\s+-10", wide)
    assert re.search(r"Dave x10\s+3 \(5\)\s+closed", wide)
    assert re.search(r"Eve x20\s+2\s+closed", wide)
    assert "› dealer at 16: may open (Carol, Dave, Eve), draw or stop" in wide
    assert re.search(r"Carol\s+\+20\s+Eve\s+0\s+Mei\s+0\s+Bob\s+-10\s+Dave\s+-10", wide)
    narrow = screen(45)
    assert "player" not in narrow  # no header below 60 columns, but every stake (issue 29)
    assert re.search(r"Bob x10\s+10 5 9\s+settled\s+-10", narrow)
    assert re.search(r"Eve x20\s+2\s+closed", narrow)


def test_narrow_screens_never_exceed_45_columns() -> None:
    """Every line of the 45-column screens in docs/screens/ fits in 45 cells."""
    for name in (
        "table-45.txt",
        "session-45.txt",
        "help-45.txt",
        "settle-45.txt",
        "odds-45.txt",
        "stats-45.txt",
        "history-45.txt",
    ):
        lines = (SCREENS / name).read_text(encoding="utf-8").splitlines()
        assert lines
        assert [line for line in lines if cell_len(line) > 45] == [], name


def test_typos_are_refused_with_the_line_meant_and_nothing_stored() -> None:
    """A misspelled word, console word or seated name is refused with the corrected line; a name
    that is like no seat is left to the engine's own refusal; the stored round is unchanged."""
    tc = console_on(SESSION, 80)
    tc.handle("dealer 10 6")
    text_of(tc.out)
    cases = {
        "hti Bob": "unknown word 'hti': did you mean `hit Bob`?",
        "hlep": "unknown word 'hlep': did you mean `help`?",
        "hit Bbo": "Bbo is not at the table: did you mean `hit Bob`?",
        "s Bob Crol Dvae": "Crol and Dvae are not at the table: did you mean `stand Bob Carol Dave`?",
        "o carl 10 7": "carl is not at the table: did you mean `open Carol 10 7`?",
        "zzz": "unknown word 'zzz': `help` lists the words",
        "hit Zed": "Zed is not at the table (seats: Mei, Bob, Carol, Dave)",
    }
    for line, said in cases.items():
        tc.handle(line)
        assert said in " ".join(text_of(tc.out).split()), line
    assert tc.store.live() == ["dealer 10 6"]


def test_completion_offers_what_applies_now() -> None:
    """Tab: first words that apply in the round's phase (then any word), names that fit the
    word (players still to play for `hit`, closed hands for `open`), `bust` after a name."""
    tc = console_on(SESSION, 80)
    assert tc.completions("st") == ["stake "]
    assert tc.completions("") == [w + " " for w in [*words_now(None), "help", "quit", "odds"]] + [
        "settle ",
        "pay ",
        "amend ",
    ]
    tc.handle("dealer 10 6")
    assert tc.completions("st") == ["stand "]
    assert tc.completions("dr") == ["draw "]  # not now, but a word all the same
    assert tc.completions("h B") == ["Bob "]
    assert tc.completions("stand ") == ["Bob ", "Carol ", "Dave ", "all "]
    tc.handle("stand Bob")
    assert tc.completions("hit ") == ["Carol ", "Dave "]
    assert tc.completions("stand Carol ") == ["Carol ", "Dave ", "all "]
    tc.handle("stand all")
    assert tc.completions("st") == ["stop "]
    assert tc.completions("o c") == ["Carol "]
    assert tc.completions("open Carol ") == ["bust "]
    assert tc.completions("open Carol 9 ") == []


def test_words_now_follow_the_phase_and_the_house_rules() -> None:
    """The words offered first: the between-rounds words, the players' words with run/burn/void
    only where the preset has them, the dealer's words on his turn."""
    assert words_now(None)[:2] == ["dealer", "round"]
    tc = console_on(SESSION, 80)
    tc.handle("dealer 10 6")
    state = tc.session.night.current.state  # type: ignore[union-attr]
    fifteen = state.preset.fifteen
    words = words_now(state)
    assert words[:3] == ["hit", "stand", "show"]
    assert ("burn" in words) == fifteen.burn
    assert ("run" in words) == (fifteen.mode in ("run", "run-dealer-only"))
    tc.handle("stand all")
    assert words_now(tc.session.night.current.state)[:3] == ["open", "draw", "stop"]  # type: ignore[union-attr]


def test_hints_name_who_is_to_play_then_what_the_dealer_may_do() -> None:
    """One hint line lists the players still to play; on the dealer's turn the hint says he may
    open (naming the closed hands) or, under reveal.dealer_min, that he must draw."""
    tc = console_on(SESSION, 80)
    tc.handle("dealer 9 5")
    state = tc.session.night.current.state  # type: ignore[union-attr]
    assert hints(state) == ["to play: Bob, Carol, Dave (hit or stand)"]
    tc.handle("stand all")
    state = tc.session.night.current.state  # type: ignore[union-attr]
    assert hints(state) == [
        "dealer at 14: must draw to open (reveal.dealer_min 16)",
        "`stop` at 14 is under the dealer's minimum 16: it pays every closed player"
        " (minimum.dealer_under pay-all)",
    ]
    tc.handle("draw 2")
    state = tc.session.night.current.state  # type: ignore[union-attr]
    assert hints(state) == ["dealer at 16: may open (Bob, Carol, Dave), draw or stop"]


def test_help_lists_every_word_and_alias() -> None:
    """`help` names every night-log word and every alias; at 45 columns each word's meaning is
    under it, nothing cut; `help WORD` explains one word with its usage."""
    from banluck.games.banluck.family import BAN_LUCK
    from banluck.table.night import NIGHT_WORDS

    WORDS = sorted({*NIGHT_WORDS, *BAN_LUCK.words, "undo"})

    listed = " ".join(r[0] + " " + r[1] for r in HELP_ROWS).replace("|", " ").replace(",", " ")
    assert set(WORDS) - {"night", "rule"} <= set(listed.split())
    assert set(ALIASES) <= set(listed.split())
    tc = console_on(SESSION, 45)
    tc.handle("help")
    narrow = text_of(tc.out)
    assert "\n  the dealer draws\n" in narrow and "help WORD" in narrow
    assert "…" not in narrow
    tc.handle("help d")
    one = " ".join(text_of(tc.out).split())
    assert "draw 5 (d): the dealer draws" in one
    assert "usage: draw CARD" in one


def test_balances_are_read_again_once_a_round_ends() -> None:
    """The panel's `tonight` is tonight's results from the stored entries: a payment recorded by
    another command during a round moves debts, not results; the round's transfers show once it
    is recorded (Bob 18, Carol 19, Dave 17 against the dealer's 16)."""
    tc = console_on(SESSION, 80)
    tc.handle("dealer 10 6")
    tc.store.add_payment("Bob", "Carol", 5)
    tc.handle("s all")
    assert re.search(r"Bob\s+0\s+Carol\s+0\s+Dave\s+0\s+Mei\s+0", text_of(tc.out))
    for line in ("o Bob 10 8", "o Carol 10 9"):
        tc.handle(line)
    text_of(tc.out)
    tc.handle("o Dave 10 7")
    shown = text_of(tc.out)
    assert re.search(r"Bob\s+\+10\s+Carol\s+\+10\s+Dave\s+\+10\s+Mei\s+-30", shown), shown


def test_docs_cheat_sheet_names_every_word_with_its_aliases() -> None:
    """docs/table.md's tables have a row for every word (night-log and console words), and each
    alias is written in the row of the word it stands for."""
    from banluck.cli.console import CONSOLE_WORDS
    from banluck.games.banluck.family import BAN_LUCK
    from banluck.table.night import NIGHT_WORDS

    WORDS = sorted({*NIGHT_WORDS, *BAN_LUCK.words, "undo"})

    rows = [line for line in TABLE_MD.read_text(encoding="utf-8").splitlines() if line[:3] == "| `"]

    def row_of(word: str) -> str:
        found = [row for row in rows if re.search(rf"`{word}[ `]", row.split("|")[1])]
        assert found, f"docs/table.md has no row for {word}"
        return found[0]

    for word in {*WORDS, *CONSOLE_WORDS} - {"night", "rule"}:
        row_of(word)
    for alias, word in ALIASES.items():
        assert f"`{alias}`" in row_of(word), (alias, word)


def test_a_line_for_a_round_changed_by_another_command_is_not_applied() -> None:
    """When another command changes the round while the console is open (here `banluck act`
    stands everyone), the next typed line, meant for the round as it was, is refused and the
    panel shows the stored round; the stored round stays valid. A payment made meanwhile changes
    no round: the line is applied."""
    from banluck.app.session import Session

    tc = console_on(SESSION, 80)
    tc.handle("dealer 10 6")
    Session.open(Store()).act("stand all")  # another terminal
    text_of(tc.out)
    tc.handle("hit Bob")
    shown = text_of(tc.out)
    assert "changed by another command" in shown and "was not applied" in shown
    assert "may open (Bob, Carol, Dave)" in shown
    assert tc.store.live() == ["dealer 10 6", "stand Bob Carol Dave"]
    Store().add_payment("Bob", "Carol", 5)  # another terminal
    tc.handle("o Bob 10 8")
    assert "changed by another command" not in text_of(tc.out)
    assert tc.store.live()[-1] == "open Bob 10 8"
    assert Session.open(Store()).live == tc.store.live()


def test_odds_in_the_console_advises_on_the_live_round() -> None:
    """`odds` at the dealer's turn shows each closed player's odds and the advice; before the
    dealer's turn it says when it can be used, and nothing is stored either way."""
    tc = console_on(SESSION, 80)
    for line in ["dealer 10 6", "h Bob"]:
        tc.handle(line)
    text_of(tc.out)
    tc.handle("odds")
    assert "odds are for the dealer's turn" in text_of(tc.out)
    tc.handle("s all")
    text_of(tc.out)
    live = tc.store.live()
    tc.handle("odds")
    shown = text_of(tc.out)
    assert "Bob" in shown and "Carol" in shown and "open now" in shown and "advice:" in shown
    assert tc.store.live() == live


def test_a_short_hand_under_pay_for_dealer_shows_the_cover_so_far() -> None:
    """Under xi-dach (a short player covers what the dealer pays the others, up to 12 stakes)
    Bob's row shows his loss and the cover so far, growing as the dealer pays Dave; the hint
    says the cap; the round's transfers are the amounts the panel showed."""
    tc = console_on(("xi-dach", ["Mei", "Bob", "Carol", "Dave"], 10), 80)
    for line in ("dealer 10 6", "stand all", "open Carol 10 9"):
        tc.handle(line)
    text_of(tc.out)
    tc.handle("open Bob 10 4")
    shown = text_of(tc.out)
    assert re.search(r"Bob x10\s+10 4\s+settled\s+-20", shown)  # 10 lost, 10 covered
    assert "Bob stood short: also covers what the dealer pays the others, up to 120" in " ".join(
        shown.split()
    )
    tc.handle("open Dave 10 9")
    assert "Bob stood short: covers the dealer's losses" in " ".join(text_of(tc.out).split())
    assert tc.store.balances() == {"Mei": 10, "Bob": -30, "Carol": 10, "Dave": 10}


def test_after_a_short_stop_the_hint_says_a_short_player_pushes() -> None:
    """Under chinese the dealer stops at 14, under his minimum 16: the hint says every closed
    player he opens is paid, but one under the player's minimum pushes, as Bob's 14 does."""
    tc = console_on(("chinese", ["Mei", "Bob", "Carol"], 10), 80)
    for line in ("dealer 10 4", "stand all", "stop"):
        tc.handle(line)
    said = " ".join(text_of(tc.out).split())
    assert (
        "the dealer stopped at 14, under his minimum 16: every closed player he opens is paid,"
        " but one under the minimum 16 too pushes (minimum.dealer_under pay-all)"
    ) in said
    tc.handle("open Bob 10 4")
    assert re.search(r"Bob x10\s+10 4\s+settled\s+0\b", text_of(tc.out))


def test_a_settled_short_hand_is_refused_with_the_panels_amount() -> None:
    """Under kampung Carol opened short pays every seat: her row shows -40, and a second `open
    Carol` is refused with the same -40, not the -10 she lost to the dealer alone."""
    tc = console_on(("kampung", ["Mei", "Bob", "Carol", "Dave", "Eve"], 10), 80)
    for line in ("dealer 10 6", "stand all", "open Carol 10 4"):
        tc.handle(line)
    assert re.search(r"Carol x10\s+10 4\s+settled\s+-40", text_of(tc.out))
    tc.handle("open Carol 9 K")
    said = " ".join(text_of(tc.out).split())
    assert "cannot open Carol: already settled (-40, player under the minimum 15" in said
    assert tc.store.live() == ["dealer 10 6", "stand Bob Carol Dave Eve", "open Carol 10 4"]
