"""Paying and settling up: what `banluck pay`, `banluck settle` and the console's `pay` and
`settle` share.

A payment is recorded between two people of the ledger (matched without regard to case). One
that looks like a slip, more than the payer owes or the last payment again within ten minutes,
is a `Doubt` unless it is `sure`. A settle-up is the fewest transfers that clear the balances of
a scope: every unpaid balance, one night, the nights dated in a range, or tonight's seats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from banluck.core.errors import BanluckError, Doubt

if TYPE_CHECKING:
    from banluck.app.session import Session
    from banluck.money.settleup import Plan
    from banluck.storage import Store

RECENT_MINUTES = 10
"""The same payment again within this many minutes is asked about: it may be typed twice."""


def person(store: Store, name: str) -> str:
    """A name of the ledger, matched without regard to case; BanluckError for a stranger."""
    known = {n.lower(): n for n in store.people()}
    if name.lower() not in known:
        people = ", ".join(sorted(known.values())) or "nobody yet"
        raise BanluckError(f"{name} never played here (people: {people}); check the spelling")
    return str(known[name.lower()])


def doubt_of(store: Store, payer: str, payee: str, amount: int) -> str | None:
    """Why a payment may be a slip: more than the payer owes, or the last payment again within
    ten minutes; None when it looks right."""
    from datetime import datetime, timedelta

    last = store.last_entry()
    if (
        last is not None
        and last.get("kind") == "payment"
        and (last.get("from"), last.get("to"), last.get("amount")) == (payer, payee, amount)
    ):
        try:
            when = datetime.fromisoformat(str(last.get("at")))
            recent = datetime.now(when.tzinfo) - when < timedelta(minutes=RECENT_MINUTES)
        except ValueError:
            recent = False
        if recent:
            return f"{payer} paid {payee} {amount} already (#{last.get('seq')}, just now)"
    owes = max(0, -store.balances().get(payer, 0))
    if amount > owes:
        return f"{payer} owes {owes}, less than {amount}"
    return None


def owing(name: str, balance: int) -> str:
    """Where one person stands: `Bob is owed 6`, `Carol owes 6`, `Mei is even`."""
    if balance > 0:
        return f"{name} is owed {balance}"
    if balance < 0:
        return f"{name} owes {-balance}"
    return f"{name} is even"


@dataclass(frozen=True, slots=True)
class Paid:
    """A payment recorded: its entry, and every balance after it."""

    entry: Mapping[str, Any]
    payer: str
    payee: str
    amount: int
    balances: Mapping[str, int]

    def sentence(self) -> str:
        """`#5: Carol paid Bob 4; now Carol owes 6, Bob is owed 6`."""
        after = self.balances
        return (
            f"#{self.entry['seq']}: {self.payer} paid {self.payee} {self.amount};"
            f" now {owing(self.payer, after.get(self.payer, 0))},"
            f" {owing(self.payee, after.get(self.payee, 0))}"
        )


def pay(
    store: Store, payer: str, payee: str, amount: int, note: str = "", sure: bool = False
) -> Paid:
    """Record a payment from `payer` to `payee` (names of the ledger, in any case). A payment
    that looks like a slip raises `Doubt` and records nothing, unless `sure`."""
    names = person(store, payer), person(store, payee)
    if names[0] == names[1]:
        raise BanluckError(f"{names[0]} cannot pay themself")
    # asked even when sure: the balances are read (and a damaged index refused) before writing
    doubt = doubt_of(store, names[0], names[1], amount)
    if doubt and not sure:
        raise Doubt(doubt)
    entry = store.add_payment(names[0], names[1], amount, note)
    return Paid(entry, names[0], names[1], amount, store.balances())


@dataclass(frozen=True, slots=True)
class SettleUp:
    """Who pays whom to clear a scope's balances: the scope's name (`all unpaid`, `night 3`,
    `2027-01-01 to now`, `tonight`), its balances and the plan of transfers."""

    scope: str
    balances: dict[str, int]
    plan: Plan
    via: str | None = None


def settle_up(
    store: Store,
    night: int | None = None,
    date_from: str | None = None,
    date_to: str | None = None,
    via: str | None = None,
) -> SettleUp:
    """The settle-up of one night, of the nights dated from `date_from` to `date_to`
    (YYYY-MM-DD, either open), or else of every unpaid balance; through one banker with `via`
    (any person of the ledger, even one who is even). The balances are summed from the nights'
    totals in the index."""
    if night is not None:
        owed = store.totals([night])["balance"]
        scope = f"night {night}"
    elif date_from or date_to:
        low, high = date_from or "0000-00-00", date_to or "9999-99-99"
        from banluck.money.stats import add_totals

        # one read of the nights' records: their dates and totals (people as named now)
        records = store.nights(totals=True)
        none: dict[str, Any] = {}  # only the balances are settled: the stats are not added up
        owed = add_totals(
            *(
                {"players": none, "result": none, "balance": r["totals"]["balance"]}
                for r in records
                if low <= r["date"] <= high
            )
        )["balance"]
        scope = f"{date_from or 'the start'} to {date_to or 'now'}"
    else:
        owed = store.balances()
        scope = "all unpaid"
    return _planned(store, scope, owed, via)


def settle_tonight(session: Session) -> SettleUp:
    """The settle-up of tonight's balances alone, every seat included."""
    return _planned(session.store, "tonight", session.balances(), None)


def _planned(store: Store, scope: str, owed: dict[str, int], via: str | None) -> SettleUp:
    from banluck.money.entries import POOL_PREFIX
    from banluck.money.settleup import plan, plan_via

    # a pool is no person: one that holds nothing is left out (one still holding buy-ins, from
    # an older banluck's tournament closed before its end, is settled like a party)
    owed = {n: v for n, v in owed.items() if v or not n.startswith(POOL_PREFIX)}
    if via is not None:
        via = person(store, via)
        owed.setdefault(via, 0)  # someone even (or not in this part of the ledger) can bank
    return SettleUp(scope, owed, plan_via(owed, via) if via else plan(owed), via)
