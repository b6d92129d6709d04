"""The tournament's rules one at a time: the knobs checked at the start, bets in turn and within
the limits, one secret bet a stretch, the chips a double needs, ties, prizes in whole chips."""

from __future__ import annotations

import re

import pytest

from banluck.app import presets
from banluck.core.errors import RuleError
from banluck.games.tournament.night import Tournament, parse_start, start_for
from banluck.games.tournament.rules import lowest, place_prizes, prizes, split


def short(**rules: str):  # type: ignore[no-untyped-def]
    """The shipped tournament preset with knobs changed (`rule` lines)."""
    return presets.with_rules(presets.load("tournament"), list(rules.items()))


def tournament(
    chips: int = 100, seats: tuple[str, ...] = ("Ann", "Ben", "Cid"), **rules: str
) -> Tournament:
    preset = short(**{"tournament.hands": "6", "tournament.cutoffs": "2,4", **rules})
    return Tournament(start_for(preset, list(seats), 20, chips))


def play(t: Tournament, *lines: str) -> None:
    for line in lines:
        t.do_line(line)


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"tournament.prizes": "60,30"}, "tournament.prizes [60, 30] sum to 90, not 100"),
        ({"tournament.cutoffs": "8,8"}, "tournament.cutoffs [8, 8] are not increasing"),
        ({"tournament.cutoffs": "8,30"}, "cut-off 30 is not before the last hand"),
        ({"tournament.min_bet": "600"}, "tournament.min_bet 600 is above tournament.max_bet 500"),
        ({"tournament.prizes": "50,30,10,5,5"}, "pays 5 places but only 4 play"),
    ],
)
def test_unsound_knobs_are_refused_at_the_start(rules: dict[str, str], message: str) -> None:
    with pytest.raises(RuleError, match=message.replace("[", r"\[").replace("]", r"\]")):
        start_for(short(**rules), ["Ann", "Ben", "Cid", "Dee"], 20, 1000)


def test_a_ban_luck_preset_cannot_host_a_tournament() -> None:
    with pytest.raises(RuleError, match="chinese is a ban-luck preset: a tournament is played"):
        start_for(presets.load("chinese"), ["Ann", "Ben"], 20, 1000)


def test_chips_under_the_minimum_bet_are_refused() -> None:
    with pytest.raises(RuleError, match="chips 5 are under the minimum bet 10"):
        start_for(presets.load("tournament"), ["Ann", "Ben"], 20, 5)


@pytest.mark.parametrize(
    "words",
    [
        ["tournament", "Ann", "Ben", "buy-in", "20"],
        ["tournament", "Ann", "buy-in", "20", "chips", "1000"],
        ["tournament", "Ann", "Ben", "chips", "1000", "buy-in", "20"],
    ],
)
def test_the_first_line_has_its_usage(words: list[str]) -> None:
    with pytest.raises(RuleError, match="usage: tournament PRESET NAME NAME"):
        parse_start(words)


def test_the_first_line_reads_back() -> None:
    assert parse_start(
        ["tournament", "Ann", "Ben", "Cid", "Dee", "buy-in", "20", "chips", "1000"]
    ) == (
        "tournament",
        ["Ann", "Ben", "Cid", "Dee"],
        20,
        1000,
    )


def test_bets_come_in_turn_from_the_first_bettor() -> None:
    t = tournament()
    with pytest.raises(RuleError, match="Ann bets before Ben this hand"):
        t.do_line("bet Ben 20")
    play(t, "bet ann 20")
    with pytest.raises(RuleError, match="Ann has bet this hand already"):
        t.do_line("bet Ann 20")
    with pytest.raises(RuleError, match="every player still in bets before the cards: Ben"):
        t.do_line("up 7")
    assert t.lines == ["bet Ann 20"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("bet Ann 8", "bet 8 is under the minimum bet 10 (tournament.min_bet)"),
        ("bet Ann 600", "bet 600 is over the maximum bet 500 (tournament.max_bet)"),
        ("bet Ann 120", "Ann has 100 chips: bet 120 is more"),
        ("bet Ann 15", "bets are multiples of 2 here"),
        ("bet Ann ten", "is not a whole number"),
        ("bet Zed 10", "Zed does not play in this tournament"),
        ("bet Ann", "usage: bet NAME AMOUNT"),
        ("hit Ann 5", "every player still in bets before the cards: Ann is next"),
        ("fold Ann", "unknown word 'fold'"),
        ("tournament x", "comes once, on its first line"),
    ],
)
def test_a_wrong_line_is_refused_and_changes_nothing(line: str, message: str) -> None:
    t = tournament()
    with pytest.raises(RuleError, match=re.escape(message)):
        t.do_line(line)
    assert t.lines == [] and t.bets == {} and t.stacks == {"Ann": 100, "Ben": 100, "Cid": 100}


def test_one_secret_bet_a_player_between_cut_offs() -> None:
    t = tournament()
    play(t, "secret Ann 20", "bet Ben 20", "bet Cid 20", "up 7", "deal Ann 10 9", "deal Ben 10 9")
    play(t, "deal Cid 10 9", "stand Ann", "stand Ben", "stand Cid", "hole 10")
    play(t, "bet Ben 20", "bet Cid 20")
    with pytest.raises(RuleError, match="Ann has made the secret bet of this stretch already"):
        t.do_line("secret Ann 20")
    play(t, "bet Ann 20", "up 7", "deal Ben 10 6", "deal Cid 10 9", "deal Ann 10 8")
    play(t, "stand Ben", "stand Cid", "stand Ann", "hole 10")
    assert t.is_out("Ben") is not None
    # hand 3 comes after the cut-off of hand 2: a new stretch, a new secret bet
    play(t, "bet Cid 20", "secret Ann 20")
    assert t.secret == {"Ann"} and t.secrets == {"Ann": 1}


def test_a_double_needs_the_chips_in_the_stack() -> None:
    t = tournament(chips=100)
    play(t, "bet Ann 60", "bet Ben 20", "bet Cid 20", "up 6", "deal Ann 5 6")
    play(t, "deal Ben 10 9", "deal Cid 10 9")
    with pytest.raises(RuleError, match="Ann would have 120 on the hand and has 100 chips"):
        t.do_line("double Ann 9")
    play(t, "hit Ann 9")  # the hand goes on as before the refusal
    assert t.current is not None and t.current.state.players["Ann"].hands[0].total == 20


def test_undo_takes_back_a_line_and_a_whole_hand() -> None:
    t = tournament()
    play(t, "bet Ann 20", "bet Ben 20", "bet Cid 20", "up 7", "deal Ann 10 9", "deal Ben 10 9")
    play(t, "deal Cid 10 9", "stand Ann", "stand Ben", "stand Cid", "hole 10")
    assert t.stacks == {"Ann": 120, "Ben": 120, "Cid": 120}
    t.do_line("undo")
    assert t.stacks == {"Ann": 100, "Ben": 100, "Cid": 100} and t.current is not None
    assert t.lines[-1] == "stand Cid"


def test_a_tie_all_the_way_back_goes_out_by_the_betting_order() -> None:
    """Equal stacks at every hand: the one who bet last in the cut-off hand is out."""
    history = [{"Ann": 100, "Ben": 100}, {"Ann": 90, "Ben": 90}]
    assert lowest({"Ann": 80, "Ben": 80}, history, ["Ben", "Ann"]) == (
        "Ann",
        "tied with Ben all the way back: bet last in the cut-off hand",
    )


def test_the_rounding_remainder_goes_to_the_first_place() -> None:
    assert place_prizes(92, [70, 30]) == [65, 27]
    assert sum(place_prizes(1001, [50, 30, 20])) == 1001


def test_players_tied_at_the_end_share_their_places_prizes() -> None:
    """Ann and Ben tie for first: they share 70 % + 30 % of 81, the odd chip to Ann (seat order)."""
    assert prizes(81, [70, 30], [["Ben", "Ann"], ["Cid"]], ["Ann", "Ben", "Cid"]) == {
        "Ann": 41,
        "Ben": 40,
    }
    assert split(10, 3) == [4, 3, 3]


def test_the_last_hand_ends_the_tournament_with_everyone_left_ranked_by_stack() -> None:
    t = tournament(seats=("Ann", "Ben"), **{"tournament.hands": "1", "tournament.cutoffs": "[]"})
    play(t, "bet Ann 40", "bet Ben 20", "up 7", "deal Ann 10 9", "deal Ben 10 5")
    play(t, "stand Ann", "stand Ben", "hole 10")
    assert t.over and t.standings() == [["Ann"], ["Ben"]]
    assert t.prizes() == {"Ann": 28, "Ben": 12}
    with pytest.raises(RuleError, match="the tournament is over after hand 1"):
        t.do_line("bet Ann 20")


def test_a_hand_is_played_in_the_order_the_table_plays_it_bets_stay_in_turn() -> None:
    """Issue 27: the bets come in turn, the hands in any order before the dealer's turn. Worked
    by hand: the dealer 7 10 = 17; Ann 19 +20, Ben 19 +20, Cid 5 6 doubled to 21 +40."""
    t = tournament()
    play(t, "bet Ann 20", "bet Ben 20", "bet Cid 20", "up 7", "deal Ann 10 9", "deal Ben 10 9")
    play(t, "deal Cid 5 6", "double Cid 10", "stand Ben", "stand Ann", "hole 10")
    assert t.stacks == {"Ann": 120, "Ben": 120, "Cid": 140}
    in_turn = tournament()
    play(in_turn, "bet Ann 20", "bet Ben 20", "bet Cid 20", "up 7", "deal Ann 10 9")
    play(in_turn, "deal Ben 10 9", "deal Cid 5 6", "stand Ann", "stand Ben", "double Cid 10")
    play(in_turn, "hole 10")
    assert in_turn.stacks == t.stacks
