"""Typed ledger entries: the codec reads every stored entry and writes it back unchanged, names
the field and the seq of what it cannot read, and every kind nets to zero."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.app.amending import reverse
from banluck.core.money import Transfer
from banluck.money import ledger
from banluck.money.entries import (
    BuyInEntry,
    CorrectionEntry,
    FieldError,
    LedgerError,
    PaymentEntry,
    PrizeEntry,
    RoundEntry,
    decode,
    encode,
    pool_account,
)
from banluck.storage import Store

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "store-0.1"


def stored_entries(home: Path) -> list[dict[str, Any]]:
    """Every entry as it sits in the night files of `home` (a round's preset as its id), less
    the store's own chain of digests (`digest`, schema v5), which is no field of an entry."""
    out: list[dict[str, Any]] = []
    for path in sorted((home / "nights").glob("*.json")):
        entries = json.loads(path.read_text())["entries"].values()
        out += [{k: v for k, v in e.items() if k != "digest"} for e in entries]
    return out


def assert_round_trips(entries: list[dict[str, Any]]) -> None:
    for stored in entries:
        again = encode(decode(stored))
        assert again == stored
        assert list(again) == list(stored)  # key order too


def test_every_entry_of_the_0_1_store_round_trips() -> None:
    """The night files written by banluck 0.1 decode, and encode back to the same documents."""
    entries = stored_entries(FIXTURE / "store")
    assert {e["kind"] for e in entries} == {"round", "payment"}
    assert_round_trips(entries)


def test_every_entry_of_the_demo_store_round_trips(cli: Any, banluck_home: Path) -> None:
    """The demo night, in its night file and as the store hands it out (preset expanded),
    round-trips; so does a correction recorded on top of it."""
    code, _, err = cli("demo")
    assert code == 0, err
    demo = banluck_home / "demo"
    store = Store(demo)
    reverse(store, store.entries()[0]["seq"], "wrong cards")
    entries = stored_entries(demo)
    assert {e["kind"] for e in entries} >= {"round", "correction"}
    assert_round_trips(entries)
    assert_round_trips(store.entries())


def test_the_0_1_store_balances_are_what_0_1_printed(tmp_path: Path) -> None:
    """The 0.1 store's entries, decoded, sum to the balances `ledger --all --json` printed."""
    shutil.copytree(FIXTURE / "store", tmp_path / "store")
    printed = json.loads((FIXTURE / "ledger-all.json").read_text())
    entries = [decode(e) for e in Store(tmp_path / "store").entries()]
    assert ledger.balances(entries) == printed["balances"]
    assert [encode(e) for e in entries] == printed["entries"]


# -- what decode refuses ----------------------------------------------------------------------


ROUND: dict[str, Any] = {
    "seq": 7,
    "kind": "round",
    "night": 1,
    "at": "2024-05-01T21:00:00+08:00",
    "round": 2,
    "dealer": "Ann",
    "preset": 1,
    "log": ["dealer 10 7", "stand Bob", "open Bob 10 9"],
    "transfers": [{"from": "Ann", "to": "Bob", "amount": 10, "reason": "19 beats 17: pays 1"}],
    "hands": {"Ann": "regular", "Bob": "regular"},
    "stakes": {"Bob": 10},
    "ended": None,
    "table_before": {"dealer": "Ann", "default_stake": 10, "dealt": 1, "won": 0},
}
PAYMENT: dict[str, Any] = {
    "seq": 8,
    "kind": "payment",
    "night": 1,
    "at": "2024-05-01T23:00:00+08:00",
    "from": "Bob",
    "to": "Ann",
    "amount": 5,
    "note": "",
}


def without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != key}


@pytest.mark.parametrize(
    ("data", "field", "problem"),
    [
        (without(ROUND, "dealer"), "dealer", "is missing"),
        (without(ROUND, "night"), "night", "is missing"),
        ({**ROUND, "round": "2"}, "round", "is '2', expected a whole number"),
        ({**ROUND, "round": True}, "round", "is True, expected a whole number"),
        ({**ROUND, "log": "dealt"}, "log", "is 'dealt', expected a list of text"),
        ({**ROUND, "hands": ["Ann"]}, "hands", "is ['Ann'], expected {name: hand kind}"),
        ({**ROUND, "stakes": {"Bob": "10"}}, "stakes.Bob", "is '10', expected stake"),
        (
            {**ROUND, "transfers": [{"from": "Ann", "to": "Bob"}]},
            "transfers[1].amount",
            "is missing",
        ),
        (
            {**ROUND, "transfers": [{"from": "Ann", "to": "Bob", "amount": 2.5}]},
            "transfers[1].amount",
            "is 2.5, expected a whole number",
        ),
        (without(PAYMENT, "amount"), "amount", "is missing"),
        ({**PAYMENT, "to": 3}, "to", "is 3, expected text"),
        ({**PAYMENT, "tip": 1}, "tip", "is not a field of a payment entry"),
        ({**PAYMENT, "kind": "bet"}, "kind", "is 'bet', expected one of"),
    ],
)
def test_decode_names_the_field_and_the_seq(data: dict[str, Any], field: str, problem: str) -> None:
    """A missing or mistyped field is a LedgerError that says which field of which entry."""
    with pytest.raises(LedgerError) as caught:
        decode(data)
    assert isinstance(caught.value, FieldError)
    assert caught.value.field == field and caught.value.seq == data["seq"]
    assert caught.value.problem.startswith(problem)
    assert str(caught.value).startswith(f"entry seq {data['seq']}: field {field!r} ")


def test_a_round_keeps_the_keys_it_does_not_know_and_what_it_lacks() -> None:
    """Other keys of the engine's round dict are kept; optional keys stay absent."""
    data = {**without(without(ROUND, "stakes"), "table_before"), "cards": {"Bob": "K 9"}}
    entry = decode(data)
    assert isinstance(entry, RoundEntry) and entry.extra == {"cards": {"Bob": "K 9"}}
    assert entry.stakes is None and entry.table_before is None
    assert encode(entry) == data and list(encode(entry)) == list(data)


def test_entries_are_immutable() -> None:
    """A typed entry cannot be edited: a mistake is reversed by a correction instead."""
    entry = decode(PAYMENT)
    with pytest.raises(AttributeError):
        entry.amount = 50  # type: ignore[misc]


# -- nets ------------------------------------------------------------------------------------


def test_each_kind_nets_to_zero_and_a_payment_raises_the_payer() -> None:
    """Rounds, payments, corrections, buy-ins and prizes all move balance, never make it."""
    payment = decode(PAYMENT)
    assert payment.nets() == {"Ann": -5, "Bob": 5}
    round_ = decode(ROUND)
    fix = CorrectionEntry(9, 1, "", 7, "misread", (Transfer("Bob", "Ann", 10),))
    buy_in = BuyInEntry(10, 2, "", "Cat", "final", 50)
    prize = PrizeEntry(11, 2, "", "Bob", "final", 50)
    for entry in (payment, round_, fix, buy_in, prize):
        assert sum(entry.nets().values()) == 0
    assert buy_in.nets() == {"Cat": -50, pool_account("final"): 50}
    assert ledger.balances([buy_in, prize]) == {"Bob": 50, "Cat": -50, "pool:final": 0}
    assert ledger.balances([round_, fix]) == {"Ann": 0, "Bob": 0}


@pytest.mark.parametrize(
    "entry",
    [
        BuyInEntry(1, 1, "2024-05-01", "Cat", "final", 50, "table 2"),
        PrizeEntry(2, 1, "2024-05-01", "Bob", "final", 30),
        PaymentEntry(3, 1, "", "Bob", "Ann", 5),
    ],
)
def test_new_entries_encode_and_decode_back(entry: Any) -> None:
    """An entry made in code (no stored layout) survives the codec."""
    assert decode(encode(entry)) == entry


# -- hypothesis ------------------------------------------------------------------------------

names = st.sampled_from(["Ann", "Bob", "Cat", "Dan", "Mei"])
text = st.text(max_size=12)


@st.composite
def transfers(draw: st.DrawFn) -> list[dict[str, Any]]:
    pairs = draw(
        st.lists(st.tuples(names, names).filter(lambda p: p[0] != p[1]), max_size=5),
    )
    return [
        {"from": a, "to": b, "amount": draw(st.integers(1, 10**6)), "reason": draw(text)}
        for a, b in pairs
    ]


def head(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {
            "seq": st.integers(1, 10**6),
            "kind": st.just(kind),
            "night": st.integers(1, 999),
            "at": text,
        }
    )


@st.composite
def stored(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["round", "payment", "correction", "buy-in", "prize"]))
    entry = draw(head(kind))
    if kind == "round":
        entry |= {
            "round": draw(st.integers(1, 99)),
            "dealer": draw(names),
            "preset": draw(st.one_of(st.integers(1, 9), st.just({"name": "chinese"}))),
            "log": draw(st.lists(text, max_size=4)),
            "transfers": draw(transfers()),
            "hands": draw(st.dictionaries(names, st.sampled_from(["regular", "bust"]))),
        }
        optional = {
            "stakes": st.dictionaries(names, st.integers(1, 100)),
            "ended": st.one_of(st.none(), st.just("void")),
            "table_before": st.just({"dealer": "Ann", "default_stake": 10}),
            "cards": st.just({"Bob": "K 9"}),
        }
        for key in draw(st.lists(st.sampled_from(list(optional)), unique=True)):
            entry[key] = draw(optional[key])
    elif kind == "payment":
        payer, payee = draw(st.lists(names, min_size=2, max_size=2, unique=True))
        entry |= {"from": payer, "to": payee, "amount": draw(st.integers(1, 10**6))}
        entry["note"] = draw(text)
    elif kind == "correction":
        entry |= {"reverses": draw(st.integers(1, 10**6)), "reason": draw(text)}
        entry["transfers"] = draw(transfers())
    else:
        entry |= {"player": draw(names), "pool": draw(st.sampled_from(["final", "heat 1"]))}
        entry |= {"amount": draw(st.integers(1, 10**6)), "note": draw(text)}
    return entry


@settings(max_examples=200, deadline=None)
@given(stored())
def test_any_stored_entry_round_trips_and_nets_to_zero(data: dict[str, Any]) -> None:
    """encode(decode(d)) == d, key order included, and the decoded entry nets to zero."""
    entry = decode(data)
    assert encode(entry) == data and list(encode(entry)) == list(data)
    assert sum(entry.nets().values()) == 0
    assert ledger.net_of(data) == entry.nets()
