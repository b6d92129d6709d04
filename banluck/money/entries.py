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
- `correction` (`CorrectionEntry`): `reverses` (the seq it cancels), `reason`, and `transfers`
  that exactly reverse that entry's effect (a round's effect as its amendments left it).
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

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, TypeAlias

from banluck.core.errors import BanluckError
from banluck.core.money import Transfer, nets

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

    @property
    def phrase(self) -> str:
        """The problem without the seq: `field 'amount' is missing`."""
        return f"field {self.field!r} {self.problem}"


PAYMENT_REASON = "payment"
"""The reason of a payment's transfer of balance (`PaymentEntry.effect`)."""


def reversal_reason(reason: str) -> str:
    """The reason of a correction's transfer that reverses a transfer given for `reason`."""
    return f"reverses: {reason}"


def reversed_kind(transfers: tuple[Transfer, ...]) -> str | None:
    """The kind of entry a stored correction's `transfers` reverse, as far as they tell it:
    "payment" when each reverses a payment's transfer, else None."""
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


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """A round played: its transfers, hands and log (see the module docstring for each field)."""

    kind: ClassVar[str] = "round"
    seq: int
    night: int
    at: str
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
    # The stored keys in their stored order; () means every field in the usual order.
    layout: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def effect(self) -> tuple[Transfer, ...]:
        return self.transfers

    def nets(self) -> dict[str, int]:
        return nets(self.effect())


@dataclass(frozen=True, slots=True)
class PaymentEntry:
    """Cash `amount` handed by `payer` to `payee` (stored as `from` and `to`)."""

    kind: ClassVar[str] = "payment"
    seq: int
    night: int
    at: str
    payer: str
    payee: str
    amount: int
    note: str = ""
    layout: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def effect(self) -> tuple[Transfer, ...]:
        return (Transfer(self.payee, self.payer, self.amount, PAYMENT_REASON),)

    def nets(self) -> dict[str, int]:
        return nets(self.effect())


@dataclass(frozen=True, slots=True)
class CorrectionEntry:
    """The reversal of entry `reverses`, for `reason`: its transfers undo that entry's effect.

    `reversed_kind` is the kind of the entry reversed, where the correction tells it: "payment"
    for the reversal of a payment (not stored as a field: a stored correction's transfers each
    carry the reason of the transfer they reverse, `reversal_reason`), else None."""

    kind: ClassVar[str] = "correction"
    seq: int
    night: int
    at: str
    reverses: int
    reason: str
    transfers: tuple[Transfer, ...]
    layout: tuple[str, ...] = field(default=(), compare=False, repr=False)
    reversed_kind: str | None = None

    def effect(self) -> tuple[Transfer, ...]:
        return self.transfers

    def nets(self) -> dict[str, int]:
        return nets(self.effect())


class _Moves:
    """`nets()` from `effect()`, for the entry types added with data schema 3."""

    __slots__ = ()

    def effect(self) -> tuple[Transfer, ...]:
        raise NotImplementedError

    def nets(self) -> dict[str, int]:
        return nets(self.effect())


@dataclass(frozen=True, slots=True)
class AmendmentEntry(_Moves):
    """A round's lines corrected: `transfers` take it from what it stood at to `outcome`."""

    kind: ClassVar[str] = "correction"
    seq: int
    night: int
    at: str
    amends: int  # the round's seq
    round: int
    round_night: int
    dealer: str
    reason: str
    log: tuple[str, ...]
    hands: Mapping[str, str]
    hands_before: Mapping[str, str]
    outcome: tuple[Transfer, ...]
    transfers: tuple[Transfer, ...]
    layout: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def effect(self) -> tuple[Transfer, ...]:
        return self.transfers


@dataclass(frozen=True, slots=True)
class RenameEntry(_Moves):
    """A person's name changed from `old` to `new` (stored as `from` and `to`); no money moves."""

    kind: ClassVar[str] = "rename"
    seq: int
    night: int
    at: str
    old: str
    new: str
    layout: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def effect(self) -> tuple[Transfer, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class BuyInEntry:
    """A tournament buy-in: `player` pays `amount` into the prize pool `pool` (a pool name,
    whose account is `pool_account(pool)`)."""

    kind: ClassVar[str] = "buy-in"
    seq: int
    night: int
    at: str
    player: str
    pool: str
    amount: int
    note: str = ""
    layout: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def effect(self) -> tuple[Transfer, ...]:
        return (Transfer(self.player, pool_account(self.pool), self.amount, "buy-in"),)

    def nets(self) -> dict[str, int]:
        return nets(self.effect())


@dataclass(frozen=True, slots=True)
class PrizeEntry:
    """A tournament prize: `amount` paid out of the prize pool `pool` to `player`."""

    kind: ClassVar[str] = "prize"
    seq: int
    night: int
    at: str
    player: str
    pool: str
    amount: int
    note: str = ""
    layout: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def effect(self) -> tuple[Transfer, ...]:
        return (Transfer(pool_account(self.pool), self.player, self.amount, "prize"),)

    def nets(self) -> dict[str, int]:
        return nets(self.effect())


Entry: TypeAlias = (
    RoundEntry
    | PaymentEntry
    | CorrectionEntry
    | AmendmentEntry
    | RenameEntry
    | BuyInEntry
    | PrizeEntry
)


def nets_of(entry: Entry) -> dict[str, int]:
    """Each party's change of balance from one entry (parties it does not touch are absent)."""
    return entry.nets()


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


# -- decoding --------------------------------------------------------------------------------


class _Reader:
    """Typed access to one stored entry's fields; every failure is a FieldError."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.seq: object = data.get("seq", "?")
        self.used: set[str] = {"kind"}

    def fail(self, name: str, problem: str) -> FieldError:
        return FieldError(self.seq, name, problem)

    def get(self, name: str) -> object:
        self.used.add(name)
        if name not in self.data:
            raise self.fail(name, "is missing")
        return self.data[name]

    def typed(self, name: str, kind: type, what: str, value: object) -> Any:
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise self.fail(name, f"is {value!r}, expected {what}")
        return value

    def whole(self, name: str) -> int:
        value: int = self.typed(name, int, "a whole number", self.get(name))
        return value

    def text(self, name: str) -> str:
        value: str = self.typed(name, str, "text", self.get(name))
        return value

    def optional_str(self, name: str, default: str = "") -> str:
        if name not in self.data:
            self.used.add(name)
            return default
        return self.text(name)

    def lines(self, name: str) -> tuple[str, ...]:
        value = self.typed(name, list, "a list of text", self.get(name))
        if not all(isinstance(line, str) for line in value):
            raise self.fail(name, "is not a list of text")
        return tuple(value)

    def names_to(self, name: str, kind: type, what: str, value: object) -> Mapping[str, Any]:
        found: dict[str, Any] = self.typed(name, dict, f"{{name: {what}}}", value)
        for key, item in found.items():
            if not isinstance(key, str):
                raise self.fail(name, f"has key {key!r}, expected a name")
            self.typed(f"{name}.{key}", kind, what, item)
        return MappingProxyType(found)

    def transfers(self, name: str) -> tuple[Transfer, ...]:
        value = self.typed(name, list, "a list of transfers", self.get(name))
        out: list[Transfer] = []
        for i, t in enumerate(value, 1):
            where = f"{name}[{i}]"
            if not isinstance(t, dict):
                raise self.fail(where, f"is {t!r}, expected an object")
            unknown = sorted(set(t) - {"from", "to", "amount", "reason"})
            if unknown:
                raise self.fail(where, f"has unknown keys {unknown}")
            for key in ("from", "to", "amount"):
                if key not in t:
                    raise self.fail(f"{where}.{key}", "is missing")
            payer = self.typed(f"{where}.from", str, "a name", t["from"])
            payee = self.typed(f"{where}.to", str, "a name", t["to"])
            amount = self.typed(f"{where}.amount", int, "a whole number", t["amount"])
            reason = self.typed(f"{where}.reason", str, "text", t.get("reason", ""))
            try:
                out.append(Transfer(payer, payee, amount, reason))
            except BanluckError as exc:
                raise self.fail(where, f"is not a transfer: {exc}") from None
        return tuple(out)

    def layout(self) -> tuple[str, ...]:
        return tuple(self.data)


def _round(r: _Reader) -> RoundEntry:
    data = r.data
    preset = r.get("preset")
    if not isinstance(preset, dict):
        preset = r.typed("preset", int, "a preset snapshot or its id", preset)
    stakes, ended, table_before = (data.get(k) for k in ("stakes", "ended", "table_before"))
    r.used.update(("stakes", "ended", "table_before"))
    fields: dict[str, Any] = {
        "seq": r.whole("seq"),
        "night": r.whole("night"),
        "at": r.text("at"),
        "round": r.whole("round"),
        "dealer": r.text("dealer"),
        "preset": MappingProxyType(preset) if isinstance(preset, dict) else preset,
        "log": r.lines("log"),
        "transfers": r.transfers("transfers"),
        "hands": r.names_to("hands", str, "hand kind", r.get("hands")),
        "stakes": None if stakes is None else r.names_to("stakes", int, "stake", stakes),
        "ended": None if ended is None else r.typed("ended", str, "text or null", ended),
        "table_before": None
        if table_before is None
        else MappingProxyType(r.typed("table_before", dict, "an object", table_before)),
    }
    extra = {key: value for key, value in data.items() if key not in r.used}
    return RoundEntry(**fields, extra=MappingProxyType(extra), layout=r.layout())


def _payment(r: _Reader) -> PaymentEntry:
    return PaymentEntry(
        seq=r.whole("seq"),
        night=r.whole("night"),
        at=r.text("at"),
        payer=r.text("from"),
        payee=r.text("to"),
        amount=r.whole("amount"),
        note=r.optional_str("note"),
        layout=r.layout(),
    )


def _correction(r: _Reader) -> CorrectionEntry | AmendmentEntry:
    if "amends" in r.data:
        return _amendment(r)
    transfers = r.transfers("transfers")
    return CorrectionEntry(
        seq=r.whole("seq"),
        night=r.whole("night"),
        at=r.text("at"),
        reverses=r.whole("reverses"),
        reason=r.text("reason"),
        transfers=transfers,
        layout=r.layout(),
        reversed_kind=reversed_kind(transfers),
    )


def _head(r: _Reader) -> dict[str, Any]:
    """The fields every entry has: `seq`, `night`, `at`."""
    return {"seq": r.whole("seq"), "night": r.whole("night"), "at": r.text("at")}


def _amendment(r: _Reader) -> AmendmentEntry:
    return AmendmentEntry(
        **_head(r),
        amends=r.whole("amends"),
        reason=r.text("reason"),
        round=r.whole("round"),
        round_night=r.whole("round_night"),
        dealer=r.text("dealer"),
        log=r.lines("log"),
        hands=r.names_to("hands", str, "hand kind", r.get("hands")),
        hands_before=r.names_to("hands_before", str, "hand kind", r.get("hands_before")),
        outcome=r.transfers("outcome"),
        transfers=r.transfers("transfers"),
        layout=r.layout(),
    )


def _rename(r: _Reader) -> RenameEntry:
    return RenameEntry(**_head(r), old=r.text("from"), new=r.text("to"), layout=r.layout())


def _pool_fields(r: _Reader) -> dict[str, Any]:
    return {
        "seq": r.whole("seq"),
        "night": r.whole("night"),
        "at": r.text("at"),
        "player": r.text("player"),
        "pool": r.text("pool"),
        "amount": r.whole("amount"),
        "note": r.optional_str("note"),
        "layout": r.layout(),
    }


def _buy_in(r: _Reader) -> BuyInEntry:
    return BuyInEntry(**_pool_fields(r))


def _prize(r: _Reader) -> PrizeEntry:
    return PrizeEntry(**_pool_fields(r))


DECODERS: Mapping[str, Callable[[_Reader], Entry]] = MappingProxyType(
    {
        "round": _round,
        "payment": _payment,
        "correction": _correction,
        "rename": _rename,
        "buy-in": _buy_in,
        "prize": _prize,
    }
)


def decode(data: Mapping[str, Any]) -> Entry:
    """The typed entry of a stored one; FieldError (a LedgerError) names the bad field and seq.

    Checks types only: names, the people who may appear and cross-entry rules are `ledger.check`'s.
    """
    if not isinstance(data, Mapping):
        raise FieldError("?", "entry", f"is {type(data).__name__}, expected an object")
    reader = _Reader(data)
    kind = reader.get("kind")
    decoder = DECODERS.get(kind) if isinstance(kind, str) else None
    if decoder is None:
        raise reader.fail("kind", f"is {kind!r}, expected one of {', '.join(DECODERS)}")
    if isinstance(data, dict) and any(not isinstance(key, str) for key in data):
        raise reader.fail("entry", "has a key that is not text")
    entry = decoder(reader)
    unknown = [key for key in data if key not in reader.used] if entry.kind != "round" else []
    if unknown:
        raise reader.fail(unknown[0], f"is not a field of a {entry.kind} entry")
    return entry


def _unchecked(payer: Any, payee: Any, amount: Any, reason: Any = "") -> Transfer:
    """A Transfer as stored, its values unchecked (see `read_loosely`)."""
    transfer = object.__new__(Transfer)
    for name, value in (("payer", payer), ("payee", payee), ("amount", amount)):
        object.__setattr__(transfer, name, value)
    object.__setattr__(transfer, "reason", reason)
    return transfer


def _opt(data: Mapping[str, Any], key: str) -> Any:
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
        return CorrectionEntry(seq, night, at, reverses, reason, moved, (), reversed_kind(moved))
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
    return value


def _fields(entry: Entry) -> dict[str, Any]:
    head: dict[str, Any] = {"seq": entry.seq, "kind": entry.kind, "night": entry.night}
    head["at"] = entry.at
    if isinstance(entry, RoundEntry):
        body: dict[str, Any] = {
            "round": entry.round,
            "dealer": entry.dealer,
            "preset": _plain(entry.preset),
            "log": list(entry.log),
            "transfers": [t.as_dict() for t in entry.transfers],
            "hands": dict(entry.hands),
        }
        # Optional keys: with a layout, only those that were stored come out (see `encode`).
        if entry.stakes is not None or entry.layout:
            body["stakes"] = _plain(entry.stakes)
        body["ended"] = entry.ended
        if entry.table_before is not None or entry.layout:
            body["table_before"] = _plain(entry.table_before)
        body.update(_plain(entry.extra))
    elif isinstance(entry, PaymentEntry):
        body = {"from": entry.payer, "to": entry.payee, "amount": entry.amount}
        body["note"] = entry.note
    elif isinstance(entry, CorrectionEntry):
        body = {"reverses": entry.reverses, "reason": entry.reason}
        body["transfers"] = [t.as_dict() for t in entry.transfers]
    elif isinstance(entry, AmendmentEntry):
        body = {
            "amends": entry.amends,
            "reason": entry.reason,
            "round": entry.round,
            "round_night": entry.round_night,
            "dealer": entry.dealer,
            "log": list(entry.log),
            "hands": dict(entry.hands),
            "hands_before": dict(entry.hands_before),
            "outcome": [t.as_dict() for t in entry.outcome],
            "transfers": [t.as_dict() for t in entry.transfers],
        }
    elif isinstance(entry, RenameEntry):
        body = {"from": entry.old, "to": entry.new}
    else:
        body = {"player": entry.player, "pool": entry.pool, "amount": entry.amount}
        body["note"] = entry.note
    return {**head, **body}


def encode(entry: Entry) -> dict[str, Any]:
    """The stored form of `entry` (plain dicts and lists).

    A decoded entry comes out with exactly the keys it was read with, in their order (`layout`);
    a new one with every field in the usual order.
    """
    fields = _fields(entry)
    if not entry.layout:
        return fields
    return {key: fields[key] for key in entry.layout}
