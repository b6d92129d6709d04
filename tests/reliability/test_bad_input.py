"""Reliability: every bad input is one line `error: ...`, exit 1, and no stored byte changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import digest as _digest

pytestmark = pytest.mark.reliability


BAD_ACT = [
    ["undo", "everything"],
    ["undo", "5"],
    ["u", "5"],
    ["round", "extra"],
    ["open", "Bob", "", "9"],
    ["stake", "Bob", "-5"],
    ["stake", "Bob", str(2**63)],
    ["stake", "Bob", str(2**62)],
    ["stake", "Bob", str(10**12 + 1)],
    ["stake", "Bob", "1_000"],
    ["stake", "Bob", "١٠"],
    ["stake", "Bob", "10.5"],
    ["stake", "", "10"],
    ["seat", " "],
    ["stake", "-5"],
    ["pay", "Bob", "Mei", "5"],
]
BAD_OPEN = [
    ["open", "Bob", *w]
    for w in (
        ["99"],
        ["22"],
        ["bust"],
        ["bust", "200"],
        ["٩"],
        ["10", "9", "20"],
        ["10", "9", "bust"],
    )
]
BAD_CMD = [
    ["pay", "Carol", "Bob", "1_000"],
    ["pay", "Carol", "Bob", "٧"],
    ["pay", "Carol", "Bob", str(2**63)],
    ["pay", "Carol", "Bob", "-5"],
    ["ledger", "--limit", str(10**30)],
    ["night", "start", "chinese", "A", "B", "--stake", str(2**63)],
    ["replay", "/dev/zero"],
    ["replay", "/dev/urandom"],
]


def _refused(cli, home: Path, args: list[str], tally) -> None:  # type: ignore[no-untyped-def]
    before = _digest(home)
    try:
        code, out, err = cli(*args)
    except Exception as exc:  # a traceback
        tally(bad=1, tracebacks=1)
        raise AssertionError(f"{args}: traceback") from exc
    lines = err.strip().splitlines()
    ok = code in (1, 2) and len(lines) == 1 and lines[0].startswith("error:")
    ok = ok and "Traceback" not in err and _digest(home) == before
    tally(bad=1, tracebacks=int("Traceback" in err), wrong=int(not ok and "Traceback" not in err))
    assert code in (1, 2), (args, out, err)
    assert len(lines) == 1 and lines[0].startswith("error:"), (args, err)
    assert "Traceback" not in err
    assert _digest(home) == before, args


@pytest.mark.parametrize("args", BAD_ACT + BAD_CMD, ids=lambda a: " ".join(a)[:40])
def test_bad_input_is_one_error_line_and_changes_nothing(cli, night: Path, args, tally) -> None:  # type: ignore[no-untyped-def]
    _refused(cli, night, ["act", *args] if args in BAD_ACT else args, tally)


@pytest.mark.parametrize("words", BAD_OPEN, ids=lambda a: " ".join(a))
def test_an_outcome_a_two_card_hand_cannot_make_is_refused(cli, night: Path, words, tally) -> None:  # type: ignore[no-untyped-def]
    for line in ("dealer 10 6", "stand all"):
        assert cli("act", *line.split())[0] == 0
    _refused(cli, night, ["act", *words], tally)


def test_act_undo_says_what_it_undid(cli, night: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("act", "u")
    assert code == 0 and out.startswith("reopened round 1 without")
    code, out, _ = cli("act", "undo")
    assert code == 0 and out.startswith("undid `")
