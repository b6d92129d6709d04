"""Corrections of recorded entries: a round's lines amended, or an entry reversed entirely
(docs/corrections.md).

An amendment replays the round's corrected lines under the preset snapshot stored with the round,
at the table it was played at (its dealer and stakes), and records the difference from what the
round stood at as a correction entry linked to it. The round entry itself is never changed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from banluck.app.games import game_for, load_preset
from banluck.core.errors import BanluckError
from banluck.core.money import Transfer
from banluck.money import ledger
from banluck.money.entries import Entry, rounds_by_number
from banluck.money.names import names_after, renamed_with_log, renames
from banluck.table.line import read_line
from banluck.table.night import Night
from banluck.table.seating import Seating

if TYPE_CHECKING:
    from banluck.storage import Store


@dataclass(frozen=True, slots=True)
class Replayed:
    """A round's lines played again: as stored (full words), its transfers and hand kinds."""

    log: tuple[str, ...]
    transfers: tuple[Transfer, ...]
    hands: dict[str, str]


def parse_seq(text: str) -> int:
    """An entry's number as the ledger shows it: `12` or `#12`."""
    body = text.strip().removeprefix("#")
    if not body.isdigit() or int(body) < 1:
        raise BanluckError(
            f"{text!r} is not an entry number: give the # of `banluck ledger`, e.g. 12 or #12"
        )
    return int(body)


def _stored(store: Store, night: int | None = None) -> Iterator[dict[str, Any]]:
    """The entries as stored, under the names they were recorded with, whatever names the view
    `store` reads them under (a NamedStore renames them)."""
    from banluck.storage import Store as Stored

    return Stored.iter_entries(store, night)


def named_now(
    target: Mapping[str, Any], later: Sequence[Mapping[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A stored entry and the stored entries after it, each under the names people have now (the
    renames among `later` applied, lines too): what a correction recorded now names, since no
    rename comes after it (docs/corrections.md)."""
    found = renames(later)
    return renamed_with_log(target, names_after(found, int(target["seq"]))), [
        renamed_with_log(e, names_after(found, int(e["seq"]))) for e in later
    ]


def _located(store: Store, seq: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    target: dict[str, Any] | None = None
    later: list[dict[str, Any]] = []
    for entry in _stored(store):
        if int(entry["seq"]) == seq:
            target = entry
        elif int(entry["seq"]) > seq:
            later.append(entry)
    if target is None:
        raise BanluckError(f"there is no entry #{seq}: see `banluck ledger --all`")
    return target, later


def find_round(store: Store, night_id: int, number: int) -> dict[str, Any]:
    """Round `number` of night `night_id`, under the names people have now; BanluckError naming
    the rounds there are."""
    rounds = rounds_by_number(_stored(store, night_id))
    if number in rounds:
        return named_now(*_located(store, int(rounds[number]["seq"])))[0]
    have = f"rounds 1 to {max(rounds)}" if rounds else "no recorded round"
    raise BanluckError(f"night {night_id} has no recorded round {number} ({have})")


def standing(store: Store, entry: Mapping[str, Any]) -> ledger.Standing:
    """Where an entry stands now: its effect and lines as amended, and what reversed it, under
    the names people have now."""
    return ledger.standing(*named_now(*_located(store, int(entry["seq"]))))


def replay_round(entry: Mapping[str, Any], lines: Sequence[str], number: int) -> Replayed:
    """The round's `lines` played at the table of `entry` (its dealer and stakes) under the
    preset snapshot stored with it (round `number` as the table counts it). BanluckError names the
    first line that is wrong."""
    where = f"round {number} of night {entry['night']}"
    stakes = entry.get("stakes")
    if not stakes:
        raise BanluckError(
            f"{where} was stored without its stakes (an older banluck), so its lines cannot be"
            f" played again: reverse it with `banluck correct {entry['seq']} --reason ...`"
        )
    preset = load_preset(entry["preset"], source=where)
    dealer = str(entry["dealer"])
    seating = Seating(
        preset=preset,
        seats=(dealer, *stakes),
        dealer=dealer,
        stakes=tuple((str(name), int(stake)) for name, stake in stakes.items()),
    )
    night = Night(seating, game_for(preset))
    words = night.game.words
    typed = [line for line in lines if read_line(line)[0]]
    if not typed:
        raise BanluckError(f"no line left for {where}: write the round's lines, or keep them")
    for number, line in enumerate(typed, 1):
        word, args = read_line(line, night.aliases())
        if night.rounds:
            raise BanluckError(f"line {number} `{line}`: the round is over before it; leave it out")
        if word not in words:
            raise BanluckError(
                f"line {number} `{line}`: only the round's own lines can be amended"
                f" ({', '.join(sorted(words))})"
            )
        try:
            night.do_line(word, args)
        except BanluckError as exc:
            raise BanluckError(f"line {number} `{line}`: {exc}") from None
    if not night.rounds:
        pending = night.current.pending() if night.current is not None else "not started"
        raise BanluckError(f"the lines do not finish {where} ({pending})")
    done = night.rounds[0]
    return Replayed(done.lines, done.transfers, dict(done.kinds))


def amend(
    store: Store, night_id: int, number: int, lines: Sequence[str], reason: str
) -> dict[str, Any]:
    """Record the amendment of round `number` of night `night_id` to `lines`; the entry."""
    entry = find_round(store, night_id, number)
    now = standing(store, entry)
    if now.reversed_by is not None:
        raise BanluckError(
            f"round {number} of night {night_id} was reversed by #{now.reversed_by}:"
            " there is nothing left to amend"
        )
    replayed = replay_round(entry, lines, number)
    if replayed.log == now.log:
        raise BanluckError(
            f"the lines of round {number} of night {night_id} are unchanged: nothing to amend"
        )
    seq = int(entry["seq"])

    def make(stored: dict[str, Any], after: list[dict[str, Any]]) -> Entry:
        target, later = named_now(stored, after)
        fresh = ledger.standing(target, later)
        if fresh != now:  # another command corrected it since: decide again on what is stored
            raise BanluckError(
                f"round {number} of night {night_id} was corrected by another command meanwhile:"
                " nothing was recorded; amend it again"
            )
        return ledger.amendment(
            target, fresh, replayed.log, replayed.transfers, replayed.hands, reason
        )

    return store.add_linked(seq, make)


def reverse(store: Store, seq: int, reason: str) -> dict[str, Any]:
    """Record the correction that reverses entry `seq` entirely (a round as amended)."""

    def make(stored: dict[str, Any], after: list[dict[str, Any]]) -> Entry:
        target, later = named_now(stored, after)
        return ledger.correction(target, reason, ledger.standing(target, later))

    return store.add_linked(seq, make)


def edit_text(entry: Mapping[str, Any], now: ledger.Standing, date: str, number: int) -> str:
    """What the editor opens for round `number`: a header in comments, then the round's lines as
    they stand."""
    stakes = ", ".join(f"{n} {s}" for n, s in (entry.get("stakes") or {}).items())
    head = [
        f"# round {number} of night {entry['night']} ({date}), dealer {entry['dealer']};"
        f" stakes: {stakes}",
        "# Correct the lines and save. Lines starting with # are left out;"
        " saved unchanged, nothing is recorded.",
    ]
    if now.amended_by:
        head.append(f"# as amended by #{now.amended_by[-1]}")
    return "\n".join([*head, *now.log]) + "\n"
