"""A night's totals (what the index keeps for `stats`, `history`, `settle` and `ledger --all`)
give exactly what the same commands computed from the entries, and add up night by night."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.money import ledger, stats
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
    totals = stats.night_totals(entries)
    assert as_rows(stats.stats_of(totals)) == as_rows(stats.player_stats(entries))
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
    whole = stats.night_totals(entries)
    assert stats.add_totals(*(stats.night_totals(n) for n in nights)) == whole
    if not any(crosses(c) for c in range(len(entries) + 1)):
        assert stats.add_totals(*(stats.night_totals([e]) for e in entries)) == whole
    assert stats.add_totals() == stats.night_totals([])


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
        {"seq": 2, "night": 1, "at": "", **ledger.payment("Ann", "Bob", 10)},
    ]
    totals = stats.night_totals(entries)
    assert totals["players"]["Cat"] == {"rounds": 1, "dealt": 0, "net_as_dealer": 0, "kinds": {}}
    assert totals["players"]["Ann"] == {
        "rounds": 1,
        "dealt": 1,
        "net_as_dealer": -10,
        "kinds": {"bust": 1},
    }
    assert totals["result"] == {"Ann": -10, "Bob": 10}
    assert totals["balance"] == {"Ann": 0, "Bob": 0}
