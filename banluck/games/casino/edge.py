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

The recursion
-------------
Ranks are A, 2..9 and ten (every ten-valued card is one rank). For the up card u the shoe is the
full shoe less u. The player's hand is a composition (a count per rank); its value depends only on
the cards removed from the shoe (his own, plus the pair cards of the other split hands, below),
its total and softness. Values are memoised on exactly that key, per up card.

The dealer's final outcome (17..21, bust, blackjack) given the removed cards R: every draw sequence
of the dealer (hole card first, then his draws, S17 or H17) is enumerated once per up card and
grouped by the multiset M of the cards he draws; a sequence drawing M has the chance
prod_r ff(a_r, m_r) / ff(A, |M|) from the shoe a = shoe - u - R (ff is the falling factorial), so
the outcome vector for R is a weighted sum over the multisets: no draw is recomputed per hand. The
dealer's part is `banluck.games.casino.dealer_odds`.
The weight factors over the ranks, so with numpy the vectors of every composition the player's
recursion can visit are computed at once, as matrix products (`_Dealer.outcomes`).

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

Split hands: exact under CDZ- (`split_method = "exact"`, the default)
--------------------------------------------------------------------
The published CDZ- convention: every split hand is played by the decisions of the unsplit hand
of its own cards against the up card (the pre-split strategy), and valued over the shoe as the
cards of all the hands leave it. A pair card as a split hand's second card resplits while the
hands number fewer than `split_max_hands` (aces only under `resplit_aces`), else the hand keeps
it. Since each hand's play depends on its own cards only, the cards can be dealt in another
order without changing what each hand and the dealer get (exchangeability): the hands' second
cards first, which alone decide how many hands there are, then one hand's draws, then the
dealer's. So a hand's expectation depends only on the pair cards out and on how many other
hands' second cards are known non-pair cards; removing a card of unknown rank changes no
expectation, which gives those values from a hand's values with pair cards out alone, and the
chance of each pattern of second cards sums them (`_Solver._split_exact`). The figures equal
the reference analyser's (possibly-wrong/blackjack, CDZ-) to its nine printed decimals
(docs/casino-edge.md). Like it, the method takes no hand to run the shoe out (a tiny shoe split
four ways could).

Two faster-in-principle approximations remain, each split hand played to its own best from the
shoe it draws from: `"pair-cards"` draws a split hand from the shoe less the up card, every
pair card dealt so far and its own cards (the other hands' non-pair cards not removed; the
recursion F(pending hands, hands, pair cards out) of `_Solver.split`); `"fixed"` from the shoe
less the up card and the two original pair cards only ("2 x the first hand" for one split).
They differ from the exact figures by up to about 0.001 percentage point at 6-8 decks.

The standard deviation treats the results of the hands of one split as independent given the
dealer's final outcome (17..21, bust, blackjack): their correlation through the dealer's hand is
kept, the one through the cards they take from each other is not (the edge does not depend on
it).

Numbers
-------
numpy, where installed, evaluates the dealer's outcome vectors (imported inside the solver, never
at import time) and, for the exact method, every hand's values at once (`Grid`, a level of cards
at a time, over the hands laid out once per shoe by `Shape`); its BLAS is held to one thread
(`dealer_odds.load_numpy`, `one_blas_thread`). Without numpy the recursion runs in plain Python,
one composition at a time (the small shoes of the tests; about 9 s of CPU for blackjack-pro).
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from itertools import accumulate
from operator import mul
from typing import Any

from banluck.games.casino.dealer_odds import (
    ACE,
    BJ,
    BUST,
    TEN,
    Shoe,
    _Dealer,
    one_blas_thread,
)
from banluck.games.casino.edge_grid import TIE, Grid, Value, add, best_total, pair_starts, reach
from banluck.games.casino.edge_rules import PAYOUTS as PAYOUTS
from banluck.games.casino.edge_rules import SPLIT_METHODS
from banluck.games.casino.edge_rules import Rules as Rules
from banluck.games.casino.edge_rules import rules_of as rules_of

# A split hand: p(pair card); ev, m2, outcome vector of the non-pair branch; the same, pair kept.
SplitHand = tuple[float, float, float, list[float], float, float, list[float]]


# --- the player -------------------------------------------------------------------------------


# An entry of `_Solver.table`, per composition removed: (ev, m2) of standing on a total of 16 or
# less, 17, ..., 21 (twelve numbers), then the dealer's outcome vector (seven).
DEALER_AT = 12


def _stood(e: Sequence[float], total: int) -> Value:
    """The value of standing on `total`, from the table entry `e` of the hand's composition."""
    i = 2 * (total - 16) if total > 16 else 0
    return e[i], e[i + 1]


def _entry(d: Sequence[Any], lose_all: float) -> list[Any]:
    """A table entry from a dealer vector; with numpy (`_Solver._fill`), `d` the outcome slots
    of many vectors, a row a slot, and the entries' columns."""
    out: list[Any] = []
    for total in range(16, 22):
        win = d[BUST]
        lose = lose_all * d[BJ]
        # the dealer's totals 17..21 are slots 0..4: below `total` win, above lose, equal push
        below = min(max(total - 17, 0), 5)
        for slot in range(below):
            win = win + d[slot]
        for slot in range(below + (total >= 17), 5):
            lose = lose + d[slot]
        out += (win - lose, win + lose)
    return [*out, *d]


class _Solver:
    """Composition-dependent values for one up card.

    A composition of removed cards is known by its code, sum_r removed_r * strides_r (one more
    card of rank r: + strides_r). `table` holds, per code, the values of standing on each total
    and the dealer's vector. With numpy, the first value asked for fills the table for every
    composition the recursion can visit (`_fill`, `_Dealer.outcomes`); the recursion then
    finds them there. In plain Python (or for a composition outside that set) they are computed
    one by one."""

    def __init__(
        self, rules: Rules, shoe: Shoe, up: int, use_numpy: bool, split_method: str
    ) -> None:
        self.rules = rules
        self.up = up
        self.base = add(shoe, up, -1)
        self.dealer = _Dealer(self.base, up, rules.hits_soft_17, use_numpy)
        self.L = 1.0 if rules.loses_all else 0.0
        self.split_method = split_method
        self.size = sum(self.base)
        # the rank that, drawn with the up card, makes a dealer blackjack (None: no blackjack)
        self.bj_other: int | None = TEN if up == ACE else ACE if up == TEN else None
        self.strides = tuple(accumulate((b + 1 for b in self.base[:-1]), mul, initial=1))
        self.table: dict[int, list[float]] = {}
        # per total, the sign of a stood hand's result for each dealer outcome: below the total
        # win, above lose, equal push; a bust wins; a blackjack takes L
        self.signs = [
            [1.0 if total > 17 + slot else -1.0 if total < 17 + slot else 0.0 for slot in range(5)]
            + [1.0, -self.L]
            for total in range(22)
        ]
        self.filled = not use_numpy
        # the exact method with numpy computes every hand's values at once (`Grid`)
        self.use_grid = use_numpy and split_method == "exact"
        self._grid: Grid | None = None
        # _play and _play_vec, keyed by (code, hard total, ace): code * 64 + hard * 2 + ace
        self.memo: dict[int, Value] = {}
        self.vmemo: dict[int, list[float]] = {}
        # the same for a split hand played by the unsplit hand's decisions (`_play_cdz`), keyed
        # by that key * 8 + the pair cards out besides the hand's own (at most 6)
        self.cmemo: dict[int, Value] = {}
        self.cvmemo: dict[int, list[float]] = {}

    # compositions
    def code(self, removed: Shoe) -> int:
        return sum(k * s for k, s in zip(removed, self.strides, strict=True))

    def _decode(self, code: int) -> Shoe:
        return tuple((code // s) % (b + 1) for s, b in zip(self.strides, self.base, strict=True))

    def _split_counts(self, x: int) -> list[int]:
        """The numbers of pair cards out with which a split hand of x x is played (`split`)."""
        if self.split_method == "fixed":
            return [2]
        rules = self.rules
        may_resplit = x != ACE or rules.resplit_aces
        if self.split_method == "exact":
            # the hands' first cards and the pair cards drawn to them (`_split_exact`)
            if not may_resplit or rules.split_max_hands <= 2:
                return [2]
            return list(range(2, min(2 * rules.split_max_hands - 2, self.base[x]) + 1))
        seen: set[tuple[int, int, int]] = set()

        def f(k: int, t: int, j: int) -> None:
            if k == 0 or (k, t, j) in seen:
                return
            seen.add((k, t, j))
            f(k - 1, t, j)
            if self.base[x] > j:  # a pair card can come
                if may_resplit and t < rules.split_max_hands:
                    f(k + 1, t + 1, j + 1)
                else:
                    f(k - 1, t, j + 1)

        f(2, 2, 2)
        return sorted({j for _, _, j in seen})

    def _fill(self) -> None:
        """With numpy: the table entry of every composition whose values the recursion can ask
        for (a superset): the hands from the two-card starts, and the split hands with the other
        pair cards out; those within the shoe."""
        np = self.dealer.np
        blocks = [np.array(reach(None), dtype=np.int64)]
        if self.rules.split_max_hands >= 2:
            for x in range(10):
                if self.base[x] < 2:
                    continue
                if x == ACE and self.rules.aces_one_card:
                    hands = np.array([add(add((0,) * 10, x), r) for r in range(10)])
                else:
                    hands = np.array(reach(x), dtype=np.int64)
                for j in self._split_counts(x):
                    shifted = hands.copy()
                    shifted[:, x] += j - 1
                    blocks.append(shifted)
        comps = np.concatenate(blocks)
        comps = comps[(comps <= np.array(self.base)).all(axis=1)]
        codes = comps @ np.array(self.strides, dtype=np.int64)
        unique, first = np.unique(codes, return_index=True)
        d = self.dealer.outcomes(comps[first])
        entries = np.column_stack(_entry(d.T, self.L))  # `_entry`'s sums, a column at a time
        self.table.update(zip(unique.tolist(), entries.tolist(), strict=True))

    def _at(self, code: int) -> list[float]:
        got = self.table.get(code)
        return got if got is not None else self._miss(code)

    def _miss(self, code: int) -> list[float]:
        if not self.filled:
            self.filled = True
            with one_blas_thread():
                self._fill()
            got = self.table.get(code)
            if got is not None:
                return got
        got = self.table[code] = _entry(self.dealer.outcome(self._decode(code)), self.L)
        return got

    # the dealer, the blackjack mass
    def bj_chance(self, removed: Shoe) -> float:
        other = self.bj_other
        if other is None:
            return 0.0
        left = sum(self.base) - sum(removed)
        return (self.base[other] - removed[other]) / left

    def draws(self, removed: Shoe) -> list[tuple[int, float]]:
        left = sum(self.base) - sum(removed)
        return [
            (r, (self.base[r] - removed[r]) / left) for r in range(10) if self.base[r] > removed[r]
        ]

    def _play(self, removed: Shoe, code: int, hard: int, ace: bool) -> Value:
        """The best of standing and hitting (no double, split or surrender: after a hit)."""
        key = code * 64 + hard * 2 + ace
        got = self.memo.get(key)
        if got is not None:
            return got
        total = best_total(hard, ace)
        best = _stood(self._at(code), total)
        if total < 21:
            hit = self._one_card(removed, code, hard, ace, False)
            if hit[0] > best[0] + TIE:
                best = hit
        self.memo[key] = best
        return best

    def _hits_cdz(self, x: int, extra: int, removed: Shoe, code: int, hard: int, ace: bool) -> bool:
        """Whether a split hand hits under CDZ-: whether the unsplit hand of its own cards (the
        `extra` other pair cards put back) is worth more hit than stood."""
        total = best_total(hard, ace)
        if total >= 21:
            return False
        own = (*removed[:x], removed[x] - extra, *removed[x + 1 :])
        own_code = code - extra * self.strides[x]
        stood = _stood(self._at(own_code), total)[0]
        return self._play(own, own_code, hard, ace)[0] > stood + TIE

    def _play_cdz(
        self, x: int, extra: int, removed: Shoe, code: int, hard: int, ace: bool
    ) -> Value:
        """A split hand of pair rank x after a hit: it stands or hits as the unsplit hand of its
        own cards would (`_hits_cdz`), valued from the shoe less its cards and `extra` more pair
        cards."""
        key = ((code * 64 + hard * 2 + ace) * 8 + extra) * 10 + x
        got = self.cmemo.get(key)
        if got is None:
            if self._hits_cdz(x, extra, removed, code, hard, ace):
                got = self._one_card(removed, code, hard, ace, False, (x, extra))
            else:
                got = _stood(self._at(code), best_total(hard, ace))
            self.cmemo[key] = got
        return got

    def double(self, removed: Shoe, code: int, hard: int, ace: bool) -> Value:
        ev, m2 = self._one_card(removed, code, hard, ace, True)
        return 2 * ev, 4 * m2

    def _one_card(
        self,
        removed: Shoe,
        code: int,
        hard: int,
        ace: bool,
        then_stand: bool,
        cdz: tuple[int, int] | None = None,
    ) -> Value:
        """One more card, then the best play (a hit) or standing (a double, at the unit bet):
        `draws`, `_play` and `stand` written out; the busting cards together (their chance, less
        that of the dealer's blackjack card after them where it does not lose all). `cdz`: a
        split hand (pair rank, pair cards out besides its own), played on by `_play_cdz`."""
        base, strides, memo = self.base, self.strides, self.memo
        left = self.size - sum(removed)
        ev = m2 = 0.0
        drawn = 0  # the cards that do not bust
        for r in range(min(10, 21 - hard)):
            n = base[r] - removed[r]
            if n <= 0:
                continue
            drawn += n
            p = n / left
            h = hard + r + 1
            child = code + strides[r]
            soft = ace or r == ACE
            v: Value | None
            if then_stand:
                v = _stood(self._at(child), best_total(h, soft))
            elif cdz is not None:
                nr = (*removed[:r], removed[r] + 1, *removed[r + 1 :])
                v = self._play_cdz(cdz[0], cdz[1], nr, child, h, soft)
            elif (v := memo.get(child * 64 + h * 2 + soft)) is None:
                v = self._play((*removed[:r], removed[r] + 1, *removed[r + 1 :]), child, h, soft)
            ev += p * v[0]
            m2 += p * v[1]
        if drawn < left:
            # the busting cards: each one's value is (-mass, mass) of the shoe with it out
            m = (left - drawn) / left
            other = self.bj_other
            if other is not None:
                na = base[other] - removed[other]
                # P(bust card, then the dealer's blackjack card); an ace never busts
                bj = (left - drawn - (hard + other + 1 > 21)) * na / (left * (left - 1))
                m -= (1.0 - self.L) * bj
            ev -= m
            m2 += m
        return ev, m2

    def surrender(self, removed: Shoe) -> Value:
        bj = self.bj_chance(removed)
        nb = 1.0 - bj
        return -0.5 * nb - self.L * bj, 0.25 * nb + self.L * bj

    def may_double(self, hard: int, ace: bool) -> bool:
        on = self.rules.double_on
        total = best_total(hard, ace)
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

    def grid(self) -> Grid:
        if self._grid is None:
            with one_blas_thread():
                self._grid = Grid(self, add(self.base, self.up))
        return self._grid

    def options(self, removed: Shoe, c1: int, c2: int) -> dict[str, Value]:
        """Every legal first decision on the two-card hand c1 c2 (not a blackjack)."""
        hard = c1 + c2 + 2
        ace = ACE in (c1, c2)
        total = best_total(hard, ace)
        out: dict[str, Value]
        if self.use_grid:
            every = self.grid().options(self.grid().node(removed))
            out = {"S": every["S"]}
            if total < 21:
                out["H"] = every["H"]
                if self.may_double(hard, ace):
                    out["D"] = every["D"]
        else:
            code = self.code(removed)
            out = {"S": _stood(self._at(code), total)}
            if total < 21:
                out["H"] = self._one_card(removed, code, hard, ace, False)
                if self.may_double(hard, ace):
                    out["D"] = self.double(removed, code, hard, ace)
        if self.may_surrender():
            out["R"] = self.surrender(removed)
        if c1 == c2 and self.rules.split_max_hands >= 2:
            out["P"] = self.split(c1, removed)
        return out

    # splits
    # outcome vectors: a hand's result split by the dealer's final outcome (for the sd of splits)
    def _stand_vec(self, e: list[float], total: int, bet: float) -> list[float]:
        """Standing on `total` with the table entry `e` of its composition."""
        return [bet * c * d for c, d in zip(self.signs[total], e[DEALER_AT:], strict=True)]

    def _play_vec(self, removed: Shoe, code: int, hard: int, ace: bool) -> list[float]:
        """The outcome vector of `_play` (the same decisions)."""
        key = code * 64 + hard * 2 + ace
        got = self.vmemo.get(key)
        if got is None:
            total = best_total(hard, ace)
            e = self._at(code)
            # `_play` keeps hitting's value where it beats standing by more than TIE (memoised)
            if total < 21 and self._play(removed, code, hard, ace)[0] > _stood(e, total)[0] + TIE:
                got = self._hit_vec(removed, code, hard, ace)
            else:
                got = self._stand_vec(e, total, 1.0)
            self.vmemo[key] = got
        return got

    def _play_vec_cdz(
        self, x: int, extra: int, removed: Shoe, code: int, hard: int, ace: bool
    ) -> list[float]:
        """The outcome vector of `_play_cdz` (the same decisions)."""
        key = ((code * 64 + hard * 2 + ace) * 8 + extra) * 10 + x
        got = self.cvmemo.get(key)
        if got is None:
            if self._hits_cdz(x, extra, removed, code, hard, ace):
                got = self._hit_vec(removed, code, hard, ace, cdz=(x, extra))
            else:
                got = self._stand_vec(self._at(code), best_total(hard, ace), 1.0)
            self.cvmemo[key] = got
        return got

    def _hit_vec(
        self,
        removed: Shoe,
        code: int,
        hard: int,
        ace: bool,
        double: bool = False,
        cdz: tuple[int, int] | None = None,
    ) -> list[float]:
        """The outcome vector of one more card, then `_play` (or standing: a double). A card
        that busts loses the bet whatever the dealer makes: the dealer's vector given those
        cards, together, is the one given `removed` less the others' (each weighted by its
        chance), so the busted compositions need no vector of their own."""
        base, strides, vmemo = self.base, self.strides, self.vmemo
        left = self.size - sum(removed)
        bet = 2.0 if double else 1.0
        busts = any(base[r] > removed[r] for r in range(max(21 - hard, 0), 10))
        # with a card that busts: w = sum_r p_r (v_r + bet d_r) - bet d, d the dealer's vectors
        # with the blackjack slot times L (`busts` above); else sum_r p_r v_r
        scale = [bet] * 6 + [bet * self.L] if busts else [0.0] * 7
        w = [0.0] * 7
        for r in range(min(10, 21 - hard)):
            n = base[r] - removed[r]
            if n <= 0:
                continue
            p = n / left
            h = hard + r + 1
            child = code + strides[r]
            e = self._at(child)
            soft = ace or r == ACE
            if double:
                v = self._stand_vec(e, best_total(h, soft), 2.0)
            elif cdz is not None:
                nr = (*removed[:r], removed[r] + 1, *removed[r + 1 :])
                v = self._play_vec_cdz(cdz[0], cdz[1], nr, child, h, soft)
            else:
                got = vmemo.get(child * 64 + h * 2 + soft)
                if got is None:
                    nr = (*removed[:r], removed[r] + 1, *removed[r + 1 :])
                    got = self._play_vec(nr, child, h, soft)
                v = got
            if busts:
                v = [a + b * c for a, b, c in zip(v, scale, e[DEALER_AT:], strict=True)]
            w = [a + p * b for a, b in zip(w, v, strict=True)]
        if busts:
            e = self._at(code)
            w = [a - b * c for a, b, c in zip(w, scale, e[DEALER_AT:], strict=True)]
        return w

    def _split_hand(self, x: int, j: int, cdz: bool = False) -> SplitHand:
        """One split hand drawing its second card with j pair cards out: the chance of a pair
        card, then ev, m2 and outcome vector of the non-pair branch and of keeping the pair
        (each weighted by its chance). `cdz`: the hand is played as the unsplit hand of its own
        cards would be (CDZ-); else to its own best from the shoe it draws from."""
        if cdz and self.use_grid:
            return self._split_hand_grid(x, j)
        rules = self.rules
        removed = add((0,) * 10, x, j)
        code = self.code(removed)
        ev_n = m2_n = 0.0
        ev_p = m2_p = 0.0
        vec_n = [0.0] * 7
        vec_p = [0.0] * 7
        px = 0.0
        one_card = x == ACE and rules.aces_one_card
        for r, p in self.draws(removed):
            nr = add(removed, r)
            ncode = code + self.strides[r]
            hard = x + r + 2
            ace = ACE in (x, r)
            total = best_total(hard, ace)
            e = self._at(ncode)
            v = _stood(e, total)
            choice = "S"
            may_double = rules.double_after_split and self.may_double(hard, ace)
            if cdz:
                # the decision of the unsplit hand x r, the value from the split hand's shoe
                if not one_card and total < 21:
                    choice = self._first_choice(add(add((0,) * 10, x), r), hard, ace, may_double)
                if choice == "H":
                    v = self._one_card(nr, ncode, hard, ace, False, (x, j - 1))
                elif choice == "D":
                    v = self.double(nr, ncode, hard, ace)
            elif not one_card and total < 21:
                hit = self._one_card(nr, ncode, hard, ace, False)
                if hit[0] > v[0] + TIE:
                    v, choice = hit, "H"
                if may_double:
                    dbl = self.double(nr, ncode, hard, ace)
                    if dbl[0] > v[0] + TIE:
                        v, choice = dbl, "D"
            if choice == "S":
                vec = self._stand_vec(e, total, 1.0)
            else:
                cz = (x, j - 1) if cdz and choice == "H" else None
                vec = self._hit_vec(nr, ncode, hard, ace, double=choice == "D", cdz=cz)
            if r == x:
                px = p
                ev_p, m2_p = p * v[0], p * v[1]
                vec_p = [p * q for q in vec]
            else:
                ev_n += p * v[0]
                m2_n += p * v[1]
                for i in range(7):
                    vec_n[i] += p * vec[i]
        return px, ev_n, m2_n, vec_n, ev_p, m2_p, vec_p

    def _split_hand_grid(self, x: int, j: int) -> SplitHand:
        """`_split_hand(x, j, cdz=True)` from the grid's values."""
        g = self.grid()
        removed = add((0,) * 10, x, j)
        one_card = x == ACE and self.rules.aces_one_card
        ev_n = m2_n = ev_p = m2_p = px = 0.0
        vec_n = [0.0] * 7
        vec_p = [0.0] * 7
        for r, p in self.draws(removed):
            i = g.node(add(removed, r), j - 1, x)
            hard = x + r + 2
            ace = ACE in (x, r)
            choice = "S"
            if not one_card and best_total(hard, ace) < 21:
                # the unsplit hand x r decides: the first of stand, hit, double within TIE
                mine = g.options(g.node(add(add((0,) * 10, x), r)))
                best = mine["S"][0]
                if mine["H"][0] > best + TIE:
                    best, choice = mine["H"][0], "H"
                das = self.rules.double_after_split and self.may_double(hard, ace)
                if das and mine["D"][0] > best + TIE:
                    choice = "D"
            if choice == "S":
                v = (float(g.stand_ev[i]), float(g.stand_m2[i]))
                vec = g.sign_vec[i].tolist()
            elif choice == "H":
                v = (float(g.hit_ev[i]), float(g.hit_m2[i]))
                vec = g.hit_vec[i].tolist()
            else:
                v = (float(g.double_ev[i]), float(g.double_m2[i]))
                vec = g.double_vec[i].tolist()
            if r == x:
                px = p
                ev_p, m2_p = p * v[0], p * v[1]
                vec_p = [p * q for q in vec]
            else:
                ev_n += p * v[0]
                m2_n += p * v[1]
                vec_n = [a + p * q for a, q in zip(vec_n, vec, strict=True)]
        return px, ev_n, m2_n, vec_n, ev_p, m2_p, vec_p

    def _first_choice(self, own: Shoe, hard: int, ace: bool, may_double: bool) -> str:
        """The first decision (S, H or D) of the unsplit two-card hand `own` (no surrender, no
        split): the first of stand, hit, double within TIE of the best."""
        code = self.code(own)
        best, choice = _stood(self._at(code), best_total(hard, ace))[0], "S"
        hit = self._one_card(own, code, hard, ace, False)[0]
        if hit > best + TIE:
            best, choice = hit, "H"
        if may_double and self.double(own, code, hard, ace)[0] > best + TIE:
            choice = "D"
        return choice

    def _split_exact(self, x: int, removed: Shoe) -> Value:
        """(E[sum], E[sum^2]) over the split hands of x x under CDZ-, every card accounted for.

        Each hand is played by the unsplit hand's decisions, so its play depends on its own
        cards only, and the cards may be dealt in another order without changing the joint law
        of what each hand and the dealer get (cards dealt without replacement are
        exchangeable): first the hands' second cards, one hand after another, which alone
        decide how many hands there are; then one hand's further cards, then the dealer's. A
        hand's expectation then depends only on its pair cards out (j: the hands' first cards
        and any pair card it shares the shoe with) and on how many other hands' second cards
        are known to be non-pair cards (b). Removing a card of unknown rank changes no
        expectation, so, with v the chance that such a card is a pair card,
        E(j, b - 1) = v E(j + 1, b - 1) + (1 - v) E(j, b): E(j, b) follows from the values
        E(j', 0) of `_split_hand`. While the hands number fewer than the limit, a second card
        is a non-pair card (the hand is done: an "N" hand) or a pair card (one more hand);
        once the limit is reached the hands still waiting take any card, a pair card kept
        ("X" hands), so the second cards of those are unknown to every other hand.

        The second moment adds each hand's own to the cross terms of every two hands, taken
        as independent given the dealer's final outcome (their correlation through the cards
        they take from each other is left out; the edge does not depend on it)."""
        rules = self.rules
        limit = rules.split_max_hands if x != ACE or rules.resplit_aces else 2
        pairs, size = self.base[x], self.size
        hands: dict[int, SplitHand] = {}
        known: dict[tuple[bool, int, int], list[float]] = {}
        dealer: list[float]
        if self.use_grid:
            dealer = self.grid().dealer_vec[self.grid().node(removed)].tolist()
        else:
            dealer = self._at(self.code(removed))[DEALER_AT:]

        def moments(open_card: bool, j: int, b: int) -> list[float]:
            """ev, m2 and outcome vector (9 numbers) of a hand with j pair cards out and b other
            second cards known to be non-pair cards; its own second card any card
            (`open_card`, an X hand) or a non-pair card (an N hand)."""
            key = (open_card, j, b)
            got = known.get(key)
            if got is not None:
                return got
            if b == 0:
                if j not in hands:
                    hands[j] = self._split_hand(x, j, cdz=True)
                px, ev_n, m2_n, vec_n, ev_p, m2_p, vec_p = hands[j]
                if open_card:
                    got = [
                        ev_n + ev_p,
                        m2_n + m2_p,
                        *(a + c for a, c in zip(vec_n, vec_p, strict=True)),
                    ]
                else:
                    scale = 1.0 / (1.0 - px) if px < 1.0 else 0.0
                    got = [scale * ev_n, scale * m2_n, *(scale * a for a in vec_n)]
            else:
                # the chance that one more card of unknown rank is a pair card: the shoe holds
                # the j pair cards out, b - 1 known non-pair cards and (N) the hand's own
                v = (pairs - j) / (size - j - b + open_card)
                fewer = moments(open_card, j, b - 1)
                if v <= 0.0:
                    got = fewer
                elif v >= 1.0:
                    got = [0.0] * 9
                else:
                    more = moments(open_card, j + 1, b - 1)
                    got = [(a - v * c) / (1.0 - v) for a, c in zip(fewer, more, strict=True)]
            known[key] = got
            return got

        def cross(a: Sequence[float], c: Sequence[float]) -> float:
            """E[A C] of two hands' results, independent given the dealer's outcome."""
            return sum(p * q / d for p, q, d in zip(a, c, dealer, strict=True) if d > 0)

        ev = m2 = 0.0
        # the second cards dealt so far: (hands waiting, hands, N hands done) -> chance
        states = {(2, 2, 0): 1.0}
        while states:
            (k, t, c), chance = states.popitem()
            if t == limit:
                # the k waiting hands take any card (X); the c done hands are N
                xs = moments(True, t, c)
                ns = moments(False, t, c - 1) if c else xs
                ev += chance * (c * ns[0] + k * xs[0])
                m2 += chance * (
                    c * ns[1]
                    + k * xs[1]
                    + c * (c - 1) * cross(ns[2:], ns[2:])
                    + k * (k - 1) * cross(xs[2:], xs[2:])
                    + 2 * c * k * cross(ns[2:], xs[2:])
                )
                continue
            # the pool: the shoe less the t first cards and the c non-pair second cards
            pool = size - t - c
            q = (pairs - t) / pool
            if q > 0.0:
                nxt = (k + 1, t + 1, c)
                states[nxt] = states.get(nxt, 0.0) + chance * q
            if q < 1.0:
                if k == 1:
                    # every hand is done, each on a non-pair card (t < limit)
                    ns = moments(False, t, t - 1)
                    ev += chance * (1.0 - q) * t * ns[0]
                    m2 += chance * (1.0 - q) * (t * ns[1] + t * (t - 1) * cross(ns[2:], ns[2:]))
                else:
                    nxt = (k - 1, t, c + 1)
                    states[nxt] = states.get(nxt, 0.0) + chance * (1.0 - q)
        return ev, m2

    def split(self, x: int, removed: Shoe) -> Value:
        """(E[sum], E[sum^2]) over the split hands of the pair x x (removed: the pair)."""
        if self.split_method == "exact":
            return self._split_exact(x, removed)
        rules = self.rules
        limit = rules.split_max_hands
        may_resplit = x != ACE or rules.resplit_aces
        fixed = self.split_method == "fixed"
        hands: dict[int, SplitHand] = {}
        dealer = self._at(self.code(removed))[DEALER_AT:]

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


def _numpy_ok() -> bool:
    return importlib.util.find_spec("numpy") is not None


def solvers(
    rules: Rules,
    shoe: Sequence[int] | None = None,
    *,
    use_numpy: bool | None = None,
    split_method: str = "exact",
) -> list[_Solver | None]:
    """One solver per up card (None where the shoe holds none of that rank)."""
    full = tuple(shoe) if shoe is not None else rules.shoe()
    if len(full) != 10 or min(full) < 0:
        raise ValueError("a shoe is ten counts: A, 2..9, ten")
    if sum((r + 1) * k for r, k in enumerate(full)) < 58:
        # a busted player hand and a finished dealer hand never take more than 57 points
        raise ValueError("the shoe is too small: it must hold cards worth at least 58 points")
    if split_method not in SPLIT_METHODS:
        raise ValueError(f"split_method = {split_method!r}: one of {list(SPLIT_METHODS)}")
    numpy = _numpy_ok() if use_numpy is None else use_numpy
    return [_Solver(rules, full, u, numpy, split_method) if full[u] else None for u in range(10)]


@lru_cache(maxsize=1)
def full_shoe_solvers(rules: Rules) -> tuple[_Solver | None, ...]:
    """`solvers(rules)` off a full shoe, kept for the last rule set asked, so that `edge` and
    `strategy` of one preset in one process solve it once (about 200 MiB held at 8 decks)."""
    return tuple(solvers(rules))


def house_edge(
    rules: Rules,
    shoe: Sequence[int] | None = None,
    *,
    use_numpy: bool | None = None,
    split_method: str = "exact",
    take_even_money: bool = False,
) -> EdgeResult:
    """The exact house edge (module docstring). `shoe` overrides the full shoe (ten counts:
    A, 2..9, ten), for small test shoes. `split_method`: "exact" (CDZ-, every card counted),
    or the approximations "pair-cards" and "fixed". `take_even_money`: a blackjack against an
    ace takes even money where `rules.even_money` offers it and it is worth more than waiting
    (never at 3:2; at 6:5 or 1:1 it is); off by default, as in the published figures."""
    full = tuple(shoe) if shoe is not None else rules.shoe()
    n = sum(full)
    ev = m2 = 0.0
    every = (
        full_shoe_solvers(rules)
        if shoe is None and use_numpy is None and split_method == "exact"
        else solvers(rules, full, use_numpy=use_numpy, split_method=split_method)
    )
    for up, solver in enumerate(every):
        if solver is None:
            continue
        pu = full[up] / n
        e_up, m_up = _up_value(solver, rules, take_even_money)
        ev += pu * e_up
        m2 += pu * m_up
    return EdgeResult(edge=-ev, sd=math.sqrt(max(m2 - ev * ev, 0.0)))


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
        removed = add(add((0,) * 10, c1), c2)
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
        "split_hands": "CDZ-: each split hand played as the unsplit hand of its cards, valued exactly over the shoe as all the hands take their cards",
    }
