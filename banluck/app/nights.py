"""Opening, closing and cancelling a night, the usual night and the tournament night alike:
what `banluck night`, `banluck tournament start` and the console's start share.

A night opens only when none is open; its preset's rules are kept with it, and people of
earlier nights keep the ledger's spelling (so their unpaid debts carry over). Every night closes
through `close_night`: a usual night as it is, a tournament once its pool is empty (over, or
with its buy-ins paid back). A night with nothing recorded in it can be cancelled instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from banluck.app.games import game_for
from banluck.app.records import known_names, seat_stakes, start_table
from banluck.app.tournament import KEY, kind_of, pool_of, replay, tournament_of
from banluck.core.errors import BanluckError

if TYPE_CHECKING:
    from banluck.games.tournament.night import Tournament
    from banluck.money.entries import BuyInEntry, PrizeEntry
    from banluck.storage import Store
    from banluck.table.seating import Seating

REFUND_NOTE = "buy-in back: closed before its end"


def _none_open(store: Store) -> None:
    if (tonight := store.tonight()) is not None:
        raise BanluckError(
            f"night {tonight['id']} of {tonight['date']} is still open:"
            " end it with `banluck night close` first"
        )


def start_night(
    store: Store, preset_name: str, seats: Sequence[str], stake: int, date: str | None = None
) -> tuple[dict[str, Any], Seating]:
    """Open a night in the store: the preset's rules are kept with it, the first seat deals."""
    from dataclasses import replace

    from banluck.app.presets import load
    from banluck.table.seating import seating_for

    rules = load(preset_name)
    seating = seating_for(rules, known_names(store, seats))
    game_for(rules)  # a preset of a game banluck does not play is refused here
    _none_open(store)
    seating = replace(seating, default_stake=stake)
    record = store.open_night(
        preset_name,
        rules.to_dict(),
        list(seating.seats),
        seating.dealer,
        stakes=seat_stakes(seating),
        date=date,
        table=start_table(seating),
    )
    return record, seating


def start_tournament(
    store: Store,
    preset_name: str,
    seats: Sequence[str],
    buy_in: int,
    chips: int,
    date: str | None = None,
) -> tuple[dict[str, Any], Tournament]:
    """Open a tournament night: the preset's rules kept with it, every buy-in in the ledger in
    the same write."""
    from banluck.app.presets import load
    from banluck.core.money import MAX_AMOUNT
    from banluck.money.ledger import pool_entry

    for what, value in (("buy-in", buy_in), ("chips", chips)):
        if not isinstance(value, int) or isinstance(value, bool) or value > MAX_AMOUNT:
            raise BanluckError(
                f"--{what} {value} is too large: banluck takes amounts up to {MAX_AMOUNT:,}"
            )
    kind = kind_of()
    rules = load(preset_name)
    names = known_names(store, seats)
    start = kind.start_for(rules, names, buy_in, chips)
    _none_open(store)
    table = {KEY: {"buy_in": buy_in, "chips": chips, "seats": list(names), "lines": []}}

    def buy_ins(night_id: int) -> list[BuyInEntry | PrizeEntry]:
        return [pool_entry("buy-in", n, pool_of(night_id), buy_in, "buy-in") for n in names]

    record = store.open_night(
        preset_name, rules.to_dict(), names, names[0], {}, date, table, entries=buy_ins
    )
    return record, cast("Tournament", kind.Tournament(start))


def close_night(
    store: Store, refund: bool = False
) -> tuple[dict[str, Any], list[BuyInEntry | PrizeEntry]]:
    """Close the open night (`banluck night close`), whatever its kind: its record, and the
    entries recorded with the close (a tournament's buy-ins paid back).

    The lock is held from the check to the write, so a line ending a tournament in another
    process cannot come between."""
    with store.locked():
        record = store.tonight()
        if record is not None and tournament_of(record) is not None:
            back = _tournament_close(store, record, refund)
        elif refund and record is not None:
            raise BanluckError(
                f"night {record['id']} is not a tournament: `--refund` pays a tournament's"
                " buy-ins back; close it with `banluck night close`"
            )
        else:
            back = []
        return store.close_night(list(back)), back


def _tournament_close(
    store: Store, record: Mapping[str, Any], refund: bool
) -> list[BuyInEntry | PrizeEntry]:
    """What a tournament's close records. Its pool must be empty when its night closes, or
    every player would owe a party nobody is. Over, it is: its prizes went in with the line that
    ended it. Before its end, the night closes only with `refund`: each buy-in is paid back out
    of the pool (a prize entry of the buy-in, noted `REFUND_NOTE`)."""
    played = replay(record)
    if played.over:
        if refund:
            raise BanluckError(
                "the tournament is over and its prizes are paid: close it with"
                " `banluck night close`, without `--refund`"
            )
        return []
    if not refund:
        raise BanluckError(
            f"the tournament of night {record['id']} is not over ({len(played.still_in)}"
            f" players in, {len(played.hands)} of {played.preset.tournament.hands} hands"
            " played): play it to its end in `banluck table`, or `banluck night close"
            " --refund` to pay every buy-in back"
        )
    from banluck.money.ledger import pool_entry

    pool = pool_of(record["id"])
    return [
        pool_entry("prize", str(e["player"]), pool, int(e["amount"]), REFUND_NOTE)
        for e in store.entries(record["id"])
        if e.get("kind") == "buy-in"
    ]


def cancel_night(store: Store) -> dict[str, Any]:
    """Cancel the open night when nothing was recorded in it (a night started by mistake): it
    leaves no trace in the history. Returns its record."""
    return store.cancel_night()


def undo_last(store: Store) -> str:
    """Take back the last line of the open night (`banluck undo`): of the round being played,
    else the last night-level line or round (`Session.undo`). Returns a sentence saying what
    was undone. A live round whose stored lines no longer replay loses its last line, which is
    what mends it. What is last and removing it are one decision under the lock (a `pay`
    cannot come between)."""
    from banluck.app.session import NoNight, Session, StaleLine

    with store.locked():
        try:
            session = Session.open(store)
        except StaleLine:
            return f"undid `{store.pop_action()}`"
        except NoNight:
            last = store.nights()[-1:] if store.night_ids() else []
            if last and last[0].get("status") == "closed":
                night = last[0]
                raise NoNight(
                    f"night {night['id']} of {night['date']} is closed: `undo` takes back lines"
                    " of the open night only; to take back one of its rounds, `banluck correct"
                    f" SEQ --reason TEXT` (the seqs are in `banluck ledger --night {night['id']}`)"
                ) from None
            raise
        return session.undo()
