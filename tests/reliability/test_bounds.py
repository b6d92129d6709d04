"""Reliability: the store holds its own bounds (not only the commands), and a total typed for a
hand is checked against its cards, both the cards typed with it and those seen before."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.core.money import MAX_AMOUNT
from banluck.storage import Store, StoreError

pytestmark = pytest.mark.reliability

SNAPSHOT = {"name": "chinese"}


def _files(home: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(home.rglob("*.json"))}


@pytest.fixture
def store(banluck_home: Path) -> Store:
    store = Store(banluck_home)
    store.open_night("chinese", SNAPSHOT, ["Mei", "Bob", "Carol"], "Mei")
    return store


@pytest.mark.parametrize("amount", [MAX_AMOUNT + 1, 2**62, 2**63, 0, -5, True, 10.0])
def test_the_store_refuses_a_payment_out_of_bounds(store: Store, amount: object, tally) -> None:  # type: ignore[no-untyped-def]
    from banluck.core.errors import BanluckError

    before = _files(store.home)
    with pytest.raises(BanluckError) as caught:
        try:
            store.add_payment("Bob", "Carol", amount)  # type: ignore[arg-type]
        finally:
            tally(bad=1, wrong=int(_files(store.home) != before))
    assert "1 to 1,000,000,000,000" in str(caught.value) or "positive whole" in str(caught.value)
    assert _files(store.home) == before


def test_the_store_takes_the_largest_payment(store: Store) -> None:
    assert store.add_payment("Bob", "Carol", MAX_AMOUNT)["amount"] == MAX_AMOUNT
    assert store.balances() == {"Bob": MAX_AMOUNT, "Carol": -MAX_AMOUNT}


@pytest.mark.parametrize(
    "change",
    [
        {"stakes": {"Bob": MAX_AMOUNT + 1}},
        {"table": {"default_stake": MAX_AMOUNT + 1}},
        {"table": {"default_stake": 2**63}},
        {"table": {"stakes": {"Bob": 2**62}}},
        {"table": {"start": {"default_stake": MAX_AMOUNT + 1}}},
    ],
    ids=repr,
)
def test_the_store_refuses_a_stake_out_of_bounds(store: Store, change: dict, tally) -> None:  # type: ignore[no-untyped-def, type-arg]
    before = _files(store.home)
    with pytest.raises(StoreError, match="from 1 to 1,000,000,000,000"):
        try:
            store.update_night(**change)
        finally:
            tally(bad=1, wrong=int(_files(store.home) != before))
    assert _files(store.home) == before


def test_the_store_refuses_a_round_whose_stake_is_out_of_bounds(store: Store) -> None:
    before = _files(store.home)
    with pytest.raises(StoreError, match="stake of Bob"):
        store.record_round(
            {
                "stakes": {"Bob": 2**63},
                "transfers": [{"from": "Bob", "to": "Mei", "amount": 1, "reason": "lost"}],
                "hands": {"Bob": "regular"},
            }
        )
    assert _files(store.home) == before


ROUND = ("dealer 10 6", "stand all")


def _acts(cli, *lines: str) -> list[tuple[int, str, str]]:  # type: ignore[no-untyped-def]
    return [cli("act", *line.split()) for line in lines]


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("open Bob 10 9 20", "10 9 make total 19, not 20"),
        ("open Bob 10 9 bust", "10 9 make total 19, not bust"),
        ("open Bob 10 9 bust 19", "a bust is over 21, and 19 is not"),
        ("open Bob 10 9 K 29", "holds 2 cards, 3 given"),
    ],
)
def test_a_total_after_the_cards_must_be_theirs(cli, line: str, says: str, tally) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    assert all(code == 0 for code, _, _ in _acts(cli, *ROUND))
    code, _, err = cli("act", *line.split())
    tally(bad=1, wrong=int(code != 1 or says not in err))
    assert code == 1 and err.startswith("error:") and says in err, err
    assert cli("night", "show", "--json")[0] == 0


def test_a_total_after_the_cards_that_fits_is_taken_and_kept(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    assert all(code == 0 for code, _, _ in _acts(cli, *ROUND))
    assert _acts(cli, "open Bob 10 9 19", "open Carol 10 7")[0][0] == 0
    code, out, _ = cli("export", "--log")
    assert code == 0 and "open Bob 10 9 19" in out
    assert Store(banluck_home).balances() == {"Bob": 10, "Carol": 10, "Mei": -20}


@pytest.mark.parametrize(
    ("outcome", "ok"),
    [("4", False), ("12", False), ("13", True), ("21", True), ("bust", True), ("bust 30", True)],
)
def test_an_outcome_must_fit_the_cards_seen(cli, outcome: str, ok: bool, tally) -> None:  # type: ignore[no-untyped-def]
    """Bob drew a king in sight: his three cards total at least 13 (K A 2) and bust at most 30."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    results = _acts(cli, "dealer 10 6", "hit Bob K", "stand all", f"open Bob {outcome}")
    assert all(code == 0 for code, _, _ in results[:-1])
    code, _, err = results[-1]
    if not ok:
        tally(bad=1, wrong=int(code != 1))
    if ok:
        assert code == 0, err
    else:
        assert code == 1 and "with K among them cannot total" in err, err


def test_an_outcome_must_fit_the_cards_seen_even_when_they_bust(cli) -> None:  # type: ignore[no-untyped-def]
    """Bob drew a king and a queen in sight: his four cards total at least 22, a bust."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    results = _acts(cli, "dealer 10 6", "hit Bob K", "hit Bob Q", "stand all", "open Bob 20")
    assert [code for code, _, _ in results] == [0, 0, 0, 0, 1], results
    assert "cannot total 20 (it makes no total up to 21, busts 22 to" in results[-1][2]
    assert _acts(cli, "open Bob bust 22")[0][0] == 0
