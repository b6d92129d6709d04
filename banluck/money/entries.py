"""Typed ledger entries: one frozen type per kind, and the one codec between them and stored dicts.

The store keeps entries as JSON objects (see `banluck.storage.schema`); the money code reads them
through `decode`. The ledger's builders (`banluck.money.ledger.payment`, ...) make typed entries,
not yet recorded (`NEW`); the storage alone writes them, with `encode`
(`banluck.storage.codec`). For every stored entry `encode(decode(d)) == d`, key order included.

Every entry has `seq` (global, strictly increasing), `night` (the night it was recorded in) and
`at` (a timestamp, text). By kind (the stored `kind`):

- `round` (`RoundEntry`): `round` (number in the night), `dealer`, `preset` (the snapshot of the
  house rules; in a night file the id of the snapshot in its `presets` table), `log` (the round's
  night-log lines), `transfers` (`{from, to, amount, reason}` each), `hands` (`{name: hand kind}`),
  and, as the round engine writes them, `stakes` (`{name: stake}`), `ended` (null, or how the round
  ended early, e.g. "void") and `table_before` (the table's state before the round: dealer,
  default_stake, dealt, won). Any other key of the engine's round dict is kept in `extra`.
- `payment` (`PaymentEntry`): `from`, `to`, `amount`, `note`: cash handed from payer to payee. It
  settles debt, so its effect is the transfer from payee to payer.
- `correction` (`CorrectionEntry`): `reverses` (the seq it cancels), `reason`, `transfers`
  that exactly reverse that entry's effect (a round's effect as its amendments left it), and
  `reversed_kind`, that entry's kind (absent from corrections earlier versions stored: see CorrectionEntry).
- `correction` of a round's lines (`AmendmentEntry`, schema 3): `amends` (the round's seq),
  `reason`, `round` and `round_night` (which round of which night), `dealer`, `log` (the round's
  lines as amended), `hands` and `hands_before` (the hand kinds after and before), `outcome` (the
  round's transfers as its amended lines settle) and `transfers`: the difference, the transfers
  of balance that take the round from what it stood at to `outcome`.
- `rename` (`RenameEntry`, schema 3): `from` and `to`: a person's name changed; every entry
  before it is read with the new name (`renamed`). No money moves.
- `buy-in` (`BuyInEntry`) and `prize` (`PrizeEntry`), for tournaments (nothing records them yet):
  `player`, `pool`, `amount`, `note`. The prize pool is a party of the ledger like a person: an
  account named `pool:<name>` (`POOL_PREFIX`, a name no person may take). A buy-in is the transfer
  of `amount` from the player to the pool, a prize the transfer from the pool to the player, so
  they net to zero exactly as rounds do, and the pool's balance is what it still holds.

Money is whole numbers; a balance is what a party is owed (+) or owes (-). `Entry.effect()` gives
an entry's transfers of balance and `Entry.nets()` (built on `banluck.core.money.nets`) the change
of each party's balance: the one net computation of the ledger.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from enum import Enum
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeAlias

from banluck.core.errors import BanluckError
from banluck.core.money import MAX_AMOUNT, MAX_TRANSFER, Transfer, nets

POOL_PREFIX = "pool:"
NEW: Mapping[str, Any] = MappingProxyType({"seq": 0, "night": 0, "at": ""})
"""The `seq`, `night` and `at` of an entry not yet recorded, as the ledger's builders make it
(`banluck.money.ledger.payment`, ...): the store gives them when it records the entry, and
encodes it to its stored form then (`banluck.storage.codec`)."""
_EMPTY: Mapping[str, Any] = MappingProxyType({})


class LedgerError(BanluckError):
    """An entry that cannot be made or read: bad amount, unknown name, nothing to reverse."""


class FieldError(LedgerError):
    """A stored entry whose field is missing or of the wrong type; names the field and the seq."""

    def __init__(self, seq: object, field_name: str, problem: str) -> None:
        super().__init__(f"entry seq {seq!r}: field {field_name!r} {problem}")
        self.seq = seq
        self.field = field_name
        self.problem = problem


PAYMENT_REASON = "payment"
"""The reason of a payment's transfer of balance (`PaymentEntry.effect`)."""


def reversal_reason(reason: str) -> str:
    """The reason of a correction's transfer that reverses a transfer given for `reason`."""
    return f"reverses: {reason}"


def _kind_before_stored(transfers: tuple[Transfer, ...]) -> str | None:
    """The kind of entry a correction stored without `reversed_kind` reverses (one written by
    banluck before it stored the kind), as its transfers tell it: "payment" when each reverses a
    payment's transfer, else None (a round, then: no other kind was corrected)."""
    payment = reversal_reason(PAYMENT_REASON)
    if transfers and all(t.reason == payment for t in transfers):
        return "payment"
    return None


def pool_account(name: str) -> str:
    """The ledger's name for the prize pool `name` (a party no person can be)."""
    return f"{POOL_PREFIX}{name}"


def people_only(amounts: Mapping[str, int]) -> dict[str, int]:
    """The amounts of people alone: a prize pool is an account, never a person, in any view."""
    return {name: v for name, v in amounts.items() if not name.startswith(POOL_PREFIX)}


# -- the entry types -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class _Entry:
    """What every entry has; `layout` is the stored keys in their stored order (() means every
    field in the usual order). Only the kinds are made, each with its own `__init__`, `__repr__`
    and `__eq__`."""

    seq: int
    night: int
    at: str
    layout: tuple[str, ...] = field(default=(), compare=False, repr=False, kw_only=True)

    def effect(self) -> tuple[Transfer, ...]:
        """The entry's transfers of balance."""
        raise NotImplementedError

    def nets(self) -> dict[str, int]:
        return nets(self.effect())


@dataclass(frozen=True, slots=True)
class RoundEntry(_Entry):
    """A round played: its transfers, hands and log (see the module docstring for each field)."""

    kind: ClassVar[str] = "round"
    round: int
    dealer: str
    preset: Mapping[str, Any] | int
    log: tuple[str, ...]
    transfers: tuple[Transfer, ...]
    hands: Mapping[str, str]
    stakes: Mapping[str, int] | None = None
    ended: str | None = None
    table_before: Mapping[str, Any] | None = None
    extra: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def effect(self) -> tuple[Transfer, ...]:
        return self.transfers


@dataclass(frozen=True, slots=True)
class PaymentEntry(_Entry):
    """Cash `amount` handed by `payer` to `payee` (stored as `from` and `to`)."""

    kind: ClassVar[str] = "payment"
    payer: str
    payee: str
    amount: int
    note: str = ""

    def effect(self) -> tuple[Transfer, ...]:
        return (Transfer(self.payee, self.payer, self.amount, PAYMENT_REASON),)


@dataclass(frozen=True, slots=True)
class CorrectionEntry(_Entry):
    """The reversal of entry `reverses`, for `reason`: its transfers undo that entry's effect.

    `reversed_kind` is the kind of the entry reversed, taken from it when the correction is made
    and stored with it; a correction stored before it was (without the key) reads it from its
    transfers as far as they tell it: "payment", else None."""

    kind: ClassVar[str] = "correction"
    reverses: int
    reason: str
    transfers: tuple[Transfer, ...]
    reversed_kind: str | None = None

    def effect(self) -> tuple[Transfer, ...]:
        return self.transfers


@dataclass(frozen=True, slots=True)
class AmendmentEntry(_Entry):
    """A round's lines corrected: `transfers` take it from what it stood at to `outcome`."""

    kind: ClassVar[str] = "correction"
    amends: int  # the round's seq
    reason: str
    round: int
    round_night: int
    dealer: str
    log: tuple[str, ...]
    hands: Mapping[str, str]
    hands_before: Mapping[str, str]
    outcome: tuple[Transfer, ...]
    transfers: tuple[Transfer, ...]

    def effect(self) -> tuple[Transfer, ...]:
        return self.transfers


@dataclass(frozen=True, slots=True)
class RenameEntry(_Entry):
    """A person's name changed from `old` to `new` (stored as `from` and `to`); no money moves."""

    kind: ClassVar[str] = "rename"
    old: str
    new: str

    def effect(self) -> tuple[Transfer, ...]:
        return ()


@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class _PoolEntry(_Entry):
    """A tournament's `amount` between `player` and the prize pool `pool` (a pool name, whose
    account is `pool_account(pool)`)."""

    player: str
    pool: str
    amount: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class BuyInEntry(_PoolEntry):
    """A tournament buy-in: `player` pays `amount` into the prize pool."""

    kind: ClassVar[str] = "buy-in"

    def effect(self) -> tuple[Transfer, ...]:
        return (Transfer(self.player, pool_account(self.pool), self.amount, "buy-in"),)


@dataclass(frozen=True, slots=True)
class PrizeEntry(_PoolEntry):
    """A tournament prize: `amount` paid out of the prize pool to `player`."""

    kind: ClassVar[str] = "prize"

    def effect(self) -> tuple[Transfer, ...]:
        return (Transfer(pool_account(self.pool), self.player, self.amount, "prize"),)


Entry: TypeAlias = (
    RoundEntry
    | PaymentEntry
    | CorrectionEntry
    | AmendmentEntry
    | RenameEntry
    | BuyInEntry
    | PrizeEntry
)


# -- the one count of rounds (docs/choices.md) ------------------------------------------------


def between_rounds(entry: Entry | Mapping[str, Any]) -> bool:
    """A settlement between rounds (a Bingo cash-out, a paying pass): a round entry without
    stakes, which is money between rounds and never a round dealt, played or counted."""
    if isinstance(entry, Mapping):
        return entry.get("kind") == "round" and entry.get("stakes") == {}
    return isinstance(entry, RoundEntry) and entry.stakes == {}


def numbered(
    entries: Iterable[Mapping[str, Any]],
) -> Iterator[tuple[Mapping[str, Any], int | None]]:
    """Each entry (in seq order, of any nights) with its round's number as the table counts it:
    the rounds of its night up to it, so a settlement between rounds carries the number of the
    round before it; None for an entry of another kind. The stored `round` is the settlement's
    place in the night, which a settlement between rounds takes too."""
    counts: dict[int, int] = {}
    for e in entries:
        number = None
        if e.get("kind") == "round":
            number = counts.get(e["night"], 0) + (not between_rounds(e))
            counts[e["night"]] = number
        yield e, number


def rounds_by_number(entries: Iterable[Mapping[str, Any]]) -> dict[int, Mapping[str, Any]]:
    """A night's rounds by their number as the table counts them (`round 4` of `ledger --round`
    and `amend`), the settlements between rounds left out."""
    return {n: e for e, n in numbered(entries) if n is not None and not between_rounds(e)}


def round_title(number: int, between: bool) -> str:
    """`round 4`; a settlement between rounds is no round: `after round 3`."""
    if not between:
        return f"round {number}"
    return f"after round {number}" if number else "before round 1"


# -- the one validator of each stored form, and decoding ---------------------------------------


class Why(Enum):
    """Why a stored field is not what its entry's form holds there (a `Fault`)."""

    MISSING = "missing"
    TYPE = "of the wrong type"
    BLANK = "blank, where a name, a reason or a hand kind is wanted"
    NOT_POSITIVE = "not above zero"
    TOO_LARGE = "too large"
    STRANGER = "not a known person"
    POOL = "a prize pool's name where a person's is wanted, or the reverse"
    SELF = "the same name at both ends"
    NULL = "null, where an object is stored or nothing at all"
    REFERENCE = "a preset snapshot's id, where the snapshot itself is wanted"
    UNKNOWN = "not a field of the entry's form"
    NOT_TRANSFER = "not a transfer of money"


class Fault(NamedTuple):
    """One thing wrong with a stored entry: at `path` (its key, then the number of a transfer or
    a name within it) the entry holds `value` (None when missing), which is wrong for `why`;
    `problem` says so in the codec's words (`FieldError`).

    The readers of a stored entry each judge the faults that concern them: `decode` those that
    keep it from being a typed entry (`DECODE_FAULTS`), `banluck.storage.schema` those marked
    `refuse` (a night file holding one is refused when read) and `ledger.entry_problems` those
    with a `role` (how its messages name the field), each in its own words by `form` (what the
    field holds: "name", "amount", "transfers", ...)."""

    seq: object
    path: tuple[str | int, ...]
    value: object
    why: Why
    problem: str
    form: str
    role: str | None = None
    refuse: bool = False

    @property
    def field(self) -> str:
        """The path as `FieldError` names it: `transfers[1].amount`, `stakes.Bob`."""
        head, *rest = self.path
        return str(head) + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in rest)


DECODE_FAULTS = frozenset((Why.MISSING, Why.TYPE, Why.UNKNOWN, Why.NOT_TRANSFER))
"""The faults that keep a stored entry from being read as a typed entry (`decode`)."""

_MISSING: Any = object()


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _path(key: str | tuple[str | int, ...]) -> tuple[str | int, ...]:
    return key if isinstance(key, tuple) else (key,)


class _Reader:
    """Reads one stored entry by its form: each accessor returns the field's value (a stand-in
    when it is wrong) and notes each `Fault` it finds, so that one reading finds them all."""

    def __init__(self, data: Mapping[str, Any], people: Collection[str] | None) -> None:
        self.data = data
        self.people = people
        self.seq: object = data.get("seq", "?")
        self.used: set[str] = {"kind"}
        self.faults: list[Fault] = []

    def fault(
        self,
        path: tuple[str | int, ...],
        value: object,
        why: Why,
        problem: str,
        form: str,
        role: str | None = None,
        refuse: bool = False,
    ) -> None:
        shown = None if value is _MISSING else value
        self.faults.append(Fault(self.seq, path, shown, why, problem, form, role, refuse))

    def get(self, key: str) -> Any:
        self.used.add(key)
        return self.data.get(key, _MISSING)

    def at(self, path: tuple[str | int, ...]) -> Any:
        """The value at `path`: a key, then the number of a transfer (from 1) and its key."""
        value: Any = self.get(str(path[0]))
        for step in path[1:]:
            value = value[step - 1] if isinstance(step, int) else value.get(step, _MISSING)
        return value

    def typed(
        self,
        path: tuple[str | int, ...],
        value: object,
        ok: bool,
        what: str,
        form: str,
        role: str | None,
        refuse: bool,
    ) -> bool:
        """Whether `value` is there and `ok`; notes the fault when not."""
        if value is _MISSING:
            self.fault(path, value, Why.MISSING, "is missing", form, role, refuse)
        elif not ok:
            self.fault(path, value, Why.TYPE, f"is {value!r}, expected {what}", form, role, refuse)
        return value is not _MISSING and ok

    def whole(
        self,
        key: str | tuple[str | int, ...],
        role: str | None = None,
        form: str = "whole",
        refuse: bool = True,
        top: int | None = None,
    ) -> int:
        """A whole number; above zero (and at most `top`) for a `count` or an `amount`."""
        path = _path(key)
        value = self.at(path)
        if not self.typed(path, value, _is_int(value), "a whole number", form, role, refuse):
            return 0
        if form != "whole" and value <= 0:
            problem = f"is {value!r}, expected a positive whole number"
            self.fault(path, value, Why.NOT_POSITIVE, problem, form, role)
        elif top is not None and value > top:
            problem = f"is {value!r}, too large: give a whole number from 1 to {top:,}"
            self.fault(path, value, Why.TOO_LARGE, problem, form, role)
        return value  # type: ignore[no-any-return]

    def text(
        self,
        key: str | tuple[str | int, ...],
        role: str | None = None,
        form: str = "text",
        refuse: bool = True,
        default: str | None = None,
    ) -> str:
        """Text; not blank for a `reason`; `default` when it may be absent and is."""
        path = _path(key)
        value = self.at(path)
        if value is _MISSING and default is not None:
            return default
        if not self.typed(path, value, isinstance(value, str), "text", form, role, refuse):
            return ""
        if form == "reason" and not value.strip():
            self.fault(path, value, Why.BLANK, "is blank", form, role)
        return value  # type: ignore[no-any-return]

    def name(
        self,
        key: str | tuple[str | int, ...],
        role: str,
        what: str = "text",
        refuse: bool = True,
        people: bool = True,
        value: object = _MISSING,
    ) -> str:
        """A person's name (at `path`, or `value`, a key of a map): text, not blank, one of the
        people when they are given."""
        path = _path(key)
        value = self.at(path) if value is _MISSING else value
        if not self.typed(path, value, isinstance(value, str), what, "name", role, refuse):
            return ""
        assert isinstance(value, str)
        if not value.strip():
            self.fault(path, value, Why.BLANK, "is blank", "name", role)
        elif people and self.people is not None and value not in self.people:
            self.fault(path, value, Why.STRANGER, "is not a known person", "name", role)
        return value

    def ends(self, roles: tuple[str, str], people: bool = True) -> tuple[str, str]:
        """The names in `from` and `to`."""
        payer = self.name(("from",), roles[0], people=people)
        return payer, self.name(("to",), roles[1], people=people)

    def lines(self, key: str, refuse: bool = True) -> tuple[str, ...]:
        value = self.get(key)
        what = "a list of text"
        if not self.typed((key,), value, isinstance(value, list), what, "lines", key, refuse):
            return ()
        if not all(isinstance(line, str) for line in value):
            self.fault((key,), value, Why.TYPE, "is not a list of text", "lines", key, refuse)
            return ()
        return tuple(value)

    def hands(self, key: str, one_by_one: bool = True, refuse: bool = True) -> Mapping[str, str]:
        """`{name: hand kind}`: a round's names and hands one by one, an amendment's as a whole."""
        value = self.get(key)
        what = "{name: hand kind}"
        if not self.typed((key,), value, isinstance(value, dict), what, "hands", key, refuse):
            return _EMPTY
        if not one_by_one:
            if not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
                self.fault((key,), value, Why.TYPE, f"is {value!r}, expected {what}", "hands", key)
            elif not all(value.values()):
                self.fault((key,), value, Why.BLANK, "has a blank hand kind", "hands", key)
            return MappingProxyType(value)
        for name, hand in value.items():
            if not isinstance(name, str):
                problem = f"has key {name!r}, expected a name"
                self.fault((key,), name, Why.TYPE, problem, "name", "hand of", refuse)
                continue
            self.name((key, name), "hand of", refuse=False, value=name)
            path, role = (key, name), f"hand of {name}"
            ok = self.typed(path, hand, isinstance(hand, str), "hand kind", "hand", role, refuse)
            if ok and not hand:
                self.fault(path, hand, Why.BLANK, "is blank", "hand", role)
        return MappingProxyType(value)

    def transfers(
        self, key: str, role: str = "transfer", refuse: bool = True
    ) -> tuple[Transfer, ...]:
        value = self.get(key)
        what = "a list of transfers"
        if not self.typed((key,), value, isinstance(value, list), what, "transfers", key, refuse):
            return ()
        out: list[Transfer] = []
        for i, t in enumerate(value, 1):
            where = f"{role} {i}"
            if not self.typed(
                (key, i), t, isinstance(t, dict), "an object", "transfer", where, refuse
            ):
                continue
            before = len(self.faults)
            unknown = sorted(set(t) - {"from", "to", "amount", "reason"})
            if unknown:
                self.fault((key, i), t, Why.UNKNOWN, f"has unknown keys {unknown}", "transfer")
            payer = self.name((key, i, "from"), f"{where} from", "a name", refuse)
            payee = self.name((key, i, "to"), f"{where} to", "a name", refuse)
            amount = self.whole(
                (key, i, "amount"), f"{where} amount", "amount", False, MAX_TRANSFER
            )
            if isinstance(t.get("from"), str) and t.get("from") == t.get("to"):
                problem = "is from a person to themself"
                self.fault((key, i), payer, Why.SELF, problem, "transfer", where)
            reason = self.text((key, i, "reason"), f"{where} reason", refuse=refuse, default="")
            if any(f.why in DECODE_FAULTS for f in self.faults[before:]):
                continue
            try:
                out.append(Transfer(payer, payee, amount, reason))
            except BanluckError as exc:
                problem = f"is not a transfer: {exc}"
                self.fault((key, i), t, Why.NOT_TRANSFER, problem, "transfer")
        return tuple(out)

    def head(self) -> dict[str, Any]:
        """The fields every entry has: `seq`, `night`, `at`, and the stored keys' `layout`."""
        head = {"seq": self.whole("seq"), "night": self.whole("night"), "at": self.text("at")}
        return {**head, "layout": tuple(self.data)}

    def optional(self, key: str, kind: type, what: str, form: str) -> Any:
        """A field that may be absent (None), or null for `ended`; stored, it is of `kind`."""
        value = self.get(key)
        if value is _MISSING or (value is None and key == "ended"):
            return None
        if value is None:  # the codec reads it as absent; a night file holding it is refused
            self.fault((key,), value, Why.NULL, f"is null, expected {what}", form, None, True)
            return None
        self.typed((key,), value, isinstance(value, kind), what, form, None, key != "ended")
        return value if isinstance(value, kind) else None


def _round(r: _Reader) -> RoundEntry:
    head = r.head()
    transfers = r.transfers("transfers")
    number = r.whole("round", "round number", "count")
    dealer = r.name("dealer", "dealer")
    log = r.lines("log")
    hands = r.hands("hands")
    preset = r.get("preset")
    if isinstance(preset, dict):
        preset = MappingProxyType(preset)
    elif _is_int(preset):
        r.fault(("preset",), preset, Why.REFERENCE, "is the id of a snapshot", "preset", "")
    else:
        ok = r.typed(("preset",), preset, False, "a preset snapshot or its id", "preset", "", False)
        preset = 0 if not ok else preset
    stakes = r.optional("stakes", dict, "{name: stake}", "stakes")
    for name, stake in (stakes or {}).items():
        path = ("stakes", name)
        if r.typed(path, stake, _is_int(stake), "stake", "stakes", None, True) and stake <= 0:
            r.fault(path, stake, Why.NOT_POSITIVE, "is not above 0", "stakes", None, True)
    ended = r.optional("ended", str, "text or null", "text")
    table_before = r.optional("table_before", dict, "an object", "object")
    extra = {key: value for key, value in r.data.items() if key not in r.used}
    return RoundEntry(
        **head,
        round=number,
        dealer=dealer,
        preset=preset,
        log=log,
        transfers=transfers,
        hands=hands,
        stakes=None if stakes is None else MappingProxyType(stakes),
        ended=ended,
        table_before=None if table_before is None else MappingProxyType(table_before),
        extra=MappingProxyType(extra),
    )


def _payment(r: _Reader) -> PaymentEntry:
    head = r.head()
    payer, payee = r.ends(("payer", "payee"))
    if isinstance(r.data.get("from"), str) and r.data.get("from") == r.data.get("to"):
        r.fault(("from",), payer, Why.SELF, "is the payee as well", "payment", "")
    amount = r.whole("amount", "amount", "amount", False, MAX_AMOUNT)
    note = r.text("note", "note", refuse=False, default="")
    return PaymentEntry(**head, payer=payer, payee=payee, amount=amount, note=note)


def _correction(r: _Reader) -> CorrectionEntry | AmendmentEntry:
    head = r.head()
    if "amends" in r.data:
        return _amendment(r, head)
    transfers = r.transfers("transfers")
    reverses, reason = r.whole("reverses", "reverses"), r.text("reason", "reason", "reason")
    kind = r.optional("reversed_kind", str, "text", "text")
    return CorrectionEntry(
        **head,
        reverses=reverses,
        reason=reason,
        transfers=transfers,
        reversed_kind=kind if "reversed_kind" in r.data else _kind_before_stored(transfers),
    )


def _amendment(r: _Reader, head: dict[str, Any]) -> AmendmentEntry:
    transfers = r.transfers("transfers")
    outcome = r.transfers("outcome", "outcome transfer")
    amends, number, night = (
        r.whole(key, key, "count") for key in ("amends", "round", "round_night")
    )
    return AmendmentEntry(
        **head,
        amends=amends,
        round=number,
        round_night=night,
        reason=r.text("reason", "reason", "reason", refuse=False),
        dealer=r.name("dealer", "dealer"),
        log=r.lines("log", refuse=False),
        hands=r.hands("hands", one_by_one=False),
        hands_before=r.hands("hands_before", one_by_one=False, refuse=False),
        outcome=outcome,
        transfers=transfers,
    )


def _rename(r: _Reader) -> RenameEntry:
    head = r.head()
    before = len(r.faults)
    old, new = r.ends(("old name", "new name"), people=False)
    if len(r.faults) == before and old == new:
        r.fault(("from",), old, Why.SELF, "is the new name as well", "rename", "")
    return RenameEntry(**head, old=old, new=new)


def _pooled(r: _Reader) -> BuyInEntry | PrizeEntry:
    head = r.head()
    player = r.name("player", "player")
    raw = r.data.get("player")
    pool = r.get("pool")
    if r.typed(("pool",), pool, isinstance(pool, str), "text", "pool", "pool", True) and (
        not pool.strip() or pool.startswith(POOL_PREFIX)
    ):
        r.fault(("pool",), pool, Why.POOL, "is not the name of a prize pool", "pool", "pool")
    if isinstance(raw, str) and raw.startswith(POOL_PREFIX):
        r.fault(("player",), raw, Why.POOL, "is a pool, not a person", "name", "player")
    kind = r.data["kind"]
    top = MAX_TRANSFER if kind == "prize" else MAX_AMOUNT
    made = BuyInEntry if kind == "buy-in" else PrizeEntry
    return made(
        **head,
        player=player,
        pool=pool if isinstance(pool, str) else "",
        amount=r.whole("amount", "amount", "amount", False, top),
        note=r.text("note", "note", refuse=False, default=""),
    )


READERS: Mapping[str, Callable[[_Reader], Entry]] = MappingProxyType(
    {
        "round": _round,
        "payment": _payment,
        "correction": _correction,
        "rename": _rename,
        "buy-in": _pooled,
        "prize": _pooled,
    }
)
"""The one reader of each stored form, by `kind`: it makes the typed entry and notes every fault."""


def read(
    data: Mapping[str, Any], people: Collection[str] | None = None
) -> tuple[Entry | None, list[Fault]]:
    """A stored entry read by its form: the typed entry (None when its kind is unknown) and
    every `Fault` of it, in the order of its form. With `people`, every name must be one of them.

    Judges one entry alone: the people who may appear and cross-entry rules are `ledger.check`'s.
    """
    reader = _Reader(data, people)
    kind = reader.get("kind")
    found = READERS.get(kind) if isinstance(kind, str) else None
    if found is None:
        shown = _MISSING if "kind" not in data else kind
        expected = f"one of {', '.join(READERS)}"
        reader.typed(("kind",), shown, False, expected, "kind", None, True)
        return None, reader.faults
    if any(not isinstance(key, str) for key in data):
        reader.fault(("entry",), data, Why.TYPE, "has a key that is not text", "entry")
    entry = found(reader)
    if kind != "round":
        for key in data:
            if key not in reader.used:
                problem = f"is not a field of a {kind} entry"
                reader.fault((key,), data[key], Why.UNKNOWN, problem, "entry")
    return entry, reader.faults


def decode(data: Mapping[str, Any]) -> Entry:
    """The typed entry of a stored one; FieldError (a LedgerError) names the first field, and the
    seq, that keeps it from being one (`DECODE_FAULTS`)."""
    if not isinstance(data, Mapping):
        raise FieldError("?", "entry", f"is {type(data).__name__}, expected an object")
    entry, faults = read(data)
    for fault in faults:
        if fault.why in DECODE_FAULTS:
            raise FieldError(fault.seq, fault.field, fault.problem)
    assert entry is not None
    return entry


def _unchecked(payer: Any, payee: Any, amount: Any, reason: Any = "") -> Transfer:
    """A Transfer as stored, its values unchecked (see `read_loosely`)."""
    transfer = object.__new__(Transfer)
    for name, value in (("payer", payer), ("payee", payee), ("amount", amount)):
        object.__setattr__(transfer, name, value)
    object.__setattr__(transfer, "reason", reason)
    return transfer


def _opt(data: Mapping[str, Any], key: str) -> Any:
    """A field that may be missing, unchecked (see `read_loosely`)."""
    return data.get(key)


def read_loosely(data: Mapping[str, Any]) -> Entry:
    """An entry that `decode` refuses, read as far as totals need it, its values unchecked.

    Balances and summaries of a hand-edited file whose values still add up (an amount of 2.5, a
    stranger's name) are computed as they always were, and `ledger.check` reports what is wrong.
    Raises KeyError, TypeError or AttributeError when even that is not possible.
    """
    kind = data["kind"]
    seq, night, at = _opt(data, "seq"), _opt(data, "night"), _opt(data, "at")
    if kind == "payment":
        return PaymentEntry(seq, night, at, data["from"], data["to"], data["amount"])
    if kind == "buy-in":
        return BuyInEntry(seq, night, at, data["player"], data["pool"], data["amount"])
    if kind == "rename":
        return RenameEntry(seq, night, at, data["from"], data["to"])
    if kind == "prize":
        return PrizeEntry(seq, night, at, data["player"], data["pool"], data["amount"])
    moved = tuple(
        _unchecked(t["from"], t["to"], t["amount"], t.get("reason", "")) for t in data["transfers"]
    )
    if kind != "round":  # a correction, or a kind only `check` can name
        reverses, reason = _opt(data, "reverses"), _opt(data, "reason")
        kind = data["reversed_kind"] if "reversed_kind" in data else _kind_before_stored(moved)
        return CorrectionEntry(seq, night, at, reverses, reason, moved, kind)
    hands = data["hands"]
    return RoundEntry(
        seq, night, at, _opt(data, "round"), data["dealer"], _opt(data, "preset"), (), moved, hands
    )


# -- encoding --------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """A JSON-able copy: mappings become dicts and tuples lists, recursively."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value.as_dict() if isinstance(value, Transfer) else value


_STORED_AS = {"payer": "from", "payee": "to", "old": "from", "new": "to"}
"""The stored keys of the fields whose names differ from them."""
_NOT_STORED = ("seq", "layout", "extra")
_OPTIONAL = ("stakes", "table_before", "reversed_kind")  # stored where not None


def _fields(entry: Entry) -> dict[str, Any]:
    """Every stored field of `entry`, in the usual order: a round's `extra` keys last."""
    out: dict[str, Any] = {"seq": entry.seq, "kind": entry.kind}
    for spec in dataclass_fields(entry):
        value = getattr(entry, spec.name)
        # a round's optional keys: with a layout, only those that were stored come out (`encode`)
        optional = spec.name in _OPTIONAL and value is None and not entry.layout
        if spec.name not in _NOT_STORED and not optional:
            out[_STORED_AS.get(spec.name, spec.name)] = _plain(value)
    if isinstance(entry, RoundEntry):
        out.update(_plain(entry.extra))
    return out


def encode(entry: Entry) -> dict[str, Any]:
    """The stored form of `entry` (plain dicts and lists).

    A decoded entry comes out with exactly the keys it was read with, in their order (`layout`);
    a new one with every field in the usual order.
    """
    fields = _fields(entry)
    if not entry.layout:
        return fields
    return {key: fields[key] for key in entry.layout}
