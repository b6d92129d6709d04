"""The night's money: ledger entries, the balances computed from them, and the checks.

Pure functions over the entries as the store keeps them (plain JSON-able dicts), read through
the codec of `banluck.money.entries` (typed entries are accepted too). Entries are never edited:
a mistake is reversed by a correction entry, and only the very last entry may be undone. Balances
are always computed from the entries; any stored total is a cache that `check` verifies.

Every entry has `seq` (int: global, strictly increasing), `kind`, `night` (the night it was
recorded in) and `at` (a timestamp); the kinds, the full shape of each and its typed form are
in `banluck.money.entries`.

Money is whole numbers. A balance is what a person is owed (positive) or owes (negative). A
transfer `{from: A, to: B, amount: n}` moves n of balance from A to B, so every list of transfers
nets to zero. A payment of n in cash from A to B settles debt: A's balance rises by n and B's falls
by n (its effect is the transfer `{from: B, to: A}`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TypeAlias, TypedDict

from banluck.core.errors import BanluckError
from banluck.core.money import Transfer, nets
from banluck.core.text import plain_problem
from banluck.money.entries import (
    DECODE_FAULTS,
    NEW,
    AmendmentEntry,
    BuyInEntry,
    CorrectionEntry,
    Entry,
    Fault,
    FieldError,
    PaymentEntry,
    PrizeEntry,
    RenameEntry,
    RoundEntry,
    Why,
    between_rounds,
    decode,
    read,
    read_loosely,
    reversal_reason,
)
from banluck.money.entries import LedgerError as LedgerError  # the builders' error
from banluck.money.names import Rename, names_after, renamed, sound_renames

KINDS = ("round", "payment", "correction", "buy-in", "prize", "rename")
POOL_KINDS = ("buy-in", "prize")
# Keys the store sets on every entry; a round dict from the engine may not choose them.
RESERVED = ("seq", "kind", "at")


class Summary(TypedDict):
    """One person's totals over some entries."""

    net: int
    rounds: int
    dealt: int
    hands: dict[str, int]


# -- effects and balances ------------------------------------------------------------------


def as_entry(entry: Entry | Mapping[str, Any]) -> Entry:
    """The typed form of an entry (decoded when it is a stored dict).

    Raises LedgerError naming the entry when it is malformed (run `check` for the details).
    """
    if not isinstance(entry, Mapping):
        return entry
    try:
        return decode(entry)
    except FieldError:
        pass
    try:  # values that still add up are summed as they always were; `check` reports them
        loose = read_loosely(entry)
        loose.nets()  # values that do not add up (an amount "20") make the entry malformed
        return loose
    except (KeyError, TypeError, AttributeError) as exc:
        raise LedgerError(
            f"{_label(entry)} is malformed ({_why(exc)}); run `banluck check`"
        ) from exc


def effect(entry: Entry | Mapping[str, Any]) -> tuple[Transfer, ...]:
    """The transfers of balance an entry makes (a payment's effect runs from payee to payer)."""
    return as_entry(entry).effect()


def net_of(entry: Entry | Mapping[str, Any]) -> dict[str, int]:
    """Each person's change of balance from one entry (people it does not touch are absent)."""
    return as_entry(entry).nets()


def balances(entries: Iterable[Entry | Mapping[str, Any]]) -> dict[str, int]:
    """What each person is owed (+) or owes (-) after all `entries`, sorted by name.

    Raises LedgerError naming the entry when one is malformed (run `check` for the details).
    """
    net: defaultdict[str, int] = defaultdict(int)
    for entry in entries:
        for name, change in net_of(entry).items():
            net[name] += change
    return dict(sorted(net.items()))


def _empty_summary() -> Summary:
    return {"net": 0, "rounds": 0, "dealt": 0, "hands": {}}


def summarise(entries: Iterable[Entry | Mapping[str, Any]]) -> dict[str, Summary]:
    """Per person: net balance, rounds played and dealt, and how often each hand kind came up.

    In the form of `add_summaries`: anyone whose totals are all zero is left out.
    """
    out: defaultdict[str, Summary] = defaultdict(_empty_summary)
    for stored in entries:
        entry = as_entry(stored)
        for name, change in entry.nets().items():
            out[name]["net"] += change
        if isinstance(entry, AmendmentEntry):  # the hands as amended replace those before
            for sign, kinds in ((-1, entry.hands_before), (1, entry.hands)):
                for name, kind in kinds.items():
                    counts = out[name]["hands"]
                    counts[kind] = counts.get(kind, 0) + sign
            continue
        if not isinstance(entry, RoundEntry) or between_rounds(entry):
            continue  # deals no cards
        dealer = entry.dealer
        out[dealer]["dealt"] += 1
        players = {t.payer for t in entry.transfers} | {t.payee for t in entry.transfers}
        players.update(entry.hands)
        players.discard(dealer)
        for name in players:
            out[name]["rounds"] += 1
        for name, kind in entry.hands.items():
            hands = out[name]["hands"]
            hands[kind] = hands.get(kind, 0) + 1
    return add_summaries(out)


def subtract_summaries(
    total: Mapping[str, Summary], part: Mapping[str, Summary]
) -> dict[str, Summary]:
    """`total` less `part` (which it includes), in the form `add_summaries` gives."""
    negated: dict[str, Summary] = {
        name: {
            "net": -s["net"],
            "rounds": -s["rounds"],
            "dealt": -s["dealt"],
            "hands": {kind: -n for kind, n in s["hands"].items()},
        }
        for name, s in part.items()
    }
    return add_summaries(total, negated)


def add_summaries(*parts: Mapping[str, Summary]) -> dict[str, Summary]:
    """The sum of several summaries (for example, one per night), sorted by name.

    Zero counts are left out, and so is anyone whose totals are all zero, so that a sum does not
    depend on how it was made: add_summaries(a, b) == subtract_summaries(add_summaries(a, b, c), c).
    """
    out: defaultdict[str, Summary] = defaultdict(_empty_summary)
    for part in parts:
        for name, s in part.items():
            acc = out[name]
            acc["net"] += s["net"]
            acc["rounds"] += s["rounds"]
            acc["dealt"] += s["dealt"]
            for kind, count in s["hands"].items():
                acc["hands"][kind] = acc["hands"].get(kind, 0) + count
    for s in out.values():
        s["hands"] = {kind: n for kind, n in sorted(s["hands"].items()) if n}
    return {
        name: s
        for name, s in sorted(out.items())
        if s["net"] or s["rounds"] or s["dealt"] or s["hands"]
    }


# -- building entries ----------------------------------------------------------------------


def payment(payer: str, payee: str, amount: int, note: str = "") -> PaymentEntry:
    """A payment entry, not yet recorded (`NEW`): `payer` handed `amount` in cash to `payee`."""
    entry = {"kind": "payment", "from": payer, "to": payee, "amount": amount, "note": note}
    problems = entry_problems(entry)
    found = plain_problem(note, "the note") if isinstance(note, str) else None
    if found:
        problems.append(found)
    if problems:
        raise LedgerError(f"cannot record the payment: {'; '.join(problems)}")
    return PaymentEntry(**NEW, payer=payer, payee=payee, amount=amount, note=note)


def pool_entry(
    kind: str, player: str, pool: str, amount: int, note: str = ""
) -> BuyInEntry | PrizeEntry:
    """A buy-in or prize entry, not yet recorded (`NEW`): `player` pays `amount` into the pool
    `pool`, or is paid it out of the pool."""
    entry = {"kind": kind, "player": player, "pool": pool, "amount": amount, "note": note}
    problems = [f"kind is {kind!r}, expected buy-in or prize"] if kind not in POOL_KINDS else []
    problems += entry_problems({**entry, "kind": "prize" if kind == "prize" else "buy-in"})
    if problems:
        raise LedgerError(f"cannot record the {kind}: {'; '.join(problems)}")
    made = BuyInEntry if kind == "buy-in" else PrizeEntry
    return made(**NEW, player=player, pool=pool, amount=amount, note=note)


class Standing(NamedTuple):
    """Where an entry stands after the entries that follow it: its effect (a round's as its
    amendments left it), its hands and lines as amended, and what reversed or amended it."""

    effect: tuple[Transfer, ...]
    hands: Mapping[str, str]
    log: tuple[str, ...]
    reversed_by: int | None = None
    amended_by: tuple[int, ...] = ()


def standing(
    target: Entry | Mapping[str, Any], later: Iterable[Entry | Mapping[str, Any]]
) -> Standing:
    """Where `target` stands after `later` (the entries after it, in order)."""
    entry = as_entry(target)
    hands: Mapping[str, str] = entry.hands if isinstance(entry, RoundEntry) else {}
    log = entry.log if isinstance(entry, RoundEntry) else ()
    now = Standing(entry.effect(), hands, log)
    for stored in later:
        other = as_entry(stored)
        if isinstance(other, AmendmentEntry) and other.amends == entry.seq:
            amended = (*now.amended_by, other.seq)
            now = Standing(other.outcome, other.hands, other.log, now.reversed_by, amended)
        elif isinstance(other, CorrectionEntry) and other.reverses == entry.seq:
            now = Standing(now.effect, now.hands, now.log, other.seq, now.amended_by)
    return now


def _reason(reason: object) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise LedgerError("a correction needs a reason: say what was wrong with the entry")
    found = plain_problem(reason, "the reason")
    if found:
        raise LedgerError(found)
    return reason.strip()


def correction(
    target: Entry | Mapping[str, Any], reason: str, now: Standing | None = None
) -> CorrectionEntry:
    """A correction entry, not yet recorded (`NEW`), whose transfers exactly reverse `target`
    (its effect as it stands `now`, when given: a round's as its amendments left it)."""
    if isinstance(target, Mapping) and target.get("kind") != "correction":
        target = as_entry(target)
    if isinstance(target, Mapping) or target.kind == "correction":
        seq = target.get("seq") if isinstance(target, Mapping) else target.seq
        raise LedgerError(
            f"#{seq} is itself a correction and cannot be corrected; "
            "record the right entry again instead"
        )
    if isinstance(target, RenameEntry):
        raise LedgerError(
            f"#{target.seq} is a rename, which moves no money: rename {target.new} back"
            f" with `banluck rename {target.new} {target.old}`"
        )
    reason = _reason(reason)
    if now is not None and now.reversed_by is not None:
        raise LedgerError(f"#{target.seq} is already reversed by #{now.reversed_by}")
    reversed_transfers = tuple(
        Transfer(t.payee, t.payer, t.amount, reversal_reason(t.reason))
        for t in (target.effect() if now is None else now.effect)
    )
    return CorrectionEntry(
        **NEW,
        reverses=target.seq,
        reason=reason.strip(),
        transfers=reversed_transfers,
        reversed_kind=target.kind,
    )


def amendment(
    target: Entry | Mapping[str, Any],
    now: Standing,
    log: Sequence[str],
    outcome: Sequence[Transfer],
    hands: Mapping[str, str],
    reason: str,
) -> AmendmentEntry:
    """A correction, not yet recorded (`NEW`), that takes round `target`, standing at `now`, to
    `outcome`:
    its lines replayed as `log`. Its transfers are the difference: what stood and is no longer
    (reversed) and what is new; transfers in both cancel out."""
    entry = as_entry(target)
    if not isinstance(entry, RoundEntry):
        raise LedgerError(f"#{entry.seq} is a {entry.kind}, not a round: only a round's lines")
    reason = _reason(reason)
    if now.reversed_by is not None:
        raise LedgerError(
            f"round {entry.round} of night {entry.night} was reversed by #{now.reversed_by}:"
            " there is nothing left to amend"
        )
    key = Counter((t.payer, t.payee, t.amount, t.reason) for t in outcome)
    key.subtract((t.payer, t.payee, t.amount, t.reason) for t in now.effect)
    gone = [
        Transfer(b, a, n, reversal_reason(r))
        for (a, b, n, r), c in key.items()
        if c < 0
        for _ in range(-c)
    ]
    new = [Transfer(a, b, n, r) for (a, b, n, r), c in key.items() if c > 0 for _ in range(c)]
    return AmendmentEntry(
        **NEW,
        amends=entry.seq,
        reason=reason,
        round=entry.round,
        round_night=entry.night,
        dealer=entry.dealer,
        log=tuple(log),
        hands=dict(hands),
        hands_before=dict(now.hands),
        outcome=tuple(outcome),
        transfers=(*gone, *new),
    )


def rename(old: str, new: str) -> RenameEntry:
    """A rename entry, not yet recorded (`NEW`): `old` is called `new` from now on, in every
    entry."""
    problems = entry_problems({"kind": "rename", "from": old, "to": new})
    if problems:
        raise LedgerError(f"cannot rename: {'; '.join(problems)}")
    return RenameEntry(**NEW, old=old, new=new)


class RoundProblems(LedgerError):
    """A round the engine settled that cannot be recorded: `problems`, each one phrase."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = list(problems)


def round_entry(
    data: Mapping[str, Any],
    night: int,
    number: int,
    dealer: str,
    preset: Mapping[str, Any],
    people: Collection[str] | None = None,
) -> RoundEntry:
    """A round entry, not yet recorded (`NEW`), from the round engine's dict, completed from the
    open night where the dict says nothing: `night`, its `round` number, `dealer` and `preset`
    (snapshot). Its lists and dicts are copies, and it keeps the dict's keys (`layout`).

    Raises LedgerError on reserved keys, RoundProblems naming each problem (with `people`,
    every name must be one of them).
    """
    if not isinstance(data, Mapping):
        raise LedgerError(f"a round is a dict of its results, not {type(data).__name__}")
    taken = [key for key in RESERVED if key in data]
    if taken:
        raise LedgerError(
            f"a round dict may not set {', '.join(taken)}: the store assigns "
            f"{'them' if len(taken) > 1 else 'it'}"
        )
    entry: dict[str, Any] = {"kind": "round", **data}
    # copies of the usual shapes; anything else is kept as it is for the problems to name
    log, transfers, hands = data.get("log", []), data.get("transfers", []), data.get("hands", {})
    if isinstance(log, list | tuple):
        entry["log"] = list(log)
    if isinstance(transfers, list | tuple):
        entry["transfers"] = [dict(t) if isinstance(t, Mapping) else t for t in transfers]
    if isinstance(hands, Mapping):
        entry["hands"] = dict(hands)
    for key, value in (("night", night), ("round", number), ("dealer", dealer)):
        entry.setdefault(key, value)
    entry.setdefault("preset", preset)
    entry = {**NEW, **entry}
    typed, problems = _read_checked(entry, people)
    if problems:
        raise RoundProblems(problems)
    if typed is None:  # a fault only the codec names (a transfer's unknown key)
        decode(entry)  # raises its FieldError
    assert isinstance(typed, RoundEntry)
    return typed


# -- checking ------------------------------------------------------------------------------


def _label(entry: Mapping[str, Any]) -> str:
    seq = entry.get("seq", "?") if isinstance(entry, Mapping) else "?"
    kind = entry.get("kind") if isinstance(entry, Mapping) else None
    if kind == "round":
        return f"seq {seq} (round {entry.get('round', '?')} of night {entry.get('night', '?')})"
    if kind in KINDS:
        return f"seq {seq} ({kind})"
    return f"seq {seq}"


def _why(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"missing {exc.args[0]!r}"
    return str(exc)


def _phrase(fault: Fault) -> str | None:
    """A fault of one entry as `check` says it; None for one it leaves to the codec (an unknown
    key, a missing `night`): the shape of a stored file is the storage's to refuse."""
    role, value, why = fault.role, fault.value, fault.why
    if role is None or why in (Why.UNKNOWN, Why.NOT_TRANSFER):
        return None
    if why is Why.STRANGER:
        return f"{role} {value} is not a known person"
    if why is Why.TOO_LARGE:
        return f"{role} {fault.problem}"
    match fault.form:
        case "name" if why is Why.POOL:
            return f"{role} {value} is a pool, not a person"
        case "name":
            return f"{role} is {value!r}, expected a name"
        case "count" | "amount":
            return f"{role} is {value!r}, expected a positive whole number"
        case "whole":
            return f"{role} is {value!r}, expected the seq of an entry"
        case "text":
            return f"{role} is {value!r}, expected text"
        case "reason":
            return "a correction needs a reason"
        case "pool":
            return f"pool is {value!r}, expected the name of a prize pool"
        case "lines":
            return "log must be a list of lines of text"
        case "transfers":
            return f"transfers is {type(value).__name__}, expected a list"
        case "transfer" if why is Why.SELF:
            return f"{role} is from {value} to themself"
        case "transfer":
            return f"{role} is {value!r}, expected an object"
        case "hands":
            return f"{role} is {value!r}, expected {{name: hand kind}}"
        case "hand":
            return f"{role} is {value!r}, expected a hand kind"
        case "preset":
            return "preset snapshot is missing"
        case "payment":
            return f"{value} cannot pay themself"
    return f"{value} is already called so"  # a rename to the same name


def entry_problems(entry: Mapping[str, Any], people: Collection[str] | None = None) -> list[str]:
    """What is wrong with one entry on its own, each problem one phrase; [] when it is sound.

    With `people`, every name must be one of them. Cross-entry rules (seq order, what a
    correction reverses) are checked by `check`.
    """
    return _read_checked(entry, people)[1]


def _read_checked(
    entry: Mapping[str, Any], people: Collection[str] | None
) -> tuple[Entry | None, list[str]]:
    """An entry read once: its typed form (None when the codec refuses it) and its problems."""
    if not isinstance(entry, Mapping):
        return None, [f"entry is {type(entry).__name__}, expected an object"]
    kind = entry.get("kind")
    if kind not in KINDS:
        return None, [f"kind is {kind!r}, expected one of {', '.join(KINDS)}"]
    typed, faults = read(entry, people)
    if any(fault.why in DECODE_FAULTS for fault in faults):
        typed = None
    return typed, [phrase for fault in faults if (phrase := _phrase(fault))]


class Damaged(NamedTuple):
    """Where `check` found an entry unsound on its own: it stands in for the entry, so that the
    cross-entry checks know it is there (its seq and kind) and why it was not read."""

    seq: int
    kind: object
    label: str
    problems: tuple[str, ...]


class Problem(NamedTuple):
    """One problem `check` found: the seq of the entry it is about (None for the ledger as a
    whole, or an entry without a whole-number seq) and the line that says it, as `banluck
    check` prints it."""

    seq: int | None
    message: str

    def __str__(self) -> str:
        return self.message


Checked: TypeAlias = Entry | Damaged
Check: TypeAlias = Callable[[Sequence[Checked]], list[Problem]]


def _label_of(entry: Checked) -> str:
    if isinstance(entry, Damaged):
        return entry.label
    if isinstance(entry, RoundEntry):
        night = "?" if entry.night is None else entry.night  # read loosely, without a night
        return f"seq {entry.seq} (round {entry.round} of night {night})"
    return f"seq {entry.seq} ({entry.kind})"


def seqs_increase(entries: Sequence[Checked]) -> list[Problem]:
    """Each entry's seq is larger than every seq before it."""
    problems: list[Problem] = []
    last: int | None = None
    for entry in entries:
        if last is not None and entry.seq < last:
            message = f"{_label_of(entry)}: comes after seq {last} but has a smaller seq"
            problems.append(Problem(entry.seq, message))
        last = entry.seq if last is None else max(last, entry.seq)
    return problems


def entries_well_formed(entries: Sequence[Checked]) -> list[Problem]:
    """What is wrong with each entry on its own (found when `check` read it)."""
    return [
        Problem(entry.seq, f"{entry.label}: {problem}")
        for entry in entries
        if isinstance(entry, Damaged)
        for problem in entry.problems
    ]


def corrections_reverse_exactly(entries: Sequence[Checked]) -> list[Problem]:
    """Every correction exactly reverses an earlier, sound entry that is not a correction and
    that no other correction reverses (a round as its amendments left it); every amendment
    amends an earlier round not reversed before it, and its transfers take the round from
    where it stood (its hands too) to the amendment's outcome."""
    problems: list[Problem] = []
    by_seq: dict[int, Checked] = {}
    reversed_by: dict[int, int] = {}
    stood: dict[int, tuple[tuple[Transfer, ...], Mapping[str, str]]] = {}
    for entry in entries:
        by_seq[entry.seq] = entry
        if isinstance(entry, CorrectionEntry):
            found = _correction_problems(entry, by_seq, reversed_by, stood)
        elif isinstance(entry, AmendmentEntry):
            found = _amendment_problems(entry, by_seq, reversed_by, stood)
        else:
            continue
        problems += [Problem(entry.seq, f"{_label_of(entry)}: {p}") for p in found]
    return problems


def _amendment_problems(
    entry: AmendmentEntry,
    by_seq: Mapping[int, Checked],
    reversed_by: Mapping[int, int],
    stood: dict[int, tuple[tuple[Transfer, ...], Mapping[str, str]]],
) -> list[str]:
    target = by_seq.get(entry.amends)
    if target is None or entry.amends >= entry.seq:
        return [f"amends seq {entry.amends}, which is not an earlier entry"]
    if not isinstance(target, RoundEntry):
        return [f"amends seq {entry.amends}, which is not a sound round"]
    if entry.amends in reversed_by:
        return [f"amends seq {entry.amends}, already reversed by seq {reversed_by[entry.amends]}"]
    effect, hands = stood.get(entry.amends, (target.effect(), target.hands))
    problems: list[str] = []
    if (entry.round, entry.round_night, entry.dealer) != (
        target.round,
        target.night,
        target.dealer,
    ):
        problems.append(f"does not name round {target.round} of night {target.night} as it was")
    if dict(entry.hands_before) != dict(hands):
        problems.append(f"hands_before is not the hands seq {entry.amends} stood at")
    want = _changes(nets(entry.outcome), nets(effect))
    have = {name: n for name, n in nets(entry.transfers).items() if n}
    if want != have:
        problems.append(
            f"does not take seq {entry.amends} to its outcome: the difference is {want},"
            f" its transfers make {have}"
        )
    stood[entry.amends] = (entry.outcome, entry.hands)
    return problems


def _changes(after: Mapping[str, int], before: Mapping[str, int]) -> dict[str, int]:
    names = sorted(set(after) | set(before))
    out = {name: after.get(name, 0) - before.get(name, 0) for name in names}
    return {name: n for name, n in out.items() if n}


# The cross-entry checks, run in order on the entries `check` could read (and stand-ins for the
# ones it could not). A new kind of entry adds a function here and edits none.
CHECKS: tuple[Check, ...] = (seqs_increase, entries_well_formed, corrections_reverse_exactly)


def check(
    entries: Iterable[Mapping[str, Any]],
    people: Collection[str],
    cached: Mapping[str, int] | None = None,
) -> list[Problem]:
    """Every problem in a ledger, each one line (a `Problem`); [] when the ledger is sound.

    Checks: seqs are whole numbers, unique and increasing; every entry is well formed and names
    only `people`; every round nets to zero; every correction exactly reverses an earlier entry
    that is not a correction and that no other correction reverses; and, given `cached`
    balances (a stored summary), that they equal the balances computed from the entries.
    Problems come entry by entry, in the order of `CHECKS` within an entry, then the cache's.
    """
    found: list[tuple[int, Problem]] = []
    checked: list[Checked] = []
    # a correction recorded after a rename names people as they are called since: the links
    # between entries are checked with every entry under the names of today (docs/corrections.md)
    listed = list(entries)
    renames = sound_renames(e for e in listed if isinstance(e, Mapping))
    linked: list[Checked] = []
    position: dict[int, int] = {}
    seen: set[int] = set()
    for i, stored in enumerate(listed):
        label = _label(stored)
        seq = stored.get("seq") if isinstance(stored, Mapping) else None
        if not isinstance(seq, int) or isinstance(seq, bool):
            found.append((i, Problem(None, f"{label}: seq is {seq!r}, expected a whole number")))
            continue
        if seq in seen:
            found.append((i, Problem(seq, f"{label}: seq {seq} appears twice")))
            continue
        seen.add(seq)
        typed, own = _read_checked(stored, people)
        if own:
            entry: Checked = Damaged(seq, stored.get("kind"), label, tuple(own))
        else:  # one the codec finds fault with (an unknown key, a missing `night`) reads as before
            entry = typed or as_entry(stored)
        position[entry.seq] = i
        checked.append(entry)
        linked.append(_named_today(stored, entry, renames))
    for run in CHECKS:
        found += [(_at(position, p), p) for p in run(linked)]
    problems = [p for _, p in sorted(found, key=lambda item: item[0])]
    if cached is not None:
        computed = balances(e for e in checked if not isinstance(e, Damaged))
        for name in sorted(set(computed) | set(cached)):
            want, have = computed.get(name, 0), cached.get(name, 0)
            if want != have:
                message = f"the stored balance of {name} is {have} but the entries sum to {want}"
                problems.append(Problem(None, message))
    return problems


def _at(position: Mapping[int, int], problem: Problem) -> int:
    """Where a problem of the checks comes: with its entry (at the end when it names none)."""
    at = None if problem.seq is None else position.get(problem.seq)
    return len(position) if at is None else at


def _named_today(stored: Mapping[str, Any], entry: Checked, renames: list[Rename]) -> Checked:
    """`entry` under the names the renames after it give (itself when there are none, or when it
    is damaged or would not read so)."""
    names = names_after(renames, entry.seq) if renames else {}
    if not names or isinstance(entry, Damaged):
        return entry
    try:
        return as_entry(renamed(stored, names))
    except (BanluckError, KeyError, TypeError, ValueError):
        return entry


def _correction_problems(
    entry: CorrectionEntry,
    by_seq: Mapping[int, Checked],
    reversed_by: dict[int, int],
    stood: Mapping[int, tuple[tuple[Transfer, ...], Mapping[str, str]]],
) -> list[str]:
    target_seq, own_seq = entry.reverses, entry.seq
    target = by_seq.get(target_seq)
    if target is None or target_seq >= own_seq:
        return [f"reverses seq {target_seq}, which is not an earlier entry"]
    if target.kind == "correction":
        return [f"reverses seq {target_seq}, which is itself a correction"]
    if target.kind == "rename":
        return [f"reverses seq {target_seq}, which is a rename"]
    problems: list[str] = []
    if target_seq in reversed_by:
        problems.append(
            f"reverses seq {target_seq}, already reversed by seq {reversed_by[target_seq]}"
        )
    else:
        reversed_by[target_seq] = own_seq
    if isinstance(target, Damaged):
        return [*problems, f"reverses seq {target_seq}, which is itself damaged"]
    if "reversed_kind" in entry.layout and entry.reversed_kind != target.kind:
        problems.append(
            f"says it reverses a {entry.reversed_kind}, but seq {target_seq} is a {target.kind}"
        )
    effect = stood[target_seq][0] if target_seq in stood else target.effect()
    want = Counter((t.payee, t.payer, t.amount) for t in effect)
    have = Counter((t.payer, t.payee, t.amount) for t in entry.transfers)
    if want != have:
        problems.append(
            f"does not exactly reverse seq {target_seq}: "
            f"expected {_show(want)}, found {_show(have)}"
        )
    return problems


def _show(transfers: Counter[tuple[str, str, int]]) -> str:
    parts = [
        f"{src}->{dst} {amount}" + (f" x{n}" if n > 1 else "")
        for (src, dst, amount), n in sorted(transfers.items(), key=repr)
    ]
    return ", ".join(parts) or "nothing"
