"""The casino house-edge lab's hands (docs/casino-edge.md): the two-card starts and their
chances (`pair_starts`), every hand the player's recursion reaches (`reach`, and `reach_array`
with numpy), and, for the exact method with numpy, those hands laid out once per shoe (`Shape`)
and valued against one up card a level of cards at a time (`Grid`). `edge._Solver` reads the
two-card hands' values from a `Grid`; the tests compare them with its recursion."""

from __future__ import annotations

from functools import lru_cache
from itertools import accumulate
from operator import mul
from typing import Any

from banluck.games.casino.dealer_odds import ACE, Shoe, load_numpy

# Options within TIE of the best count as equal: the first of stand, hit, double, surrender,
# split is played (only the sd can depend on it).
TIE = 1e-12
Value = tuple[float, float]  # (expectation, second moment), joint units (edge's docstring)


def add(shoe: Shoe, r: int, k: int = 1) -> Shoe:
    """The shoe (or hand) with k more cards of rank r."""
    out = list(shoe)
    out[r] += k
    return tuple(out)


def best_total(hard: int, ace: bool) -> int:
    """A hand's total: an ace counts 11 where that stays within 21."""
    return hard + 10 if ace and hard + 10 <= 21 else hard


@lru_cache(maxsize=16)
def reach(first: int | None) -> tuple[Shoe, ...]:
    """Every hand the player's recursion reaches from a two-card start (the starts holding
    `first`; None: every start): the start, and the hand one card more than a reached hand whose
    total is under 21, while its hard total is at most 21. The counts are not bounded here: the
    hands of a shoe are those within it."""
    seen: set[Shoe] = set()

    def go(hand: Shoe, hard: int, ace: bool) -> None:
        if hand in seen:
            return
        seen.add(hand)
        if best_total(hard, ace) < 21:
            for r in range(min(10, 21 - hard)):
                go(add(hand, r), hard + r + 1, ace or r == ACE)

    for c1 in range(10):
        for c2 in range(c1, 10):
            if first is None or first in (c1, c2):
                go(add(add((0,) * 10, c1), c2), c1 + c2 + 2, ACE in (c1, c2))
    return tuple(sorted(seen))


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


def reach_array(np: Any) -> Any:
    """`reach(None)` with numpy, a number of cards at a time (one hand a row, in another
    order): the two-card starts, then one card more on every hand under 21 while its hard total
    is at most 21."""
    values = np.arange(1, 11)
    one_more = np.eye(10, dtype=np.int64)
    hands = one_more[:, None, :] + one_more[None, :, :]
    frontier = hands[np.triu_indices(10)]
    strides = 22 ** np.arange(10)
    found = []
    while len(frontier):
        found.append(frontier)
        hard = frontier @ values
        total = np.where((frontier[:, ACE] > 0) & (hard + 10 <= 21), hard + 10, hard)
        grow, hard = frontier[total < 21], hard[total < 21]
        kids = grow[:, None, :] + one_more[None, :, :]
        kids = kids[hard[:, None] + values[None, :] <= 21]
        _, first = np.unique(kids @ strides, return_index=True)
        frontier = kids[np.sort(first)]
    return np.concatenate(found)


class Shape:
    """The hands of the exact method and how they connect, the same for every up card (numpy).

    A node is a hand: its own cards H and the cards removed from the shoe R (H, plus e more
    pair cards of rank x for a split hand played with e other pair cards out). Nodes are
    ordered by level (the number of the hand's own cards, the longest first; unsplit before
    split within a level), and each knows its child for each rank (one card more, a level
    down; `n` where there is none: the hand busts, may not draw, or the rank is out) and the
    unsplit node of its own cards (CDZ-: a split hand plays as that one does). Codes use the
    full shoe's strides; a node beyond the shoe of one up card (its last card of that rank
    drawn) has no chance against that up card."""

    def __init__(
        self, full: Shoe, max_hands: int, resplit_aces: bool, one_card: bool, np: Any
    ) -> None:
        strides_t = tuple(accumulate((b + 1 for b in full[:-1]), mul, initial=1))
        strides = np.array(strides_t, dtype=np.int64)
        every = reach_array(np)
        blocks = [(every, 0, 0)]
        if max_hands >= 2:
            for x in range(10):
                if full[x] < 2:
                    continue
                if x == ACE and one_card:
                    own = np.array([add(add((0,) * 10, x), r) for r in range(10)], dtype=np.int64)
                else:
                    # the hands holding x: those of the split hands and a few more
                    own = every[every[:, x] > 0]
                may_resplit = (x != ACE or resplit_aces) and max_hands > 2
                top = min(2 * max_hands - 2, full[x]) if may_resplit else 2
                for j in range(2, top + 1):
                    blocks.append((own, j - 1, x))
        H = np.concatenate([b[0] for b in blocks])
        E = np.concatenate([np.full(len(b[0]), b[1], dtype=np.int64) for b in blocks])
        X = np.concatenate([np.full(len(b[0]), b[2], dtype=np.int64) for b in blocks])
        R = H.copy()
        R[np.arange(len(R)), X] += E
        keep = (np.array(full) >= R).all(axis=1)
        H, E, X, R = H[keep], E[keep], X[keep], R[keep]
        ncards = H.sum(axis=1)
        split = E > 0
        order = np.lexsort((split, -ncards))
        H, E, X, R, ncards, split = (a[order] for a in (H, E, X, R, ncards, split))
        n = len(H)
        rcode = R @ strides
        key = rcode * 64 + np.where(split, E * 10 + X, 0)
        by_key = np.argsort(key)
        sorted_key = key[by_key]

        def find(wanted: Any) -> Any:
            """The nodes of the given keys (n where there is none)."""
            pos = np.minimum(np.searchsorted(sorted_key, wanted), n - 1)
            return np.where(sorted_key[pos] == wanted, by_key[pos], n)

        hard = H @ np.arange(1, 11)
        ace = H[:, ACE] > 0
        total = np.where(ace & (hard + 10 <= 21), hard + 10, hard)
        ranks = np.arange(10)
        may_hit = (total < 21) & ~(split & (X == ACE) & one_card)
        grows = may_hit[:, None] & (hard[:, None] + ranks[None, :] + 1 <= 21)
        grows &= np.array(full)[None, :] > R
        self.busts = may_hit[:, None] & (hard[:, None] + ranks[None, :] + 1 > 21)
        self.child = np.where(grows, find(key[:, None] + 64 * strides[None, :]), n)
        if (self.child[grows] == n).any():
            raise AssertionError("a reachable hand is missing from the grid")
        self.grows = grows
        # kept for every up card of the rule set: indices as 32-bit, counts as 16-bit numbers
        self.child = self.child.astype(np.int32)
        self.own = find((H @ strides) * 64).astype(np.int32)
        self.n, self.R, self.split = n, R.astype(np.int16), split
        self.total, self.may_hit = total.astype(np.int16), may_hit
        _, first, inv = np.unique(rcode, return_index=True, return_inverse=True)
        self.first, self.inv = first.astype(np.int32), inv.reshape(-1).astype(np.int32)
        self.bounds = np.flatnonzero(np.diff(ncards * 2 + split)) + 1
        self.two = np.flatnonzero(ncards == 2)
        self.index: dict[int, int] = dict(
            zip(key[self.two].tolist(), range(len(self.two)), strict=True)
        )
        self.strides = strides_t


@lru_cache(maxsize=4)
def shape_of(full: Shoe, max_hands: int, resplit_aces: bool, one_card: bool) -> Shape:
    return Shape(full, max_hands, resplit_aces, one_card, load_numpy())


class Grid:
    """The exact method with numpy: the value of every node of `Shape` against one up card,
    all at once, a level at a time: standing (from the dealer's vector of R), one card then
    the continuation (hitting), doubling (two-card hands); the continuation is the best of
    standing and hitting for an unsplit hand and, for a split hand, what the unsplit hand of
    its own cards does (CDZ-). The busting cards are summed as in `_Solver._one_card`. Split
    hands also carry their outcome vectors (the sd of splits, `_Solver._hit_vec`). Only the
    two-card hands' values are kept. They equal the recursion's (`_Solver`) to rounding: the
    tests compare them."""

    def __init__(self, solver: Any, full: Shoe) -> None:
        np = solver.dealer.np
        rules, L = solver.rules, solver.L
        shape = shape_of(full, rules.split_max_hands, rules.resplit_aces, rules.aces_one_card)
        n, R, child, split = shape.n, shape.R, shape.child, shape.split
        base = np.array(solver.base, dtype=np.int64)
        # the dealer's vector of each R within this shoe (none beyond it: no chance); the extra
        # last row (and in the arrays below): no child, worth nothing
        inside = (R[shape.first] <= base).all(axis=1)
        distinct = np.zeros((len(shape.first), 7))
        distinct[inside] = solver.dealer.outcomes(R[shape.first[inside]])
        Dz = np.zeros((n + 1, 7))
        Dz[:n] = distinct[shape.inv]
        D = Dz[:n]
        signs = np.array(solver.signs)[np.minimum(shape.total, 21)]
        vec_z = np.zeros((n + 1, 7))
        sign_vec = np.multiply(signs, D, out=vec_z[:n])
        cont_ev = np.zeros(n + 1)
        cont_m2 = np.zeros(n + 1)
        stand_ev = np.sum(sign_vec, axis=1, out=cont_ev[:n])
        stand_m2 = np.einsum("nk,nk->n", np.abs(signs), D, out=cont_m2[:n])
        stand_ev, stand_m2 = stand_ev.copy(), stand_m2.copy()
        left = solver.size - R.sum(axis=1)
        P = np.maximum(base[None, :] - R, 0) / np.maximum(left, 1)[:, None]
        W = np.where(shape.grows, P, 0.0)
        bust_p = np.where(shape.busts, P, 0.0)
        other = solver.bj_other
        if other is not None:
            # a busted hand loses its bet, less where the dealer's blackjack would cost less
            n_other = (base[other] - R[:, other])[:, None] - (np.arange(10)[None, :] == other)
            bj = np.maximum(n_other, 0) / np.maximum(left - 1, 1)[:, None]
            bust_mass = (bust_p * (1.0 - (1.0 - L) * bj)).sum(axis=1)
        else:
            bust_mass = bust_p.sum(axis=1)
        # the continuation of each node: standing, or hitting where it plays on
        hit_ev = np.full(n, -9.0)
        hit_m2 = np.zeros(n)
        hits = np.zeros(n + 1, dtype=bool)
        own, may_hit = shape.own, shape.may_hit
        # outcome vectors (split hands only): standing, and the part lost to busting cards
        scale = np.array([1.0] * 6 + [L])
        cont_vec = vec_z.copy()
        two = shape.two
        # the two-card hands are the last level, unsplit then split ones (`Shape`)
        lo2 = int((~split[two]).sum())
        split_two = n - len(two) + lo2
        cuts = shape.bounds.tolist()
        hit_vec2 = lost2 = np.zeros((0, 7))
        for lo, hi in zip([0, *cuts], [*cuts, n], strict=True):
            c, w = child[lo:hi], W[lo:hi]
            hev = np.einsum("mr,mr->m", w, cont_ev[c]) - bust_mass[lo:hi]
            hm2 = np.einsum("mr,mr->m", w, cont_m2[c]) + bust_mass[lo:hi]
            hit_ev[lo:hi], hit_m2[lo:hi] = hev, hm2
            if split[lo]:
                take = hits[own[lo:hi]] & may_hit[lo:hi]
                lost = (D[lo:hi] - np.einsum("mr,mrk->mk", w, Dz[c])) * scale
                hv = np.einsum("mr,mrk->mk", w, cont_vec[c]) - lost
                cont_vec[lo:hi] = np.where(take[:, None], hv, sign_vec[lo:hi])
                if lo == split_two:
                    hit_vec2, lost2 = hv, lost
            else:
                take = may_hit[lo:hi] & (hev > stand_ev[lo:hi] + TIE)
            hits[lo:hi] = take
            cont_ev[lo:hi] = np.where(take, hev, stand_ev[lo:hi])
            cont_m2[lo:hi] = np.where(take, hm2, stand_m2[lo:hi])
        # the two-card hands: their values, doubling, the vectors of split ones
        c2, w2 = child[two], W[two]
        sev = np.concatenate([stand_ev, [0.0]])
        sm2 = np.concatenate([stand_m2, [0.0]])
        self.stand_ev, self.stand_m2 = stand_ev[two], stand_m2[two]
        self.hit_ev, self.hit_m2 = hit_ev[two], hit_m2[two]
        self.double_ev = 2.0 * (np.einsum("mr,mr->m", w2, sev[c2]) - bust_mass[two])
        self.double_m2 = 4.0 * (np.einsum("mr,mr->m", w2, sm2[c2]) + bust_mass[two])
        self.sign_vec, self.dealer_vec = sign_vec[two], D[two]
        # vectors of the two-card split hands (rows lo2 on; the unsplit ones are never split)
        self.hit_vec = np.zeros((len(two), 7))
        self.double_vec = np.zeros((len(two), 7))
        self.hit_vec[lo2:] = hit_vec2
        cs = c2[lo2:]
        self.double_vec[lo2:] = 2.0 * np.einsum("mr,mrk->mk", w2[lo2:], vec_z[cs]) - 2.0 * lost2
        self.index: dict[int, int] = shape.index
        self.strides = shape.strides

    def node(self, removed: Shoe, extra: int = 0, x: int = 0) -> int:
        code = sum(k * s for k, s in zip(removed, self.strides, strict=True))
        return self.index[code * 64 + (extra * 10 + x if extra else 0)]

    def options(self, i: int) -> dict[str, Value]:
        """stand, hit and double of node i."""
        return {
            "S": (float(self.stand_ev[i]), float(self.stand_m2[i])),
            "H": (float(self.hit_ev[i]), float(self.hit_m2[i])),
            "D": (float(self.double_ev[i]), float(self.double_m2[i])),
        }
