"""The Bingo table on the dealer's console (docs/bingo.md): each live card with its marks and the
combinations it holds, between rounds and during one, at 80 and 45 columns; a cash-out shown as
the settlement it is."""

from __future__ import annotations

import re

import pytest

from tests.cli.test_table_screen import console_on, text_of

NIGHT = ("bjingo", ["Mei", "Bob", "Carol"], 10)


def rnd(hole: str, draw: str | None = None) -> list[str]:
    lines = ["up 9", "deal Bob 10 9", "deal Carol 10 8", "stand Bob", "stand Carol", f"hole {hole}"]
    return [*lines, f"draw {draw}"] if draw else lines


@pytest.mark.parametrize("width", [80, 45])
def test_the_panel_shows_each_live_card_with_its_marks_and_combinations(width: int) -> None:
    """After rounds marking 18, 19 and 20, Bob's card (bought first) holds the Up Corner; Carol's,
    bought after the first round, holds nothing yet; both show during the next round too."""
    tc = console_on(NIGHT, width)
    for line in ["bingo Bob 5", *rnd("9"), "bingo Carol 2", *rnd("10"), *rnd("2", "9")]:
        tc.handle(line)
    text_of(tc.out)
    tc.redraw()
    between = " ".join(text_of(tc.out).split())  # wrapped lines read as one at 45 columns
    assert "bingo Bob 5: 18 19 20 · holds Up Corner" in between
    assert "bingo Carol 2: 19 20 ·" not in between and "bingo Carol 2: 19 20" in between
    tc.handle("up 7")
    during = " ".join(text_of(tc.out).split())
    assert "bingo Bob 5: 18 19 20 · holds Up Corner" in during
    assert re.search(r"dealer 7 \(up\)", during)


def test_a_cash_out_shows_its_settlement_and_the_card_is_gone() -> None:
    """`cashout Bob` prints the payment with its combination and knob; the card leaves the panel."""
    tc = console_on(NIGHT, 80)
    for line in ["bingo Bob 5", *rnd("9"), *rnd("10"), *rnd("2", "9")]:
        tc.handle(line)
    text_of(tc.out)
    tc.handle("cashout Bob")
    shown = text_of(tc.out)
    assert "cashout" in shown and "Bingo Up Corner pays 3 (bingo.up_corner)" in shown
    assert re.search(r"Mei\W+Bob\W+15", shown)
    tc.redraw()
    assert "bingo Bob" not in text_of(tc.out)


@pytest.mark.parametrize(
    ("preset", "offered", "not_offered"),
    [
        ("bjingo", ["bingo ", "cashout "], ["pp ", "t3 ", "dp "]),
        ("blackjack-pro", ["pp ", "t3 ", "dp "], ["bingo ", "cashout "]),
        ("mini-blackjack", [], ["pp ", "t3 ", "dp ", "bingo ", "cashout "]),
    ],
)
def test_completion_between_rounds_offers_the_bets_the_house_offers(
    preset: str, offered: list[str], not_offered: list[str]
) -> None:
    """Tab between rounds offers the side bets and the Bingo words where the preset pays them
    (not where it does not); during a round they are not offered; names follow `pp` and
    `bingo`."""
    tc = console_on((preset, ["Mei", "Bob", "Carol"], 10), 80)
    between = tc.completions("")
    assert all(w in between for w in offered), between
    assert not any(w in between for w in not_offered), between
    for word in offered:
        if word in ("pp ", "bingo "):
            assert tc.completions(word + "B") == ["Bob "]
    tc.handle("up 9")
    during = tc.completions("")
    assert not any(w in during for w in [*offered, *not_offered]), during
