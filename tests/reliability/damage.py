"""What the damaged-file matrices share: the commands tried on each damage, and the played store
each damage is made in (built once a test process, copied for each test)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

COMMANDS = [
    ["night", "show"],
    ["act", "dealer", "10", "6"],
    ["ledger"],
    ["settle"],
    ["stats"],
    ["history"],
    ["export", "--log"],
    ["export", "--csv"],
    ["undo"],
    ["pay", "Bob", "Carol", "1", "--yes"],
]
ROUND = ("dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7")


def played_store(home: Path, nights: int = 1) -> Path:
    """`home` with `nights` nights of Mei, Bob and Carol (each a round and a payment by Bob, who
    then owes nothing), the last one left open; built once."""
    from banluck.cli.main import main

    if home.exists():
        return home
    os.environ["BANLUCK_HOME"] = str(home)
    for night in range(1, nights + 1):
        assert main(["night", "start", "chinese", "Mei", "Bob", "Carol"]) == 0
        for line in ROUND:
            assert main(["act", *line.split()]) == 0
        assert main(["pay", "Bob", "Carol", "5", "--yes"]) == 0
        if night < nights:
            assert main(["night", "close"]) == 0
    return home


MISSING = "MISSING"


def damage_field(
    path: Path, pick: Callable[[dict[str, Any]], dict[str, Any]], key: str, value: Any
) -> None:
    """Set field `key` of the document `pick` finds in the JSON file `path` to `value`, or
    remove it when `value` is MISSING."""
    data = orjson.loads(path.read_bytes())
    target = pick(data)
    if value == MISSING:
        target.pop(key, None)
    else:
        target[key] = value
    path.write_bytes(orjson.dumps(data))
