"""The players' view of a night, as plain data (JSON-able): what `banluck serve` shows on every
phone at the table and `banluck report` writes to a page.

It reads the store and changes nothing. The live round is the dealer's panel as the game builds it
(`Game.panel`, or the tournament's board, `games/tournament/panel.board`): the view adds no rule of
its own, it only lays the game's own words out as data. A night's numbers are the ledger's: the
results of the night's totals, every round's transfers with their reasons, and the settle-up of
the night (`app.payments.settle_up`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from banluck.core.errors import BanluckError
from banluck.money.entries import between_rounds, numbered

if TYPE_CHECKING:
    from banluck.games.tournament.night import Tournament
    from banluck.storage import Store

# how many of the last rounds the page lists (the report lists every round)
LAST_ROUNDS = 8
# entries that are not a night's play: payments clear debts, renames only rename
NOT_PLAY = ("payment", "rename")


def stamp(store: Store) -> tuple[Any, ...]:
    """A cheap identity of everything the view reads: any write by any process changes it (the
    nights' folder, the latest night's file and journal, the index, the payment handles). A few
    stats, no file read: polled several times a second by the server."""
    ids = store.night_ids()
    latest = max(ids, default=None)
    parts: list[Any] = [len(ids), latest]
    if latest is not None:
        parts.append(store.stamp(latest))
    for path in (store.index_path, store.home / HANDLES_FILE):
        try:
            st = os.stat(path)
            parts.append((st.st_ino, st.st_mtime_ns, st.st_size))
        except OSError:
            parts.append(None)
    return tuple(parts)


HANDLES_FILE = "handles.json"


def players_view(
    store: Store, night: int | None = None, *, last: int | None = LAST_ROUNDS
) -> dict[str, Any]:
    """The players' view of `night` (by default the open night, else the latest): the night,
    its live round as the dealer's panel shows it, tonight's results and what is unpaid, the last
    rounds (`last` of them; None: all) with their reasons, the settle-up with its reasons, each
    player's running result by round and the bank's turns. `{"night": None}` for an empty store."""
    records = store.nights()
    if not records:
        return {"night": None}
    record = records[-1] if night is None else next((r for r in records if r["id"] == night), None)
    if record is None:
        raise BanluckError(f"there is no night {night}; see `banluck history`")
    night_id = int(record["id"])
    full = store.night(night_id)
    entries = store.entries(night_id)
    handles = read_handles(store)
    rounds = _rounds(entries)
    played = sum("between" not in r for r in rounds)  # rounds as the table counts them
    out: dict[str, Any] = {
        "night": _night(full, played),
        "live": _live(store, full) if full["status"] == "open" else None,
    }
    results = {n: 0 for n in full["seats"]} | store.totals([night_id])["result"]
    out["results"] = dict(sorted(results.items(), key=lambda kv: (-kv[1], kv[0])))
    unpaid = store.balances()
    out["unpaid"] = {n: unpaid[n] for n in sorted(unpaid) if unpaid[n] and n in _people(full)}
    out["rounds_played"] = played
    out["rounds"] = rounds if last is None else rounds[-last:][::-1]
    out["payments"] = [
        {"from": e["from"], "to": e["to"], "amount": e["amount"], "note": e.get("note", "")}
        for e in entries
        if e.get("kind") == "payment"
    ]
    out["settle"] = _settle(store, night_id, handles)
    out["chart"] = running(entries, list(results))
    out["turns"] = turns(entries)
    return out


def _people(full: Mapping[str, Any]) -> set[str]:
    return set(full.get("players", [])) | set(full.get("seats", []))


def _night(full: Mapping[str, Any], played: int) -> dict[str, Any]:
    snapshot = full.get("snapshot") or {}
    from banluck.app.tournament import tournament_of

    table = tournament_of(full)
    return {
        "id": full["id"],
        "date": full["date"],
        "status": full["status"],
        "preset": full["preset"],
        "game": "tournament" if table is not None else snapshot.get("game", "ban-luck"),
        "description": snapshot.get("description", ""),
        "seats": list(full["seats"]),
        "dealer": None if table is not None else full["dealer"],
        "stakes": dict(full["stakes"]),
        # the round being played (the next one between rounds); None once the night is closed
        "round": played + 1 if full["status"] == "open" else None,
    }


def _live(store: Store, full: Mapping[str, Any]) -> dict[str, Any]:
    """The open night's live state as the dealer's panel shows it."""
    from banluck.app.session import Session
    from banluck.app.tournament import replay, tournament_of

    try:
        if tournament_of(full) is not None:
            return _tournament_live(replay(full))
        session = Session.open(store)
    except BanluckError as exc:  # a stale stored line: said as the console says it
        return {"kind": "error", "text": str(exc)}
    night = session.usual
    s = night.seating
    side = night.side_notes()
    out: dict[str, Any] = {
        "round": s.round_number,
        "dealer": s.dealer,
        "seats": [{"name": n, "stake": s.stake_of(n)} for n in s.seats],
        "carry": list(side.live),
    }
    if s.preset.rotation.mode in ("rounds", "dealer-wins"):
        counted = s.dealt if s.preset.rotation.mode == "rounds" else s.won
        out["turn"] = f"{counted}/{s.preset.rotation.every}"
    rnd = night.current
    if rnd is None:
        notes = [*side.standing, *([side.warning] if side.warning else [])]
        out |= {"kind": "idle", "notes": notes, "idle": night.game.idle}
        return out
    panel = night.game.panel(rnd.state)
    out |= {
        "kind": "round",
        "dealer_line": panel.dealer,
        "rows": [asdict(r) for r in panel.rows],
        "hints": list(panel.hints),
        "awaited": rnd.state.pending(),
    }
    return out


def _tournament_live(played: Tournament) -> dict[str, Any]:
    from banluck.games.tournament.panel import board

    b = board(played)
    return {
        "kind": "tournament",
        "title": b.title,
        "board": [asdict(r) for r in b.rows],
        "dealer_line": b.dealer,
        "rows": [asdict(r) for r in b.hand],
        "hints": list(b.hints),
        "awaited": b.awaited,
    }


def _rounds(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every round of the night (and every settlement between rounds), oldest first, with its
    transfers and their reasons; a round reversed by a correction says so."""
    reversed_by: dict[int, str] = {}
    for e in entries:
        if e.get("kind") == "correction" and "reverses" in e:
            reversed_by[int(e["reverses"])] = str(e.get("reason", ""))
    out = []
    for e, number in numbered(entries):
        if number is None:
            continue
        item = {
            "seq": e["seq"],
            "round": number,  # as the table counts (money between rounds: the round before)
            "dealer": e.get("dealer"),
            "ended": e.get("ended"),
            "transfers": [
                {"from": t["from"], "to": t["to"], "amount": t["amount"], "reason": t["reason"]}
                for t in e.get("transfers", [])
            ],
        }
        if between_rounds(e):  # money between rounds (a Bingo cash-out), no round
            item["between"] = True
        if e["seq"] in reversed_by:
            item["reversed"] = reversed_by[e["seq"]]
        out.append(item)
    return out


def _settle(store: Store, night_id: int, handles: Mapping[str, str]) -> dict[str, Any]:
    from banluck.app.payments import settle_up

    settling = settle_up(store, night_id)
    plan = settling.plan
    transfers = []
    for t in plan.transfers:
        item: dict[str, Any] = {"from": t.payer, "to": t.payee, "amount": t.amount}
        if t.payee in handles:
            item["pay"] = handles[t.payee]
        transfers.append(item)
    return {
        "scope": settling.scope,
        "method": plan.method,
        "transfers": transfers,
        "explain": list(plan.explain()),
    }


def running(entries: Sequence[Mapping[str, Any]], names: Sequence[str]) -> dict[str, Any]:
    """Each player's running result through the night: after each round (by its number), the
    sum of what the night's play (rounds, settlements, corrections, buy-ins, prizes; never a
    payment) moved to them. `{"rounds": [0, 1, 2...], "series": {name: [0, r1, r2...]}}`."""
    from banluck.money.ledger import net_of

    people = [n for n in names if ":" not in n]
    total = dict.fromkeys(people, 0)
    xs: list[int] = [0]
    series: dict[str, list[int]] = {n: [0] for n in people}
    for e, number in numbered(entries):
        if e.get("kind") in NOT_PLAY:
            continue
        try:
            moves = net_of(e)
        except BanluckError:
            continue
        for name, change in moves.items():
            if name in total:
                total[name] += change
        if number is None or between_rounds(e):  # a correction, a buy-in, a prize, money
            # between rounds (a Bingo cash-out): the last point moves
            for n in people:
                series[n][-1] = total[n]
            continue
        xs.append(int(number))
        for n in people:
            series[n].append(total[n])
    return {"rounds": xs, "series": series}


def turns(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The bank's turns: who dealt which rounds (one after the other) and what each turn made
    the dealer (the sum of his rounds' transfers)."""
    out: list[dict[str, Any]] = []
    for e, number in numbered(entries):
        if number is None:
            continue
        dealer, between = str(e.get("dealer")), between_rounds(e)
        made = sum(int(t["amount"]) for t in e.get("transfers", []) if t["to"] == dealer) - sum(
            int(t["amount"]) for t in e.get("transfers", []) if t["from"] == dealer
        )
        if out and out[-1]["dealer"] == dealer:  # money between rounds is his turn's, no round
            out[-1]["made"] += made
            if not between:
                out[-1]["last"] = number
                out[-1]["rounds"] += 1
        elif not between:
            out.append(
                {"dealer": dealer, "first": number, "last": number, "rounds": 1, "made": made}
            )
    return out


# -- payment handles: `banluck people set Bob --pay "PayNow 9123 4567"` ------------------------


def read_handles(store: Store) -> dict[str, str]:
    """Each person's payment handle (none set: {}), under the name they have now."""
    from banluck.storage.handles import load

    found = load(store.home / HANDLES_FILE)
    renames = getattr(store, "renames", None)
    if not found or renames is None:
        return found
    from banluck.money.names import names_after

    names = names_after(renames(), 0)
    return {names.get(k, k): v for k, v in found.items()}


def set_handle(store: Store, name: str, handle: str) -> tuple[str, str]:
    """Set `name`'s payment handle (a person of the ledger, in any case; "" removes it), under
    the store's lock; returns the name as the ledger spells it and the handle stored."""
    from banluck.app.payments import person
    from banluck.storage.handles import LONGEST, save

    handle = " ".join(handle.split())
    if len(handle) > LONGEST:
        raise BanluckError(f"a payment handle of at most {LONGEST} characters, please")
    who = person(store, name)
    with store.locked():
        handles = read_handles(store)
        if handle:
            handles[who] = handle
        else:
            handles.pop(who, None)
        save(store.home / HANDLES_FILE, handles)
    return who, handle
