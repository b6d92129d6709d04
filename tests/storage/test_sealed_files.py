"""A clean `check` seals each closed night with the size, CRC-32 and SHA-256 of its file's exact
bytes (the index files' `sealed` table, which banluck of schema 5 before it ignores): the next
plain `check` hashes a sealed file's bytes instead of reading it as JSON, and a night whose
bytes changed by a single byte is named and checked in full. `check --full` reads every night."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import orjson
import pytest

from banluck.app import checking
from banluck.core.errors import BanluckError
from banluck.money import ledger
from banluck.storage import Store
from tests.storage.test_storage import a_round, open_night


def _night(home: Path, night: int) -> Path:
    return home / "nights" / f"{night:04d}.json"


def _earlier(home: Path) -> dict[str, Any]:
    return orjson.loads((home / "index-earlier.json").read_bytes())  # type: ignore[no-any-return]


def _store(home: Path) -> Store:
    """Two closed nights (rounds, a payment) and an open one with a round, checked clean
    once: nights 1 and 2 are sealed with their files' bytes."""
    store = Store(home)
    for night in range(3):
        open_night(store)
        for n in (10, 20, 30):
            store.record_round(a_round(("Bob", "Ann", n + night)))
        if night < 2:
            store.add_payment("Cat", "Ann", 7, "cash")
            store.close_night()
    assert checking.check(store) == []
    return store


def _problems(home: Path, *, full: bool = False) -> list[str]:
    try:
        return checking.check(Store(home), full=full)
    except BanluckError as exc:
        return [str(exc)]


def test_a_clean_check_seals_each_closed_night_with_its_files_bytes(banluck_home: Path) -> None:
    """In a table of its own: the nights' records are those banluck wrote before (a banluck of
    schema 5 from before the table checks them against the files as it did)."""
    _store(banluck_home)
    for night in _earlier(banluck_home)["nights"].values():
        assert "sealed" in night and not {"sha256", "size", "summary"} & set(night)
    for night in (1, 2):
        raw = _night(banluck_home, night).read_bytes()
        proof = _earlier(banluck_home)["sealed"][str(night)]
        assert proof["sha256"] == hashlib.sha256(raw).hexdigest()
        assert proof["size"] == len(raw)
    index = orjson.loads((banluck_home / "index.json").read_bytes())
    assert "3" not in index.get("sealed", {})  # the open night is not sealed


def test_plain_check_does_not_read_a_sealed_night_and_full_reads_all(
    banluck_home: Path,
) -> None:
    _store(banluck_home)
    problems, seals = Store(banluck_home).verify(full=False)
    assert (problems, seals.unread) == ([], {1, 2})
    problems, seals = Store(banluck_home).verify(full=True)
    assert (problems, seals.unread) == ([], set())


def test_the_latest_night_closed_is_sealed_too(banluck_home: Path) -> None:
    store = _store(banluck_home)
    store.close_night()
    assert checking.check(Store(banluck_home)) == []
    index = orjson.loads((banluck_home / "index.json").read_bytes())
    assert "3" in index["sealed"]
    assert Store(banluck_home).verify(full=False)[1].unread == {1, 2, 3}
    # a payment after the close writes its file again: its record is made anew, unsealed
    store.add_payment("Ann", "Cat", 5, "cash")
    assert checking.check(Store(banluck_home)) == []
    assert Store(banluck_home).verify(full=False)[1].unread == {1, 2, 3}


@pytest.mark.parametrize("night", [1, 2])
def test_every_single_byte_changed_in_a_sealed_night_file_is_named(
    banluck_home: Path, night: int
) -> None:
    """200 random single-byte changes (and a space added) in a sealed night file: each makes
    plain `check` fail naming the file; none is a traceback."""
    _store(banluck_home)
    path = _night(banluck_home, night)
    good = path.read_bytes()
    rng = random.Random(night)
    damages = [good + b" "]
    for _ in range(200):
        at = rng.randrange(len(good))
        value = rng.choice([v for v in range(256) if v != good[at]])
        damages.append(good[:at] + bytes([value]) + good[at + 1 :])
    for raw in damages:
        path.write_bytes(raw)
        problems = _problems(banluck_home)
        assert problems, raw[:0]
        assert any(str(path) in p for p in problems), problems
    path.write_bytes(good)
    assert _problems(banluck_home) == []


def test_a_changed_file_is_named_then_checked_in_full(banluck_home: Path) -> None:
    _store(banluck_home)
    path = _night(banluck_home, 1)
    data = json.loads(path.read_text())
    data["entries"]["1"]["transfers"][0]["amount"] = 99
    path.write_text(json.dumps(data))
    problems = _problems(banluck_home)
    assert problems[0].startswith(
        f"night 1 ({path}) changed since `check` found it sound and sealed it (its size is"
    ), problems
    assert any(f"night 1, entry #1 in {path}: its digest" in p for p in problems), problems


def test_a_sealed_night_whose_bytes_hold_but_whose_record_was_edited_is_named(
    banluck_home: Path,
) -> None:
    """The record's sum edited by hand (its seal kept): the seal no longer matches the record,
    so the night is read in full and the record found not to match its file."""
    _store(banluck_home)
    earlier = _earlier(banluck_home)
    earlier["nights"]["1"]["net"]["Bob"] = 1000
    (banluck_home / "index-earlier.json").write_bytes(orjson.dumps(earlier))
    problems = _problems(banluck_home)
    assert any("the index's record of night 1 does not match its file" in p for p in problems)


def test_a_seal_edited_by_hand_is_not_trusted(banluck_home: Path) -> None:
    """A seal's summary edited (to hide a changed night in the season): the seal no longer
    matches its own digest; the night is read in full, and checks clean as it is."""
    _store(banluck_home)
    earlier = _earlier(banluck_home)
    earlier["sealed"]["1"]["summary"]["Bob"]["net"] = 1000
    (banluck_home / "index-earlier.json").write_bytes(orjson.dumps(earlier))
    problems, seals = Store(banluck_home).verify(full=False)
    assert problems == []
    assert 1 not in seals.unread


def test_a_correction_of_a_round_of_a_sealed_night_is_checked_against_it(
    banluck_home: Path,
) -> None:
    store = _store(banluck_home)
    store.add_linked(1, lambda target, later: ledger.correction(target, "wrong"))
    assert _problems(banluck_home) == []
    path = _night(banluck_home, 3)
    data = json.loads(path.read_text())
    twice = dict(data["entries"][max(data["entries"], key=int)])
    seq = data["meta"]["1"]["next_seq"]
    data["entries"][str(seq)] = {**twice, "seq": seq}
    data["meta"]["1"]["next_seq"] = seq + 1
    path.write_text(json.dumps(data))
    problems = _problems(banluck_home)
    assert any("reverses seq 1, already reversed by seq" in p for p in problems), problems
