"""The dealer's final outcome in the casino house-edge lab: its chances given the cards removed.

For the up card u, every draw sequence of the dealer (hole card first, then his draws, S17 or
H17) is enumerated once and grouped by the multiset M of the cards he draws
(`_dealer_multisets`); `_Dealer` weighs the multisets by the shoe left (module docstring of
`banluck.games.casino.edge`), one composition at a time in plain Python or, with numpy, many at
once (`_Dealer.outcomes`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

ACE, TEN = 0, 9
# Outcome slots of the dealer's vector: 17, 18, 19, 20, 21, bust, blackjack.
BUST, BJ = 5, 6
# `_Dealer.outcomes` factors the weights into ranks A..3 and 4..10.
SPLIT_RANK = 3

Shoe = tuple[int, ...]


# The lab's matrix products are small: BLAS threads cost more CPU than they save (about 1.8x
# the CPU for a few percent of the time on two cores). Before numpy's first import the
# environment says so (a value the user set is kept); a numpy imported before the lab is asked
# through its OpenBLAS, for the lab's computation only (`one_blas_thread`).
ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
_OPENBLAS_THREADS = (
    ("scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"),
    ("openblas_get_num_threads64_", "openblas_set_num_threads64_"),
    ("openblas_get_num_threads", "openblas_set_num_threads"),
)


def load_numpy() -> Any:
    """numpy, imported with its BLAS held to one thread where it is not imported yet."""
    if "numpy" not in sys.modules:
        for name in ONE_THREAD:
            os.environ.setdefault(name, "1")
    import numpy as np

    return np


@lru_cache(maxsize=1)
def _openblas() -> tuple[Any, Any] | None:
    """numpy's own OpenBLAS thread count getter and setter (the library numpy's wheels
    carry), or None where there is none such (another BLAS, or numpy built otherwise)."""
    import ctypes
    from pathlib import Path

    np = load_numpy()
    folder = Path(np.__file__).resolve().parent.parent / "numpy.libs"
    for path in sorted(folder.glob("*openblas*.so*")) if folder.is_dir() else []:
        try:
            lib = ctypes.CDLL(str(path))
        except OSError:
            continue
        for get, put in _OPENBLAS_THREADS:
            if hasattr(lib, get) and hasattr(lib, put):
                return getattr(lib, get), getattr(lib, put)
    return None


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """numpy's BLAS on one thread while the block runs (then as it was), where the environment
    did not decide it when numpy was imported (`load_numpy` sets it, or the user did)."""
    if os.environ.get("OPENBLAS_NUM_THREADS") is not None:
        yield
        return
    calls = _openblas()
    if calls is None:
        yield
        return
    get, put = calls
    before = int(get())
    if before != 1:
        put(1)
    try:
        yield
    finally:
        if before != 1:
            put(before)


def _ff_rows(np: Any, ns: Any, top: int) -> Any:
    """ff(n, j) for each n of `ns` (a row each) and j = 0 .. top - 1, the products in `_ff`'s
    order."""
    steps = np.asarray(ns, dtype=np.float64)[:, None] - np.arange(max(top - 1, 0))[None, :]
    return np.cumprod(np.concatenate([np.ones((len(steps), 1)), steps], axis=1), axis=1)


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


def _dealer_multisets_np(np: Any, base: Shoe, up: int, h17: bool) -> tuple[Any, Any]:
    """`_dealer_multisets` with numpy, a number of cards at a time: the multisets (a row each)
    and their numbers of sequences per outcome slot (the same groups, in another order)."""
    limit = np.array(base, dtype=np.int64)
    values = np.arange(1, 11)
    strides = np.cumprod(np.concatenate(([1], limit[:-1] + 1)))
    one_more = np.eye(10, dtype=np.int64)
    states = np.zeros((1, 10), dtype=np.int64)  # the multisets after which he draws
    ways = np.ones(1, dtype=np.int64)  # the sequences reaching each
    found_m, found_c = [], []
    ncards = 1
    while len(states):
        ncards += 1
        kids = states[:, None, :] + one_more[None, :, :]
        ok = (kids <= limit).all(axis=2)
        kids, kid_ways = kids[ok], np.broadcast_to(ways[:, None], ok.shape)[ok]
        hard = up + 1 + kids @ values
        ace = (up == ACE) | (kids[:, ACE] > 0)
        soft = ace & (hard + 10 <= 21)
        best = np.where(soft, hard + 10, hard)
        stands = (best > 17) | ((best == 17) & ~(soft & h17))
        slot = np.where(
            (ncards == 2) & (best == 21),
            BJ,
            np.where(hard > 21, BUST, np.where(stands, best - 17, -1)),
        )
        for done in (True, False):
            pick = (slot >= 0) == done
            codes, first, inverse = np.unique(
                kids[pick] @ strides, return_index=True, return_inverse=True
            )
            total = np.bincount(inverse.reshape(-1), weights=kid_ways[pick], minlength=len(codes))
            if done:
                counts = np.zeros((len(codes), 7))
                counts[np.arange(len(codes)), slot[pick][first]] = total
                found_m.append(kids[pick][first])
                found_c.append(counts)
            else:
                states, ways = kids[pick][first], total.astype(np.int64)
    return np.concatenate(found_m), np.concatenate(found_c)


class _Dealer:
    """The dealer's outcome vector given the cards removed, for one up card."""

    def __init__(self, base: Shoe, up: int, h17: bool, use_numpy: bool) -> None:
        self.base = base
        self.total = sum(base)
        self.outcome: Callable[[Shoe], tuple[float, ...]]
        if use_numpy:
            self._setup_numpy(up, h17)
            self.outcome = self._outcome_numpy
        else:
            groups = _dealer_multisets(base, up, h17)
            self.multisets = [m for m, _ in groups]
            self.counts = [c for _, c in groups]
            self.sizes = [sum(m) for m in self.multisets]
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

    def _setup_numpy(self, up: int, h17: bool) -> None:
        np = load_numpy()
        self.np = np
        m, self.c = _dealer_multisets_np(np, self.base, up, h17)
        self.m = m
        self._sizes = m.sum(axis=1)
        maxm = int(m.max()) if m.size else 0
        # prod_r ff(base_r, m_r) for every multiset m
        self._base_w = np.ones(len(m))
        base_ff = _ff_rows(np, self.base, maxm + 1)
        for r in range(10):
            self._base_w *= base_ff[r][m[:, r]]
        # 1 / ff(total - s, j) for every s (row) and j (0 where the shoe is too short)
        dens = _ff_rows(np, self.total - np.arange(self.total + 1), 40)
        self._inv_dens = np.divide(1.0, dens, out=np.zeros_like(dens), where=dens != 0)

    def _inv_den(self, s: int) -> Any:
        """1 / ff(total - s, |M|) for every multiset M (0 where the shoe is too short)."""
        return self._inv_dens[s][self._sizes]

    def _outcome_numpy(self, removed: Shoe) -> tuple[float, ...]:
        """One composition's vector (the solver fills its table with `outcomes` first: this is
        for a composition outside that set)."""
        return tuple(self.outcomes([removed])[0].tolist())

    def outcomes(self, removed: Any) -> Any:
        """The outcome vectors of many compositions at once (numpy only): `removed` an integer
        array, a composition a row (each within the shoe); returns one vector a row.

        The weight of the multiset M given R factors over the ranks: with R = (R1, R2) and
        M = (M1, M2) split at `SPLIT_RANK`, it is F1(R1, M1) F2(R2, M2) times c(M) / ff(A, |M|),
        A depending on |R| only. So for the compositions of one size the vectors are the
        bilinear forms F1 W F2 of two small matrices (the distinct R1 against the distinct M1,
        the distinct R2 against the distinct M2) with the dealer's weights W: two matrix
        products per size instead of a sum over every multiset for every composition."""
        np = self.np
        comps = np.asarray(removed, dtype=np.int64).reshape(-1, 10)
        m, base, cut = self.m, self.base, SPLIT_RANK
        top = np.maximum(comps.max(axis=0, initial=0), m.max(axis=0, initial=0)) + 1

        def distinct(rows: Any, width: Any) -> tuple[Any, Any]:
            """The distinct rows, and each row's index among them."""
            strides = np.cumprod(np.concatenate(([1], width[:-1])))
            _, first, inverse = np.unique(rows @ strides, return_index=True, return_inverse=True)
            return rows[first], inverse.reshape(-1)

        def factors(rows: Any, multisets: Any, ranks: range) -> Any:
            """prod over `ranks` of ff(b_r - k_r, j_r) / ff(b_r, j_r): a row per composition
            part k, a column per multiset part j."""
            out = np.ones((len(rows), len(multisets)))
            for i, r in enumerate(ranks):
                b, t = base[r], int(top[r])
                nums = _ff_rows(np, b - np.arange(t), t)
                dens = _ff_rows(np, [b], t)
                table = np.divide(nums, dens, out=np.zeros_like(nums), where=dens != 0)
                out *= table[rows[:, i][:, None], multisets[:, i][None, :]]
            return out

        m1, i1 = distinct(m[:, :cut], top[:cut])
        m2, i2 = distinct(m[:, cut:], top[cut:])
        r1, h = distinct(comps[:, :cut], top[:cut])
        r2, g = distinct(comps[:, cut:], top[cut:])
        f1 = factors(r1, m1, range(cut))
        f2 = factors(r2, m2, range(cut, 10))
        level = comps.sum(axis=1)
        out = np.empty((len(comps), 7))
        for size in np.unique(level).tolist():
            at = np.flatnonzero(level == size)
            weights = np.zeros((len(m1), len(m2), 7))
            weights[i1, i2] = self.c * (self._base_w * self._inv_den(size))[:, None]
            hs, hi = np.unique(h[at], return_inverse=True)
            gs, gi = np.unique(g[at], return_inverse=True)
            a = (f1[hs] @ weights.reshape(len(m1), -1)).reshape(len(hs), len(m2), 7)
            if len(hs) * len(gs) <= 16 * len(at):
                a = a.transpose(0, 2, 1).reshape(-1, len(m2))
                pairs = (a @ f2[gs].T).reshape(len(hs), 7, len(gs))
                out[at] = pairs[hi.reshape(-1), :, gi.reshape(-1)]
            else:
                # under a sixteenth of the pairs are wanted: each composition's own sum
                hi, g_at = hi.reshape(-1), g[at]
                for lo in range(0, len(at), 1024):
                    part = slice(lo, lo + 1024)
                    out[at[part]] = np.einsum("imk,im->ik", a[hi[part]], f2[g_at[part]])
        return out
