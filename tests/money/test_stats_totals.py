"""A night's totals (what the index keeps for `stats`, `history`, `settle` and `ledger --all`)
give exactly what the same commands computed from the entries, and add up night by night."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.games.banluck.counted import COUNTED
from banluck.money import ledger, stats
from tests.money.recorded import recorded
from tests.money.test_ledger import ledgers

KINDS = ["regular", "bust", "ban-ban", "ban-luck", "five-dragon", "triple-seven"]


@st.composite
def played(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A sound ledger whose rounds carry stakes and hand kinds as the round engine writes them."""
    people, entries = draw(ledgers())
    for entry in entries:
        if entry["kind"] != "round":
            continue
        named = sorted({entry["dealer"], *entry["hands"]})
        entry["hands"] = {n: draw(st.sampled_from(KINDS)) for n in named}
        if draw(st.booleans()):
            seated = draw(st.lists(st.sampled_from(people), unique=True))
            entry["stakes"] = {n: 10 for n in seated if n != entry["dealer"]}
    return entries


def as_rows(rows: list[stats.PlayerStats]) -> list[dict[str, Any]]:
    return [r.as_dict() for r in rows]


@settings(max_examples=80, deadline=None)
@given(played())
def test_totals_give_what_the_entries_give(entries: list[dict[str, Any]]) -> None:
    """stats, results and balances read from the totals equal those computed from the entries,
    order and zeros included."""
    totals = stats.night_totals(entries, COUNTED)
    assert as_rows(stats.stats_of(totals, COUNTED)) == as_rows(stats.player_stats(entries, COUNTED))
    assert totals["result"] == stats.results(entries)
    assert list(totals["result"].items()) == list(stats.results(entries).items())
    assert list(totals["balance"].items()) == list(ledger.balances(entries).items())


@settings(max_examples=80, deadline=None)
@given(played(), st.data())
def test_totals_add_up_night_by_night_and_entry_by_entry(
    entries: list[dict[str, Any]], data: st.DataObject
) -> None:
    """The totals of a season are the sum of its nights' (however it is cut, so long as no
    correction is cut off from the round it reverses: a reversed round counts nowhere only
    within its night, docs/corrections.md), and a night's totals grow by the totals of the
    entries appended to it (the store totals a night again when a correction is appended)."""

    def crosses(cut: int) -> bool:
        before = {e["seq"] for e in entries[:cut] if e["kind"] == "round"}
        return any(e["kind"] == "correction" and e.get("reverses") in before for e in entries[cut:])

    cuts = [c for c in range(len(entries) + 1) if not crosses(c)]
    cut1 = data.draw(st.sampled_from(cuts))
    cut2 = data.draw(st.sampled_from([c for c in cuts if c >= cut1]))
    nights = [entries[:cut1], entries[cut1:cut2], entries[cut2:]]
    whole = stats.night_totals(entries, COUNTED)
    assert stats.add_totals(*(stats.night_totals(n, COUNTED) for n in nights)) == whole
    if not any(crosses(c) for c in range(len(entries) + 1)):
        assert stats.add_totals(*(stats.night_totals([e], COUNTED) for e in entries)) == whole
    assert stats.add_totals() == stats.night_totals([], COUNTED)


def test_totals_count_a_seated_player_who_won_nothing_and_a_payment() -> None:
    """Someone seated with a stake who moved no money still has a round; a payment moves the
    balance, not the result."""
    entries: list[dict[str, Any]] = [
        {
            "seq": 1,
            "kind": "round",
            "night": 1,
            "at": "",
            "round": 1,
            "dealer": "Ann",
            "preset": {},
            "log": ["Bob wins 10"],
            "transfers": [{"from": "Ann", "to": "Bob", "amount": 10, "reason": "higher"}],
            "hands": {"Ann": "bust", "Bob": "ban-luck"},
            "stakes": {"Bob": 10, "Cat": 10},
        },
        recorded(ledger.payment("Ann", "Bob", 10), 2),
    ]
    totals = stats.night_totals(entries, COUNTED)
    assert totals["players"]["Cat"] == {"rounds": 1, "dealt": 0, "net_as_dealer": 0, "kinds": {}}
    assert totals["players"]["Ann"] == {
        "rounds": 1,
        "dealt": 1,
        "net_as_dealer": -10,
        "kinds": {"bust": 1},
    }
    assert totals["result"] == {"Ann": -10, "Bob": 10}
    assert totals["balance"] == {"Ann": 0, "Bob": 0}


def test_a_payment_reversed_moves_no_result_and_a_round_reversed_does() -> None:
    """A correction of a payment moves debts, not results (`stats.DEBT_KINDS`): the kind it
    reverses is data of the typed correction, taken from the entry it reverses and stored."""
    from banluck.money import ledger
    from banluck.money.entries import decode

    pay = recorded(ledger.payment("Ann", "Bob", 30), 1)
    undo_pay = decode(recorded(ledger.correction(pay, "typo"), 2))
    assert undo_pay.kind == "correction" and undo_pay.reversed_kind == "payment"
    assert stats.result_nets(undo_pay) == {} and undo_pay.nets() == {"Ann": -30, "Bob": 30}
    from banluck.core.money import Transfer
    from banluck.money.entries import RoundEntry, encode

    won = (Transfer("Bob", "Ann", 5, "win"),)
    rnd = encode(
        RoundEntry(3, 1, "", round=1, dealer="Ann", preset={}, log=(), transfers=won, hands={})
    )
    undo_round = decode(recorded(ledger.correction(rnd, "misread"), 4))
    assert undo_round.reversed_kind == "round"
    assert stats.result_nets(undo_round) == {"Ann": -5, "Bob": 5}


def test_a_correction_stored_before_its_kind_was_reads_as_before() -> None:
    """A correction an earlier version stored has no `reversed_kind`: a payment's reversal is
    still known by its transfers, and still moves no result."""
    from banluck.money import ledger
    from banluck.money.entries import decode, encode, read_loosely

    pay = recorded(ledger.payment("Ann", "Bob", 30), 1)
    stored = recorded(ledger.correction(pay, "typo"), 2)
    del stored["reversed_kind"]
    for undo in (decode(stored), read_loosely(stored)):
        assert undo.kind == "correction" and undo.reversed_kind == "payment"
        assert stats.result_nets(undo) == {}
    assert encode(decode(stored)) == stored
    wrong = {**recorded(ledger.correction(pay, "typo"), 2), "reversed_kind": "round"}
    assert [p.message for p in ledger.check([pay, wrong], ["Ann", "Bob"])] == [
        "seq 2 (correction): says it reverses a round, but seq 1 is a payment"
    ]


def test_the_counted_kinds_are_ban_lucks_and_the_indexs() -> None:
    """`banluck stats` counts the first game's kinds (`Family.counted`, read without the round
    engine), which are the kinds the index's totals keep."""
    from banluck.app.games import counted_kinds
    from banluck.games.banluck.family import FAMILY
    from banluck.games.banluck.hands import Kind
    from banluck.storage.schema import TOTALLED_KINDS

    assert counted_kinds() == FAMILY.counted == TOTALLED_KINDS
    assert set(FAMILY.counted) <= {k.value for k in Kind}
