"""Paying and settling up (banluck.app.payments): the doubts a payment raises, and the transfers
of each settle-up scope."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.app import payments
from banluck.app.nights import start_night
from banluck.app.session import Session
from banluck.core.errors import BanluckError, Doubt
from banluck.storage import Store

ROUND = ("dealer 10 7", "stand all", "open Bob 10 8", "open Carol 10 6")


def one_round(store: Store, date: str = "2027-01-01", close: bool = True) -> None:
    """Mei deals 17 to Bob (18: +10) and Carol (16: -10): Bob is owed 10, Carol owes 10."""
    start_night(store, "chinese", ["Mei", "Bob", "Carol"], 10, date)
    session = Session.open(store)
    for line in ROUND:
        session.act(line)
    if close:
        store.close_night()


def transfers(settling: payments.SettleUp) -> list[tuple[str, str, int]]:
    return [(t.payer, t.payee, t.amount) for t in settling.plan.transfers]


def test_a_payment_is_recorded_and_says_where_the_two_stand(banluck_home: Path) -> None:
    """Names are matched without regard to case; the sentence gives both balances after it."""
    store = Store(banluck_home)
    one_round(store)
    paid = payments.pay(store, "carol", "BOB", 4, note="PayNow")
    assert (paid.payer, paid.payee, paid.amount) == ("Carol", "Bob", 4)
    assert paid.entry["note"] == "PayNow"
    assert (
        paid.sentence()
        == f"#{paid.entry['seq']}: Carol paid Bob 4; now Carol owes 6, Bob is owed 6"
    )
    assert store.check() == []


def test_paying_more_than_owed_is_a_doubt_and_records_nothing(banluck_home: Path) -> None:
    """Carol owes 10: paying 11 is a doubt, unless sure; Bob owes nothing at all."""
    store = Store(banluck_home)
    one_round(store)
    count = store.count()
    with pytest.raises(Doubt, match=r"^Carol owes 10, less than 11$"):
        payments.pay(store, "Carol", "Bob", 11)
    with pytest.raises(Doubt, match=r"^Bob owes 0, less than 1$"):
        payments.pay(store, "Bob", "Mei", 1)
    assert store.count() == count
    assert payments.pay(store, "Carol", "Bob", 11, sure=True).balances["Carol"] == 1


def test_the_same_payment_again_just_now_is_a_doubt(banluck_home: Path) -> None:
    """The last payment typed again within ten minutes may be a slip; another amount is not."""
    store = Store(banluck_home)
    one_round(store)
    first = payments.pay(store, "Carol", "Bob", 4)
    assert payments.doubt_of(store, "Carol", "Bob", 4) == (
        f"Carol paid Bob 4 already (#{first.entry['seq']}, just now)"
    )
    assert payments.doubt_of(store, "Carol", "Bob", 3) is None


def test_a_stranger_is_refused_with_the_people_of_the_ledger(banluck_home: Path) -> None:
    store = Store(banluck_home)
    with pytest.raises(BanluckError, match=r"Zed never played here \(people: nobody yet\)"):
        payments.person(store, "Zed")
    one_round(store)
    with pytest.raises(BanluckError, match=r"\(people: Bob, Carol, Mei\)"):
        payments.pay(store, "Zed", "Bob", 1)


def test_each_settle_up_scope_has_its_own_transfers(banluck_home: Path) -> None:
    """Night 1 (2027-01-01): Carol owes Bob 10. Night 2 (2027-02-01) the same again, then Carol
    pays Bob 5 on night 2. All unpaid: Carol pays Bob 15; night 2 alone: 5; January alone: 10;
    tonight (night 3, nobody won yet): nobody pays; through Mei: two transfers."""
    store = Store(banluck_home)
    one_round(store)
    one_round(store, "2027-02-01", close=False)
    payments.pay(store, "Carol", "Bob", 5)
    store.close_night()
    assert transfers(payments.settle_up(store)) == [("Carol", "Bob", 15)]
    assert payments.settle_up(store).scope == "all unpaid"
    assert transfers(payments.settle_up(store, night=2)) == [("Carol", "Bob", 5)]
    january = payments.settle_up(store, date_to="2027-01-31")
    assert (january.scope, transfers(january)) == (
        "the start to 2027-01-31",
        [("Carol", "Bob", 10)],
    )
    via = payments.settle_up(store, via="mei")
    assert via.via == "Mei" and via.plan.method == "via"
    assert transfers(via) == [("Carol", "Mei", 15), ("Mei", "Bob", 15)]
    start_night(store, "chinese", ["Mei", "Bob", "Carol"], 10, "2027-03-01")
    tonight = payments.settle_tonight(Session.open(store))
    assert tonight.balances == {"Mei": 0, "Bob": 0, "Carol": 0}
    assert transfers(tonight) == []
