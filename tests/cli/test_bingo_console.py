"""The Bingo table on the dealer's console (docs/bingo.md): each live card with its marks and the
combinations it holds, between rounds and during one, at 80 and 45 columns; a cash-out shown as
the settlement it is."""

from __future__ import annotations

import re

import pytest

from banluck.app.view import players_view
from banluck.storage import Store
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


def test_every_view_counts_the_rounds_and_not_the_money_between_them(  # type: ignore[no-untyped-def]
    cli, tmp_path, monkeypatch
) -> None:
    """A bjingo night of five rounds with a cash-out after round 3 and a paying pass after round
    4 (it pays Carol's card): the console's panel, `history`, `stats`, the ledger, the exported log
    and CSV, and `replay --json` of that log all count five rounds, number them 1 to 5 and show
    the two settlements between rounds as such, with their kind; the rotation counts rounds."""
    import csv
    import io
    import json

    monkeypatch.setenv("COLUMNS", "200")  # the commands' tables one entry a line
    tc = console_on(NIGHT, 80)
    for line in ["bingo Bob 5", "bingo Carol 2", *rnd("9"), *rnd("10"), *rnd("2", "9")]:
        tc.handle(line)
    tc.handle("cashout Bob")
    tc.redraw()
    assert "bjingo · round 4 · dealer Mei (3/5)" in text_of(tc.out)
    bob_deals = ["up 9", "deal Carol 10 9", "deal Mei 10 8", "stand Carol", "stand Mei", "hole 9"]
    for line in [*rnd("9"), "pass", *bob_deals]:
        tc.handle(line)
    tc.redraw()
    assert "bjingo · round 6 · dealer Bob (1/5)" in text_of(tc.out)
    assert re.search(r"night 1 .* bjingo +5 +open", cli("history")[1])  # after the start's words
    assert [n["rounds"] for n in json.loads(cli("history", "--json")[1])] == [5]
    stats = {r["name"]: r for r in json.loads(cli("stats", "--json")[1])}
    assert sum(r["dealt"] for r in stats.values()) == 5 and stats["Carol"]["rounds"] == 5
    assert (stats["Mei"]["dealt"], stats["Bob"]["dealt"]) == (4, 1)
    ledger = cli("ledger")[1]
    for shown in ("round 3 · dealer Mei", "after round 3 · dealer Mei · cashout", "round 5"):
        assert shown in ledger
    assert "after round 4 · dealer Mei · pass" in ledger and "round 6" not in ledger
    assert "round 4 · dealer" in cli("ledger", "--round", "4")[1]
    log = cli("export", "--log")[1]
    assert "\ncashout Bob  # after round 3, dealer Mei\n" in log
    assert "\npass  # after round 4, dealer Mei\n" in log and "# round 5, dealer Bob" in log
    rows = list(csv.DictReader(io.StringIO(cli("export", "--csv")[1])))
    assert [(r["kind"], r["round"]) for r in rows if r["kind"] != "round"] == [
        ("cashout", "3"),
        ("pass", "4"),
    ]
    assert sorted({int(r["round"]) for r in rows if r["kind"] == "round"}) == [1, 2, 3, 4, 5]
    path = tmp_path / "night.log"
    path.write_text(log, encoding="utf-8")
    replayed = json.loads(cli("replay", str(path), "--json")[1])["rounds"]
    assert [(r["kind"], r.get("number"), r.get("after")) for r in replayed] == [
        ("round", 1, None),
        ("round", 2, None),
        ("round", 3, None),
        ("cashout", None, 3),
        ("round", 4, None),
        ("pass", None, 4),
        ("round", 5, None),
    ]
    text = cli("replay", str(path))[1]
    assert "After round 3 · dealer Mei · cashout" in text and "Round 5 · dealer Bob" in text
    seen = players_view(Store())  # the players' page
    assert (seen["rounds_played"], seen["night"]["round"], seen["live"]["round"]) == (5, 6, 6)
    assert [(t["dealer"], t["first"], t["last"]) for t in seen["turns"]] == [
        ("Mei", 1, 4),
        ("Bob", 5, 5),
    ]
    assert seen["chart"]["rounds"] == [0, 1, 2, 3, 4, 5]
