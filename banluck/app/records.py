"""The night record's codec and the replay of a stored night: the table between rounds (a
`Seating`) to and from the record's `table`, and a stored night or a night log played again.
What the session, `banluck replay` (and `--save`), `export --log` and `edge` share.

The night record's `table` holds: `start` (the opening seats, dealer and default stake), the
`default_stake`, the per-player `stakes` that differ from it, the rotation counters `dealt` and
`won`, `bets`: the standing bets besides the stakes as `[word, seat, amount]` (casino's side bets;
absent when there are none), `standing`: the game's standing lines (`{"behind Carol": "behind
Carol Bob 5 follow"}`, absent in a night stored before they existed), `out` (who sits out; absent
in nights stored before `sit`), the game's night-long state under its key (Bingo cards), and
`words`: the night-level lines (`stake`, `seat`, `leave`, `pass`, `sit`, `back`, and the game's
own such as `pp` or `behind`) as `[n, line]`, n being the number of the round they precede. The
record's own `stakes` are every seat's stake.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from banluck.app.games import game_for, load_preset
from banluck.core.errors import BanluckError
from banluck.table.line import split_line
from banluck.table.night import Night
from banluck.table.seating import Seating

if TYPE_CHECKING:
    from banluck.storage import Store
    from banluck.table.nightlog import LogLine
    from banluck.table.preset import TablePreset


def known_names(store: Store, names: Sequence[str]) -> list[str]:
    """The names as the ledger spells the people of earlier nights (so that `seat eve` carries
    Eve's unpaid debts instead of making a new person)."""
    known = {n.lower(): n for n in store.people()}
    return [known.get(n.lower(), n) for n in names]


def seating_from(record: Mapping[str, Any], next_round: int, between: int = 0) -> Seating:
    """The table between rounds, from the stored night record (`between`: how many of its
    settlements were between rounds)."""
    preset = load_preset(record["snapshot"], source=f"night {record['id']}")
    table = record.get("table") or {}
    default = table.get("default_stake")
    # The table's own `stakes` are exactly the overrides; a night stored without them kept the
    # overrides in the record's `stakes`.
    stakes = table["stakes"] if "stakes" in table else record.get("stakes", {})
    side = game_for(preset).side  # the game's side bets, boxes and Bingo cards, if any
    return Seating(
        preset=preset,
        seats=tuple(record["seats"]),
        dealer=record["dealer"],
        stakes=tuple(sorted((k, int(v)) for k, v in stakes.items() if k in record["seats"])),
        default_stake=int(default) if default is not None else None,
        dealt=int(table.get("dealt", 0)),
        won=int(table.get("won", 0)),
        next_round=next_round,
        between=between,
        out=tuple(n for n in table.get("out", []) if n in record["seats"]),
        side=side(table, record["seats"]) if side is not None else None,
    )


def start_table(seating: Seating) -> dict[str, Any]:
    """The `table` of a night just started: it also keeps the opening seats for the night log."""
    return {
        **table_of(seating),
        "start": {
            "seats": list(seating.seats),
            "dealer": seating.dealer,
            "default_stake": seating.default_stake,
        },
    }


def table_of(seating: Seating, words: Sequence[Sequence[Any]] | None = None) -> dict[str, Any]:
    """The night record's `table`: what the night needs between rounds beyond seats and dealer,
    and the night-level lines so far (for `banluck export --log` and `undo`). A game with
    night-long state (Bingo cards) keeps it under its key."""
    table: dict[str, Any] = {
        "default_stake": seating.default_stake,
        "stakes": dict(seating.stakes),
        "dealt": seating.dealt,
        "won": seating.won,
        "standing": {},  # every night has it; a side's standing bets replace it
        "words": [list(w) for w in words or []],
        "out": list(seating.out),  # who sits out (`sit`, `back`); [] when all play
    }
    side = seating.side
    if side is None and (load := game_for(seating.preset).side) is not None:
        side = load({}, seating.seats)  # a night just started: its game's empty side
    if side is not None:  # the side's own keys (`standing`, `bets`, `bingo`)
        table.update(side.dump())
    return table


def table_after(
    record: Mapping[str, Any], seating: Seating, words: Sequence[tuple[int, str]] | None = None
) -> dict[str, Any]:
    """The record's `table` once the table is `seating` (and the night-level lines `words`,
    else the record's own): the keys it holds beyond the seating (`start`, a game's) kept."""
    table = dict(record.get("table") or {})
    now = table_of(seating, stored_words(record) if words is None else words)
    for key in seating.side.keys() if seating.side is not None else ():
        if key not in now:  # a side's key it writes only when it has something (`bets`)
            table.pop(key, None)
    table.update(now)
    return table


def seat_stakes(seating: Seating) -> dict[str, int]:
    """Every seat's stake (the night record's `stakes`), leaving out seats without one yet."""
    return {n: stake for n in seating.seats if (stake := seating.stake_of(n)) is not None}


def stored_words(record: Mapping[str, Any]) -> list[tuple[int, str]]:
    """The night-level lines of a stored night, each with the number of the round it precedes."""
    table = record.get("table") or {}
    return [(int(w[0]), str(w[1])) for w in table.get("words", [])]


def in_order(
    words: Sequence[tuple[int, str]], rounds: Sequence[Mapping[str, Any]]
) -> Iterator[tuple[str, Any]]:
    """A stored night in the order it was played: ("word", line) and ("round", entry) items.

    A word comes before the first round whose number is at least its own; words after the last
    round come last.
    """
    pending = list(words)
    for entry in sorted(rounds, key=lambda e: int(e["round"])):
        while pending and pending[0][0] <= int(entry["round"]):
            yield "word", pending.pop(0)[1]
        yield "round", entry
    for _, line in pending:
        yield "word", line


def start_seating(record: Mapping[str, Any]) -> Seating:
    """The table the stored night started from (its preset is the night's snapshot)."""
    preset = load_preset(record["snapshot"], source=f"night {record['id']}")
    start = (record.get("table") or {}).get("start") or {}
    seats = tuple(start.get("seats") or record["seats"])
    default = start.get("default_stake")
    return Seating(
        preset=preset,
        seats=seats,
        dealer=start.get("dealer") or seats[0],
        default_stake=int(default) if default is not None else None,
    )


def replay_stored(
    record: Mapping[str, Any],
    rounds: Sequence[Mapping[str, Any]],
    words: Sequence[tuple[int, str]] | None = None,
) -> Night:
    """The stored night played again from its start: its words and its rounds' lines, in order.

    `words` replaces the night's own words (undo replays without the last one).
    """
    night = new_night(start_seating(record))
    chosen = stored_words(record) if words is None else list(words)
    for kind, item in in_order(chosen, rounds):
        lines = [item] if kind == "word" else list(item["log"])
        play_lines(
            night,
            lines,
            lambda line, exc: BanluckError(
                f"night {record['id']} does not replay from its stored lines: `{line}`"
                f" is refused ({exc}); run `banluck check`"
            ),
        )
    return night


def play_lines(
    night: Night, lines: Sequence[str], error: Callable[[str, BanluckError], BanluckError]
) -> None:
    """Play stored lines into `night`; a refused one raises `error(line, refusal)`. The game's
    limits on bets (limits.bank) are not checked again: the lines were accepted when typed."""
    typed, night.typed = night.typed, False
    try:
        for line in lines:
            word, *args = split_line(line)
            try:
                night.do_line(word, args)
            except BanluckError as exc:
                raise error(line, exc) from None
    finally:
        night.typed = typed


def read_log(
    text: str, source: str, load: Callable[[str], TablePreset] | None = None
) -> tuple[Night, list[LogLine]]:
    """A whole night log played (presets by name from the preset files, unless `load`), with
    its `rule` lines applied to the named preset."""
    from banluck.app import presets
    from banluck.table.nightlog import read_night  # what only a night log read needs

    def load_with_rules(name: str, rules: Sequence[tuple[str, str]]) -> TablePreset:
        return presets.with_rules((load or presets.load)(name), rules)

    return read_night(text, source, load_with_rules, game_for)


def new_night(seating: Seating) -> Night:
    """A night from its table, played by the family of its preset's game."""
    return Night(seating, game_for(seating.preset))
