"""Slips at the table: a shown bust ends that player's turn, a line whose cards do not fit says
what to type instead, and a push leaves the dealer's free-hand void open."""

from __future__ import annotations

import pytest

from banluck.core.errors import RuleError
from tests.games.banluck.test_round_refusals import night_after


def test_a_shown_bust_ends_the_turn_where_busts_are_not_paid_at_once() -> None:
    night = night_after(["dealer 10 6", "hit Dave", "show Dave 10 6 K"])
    rnd = night.current
    assert rnd is not None
    dave = rnd.state.players["Dave"]
    assert not dave.settled  # chinese: bust.shown_at_once is false, paid when opened
    assert rnd.state.to_play(dave) is None
    with pytest.raises(RuleError, match=r"cannot hit Dave: Dave showed a bust .* `undo`"):
        night.do_line("hit", ["Dave"])
    # an old log that stood the shown bust still reads back
    night.do_line("stand", ["Dave"])
    night.do_line("stand", ["all"])
    assert rnd.state.phase == "dealer"
    night.do_line("open", ["Dave"])
    settled = rnd.state.players["Dave"].settlement
    assert settled is not None and settled.amount == -10


def test_five_cards_shown_for_four_held_are_the_hit_and_the_show() -> None:
    night = night_after(["dealer 10 6", "hit Carol", "hit Carol"])
    night.do_line("show", ["Carol", "2", "3", "4", "5", "A"])
    rnd = night.current
    assert rnd is not None
    assert rnd.lines()[-2:] == ["hit Carol", "show Carol 2 3 4 5 A"]
    assert rnd.state.players["Carol"].settled


def test_cards_that_do_not_fit_say_what_to_type() -> None:
    night = night_after(["dealer 10 6"])
    with pytest.raises(RuleError, match=r"`hit Carol` 3 times first"):
        night.do_line("show", ["Carol", "2", "3", "4", "5", "A"])
    night = night_after(["dealer 10 7", "hit Bob 5", "stand all"])
    with pytest.raises(RuleError, match=r"or the outcome \(`open Bob bust`"):
        night.do_line("open", ["Bob", "10", "9"])
    with pytest.raises(RuleError, match=r"with 5 among them, or the outcome"):
        night.do_line("open", ["Bob", "10", "9", "2"])


def test_a_push_is_not_a_payment_for_the_free_hand_void() -> None:
    night = night_after(["dealer 8 7", "show Bob A K"])
    rnd = night.current
    assert rnd is not None
    settled = rnd.state.players["Bob"].settlement
    assert settled is not None and settled.amount == 0
    night.do_line("void", [])
    assert len(night.rounds) == 1 and night.rounds[0].ended == "void"
    five = ["hit Carol", "hit Carol", "hit Carol", "show Carol 2 3 4 5 A"]
    night = night_after(["dealer 8 7", *five])
    with pytest.raises(RuleError, match="Carol already paid"):
        night.do_line("void", [])


def test_a_stop_under_the_minimum_is_announced_before_it_is_typed() -> None:
    from banluck.games.banluck.hints import hints

    night = night_after(["dealer 10 4", "stand all"])
    assert night.current is not None
    said = hints(night.current.state)
    assert any(
        "`stop` at 14 is under the dealer's minimum 16: it pays every closed player" in h
        for h in said
    )
    night.do_line("draw", ["3"])
    assert not any("`stop` at" in h for h in hints(night.current.state))
