"""Moving nights in and out of the store: a replayed night log recorded whole, a stored night
written back as a night log, and the ledger as CSV."""

from __future__ import annotations

import csv
import io
import os
import re
import stat
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from banluck.app.amending import standing
from banluck.app.records import (
    in_order,
    seat_stakes,
    start_seating,
    start_table,
    stored_words,
    table_of,
)
from banluck.core.errors import BanluckError
from banluck.money.entries import between_rounds, numbered, round_title
from banluck.money.names import names_after
from banluck.table.night import Night
from banluck.table.nightlog import REVERSED, VERSION

if TYPE_CHECKING:
    from banluck.storage import Store


def save_night(store: Store, night: Night, date: str | None = None) -> dict[str, Any]:
    """Record a replayed night into the ledger as a night of its own.

    The night is closed afterwards, unless its log ends in the middle of a round: then it stays
    open with that round's lines live, to be finished at the table. Everyone who sat during the
    night is seated before its rounds are recorded (the ledger records only rounds of people who
    sat), and the night ends with the seats, stakes and dealer of its last line.
    """
    start = night.start
    s = night.seating
    sat = [*start.seats, *(n for r in night.rounds for n in (r.dealer, *r.stakes)), *s.seats]
    everyone = list(dict.fromkeys(sat))
    live = night.current.lines() if night.current is not None else []
    spec = {
        "preset": start.preset.name,
        "snapshot": start.preset.to_dict(),
        "seats": list(s.seats),
        "players": everyone,
        "stakes": seat_stakes(s),
        "dealer": s.dealer,
        "date": date,
        "table": {**start_table(start), **table_of(s, night.words)},
        "status": "open" if live else "closed",
        "live": live,
    }
    # the whole night in one write: a kill or a full disk leaves all of it or none
    with store.locked():
        if store.tonight() is not None:
            raise BanluckError(
                "a night is open in the ledger: close it first (`banluck night close`), then save"
            )
        store.import_nights([(spec, [finished.to_dict() for finished in night.rounds])])
        return store.night(store.nights()[-1]["id"])


def night_log(store: Store, night_id: int | None = None) -> str:
    """A stored night as a night log that replays to the same rounds and balances."""
    if night_id is None:
        tonight = store.tonight()
        nights = store.nights()
        if tonight is None and not nights:
            raise BanluckError("the ledger is empty: there is no night to export")
        night_id = tonight["id"] if tonight is not None else nights[-1]["id"]
    record = store.night(night_id)
    rounds = [e for e in store.entries(night_id) if e["kind"] == "round"]
    rules = _rules_of(record, rounds)
    head = f"# night {record['id']} of {record['date']}, exported by banluck"
    from banluck.app.tournament import replay, tournament_of

    if tournament_of(record) is not None:  # a night of its own kind: its own first line
        played = replay(record)
        word, _, *rest = played.start.line().split(" ")
        opening = " ".join([word, rules[0].split()[1], *rest])  # the preset `night` would name
        return "\n".join([head, opening, *rules[1:], "", *played.lines]) + "\n"
    start = start_seating(record)
    # under the names people have now, as the ledger shows them
    first = min((int(e["seq"]) for e in rounds), default=0) - 1
    names = names_after(store.renamed(), first) if rounds else {}

    def named(line: str) -> str:
        return re.sub(r"\S+", lambda m: names.get(m[0], m[0]), line) if names else line

    words = [(n, named(line)) for n, line in stored_words(record)]
    # version 2 reads a bare `stake 10` as typed; a night stored with one keeps version 1's
    bare_stake = any(len(line.split()) == 2 and line.startswith("stake ") for _, line in words)
    out = [
        head,
        *([] if bare_stake else [f"version {VERSION}"]),
        named(f"{rules[0]} {' '.join(start.seats)}"),
        *rules[1:],
    ]
    if start.default_stake is not None:
        out.append(f"stake {start.default_stake}")
    last = "round"  # the heading ends like a round: a blank line follows it
    counted = {e["seq"]: n for e, n in numbered(rounds) if n is not None}
    for kind, item in in_order(words, rounds):
        if last != "word" and (kind == "round" or last == "round"):
            out.append("")  # a blank line before each round and the words that precede it
        last = kind
        if kind == "word":
            out.append(item)
            continue
        title = round_title(counted[item["seq"]], between_rounds(item))
        if between_rounds(item):  # a settlement between rounds (a Bingo cash-out): one line
            out.append(named(f"{item['log'][0]}  # {title}, dealer {item['dealer']}"))
            continue
        dealer = named(item["dealer"])
        out.append(f"round                   # {title}, dealer {dealer}")
        now = standing(store, item)
        if now.amended_by:
            amended = ", ".join(f"#{seq}" for seq in now.amended_by)
            out.append(f"# as amended by {amended}: entry #{item['seq']} was played otherwise")
        out.extend(map(named, now.log))
        if now.reversed_by is not None:  # a log of version 1 can only say so
            why = f"# by #{now.reversed_by}: the ledger holds none of this round's money"
            out.append(
                f"# reversed {why[2:]}" if bare_stake else f"{REVERSED}                {why}"
            )
    live = [named(line) for line in store.live()] if record["status"] == "open" else []
    if live:
        if last != "word":
            out.append("")
        out.append("round                   # being played")
        out.extend(live)
    return "\n".join(out) + "\n"


def _flat(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, Mapping):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


_NOT_RULES = ("name", "description", "version", "game")


def _rules_of(record: Mapping[str, Any], rounds: Iterable[Mapping[str, Any]]) -> list[str]:
    """A night log names a shipped preset, read as its file is now: the knobs on which that file
    differs from the rules the night was played under travel with the log as `rule KEY VALUE`
    lines, so that it replays to the money the ledger holds in any store. A night under a
    house preset of the user names the shipped preset of its game nearest to its rules."""
    from banluck.app.games import load_preset
    from banluck.app.presets import load, shipped_names

    then_by_round = [record["snapshot"], *(r["preset"] for r in rounds if "preset" in r)]
    then: dict[str, Any] = {}
    for snapshot in then_by_round:
        rules = _flat(load_preset(snapshot, source=f"night {record['id']}").to_dict())
        for key, value in rules.items():
            if key in then and then[key] != value:
                raise BanluckError(
                    f"night {record['id']} changed its rules between rounds ({key}): a night"
                    " log holds one set of rules, so it cannot be exported as one"
                )
            then[key] = value
    name = record["preset"]
    shipped = {n: _flat(load(n).to_dict()) for n in shipped_names()}
    if name not in shipped:  # a house preset: a replay in another store has no such file
        family = {n: now for n, now in shipped.items() if now.get("game") == then.get("game")}
        name = min(family, key=lambda n: sum(family[n].get(k) != v for k, v in then.items()))
    changed = [
        f"rule {key} {_spelt(value)}"
        for key, value in then.items()
        if key not in _NOT_RULES and shipped[name].get(key) != value
    ]
    if name != record["preset"]:
        rules_too = " with these rules" if changed else ", whose rules it has"
        changed.insert(0, f"# the house preset {record['preset']}: {name}{rules_too}")
    return [f"night {name}", *changed]


def _spelt(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value) if value else "[]"
    return str(value)


def transfers_csv_parts(entries: Iterable[Mapping[str, Any]]) -> Iterator[str]:
    """One row per transfer of every entry (a payment is a row from payer to payee), in pieces,
    an entry's rows a piece, made as the entries come (a year of entries streamed from the store
    is never held whole). `round` is the round's number as the table counts it (a settlement
    between rounds: its kind, `cashout` or `pass`, and the number of the round before it)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["seq", "night", "kind", "round", "dealer", "from", "to", "amount", "reason"])
    counted: dict[int, int] = {}
    for e, number in numbered(entries):
        if number is not None:
            counted[e["seq"]] = number
        elif "amends" in e:  # an amendment names the round it amends
            number = counted.get(e["amends"], e["round"])
        if e["kind"] == "payment":
            rows = [
                {
                    "from": e["from"],
                    "to": e["to"],
                    "amount": e["amount"],
                    "reason": e.get("note", ""),
                }
            ]
        else:
            rows = e.get("transfers", [])
        for t in rows:
            writer.writerow(
                [
                    e["seq"],
                    e["night"],
                    e.get("ended") if between_rounds(e) else e["kind"],
                    e.get("round", "") if number is None else number,
                    e.get("dealer", ""),
                    t["from"],
                    t["to"],
                    t["amount"],
                    t.get("reason", ""),
                ]
            )
        yield buf.getvalue()
        buf.seek(0)
        buf.truncate()
    yield buf.getvalue()


def entries_json_parts(entries: Iterable[Any]) -> Iterator[str]:
    """`json.dumps(list(entries), ensure_ascii=False, indent=1) + "\\n"` in pieces, a night a
    piece, made as the entries come: the same text, never more than a night in memory.

    A night's entries are encoded in one call of orjson (indented by two, halved to one), in
    linear time: the standard library indents in Python only. orjson writes a float below 1e-4
    positionally (`0.00001` for `1e-05`), the one place its text differs for what a store holds
    (a store is read by orjson: never a NaN, never an integer beyond 64 bits); a night whose
    text has one, or may have (`0.0000` or a digit then `e-` anywhere in it, even in a string), is
    encoded by the standard library instead.
    """
    import json
    from itertools import groupby

    import orjson

    first = True
    for _, night in groupby(entries, key=lambda e: e.get("night")):
        batch = list(night)
        try:
            data = orjson.dumps(batch, option=orjson.OPT_INDENT_2)
        except orjson.JSONEncodeError:  # an integer beyond 64 bits: the standard library can
            data = b"0.0000"
        if b"0.0000" in data or _exponent_below_one(data):
            text = json.dumps(batch, ensure_ascii=False, indent=1)
        else:
            text = _halved(data)
        yield ("[\n " if first else ",\n ") + text[3:-2]  # the night's list without [ and ]
        first = False
    yield "[]\n" if first else "\n]\n"


def _exponent_below_one(data: bytes) -> bool:
    """Whether a digit followed by `e-` (a float written with a negative exponent) is anywhere
    in `data`, even inside a string."""
    at = data.find(b"e-")
    while at > 0:
        if 48 <= data[at - 1] <= 57:
            return True
        at = data.find(b"e-", at + 2)
    return False


def _halved(data: bytes) -> str:
    """orjson's text indented by two, indented by one: from the deepest lines up, each line's
    indent halved and marked (a NUL, which JSON text never holds raw) so that no shallower pass
    touches it again, then the marks dropped; a pass a level, each in C."""
    depth = 1
    while b"\n" + b"  " * depth in data:
        depth += 1
    for level in range(depth - 1, 0, -1):
        data = data.replace(b"\n" + b"  " * level, b"\n\0" + b" " * level)
    return data.replace(b"\n\0", b"\n").decode()


def check_export_path(path: Path, home: Path) -> Path:
    """Where `banluck export -o PATH` may write: a file outside the data folder `home` (never one
    of the store's own files), not a folder, a FIFO or a device. BanluckError otherwise."""
    if not str(path) or str(path) == "." or path.name in ("", ".", ".."):
        raise BanluckError(f"-o {str(path)!r} is not a file name: give one, e.g. -o ledger.csv")
    target = Path(os.path.abspath(path)).resolve()
    data = Path(os.path.abspath(home)).resolve()
    if target == data or data in target.parents:
        raise BanluckError(
            f"-o {path} is inside the data folder {home}: the store's files are banluck's own;"
            " write the export elsewhere, e.g. -o ledger.csv"
        )
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return path
    if stat.S_ISDIR(mode):
        raise BanluckError(f"-o {path} is a folder: give a file name in it, e.g. {path}/ledger.csv")
    if not stat.S_ISREG(mode):
        raise BanluckError(
            f"-o {path} is not a plain file (a FIFO or a device): give a file name, e.g. -o"
            " ledger.csv"
        )
    return path


def write_export(path: Path, text: str | Iterable[str], home: Path) -> None:
    """Write an export to `path` (checked by `check_export_path`): whole or not at all, with the
    permissions the umask gives a new file, and nothing left behind when it fails."""
    from banluck.app.presets import write_atomic
    from banluck.core import atomic

    check_export_path(path, home)
    write_atomic(path, text, new_mode=atomic.new_file_mode())
