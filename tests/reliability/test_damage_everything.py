"""Reliability: no damage changes money silently. A store with nights of both families, payments,
a correction, an amendment, a rename, a finished tournament and an open night whose journal holds
a round (tests/fixtures/store-0.2-pre-renovation) is damaged one way at a time: each damage the
issue names, and random single-byte changes in every file. After each, either `check` finds a
problem (exit 1), or the balances (and so the settle-up) are exactly the undamaged ones; never a
traceback. At least 1,000 damages a run."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from banluck.core.errors import BanluckError

pytestmark = [pytest.mark.reliability, pytest.mark.slow]

STORE = Path(__file__).parent.parent / "fixtures" / "store-0.2-pre-renovation" / "store"
BYTES_PER_FILE = 64  # random single-byte changes in each file (16 files: 1,024)
SEED = 26


def _json(path: Path, change: Callable[[Any], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _entries(night: int, change: Callable[[dict[str, Any]], None]) -> Callable[[Path], None]:
    return lambda home: _json(home / "nights" / f"{night:04d}.json", lambda d: change(d["entries"]))


def _first(kind: str, entries: dict[str, Any]) -> str:
    return next(k for k, e in entries.items() if e["kind"] == kind)


def _swap_first_transfer(entries: dict[str, Any]) -> None:
    t = entries[_first("round", entries)]["transfers"][0]
    t["from"], t["to"] = t["to"], t["from"]


def _shift_first_round(entries: dict[str, Any]) -> None:
    transfers = entries[_first("round", entries)]["transfers"]
    transfers[0]["amount"] += 5
    transfers.append({"from": transfers[0]["to"], "to": transfers[0]["from"], "amount": 5})


def _earlier_sums(home: Path) -> None:
    def inflate(data: dict[str, Any]) -> None:
        balance = data["meta"]["1"]["earlier"]["totals"]["balance"]
        name = next(iter(balance))
        balance[name] += 990
        data["meta"]["1"]["earlier"]["totals"]["result"][name] += 990

    _json(home / "index.json", inflate)


def _live(change: Callable[[bytes], bytes]) -> Callable[[Path], None]:
    def damage(home: Path) -> None:
        path = home / "nights" / "0007.live"
        path.write_bytes(change(path.read_bytes()))

    return damage


def _journal_round(home: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """`change` the round the open night's journal holds (as {seq: entry}), its line rewritten."""
    path = home / "nights" / "0007.live"
    lines = path.read_bytes().splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(b'{"entry"'):
            op = json.loads(line)
            change({str(op["entry"]["seq"]): op["entry"]})
            lines[i] = json.dumps(op, separators=(",", ":")).encode() + b"\n"
    path.write_bytes(b"".join(lines))


def _payment_amount(entries: dict[str, Any]) -> None:
    entries[_first("payment", entries)]["amount"] += 5


NAMED: dict[str, Callable[[Path], None]] = {
    "a payment's amount edited": _entries(6, _payment_amount),
    "a closed night's last entry deleted": _entries(5, lambda e: e.pop(max(e, key=int))),
    "a transfer reversed": _entries(2, _swap_first_transfer),
    "a transfer 20 to 25, still netting to zero": _entries(3, _shift_first_round),
    "the journal's round reversed": lambda home: _journal_round(home, _swap_first_transfer),
    "the journal's round 20 to 25": lambda home: _journal_round(home, _shift_first_round),
    "a round deleted": _entries(2, lambda e: e.pop(_first("round", e))),
    "a correction deleted": _entries(6, lambda e: e.pop(_first("correction", e))),
    "a buy-in deleted": _entries(6, lambda e: e.pop(_first("buy-in", e))),
    "a prize deleted": _entries(6, lambda e: e.pop(_first("prize", e))),
    "a payment deleted": _entries(6, lambda e: e.pop(_first("payment", e))),
    "the earlier nights' sums edited": _earlier_sums,
    "the journal deleted": lambda home: (home / "nights" / "0007.live").unlink(),
    "the journal cut short": _live(lambda raw: raw[: len(raw) // 2]),
    "the journal's last line cut": _live(lambda raw: raw[: raw.rstrip(b"\n").rfind(b"\n") + 1]),
    "the journal's token changed": _live(lambda raw: raw.replace(b'"token":"', b'"token":"0', 1)),
    "the index deleted": lambda home: (home / "index.json").unlink(),
    "a night file swapped for its backup": lambda home: shutil.copy(
        home / "nights" / "0006.json.bak", home / "nights" / "0006.json"
    ),
    "the open night's file swapped for its backup": lambda home: shutil.copy(
        home / "nights" / "0007.json.bak", home / "nights" / "0007.json"
    ),
}


def _files() -> list[Path]:
    return sorted(
        p.relative_to(STORE) for p in STORE.rglob("*") if p.is_file() and p.name != "lock"
    )


def _one_byte(relative: Path, at: int, value: int) -> Callable[[Path], None]:
    def damage(home: Path) -> None:
        path = home / relative
        raw = bytearray(path.read_bytes())
        raw[at % len(raw)] = value
        path.write_bytes(bytes(raw))

    return damage


def _random_damages() -> list[tuple[str, Callable[[Path], None]]]:
    rng = random.Random(SEED)
    out = []
    for relative in _files():
        size = (STORE / relative).stat().st_size
        for _ in range(BYTES_PER_FILE):
            at, value = rng.randrange(size), rng.randrange(256)
            out.append((f"{relative} byte {at} -> {value}", _one_byte(relative, at, value)))
    return out


def _outcome(home: Path) -> tuple[str, dict[str, int] | None]:
    """("flagged", None) when `check` finds a problem or refuses; ("read", balances) otherwise;
    ("refused", None) when check passes but the balances cannot be read."""
    from banluck.app import checking
    from banluck.storage import Store

    try:
        problems = checking.check(Store(home))
    except BanluckError:
        return "flagged", None
    if problems:
        return "flagged", None
    try:
        return "read", Store(home).balances()
    except BanluckError:
        return "refused", None


def test_no_damage_changes_money_silently(tmp_path: Path, monkeypatch: Any, tally) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    monkeypatch.setenv("BANLUCK_HOME", str(home))
    shutil.copytree(STORE, home)
    assert _outcome(home)[0] == "read"
    clean = _outcome(home)[1]
    damages = [*NAMED.items(), *_random_damages()]
    assert len(damages) >= 1000
    silent: list[str] = []
    tracebacks: list[str] = []
    for name, damage in damages:
        shutil.rmtree(home)
        shutil.copytree(STORE, home)
        damage(home)
        try:
            found, balances = _outcome(home)
        except Exception as exc:  # a traceback
            tracebacks.append(f"{name}: {exc!r}")
            continue
        if found == "read" and balances != clean:
            silent.append(name)
    tally(bad=len(damages), tracebacks=len(tracebacks), wrong=len(silent))
    assert not tracebacks, tracebacks[:10]
    assert not silent, silent[:20]
