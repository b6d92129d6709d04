"""Amendments and reversals of rounds as the ledger checks them: the difference an amendment
records, a reversal of a round as amended, and the stored shapes `check` refuses."""

from __future__ import annotations

from typing import Any

from banluck.core.money import Transfer
from banluck.games.banluck.counted import COUNTED
from banluck.money import ledger
from banluck.money.entries import AmendmentEntry, Entry
from banluck.money.names import names_after, renamed
from banluck.money.stats import player_stats
from tests.money.recorded import recorded

PEOPLE = ["Ann", "Bob", "Cat"]


def round_one() -> dict[str, Any]:
    """Ann deals: Bob wins 10 (18 beats 17), Cat loses 10 (16)."""
    entry = ledger.round_entry(
        {
            "round": 1,
            "dealer": "Ann",
            "preset": {"name": "chinese"},
            "log": ["dealer 10 7", "open Bob 18", "open Cat 16"],
            "transfers": [
                {"from": "Ann", "to": "Bob", "amount": 10, "reason": "18 beats 17"},
                {"from": "Cat", "to": "Ann", "amount": 10, "reason": "17 beats 16"},
            ],
            "hands": {"Bob": "normal", "Cat": "normal"},
            "stakes": {"Bob": 10, "Cat": 10},
        },
        night=1,
        number=1,
        dealer="Ann",
        preset={"name": "chinese"},
    )
    return recorded(entry, 1, at="t")


def stamped(entry: Entry, seq: int) -> dict[str, Any]:
    return recorded(entry, seq, at="t")


def amend_cat(rnd: dict[str, Any], later: list[dict[str, Any]], hand: str) -> AmendmentEntry:
    """Cat had 19 (`hand` as her kind): she wins 10 instead of losing 10."""
    outcome = [
        Transfer("Ann", "Bob", 10, "18 beats 17"),
        Transfer("Ann", "Cat", 10, "19 beats 17"),
    ]
    now = ledger.standing(rnd, later)
    lines = ["dealer 10 7", "open Bob 18", "open Cat 19"]
    return ledger.amendment(rnd, now, lines, outcome, {"Bob": "normal", "Cat": hand}, "Cat had 19")


def test_an_amendment_records_the_difference_with_the_reasons() -> None:
    rnd = round_one()
    fix = stamped(amend_cat(rnd, [], "five-dragon"), 2)
    assert fix["transfers"] == [
        {"from": "Ann", "to": "Cat", "amount": 10, "reason": "reverses: 17 beats 16"},
        {"from": "Ann", "to": "Cat", "amount": 10, "reason": "19 beats 17"},
    ]
    assert ledger.net_of(fix) == {"Ann": -20, "Cat": 20}
    assert [p.message for p in ledger.check([rnd, fix], PEOPLE)] == []
    assert ledger.balances([rnd, fix]) == {"Ann": -20, "Bob": 10, "Cat": 10}
    stats = {s.name: s for s in player_stats([rnd, fix], COUNTED)}
    assert stats["Cat"].kinds["five-dragon"] == 1 and stats["Ann"].net_as_dealer == -20
    summary = ledger.summarise([rnd, fix])
    assert summary["Cat"]["hands"] == {"five-dragon": 1}


def test_a_reversal_takes_back_the_round_as_amended() -> None:
    rnd = round_one()
    fix = stamped(amend_cat(rnd, [], "normal"), 2)
    undo = stamped(ledger.correction(rnd, "never played", ledger.standing(rnd, [fix])), 3)
    assert ledger.net_of(undo) == {"Ann": 20, "Bob": -10, "Cat": -10}
    assert [p.message for p in ledger.check([rnd, fix, undo], PEOPLE)] == []
    assert ledger.balances([rnd, fix, undo]) == {"Ann": 0, "Bob": 0, "Cat": 0}
    # the round's own effect reversed, as if it had not been amended, is not a reversal
    stale = stamped(ledger.correction(rnd, "never played"), 3)
    assert [p.message for p in ledger.check([rnd, fix, stale], PEOPLE)] == [
        "seq 3 (correction): does not exactly reverse seq 1: expected Bob->Ann 10, Cat->Ann 10,"
        " found Ann->Cat 10, Bob->Ann 10"
    ]
    later = ledger.standing(rnd, [fix, undo])
    assert later.reversed_by == 3
    try:
        amend_cat(rnd, [fix, undo], "normal")
    except ledger.LedgerError as exc:
        assert "was reversed by #3" in str(exc)
    else:
        raise AssertionError("a reversed round was amended")


def test_check_names_an_amendment_that_does_not_add_up() -> None:
    rnd = round_one()
    fix = stamped(amend_cat(rnd, [], "normal"), 2)
    short = {**fix, "transfers": fix["transfers"][:1]}
    assert [p.message for p in ledger.check([rnd, short], PEOPLE)] == [
        "seq 2 (correction): does not take seq 1 to its outcome: the difference is"
        " {'Ann': -20, 'Cat': 20}, its transfers make {'Ann': -10, 'Cat': 10}"
    ]
    wrong_hands = {**fix, "hands_before": {"Bob": "bust"}}
    assert [p.message for p in ledger.check([rnd, wrong_hands], PEOPLE)] == [
        "seq 2 (correction): hands_before is not the hands seq 1 stood at"
    ]
    orphan = {**fix, "amends": 7}
    assert [p.message for p in ledger.check([rnd, orphan], PEOPLE)] == [
        "seq 2 (correction): amends seq 7, which is not an earlier entry"
    ]
    no_reason = {**fix, "reason": " "}
    assert [p.message for p in ledger.check([rnd, no_reason], PEOPLE)] == [
        "seq 2 (correction): a correction needs a reason"
    ]


def test_a_rename_reads_earlier_entries_with_the_new_name() -> None:
    rnd = round_one()
    rename = stamped(ledger.rename("Bob", "Rob"), 2)
    pay = stamped(ledger.payment("Ann", "Rob", 10), 3)
    renames = [(2, "Bob", "Rob")]
    shown = [renamed(e, names_after(renames, e["seq"])) for e in (rnd, rename, pay)]
    assert ledger.balances(shown) == {"Ann": 10, "Cat": -10, "Rob": 0}
    assert shown[0]["hands"] == {"Rob": "normal", "Cat": "normal"} and rnd["hands"]["Bob"]
    assert names_after([(2, "Bob", "Rob"), (5, "Rob", "Robert")], 1) == {
        "Bob": "Robert",
        "Rob": "Robert",
    }
    assert names_after([(2, "Bob", "Rob"), (5, "Rob", "Robert")], 3) == {"Rob": "Robert"}
    assert [p.message for p in ledger.check([rnd, rename, pay], [*PEOPLE, "Rob"])] == []
    try:
        ledger.correction(rename, "no")
    except ledger.LedgerError as exc:
        assert (
            str(exc)
            == "#2 is a rename, which moves no money: rename Rob back with `banluck rename Rob Bob`"
        )
    else:
        raise AssertionError("a rename was reversed")


def test_a_games_tally_counts_a_round_as_its_lines_stand() -> None:
    """A game's own counts (`Tally`, from a round's lines and transfers) are added up for the
    round as played, replaced by its amendment's, and taken back with its reversal."""

    def tally(log: Any, transfers: Any) -> dict[str, dict[str, int]]:  # opens counted by name
        out: dict[str, dict[str, int]] = {}
        for line in log:
            word, name, *_ = line.split()
            if word == "open":
                out.setdefault(name, {"opened-19": 0})["opened-19"] += line.endswith(" 19")
        return out

    counted = (*COUNTED, "opened-19")
    rnd = round_one()
    fix = stamped(amend_cat(rnd, [], "normal"), 2)
    undo = stamped(ledger.correction(rnd, "never played", ledger.standing(rnd, [fix])), 3)

    def cat(entries: list[Any]) -> int:
        return {s.name: s for s in player_stats(entries, counted, tally)}["Cat"].kinds["opened-19"]

    assert (cat([rnd]), cat([rnd, fix]), cat([rnd, fix, undo])) == (0, 1, 0)
    assert "opened-19" not in player_stats([rnd], COUNTED, tally)[0].kinds  # only kinds counted
