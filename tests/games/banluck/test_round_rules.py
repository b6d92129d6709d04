"""Round-level rules that the transcripts do not isolate."""

from __future__ import annotations

from banluck.core.money import nets
from tests.games.banluck.test_round_refusals import night_after


def test_opened_three_card_hand_is_never_an_instant_hand_whatever_the_order() -> None:
    """`open Fay 10 A 7` after a hit is 18, not a ban-luck: the typed order means nothing."""
    night = night_after(
        [
            "dealer 10 7",
            "hit Bob",
            "stand Bob",
            "stand Carol",
            "stand Dave",
            "open Bob 10 A 7",
            "open Carol 9 9",
            "open Dave 9 8",
        ]
    )
    r = night.rounds[-1]
    assert r.nets()["Bob"] == 10  # 18 beats 17: pays 1


def test_bust_shown_stays_closed_where_busts_are_not_paid_at_once() -> None:
    """bust.shown_at_once false: a shown bust waits for the dealer, and both bust is a push."""
    night = night_after(
        ["dealer 10 6", "hit Bob", "show Bob K 8 6", "stand Bob", "stand Carol", "stand Dave"]
    )
    assert night.current is not None
    assert night.current.state.players["Bob"].settlement is None
    for line in ["draw K", "open Bob", "open Carol 9 9", "open Dave 10 8"]:
        word, *args = line.split()
        night.do_line(word, args)
    assert night.rounds[-1].nets()["Bob"] == 0  # both bust: push (bust.both_bust)


def test_bust_shown_is_paid_at_once_where_the_house_says_so() -> None:
    """bust.shown_at_once true (kampung): the shown bust loses at once."""
    night = night_after(["dealer 10 6", "hit Bob", "show Bob K 8 6"], preset="kampung")
    assert night.current is not None
    settlement = night.current.state.players["Bob"].settlement
    assert settlement is not None and settlement.amount == -10


def test_dealer_still_drawing_is_not_judged_as_standing_short() -> None:
    """A dealer who opens at reveal.dealer_min below his minimum.dealer has not stopped short."""
    night = night_after(
        ["dealer 10 5", "stand Bob", "stand Carol", "stand Dave", "open Bob 10 4"],
        preset="chinese",
        overrides=("reveal.dealer_min=15",),
    )
    assert night.current is not None
    bob = night.current.state.players["Bob"].settlement
    assert bob is not None and bob.amount == -10 and bob.offence  # Bob's 14 is short, not a push


def test_pay_for_dealer_excludes_instant_wins_from_the_cover() -> None:
    """xi-dach: the offender covers what the dealer lost at totals, not an instant ban-luck."""
    night = night_after(
        [
            "dealer 10 7",
            "show Bob A K",
            "stand Carol",
            "stand Dave",
            "open Carol 10 4",
            "open Dave 10 9",
        ],
        preset="xi-dach",
    )
    r = night.rounds[-1]
    # Bob +10 (ban-luck 1), Carol short: -10 and covers Dave's +10 only, Dave +10.
    assert r.nets() == {"Mei": 0, "Bob": 10, "Carol": -20, "Dave": 10}
    assert sum(nets(list(r.transfers)).values()) == 0


def test_names_are_one_word_of_the_log() -> None:
    """A name with a space, `#` or a quote would not read back from the log: it is refused."""
    import pytest

    from banluck.app import presets
    from banluck.core.errors import RuleError
    from banluck.table.seating import seating_for

    for bad in ["Mary Ann", "Bo#b", 'Al"', "dealer", "9lives"]:
        with pytest.raises(RuleError, match="cannot be a player's name"):
            seating_for(presets.load("chinese"), ["Mei", bad])
    seating_for(presets.load("chinese"), ["Mei", "Mary-Ann", "Hoà", "J.R."])


def test_a_misspelt_name_gets_the_nearest_seat() -> None:
    """`hit Bbo` suggests Bob rather than seating a new player."""
    import pytest

    from banluck.core.errors import RuleError

    night = night_after(["dealer 10 6"])
    with pytest.raises(RuleError, match="Bbo is not at the table: did you mean Bob\\?"):
        night.do_line("hit", ["Bbo"])
    with pytest.raises(RuleError, match="seat them between rounds with `seat Zed`"):
        night.do_line("hit", ["Zed"])


def test_pay_for_dealer_cap_limits_what_an_offender_covers() -> None:
    """minimum.pay_for_dealer_cap: with cap 1 the short hand covers at most one stake of the
    dealer's losses (the dealer pays the rest); with the shipped 12 it covers them all."""
    lines = ["dealer 10 7", "stand Bob", "stand Carol", "stand Dave",
             "open Bob 10 4", "open Carol 10 9", "open Dave K Q"]  # fmt: skip
    shipped = night_after(lines, preset="xi-dach").rounds[-1].nets()
    capped = night_after(lines, preset="xi-dach", overrides=("minimum.pay_for_dealer_cap=1",))
    # Carol and Dave win 10 each: Bob covers 20 under cap 12, only 10 under cap 1.
    assert shipped["Bob"] == -10 - 20
    assert capped.rounds[-1].nets()["Bob"] == -10 - 10
