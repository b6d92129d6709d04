"""Reliability: a night file whose outer shape is valid but whose fields are damaged (wrong type
or missing: the night record, its meta, and every kind of entry), against every command: never a traceback, one `error:` line naming the file, and
`check` reports every damage that makes another command fail."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.reliability.damage import COMMANDS, damage_field, played_store

pytestmark = pytest.mark.reliability

WRONG: dict[type, Any] = {str: 7, int: "20", list: "Mei", dict: "x"}


def _base(root: Path) -> Path:
    """A store with an open night, a round, a payment and its correction (built once)."""
    home = root / "base"
    if not home.exists():
        played_store(home)
        from banluck.app.amending import reverse
        from banluck.storage import Store

        reverse(Store(home), 2, "paid twice")
    return home


def _damages() -> list[tuple[str, str, Any]]:
    """(where, key, value) for each field of the night record, the round and the payment, and a
    transfer: the value is a wrong type, or MISSING."""
    night = {
        "id": int, "date": str, "preset": str, "snapshot": dict, "seats": list, "players": list,
        "stakes": dict, "dealer": str, "status": str, "started": str, "closed": str, "table": dict,
    }  # fmt: skip
    round_ = {
        "seq": int, "kind": str, "night": int, "at": str, "round": int, "dealer": str,
        "preset": int, "log": list, "transfers": list, "hands": dict, "stakes": dict,
        "table_before": dict,
    }  # fmt: skip
    payment = {"seq": int, "night": int, "at": str, "from": str, "to": str, "amount": int}
    transfer = {"from": str, "to": str, "amount": int}
    correction = {
        "seq": int, "kind": str, "night": int, "at": str, "reverses": int, "reason": str,
        "transfers": list,
    }  # fmt: skip
    meta = {"kind": str, "schema": int, "rev": int, "next_seq": int}
    out = []
    for where, fields in (
        ("night", night),
        ("round", round_),
        ("payment", payment),
        ("correction", correction),
        ("meta", meta),
    ):
        for key, kind in fields.items():
            out += [(where, key, WRONG[kind]), (where, key, "MISSING")]
    for key, kind in transfer.items():
        out += [("transfer", key, WRONG[kind]), ("transfer", key, "MISSING")]
    out += [("night", "seats", [1, 2]), ("table", "words", "x"), ("table", "stakes", [1])]
    out += [("correction", "reverses", 99), ("correction", "transfers", [{"from": "Bob"}])]
    out += [("meta", "next_seq", 1), ("payment", "amount", 10**13), ("table", "default_stake", 0)]
    return out


def _damage(path: Path, where: str, key: str, value: Any) -> None:
    def pick(data: dict[str, Any]) -> dict[str, Any]:
        entries = data["entries"]
        rounds = [e for e in entries.values() if e["kind"] == "round"]
        return {  # type: ignore[no-any-return]
            "night": lambda: data["night"]["1"],
            "table": lambda: data["night"]["1"]["table"],
            "round": lambda: rounds[0],
            "payment": lambda: next(e for e in entries.values() if e["kind"] == "payment"),
            "correction": lambda: next(e for e in entries.values() if e["kind"] == "correction"),
            "meta": lambda: data["meta"]["1"],
            "transfer": lambda: rounds[0]["transfers"][0],
        }[where]()

    damage_field(path, pick, key, value)


@pytest.mark.parametrize("damage", _damages(), ids=lambda d: f"{d[0]}.{d[1]}={d[2]!r}")
def test_a_damaged_field_is_an_error_line_never_a_traceback(
    cli, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, monkeypatch, damage, tally
) -> None:  # type: ignore[no-untyped-def]
    base = _base(tmp_path_factory.getbasetemp())
    home = tmp_path / "home"
    shutil.copytree(base, home)
    monkeypatch.setenv("BANLUCK_HOME", str(home))
    _damage(home / "nights" / "0001.json", *damage)
    failed, wrong = [], []
    for args in COMMANDS:
        (home / "nights" / "0001.json.bak").unlink(missing_ok=True)
        try:
            code, out, err = cli(*args)
        except Exception as exc:  # a traceback
            wrong.append(f"{' '.join(args)}: {type(exc).__name__}: {exc}")
            continue
        if "Traceback" in out + err or code not in (0, 1, 2):
            wrong.append(f"{' '.join(args)}: traceback")
        elif code != 0:
            lines = err.strip().splitlines()
            if len(lines) != 1 or not lines[0].startswith("error:"):
                wrong.append(f"{' '.join(args)}: {err!r}")
            failed.append(args)
    code, _, err = cli("check")
    if failed and code == 0:
        wrong.append(f"check passes, but {[' '.join(a) for a in failed]} fail")
    tracebacks = sum(1 for w in wrong if "traceback" in w or "Error:" in w)
    tally(bad=len(COMMANDS) + 1, tracebacks=tracebacks, wrong=len(wrong) - tracebacks)
    assert wrong == []
