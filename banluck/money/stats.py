"""Per-player statistics and running balances, computed from ledger entries (never stored)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from banluck.core.money import nets
from banluck.money.entries import CorrectionEntry, Entry, RoundEntry
from banluck.money.ledger import as_entry, net_of

COUNTED_KINDS = ("ban-ban", "ban-luck", "triple-seven", "five-dragon", "five-card-21", "bust")


@dataclass(slots=True)
class PlayerStats:
    name: str
    rounds: int = 0  # rounds played or dealt
    net: int = 0  # the balance: results less payments (what is still owed, + to him)
    result: int = 0  # won (+) or lost (-) at the table: rounds and their corrections
    dealt: int = 0
    net_as_dealer: int = 0
    kinds: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTED_KINDS, 0))

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rounds": self.rounds,
            "net": self.net,
            "result": self.result,
            "unpaid": self.net,
            "dealt": self.dealt,
            "net_as_dealer": self.net_as_dealer,
            **{k.replace("-", "_"): v for k, v in self.kinds.items()},
        }


def entry_nets(entry: Entry | Mapping[str, Any]) -> dict[str, int]:
    """Each person's change of balance from one ledger entry (+ owed more): a round's or a
    correction's transfers, or a payment (which raises the payer's balance). It is
    `ledger.net_of`, that is `Entry.nets()`: the ledger's one net computation."""
    return net_of(entry)


def result_nets(entry: Entry | Mapping[str, Any]) -> dict[str, int]:
    """Each person's result from one entry: what was won or lost at the table. A round counts,
    and a correction of one; a payment (and its correction) moves debts, not results, and so do
    the tournament pool's buy-ins and prizes."""
    entry = as_entry(entry)
    if isinstance(entry, RoundEntry):
        return entry.nets()
    if isinstance(entry, CorrectionEntry):
        return nets([t for t in entry.transfers if t.reason != "reverses: payment"])
    return {}


def player_stats(entries: Iterable[Entry | Mapping[str, Any]]) -> list[PlayerStats]:
    """Statistics per person over ledger entries: `net` (and `unpaid`, the same) is the balance
    the entries add up to (payments and corrections included), `result` what was won or lost at
    the table (rounds and their corrections); the other figures count round entries only."""
    table: dict[str, PlayerStats] = {}

    def of(name: str) -> PlayerStats:
        if name not in table:
            table[name] = PlayerStats(name)
        return table[name]

    for stored in entries:
        entry = as_entry(stored)
        nets = entry.nets()
        if isinstance(entry, RoundEntry):
            dealer = entry.dealer
            d = of(dealer)
            d.net_as_dealer += nets.get(dealer, 0)
            if entry.stakes != {}:  # else a settlement between rounds (a Bingo cash-out)
                for name in {dealer, *(entry.stakes or {})}:
                    of(name).rounds += 1
                d.dealt += 1
            for name, kind in entry.hands.items():
                if kind in COUNTED_KINDS:
                    of(name).kinds[kind] += 1
        for name, amount in nets.items():
            of(name).net += amount
        for name, amount in result_nets(entry).items():
            of(name).result += amount
    return sorted(table.values(), key=lambda s: (-s.net, s.name))


def running_balances(entries: Iterable[Entry | Mapping[str, Any]]) -> dict[str, list[int]]:
    """Each person's balance after every entry (payments included, as in `banluck ledger`),
    from zero (people who join later start at 0)."""
    return _running(entries, entry_nets)


def running_results(entries: Iterable[Entry | Mapping[str, Any]]) -> dict[str, list[int]]:
    """Each person's result after every entry (rounds and their corrections; payments leave it
    as it was), from zero."""
    return _running(entries, result_nets)


def _running(
    entries: Iterable[Entry | Mapping[str, Any]],
    nets_of: Callable[[Entry | Mapping[str, Any]], Mapping[str, int]],
) -> dict[str, list[int]]:
    """Each person's running total of `nets_of(entry)` after every entry, from zero."""
    series: dict[str, list[int]] = {}
    current: dict[str, int] = {}
    for count, entry in enumerate(entries, start=1):
        for name, amount in nets_of(entry).items():
            if name not in series:
                series[name] = [0] * count
                current[name] = 0
            current[name] += amount
        for name in series:
            series[name].append(current[name])
    return series


def results(entries: Iterable[Entry | Mapping[str, Any]]) -> dict[str, int]:
    """Each person's result over `entries`, sorted by name (zeros kept for people in a round)."""
    out: dict[str, int] = {}
    for entry in entries:
        for name, amount in result_nets(entry).items():
            out[name] = out.get(name, 0) + amount
    return dict(sorted(out.items()))
