"""The ledger's checks, each alone: a small function over the entries that returns its problems,
run in order by `ledger.check`."""

from __future__ import annotations

from typing import Any

from banluck.core.money import Transfer
from banluck.money import ledger
from banluck.money.entries import CorrectionEntry, PaymentEntry, RoundEntry
from banluck.money.ledger import (
    CHECKS,
    Damaged,
    Problem,
    corrections_reverse_exactly,
    entries_well_formed,
    seqs_increase,
)

PEOPLE = ["Ann", "Bob", "Cat"]


def rnd(seq: int, *moves: tuple[str, str, int]) -> RoundEntry:
    return RoundEntry(
        seq=seq,
        night=1,
        at="",
        round=seq,
        dealer="Ann",
        preset={"name": "chinese"},
        log=(),
        transfers=tuple(Transfer(a, b, n, "won") for a, b, n in moves),
        hands={},
    )


def fix(seq: int, reverses: int, *moves: tuple[str, str, int]) -> CorrectionEntry:
    return CorrectionEntry(
        seq, 1, "", reverses, "misread", tuple(Transfer(a, b, n) for a, b, n in moves)
    )


def test_checks_run_in_order() -> None:
    """Seq order first, then each entry's own shape, then what corrections reverse."""
    assert (seqs_increase, entries_well_formed, corrections_reverse_exactly) == CHECKS


def test_seqs_increase() -> None:
    """An entry whose seq is smaller than one before it is named; a gap is fine."""
    assert seqs_increase([rnd(1), rnd(4), rnd(9)]) == []
    assert seqs_increase([rnd(5), rnd(3), rnd(7)]) == [
        Problem(3, "seq 3 (round 3 of night 1): comes after seq 5 but has a smaller seq")
    ]


def test_entries_well_formed_reports_the_damaged_ones() -> None:
    """Entries `check` could not read come with their problems; sound ones with none."""
    damaged = Damaged(2, "payment", "seq 2 (payment)", ("payee Zed is not a known person",))
    assert entries_well_formed([rnd(1)]) == []
    assert entries_well_formed([rnd(1), damaged]) == [
        Problem(2, "seq 2 (payment): payee Zed is not a known person")
    ]


def test_corrections_reverse_exactly() -> None:
    """A correction must reverse an earlier, sound, uncorrected entry that is not a correction,
    transfer for transfer."""
    r1 = rnd(1, ("Bob", "Ann", 10))
    assert corrections_reverse_exactly([r1, fix(2, 1, ("Ann", "Bob", 10))]) == []
    assert corrections_reverse_exactly([r1, fix(2, 1, ("Ann", "Bob", 5))]) == [
        Problem(
            2,
            "seq 2 (correction): does not exactly reverse seq 1: expected Ann->Bob 10,"
            " found Ann->Bob 5",
        )
    ]
    assert corrections_reverse_exactly([r1, fix(2, 9)]) == [
        Problem(2, "seq 2 (correction): reverses seq 9, which is not an earlier entry")
    ]
    twice = [r1, fix(2, 1, ("Ann", "Bob", 10)), fix(3, 1, ("Ann", "Bob", 10))]
    assert corrections_reverse_exactly(twice) == [
        Problem(3, "seq 3 (correction): reverses seq 1, already reversed by seq 2")
    ]
    of_fix = [r1, fix(2, 1, ("Ann", "Bob", 10)), fix(3, 2)]
    assert corrections_reverse_exactly(of_fix) == [
        Problem(3, "seq 3 (correction): reverses seq 2, which is itself a correction")
    ]
    damaged = Damaged(1, "round", "seq 1 (round 1 of night 1)", ("log must be a list",))
    assert corrections_reverse_exactly([damaged, fix(2, 1)]) == [
        Problem(2, "seq 2 (correction): reverses seq 1, which is itself damaged")
    ]
    paid = PaymentEntry(1, 1, "", "Bob", "Ann", 5)
    assert corrections_reverse_exactly([paid, fix(2, 1, ("Bob", "Ann", 5))]) == []


def stored(entry: Any) -> dict[str, Any]:
    from banluck.money.entries import encode

    return encode(entry)


def test_check_lists_problems_entry_by_entry_then_the_cache() -> None:
    """Problems of several checks come in the order of the entries, as they always have."""
    r1 = stored(rnd(1, ("Bob", "Ann", 10)))
    bad_fix = stored(fix(2, 1, ("Ann", "Bob", 3)))
    late = {**stored(PaymentEntry(1, 1, "", "Bob", "Zed", 5)), "seq": 0}
    dup = stored(rnd(2))
    odd = {**r1, "seq": "x"}
    problems = [
        p.message for p in ledger.check([r1, bad_fix, late, dup, odd], PEOPLE, cached={"Cat": 1})
    ]
    assert problems == [
        "seq 2 (correction): does not exactly reverse seq 1: "
        "expected Ann->Bob 10, found Ann->Bob 3",
        "seq 0 (payment): comes after seq 2 but has a smaller seq",
        "seq 0 (payment): payee Zed is not a known person",
        "seq 2 (round 2 of night 1): seq 2 appears twice",
        "seq x (round 1 of night 1): seq is 'x', expected a whole number",
        "the stored balance of Ann is 0 but the entries sum to 7",
        "the stored balance of Bob is 0 but the entries sum to -7",
        "the stored balance of Cat is 1 but the entries sum to 0",
    ]


def test_an_entry_sound_in_shape_but_not_decodable_is_checked_as_before() -> None:
    """A field `entry_problems` does not look at (a missing `night`, an unknown key) is not
    reported: `check` says what it always said, and the entry counts in the balances."""
    r1 = {k: v for k, v in stored(rnd(1, ("Bob", "Ann", 10))).items() if k != "night"}
    paid = {**stored(PaymentEntry(2, 1, "", "Ann", "Bob", 3)), "tip": 1}
    assert [
        p.message for p in ledger.check([r1, paid], PEOPLE, cached={"Ann": 13, "Bob": -13})
    ] == []
    late = {**stored(rnd(3)), "seq": 0, "night": None}
    del late["night"]
    assert [p.message for p in ledger.check([r1, late], PEOPLE)] == [
        "seq 0 (round 3 of night ?): comes after seq 1 but has a smaller seq"
    ]


def test_check_says_which_entry_each_problem_is_about() -> None:
    """`check` returns records: the seq of the entry a problem is about (None for one without
    a whole-number seq, and for the stored balances) and its line, printed as it always was."""
    r1 = stored(rnd(1, ("Bob", "Ann", 10)))
    late = {**stored(PaymentEntry(1, 1, "", "Bob", "Zed", 5)), "seq": 0}
    odd = {**r1, "seq": "x"}
    problems = ledger.check([r1, late, odd], PEOPLE, cached={"Ann": 12, "Bob": -10})
    assert [(p.seq, str(p)) for p in problems] == [
        (0, "seq 0 (payment): comes after seq 1 but has a smaller seq"),
        (0, "seq 0 (payment): payee Zed is not a known person"),
        (None, "seq x (round 1 of night 1): seq is 'x', expected a whole number"),
        (None, "the stored balance of Ann is 12 but the entries sum to 10"),
    ]
