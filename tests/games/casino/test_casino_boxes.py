"""Shared boxes and several boxes a player (CASINO.md §6): the standing words `behind` and `box`,
their refusals, the money of each bettor on his own ledger line, and the panel."""

from __future__ import annotations

import pytest

from banluck.app.records import read_log
from banluck.core.errors import BanluckError
from banluck.core.money import nets
from banluck.games.casino.panel import panel
from banluck.table.night import Night


def night(body: str, head: str = "night box-21 Dee Ann Ben Cid Eve\nstake 10") -> Night:
    played, _ = read_log(f"{head}\n{body}\n", "test")
    return played


def refused(body: str, head: str = "night box-21 Dee Ann Ben Cid Eve\nstake 10") -> str:
    with pytest.raises(BanluckError) as err:
        night(body, head)
    return str(err.value).split(": ", 1)[1]


CASE_8 = "stake Ann 30\nbehind Ben Ann 20 follow\nbehind Cid Ann 10 stay"
HEAD_8 = "night box-21 Dee Ann Ben Cid\nstake 10"


def test_case_8_a_blackjack_under_a_7_pays_every_bettor_at_once() -> None:
    """CASINO.md §8 case 8: A K against a 7 up: +45, +30, +15, the round over at the deal."""
    played = night(f"{CASE_8}\nup 7\ndeal Ann A K", HEAD_8)
    assert played.current is None
    (done,) = played.rounds
    assert done.nets() == {"Dee": -90, "Ann": 45, "Ben": 30, "Cid": 15}
    assert [t.reason for t in done.transfers] == [
        "Ann: blackjack pays 3:2",
        "Ben behind Ann: blackjack pays 3:2",
        "Cid behind Ann: blackjack pays 3:2",
    ]


def test_case_8_the_owners_equal_money_binds_the_box() -> None:
    """Against an ace up, Ann takes equal money: +30, +20, +10 for the three of them."""
    played = night(f"{CASE_8}\nup A\ndeal Ann A K", HEAD_8)
    assert played.current is not None  # the blackjack waits under an ace
    played.do_line("even", ["Ann"])
    assert played.rounds[-1].nets() == {"Dee": -60, "Ann": 30, "Ben": 20, "Cid": 10}


def test_a_bettor_behind_takes_no_decision() -> None:
    """Only the owner decides for the box; a bettor behind it is told so."""
    message = refused(f"{CASE_8}\nup A\ndeal Ann A K\neven Ben", HEAD_8)
    assert message == (
        "cannot pay even money to Ben: Ben bets behind Ann, whose owner Ann decides for the box"
        " (pay even money to Ann)"
    )


def test_a_follower_doubles_and_a_stayer_keeps_his_bet() -> None:
    """Ann doubles 11: Ben follows (10 -> 20), Cid stays (6); the dealer busts."""
    played = night(
        "stake Ann 20\nbehind Ben Ann 10 follow\nbehind Cid Ann 6 stay\nup 6\ndeal Ann 6 5\n"
        "deal Eve 10 8\ndouble Ann 10\nstand Eve\ndraw 10\ndraw 9"
    )
    assert played.rounds[-1].nets() == {"Dee": -76, "Ann": 40, "Ben": 20, "Cid": 6, "Eve": 10}


def test_a_stayer_stays_on_the_first_hand_of_a_split() -> None:
    """Ann splits 8 8 against a 9: Ben follows onto Ann.2, Cid stays on Ann.1 only; the panel
    shows each of them under the hands they are in."""
    played = night(
        "stake Ann 20\nbehind Ben Ann 10 follow\nbehind Cid Ann 6 stay\nup 9\ndeal Ann 8 8\n"
        "deal Eve 10 7\nsplit Ann\nhit Ann.1 K\nstand Ann.1\nhit Ann.2 2\ndouble Ann.2 J"
    )
    assert played.current is not None
    rows = [(r.name, r.stake, r.state) for r in panel(played.current.state).rows]
    assert rows == [
        ("Ann.1", 20, "waits for the dealer"),
        ("Ben on Ann.1", 10, "follows"),
        ("Cid on Ann.1", 6, "bet stays"),
        ("Ann.2", 40, "doubled"),
        ("Ben on Ann.2", 20, "follows"),
        ("Eve", 10, "to play"),
    ]
    for word, args in (("stand", ["Eve"]), ("draw", ["10"])):
        played.do_line(word, args)
    done = played.rounds[-1]
    assert done.nets() == {"Dee": -14, "Ann": 20, "Ben": 10, "Cid": -6, "Eve": -10}
    assert [t.reason for t in done.transfers if "Cid" in (t.payer, t.payee)] == [
        "Cid behind Ann.1: 18 loses to the dealer's 19"
    ]


def test_no_hole_card_original_takes_each_bettors_original_bet_only() -> None:
    """Under dealer.no_hole_card_loses original a dealer blackjack takes the original bet: Ann
    loses 20 of her doubled 40, Ben 10 of his 20, Cid his 6."""
    played = night(
        "stake Ann 20\nbehind Ben Ann 10 follow\nbehind Cid Ann 6 stay\nup 10\ndeal Ann 5 6\n"
        "deal Eve 10 9\ndouble Ann 9\nstand Eve\ndraw A",
        "night box-21 Dee Ann Ben Cid Eve\nrule dealer.no_hole_card_loses original\nstake 10",
    )
    assert played.rounds[-1].nets() == {"Dee": 46, "Ann": -20, "Ben": -10, "Cid": -6, "Eve": -10}


def test_a_follower_insures_with_the_owner_and_a_stayer_does_not() -> None:
    """blackjack-pro with three bettors a box: Ann insures her 10 6 against the ace; Ben follows
    (insures 10 of his 20), Cid stays; the dealer has blackjack: every main bet is lost, the
    insurance pays 2:1."""
    played = night(
        "behind Ben Ann 20 follow\nbehind Cid Ann 10 stay\nup A\ndeal Ann 10 6\n"
        "deal Eve 10 9\ninsure Ann\nhole K",
        "night blackjack-pro Dee Ann Ben Cid Eve\nrule boxes.bettors 3\nstake 10",
    )
    assert played.rounds[-1].nets() == {"Dee": 20, "Ann": 0, "Ben": 0, "Cid": -10, "Eve": -10}


def test_two_boxes_are_played_in_seat_order_and_paid_to_their_player() -> None:
    """Bob's second box plays after his first and before Carol; its money is Bob's, its lines
    say which box; the ledger's hands and stakes name people only."""
    played = night(
        "box Bob 2\nstake Bob:2 20\nup 6\ndeal Bob 10 7\ndeal Bob:2 8 8\ndeal Carol 9 2\n"
        "stand Bob\nsplit Bob:2\nhit Bob:2.1 3\ndouble Bob:2.1 10\nhit Bob:2.2 10\n"
        "stand Bob:2.2\ndouble Carol 9\nhole 10\ndraw 5",
        "night blackjack-pro Mei Bob Carol\nstake 10",
    )
    (done,) = played.rounds
    assert done.nets() == {"Mei": 50, "Bob": -30, "Carol": -20}
    assert [(t.payer, t.reason) for t in done.transfers] == [
        ("Bob", "Bob: 17 loses to the dealer's 21"),
        ("Bob", "Bob:2.2: 18 loses to the dealer's 21"),
        ("Carol", "Carol: 20 loses to the dealer's 21"),
    ]
    assert set(done.kinds) == {"Mei", "Bob", "Carol"}
    assert set(done.to_dict()["stakes"]) == {"Bob", "Carol"}
    assert done.to_dict()["standing"] == {"box Bob": "box Bob 2", "stake Bob:2": "stake Bob:2 20"}


def test_any_box_may_play_first_a_split_boxs_hands_in_order() -> None:
    """The table's order is the dealer's to type (issue 27): Bob's second box may stand before
    his first; within a split box its hands are played in order."""
    head = "night blackjack-pro Mei Bob Carol\nstake 10"
    played = night(
        "box Bob 2\nup 6\ndeal Bob 10 7\ndeal Bob:2 8 8\ndeal Carol 9 2\nstand Carol\nstand Bob:2",
        head,
    )
    assert played.current is not None
    assert played.current.state.to_play().name == "Bob"
    message = refused(
        "box Bob 2\nup 6\ndeal Bob 10 7\ndeal Bob:2 8 8\ndeal Carol 9 2\nsplit Bob:2\nhit Bob:2.2 3",
        head,
    )
    assert message == "cannot hit Bob:2.2: Bob:2.1 plays first (a split box's hands in order)"


def test_a_second_box_takes_the_players_stake_until_it_has_its_own() -> None:
    """`box Bob 3`: Bob:2 and Bob:3 ride at Bob's stake; `stake Bob:3 30` is Bob:3's own;
    `stake 20` (everyone's) clears it; `box Bob 1` takes the extra boxes off."""
    head = "night blackjack-pro Mei Bob Carol\nstake 10"
    played = night("stake Bob 6\nbox Bob 3\nstake Bob:3 30\nup 9", head)
    assert played.current is not None
    stakes = {b.name: b.stake for b in played.current.state.players.values()}
    assert stakes == {"Bob": 6, "Bob:2": 6, "Bob:3": 30, "Carol": 10}
    played = night("box Bob 3\nstake Bob:3 30\nstake all 20\nup 9", head)
    assert played.current is not None
    assert {b.stake for b in played.current.state.players.values()} == {20}
    played = night("box Bob 3\nstake Bob:3 30\nbox Bob 1", head)
    assert played.seating.side.standing == ()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "behind Ben Ann 10 follow\nbehind Cid Ann 10 stay\nbehind Eve Ann 10 stay",
            "Ann's box has 3 bettors already, Ann included: at most 3 a box (boxes.bettors 3)",
        ),
        ("behind Ben Ann 10 maybe", "follow or stay, not 'maybe': does Ben follow Ann's doubles"),
        (
            "behind Ben Ann 5 follow",
            "a stake of 5 for Ben behind Ann would make a blackjack pay 7.5:",
        ),
        ("behind Ann Ann 10 follow", "Ann cannot bet behind Ann's own box"),
        (
            "behind Ben Ann 10 follow\nbehind Cid Ben 10 follow",
            "Ben bets behind Ann and so plays no box",
        ),
        (
            "behind Ben Ann 10 follow\nbehind Ann Cid 10 follow",
            "Ben bets behind Ann's box: take that bet off",
        ),
        (
            "behind Ben Ann:2 10 follow",
            "there is no box Ann:2: Ann plays 1 box (`box Ann 2` first)",
        ),
        ("behind Ben 0", "Ben bets behind no box: Ben plays an own box already"),
        ("behind Ben Ann 10", "usage: behind NAME BOX AMOUNT follow|stay"),
        ("box Ann 2", "box Ann 2: at most 1 box a player here (boxes.per_seat 1)"),
        ("stake Ann:2 10", "Ann:2 is neither a seat nor a betting spot of this table (seats:"),
        (
            "behind Ben Ann 10 follow\nleave Ann",
            "Ann cannot leave while Ben bets behind the box Ann: take Ben's bet off first",
        ),
    ],
)
def test_refusals_say_why(body: str, message: str) -> None:
    assert refused(body).startswith(message)


def test_nobody_bets_behind_where_a_box_has_one_bettor() -> None:
    message = refused("behind Carol Bob 10 follow", "night blackjack-pro Mei Bob Carol\nstake 10")
    assert message == (  # the knob, and how to change it (issue 27)
        "nobody bets behind a box here (boxes.bettors 1): to allow it, copy the rules and raise"
        " the knob (`banluck rules new mine --from blackjack-pro`, then `banluck rules set mine"
        " boxes.bettors 3`)"
    )


def test_a_box_with_a_bettor_behind_it_cannot_be_taken_off() -> None:
    head = "night blackjack-pro Mei Bob Carol Dave\nrule boxes.bettors 2\nstake 10"
    message = refused("box Bob 2\nbehind Carol Bob:2 10 follow\nbox Bob 1", head)
    assert message.startswith("Carol bets behind Bob:2: take that bet off first (behind Carol 0)")


def test_a_leaving_bettor_takes_his_bet_with_him() -> None:
    played = night("behind Ben Ann 10 follow\nbox Eve 1\nleave Ben")
    assert played.seating.side.standing == ()


def test_while_the_owner_deals_the_bets_behind_his_box_wait() -> None:
    """The deal passes to Ann: Ben's bet behind her box does not ride, and the panel says so;
    it rides again once she plays."""
    played = night(
        "behind Ben Ann 10 follow\npass\nup 7\ndeal Dee 10 8\ndeal Cid 10 9\ndeal Eve 9 9",
        "night box-21 Dee Ann Ben Cid Eve\nstake 10",
    )
    assert played.current is not None
    assert "Ben's 10 behind Ann waits: Ann deals" in panel(played.current.state).hints
    assert "Ben" not in {x.name for b in played.current.state.players.values() for x in b.bettors}


def test_back_on_his_own_box_with_behind_0() -> None:
    played = night("behind Ben Ann 10 follow\nbehind Ben 0\nup 7")
    assert played.current is not None
    assert list(played.current.state.players) == ["Ann", "Ben", "Cid", "Eve"]


def test_each_bettors_money_is_on_his_own_lines_and_nets_to_zero() -> None:
    played = night(f"{CASE_8}\nup 9\ndeal Ann 10 6\nhit Ann 5\ndraw 8", HEAD_8)
    (done,) = played.rounds
    assert sum(nets(list(done.transfers)).values()) == 0
    assert {t.payee for t in done.transfers} == {"Ann", "Ben", "Cid"}


def test_the_banks_worst_case_counts_every_box_and_every_bet_behind() -> None:
    """box-21 pays 3:2 and splits once with doubles (a box's worst: 4 x its stake). CASE 8 with
    Eve on a box of her own: Ann's 30 (120), Ben's 20 following her (80), Cid's 10 staying on the
    first hand (his blackjack: 15) and Eve's 10 (40) make 255, between rounds and in the round."""
    from banluck.games.casino.risk import table_worst

    head = "night box-21 Dee Ann Ben Cid Eve\nrule limits.bank 1000\nstake 10"
    played = night(CASE_8, head)
    seating = played.seating
    stakes = {name: seating.stake_of(name) or 0 for name in seating.seats if name != "Dee"}
    assert table_worst(seating.preset, stakes, (), seating.side.standing) == 255  # type: ignore[arg-type]
    played.do_line("up", ["9"])
    hints = panel(played.current.state).hints  # type: ignore[union-attr]
    assert "the bank risks at most 255 this round (limits.bank 1000)" in hints


def test_a_second_box_or_a_bet_behind_over_the_banks_limit_is_refused() -> None:
    """limits.bank 100 under blackjack-pro (a box's worst: 4 x its stake): Bob and Carol at 10
    risk 80, and a second box for Bob (40 more) is refused with the figure. limits.bank 150
    under box-21: Ann, Ben and Cid at 10 risk 120; Cid moving behind Ann with 20 that follows
    her doubles and splits risks 160 and is refused; staying on her first hand (30) he is not."""
    head = "night blackjack-pro Mei Bob Carol\nrule limits.bank 100\nstake 10"
    assert refused("box Bob 2", head) == (
        "the bank could lose 120 this round with this bet (now 80), over its limit of 100"
        " (limits.bank)"
    )
    head = "night box-21 Dee Ann Ben Cid\nrule limits.bank 150\nstake 10"
    assert refused("behind Cid Ann 20 follow", head) == (
        "the bank could lose 160 this round with this bet (now 120), over its limit of 150"
        " (limits.bank)"
    )
    played = night("behind Cid Ann 20 stay\nup 9", head)
    hints = panel(played.current.state).hints  # type: ignore[union-attr]
    assert "the bank risks at most 110 this round (limits.bank 150)" in hints
