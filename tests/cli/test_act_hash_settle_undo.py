"""Inputs from the first test of the store that once gave a traceback or an unclear answer: `#`
inside `banluck act`'s words, `settle --from ''`, and `undo` once `night close` has said the
night is closed. Each is one clear line of error (nothing stored), or does what it says."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import digest, one_error


@pytest.fixture
def dealt(cli, banluck_home: Path) -> Path:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    assert cli("act", "dealer", "10", "6")[0] == 0
    return banluck_home


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["stand", "Bob#"], "Bob# is not at the table"),
        (["stand", "#Bob"], "#Bob is not at the table"),
        (["stand", "Bob", "#", "x"], "# is not at the table"),
        (["dealer", "10", "6", "#"], "unknown card '#'"),
        (["hit", "Bob", "6#"], "unknown card '6#'"),
        (["#", "stand", "Bob"], "unknown word '#'"),
        (["stake", "Bob", "#"], "`stake` comes between rounds"),
        (["#x"], "an empty line"),
    ],
)
def test_a_hash_among_act_words_is_a_word_refused_in_one_line(
    cli, dealt: Path, words: list[str], says: str
) -> None:  # type: ignore[no-untyped-def]
    """Words the shell kept apart are words: a `#` among them is no comment, and what it makes
    is refused as any other wrong word is, changing nothing."""
    before = digest(dealt)
    code, out, err = cli("act", *words)
    assert code == 1, out
    assert says in one_error(err)
    assert digest(dealt) == before


def test_a_quoted_act_line_reads_its_comment_as_the_console_does(cli, dealt: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("act", "stand Bob # he is happy")[0] == 0
    assert cli("act", "stand", "Carol")[0] == 0
    code, _, err = cli("act", "open Bob 10 9 # nineteen")
    assert code == 0, err
    _, log, _ = cli("export", "--log")
    assert "stand Bob\nstand Carol\nopen Bob 10 9\n" in log and "happy" not in log


def test_a_hash_as_a_stake_between_rounds_is_refused(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "Bob")[0] == 0
    before = digest(banluck_home)
    code, _, err = cli("act", "stake", "Bob", "#")
    assert code == 1 and "stake '#' is not a whole number" in one_error(err)
    assert digest(banluck_home) == before


@pytest.mark.parametrize("option", ["--from", "--to"])
@pytest.mark.parametrize("value", ["", " ", "#"])
def test_settle_with_an_empty_date_is_one_line(cli, dealt: Path, option: str, value: str) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("settle", option, value)
    assert code == 1
    assert f"{option} {value!r} is not a date" in one_error(err)


def test_undo_once_night_close_has_spoken(cli, dealt: Path) -> None:  # type: ignore[no-untyped-def]
    for line in ("stand all", "open Bob 10 9", "open Carol 10 7"):
        assert cli("act", *line.split())[0] == 0
    code, out, _ = cli("night", "close")
    assert code == 0 and "closed" in out
    before = digest(dealt)
    code, _, err = cli("undo")
    line = one_error(err)
    assert code == 1 and "night 1" in line and "is closed" in line and "banluck correct" in line
    code, _, err = cli("act", "undo")
    assert code == 1 and "no night is open" in one_error(err)
    assert digest(dealt) == before
    assert cli("ledger", "--night", "1")[0] == 0
