"""The casino house-edge lab: the exact edge of a rule set, one box against the dealer (pure, no I/O).

What is computed (CASINO.md §8)
-------------------------------
The bank's expected gain per unit of initial bet, one box against the dealer, the first round off
a full shoe, the player playing each hand to its best expectation given its own cards and the up
card (composition-dependent play): stand, hit, double, split (to the rule set's limit) and
surrender, each where the rules allow it. Insurance and even money are not taken (off the top
insurance is worth less than declining for every composition, and so is even money at 3:2; the
published tables leave them out). At 6:5 or 1:1 even money is worth more than waiting:
`house_edge(..., take_even_money=True)` takes it where `rules.even_money` offers it.
`edge_report` also gives the standard deviation of the player's result per round.

The recursion (exact for every hand that is not split)
-------------------------------------------------------
Ranks are A, 2..9 and ten (every ten-valued card is one rank). For the up card u the shoe is the
full shoe less u. The player's hand is a composition (a count per rank); its value depends only on
the cards removed from the shoe (his own, plus the pair cards of the other split hands, below),
its total and softness. Values are memoised on exactly that key, per up card.

The dealer's final outcome (17..21, bust, blackjack) given the removed cards R: every draw sequence
of the dealer (hole card first, then his draws, S17 or H17) is enumerated once per up card and
grouped by the multiset M of the cards he draws; a sequence drawing M has the chance
prod_r ff(a_r, m_r) / ff(A, |M|) from the shoe a = shoe - u - R (ff is the falling factorial), so
the outcome vector for R is a weighted sum over the multisets: no draw is recomputed per hand.

The peek: the player's cards are drawn first and the dealer's hole card after them (cards dealt
without replacement are exchangeable, so this is the same joint law as the real order). Values are
kept in joint units: every value is E[result and no dealer blackjack], so the player's draw
chances are the plain shoe chances and the dealer vector drops the blackjack sequences. Comparing
options at one hand compares the same multiple of their conditional values, so the decisions are
those of the player who knows the dealer has no blackjack. A dealer blackjack then costs the
initial bet (a player blackjack pushes). With no hole card and `no_hole_card_loses = "all"` the
blackjack mass stays in every value instead: a doubled or split hand loses every bet to it, and the
player's choices weigh that. `"original"` costs exactly the initial bet whatever the player did, so
its edge and decisions are the peek game's. A surrendered hand loses its whole bet to a dealer
blackjack.

Split hands (the one approximation)
-----------------------------------
The convention is the one published analysers call CDZ-: each split hand is played to its own best
expectation from its own cards and the up card, not from the other split hands' cards; its draws
and its dealer outcomes come from the shoe less the up card, less every pair card dealt so far
(the original pair and any drawn to the split hands), less its own cards. The other split hands'
non-pair cards are not removed. The hands of one split are played in order; hand i draws its
second card from that shoe; a pair card resplits while the hands number fewer than
`split_max_hands` (aces only under `resplit_aces`), else the hand keeps the pair. The expected sum
over the hands is the recursion F(pending hands, hands, pair cards out) of `_Solver._split`.
`split_method = "fixed"` instead draws every split hand from the shoe less the up card and the two
original pair cards only (the "2 x the first hand" convention for one split); the two differ by
under 0.001 percentage point on the shipped rule sets (docs/casino-edge.md).

The standard deviation treats the results of the hands of one split as independent given the
dealer's final outcome (17..21, bust, blackjack): their correlation through the dealer's hand is
kept, the one through the cards they take from each other is not.

Numbers
-------
numpy, where installed, evaluates the dealer's outcome vectors (imported inside the solver, never
at import time); without it the same sums run in plain Python (fine for the
small shoes of the tests, about 4x the numpy time for 8 decks).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, Literal

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
ACE, TEN = 0, 9
PAYOUTS = {"3:2": 1.5, "6:5": 1.2, "1:1": 1.0, "2:1": 2.0}
DOUBLE_ON = ("any", "hard", "9-11", "10-11")
SURRENDER = ("none", "late", "late-not-vs-ace")
# Outcome slots of the dealer's vector: 17, 18, 19, 20, 21, bust, blackjack.
BUST, BJ = 5, 6

Shoe = tuple[int, ...]
# Options within TIE of the best count as equal: the first of stand, hit, double, surrender,
# split is played (only the sd can depend on it).
TIE = 1e-12
Value = tuple[float, float]  # (expectation, second moment), joint units (module docstring)
# A split hand: p(pair card); ev, m2, outcome vector of the non-pair branch; the same, pair kept.
SplitHand = tuple[float, float, float, list[float], float, float, list[float]]


@dataclass(frozen=True, slots=True)
class Rules:
    """The knobs of a casino preset that the edge depends on (CASINO.md §2, flattened)."""

    decks: int = 8
    hits_soft_17: bool = False
    hole_card: Literal["peek", "no-hole-card"] = "peek"
    no_hole_card_loses: Literal["all", "original"] = "all"
    blackjack_pays: str = "3:2"
    double_on: str = "any"
    double_after_split: bool = True
    split_max_hands: int = 2
    resplit_aces: bool = False
    aces_one_card: bool = True
    unlike_tens: bool = True
    surrender: str = "late"
    insurance_offered: bool = True
    even_money: bool = True

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise ValueError(f"decks = {self.decks}: give 1 to 8")
        if self.hole_card not in ("peek", "no-hole-card"):
            raise ValueError(f"hole_card = {self.hole_card!r}: give peek or no-hole-card")
        if self.no_hole_card_loses not in ("all", "original"):
            raise ValueError(f"no_hole_card_loses = {self.no_hole_card_loses!r}: all or original")
        if self.blackjack_pays not in PAYOUTS:
            raise ValueError(f"blackjack_pays = {self.blackjack_pays!r}: one of {list(PAYOUTS)}")
        if self.double_on not in DOUBLE_ON:
            raise ValueError(f"double_on = {self.double_on!r}: one of {list(DOUBLE_ON)}")
        if not 1 <= self.split_max_hands <= 4:
            raise ValueError(f"split_max_hands = {self.split_max_hands}: give 1 to 4")
        if self.surrender not in SURRENDER:
            raise ValueError(f"surrender = {self.surrender!r}: one of {list(SURRENDER)}")

    @property
    def payout(self) -> float:
        return PAYOUTS[self.blackjack_pays]

    @property
    def loses_all(self) -> bool:
        """A dealer blackjack found after the player acted takes every bet (no hole card, all)."""
        return self.hole_card == "no-hole-card" and self.no_hole_card_loses == "all"

    def shoe(self) -> Shoe:
        return (4 * self.decks,) * 9 + (16 * self.decks,)


def rules_of(preset: Any) -> Rules:
    """The lab's rules from a casino preset (attribute access, CASINO.md §2 dotted names)."""
    return Rules(
        decks=int(preset.decks),
        hits_soft_17=bool(preset.dealer.hits_soft_17),
        hole_card=preset.dealer.hole_card,
        no_hole_card_loses=preset.dealer.no_hole_card_loses,
        blackjack_pays=str(preset.payouts.blackjack),
        double_on=str(preset.double.on),
        double_after_split=bool(preset.double.after_split),
        split_max_hands=int(preset.split.max_hands),
        resplit_aces=bool(preset.split.resplit_aces),
        aces_one_card=bool(preset.split.aces_one_card),
        unlike_tens=bool(preset.split.unlike_tens),
        surrender=str(preset.surrender.mode),
        insurance_offered=bool(preset.insurance.offered),
        even_money=bool(preset.insurance.even_money),
    )


# --- the dealer -------------------------------------------------------------------------------


def _ff(n: int, k: int) -> float:
    """The falling factorial n (n-1) ... (n-k+1); 0 when k > n."""
    out = 1.0
    for i in range(k):
        out *= n - i
    return out


@lru_cache(maxsize=64)
def _dealer_multisets(base: Shoe, up: int, h17: bool) -> tuple[tuple[Shoe, tuple[int, ...]], ...]:
    """Every dealer draw sequence from `base` (the shoe less the up card), grouped by the multiset
    of cards drawn: (multiset, number of sequences per outcome slot)."""
    groups: dict[Shoe, list[int]] = {}
    drawn = [0] * 10

    def play(hard: int, ace: bool, ncards: int) -> None:
        soft = ace and hard + 10 <= 21
        best = hard + 10 if soft else hard
        if ncards == 2 and best == 21:
            slot = BJ
        elif hard > 21:
            slot = BUST
        elif best > 17 or (best == 17 and not (soft and h17)):
            slot = best - 17
        else:
            slot = -1
        if slot >= 0:
            key = tuple(drawn)
            counts = groups.get(key)
            if counts is None:
                counts = groups[key] = [0] * 7
            counts[slot] += 1
            return
        for r in range(10):
            if drawn[r] < base[r]:
                drawn[r] += 1
                play(hard + r + 1, ace or r == ACE, ncards + 1)
                drawn[r] -= 1

    play(up + 1, up == ACE, 1)
    return tuple((m, tuple(c)) for m, c in groups.items())


class _Dealer:
    """The dealer's outcome vector given the cards removed, for one up card."""

    def __init__(self, base: Shoe, up: int, h17: bool, use_numpy: bool) -> None:
        self.base = base
        self.total = sum(base)
        groups = _dealer_multisets(base, up, h17)
        self.multisets = [m for m, _ in groups]
        self.counts = [c for _, c in groups]
        self.sizes = [sum(m) for m in self.multisets]
        self.memo: dict[Shoe, tuple[float, ...]] = {}
        self.outcome: Callable[[Shoe], tuple[float, ...]]
        if use_numpy:
            self._setup_numpy()
            self.outcome = self._outcome_numpy
        else:
            self._nonzero = [[(r, k) for r, k in enumerate(m) if k] for m in self.multisets]
            self.counts_nz = [[(s, c) for s, c in enumerate(cs) if c] for cs in self.counts]
            longest = max(self.sizes, default=0) + 1
            top = max(base, default=0) + 1
            # falling factorials ff(n, k) and 1 / ff(total - s, k), looked up, not recomputed
            self._ff_rows = [[_ff(n, k) for k in range(longest)] for n in range(top)]
            self._inv_rows = [
                [1.0 / f if (f := _ff(n, k)) else 0.0 for k in range(longest)]
                for n in range(self.total + 1)
            ]
            self.outcome = self._outcome_python

    def _outcome_python(self, removed: Shoe) -> tuple[float, ...]:
        a = [b - x for b, x in zip(self.base, removed, strict=True)]
        total = sum(a)
        ff = self._ff_rows
        rows = [ff[n] for n in a]
        inv = self._inv_rows[total]
        acc = [0.0] * 7
        for nz, size, counts in zip(self._nonzero, self.sizes, self.counts_nz, strict=True):
            w = inv[size]
            for r, k in nz:
                w *= rows[r][k]
                if not w:
                    break
            else:
                for s, c in counts:
                    acc[s] += w * c
        return tuple(acc)

    def _setup_numpy(self) -> None:
        import numpy as np

        self.np = np
        m = np.array(self.multisets, dtype=np.int64)
        self.m = m
        self.c = np.array(self.counts, dtype=np.float64)
        sizes = np.array(self.sizes, dtype=np.int64)
        maxm = int(m.max()) if m.size else 0
        # ff(base_r - k, j) for every rank r, removal k, count j.
        self._base_w = np.ones(len(self.multisets))
        for r in range(10):
            self._base_w *= np.array([_ff(self.base[r], j) for j in range(maxm + 1)])[m[:, r]]
        self._ratio: dict[tuple[int, int], Any] = {}
        self._den: dict[int, Any] = {}
        self._maxm = maxm
        self._sizes = sizes

    def _ratio_of(self, r: int, k: int) -> Any:
        key = (r, k)
        got = self._ratio.get(key)
        if got is None:
            np = self.np
            b = self.base[r]
            table = np.array(
                [_ff(b - k, j) / _ff(b, j) if _ff(b, j) else 0.0 for j in range(self._maxm + 1)]
            )
            got = self._ratio[key] = table[self.m[:, r]]
        return got

    def _den_of(self, s: int) -> Any:
        got = self._den.get(s)
        if got is None:
            np = self.np
            n = self.total - s
            table = np.array([1.0 / _ff(n, j) if _ff(n, j) else 0.0 for j in range(40)])
            got = self._den[s] = self._base_w * table[self._sizes]
        return got

    def _outcome_numpy(self, removed: Shoe) -> tuple[float, ...]:
        w = self._den_of(sum(removed))
        for r, k in enumerate(removed):
            if k:
                w = w * self._ratio_of(r, k)
        return tuple((w @ self.c).tolist())


# --- the player -------------------------------------------------------------------------------


def _add(shoe: Shoe, r: int, k: int = 1) -> Shoe:
    out = list(shoe)
    out[r] += k
    return tuple(out)


def _total(hard: int, ace: bool) -> int:
    return hard + 10 if ace and hard + 10 <= 21 else hard


class _Solver:
    """Composition-dependent values for one up card."""

    def __init__(
        self, rules: Rules, shoe: Shoe, up: int, use_numpy: bool, split_method: str
    ) -> None:
        self.rules = rules
        self.up = up
        self.base = _add(shoe, up, -1)
        self.dealer = _Dealer(self.base, up, rules.hits_soft_17, use_numpy)
        self.L = 1.0 if rules.loses_all else 0.0
        self.split_method = split_method
        self.size = sum(self.base)
        # the rank that, drawn with the up card, makes a dealer blackjack (None: no blackjack)
        self.bj_other: int | None = TEN if up == ACE else ACE if up == TEN else None
        self.memo: dict[tuple[Shoe, int, bool], Value] = {}
        self.dmemo: dict[Shoe, tuple[float, ...]] = {}
        self.vmemo: dict[tuple[Shoe, int, bool], list[float]] = {}

    # the dealer, the blackjack mass
    def _vector(self, removed: Shoe) -> tuple[float, ...]:
        got = self.dmemo.get(removed)
        if got is None:
            got = self.dmemo[removed] = self.dealer.outcome(removed)
        return got

    def bj_chance(self, removed: Shoe) -> float:
        if self.up not in (ACE, TEN):
            return 0.0
        left = sum(self.base) - sum(removed)
        other = TEN if self.up == ACE else ACE
        return (self.base[other] - removed[other]) / left

    def mass(self, removed: Shoe) -> float:
        """The joint mass a result is weighted by: P(no dealer blackjack), or 1 when it loses all."""
        bj = self.bj_chance(removed)
        return 1.0 - bj + self.L * bj

    def stand(self, removed: Shoe, total: int) -> Value:
        d = self.dmemo.get(removed)
        if d is None:
            d = self.dmemo[removed] = self.dealer.outcome(removed)
        win = d[BUST]
        lose = self.L * d[BJ]
        # the dealer's totals 17..21 are slots 0..4: below `total` win, above lose, equal push
        below = min(max(total - 17, 0), 5)
        for slot in range(below):
            win += d[slot]
        for slot in range(below + (total >= 17), 5):
            lose += d[slot]
        return win - lose, win + lose

    def bust(self, removed: Shoe) -> Value:
        m = self.mass(removed)
        return -m, m

    def draws(self, removed: Shoe) -> list[tuple[int, float]]:
        left = sum(self.base) - sum(removed)
        return [
            (r, (self.base[r] - removed[r]) / left) for r in range(10) if self.base[r] > removed[r]
        ]

    def play(self, removed: Shoe, hard: int, ace: bool) -> Value:
        """The best of standing and hitting (no double, split or surrender: after a hit)."""
        key = (removed, hard, ace)
        got = self.memo.get(key)
        if got is not None:
            return got
        total = _total(hard, ace)
        best = self.stand(removed, total)
        if total < 21:
            hit = self.hit(removed, hard, ace)
            if hit[0] > best[0] + TIE:
                best = hit
        self.memo[key] = best
        return best

    def hit(self, removed: Shoe, hard: int, ace: bool) -> Value:
        return self._one_card(removed, hard, ace, False)

    def double(self, removed: Shoe, hard: int, ace: bool) -> Value:
        ev, m2 = self._one_card(removed, hard, ace, True)
        return 2 * ev, 4 * m2

    def _one_card(self, removed: Shoe, hard: int, ace: bool, then_stand: bool) -> Value:
        """One more card, then the best play (a hit) or standing (a double, at the unit bet).
        The hot loop of the solver: `draws`, `_add` and `bust` written out, the same sums in the
        same order."""
        base = self.base
        other, lose_all = self.bj_other, self.L
        left = self.size - sum(removed)
        ev = m2 = 0.0
        for r in range(10):
            n = base[r] - removed[r]
            if n <= 0:
                continue
            p = n / left
            h = hard + r + 1
            if h > 21:
                # a bust's value is (-mass, mass) of the shoe with this card out
                if other is None:
                    m = 1.0
                else:
                    bj = (base[other] - removed[other] - (r == other)) / (left - 1)
                    m = 1.0 - bj + lose_all * bj
                ev -= p * m
                m2 += p * m
            else:
                nr = (*removed[:r], removed[r] + 1, *removed[r + 1 :])
                soft = ace or r == ACE
                v = self.stand(nr, _total(h, soft)) if then_stand else self.play(nr, h, soft)
                ev += p * v[0]
                m2 += p * v[1]
        return ev, m2

    def surrender(self, removed: Shoe) -> Value:
        bj = self.bj_chance(removed)
        nb = 1.0 - bj
        return -0.5 * nb - self.L * bj, 0.25 * nb + self.L * bj

    def may_double(self, hard: int, ace: bool) -> bool:
        on = self.rules.double_on
        total = _total(hard, ace)
        soft = total != hard
        if on == "any":
            return True
        if on == "hard":
            return not soft
        if on == "9-11":
            return not soft and 9 <= total <= 11
        return not soft and 10 <= total <= 11

    def may_surrender(self) -> bool:
        mode = self.rules.surrender
        return mode == "late" or (mode == "late-not-vs-ace" and self.up != ACE)

    def options(self, removed: Shoe, c1: int, c2: int) -> dict[str, Value]:
        """Every legal first decision on the two-card hand c1 c2 (not a blackjack)."""
        hard = c1 + c2 + 2
        ace = ACE in (c1, c2)
        total = _total(hard, ace)
        out: dict[str, Value] = {"S": self.stand(removed, total)}
        if total < 21:
            out["H"] = self.hit(removed, hard, ace)
            if self.may_double(hard, ace):
                out["D"] = self.double(removed, hard, ace)
        if self.may_surrender():
            out["R"] = self.surrender(removed)
        if c1 == c2 and self.rules.split_max_hands >= 2:
            out["P"] = self.split(c1, removed)
        return out

    # splits
    # outcome vectors: a hand's result split by the dealer's final outcome (for the sd of splits)
    def _stand_vec(self, removed: Shoe, total: int, bet: float) -> list[float]:
        d = self._vector(removed)
        w = [0.0] * 7
        for slot in range(5):
            dt = 17 + slot
            w[slot] = bet * d[slot] if total > dt else -bet * d[slot] if total < dt else 0.0
        w[BUST] = bet * d[BUST]
        w[BJ] = -bet * self.L * d[BJ]
        return w

    def _bust_vec(self, removed: Shoe, bet: float) -> list[float]:
        d = self._vector(removed)
        return [-bet * x for x in d[:6]] + [-bet * self.L * d[BJ]]

    def _play_vec(self, removed: Shoe, hard: int, ace: bool) -> list[float]:
        """The outcome vector of `play` (the same decisions)."""
        key = (removed, hard, ace)
        got = self.vmemo.get(key)
        if got is None:
            total = _total(hard, ace)
            # `play` keeps hitting's value where it beats standing by more than TIE (memoised)
            if (
                total < 21
                and self.play(removed, hard, ace)[0] > self.stand(removed, total)[0] + TIE
            ):
                got = self._hit_vec(removed, hard, ace)
            else:
                got = self._stand_vec(removed, total, 1.0)
            self.vmemo[key] = got
        return got

    def _hit_vec(self, removed: Shoe, hard: int, ace: bool, double: bool = False) -> list[float]:
        w = [0.0] * 7
        for r, p in self.draws(removed):
            nr = _add(removed, r)
            h = hard + r + 1
            if h > 21:
                v = self._bust_vec(nr, 2.0 if double else 1.0)
            elif double:
                v = self._stand_vec(nr, _total(h, ace or r == ACE), 2.0)
            else:
                v = self._play_vec(nr, h, ace or r == ACE)
            for i in range(7):
                w[i] += p * v[i]
        return w

    def _split_hand(self, x: int, j: int) -> SplitHand:
        """One split hand drawing its second card with j pair cards out: the chance of a pair
        card, then ev, m2 and outcome vector of the non-pair branch and of keeping the pair
        (each weighted by its chance)."""
        rules = self.rules
        removed = _add((0,) * 10, x, j)
        ev_n = m2_n = 0.0
        ev_p = m2_p = 0.0
        vec_n = [0.0] * 7
        vec_p = [0.0] * 7
        px = 0.0
        one_card = x == ACE and rules.aces_one_card
        for r, p in self.draws(removed):
            nr = _add(removed, r)
            hard = x + r + 2
            ace = ACE in (x, r)
            total = _total(hard, ace)
            v = self.stand(nr, total)
            choice = "S"
            if not one_card and total < 21:
                hit = self.hit(nr, hard, ace)
                if hit[0] > v[0] + TIE:
                    v, choice = hit, "H"
                if rules.double_after_split and self.may_double(hard, ace):
                    dbl = self.double(nr, hard, ace)
                    if dbl[0] > v[0] + TIE:
                        v, choice = dbl, "D"
            if choice == "S":
                vec = self._stand_vec(nr, total, 1.0)
            else:
                vec = self._hit_vec(nr, hard, ace, double=choice == "D")
            if r == x:
                px = p
                ev_p, m2_p = p * v[0], p * v[1]
                vec_p = [p * e for e in vec]
            else:
                ev_n += p * v[0]
                m2_n += p * v[1]
                for i in range(7):
                    vec_n[i] += p * vec[i]
        return px, ev_n, m2_n, vec_n, ev_p, m2_p, vec_p

    def split(self, x: int, removed: Shoe) -> Value:
        """(E[sum], E[sum^2]) over the split hands of the pair x x (removed: the pair)."""
        rules = self.rules
        limit = rules.split_max_hands
        may_resplit = x != ACE or rules.resplit_aces
        fixed = self.split_method == "fixed"
        hands: dict[int, SplitHand] = {}
        dealer = self._vector(removed)

        def cross(a: list[float], b: list[float]) -> float:
            """E[A B] of two hands' results, independent given the dealer's outcome."""
            return sum(x * y / q for x, y, q in zip(a, b, dealer, strict=True) if q > 0)

        def hand(j: int) -> SplitHand:
            jj = 2 if fixed else j
            if jj not in hands:
                hands[jj] = self._split_hand(x, jj)
            return hands[jj]

        memo: dict[tuple[int, int, int], tuple[float, float, list[float]]] = {}
        zero = [0.0] * 7

        def f(k: int, t: int, j: int) -> tuple[float, float, list[float]]:
            """E[sum], E[sum^2] and the outcome vector of the k pending hands, t hands in all,
            j pair cards out."""
            if k == 0:
                return 0.0, 0.0, zero
            key = (k, t, j)
            if key in memo:
                return memo[key]
            px, ev_n, m2_n, vec_n, ev_p, m2_p, vec_p = hand(j)
            rest_e, rest_m2, rest_v = f(k - 1, t, j)
            ev = ev_n + (1 - px) * rest_e
            m2 = m2_n + (1 - px) * rest_m2 + 2 * cross(vec_n, rest_v)
            vec = [a + (1 - px) * b for a, b in zip(vec_n, rest_v, strict=True)]
            if px > 0:
                if may_resplit and t < limit:
                    re, rm2, rv = f(k + 1, t + 1, j + 1)
                    ev += px * re
                    m2 += px * rm2
                    vec = [a + px * b for a, b in zip(vec, rv, strict=True)]
                else:
                    re, rm2, rv = f(k - 1, t, j + 1)
                    ev += ev_p + px * re
                    m2 += m2_p + px * rm2 + 2 * cross(vec_p, rv)
                    vec = [a + b + px * c for a, b, c in zip(vec, vec_p, rv, strict=True)]
            memo[key] = (ev, m2, vec)
            return ev, m2, vec

        ev, m2, _ = f(2, 2, 2)
        return ev, m2


# --- the round --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EdgeResult:
    """The bank's expected gain per unit of initial bet, and the spread of one round."""

    edge: float
    sd: float
    ev_by_up: tuple[float, ...]  # the player's expectation per up card (A, 2..9, 10)


def _numpy_ok() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def solvers(
    rules: Rules,
    shoe: Sequence[int] | None = None,
    *,
    use_numpy: bool | None = None,
    split_method: str = "pair-cards",
) -> list[_Solver | None]:
    """One solver per up card (None where the shoe holds none of that rank)."""
    full = tuple(shoe) if shoe is not None else rules.shoe()
    if len(full) != 10 or min(full) < 0:
        raise ValueError("a shoe is ten counts: A, 2..9, ten")
    if sum((r + 1) * k for r, k in enumerate(full)) < 58:
        # a busted player hand and a finished dealer hand never take more than 57 points
        raise ValueError("the shoe is too small: it must hold cards worth at least 58 points")
    if split_method not in ("pair-cards", "fixed"):
        raise ValueError(f"split_method = {split_method!r}: pair-cards or fixed")
    numpy = _numpy_ok() if use_numpy is None else use_numpy
    return [_Solver(rules, full, u, numpy, split_method) if full[u] else None for u in range(10)]


@lru_cache(maxsize=1)
def full_shoe_solvers(rules: Rules) -> tuple[_Solver | None, ...]:
    """`solvers(rules)` off a full shoe, kept for the last rule set asked, so that `edge` and
    `strategy` of one preset in one process solve it once (about 190 MiB held at 8 decks)."""
    return tuple(solvers(rules))


def pair_starts(base: Shoe) -> list[tuple[int, int, float]]:
    """The player's two-card starts (c1 <= c2) from `base` and their chances."""
    total = sum(base)
    out = []
    for c1 in range(10):
        for c2 in range(c1, 10):
            if c1 == c2:
                p = base[c1] * (base[c1] - 1) / (total * (total - 1))
            else:
                p = 2 * base[c1] * base[c2] / (total * (total - 1))
            if p > 0:
                out.append((c1, c2, p))
    return out


def house_edge(
    rules: Rules,
    shoe: Sequence[int] | None = None,
    *,
    use_numpy: bool | None = None,
    split_method: str = "pair-cards",
    take_even_money: bool = False,
) -> EdgeResult:
    """The exact house edge (module docstring). `shoe` overrides the full shoe (ten counts:
    A, 2..9, ten), for small test shoes. `take_even_money`: a blackjack against an ace takes
    even money where `rules.even_money` offers it and it is worth more than waiting (never at
    3:2; at 6:5 or 1:1 it is); off by default, as in the published figures."""
    full = tuple(shoe) if shoe is not None else rules.shoe()
    n = sum(full)
    ev = m2 = 0.0
    by_up = []
    every = (
        full_shoe_solvers(rules)
        if shoe is None and use_numpy is None and split_method == "pair-cards"
        else solvers(rules, full, use_numpy=use_numpy, split_method=split_method)
    )
    for up, solver in enumerate(every):
        if solver is None:
            by_up.append(0.0)
            continue
        pu = full[up] / n
        e_up, m_up = _up_value(solver, rules, take_even_money)
        by_up.append(e_up)
        ev += pu * e_up
        m2 += pu * m_up
    return EdgeResult(edge=-ev, sd=math.sqrt(max(m2 - ev * ev, 0.0)), ev_by_up=tuple(by_up))


@lru_cache(maxsize=16)
def _full_shoe_edge(rules: Rules) -> EdgeResult:
    """`house_edge(rules)` off a full shoe, once a process for each rule set (the console and a
    command asking for the text after the JSON do not compute it again)."""
    return house_edge(rules)


def pick(opts: dict[str, Value]) -> Value:
    """The value of the option played: the first (in the order given) within TIE of the best."""
    top = max(v[0] for v in opts.values())
    return next(v for v in opts.values() if v[0] >= top - TIE)


def _up_value(solver: _Solver, rules: Rules, take_even_money: bool) -> tuple[float, float]:
    ev = m2 = 0.0
    keep = 1.0 - solver.L  # the blackjack mass left out of the values (peek, or "original")
    for c1, c2, p in pair_starts(solver.base):
        removed = _add(_add((0,) * 10, c1), c2)
        bj = solver.bj_chance(removed)
        if c1 == ACE and c2 == TEN:
            e = rules.payout * (1.0 - bj)
            s = rules.payout**2 * (1.0 - bj)
            if take_even_money and rules.even_money and solver.up == ACE and e < 1.0:
                e = s = 1.0
        else:
            opts = solver.options(removed, c1, c2)
            e, s = pick(opts)
            e -= keep * bj
            s += keep * bj
        ev += p * e
        m2 += p * s
    return ev, m2


def edge_report(rules: Rules) -> dict[str, Any]:
    """`banluck edge`'s JSON shape for a casino rule set: the edge as a fraction of the bet."""
    result = _full_shoe_edge(rules)
    return {
        "heads_up": {"edge": result.edge, "sd": result.sd},
        "rules": asdict(rules),
        "method": "exact",
        "split_hands": "CDZ-: each split hand from the shoe less the up card, the pair cards dealt and its own cards",
    }
