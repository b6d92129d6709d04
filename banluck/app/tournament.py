"""A tournament night in the store: its record, replayed (the one `Session` plays and stores it).

A tournament is a night of the store like any other (its preset's snapshot, its seats, its
ledger entries), whose night record's `table` holds `tournament`: `{buy_in, chips, seats,
lines}`, `lines` being every line typed since the first (the night log without its first line).
Its stacks and eliminations are never stored: they are what replaying those lines gives, so a
closed terminal loses nothing. The ledger holds only money: each player's buy-in, recorded with
the night in one write, and the prizes, recorded with the line that ends the tournament in one
write (`app/session.py`). Chips never reach it. The prize pool is the ledger's party `pool:tournament-<night id>`.

The night record's `dealer` is the first seat (the store wants one of the seats): at a
tournament the dealer is neutral and plays no seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from banluck.app.games import load_preset, night_kind
from banluck.core.errors import BanluckError, RuleError
from banluck.money.entries import POOL_PREFIX

if TYPE_CHECKING:
    from banluck.games.tournament.night import Tournament
    from banluck.storage import Store
    from banluck.table.preset import TablePreset

KEY = "tournament"


def kind_of() -> Any:
    """The tournament night kind: its module (`games/tournament/night.py`)."""
    return night_kind(KEY)


def tournament_of(record: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The stored tournament of a night record, None for a usual night."""
    if record is None:
        return None
    found = (record.get("table") or {}).get(KEY)
    return found if isinstance(found, Mapping) else None


def pool_of(night_id: int) -> str:
    """The prize pool's name (its ledger account is `pool:<name>`)."""
    return f"{KEY}-{night_id}"


def pool_nights(names: Iterable[str]) -> list[int]:
    """The tournament nights whose prize pools' accounts are among `names`."""
    prefix = f"{POOL_PREFIX}{KEY}-"
    return [int(n.removeprefix(prefix)) for n in names if n.startswith(prefix)]


def replay(record: Mapping[str, Any], lines: Sequence[str] | None = None) -> Tournament:
    """The stored tournament played again from its first line (with `lines` instead of its own)."""
    stored = tournament_of(record)
    if stored is None:
        raise BanluckError(f"night {record['id']} is not a tournament")
    kind = kind_of()
    preset = load_preset(record["snapshot"], source=f"night {record['id']}")
    try:
        start = kind.start_for(preset, list(stored["seats"]), stored["buy_in"], stored["chips"])
        return cast(
            "Tournament", kind.Tournament(start, list(stored["lines"] if lines is None else lines))
        )
    except RuleError as exc:
        raise BanluckError(
            f"night {record['id']} does not replay from its stored lines ({exc});"
            " run `banluck check`"
        ) from None


def outcomes(store: Store, nights: Sequence[int]) -> dict[int, dict[str, Any]]:
    """Each tournament night among `nights` as `history` and `stats` show it, under the names
    people have now: `hands` played, the `winner` (None before the end, or when the first place
    is tied), each player's `place` and `result` (the prizes less the buy-in, from the ledger).
    Only these nights' files are read."""
    from banluck.money.names import names_after
    from banluck.money.stats import pool_results

    renames = store.renamed() if nights else []
    out = {}
    for night_id in nights:
        entries = store.entries(night_id)
        names = names_after(renames, entries[0]["seq"] if entries else 0)
        played = replay(store.night(night_id))
        places: dict[str, int] = {}
        for group in played.standings():
            places |= dict.fromkeys((names.get(n, n) for n in group), len(places) + 1)
        first = [n for n, p in places.items() if p == 1]
        out[night_id] = {
            "hands": len(played.hands),
            "winner": first[0] if played.over and len(first) == 1 else None,
            "place": places,
            "result": {names.get(n, n): v for n, v in pool_results(entries).items()},
        }
    return out


def as_tournament(night: object) -> Tournament:
    """The tournament a session plays (`Session.night`), as the tournament it is."""
    if not isinstance(night, kind_of().Tournament):
        raise BanluckError("the open night is not a tournament")
    return cast("Tournament", night)


def is_tournament_log(text: str) -> bool:
    """The night log starts with a night kind's word (`tournament ...`), not `night`."""
    from banluck.table.nightlog import parse_lines

    lines = parse_lines(text)
    return bool(lines) and lines[0].word == KEY


def read_tournament_log(
    text: str, source: str, load: Callable[[str], TablePreset] | None = None
) -> Tournament:
    """A whole tournament log played: its first line, `rule KEY VALUE` lines right after it
    (knobs of the named preset changed for this night), then its lines. LogError names the
    first wrong line."""
    from banluck.app import presets
    from banluck.table.nightlog import LogError, parse_lines, read_rules

    lines = parse_lines(text)
    first = lines[0]
    rules, body = read_rules(lines[1:], source, "tournament.hands 8")
    kind = kind_of()
    try:
        name, seats, buy_in, chips = kind.parse_start(first.args)
        preset = presets.with_rules((load or presets.load)(name), rules)
        played: Tournament = kind.Tournament(kind.start_for(preset, seats, buy_in, chips))
    except BanluckError as exc:
        raise LogError(source, first.number, str(exc)) from None
    for line in body:
        try:
            played.do_line(" ".join([line.word, *line.args]))
        except BanluckError as exc:
            raise LogError(source, line.number, str(exc)) from None
    return played
