"""Opening, closing and cancelling a night (banluck.app.nights): one close path for the usual
night and the tournament, which closes only with its pool empty."""

from __future__ import annotations

import pytest

from banluck.app.nights import (
    REFUND_NOTE,
    cancel_night,
    close_night,
    start_night,
    start_tournament,
    undo_last,
)
from banluck.app.session import TOURNAMENT, Session
from banluck.core.errors import BanluckError
from banluck.money.ledger import balances
from banluck.storage import Store
from tests.app.test_tournament_session import SHORT, example_lines, make_short

ROUND = ("dealer 10 7", "stand all", "open Bob 10 8", "open Carol 10 6")


@pytest.fixture
def store() -> Store:
    make_short({"tournament.hands": "8", "tournament.cutoffs": "2,4,6"})
    return Store()


def test_a_night_opens_only_when_none_is_open_and_keeps_the_ledgers_spelling(
    store: Store,
) -> None:
    """Eve of an earlier night is seated as `Eve` when typed `eve`; a second night is refused
    while one is open, of either kind."""
    start_night(store, "chinese", ["Mei", "Eve"], 10, "2027-01-01")
    close_night(store)
    record, seating = start_night(store, "chinese", ["Mei", "eve", "Bob"], 20)
    assert seating.seats == ("Mei", "Eve", "Bob") and seating.default_stake == 20
    assert record["stakes"] == {"Mei": 20, "Eve": 20, "Bob": 20}
    still_open = f"night {record['id']} of {record['date']} is still open"
    with pytest.raises(BanluckError, match=still_open):
        start_night(store, "chinese", ["Ann", "Ben"], 10)
    with pytest.raises(BanluckError, match=still_open):
        start_tournament(store, SHORT, ["Ann", "Ben"], 20, 100)


def test_a_usual_night_closes_and_refuses_a_refund(store: Store) -> None:
    record, _ = start_night(store, "chinese", ["Mei", "Bob", "Carol"], 10)
    session = Session.open(store)
    for line in ROUND:
        session.act(line)
    with pytest.raises(BanluckError, match="is not a tournament: `--refund`"):
        close_night(store, refund=True)
    closed, back = close_night(store)
    assert (closed["id"], closed["status"], back) == (record["id"], "closed", [])
    assert store.tonight() is None


def test_a_tournament_before_its_end_closes_only_with_its_buy_ins_paid_back(
    store: Store,
) -> None:
    """Not over: refused without --refund (nothing changes); with it, each buy-in is a prize
    back out of the pool in the same write as the close, and nobody owes anything."""
    record, _ = start_tournament(store, SHORT, ["Ann", "Ben", "Cid"], 20, 100)
    with pytest.raises(BanluckError, match=r"is not over \(3 players in, 0 of 8 hands played\)"):
        close_night(store)
    assert store.tonight() is not None
    closed, back = close_night(store, refund=True)
    assert closed["status"] == "closed"
    pool = f"tournament-{record['id']}"
    assert [(e.kind, e.player, e.amount, e.note) for e in back] == [
        ("prize", n, 20, REFUND_NOTE) for n in ("Ann", "Ben", "Cid")
    ]
    assert all(e.pool == pool for e in back)
    assert {k: v for k, v in balances(store.entries()).items() if v} == {}
    assert store.check() == []


def test_a_tournament_played_to_its_end_closes_as_any_night(store: Store) -> None:
    start_tournament(store, SHORT, ["Ann", "Ben", "Cid", "Dee"], 20, 100)
    session = Session.open(store, (TOURNAMENT,))
    for line in example_lines():
        session.act(line)
    with pytest.raises(BanluckError, match="is over and its prizes are paid"):
        close_night(store, refund=True)
    closed, back = close_night(store)
    assert (closed["status"], back) == ("closed", [])


def test_a_night_with_nothing_recorded_is_cancelled_without_a_trace(store: Store) -> None:
    record, _ = start_night(store, "chinese", ["Mei", "Bob"], 10)
    assert cancel_night(store)["id"] == record["id"]
    assert store.tonight() is None and store.nights() == []


def test_undo_takes_back_the_last_line_and_mends_a_stale_live_round(store: Store) -> None:
    """`undo` takes back the last line of the round; a stored line the rules now refuse (the
    session cannot open) is dropped by it, and the night opens again."""
    start_night(store, "chinese", ["Mei", "Bob", "Carol"], 10)
    session = Session.open(store)
    session.act("dealer 10 7")
    session.act("stand Bob")
    assert undo_last(store) == "undid `stand Bob`"
    store.push_action("open Bob 10 9")  # Bob has not stood: refused on replay
    assert undo_last(store) == "undid `open Bob 10 9`"
    assert Session.open(store).live == ["dealer 10 7"]
