"""The players' view as data (banluck.app.view): the night, the live round as the dealer's panel
shows it, tonight's results and what is unpaid, the rounds with their reasons, the settle-up, the
running results and the bank's turns; read from real stores of both families and a tournament."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from banluck.app.nights import start_tournament
from banluck.app.people import NamedStore
from banluck.app.session import TOURNAMENT, Session
from banluck.app.view import players_view, read_handles, running, set_handle, stamp
from banluck.core.errors import BanluckError
from banluck.games.tournament.panel import board
from tests.app.test_tournament_session import SHORT, example_lines, make_short
from tests.app.view_stores import both_families, long_night, run


def test_an_empty_store_has_no_night() -> None:
    assert players_view(NamedStore()) == {"night": None}


def test_the_open_casino_round_is_the_dealers_panel_and_the_night_its_ledger() -> None:
    both_families()
    store = NamedStore()
    view = players_view(store)
    json.dumps(view)  # plain data
    night = view["night"]
    assert (night["id"], night["game"], night["preset"], night["status"]) == (
        2,
        "casino",
        "blackjack-pro",
        "open",
    )
    assert night["dealer"] == "Mei" and night["stakes"] == {"Mei": 10, "Bob": 10, "Carol": 10}
    live = view["live"]
    session = Session.open(store)
    panel = session.night.game.panel(session.night.current.state)
    assert live["kind"] == "round" and live["round"] == 2 and live["dealer"] == "Mei"
    assert live["dealer_line"] == panel.dealer == "dealer 9 (up)"
    assert live["rows"] == [asdict(r) for r in panel.rows]
    assert live["rows"][0] == {
        "name": "Bob",
        "stake": 10,
        "cards": "8 8 = 16",
        "state": "waits",
        "amount": None,
    }
    assert live["hints"] == list(panel.hints)
    assert live["awaited"] == session.night.current.state.pending()
    assert view["results"] == {"Bob": 10, "Carol": 10, "Mei": -20} == session.results()
    assert view["rounds"] == [
        {
            "seq": 9,
            "round": 1,
            "dealer": "Mei",
            "ended": None,
            "transfers": [
                {
                    "from": "Mei",
                    "to": "Bob",
                    "amount": 10,
                    "reason": "Bob: 19 beats the dealer's 17",
                },
                {
                    "from": "Mei",
                    "to": "Carol",
                    "amount": 10,
                    "reason": "Carol: 21 beats the dealer's 17",
                },
            ],
        }
    ]
    # unpaid: every night's balance (the demo night's too) of tonight's people
    assert view["unpaid"] == {"Bob": 340, "Carol": 130, "Mei": -280}
    assert view["settle"]["scope"] == "night 2"
    assert view["settle"]["transfers"] == [
        {"from": "Mei", "to": "Bob", "amount": 10},
        {"from": "Mei", "to": "Carol", "amount": 10},
    ]
    assert view["settle"]["explain"]
    assert view["chart"] == {
        "rounds": [0, 1],
        "series": {"Mei": [0, -20], "Bob": [0, 10], "Carol": [0, 10]},
    }
    assert view["turns"] == [{"dealer": "Mei", "first": 1, "last": 1, "rounds": 1, "made": -20}]


def test_a_closed_ban_luck_night_lists_its_rounds_with_reasons_and_settles() -> None:
    both_families()
    view = players_view(NamedStore(), 1, last=None)
    assert view["night"]["game"] == "ban-luck" and view["night"]["status"] == "closed"
    assert view["live"] is None and view["night"]["round"] is None
    assert view["rounds_played"] == 8 and [r["round"] for r in view["rounds"]] == list(range(1, 9))
    first = view["rounds"][0]["transfers"][0]
    assert first == {
        "from": "Mei",
        "to": "Bob",
        "amount": 20,
        "reason": "ban-luck pays 2 × 10 = 20 at once (payouts.ban_luck)",
    }
    results = {"Bob": 330, "Carol": 120, "Eve": -30, "Dave": -80, "Fay": -80, "Mei": -260}
    assert view["results"] == results
    assert {n: s[-1] for n, s in view["chart"]["series"].items()} == results
    assert view["chart"]["rounds"] == list(range(0, 9))
    assert sum(t["amount"] for t in view["settle"]["transfers"]) == 450  # all the losers pay
    # the bank's turns: each dealer's rounds one after the other, and what they made him
    turns = view["turns"]
    assert (turns[0]["dealer"], turns[0]["first"], turns[0]["last"]) == ("Mei", 1, 3)
    assert sum(t["rounds"] for t in turns) == 8
    # the page lists the last rounds, newest first
    assert [r["round"] for r in players_view(NamedStore(), 1, last=3)["rounds"]] == [8, 7, 6]


def test_between_rounds_the_view_says_the_seats_and_what_comes_next() -> None:
    run("night", "start", "chinese", "Mei", "Bob", "--stake", "5")
    live = players_view(NamedStore())["live"]
    assert live["kind"] == "idle" and live["seats"] == [
        {"name": "Mei", "stake": 5},
        {"name": "Bob", "stake": 5},
    ]
    assert live["idle"] and live["turn"] == "0/3"


def test_a_tournament_night_is_the_tournaments_board() -> None:
    make_short({"tournament.hands": "8", "tournament.cutoffs": "2,4,6"})
    store = NamedStore()
    start_tournament(store, SHORT, ["Ann", "Ben", "Cid", "Dee"], 20, 100)
    session = Session.open(store, (TOURNAMENT,))
    for line in example_lines()[:12]:
        session.act(line)
    view = players_view(store)
    assert view["night"]["game"] == "tournament" and view["night"]["dealer"] is None
    live = view["live"]
    b = board(Session.open(store, (TOURNAMENT,)).night)  # type: ignore[arg-type]
    assert live["kind"] == "tournament" and live["title"] == b.title
    assert live["board"] == [asdict(r) for r in b.rows]
    assert live["rows"] == [asdict(r) for r in b.hand] and live["awaited"] == b.awaited
    assert view["results"] == {"Ann": 0, "Ben": 0, "Cid": 0, "Dee": 0}  # no prize yet
    assert view["unpaid"]["Ann"] == -20  # the buy-in, owed to the pool
    json.dumps(view)


def test_the_stamp_changes_with_every_write_by_any_process() -> None:
    both_families()
    store = NamedStore()
    before = stamp(store)
    assert stamp(store) == before
    run("act", "deal", "Carol", "10", "7")
    after = stamp(store)
    assert after != before
    run("pay", "Mei", "Bob", "5")
    assert stamp(store) != after


def test_payment_handles_show_beside_the_transfers_to_that_person() -> None:
    both_families()
    store = NamedStore()
    assert read_handles(store) == {}
    assert set_handle(store, "bob", "  PayNow   9123 4567 ") == ("Bob", "PayNow 9123 4567")
    assert read_handles(NamedStore()) == {"Bob": "PayNow 9123 4567"}
    settle = players_view(NamedStore())["settle"]["transfers"]
    assert settle[0] == {"from": "Mei", "to": "Bob", "amount": 10, "pay": "PayNow 9123 4567"}
    assert "pay" not in settle[1]
    with pytest.raises(BanluckError, match="never played here"):
        set_handle(store, "Zed", "cash")
    assert set_handle(store, "Bob", "") == ("Bob", "")
    assert read_handles(NamedStore()) == {}


def test_running_results_leave_payments_out() -> None:
    both_families()
    before = players_view(NamedStore())["chart"]
    run("pay", "Mei", "Bob", "5")
    assert players_view(NamedStore())["chart"] == before
    entries = NamedStore().entries(2)
    assert running(entries, ["Mei", "Bob"]) == {
        "rounds": [0, 1],
        "series": {"Mei": [0, -20], "Bob": [0, 10]},
    }


def test_a_30_round_night_reads_whole(tmp_path: Path) -> None:
    long_night(tmp_path, 30)
    view = players_view(NamedStore(), last=None)
    assert view["rounds_played"] == 30 and len(view["chart"]["rounds"]) == 31


def test_a_casino_night_shows_its_boxes_split_hands_and_bingo_cards() -> None:
    run("night", "start", "bjingo", "Mei", "Bob", "Carol", "--stake", "10", "--date", "2027-01-03")
    for line in ("bingo Bob 5", "box Carol 2", "up 9", "deal Bob 8 8", "deal Carol 10 7"):
        run("act", *line.split())
    run("act", "deal", "Carol:2", "5", "6")
    run("act", "split", "Bob")
    live = players_view(NamedStore())["live"]
    assert [(r["name"], r["cards"], r["state"]) for r in live["rows"]] == [
        ("Bob.1", "8 = 8", "to play"),
        ("Bob.2", "8 = 8", "waits"),
        ("Carol", "10 7 = 17", "waits"),
        ("Carol:2", "5 6 = 11", "waits"),
    ]
    assert live["carry"] == ["bingo Bob 5: nothing marked"]
    assert live["hints"][0] == "next: Bob.1 to play (8)"
