"""Per-player statistics and running balances, computed from ledger entries (never stored).

The hand kinds counted (`PlayerStats.kinds`) are the caller's: a game's (`Family.counted`), or
those the index's totals keep (`banluck.storage.schema.TOTALLED_KINDS`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from banluck.core.money import Transfer
from banluck.money.entries import (
    AmendmentEntry,
    BuyInEntry,
    CorrectionEntry,
    Entry,
    PrizeEntry,
    RoundEntry,
    between_rounds,
    numbered,
    people_only,
)
from banluck.money.ledger import as_entry, net_of

DEBT_KINDS = ("payment",)
"""The kinds of entry that move debts, not results: a correction of one moves none either
(a buy-in's or a prize's correction counts as a result, as it always has)."""


@dataclass(slots=True)
class PlayerStats:
    name: str
    rounds: int = 0  # rounds played or dealt
    net: int = 0  # the balance: results less payments (what is still owed, + to him)
    result: int = 0  # won (+) or lost (-) at the table: rounds and their corrections
    dealt: int = 0
    net_as_dealer: int = 0
    kinds: dict[str, int] = field(default_factory=dict)  # each counted hand kind, zeros kept

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


def result_nets(entry: Entry | Mapping[str, Any]) -> dict[str, int]:
    """Each person's result from one entry: what was won or lost at the table. A round counts,
    and a correction of one; a payment (and its correction) moves debts, not results, and so do
    the tournament pool's buy-ins and prizes."""
    entry = as_entry(entry)
    if isinstance(entry, RoundEntry | AmendmentEntry):
        return entry.nets()
    if isinstance(entry, CorrectionEntry):
        return {} if entry.reversed_kind in DEBT_KINDS else entry.nets()
    return {}


Tally = Callable[[Sequence[str], Sequence[Transfer]], Mapping[str, Mapping[str, int]]]
"""What a game counts in a round beyond its hand kinds (a casino's splits, doubles...): each
person's counts from the round's lines and transfers, the kinds among `counted`."""


def player_stats(
    entries: Iterable[Entry | Mapping[str, Any]],
    counted: Sequence[str],
    tally: Tally | None = None,
) -> list[PlayerStats]:
    """Statistics per person over ledger entries, counting the hand kinds `counted`: `net` (and `unpaid`, the same) is the balance
    the entries add up to (payments and corrections included), `result` what was won or lost at
    the table (rounds and their corrections). The other figures count rounds as their
    corrections left them: an amended round counts its hands and its dealer's net as amended,
    and a round reversed entirely (among `entries`) counts nowhere. `tally`, when given, adds the
    game's own counts of each round as its lines stand (an amendment among `entries` replaces
    its round's)."""
    table: dict[str, PlayerStats] = {}
    played: dict[int, tuple[str, frozenset[str], Mapping[str, str]]] = {}
    tallied: dict[int, Mapping[str, Mapping[str, int]]] = {}

    def of(name: str) -> PlayerStats:
        if name not in table:
            table[name] = PlayerStats(name, kinds=dict.fromkeys(counted, 0))
        return table[name]

    def count(dealer: str, seated: Iterable[str], hands: Mapping[str, str], sign: int) -> None:
        for name in seated:
            of(name).rounds += sign
        of(dealer).dealt += sign
        _kinds(hands, sign)

    def _kinds(hands: Mapping[str, str], sign: int) -> None:
        for name, kind in hands.items():
            if kind in counted:
                of(name).kinds[kind] += sign

    def _tally(seq: int, entry: RoundEntry | AmendmentEntry | None) -> None:
        """Count the round `seq`'s own kinds as `entry` has its lines (None: it counts no more)."""
        for name, counts in tallied.pop(seq, {}).items():
            for kind, n in counts.items():
                of(name).kinds[kind] -= n
        if tally is None or entry is None:
            return
        made = {
            name: {k: n for k, n in counts.items() if k in counted}
            for name, counts in tally(
                entry.log, entry.transfers if isinstance(entry, RoundEntry) else entry.outcome
            ).items()
        }
        for name, counts in made.items():
            for kind, n in counts.items():
                of(name).kinds[kind] += n
        tallied[seq] = made

    for stored in entries:
        entry = as_entry(stored)
        nets = entry.nets()
        if isinstance(entry, RoundEntry):
            of(entry.dealer).net_as_dealer += nets.get(entry.dealer, 0)
            if not between_rounds(entry):
                seated = frozenset({entry.dealer, *(entry.stakes or {})})
                played[entry.seq] = (entry.dealer, seated, entry.hands)
                count(entry.dealer, seated, entry.hands, 1)
                _tally(entry.seq, entry)
        elif isinstance(entry, AmendmentEntry):
            of(entry.dealer).net_as_dealer += nets.get(entry.dealer, 0)
            _kinds(entry.hands_before, -1)
            _kinds(entry.hands, 1)
            if entry.amends in played:
                dealer, seated, _ = played[entry.amends]
                played[entry.amends] = (dealer, seated, entry.hands)
                _tally(entry.amends, entry)
        elif isinstance(entry, CorrectionEntry) and entry.reverses in played:
            dealer, seated, hands = played.pop(entry.reverses)
            count(dealer, seated, hands, -1)
            _tally(entry.reverses, None)
            of(dealer).net_as_dealer += nets.get(dealer, 0)
        for name, amount in nets.items():
            of(name).net += amount
        for name, amount in result_nets(entry).items():
            of(name).result += amount
    return sorted(table.values(), key=lambda s: (-s.net, s.name))


def running_balances(entries: Iterable[Entry | Mapping[str, Any]]) -> dict[str, list[int]]:
    """Each person's balance after every entry (payments included, as in `banluck ledger`),
    from zero (people who join later start at 0)."""
    return _running(entries, net_of)  # `Entry.nets()`: the ledger's one net computation


def running_results(entries: Iterable[Entry | Mapping[str, Any]]) -> dict[str, list[int]]:
    """Each person's result after every entry (rounds and their corrections; payments leave it
    as it was), from zero."""
    return _running(entries, result_nets)


def results_by_round(
    entries: Iterable[Mapping[str, Any]],
) -> tuple[list[int], dict[str, list[int]]]:
    """Each person's result after every round of the entries (one night's, in seq order), by the
    rounds' numbers as the table counts them (`entries.numbered`): the numbers, and each
    person's series (from 0, a person who joins later at 0 until then). A round's step holds
    the round as its corrections left it (an amendment or a reversal moves the step of the
    round it corrects; of a round not among the entries, the step of the latest round), and a
    settlement between rounds moves the step of the round before it (round 0: before round 1);
    payments and renames take no step."""
    moved: dict[int, dict[str, int]] = {}  # each round's nets, by its number
    number_of: dict[int, int] = {}  # each round entry's number, by seq
    last = 0
    for stored, number in numbered(entries):
        entry = as_entry(stored)
        if number is not None:
            number_of[entry.seq] = last = number
            moved.setdefault(number, {})  # a round of pushes takes its step too
        elif isinstance(entry, AmendmentEntry):
            number = number_of.get(entry.amends, last)
        elif isinstance(entry, CorrectionEntry):
            number = number_of.get(entry.reverses, last)
        nets = result_nets(entry)
        if number is not None and nets:
            _add(moved.setdefault(number, {}), nets)
    rounds = sorted(moved)
    series: dict[str, list[int]] = {}
    current: dict[str, int] = {}
    for step, number in enumerate(rounds):
        for name, amount in moved[number].items():
            if name not in series:
                series[name] = [0] * step
                current[name] = 0
            current[name] += amount
        for name in series:
            series[name].append(current[name])
    return rounds, dict(sorted(series.items()))


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


def pool_results(entries: Iterable[Entry | Mapping[str, Any]]) -> dict[str, int]:
    """Each player's result from a tournament's buy-ins and prizes (the prizes less the buy-in),
    which `result_nets` leaves out (the index's totals count the table's play only); the pool's
    account is no person and is left out."""
    out: dict[str, int] = {}
    for stored in entries:
        entry = as_entry(stored)
        if isinstance(entry, BuyInEntry | PrizeEntry):
            for name, amount in people_only(entry.nets()).items():
                out[name] = out.get(name, 0) + amount
    return out


def results(entries: Iterable[Entry | Mapping[str, Any]]) -> dict[str, int]:
    """Each person's result over `entries`, sorted by name (zeros kept for people in a round)."""
    out: dict[str, int] = {}
    for entry in entries:
        _add(out, result_nets(entry))
    return dict(sorted(out.items()))


# -- a night's totals, kept in the index -----------------------------------------------------

Totals = dict[str, Any]
"""What the read commands need of some entries, in a form that adds up night by night:

    {"players": {name: {"rounds", "dealt", "net_as_dealer", "kinds": {kind: n, zeros left out}}},
     "result": {name: int}, "balance": {name: int}}

`players` has everyone `player_stats` lists, `result` is `results`, and `balance` is
`ledger.balances` (zeros kept in both, as those give them). Every figure is a sum over entries,
so the totals of several nights are the sum of theirs (`add_totals`): `stats`, `history`,
`settle` and `ledger --all` read them from the index instead of every night's entries.
"""


def night_totals(entries: Iterable[Entry | Mapping[str, Any]], counted: Sequence[str]) -> Totals:
    """The totals of `entries` (one night's, usually), counting the hand kinds `counted`: the one
    function that makes them, for the index, its rebuild and its check alike."""
    players: dict[str, dict[str, Any]] = {}
    result: dict[str, int] = {}
    balance: dict[str, int] = {}
    for stats in player_stats(_totalled(entries, result, balance), counted):
        players[stats.name] = {
            "rounds": stats.rounds,
            "dealt": stats.dealt,
            "net_as_dealer": stats.net_as_dealer,
            "kinds": {k: n for k, n in stats.kinds.items() if n},
        }
    return _ordered(players, result, balance)


def _totalled(
    entries: Iterable[Entry | Mapping[str, Any]], result: dict[str, int], balance: dict[str, int]
) -> Iterable[Entry]:
    """The entries, typed, adding each one's result and balance into `result` and `balance`."""
    for stored in entries:
        entry = as_entry(stored)
        _add(balance, entry.nets())
        _add(result, result_nets(entry))
        yield entry


def _add(total: dict[str, int], amounts: Mapping[str, int]) -> None:
    """Add each person's amount into `total`."""
    for name, amount in amounts.items():
        total[name] = total.get(name, 0) + amount


def _ordered(
    players: dict[str, dict[str, Any]], result: dict[str, int], balance: dict[str, int]
) -> Totals:
    return {
        "players": dict(sorted(players.items())),
        "result": dict(sorted(result.items())),
        "balance": dict(sorted(balance.items())),
    }


def add_totals(*parts: Mapping[str, Any]) -> Totals:
    """The totals of several nights: the sum of theirs (anyone in one of them is in the sum)."""
    players: dict[str, dict[str, Any]] = {}
    result: dict[str, int] = {}
    balance: dict[str, int] = {}
    for part in parts:
        for name, p in part["players"].items():
            acc = players.setdefault(name, {"rounds": 0, "dealt": 0, "net_as_dealer": 0})
            for key in ("rounds", "dealt", "net_as_dealer"):
                acc[key] += p[key]
            _add(acc.setdefault("kinds", {}), p["kinds"])
        _add(result, part["result"])
        _add(balance, part["balance"])
    return _ordered(players, result, balance)


def stats_of(totals: Mapping[str, Any], counted: Sequence[str]) -> list[PlayerStats]:
    """`player_stats` of the entries the totals were made from (counting `counted`, which
    holds the kinds the totals count), without those entries."""
    rows = []
    for name, p in totals["players"].items():
        row = PlayerStats(
            name,
            rounds=p["rounds"],
            net=totals["balance"].get(name, 0),
            result=totals["result"].get(name, 0),
            dealt=p["dealt"],
            net_as_dealer=p["net_as_dealer"],
            kinds=dict.fromkeys(counted, 0),
        )
        for kind, n in p["kinds"].items():
            row.kinds[kind] = n
        rows.append(row)
    return sorted(rows, key=lambda s: (-s.net, s.name))
