"""`sit`, `back` and `seat NAME after NAME` at the table: who is dealt, who deals next, and the
refusals (each leaves the night as it was)."""

from __future__ import annotations

import pytest

from banluck.app import presets
from banluck.app.records import new_night
from banluck.core.errors import RuleError
from banluck.table.night import Night, changes
from banluck.table.seating import seating_for


def night(*seats: str) -> Night:
    table = new_night(seating_for(presets.load("chinese"), list(seats)))
    table.do_line("stake", ["all", "10"])
    return table


def test_a_player_sitting_out_is_dealt_no_hand_and_keeps_his_stake() -> None:
    n = night("Kim", "Lee", "Max")
    n.do_line("stake", ["Lee", "20"])
    n.do_line("sit", ["Lee"])
    n.do_line("dealer", ["10", "9"])
    assert n.current is not None and list(n.current.table.stakes) == ["Max"]
    n.do_line("stand", ["Max"])
    n.do_line("open", ["Max", "10", "8"])
    assert n.balances == {"Kim": 10, "Lee": 0, "Max": -10}
    n.do_line("back", ["Lee"])
    n.do_line("dealer", ["10", "9"])
    assert n.current is not None and dict(n.current.table.stakes) == {"Lee": 20, "Max": 10}


def test_a_dealer_who_sits_out_hands_the_deal_on_and_pass_skips_him() -> None:
    n = night("Kim", "Lee", "Max", "Ned")
    before = n.seating
    n.do_line("sit", ["Kim"])
    assert n.seating.dealer == "Lee"
    assert changes(before, n.seating) == "Kim sits out; the deal passes to Lee"
    n.do_line("sit", ["Max"])
    n.do_line("pass", [])
    assert n.seating.dealer == "Ned"
    n.do_line("pass", [])
    assert n.seating.dealer == "Lee"  # Kim is passed over, as Max was


def test_seat_after_chooses_the_place_in_the_deal_order() -> None:
    n = night("Kim", "Lee", "Max")
    before = n.seating
    n.do_line("seat", ["Dave", "Eve", "after", "kim"])
    assert n.seating.seats == ("Kim", "Dave", "Eve", "Lee", "Max")
    assert changes(before, n.seating) == (
        "Dave sits down after Kim at 10; Eve sits down after Dave at 10"
    )
    n.do_line("seat", ["Fay", "after", "dealer"])  # `dealer` is whoever deals now
    assert n.seating.seats[1] == "Fay"
    n.do_line("seat", ["Gus"])
    assert n.seating.seats[-1] == "Gus"


@pytest.mark.parametrize(
    ("lines", "line", "error"),
    [
        ([], "sit", "usage: sit NAME [NAME...]: they sit out until `back NAME`"),
        ([], "back Kim", "Kim is not sitting out: `sit Kim` sits them out"),
        (["sit Lee"], "sit Lee", "Lee is already sitting out: `back Lee` brings them back"),
        (["sit Lee"], "sit Max", "Max cannot sit out: a round needs a dealer and a player in play"),
        (["sit Lee"], "leave Max", "Max cannot leave: a round needs a dealer and a player in play"),
        ([], "sit Zed", "Zed is not at the table"),
        ([], "seat Eve after", "usage: seat NAME [NAME...] [after NAME]"),
        ([], "seat after Kim", "usage: seat NAME [NAME...] [after NAME]"),
        (["dealer 10 9"], "sit Lee", "`sit` comes between rounds"),
    ],
)
def test_refusals_leave_the_table_as_it_was(lines: list[str], line: str, error: str) -> None:
    n = night("Kim", "Lee", "Max")
    for typed in lines:
        word, *args = typed.split()
        n.do_line(word, args)
    seating, current = n.seating, n.current
    word, *args = line.split()
    with pytest.raises(RuleError) as caught:
        n.do_line(word, args)
    assert str(caught.value).startswith(error)
    assert (n.seating, n.current) == (seating, current)
