"""`export --json` encodes a night at a time in one call of orjson: the text is the standard
library's `json.dumps(entries, ensure_ascii=False, indent=1)` byte for byte, whatever the
entries hold."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from banluck.app.exporting import entries_json_parts


def _expected(entries: list[Any]) -> str:
    return json.dumps(entries, ensure_ascii=False, indent=1) + "\n"


def _entry(rng: random.Random, seq: int, night: int | None) -> dict[str, Any]:
    names = ["Ann", "Bé", "中文", 'q"uote', "back\\slash", "tab\tnew\nline\x00\x1f\x7f", "😀"]
    return {
        "seq": seq,
        "night": night,
        "kind": rng.choice(["round", "payment", "amend"]),
        "dealer": rng.choice(names),
        "transfers": [
            {"from": rng.choice(names), "to": rng.choice(names), "amount": rng.randint(-99, 999)}
            for _ in range(rng.randint(0, 4))
        ],
        "log": [rng.choice(names) + " draws 7" for _ in range(rng.randint(0, 3))],
        "table": {"empty": {}, "none": [], "nested": [[], {}, [{"a": None, "b": True}]]},
        "ratio": rng.choice([1.5, 0.1, 2.0, 1e16, 1.5e16, -0.0, 123456.789]),
    }


def test_a_year_of_nights_exports_as_the_standard_library_writes_it() -> None:
    rng = random.Random(30)
    entries = [_entry(rng, seq, 1 + seq // 7) for seq in range(60)]
    parts = list(entries_json_parts(entries))
    assert "".join(parts) == _expected(entries)
    assert len(parts) == len({e["night"] for e in entries}) + 1  # a piece a night, then the end


@pytest.mark.parametrize(
    "odd",
    [1e-05, -3.2e-07, 2**70, -(2**64), "0.00001", "1e-5", "free-hand"],
    ids=["tiny", "tiny negative", "huge", "huge negative", "0.0000", "1e-5", "free-hand"],
)
def test_what_orjson_writes_otherwise_falls_back_for_its_night(odd: object) -> None:
    rng = random.Random(7)
    entries = [_entry(rng, seq, seq // 3) for seq in range(9)]
    entries[4]["odd"] = odd  # in the middle night only
    assert "".join(entries_json_parts(entries)) == _expected(entries)


def test_no_entries_and_entries_of_no_night() -> None:
    assert "".join(entries_json_parts([])) == "[]\n"
    rng = random.Random(1)
    entries = [_entry(rng, seq, None) for seq in range(3)] + [_entry(rng, 3, 1)]
    assert "".join(entries_json_parts(entries)) == _expected(entries)
