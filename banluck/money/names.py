"""People renamed: a `rename` entry changes a name in every entry recorded before it, as the
views read them; the stored entries keep the names they were recorded with (docs/corrections.md).

    renames(entries) -> [(seq, old, new)]           the rename entries, in order
    names_after(renames, seq) -> {old: new}          the renames that apply to entry `seq`
    renamed(entry, names) -> dict                    an entry's copy with its names changed
    renamed_with_log(entry, names) -> dict           the same, the words of its lines too
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Rename = tuple[int, str, str]


def renames(entries: Iterable[Mapping[str, Any]]) -> list[Rename]:
    """The renames among stored entries, in seq order: (seq, old name, new name)."""
    return [(e["seq"], e["from"], e["to"]) for e in entries if e.get("kind") == "rename"]


def names_after(found: Sequence[Rename], seq: int) -> dict[str, str]:
    """Each name as the renames after `seq` leave it (a rename of a rename followed to the end);
    {} when none comes after."""
    out: dict[str, str] = {}
    for at, old, new in found:
        if at <= seq:
            continue
        for name, now in out.items():
            if now == old:
                out[name] = new
        out.setdefault(old, new)
    return out


def _name(value: Any, names: Mapping[str, str]) -> Any:
    return names.get(value, value) if isinstance(value, str) else value


def _keys(value: Any, names: Mapping[str, str]) -> Any:
    if not isinstance(value, Mapping):
        return value
    out: dict[Any, Any] = {}
    for key, item in value.items():
        key = _name(key, names)
        out[key] = out[key] + item if key in out and isinstance(item, int) else item
    return out


def _transfers(value: Any, names: Mapping[str, str]) -> Any:
    if not isinstance(value, list):
        return value
    out = []
    for t in value:
        if isinstance(t, Mapping):
            t = {**t, "from": _name(t.get("from"), names), "to": _name(t.get("to"), names)}
        out.append(t)
    return out


def renamed(entry: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """A copy of a stored entry with every person it names renamed by `names`: a round's dealer,
    stakes, hands and transfers, a payment's ends, a correction's transfers (an amendment's
    hands and outcome too). A rename entry is kept as it was recorded."""
    out = dict(entry)
    if not names or entry.get("kind") == "rename":
        return out
    for key in ("dealer", "from", "to", "player"):
        if key in out:
            out[key] = _name(out[key], names)
    for key in ("stakes", "hands", "hands_before"):
        if key in out:
            out[key] = _keys(out[key], names)
    for key in ("transfers", "outcome"):
        if key in out:
            out[key] = _transfers(out[key], names)
    return out


def renamed_with_log(entry: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """`renamed`, and each name among the words of the entry's lines (`log`) too: a round or an
    amendment as it reads under the names of today (a name is one word of a night-log line)."""
    out = renamed(entry, names)
    if names and isinstance(out.get("log"), list) and entry.get("kind") != "rename":
        out["log"] = [
            " ".join(names.get(w, w) for w in line.split()) if isinstance(line, str) else line
            for line in out["log"]
        ]
    return out


def sound_renames(entries: Iterable[Mapping[str, Any]]) -> list[Rename]:
    """`renames` of entries that may be damaged: only the rename entries whose seq and names
    are sound."""
    return [
        (e["seq"], e["from"], e["to"])
        for e in entries
        if e.get("kind") == "rename"
        and isinstance(e.get("seq"), int)
        and isinstance(e.get("from"), str)
        and isinstance(e.get("to"), str)
    ]
