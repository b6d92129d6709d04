"""A whole tournament worked out by hand (docs/examples/tournament-night.log, docs/tournament.md):
four players, cut-offs after hands 2, 4 and 6, a tie at the first, a player out under the minimum
bet, two secret bets, and the prizes from the pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.app.tournament import read_tournament_log
from banluck.games.tournament.panel import HIDDEN, board

ROOT = Path(__file__).resolve().parents[3]
LOG = ROOT / "docs" / "examples" / "tournament-night.log"


@pytest.fixture(scope="module")
def night():  # type: ignore[no-untyped-def]
    return read_tournament_log(LOG.read_text(encoding="utf-8"), str(LOG))


# Each hand's chips, worked out from the cards (the dealer's side is minus their sum).
HANDS = [
    # hand 1: dealer 7 10 = 17; Ann 19, Ben 18 win, Cid 16, Dee 15 lose
    {"Ann": 20, "Ben": 20, "Cid": -10, "Dee": -20},
    # hand 2: dealer 9 9 = 18; Ben 20 wins, Cid 18 pushes, Dee 19 wins, Ann A 5 4 doubled wins 2x50
    {"Ben": 20, "Cid": 0, "Dee": 10, "Ann": 100},
    # hand 3: Cid 10 2 10 busts (-40); dealer 6 10 10 busts: Ann +20, Ben doubled 20 -> +40
    {"Cid": -40, "Ann": 20, "Ben": 40},
    # hand 4: peeked ten, dealer 10 8 = 18: Ann 19 +20, Ben 17 -20, Cid 9 7 8 busts -44
    {"Ann": 20, "Ben": -20, "Cid": -44},
    # hand 5: dealer 5 10 10 busts: Ben's secret 100 wins, Ann +10
    {"Ben": 100, "Ann": 10},
    # hand 6: dealer 8 10 = 18: Ann 18 pushes, Ben 10 7 5 busts -100
    {"Ann": 0, "Ben": -100},
]
STACKS = [
    {"Ann": 120, "Ben": 120, "Cid": 90, "Dee": 80},
    {"Ann": 220, "Ben": 140, "Cid": 90, "Dee": 90},
    {"Ann": 240, "Ben": 180, "Cid": 50, "Dee": 90},
    {"Ann": 260, "Ben": 160, "Cid": 6, "Dee": 90},
    {"Ann": 270, "Ben": 260, "Cid": 6, "Dee": 90},
    {"Ann": 270, "Ben": 160, "Cid": 6, "Dee": 90},
]


def test_each_hand_moves_the_stacks_as_worked_out_by_hand(night) -> None:  # type: ignore[no-untyped-def]
    """Every hand's chips are the cards' results, and the dealer holds the other side."""
    assert [h.chips for h in night.hands] == HANDS
    assert [h.stacks for h in night.hands] == STACKS
    for hand in night.hands:
        assert hand.dealer == -sum(hand.chips.values())


def test_first_bettor_moves_to_the_next_seat_still_in(night) -> None:  # type: ignore[no-untyped-def]
    """Ann, Ben, then Cid (Dee is out), Ann, Ben (Cid is out), Ann."""
    assert [next(iter(h.bets)) for h in night.hands] == ["Ann", "Ben", "Cid", "Ann", "Ben", "Ann"]


def test_the_tie_at_the_first_cut_off_goes_to_the_stacks_a_hand_earlier(night) -> None:  # type: ignore[no-untyped-def]
    """Cid and Dee both have 90 after hand 2; after hand 1 Dee had 80 and Cid 90: Dee is out."""
    dee = night.is_out("Dee")
    assert (dee.hand, dee.reason) == (
        2,
        "lowest stack 90 at the cut-off after hand 2 (tied with Cid: the lowest stack after"
        " hand 1)",
    )


def test_a_stack_under_the_minimum_bet_is_out_and_is_the_cut_offs_loser(night) -> None:  # type: ignore[no-untyped-def]
    """Cid ends hand 4 (a cut-off) with 6 chips: out under the minimum bet 10, and the cut-off
    takes nobody else (Ann and Ben play on)."""
    cid = night.is_out("Cid")
    assert (cid.hand, cid.reason) == (4, "stack 6 under the minimum bet 10")
    assert [o.name for o in night.out if o.hand == 4] == ["Cid"]


def test_the_last_cut_off_leaves_one_player_and_ends_the_tournament(night) -> None:  # type: ignore[no-untyped-def]
    assert night.is_out("Ben").reason == "lowest stack 160 at the cut-off after hand 6"
    assert night.over and len(night.hands) == 6 and night.still_in == ["Ann"]
    assert night.standings() == [["Ann"], ["Ben"], ["Cid"], ["Dee"]]


def test_prizes_are_seventy_and_thirty_percent_of_the_pool(night) -> None:  # type: ignore[no-untyped-def]
    assert night.start.pool == 80
    assert night.prizes() == {"Ann": 56, "Ben": 24}


def test_secret_bets_are_hidden_until_the_box_is_settled() -> None:
    """Ben's secret 100 in hand 5 shows as hidden on the leaderboard and in the hand until his
    box is settled."""
    text = LOG.read_text(encoding="utf-8")
    upto = text[: text.index("stand Ben\nstand Ann\nhole 10\ndraw 10")]
    played = read_tournament_log(upto, "log")
    shown = board(played)
    assert {r.name: r.bet for r in shown.rows if not r.out} == {"Ann": "10", "Ben": HIDDEN}
    assert {r.name: r.bet for r in shown.hand} == {"Ben": HIDDEN, "Ann": "10"}
    played.do_line("stand Ben")
    played.do_line("stand Ann")
    played.do_line("hole 10")
    assert {r.name: r.bet for r in board(played).hand} == {"Ben": HIDDEN, "Ann": "10"}
    played.do_line("draw 10")  # the hand is over: the bet was 100, and it is known
    assert played.hands[-1].bets["Ben"] == 100 and played.hands[-1].secret == {"Ben"}


def test_the_log_replays_to_the_same_night(night) -> None:  # type: ignore[no-untyped-def]
    """The stored lines (as spelt back) replay to the same stacks and eliminations."""
    from banluck.games.tournament.night import Tournament

    again = Tournament(night.start, list(night.lines))
    assert again.stacks == night.stacks and again.out == night.out
