"""The dealer's console on shared boxes and several boxes, at 80 and 45 columns: between rounds it
says who is on which box, in a round each bettor has his row under each hand he is in. The screens
are kept in docs/screens/ and shown in docs/boxes.md (`BANLUCK_REGEN_SCREENS=1` rewrites them)."""

from __future__ import annotations

import pytest

from tests.cli.test_table_screen import SCREENS, check_file, console_on, text_of

SHARED = ("box-21", ["Dee", "Ann", "Ben", "Cid", "Eve"], 10)
STANDING = ["stake Ann 20", "behind Ben Ann 10 follow", "behind Cid Ann 6 stay"]
ROUND = ["up 9", "deal Ann 8 8", "deal Eve 10 7", "split Ann", "hit Ann.1 K", "stand Ann.1"]
ROUND += ["hit Ann.2 2", "double Ann.2 J"]
TWO = ("blackjack-pro", ["Mei", "Bob", "Carol"], 10)
TWO_LINES = ["box Bob 2", "stake Bob:2 20", "up 6", "deal Bob 10 7", "deal Bob:2 8 8"]
TWO_LINES += ["deal Carol 9 2", "stand Bob", "split Bob:2", "hit Bob:2.1 3", "double Bob:2.1 10"]


def screens(night: tuple[str, list[str], int], lines: list[str], width: int) -> str:
    """The panel after the standing words, then after the round's last line."""
    tc = console_on(night, width)
    out = []
    for line in lines:
        text_of(tc.out)
        tc.handle(line)
        if line in ("behind Cid Ann 6 stay", "stake Bob:2 20", lines[-1]):
            out.append(f"> {line}\n" + text_of(tc.out))
    return "\n".join(out)


@pytest.mark.parametrize("width", [80, 45])
def test_the_console_shows_who_is_on_which_box(width: int) -> None:
    shown = screens(SHARED, [*STANDING, *ROUND], width)
    check_file(SCREENS / f"boxes-{width}.txt", shown)
    between, during = shown.split("> double Ann.2 J\n")
    assert "Ben: 10 behind Ann, follows" in between
    assert "Cid: 6 behind Ann, stays (not in doubles or splits)" in " ".join(between.split())
    rows = [line.split()[:3] for line in during.splitlines()]
    assert ["Ben", "on", "Ann.1"] in rows and ["Ben", "on", "Ann.2"] in rows
    assert ["Cid", "on", "Ann.1"] in rows and ["Cid", "on", "Ann.2"] not in rows


def test_the_console_shows_a_players_second_box_in_seat_order() -> None:
    shown = screens(TWO, TWO_LINES, 45)
    check_file(SCREENS / "two-boxes-45.txt", shown)
    assert "Bob: 2 boxes, Bob 10, Bob:2 20" in shown
    during = shown.split("> double Bob:2.1 10\n")[1]
    names = [line.split()[0] for line in during.splitlines() if " = " in line]
    assert names == ["Bob", "Bob:2.1", "Bob:2.2", "Carol"]


def test_between_rounds_the_standing_words_are_offered_with_the_seats() -> None:
    from banluck.games.casino.hints import names_for, words_now

    assert {"behind", "box"} <= set(words_now(None))
    assert names_for("behind", None, ["Dee", "Ann"]) == ["Dee", "Ann"]
