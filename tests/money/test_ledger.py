"""The ledger rules: balances come from entries, every round nets to zero, corrections reverse
exactly, and `check` names every problem instead of stopping at the first."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.errors import BanluckError
from banluck.core.money import Transfer
from banluck.money import ledger
from banluck.money.ledger import LedgerError
from tests.money.recorded import recorded

PRESET = {"name": "chinese", "payouts": {"ban_luck": 2}}
PEOPLE = ["Ann", "Bob", "Cat", "Dan"]


def rnd(seq: int, transfers: list[tuple[str, str, int]], dealer: str = "Ann") -> dict[str, Any]:
    return {
        "seq": seq,
        "kind": "round",
        "night": 1,
        "at": "2024-05-01T21:00:00+08:00",
        "round": seq,
        "dealer": dealer,
        "preset": PRESET,
        "log": [f"round {seq}"],
        "transfers": [{"from": a, "to": b, "amount": n, "reason": "won"} for a, b, n in transfers],
        "hands": {a: "regular" for a, _, _ in transfers},
    }


def pay(seq: int, payer: str, payee: str, amount: int) -> dict[str, Any]:
    return recorded(ledger.payment(payer, payee, amount, "cash"), seq)


def fix(seq: int, target: dict[str, Any], reason: str = "wrong cards") -> dict[str, Any]:
    return recorded(ledger.correction(target, reason), seq)


# -- random ledgers ------------------------------------------------------------------------


@st.composite
def ledgers(draw: st.DrawFn) -> tuple[list[str], list[dict[str, Any]]]:
    """A sound ledger: rounds, payments and corrections among 2-6 people, seqs with gaps."""
    people = draw(
        st.lists(
            st.sampled_from(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]),
            min_size=2,
            max_size=6,
            unique=True,
        )
    )
    name = st.sampled_from(people)
    entries: list[dict[str, Any]] = []
    seq = 0
    for _ in range(draw(st.integers(0, 25))):
        seq += draw(st.integers(1, 3))
        what = draw(st.sampled_from(["round", "round", "payment", "correction"]))
        open_targets = [
            e
            for e in entries
            if e["kind"] != "correction" and not any(c.get("reverses") == e["seq"] for c in entries)
        ]
        if what == "correction" and open_targets:
            entries.append(fix(seq, draw(st.sampled_from(open_targets))))
        elif what == "payment":
            payer, payee = draw(st.lists(name, min_size=2, max_size=2, unique=True))
            entries.append(pay(seq, payer, payee, draw(st.integers(1, 500))))
        else:
            pairs = draw(
                st.lists(
                    st.tuples(name, name, st.integers(1, 500)).filter(lambda t: t[0] != t[1]),
                    max_size=6,
                )
            )
            entries.append(rnd(seq, pairs, dealer=draw(name)))
    return people, entries


@settings(max_examples=60, deadline=None)
@given(ledgers())
def test_random_sound_ledger_has_no_problem_and_sums_to_zero(
    case: tuple[list[str], list[dict[str, Any]]],
) -> None:
    """Any ledger built with the rules checks clean, and its balances sum to zero."""
    people, entries = case
    assert [p.message for p in ledger.check(entries, people)] == []
    totals = ledger.balances(entries)
    assert sum(totals.values()) == 0
    assert set(totals) <= set(people)


@settings(max_examples=60, deadline=None)
@given(ledgers())
def test_balances_are_the_sum_of_each_entrys_net(
    case: tuple[list[str], list[dict[str, Any]]],
) -> None:
    """Balances equal the entry-by-entry nets added up; the summary agrees; splits add up."""
    _, entries = case
    expected: dict[str, int] = {}
    for entry in entries:
        net = ledger.net_of(entry)
        assert sum(net.values()) == 0
        for person, change in net.items():
            expected[person] = expected.get(person, 0) + change
    totals = ledger.balances(entries)
    assert {p: v for p, v in totals.items()} == dict(sorted(expected.items()))
    summary = ledger.summarise(entries)
    for person in set(summary) | set(totals):
        assert summary.get(person, {"net": 0})["net"] == totals.get(person, 0)
    half = len(entries) // 2
    assert (
        ledger.add_summaries(ledger.summarise(entries[:half]), ledger.summarise(entries[half:]))
        == summary
    )


@settings(max_examples=60, deadline=None)
@given(ledgers(), st.data())
def test_season_summaries_add_and_subtract_night_by_night(
    case: tuple[list[str], list[dict[str, Any]]], data: st.DataObject
) -> None:
    """The store keeps the season as a running sum: taking one night's summary out of the sum
    and putting a changed one back gives the same as adding every night again."""
    _, entries = case
    cut1 = data.draw(st.integers(0, len(entries)))
    cut2 = data.draw(st.integers(cut1, len(entries)))
    nights = [entries[:cut1], entries[cut1:cut2], entries[cut2:]]
    parts = [ledger.summarise(n) for n in nights]
    season = ledger.add_summaries(*parts)
    assert season == ledger.summarise(entries)
    assert ledger.subtract_summaries(season, parts[2]) == ledger.add_summaries(*parts[:2])
    grown = ledger.summarise(nights[2][:-1])  # the latest night before its last entry
    before = ledger.add_summaries(parts[0], parts[1], grown)
    assert ledger.add_summaries(ledger.subtract_summaries(before, grown), parts[2]) == season


@settings(max_examples=60, deadline=None)
@given(ledgers())
def test_a_correction_cancels_its_entry_exactly(
    case: tuple[list[str], list[dict[str, Any]]],
) -> None:
    """Dropping every corrected entry together with its correction leaves the balances alone."""
    _, entries = case
    corrected = {e["reverses"] for e in entries if e["kind"] == "correction"}
    kept = [e for e in entries if e["kind"] != "correction" and e["seq"] not in corrected]
    with_zeros = ledger.balances(entries)
    without = ledger.balances(kept)
    for person in set(with_zeros) | set(without):
        assert with_zeros.get(person, 0) == without.get(person, 0)


@settings(max_examples=60, deadline=None)
@given(ledgers(), st.data())
def test_check_finds_a_damaged_entry_whatever_it_is(
    case: tuple[list[str], list[dict[str, Any]]], data: st.DataObject
) -> None:
    """Break one entry at random (amount, name, seq, reversal): check names that entry."""
    people, entries = case
    damageable = [e for e in entries if e["kind"] == "payment" or e["transfers"]]
    if not damageable:
        return
    entries = copy.deepcopy(entries)
    victim = data.draw(st.sampled_from([e["seq"] for e in damageable]))
    entry = next(e for e in entries if e["seq"] == victim)
    kinds = ["amount", "name", "duplicate"]
    if entry["kind"] == "correction":
        kinds.append("reversal")
    how = data.draw(st.sampled_from(kinds))
    target = entry if entry["kind"] == "payment" else entry["transfers"][0]
    if how == "amount":
        target["amount"] = data.draw(st.sampled_from([0, -5, 2.5, "10", True, None]))
    elif how == "name":
        target[data.draw(st.sampled_from(["from", "to"]))] = "Zed"
    elif how == "duplicate":
        entries.append(copy.deepcopy(entry))
    else:  # a correction that no longer mirrors its entry
        target["amount"] += 1
    problems = [p.message for p in ledger.check(entries, people)]
    assert any(p.startswith(f"seq {victim} ") for p in problems), problems


# -- each kind of problem --------------------------------------------------------------------


R1 = rnd(1, [("Bob", "Ann", 10), ("Cat", "Ann", 20)])


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ([rnd(1, [("Bob", "Ann", 0)])], "amount is 0, expected a positive whole number"),
        ([rnd(1, [("Bob", "Ann", -10)])], "amount is -10"),
        ([rnd(1, [("Bob", "Ann", 2.5)])], "amount is 2.5"),  # type: ignore[list-item]
        ([rnd(1, [("Bob", "Ann", True)])], "amount is True"),
        ([rnd(1, [("Bob", "Bob", 10)])], "from Bob to themself"),
        ([rnd(1, [("Zed", "Ann", 10)])], "transfer 1 from Zed is not a known person"),
        ([rnd(1, [("Bob", "Ann", 10)], dealer="Zed")], "dealer Zed is not a known person"),
        ([{**R1, "hands": {"Zed": "bust"}}], "hand of Zed is not a known person"),
        ([{**R1, "preset": None}], "preset snapshot is missing"),
        ([{**R1, "log": "dealt"}], "log must be a list"),
        ([{**R1, "kind": "bet"}], "kind is 'bet'"),
        ([{**R1, "transfers": {"Bob": 10}}], "transfers is dict, expected a list"),
        ([pay(1, "Bob", "Zed", 10)], "payee Zed is not a known person"),
        ([{**pay(1, "Bob", "Ann", 10), "amount": -3}], "amount is -3"),
        ([{**pay(1, "Bob", "Ann", 10), "to": "Bob"}], "Bob cannot pay themself"),
        ([R1, {**rnd(1, [("Bob", "Ann", 5)])}], "seq 1 appears twice"),
        ([rnd(5, []), rnd(3, [])], "comes after seq 5 but has a smaller seq"),
        ([{**R1, "seq": "1"}], "seq is '1', expected a whole number"),
        ([R1, {**fix(2, R1), "reverses": 9}], "reverses seq 9, which is not an earlier entry"),
        ([R1, fix(2, R1), {**fix(3, R1), "reverses": 2}], "which is itself a correction"),
        ([R1, fix(2, R1), fix(3, R1)], "reverses seq 1, already reversed by seq 2"),
        ([R1, {**fix(2, R1), "reason": ""}], "a correction needs a reason"),
        ([R1, {**fix(2, R1), "reverses": None}], "reverses is None"),
        ([{**R1, "log": None}, fix(2, R1)], "reverses seq 1, which is itself damaged"),
    ],
)
def test_check_names_the_problem(entries: list[dict[str, Any]], expected: str) -> None:
    """Each kind of broken entry is reported in words that say what is wrong."""
    problems = [p.message for p in ledger.check(entries, PEOPLE)]
    assert any(expected in p for p in problems), problems


def test_check_finds_a_correction_that_does_not_reverse_exactly() -> None:
    """A correction with the right target but a wrong amount or direction is reported."""
    wrong_amount = fix(2, R1)
    wrong_amount["transfers"][0]["amount"] = 11
    same_direction = fix(2, R1)
    for t in same_direction["transfers"]:
        t["from"], t["to"] = t["to"], t["from"]
    short = fix(2, R1)
    short["transfers"].pop()
    for bad in (wrong_amount, same_direction, short):
        problems = [p.message for p in ledger.check([R1, bad], PEOPLE)]
        assert len(problems) == 1
        assert "seq 2 (correction): does not exactly reverse seq 1: expected" in problems[0]


def test_check_reports_every_problem_not_only_the_first() -> None:
    """Three faulty entries are all reported, each under its own seq."""
    entries = [rnd(1, [("Zed", "Ann", 10)]), pay(2, "Bob", "Ann", 10), rnd(3, [("Bob", "Ann", 0)])]
    entries[1]["amount"] = 0
    problems = [p.message for p in ledger.check(entries, PEOPLE)]
    assert sorted({p.split(":")[0] for p in problems}) == [
        "seq 1 (round 1 of night 1)",
        "seq 2 (payment)",
        "seq 3 (round 3 of night 1)",
    ]


def test_check_compares_cached_balances_with_the_entries() -> None:
    """A stored balance that differs from the entries' sum is named with both figures."""
    entries = [R1, pay(2, "Bob", "Ann", 10)]
    truth = ledger.balances(entries)
    assert truth == {"Ann": 20, "Bob": 0, "Cat": -20}
    assert [p.message for p in ledger.check(entries, PEOPLE, cached=truth)] == []
    assert [
        p.message for p in ledger.check(entries, PEOPLE, cached={"Ann": 20, "Cat": -20})
    ] == []  # zero = absent
    problems = [
        p.message for p in ledger.check(entries, PEOPLE, cached={**truth, "Ann": 25, "Dan": 3})
    ]
    assert problems == [
        "the stored balance of Ann is 25 but the entries sum to 20",
        "the stored balance of Dan is 3 but the entries sum to 0",
    ]


# -- money directions and builders ----------------------------------------------------------


def test_a_payment_settles_debt_in_the_right_direction() -> None:
    """Bob loses 50 to Ann in a round, then hands her 50 in cash: both stand at zero."""
    entries = [rnd(1, [("Bob", "Ann", 50)]), pay(2, "Bob", "Ann", 50)]
    assert ledger.balances(entries[:1]) == {"Ann": 50, "Bob": -50}
    assert ledger.balances(entries) == {"Ann": 0, "Bob": 0}


def test_correcting_a_payment_puts_the_debt_back() -> None:
    """A payment entered by mistake is reversed by its correction."""
    payment = pay(2, "Bob", "Ann", 50)
    correction = fix(3, payment, "never paid")
    assert correction["reverses"] == 2
    assert ledger.balances([rnd(1, [("Bob", "Ann", 50)]), payment, correction]) == {
        "Ann": 50,
        "Bob": -50,
    }
    assert [
        p.message for p in ledger.check([rnd(1, [("Bob", "Ann", 50)]), payment, correction], PEOPLE)
    ] == []


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("Bob", "Ann", 0), "amount is 0"),
        (("Bob", "Ann", 1.5), "amount is 1.5"),
        (("Bob", "Bob", 5), "Bob cannot pay themself"),
        (("", "Ann", 5), "payer is '', expected a name"),
    ],
)
def test_payment_builder_refuses_bad_payments(args: tuple[Any, ...], expected: str) -> None:
    """A payment that cannot be right is refused with the reason, as a BanluckError."""
    with pytest.raises(BanluckError, match=expected):
        ledger.payment(*args)


def test_correction_builder_refuses_correcting_a_correction_and_needs_a_reason() -> None:
    """Corrections reverse real entries only, and always say why."""
    with pytest.raises(LedgerError, match="itself a correction"):
        ledger.correction(fix(2, R1), "again")
    with pytest.raises(LedgerError, match="needs a reason"):
        ledger.correction(R1, "  ")


def test_round_entry_copies_the_engines_dict_and_keeps_extra_keys() -> None:
    """The round is a typed entry completed from the night, sharing no list with the engine,
    keeping what it does not know."""
    data = {
        "transfers": [{"from": "Bob", "to": "Ann", "amount": 10, "reason": "x"}],
        "log": ["a"],
        "hands": {"Bob": "bust"},
        "cards": {"Bob": "K Q 5"},
    }
    entry = ledger.round_entry(data, 3, 2, "Ann", {"name": "chinese"})
    data["transfers"][0]["amount"] = 99
    data["log"].append("b")
    data["hands"]["Bob"] = "normal"
    assert entry.transfers == (Transfer("Bob", "Ann", 10, "x"),)
    assert entry.log == ("a",) and entry.hands == {"Bob": "bust"}
    assert (entry.night, entry.round, entry.dealer) == (3, 2, "Ann")
    assert entry.extra == {"cards": {"Bob": "K Q 5"}}
    assert ledger.round_entry({**data, "round": 7}, 3, 2, "Ann", {}).round == 7
    with pytest.raises(LedgerError, match="may not set seq"):
        ledger.round_entry({**data, "seq": 4}, 3, 2, "Ann", {})


def test_round_entry_names_every_problem() -> None:
    """A round that cannot be recorded says each thing wrong with it, in one error."""
    data = {"transfers": [{"from": "Bob", "to": "Zed", "amount": 10, "reason": "x"}]}
    with pytest.raises(ledger.RoundProblems) as caught:
        ledger.round_entry(data, 1, 1, "Ann", {}, people=["Ann", "Bob"])
    assert caught.value.problems == ["transfer 1 to Zed is not a known person"]


def test_balances_of_a_malformed_entry_is_an_error_naming_it() -> None:
    """A damaged entry stops the sum with a sentence naming its seq, not a traceback."""
    broken = rnd(7, [("Bob", "Ann", 10)])
    del broken["transfers"][0]["amount"]
    with pytest.raises(LedgerError, match=r"seq 7 \(round 7 of night 1\) is malformed"):
        ledger.balances([R1, broken])


def test_summary_counts_rounds_dealt_and_hand_kinds() -> None:
    """Per person: rounds played, rounds dealt, and hand kinds seen."""
    first = rnd(1, [("Bob", "Ann", 10), ("Ann", "Cat", 20)])
    first["hands"] = {"Bob": "bust", "Cat": "ban-luck", "Ann": "regular"}
    second = rnd(2, [("Bob", "Cat", 10)], dealer="Cat")
    summary = ledger.summarise([first, second])
    assert summary["Ann"] == {"net": -10, "rounds": 0, "dealt": 1, "hands": {"regular": 1}}
    assert summary["Bob"] == {
        "net": -20,
        "rounds": 2,
        "dealt": 0,
        "hands": {"bust": 1, "regular": 1},
    }
    assert summary["Cat"] == {"net": 30, "rounds": 1, "dealt": 1, "hands": {"ban-luck": 1}}
