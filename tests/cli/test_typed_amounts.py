"""Every stake and amount typed at the table (`banluck act`, the console, a night log) is read
by the one amount parser the command line's money options use (`core/money.parse_amount`):
ASCII digits only, no sign, no `_`, no other script, no point, no space; the rest is refused in
one line, and nothing is stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.core.errors import BanluckError
from banluck.core.money import parse_amount, rule_amount
from tests.helpers import digest, one_error

NOT_AMOUNTS = ["+5", "٤٠", "1_000", "5.0", " 5", "5 ", "+0"]


@pytest.fixture
def night(cli, banluck_home: Path) -> Path:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Ann", "Bob", "--stake", "10")[0] == 0
    return banluck_home


@pytest.mark.parametrize("text", NOT_AMOUNTS)
@pytest.mark.parametrize("words", [("stake",), ("stake", "Bob")], ids=["everyone", "one"])
def test_a_stake_typed_at_the_table_is_read_as_night_start_reads_it(
    cli, night: Path, words: tuple[str, ...], text: str
) -> None:  # type: ignore[no-untyped-def]
    before = digest(night)
    code, _, err = cli("act", *words, text)
    assert code == 1
    assert one_error(err) == (
        f"error: stake {text!r} is not a whole number: write it with the digits 0-9 only, e.g. 10"
    )
    assert digest(night) == before
    code, _, err = cli("night", "start", "chinese", "Ann", "Bob", "--stake", text)
    assert code == 2 and f"{text!r} is not a whole number" in one_error(err)


def test_plain_digits_are_a_stake_at_the_table(cli, night: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("act", "stake", "Bob", "25")
    assert (code, err) == (0, "") and "25" in out


@pytest.mark.parametrize("text", NOT_AMOUNTS)
def test_the_one_parser_refuses_them_everywhere(text: str) -> None:
    with pytest.raises(BanluckError, match="is not a whole number"):
        parse_amount(text, "amount")
    with pytest.raises(BanluckError, match="is not a whole number"):
        rule_amount(text, "bet")
    assert parse_amount("40", "amount") == 40
