"""Free text an earlier banluck stored with a terminal's escape codes in it (a payment's note, a
correction's or an amendment's reason, a rename, a preset's description) is never printed raw:
every view shows each control character escaped (`\\u001b`). New text with them is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.core.text import shown

ESC = "\x1b[2J\x07\u202e"
"""Clear the screen, ring the bell, turn the line around."""
RAW = "\x1b\x07\u202e"


@pytest.fixture
def stored(cli, banluck_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:  # type: ignore[no-untyped-def]
    """A closed night whose note, reasons and a renamed name hold escape codes, as an earlier
    banluck could have stored them; then an open night."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    for line in ("dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7"):
        assert cli("act", *line.split())[0] == 0
    assert cli("pay", "Bob", "Mei", "5", "--yes", "--note", "NOTEX")[0] == 0
    assert cli("correct", "2", "--reason", "REASONX")[0] == 0
    monkeypatch.setenv("EDITOR", "sed -i s/10\\ 9/10\\ 8/")
    assert cli("amend", "1", "1", "--reason", "AMENDX")[0] == 0
    assert cli("night", "close")[0] == 0
    assert cli("rename", "Carol", "Caro")[0] == 0
    escaped = "\\u001b[2J\\u0007\\u202e"  # as JSON writes them
    for path in banluck_home.rglob("*.json"):
        text = path.read_text()
        for word in ("NOTEX", "REASONX", "AMENDX"):
            text = text.replace(word, word + escaped)
        path.write_text(text.replace('"Caro"', f'"Caro{escaped}"'))
    return banluck_home


def test_new_free_text_with_an_escape_code_is_refused(cli, stored: Path) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("pay", "Bob", "Mei", "5", "--yes", "--note", f"x{ESC}")
    assert code == 1 and "U+001B" in err and "\x1b" not in err


@pytest.mark.parametrize(
    ("args", "seen"),
    [
        (["ledger"], ["NOTEX", "REASONX", "AMENDX", "Caro"]),
        (["ledger", "--all"], ["NOTEX", "REASONX", "AMENDX", "Caro"]),
        (["ledger", "--night", "1", "--round", "1"], ["AMENDX", "Caro"]),
        (["history"], ["Caro"]),
        (["settle"], ["Caro"]),
        (["stats"], ["Caro"]),
        (["export", "--csv"], ["NOTEX", "Caro"]),
        (["export", "--json"], ["NOTEX", "REASONX", "AMENDX"]),
        (["export", "--log", "--night", "1"], []),
        (["people", "list"], ["Caro"]),
    ],
)
def test_every_view_shows_stored_escape_codes_escaped(
    cli, stored: Path, args: list[str], seen: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "250")
    code, out, err = cli(*args)
    assert code in (0, 1), err
    for raw in RAW:
        assert raw not in out + err, (args, raw)
    for word in seen:
        assert f"{word}\\u001b[2J\\u0007\\u202e" in out, (args, word)


def test_night_show_and_the_players_view_of_a_night_with_an_escaped_name(cli, stored: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "Bob")[0] == 0
    code, out, err = cli("night", "show")
    assert code == 0 and not any(raw in out + err for raw in RAW)


def test_an_error_quoting_what_was_typed_shows_it_escaped(cli, stored: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "Bob")[0] == 0
    assert cli("act", "dealer", "10", "6")[0] == 0
    code, _, err = cli("act", "stand", "Eve\x1b[2J")
    assert code == 1 and "\x1b" not in err and "\\u001b" in err


def test_a_preset_description_with_an_escape_code_is_named_escaped(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("rules", "new", "mine", "--from", "chinese")[0] == 0
    path = banluck_home / "house_rules" / "mine.toml"
    path.write_text(path.read_text().replace('description = "', 'description = "D\\u001b[31m', 1))
    for args in (["rules", "show", "mine"], ["rules", "list"]):
        _, out, err = cli(*args)
        assert "Traceback" not in err
        assert "\x1b" not in out + err, args


def test_shown_escapes_control_characters_and_keeps_line_breaks() -> None:
    assert (
        shown("a\x1b[2Jb\x07\x9b\u202ec\nd\te") == "a\\u001b[2Jb\\u0007\\u009b\\u202ec\nd\\u0009e"
    )
    assert shown(shown("a\x1b")) == shown("a\x1b") == "a\\u001b"
    assert shown("Bob → Mei ♠ 10") == "Bob → Mei ♠ 10"


def test_rich_text_objects_are_escaped_too(capsys: pytest.CaptureFixture[str]) -> None:
    """What rich's own text objects draw is escaped as it is drawn (rich drops the bell)."""
    from rich.text import Text

    from banluck.cli.render import console

    console().print(Text("note \x1b]0;title\x07"), "[bold]Bob[/] \x1b[31m")
    text = capsys.readouterr().out
    assert "note \\u001b]0;title" in text and "Bob \\u001b[31m" in text
    assert "\x07" not in text and "\x1b" not in text
