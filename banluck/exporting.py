"""Moving nights in and out of the store: a replayed night log recorded whole, a stored night
written back as a night log, and the ledger as CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from banluck.errors import BanluckError
from banluck.night import Night
from banluck.session import round_dict, start_table, table_of

if TYPE_CHECKING:
    from banluck.storage import Store


def save_night(store: Store, night: Night, date: str | None = None) -> dict[str, Any]:
    """Record a replayed night into the ledger as a night of its own.

    The night is closed afterwards, unless its log ends in the middle of a round: then it stays
    open with that round's lines live, to be finished at the table.
    """
    if store.tonight() is not None:
        raise BanluckError(
            "a night is open in the ledger: close it first (`banluck night close`), then save"
        )
    start = night.start
    record = store.open_night(
        start.preset.name,
        start.preset.to_dict(),
        list(start.seats),
        start.dealer,
        stakes=dict(start.stakes),
        date=date,
        table=start_table(start),
    )
    for finished in night.rounds:
        store.record_round(round_dict(finished))
    s = night.seating
    words = [list(w) for w in night.words]
    table = {**start_table(start), **table_of(s, words)}
    store.update_night(seats=list(s.seats), stakes=dict(s.stakes), dealer=s.dealer, table=table)
    if night.current is not None:
        for line in night.current.lines():
            store.push_action(line)
    else:
        record = store.close_night()
    return record


def night_log(store: Store, night_id: int | None = None) -> str:
    """A stored night as a night log that replays to the same rounds and balances."""
    if night_id is None:
        tonight = store.tonight()
        nights = store.nights()
        if tonight is None and not nights:
            raise BanluckError("the ledger is empty: there is no night to export")
        night_id = tonight["id"] if tonight is not None else nights[-1]["id"]
    record = store.night(night_id)
    table = record.get("table") or {}
    start = table.get("start") or {"seats": record["seats"], "default_stake": None}
    out = [
        f"# night {record['id']} of {record['date']}, exported by banluck",
        f"night {record['preset']} {' '.join(start['seats'])}",
    ]
    if start.get("default_stake") is not None:
        out.append(f"stake {start['default_stake']}")
    words = [(int(n), line) for n, line in table.get("words", [])]
    entries = [e for e in store.entries(night_id) if e["kind"] == "round"]
    for entry in entries:
        out.extend(line for n, line in words if n == entry["round"])
        out.append("")
        out.append(f"round                   # round {entry['round']}, dealer {entry['dealer']}")
        out.extend(entry["log"])
    last = max((e["round"] for e in entries), default=0)
    out.extend(line for n, line in words if n > last)
    live = store.live() if record["status"] == "open" else []
    if live:
        out.append("")
        out.append("round                   # being played")
        out.extend(live)
    return "\n".join(out) + "\n"


def transfers_csv(entries: Iterable[Mapping[str, Any]]) -> str:
    """One row per transfer of every entry (a payment is a row from payer to payee)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["seq", "night", "kind", "round", "dealer", "from", "to", "amount", "reason"])
    for e in entries:
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
                    e["kind"],
                    e.get("round", ""),
                    e.get("dealer", ""),
                    t["from"],
                    t["to"],
                    t["amount"],
                    t.get("reason", ""),
                ]
            )
    return buf.getvalue()
