"""The order the table plays (issue 27): before the dealer's turn any box's hand may be played
first, each hand's own sequence legal; the console suggests the order from the dealer's left."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.app.records import read_log
from banluck.core.errors import RuleError
from banluck.games.casino.hints import names_for
from banluck.games.casino.panel import panel
from tests.games.casino.helpers_casino import do, nets, play

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
STAKES = {"Bob": 10, "Carol": 10, "Dave": 10, "Eve": 10}
HEAD = "night blackjack-pro Mei Bob Carol Dave\nstake 10\n"


def test_after_the_bank_passes_play_is_suggested_from_the_dealers_left() -> None:
    """Bob deals (seats Mei Bob Carol Dave): Carol, Dave, then Mei; Carol may still wait."""
    body = "pass\nup 7\ndeal Mei 10 6\ndeal Carol 10 7\ndeal Dave 10 8\n"
    night, _ = read_log(HEAD + body, "test")
    assert night.current is not None
    state = night.current.state
    assert state.to_play() is not None and state.to_play().name == "Carol"
    assert names_for("stand", state, []) == ["Carol", "Dave", "Mei"]
    rows = [(row.name, row.state) for row in panel(state).rows]
    assert rows == [("Carol", "to play"), ("Dave", "waits"), ("Mei", "waits")]
    assert "next: Carol to play (17)" in panel(state).hints
    night, _ = read_log(HEAD + body + "stand Mei\n", "test")  # the suggestion is no rule
    assert night.current is not None and night.current.state.to_play().name == "Carol"


def test_a_line_out_of_a_hands_own_order_is_refused_saying_what_comes_first() -> None:
    rnd = play("up 6\ndeal Bob 8 8\ndeal Carol 10 7\nsplit Bob", stakes={"Bob": 10, "Carol": 10})
    with pytest.raises(RuleError, match=r"^cannot stand Bob\.2: Bob\.1 plays first"):
        do(rnd, "stand Bob.2")
    with pytest.raises(RuleError, match=r"^cannot draw: Bob\.1 is still to play"):
        do(rnd, "draw 5")
    do(rnd, "stand Carol")  # another box may play between a split box's hands


def _legal_play(data: st.DataObject) -> tuple[list[str], list[str], dict[str, list[str]]]:
    """A random legal round typed in the suggested order: its deal, each box's own lines, and
    the dealer's lines after them."""
    draw = lambda items: data.draw(st.sampled_from(items))  # noqa: E731
    up = draw(["2", "5", "6", "7", "8", "9"])  # no peek: every box plays
    head = [f"up {up}"] + [f"deal {name} {draw(RANKS)} {draw(RANKS)}" for name in STAKES]
    rnd = play(head, stakes=STAKES)
    own: dict[str, list[str]] = {name: [] for name in STAKES}
    while rnd.state.phase == "players":
        hand = rnd.state.to_play()
        assert hand is not None
        card = draw(RANKS)
        choice = draw(["stand", "hit", "hit", "double", "split", "surrender"])
        tries = {
            "stand": f"stand {hand.name}",
            "hit": f"hit {hand.name} {card}",
            "double": f"double {hand.name} {card}",
            "split": f"split {hand.name}",
            "surrender": f"surrender {hand.name}",
        }
        for line in (tries[choice], f"hit {hand.name} {card}", f"stand {hand.name}"):
            try:
                do(rnd, line)
            except RuleError:
                continue
            own[rnd.state.box_of(hand).name].append(line)
            break
    dealer: list[str] = []
    while not rnd.state.done:
        line = f"hole {draw(RANKS)}" if len(rnd.state.dealer_cards) < 2 else f"draw {draw(RANKS)}"
        try:
            do(rnd, line)
        except RuleError:
            continue
        dealer.append(line)
    return head, dealer, own


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_legal_order_of_the_players_hands_gives_the_same_money(data: st.DataObject) -> None:
    """The players' lines typed in any interleaving that keeps each box's own order settle the
    round exactly as the suggested order does."""
    head, dealer, own = _legal_play(data)
    in_order = play([*head, *(x for name in STAKES for x in own[name]), *dealer], stakes=STAKES)
    left = {name: list(lines) for name, lines in own.items() if lines}
    mixed: list[str] = []
    while left:
        name = data.draw(st.sampled_from(sorted(left)))
        mixed.append(left[name].pop(0))
        if not left[name]:
            del left[name]
    rnd = play([*head, *mixed, *dealer], stakes=STAKES)
    assert rnd.state.done
    assert nets(rnd) == nets(in_order)
    assert sorted(map(repr, rnd.transfers())) == sorted(map(repr, in_order.transfers()))
