"""`banluck check` beyond what the files say of themselves: the money checked against what it
follows from. The store checks its files and the ledger's rules (`Store.check`); here each
night's rounds are played again from their stored lines under the rules stored with the night,
and each must give exactly the transfers it holds, and a tournament's buy-ins must be those of
its record and its prizes those its lines pay, played again. (The games are the app's to play:
the storage imports none of them.)

A problem names the night, the entry and the file, and what to do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from banluck.app.records import replay_stored
from banluck.core.errors import BanluckError
from banluck.money.entries import round_title

if TYPE_CHECKING:
    from banluck.storage import Store

RESTORE = (
    "the file was changed since banluck wrote it: restore it from its backup (.bak) or a copy"
    " of the data folder"
)


def check(store: Store, *, full: bool = False) -> list[str]:
    """Every problem `banluck check` reports: the store's own (`Store.verify`), then the rounds
    of the latest night played again (of every night with `full`; not of a latest night found
    byte for byte as a clean check sealed it, played again then). When there is none, the
    nights found sound are sealed (`Store.seal`)."""
    from banluck.storage import Store as Stored

    problems, seals = Stored.verify(store, full=full)
    ids = Stored.night_ids(store)
    chosen = [i for i in (ids if full else ids[-1:]) if i not in seals.unread]
    if chosen:
        try:
            final = _final_names(Stored.renamed(store))
            for record, entries in Stored.iter_nights(store, chosen, readable=True):
                problems += night_problems(store, record, entries, final)
        except BanluckError:
            pass  # a file that cannot be read is the store's own problem, said already
    if not problems:
        Stored.seal(store, seals)
    return problems


def night_problems(
    store: Store,
    record: Mapping[str, Any],
    entries: Sequence[Mapping[str, Any]],
    final: Callable[[object], str],
) -> list[str]:
    """What is wrong with a night's money (its record and entries, each person under `final`'s
    name) against what it follows from."""
    from banluck.app.tournament import tournament_of

    night_id = record["id"]
    path = store.night_path(night_id)
    if (tournament := tournament_of(record)) is not None:
        return _buy_in_problems(record, tournament, entries, path, final) + _prize_problems(
            record, entries, path, final
        )
    rounds = sorted((e for e in entries if e.get("kind") == "round"), key=lambda e: e["round"])
    return _round_problems(record, rounds, path, final)


def _final_names(renames: Sequence[tuple[int, str, str]]) -> Callable[[object], str]:
    """Each name as it is called after every rename (a night's record and its entries may hold
    a person under the names of different times)."""
    to = {old: new for _, old, new in sorted(renames)}

    def final(name: object) -> str:
        seen: set[str] = set()
        out = str(name)
        while out in to and out not in seen:
            seen.add(out)
            out = to[out]
        return out

    return final


def _moved(
    transfers: Iterable[Mapping[str, Any]], final: Callable[[object], str]
) -> Counter[tuple[str, str, Any]]:
    return Counter((final(t.get("from")), final(t.get("to")), t.get("amount")) for t in transfers)


def _said(moved: Counter[tuple[str, str, Any]]) -> str:
    return ", ".join(f"{a} pays {b} {n}" for a, b, n in sorted(moved.elements())) or "nothing"


def _round_problems(
    record: Mapping[str, Any],
    rounds: Sequence[Mapping[str, Any]],
    path: Any,
    final: Callable[[object], str],
) -> list[str]:
    night_id = record["id"]
    if any("stakes" not in entry for entry in rounds):
        return []  # a round stored without its stakes (an older banluck, an import) plays no more
    try:
        played = replay_stored(record, rounds)
    except BanluckError as exc:
        return [
            f"night {night_id} ({path}): its rounds do not play again from their stored lines"
            f" under its stored rules ({exc}); {RESTORE}"
        ]
    except Exception as exc:  # a stored shape the games cannot read: the same finding
        return [
            f"night {night_id} ({path}): its stored rounds cannot be played again ({exc!r});"
            f" {RESTORE}"
        ]
    problems: list[str] = []
    for entry, done in zip(rounds, played.rounds, strict=False):
        stored = _moved(entry.get("transfers") or [], final)
        again = _moved([t.as_dict() for t in done.transfers], final)
        if stored != again:
            problems.append(
                f"night {night_id}, entry #{entry['seq']} ({round_title(done.counted, done.between)})"
                f" in {path}: its lines, played again under the night's stored rules, give {_said(again)};"
                f" the entry holds {_said(stored)}: {RESTORE}, or reverse the round with"
                f" `banluck correct {entry['seq']} --reason ...`"
            )
    if len(played.rounds) != len(rounds):
        problems.append(
            f"night {night_id} ({path}): its stored lines play {len(played.rounds)} rounds but"
            f" it holds {len(rounds)}: {RESTORE}"
        )
    return problems


def _pool_said(moved: Counter[tuple[str, Any]]) -> str:
    return ", ".join(f"{n} {a}" for n, a in sorted(moved.elements()))


def _pool_odd(
    kind: str,
    want: Counter[tuple[str, Any]],
    entries: Sequence[Mapping[str, Any]],
    final: Callable[[object], str],
    other: str,
) -> str:
    """ "" when the night's entries of `kind` (buy-in, prize) are exactly `want` (each player's
    name and amount); else what is missing, and what is there besides (said as `other`)."""
    have: Counter[tuple[str, Any]] = Counter(
        (final(e.get("player")), e.get("amount")) for e in entries if e.get("kind") == kind
    )
    return "; ".join(
        f"{what}: {_pool_said(odd)}"
        for what, odd in (("missing", want - have), (other, have - want))
        if odd
    )


def _prize_problems(
    record: Mapping[str, Any],
    entries: Sequence[Mapping[str, Any]],
    path: Any,
    final: Callable[[object], str],
) -> list[str]:
    """A tournament night holds the prizes its record's lines, played again, pay (none before
    its end)."""
    from banluck.app.tournament import replay

    night_id = record["id"]
    try:
        won = replay(record).prizes()
    except BanluckError as exc:
        return [f"night {night_id} ({path}): {exc}; {RESTORE}"]
    want: Counter[tuple[str, Any]] = Counter((final(n), amount) for n, amount in won.items())
    if not (said := _pool_odd("prize", want, entries, final, "not won")):
        return []
    return [
        f"night {night_id} ({path}): its prizes are not those its tournament's lines pay, played"
        f" again ({_pool_said(want) or 'none'}; {said}): {RESTORE}"
    ]


def _buy_in_problems(
    record: Mapping[str, Any],
    tournament: Mapping[str, Any],
    entries: Sequence[Mapping[str, Any]],
    path: Any,
    final: Callable[[object], str],
) -> list[str]:
    """A tournament night holds one buy-in of the record's buy-in for each of its players."""
    night_id = record["id"]
    want = Counter((final(n), tournament.get("buy_in")) for n in tournament.get("seats") or [])
    if not (said := _pool_odd("buy-in", want, entries, final, "not in its record")):
        return []
    return [
        f"night {night_id} ({path}): its buy-ins are not those of its tournament"
        f" ({tournament.get('buy_in')} for each of {', '.join(tournament.get('seats') or [])};"
        f" {said}): {RESTORE}"
    ]
