"""Every money option and argument of the command line reads an amount as the console does:
ASCII digits only (no `1_000`, no `٤٠`, no sign, no space), above 0 and at most a stake's bound;
anything else is one line of error, a usage error, and nothing is stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import digest, one_error

NOT_AMOUNTS = ["٤٠", "1_000", "+5", " 5", "5 ", "٥", "1e3", "0x10", "²"]

COMMANDS = [
    ("night", "start", "chinese", "Ann", "Ben", "--stake", "{}"),
    ("tournament", "start", "tournament", "Ann", "Ben", "--buy-in", "{}", "--chips", "100"),
    ("tournament", "start", "tournament", "Ann", "Ben", "--buy-in", "20", "--chips", "{}"),
    ("pay", "Bob", "Mei", "{}", "--yes"),
    ("table", "chinese", "Ann", "Ben", "--stake", "{}"),
    ("odds", "-d", "10 6", "-c", "3", "--stake", "{}"),
    ("edge", "chinese", "--stake", "{}"),
    ("judge", "-d", "10 6", "-p", "10 9", "--stake", "{}"),
]


@pytest.fixture
def played(cli, banluck_home: Path) -> Path:  # type: ignore[no-untyped-def]
    """A closed night with one round: Bob and Mei have played here."""
    assert cli("night", "start", "chinese", "Mei", "Bob")[0] == 0
    for line in ("dealer 10 6", "stand all", "open Bob 10 9"):
        assert cli("act", *line.split())[0] == 0
    assert cli("night", "close")[0] == 0
    return banluck_home


@pytest.mark.parametrize("text", NOT_AMOUNTS)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_money_option_that_is_not_ascii_digits_is_refused_and_stores_nothing(
    cli, played: Path, command: tuple[str, ...], text: str
) -> None:  # type: ignore[no-untyped-def]
    before = digest(played)
    code, out, err = cli(*(word.format(text) for word in command))
    assert code == 2, (out, err)
    line = one_error(err)
    assert f"{text!r} is not a whole number: write it with the digits 0-9 only" in line
    assert digest(played) == before


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("0", "0 must be above 0"),
        (str(10**12 + 1), f"{10**12 + 1} is too large"),
        ("-5", "-5 must be above 0"),
    ],
)
def test_night_start_refuses_a_stake_out_of_bounds(
    cli, banluck_home: Path, text: str, says: str
) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("night", "start", "chinese", "Ann", "Ben", "--stake", text)
    assert code == 2
    assert f"--stake {says}" in one_error(err)
    assert not (banluck_home / "nights").exists()


def test_plain_digits_are_taken_everywhere(cli, played: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("pay", "Bob", "Mei", "5", "--yes")[0] == 0
    code, out, _ = cli("night", "start", "chinese", "Ann", "Ben", "--stake", "1000")
    assert code == 0 and "stake 1000" in out


def test_judge_takes_a_stake_of_0(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("judge", "-d", "10 6", "-p", "10 9", "--stake", "0")
    assert code == 0 and "player 0" in out
    code, _, err = cli("judge", "-d", "10 6", "-p", "10 9", "--stake", "-1")
    assert code == 2 and "--stake -1 must be above 0" in one_error(err)
