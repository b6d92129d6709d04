"""The console's `help` lists only the words the night's preset allows (issue 29): no Bingo words
without a Bingo table, no bets behind a box where a box takes one bettor, no second box where a
seat plays one, no side bet the house does not offer."""

from __future__ import annotations

import pytest

from banluck.app.records import read_log


def _words(preset: str) -> set[str]:
    night, _ = read_log(f"night {preset} Mei Bob\nstake 10\n", "test")
    return {row.example.split()[0] for row in night.help_rows()}


@pytest.mark.parametrize(
    ("preset", "has", "lacks"),
    [
        ("blackjack-pro", {"pp", "t3", "dp", "box", "split"}, {"bingo", "cashout", "behind"}),
        ("bjingo", {"bingo", "cashout", "box"}, {"behind", "pp", "t3", "dp"}),
        ("box-21", {"behind", "double"}, {"box", "bingo", "cashout", "pp"}),
    ],
)
def test_help_lists_only_the_words_the_preset_allows(
    preset: str, has: set[str], lacks: set[str]
) -> None:
    words = _words(preset)
    assert has <= words
    assert not lacks & words


def test_a_word_left_out_of_help_is_the_one_the_preset_refuses() -> None:
    """`behind` is missing from blackjack-pro's help because the night refuses it."""
    with pytest.raises(Exception, match=r"boxes\.bettors 1"):
        read_log("night blackjack-pro Mei Bob Carol\nstake 10\nbehind Carol Bob 5 follow\n", "t")
