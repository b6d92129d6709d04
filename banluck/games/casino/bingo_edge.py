"""The Bingo table in the lab: the dealer's final-total distribution and what a Bingo bet is worth
(exact fractions; pure, no I/O; docs/bingo.md, "The lab").

The dealer's final total is taken off the top of a full shoe (the players' cards do not change
it). A card is a Markov chain over its states (the totals marked, in the Jackpot's order or not),
each round an independent draw; it only climbs, so each state is solved from those above it:

    V(s) = (sum over outcomes o that move s: p(o) value(o, s)) / (1 - p(totals already marked))

`hold` keeps the card until it closes by itself, `first` cashes it at its first paying
combination; the bank passing is left out. The expected return is the player's net per unit bet
(-0.15 is a loss of 15 % of the bet); the house edge is its negative.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from banluck.games.casino.bingo import JACKPOT, TOTALS, Combination, held
from banluck.games.casino.dealer_odds import _dealer_multisets

OUTCOMES = (*TOTALS, "bust")  # 17, 18, 19, 20, 21, BJ, bust
_SLOT = {"17": 0, "18": 1, "19": 2, "20": 3, "21": 4, "bust": 5, "BJ": 6}  # edge.py's slots
POLICIES = ("hold", "first")


@cache
def dealer_totals_by_up(decks: int, hits_soft_17: bool) -> dict[int, dict[str, Fraction]]:
    """The dealer's final total for each up card (0 the ace, 1..8 the 2..9, 9 the ten-cards),
    before any peek, from a full shoe of `decks` decks less the up card: exact chances of 17,
    18, 19, 20, 21, BJ and bust."""
    shoe = (4 * decks,) * 9 + (16 * decks,)
    out: dict[int, dict[str, Fraction]] = {}
    for up in range(10):
        base = tuple(k - (r == up) for r, k in enumerate(shoe))
        n = sum(base)
        by_size: dict[int, list[int]] = {}
        for drawn, counts in _dealer_multisets(base, up, hits_soft_17):
            weight = 1
            for r, m in enumerate(drawn):
                if m:
                    weight *= math.perm(base[r], m)
            row = by_size.setdefault(sum(drawn), [0] * 7)
            for slot, c in enumerate(counts):
                row[slot] += weight * c
        acc = [Fraction(0)] * 7
        for size, row in by_size.items():
            den = math.perm(n, size)
            for slot, num in enumerate(row):
                acc[slot] += Fraction(num, den)
        out[up] = {o: acc[_SLOT[o]] for o in OUTCOMES}
    return out


@cache
def dealer_totals(decks: int, hits_soft_17: bool) -> dict[str, Fraction]:
    """The dealer's final total off the top of a full shoe of `decks` decks, exactly: each of
    17, 18, 19, 20, 21, BJ and bust with its chance (they sum to 1)."""
    shoe = (4 * decks,) * 9 + (16 * decks,)
    n = sum(shoe)
    by_up = dealer_totals_by_up(decks, hits_soft_17)
    return {
        o: sum((Fraction(shoe[u], n) * by_up[u][o] for u in range(10)), Fraction(0))
        for o in OUTCOMES
    }


@dataclass(frozen=True, slots=True)
class Pays:
    """The `bingo.*` pays, to 1."""

    jackpot: int = 100
    full_house: int = 15
    four_corners: int = 5
    up_corner: int = 3
    down_corner: int = 3
    down: int = 3
    up: int = 3

    def of(self, combination: Combination) -> int:
        value = getattr(self, combination.knob)
        assert isinstance(value, int)
        return value

    def best(self, marks: tuple[str, ...]) -> Combination | None:
        return max(held(marks), key=self.of, default=None)


def pays_of(preset: Any) -> Pays:
    b = preset.bingo
    return Pays(b.jackpot, b.full_house, b.four_corners, b.up_corner, b.down_corner, b.down, b.up)


@dataclass(frozen=True, slots=True)
class BingoValue:
    """One policy's worth of a Bingo bet: the expected net per unit bet, and rounds ridden."""

    policy: str
    expected_return: Fraction
    rounds: Fraction  # the expected number of rounds a card rides before it closes

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return


def bingo_value(p: dict[str, Fraction], pays: Pays, policy: str) -> BingoValue:
    """The exact worth of a card bought now under `policy` (`hold` or `first`), for the dealer's
    outcome chances `p` (module docstring)."""
    if policy not in POLICIES:
        raise ValueError(f"policy = {policy!r}: one of {list(POLICIES)}")
    memo: dict[tuple[str, ...], tuple[Fraction, Fraction]] = {}

    def value(marks: tuple[str, ...]) -> tuple[Fraction, Fraction]:
        """(expected net, expected rounds) of a live card whose first marks were `marks`; the
        state is the set and the order matters only while it is the Jackpot's."""
        key = marks if marks == TOTALS[: len(marks)] else ("*", *sorted(marks))
        got = memo.get(key)
        if got is not None:
            return got
        stay = sum((p[o] for o in marks), Fraction(0))
        ev = -p["bust"]
        rounds = Fraction(1)
        for o in TOTALS:
            if o in marks or not p[o]:
                continue
            after = (*marks, o)
            done = _closes(after, pays, policy)
            if done is not None:
                ev += p[o] * done
            else:
                e, r = value(after)
                ev += p[o] * e
                rounds += p[o] * r
        got = memo[key] = (ev / (1 - stay), rounds / (1 - stay))
        return got

    ev, rounds = value(())
    return BingoValue(policy, ev, rounds)


def _closes(marks: tuple[str, ...], pays: Pays, policy: str) -> int | None:
    """What a card pays when it closes with these marks, or None while it stays live."""
    if len(marks) == len(TOTALS):
        full = [c for c in held(marks) if c.at_once]
        return pays.of(JACKPOT if JACKPOT in full else full[0])
    if policy == "first":
        best = pays.best(marks)
        if best is not None:
            return pays.of(best)
    return None


def bingo_report(preset: Any) -> dict[str, Any] | None:
    """`banluck edge`'s Bingo figures for a casino preset (None where no Bingo is offered): the
    dealer's final totals and each policy's return, as floats with the exact fractions."""
    if not preset.bingo.offered:
        return None
    p = dealer_totals(int(preset.decks), bool(preset.dealer.hits_soft_17))
    pays = pays_of(preset)
    out: dict[str, Any] = {
        "dealer_totals": {o: float(x) for o, x in p.items()},
        "policies": {},
        "method": "exact: the dealer's final total off the top, a Markov chain over card states",
    }
    for policy in POLICIES:
        v = bingo_value(p, pays, policy)
        out["policies"][policy] = {
            "expected_return": float(v.expected_return),
            "house_edge": float(v.house_edge),
            "exact": f"{v.expected_return.numerator}/{v.expected_return.denominator}",
            "rounds": float(v.rounds),
        }
    return out
