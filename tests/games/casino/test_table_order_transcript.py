"""A blackjack-pro night worked by hand (issue 27): the bank passes to Bob, and his round's
hands (a split and a double among them) are typed from his left and in every other order of the
boxes and of the split's two hands, as a table calls them; each order settles to the same
hand-worked balances."""

from __future__ import annotations

import itertools

import pytest

from banluck.app.records import read_log

HEAD = "night blackjack-pro Mei Bob Carol Dave\nstake 10\n"
# Round 1, Mei deals: Bob 19 pushes her 19, Carol hits to 21 (the hand ends) and wins 10, Dave's 17 loses 10.
ROUND_1 = [
    "up 9",
    "deal Bob 10 9",
    "deal Carol 10 6",
    "deal Dave 9 8",
    "stand Dave",
    "hit Carol 5",
    "stand Bob",
    "hole 10",
]
# Round 2, Bob deals; from his left: Carol splits 8s (8+3+9 = 20, 8+10 = 18), Dave doubles 11
# to 21 (20 at risk), Mei stands on 17. Bob 6+10 draws a 6: bust, every hand wins.
OWN = {
    "Carol": ["split Carol", "hit Carol.1 3", "hit Carol.1 9", "stand Carol.1"],
    "Carol.2": ["hit Carol.2 10", "stand Carol.2"],
    "Dave": ["double Dave 10"],
    "Mei": ["stand Mei"],
}
DEAL_2 = ["up 6", "deal Carol 8 8", "deal Dave 5 6", "deal Mei 10 7"]
DEALER_2 = ["hole 10", "draw 6"]
# Mei 0 + 10, Carol +10 + 20, Dave -10 + 20, Bob 0 - 50
BALANCES = {"Mei": 10, "Bob": -50, "Carol": 30, "Dave": 10}


def _orders() -> list[list[str]]:
    """Every order of the boxes' blocks, the split's second hand played anywhere after its
    first (a split box's hands play in turn, each its own lines in its own order)."""
    out = []
    for boxes in itertools.permutations(["Carol", "Dave", "Mei"]):
        lines = [line for box in boxes for line in OWN[box]]
        first_done = lines.index("stand Carol.1")
        for at in range(first_done + 1, len(lines) + 1):
            out.append(lines[:at] + OWN["Carol.2"] + lines[at:])
    return out


@pytest.mark.parametrize("order", _orders(), ids=lambda o: "/".join(o))
def test_bobs_round_settles_alike_in_any_order_the_table_plays(order: list[str]) -> None:
    text = HEAD + "\n".join([*ROUND_1, "pass", *DEAL_2, *order, *DEALER_2]) + "\n"
    night, _ = read_log(text, "test")
    assert night.current is None and len(night.rounds) == 2
    assert {name: night.balances.get(name, 0) for name in BALANCES} == BALANCES
    assert sum(night.balances.values()) == 0
