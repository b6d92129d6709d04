"""What the store takes from its callers, checked before anything is written: names, seats,
stakes and amounts, a preset's snapshot, a line of play, the round engine's table, a date, and
the changes of a night record. Each refusal is a StoreError saying what to give instead."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from banluck.core.money import MAX_AMOUNT
from banluck.storage.files import StoreError


def clean_name(name: object, role: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise StoreError(f"{role} {name!r} is not a name; give a name such as Ann")
    return name.strip()


def clean_seats(seats: Sequence[str]) -> list[str]:
    if isinstance(seats, str) or not seats:
        raise StoreError("a night needs at least one seat; give the names at the table")
    names = [clean_name(n, "seat") for n in seats]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise StoreError(f"{', '.join(twice)} sits twice; give each name once")
    return names


def clean_amount(value: object, what: str) -> int:
    """A stake or an amount the store takes: a whole number from 1 to MAX_AMOUNT."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= MAX_AMOUNT:
        raise StoreError(f"{what} is {value!r}; give a whole number from 1 to {MAX_AMOUNT:,}")
    return value


def clean_stakes(stakes: Mapping[str, int], seats: Sequence[str]) -> dict[str, int]:
    if not isinstance(stakes, Mapping):
        raise StoreError("stakes are given as {name: amount}")
    out: dict[str, int] = {}
    for name, stake in stakes.items():
        if name not in seats:
            raise StoreError(f"a stake is set for {name}, who is not seated; seat them first")
        out[name] = clean_amount(stake, f"the stake of {name}")
    return out


def check_preset(preset: object, snapshot: object) -> None:
    if not isinstance(preset, str) or not preset or not isinstance(snapshot, Mapping):
        raise StoreError("a night needs a preset name and its snapshot (a dict)")
    try:
        orjson.dumps(snapshot)
    except orjson.JSONEncodeError as exc:
        raise StoreError(f"the snapshot of preset {preset} cannot be stored: {exc}") from None


def clean_line(line: object) -> str:
    if not isinstance(line, str) or not line.strip() or "\n" in line:
        raise StoreError(f"an action is one line of text, not {line!r}")
    return line


def clean_table(table: Mapping[str, Any] | None) -> dict[str, Any]:
    if table is None:
        return {}
    if not isinstance(table, Mapping):
        raise StoreError("a night's table is given as a dict")
    try:
        out = dict(orjson.loads(orjson.dumps(table)))
    except orjson.JSONEncodeError as exc:
        raise StoreError(f"the night's table cannot be stored: {exc}") from None
    # the stakes the round engine keeps between rounds are capped like every other stake
    start = out.get("start")
    for where, value in (
        ("default stake", out.get("default_stake")),
        ("opening default stake", start.get("default_stake") if isinstance(start, dict) else None),
    ):
        if value is not None:
            clean_amount(value, f"the {where}")
    stakes = out.get("stakes")
    if isinstance(stakes, Mapping):
        for name, stake in stakes.items():
            clean_amount(stake, f"the stake of {name}")
    return out


NIGHT_CHANGES = ("seats", "stakes", "dealer", "preset", "snapshot", "table")
"""What a change of the open night may give (the keys of `Store.update_night`)."""


def changed_night(night: dict[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """The night record with the given changes (keys of `NIGHT_CHANGES`, None for no change),
    checked; StoreError and nothing changed if not."""
    unknown = sorted(set(changes) - set(NIGHT_CHANGES))
    if unknown:
        raise TypeError(f"a night has no {', '.join(unknown)} to change")
    seats, stakes, dealer = changes.get("seats"), changes.get("stakes"), changes.get("dealer")
    preset, snapshot, table = changes.get("preset"), changes.get("snapshot"), changes.get("table")
    if seats is not None:
        night["seats"] = clean_seats(seats)
        night["players"] = list(dict.fromkeys([*night["players"], *night["seats"]]))
        night["stakes"] = {n: s for n, s in night["stakes"].items() if n in night["seats"]}
    if stakes is not None:
        night["stakes"] = clean_stakes({**night["stakes"], **stakes}, night["seats"])
    if dealer is not None:
        night["dealer"] = dealer
    if night["dealer"] not in night["seats"]:
        raise StoreError(
            f"the dealer {night['dealer']!r} is not seated; pick a dealer among "
            f"{', '.join(night['seats'])}"
        )
    if (preset is None) != (snapshot is None):
        raise StoreError("give a preset name together with its snapshot")
    if preset is not None and snapshot is not None:
        check_preset(preset, snapshot)
        night["preset"], night["snapshot"] = preset, dict(snapshot)
    if table is not None:
        night["table"] = clean_table(table)
    return night


def clean_date(date: str | None) -> str:
    if date is None:
        return datetime.date.today().isoformat()
    try:
        return datetime.date.fromisoformat(date).isoformat()
    except (TypeError, ValueError):
        raise StoreError(f"the date {date!r} is not a date; write it as YYYY-MM-DD") from None


def names_in(entry: Mapping[str, Any]) -> set[str]:
    """Every person an entry names: its transfers, its dealer, stakes and hands, a payment's ends."""
    names = {t[k] for t in entry.get("transfers", []) for k in ("from", "to")}
    names.update(
        n
        for n in (entry.get("dealer"), entry.get("from"), entry.get("to"), entry.get("player"))
        if n
    )
    names.update(entry.get("stakes", {}))
    names.update(entry.get("hands", {}))
    return names
