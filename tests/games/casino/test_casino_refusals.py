"""Every forced part of a casino round is enforced, and every refusal is one sentence naming the
rule and the state (CASINO.md §3)."""

from __future__ import annotations

import pytest

from banluck.app.records import read_log
from banluck.core.errors import BanluckError, RuleError
from tests.games.casino.helpers_casino import do, nets, play, preset

BJ_PRO = """
up 9
deal Bob 10 6
deal Carol 8 8
"""


def refused(before: str, line: str, rules=None, stakes=None) -> str:
    rnd = play(before, rules, stakes)
    with pytest.raises(RuleError) as exc:
        do(rnd, line)
    message = str(exc.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("rules", "before", "line", "says"),
    [
        (None, "", "deal Bob 10 6", "the up card comes first"),
        (
            None,
            "up 9",
            "hit Bob 5",
            "cannot hit Bob: every box is dealt first (still to deal: Bob, Carol)",
        ),
        (None, "up 9\ndeal Bob 10 6", "deal Bob 9 9", "already dealt"),
        (None, "up 9\ndeal Bob 10 6", "deal Carol 9", "a box gets two cards"),
        (
            None,
            BJ_PRO + "split Carol",
            "hit Carol.2 5",
            "cannot hit Carol.2: Carol.1 plays first (a split box's hands in order)",
        ),
        (None, BJ_PRO, "peek", "the dealer peeks only under an ace or a ten, not 9"),
        (None, BJ_PRO, "draw 5", "cannot draw: Bob is still to play (16)"),
        (None, BJ_PRO, "even Bob", "only against an ace up"),
        (None, BJ_PRO + "stand Bob\nsplit Carol\nsplit Carol.1", "split Carol.1", ""),
        (
            None,
            BJ_PRO + "stand Bob\nsplit Carol\nhit Carol.1 8",
            "split Carol.1",
            "cannot split Carol.1 again: split.max_hands 2",
        ),
        (
            None,
            BJ_PRO + "stand Bob\nsplit Carol\nhit Carol.1 3\nhit Carol.1 2",
            "double Carol.1 5",
            "only on two cards",
        ),
        (None, BJ_PRO + "hit Bob 2", "surrender Bob", "only as the first decision"),
        (
            None,
            BJ_PRO + "stand Bob\nsplit Carol\nhit Carol.1 10",
            "surrender Carol.1",
            "a split hand is never surrendered",
        ),
        (None, BJ_PRO + "stand Bob", "stand Bob", "the hand is over"),
        (None, "up 9\ndeal Bob 10 7\ndeal Carol 10 K", "split Bob", "10 7 is not a pair"),
        (
            preset(**{"split.unlike_tens": False}),
            "up 9\ndeal Bob 10 K\ndeal Carol 10 7",
            "split Bob",
            "10 K is not a pair (split.unlike_tens false)",
        ),
        (
            preset(**{"split.max_hands": 1}),
            BJ_PRO + "stand Bob",
            "split Carol",
            "no splitting here (split.max_hands 1)",
        ),
        (
            preset(**{"double.after_split": False}),
            BJ_PRO + "stand Bob\nsplit Carol\nhit Carol.1 3",
            "double Carol.1 9",
            "not after a split (double.after_split false)",
        ),
        (
            preset("bjingo"),
            "up 9\ndeal Bob A 6\ndeal Carol 8 8",
            "double Bob 4",
            "soft 17 is not a hard hand (double.on hard)",
        ),
        (
            preset(**{"double.on": "10-11"}),
            "up 9\ndeal Bob 5 4\ndeal Carol 8 8",
            "double Bob 4",
            "9 is not 10-11 (double.on 10-11)",
        ),
        (
            preset("bjingo"),
            "up A\ndeal Bob 10 6\ndeal Carol 8 8\npeek",
            "surrender Bob",
            "cannot surrender Bob against an ace (surrender.mode late-not-vs-ace)",
        ),
        (
            preset("box-21"),
            "up 9\ndeal Bob 10 6\ndeal Carol 8 8",
            "surrender Bob",
            "no surrender here (surrender.mode none)",
        ),
        (
            preset("box-21"),
            "up A\ndeal Bob 10 6\ndeal Carol 8 8",
            "insure Bob",
            "no insurance here (insurance.offered false)",
        ),
        (preset("box-21"), "up A\ndeal Bob 10 6\ndeal Carol 8 8", "peek", "there is no hole card"),
        (
            preset("box-21"),
            "up 9\ndeal Bob 10 6\ndeal Carol 8 8\nstand Bob\nstand Carol",
            "hole 5",
            "there is no hole card (dealer.hole_card no-hole-card)",
        ),
        (
            preset("mini-blackjack"),
            "up A\ndeal Bob A K\ndeal Carol 8 8",
            "even Bob",
            "the blackjack waits for the dealer's hand (insurance.even_money false)",
        ),
        (None, "up A\ndeal Bob A K\ndeal Carol 8 8", "hit Carol 3", "the dealer peeks first"),
        (None, "up A\ndeal Bob A K\ndeal Carol 8 8", "hole 7", "makes no blackjack with the A"),
        (None, "up A\ndeal Bob 10 7\ndeal Carol 8 8\npeek", "insure Bob", "the peek is over"),
        (
            None,
            "up A\ndeal Bob 10 7\ndeal Carol 8 8\npeek\nstand Bob\nstand Carol",
            "hole K",
            "hole K makes a blackjack, but the peek found none",
        ),
        (None, "up A\ndeal Bob 10 7\ndeal Carol 8 8\ninsure Bob", "insure Bob", "already insured"),
        (None, "up A\ndeal Bob 10 7\ndeal Carol 8 8", "even Bob", "17 is not a blackjack"),
        (
            None,
            "up A\ndeal Bob A K\ndeal Carol 8 8\ninsure Bob",
            "even Bob",
            "cannot pay even money to Bob: the blackjack is insured already",
        ),
        (
            preset("box-21"),
            "up A\ndeal Bob A K\ndeal Carol 8 8\nhit Carol 2",
            "even Bob",
            "the players have begun to play",
        ),
        (None, BJ_PRO + "stand Bob\nstand Carol", "draw 5", "turn the hole card first"),
        (preset(decks=1), "up As\ndeal Bob 10 7", "deal Carol As 3", "A♠ seen 2 times"),
        (
            preset(decks=1),
            "up A\ndeal Bob A A\ndeal Carol A 3\npeek\nsplit Bob",
            "hit Bob.1 A",
            "5 cards of rank A",
        ),
        (None, BJ_PRO, "hit Dave 5", "not at the table"),
        (None, BJ_PRO, "hit Mei 5", "Mei deals this round"),
    ],
)
def test_refusals_name_the_rule_and_the_state(rules, before, line, says) -> None:  # type: ignore[no-untyped-def]
    """The forced parts are enforced; each refusal is one sentence naming rule and state."""
    if says == "":  # a split hand waiting for its second card cannot split
        with pytest.raises(RuleError):
            do(play(before, rules), line)
        return
    assert says in refused(before, line, rules)


def test_split_aces_take_one_card_and_resplit_only_where_the_house_allows() -> None:
    """blackjack-pro: split aces take one card each and are never split again."""
    rnd = play("up 5\ndeal Bob A A\ndeal Carol 10 9\nsplit Bob\nhit Bob.1 A")
    assert rnd.state.to_play() is not None and rnd.state.to_play().name == "Bob.2"
    assert "the hand is over" in refused(
        "up 5\ndeal Bob A A\ndeal Carol 10 9\nsplit Bob\nhit Bob.1 A", "split Bob.1"
    )
    bjingo = preset("bjingo")
    rnd = play("up 5\ndeal Bob A A\ndeal Carol 10 9\nsplit Bob\nhit Bob.1 A", bjingo)
    assert rnd.state.to_play().name == "Bob.1"  # type: ignore[union-attr]
    assert "split aces take one card" in refused(
        "up 5\ndeal Bob A A\ndeal Carol 10 9\nsplit Bob\nhit Bob.1 A", "hit Bob.1 5", bjingo
    )


def test_bjingo_splits_to_four_hands_and_no_more() -> None:
    """split.max_hands 4: the fourth hand is the last; the refusal names the knob."""
    lines = "up 6\ndeal Bob 8 8\ndeal Carol 10 7\nsplit Bob\nhit Bob.1 8\nsplit Bob.1\nhit Bob.1 8\nsplit Bob.1\nhit Bob.1 8"
    assert "cannot split Bob.1 again: split.max_hands 4" in refused(
        lines, "split Bob.1", preset("bjingo")
    )
    rnd = play(lines, preset("bjingo"))
    assert [h.name for h in rnd.state.hands()][:4] == ["Bob.1", "Bob.2", "Bob.3", "Bob.4"]


def test_a_split_box_name_stands_for_its_hand_in_play() -> None:
    """`hit Bob 3` on a split box goes to the hand whose turn it is, stored with its name."""
    rnd = play(BJ_PRO + "stand Bob\nsplit Carol\nhit Carol 3")
    assert rnd.lines()[-1] == "hit Carol.1 3"


def test_the_dealer_must_draw_says_so_and_the_round_ends_by_itself() -> None:
    """The engine ends the round when the dealer's hand is final and every hand is settled."""
    rnd = play(BJ_PRO + "stand Bob\nstand Carol\nhole 6")
    assert rnd.pending() == "the dealer must draw: 15"
    do(rnd, "draw 2")
    assert rnd.done
    assert nets(rnd) == {"Bob": -10, "Mei": 20, "Carol": -10}


def test_every_box_busted_ends_the_round_without_the_dealer() -> None:
    """The dealer does not draw when every box is already settled."""
    rnd = play("up 9\ndeal Bob 10 6\ndeal Carol 10 5\nhit Bob K\nhit Carol Q")
    assert rnd.done and nets(rnd) == {"Bob": -10, "Mei": 20, "Carol": -10}


def test_even_money_all_round_ends_without_a_peek() -> None:
    """Every box settled before the peek and nobody insured: the round ends."""
    rnd = play("up A\ndeal Bob A K\ndeal Carol A Q\neven Bob\neven Carol")
    assert rnd.done and nets(rnd) == {"Mei": -20, "Bob": 10, "Carol": 10}


@pytest.mark.parametrize(
    ("rules", "stake", "says"),
    [
        (
            "blackjack-pro",
            5,
            "a stake of 5 for Bob would make a blackjack pay 7.5: stakes are multiples of 2 here",
        ),
        ("blackjack-pro", 10, ""),
        (
            "box-21",
            5,
            "a stake of 5 for Bob would make a blackjack pay 7.5: stakes are multiples of 2 here (payouts.blackjack 3:2)",
        ),
    ],
)
def test_stakes_that_make_half_chips_are_refused(rules: str, stake: int, says: str) -> None:
    """Whole chips: a stake whose payouts would make half chips is refused when the round starts."""
    from banluck.games.casino.family import CASINO
    from banluck.table.round import Round
    from banluck.table.seating import Table

    table = Table(preset(rules), "Mei", {"Bob": stake})
    if not says:
        Round(table, CASINO)
        return
    with pytest.raises(RuleError, match=r"^" + says.replace("(", r"\(").replace(")", r"\)")):
        Round(table, CASINO)


@pytest.mark.parametrize(
    ("knobs", "stake", "unit"),
    [
        ({"payouts.blackjack": "6:5"}, 5, 10),
        ({"payouts.blackjack": "6:5", "surrender.mode": "none", "insurance.offered": False}, 5, 5),
        ({"payouts.blackjack": "1:1"}, 3, 2),
        ({"payouts.blackjack": "1:1", "surrender.mode": "none", "insurance.offered": False}, 3, 1),
    ],
)
def test_the_whole_chip_step_follows_the_payouts(knobs: dict, stake: int, unit: int) -> None:  # type: ignore[type-arg]
    """Multiples of 2 under 3:2, of 5 under 6:5, of 10 under 6:5 with surrender or insurance."""
    from banluck.games.casino.settlement import stake_unit

    assert stake_unit(preset(**knobs))[0] == unit


def test_a_night_refuses_a_half_chip_stake_in_one_line() -> None:
    """`stake 5` under blackjack-pro: refused when typed, with the reason (issue 27: no longer
    accepted until the next `up`)."""
    with pytest.raises(BanluckError) as exc:
        read_log("night blackjack-pro Mei Bob\nstake 5\nup 9\n", "x.log")
    assert str(exc.value) == (
        "x.log:2: a stake of 5 for Bob would make a blackjack pay 7.5: stakes are multiples of 2 here"
        " (payouts.blackjack 3:2)"
    )


@pytest.mark.parametrize(
    ("rules", "up", "hole", "says"),
    [
        (None, "7", "Q", "the dealer stands on 17 (dealer.hits_soft_17 false)"),
        (None, "6", "A", "the dealer stands on soft 17 (dealer.hits_soft_17 false)"),
        ("tournament", "7", "Q", "the dealer stands on 17 (dealer.hits_soft_17 true)"),
    ],
)
def test_a_draw_is_refused_once_the_dealer_must_stand(rules, up: str, hole: str, says: str) -> None:  # type: ignore[no-untyped-def]
    """His hand final, the round is over; a draw says why the dealer stands."""
    from banluck.core.cards import Card
    from banluck.games.casino.actions import Draw

    rnd = play(
        f"up {up}\ndeal Bob 10 7\ndeal Carol 8 8\nstand Bob\nstand Carol\nhole {hole}",
        preset(rules) if rules else None,
    )
    assert rnd.done
    with pytest.raises(RuleError, match=says.replace("(", r"\(").replace(")", r"\)")):
        Draw(Card("5")).verify(rnd.state)


def test_the_tournament_dealer_draws_to_soft_17() -> None:
    """dealer.hits_soft_17 true: A 6 must draw, and says so."""
    rnd = play(
        "up 6\ndeal Bob 10 7\ndeal Carol 8 8\nstand Bob\nstand Carol\nhole A", preset("tournament")
    )
    assert rnd.pending() == "the dealer must draw: soft 17 (dealer.hits_soft_17 true)"
