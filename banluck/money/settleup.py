"""The end-of-night settle-up: who pays whom so that every balance is cleared with few transfers.

A balance is a whole number of chips (or cents); `+` means the person is owed money, `-` that he
owes. The balances of a night sum to zero. A plan is a list of transfers (payer, payee, amount) that
brings every balance to exactly zero.

The fewest transfers for `n` people with non-zero balances is `n - k`, where `k` is the largest
number of disjoint groups whose balances each sum to zero (a group of `s` people settles among
themselves with `s - 1` transfers and never with fewer, unless it splits into smaller zero-sum
groups). `plan` finds `k` exactly:

1. Two people whose balances cancel (`+x` and `-x`) are always one group of some best plan, so
   they are paired first (names in order, so pairings are the same whatever the input order).
2. The rest, up to `SUBSETS_LIMIT` people, go through a dynamic program over the subsets of them:
   the largest number of zero-sum groups is the longest chain of zero-sum subsets, each inside the
   next. The zero-sum subsets are found by meeting in the middle (creditors against debtors), so
   when few subsets sum to zero (the usual case with real amounts) the chain is found among them
   in milliseconds even at 20 people; when amounts repeat so much that thousands of subsets sum
   to zero, every subset is visited once instead (`n * 2**n` steps, about a second at 20).
3. From `SUBSETS_LIMIT` to `EXACT_LIMIT` people (a club night, a season across tables), only
   the zero-sum groups small enough to matter are listed, smallest group first, with people of
   equal balance taken in order (`_crowd_groups`): a few milliseconds to a second at 30 people.
4. Above `EXACT_LIMIT`, or when that search would take more than `CROWD_STEPS`, the largest debtor
   pays the largest creditor until everyone is clear. This is usually within a few transfers of
   the best, and the plan says so: `method == "greedy"`.

`plan_via` routes everything through one banker instead. `apply` pays a list of transfers.
Everything here is pure: no I/O, integers only, and the same balances always give the same plan.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from banluck.core.errors import BanluckError
from banluck.core.money import Transfer as Transfer  # the plans' transfers
from banluck.core.money import nets

EXACT_LIMIT = 30
"""The most people (after pairing opposites) that `plan` settles with the fewest transfers."""

SUBSETS_LIMIT = 20
"""Up to this many people (after pairing) the search goes over every zero-sum subset; above it,
over the zero-sum groups small enough to matter (`_crowd_groups`)."""

CROWD_STEPS = 2_000_000
"""The most steps (subsets listed or weighed) of `_crowd_groups` before it gives up and the
plan falls back to greedy: a few seconds at most."""

Method = Literal["exact", "greedy", "via"]


@dataclass(frozen=True, slots=True)
class Plan:
    """The transfers that clear a night's balances, and how they were found.

    `groups`: the people who settle among themselves (each group's balances sum to zero and no
    transfer crosses groups), each sorted by name, the groups sorted by their first name.
    `method`: "exact" (the fewest transfers possible, proven), "greedy" (too many people for the
    exact search, or too many ways to split them: largest debtor pays largest creditor), or
    "via" (everything through `banker`).
    `even`: the people whose balance was already zero and who take no part.
    """

    transfers: tuple[Transfer, ...]
    groups: tuple[tuple[str, ...], ...]
    method: Method
    banker: str | None = None
    even: tuple[str, ...] = field(default=())

    @property
    def exact(self) -> bool:
        """True when no plan with fewer transfers exists."""
        return self.method == "exact"

    def explain(self) -> tuple[str, ...]:
        """One plain sentence per group (then one for those already even), for a CLI to show."""
        lines: list[str] = []
        for group in self.groups:
            count = sum(1 for t in self.transfers if t.payer in group)
            noun = "transfer" if count == 1 else "transfers"
            if self.method == "via":
                lines.append(f"everyone settles through {self.banker}: {count} {noun}")
            else:
                lines.append(f"{_join(group)} settle among themselves: {count} {noun}")
        if self.even:
            verb = "is" if len(self.even) == 1 else "are"
            lines.append(f"{_join(self.even)} {verb} already even")
        if self.method == "greedy":
            lines.append(
                f"more than {EXACT_LIMIT} people to settle after pairing those who owe each other "
                "exactly, or too many ways to split them to search them all: the largest debtor "
                "pays the largest creditor, which may take a few more transfers than the fewest "
                "possible"
            )
        return tuple(lines)


def plan(balances: Mapping[str, int]) -> Plan:
    """The fewest transfers that clear `balances`: exact up to `EXACT_LIMIT` people (unless the
    search runs out of steps, `CROWD_STEPS`), else greedy."""
    owed = _checked(balances)
    names = sorted(owed)
    even = tuple(n for n in names if owed[n] == 0)
    people = [(n, owed[n]) for n in names if owed[n] != 0]

    pairs, rest = _pair_opposites(people)
    groups: list[list[tuple[str, int]]] = [list(p) for p in pairs]
    values = [v for _, v in rest]
    found: list[list[int]] | None = None
    if len(rest) <= SUBSETS_LIMIT:
        found = _zero_sum_groups(values)
    elif len(rest) <= EXACT_LIMIT:
        found = _crowd_groups(values)
    method: Method = "greedy" if found is None else "exact"
    groups += [rest] if found is None else [[rest[i] for i in g] for g in found]
    transfers = [t for group in groups for t in _largest_first(group)]
    group_names = _components(transfers)
    return Plan(
        transfers=_ordered(transfers),
        groups=tuple(sorted(tuple(sorted(g)) for g in group_names)),
        method=method,
        even=even,
    )


def plan_via(balances: Mapping[str, int], banker: str) -> Plan:
    """Every debtor pays `banker` what he owes; `banker` pays every creditor what he is owed.

    The banker must be one of the names in `balances`; someone who did not play can bank if he is
    given with balance 0. His own balance is settled by the difference: he keeps what he is owed
    out of what the debtors hand him, or adds what he owes to what he pays out.
    """
    owed = _checked(balances)
    if banker not in owed:
        listed = ", ".join(sorted(owed)) or "nobody"
        raise BanluckError(
            f"banker {banker!r} is not among the balances ({listed}): choose one of them, "
            "or add him with balance 0"
        )
    transfers: list[Transfer] = []
    for name in sorted(owed):
        amount = owed[name]
        if name == banker or amount == 0:
            continue
        if amount < 0:
            transfers.append(Transfer(name, banker, -amount))
        else:
            transfers.append(Transfer(banker, name, amount))
    involved = {t.payer for t in transfers} | {t.payee for t in transfers}
    return Plan(
        transfers=_ordered(transfers),
        groups=(tuple(sorted(involved)),) if transfers else (),
        method="via",
        banker=banker,
        even=tuple(n for n in sorted(owed) if owed[n] == 0 and n not in involved),
    )


def apply(balances: Mapping[str, int], transfers: Iterable[Transfer]) -> dict[str, int]:
    """The balances after every transfer is paid: all zero when the transfers settle the night.

    A payer's balance rises by what he pays (he owes less); a payee's falls by what he receives.
    Every transfer must name people in `balances`. The balances need not sum to zero here.
    """
    after = _checked(balances, zero_sum=False)
    paid = list(transfers)
    for t in paid:
        for who in (t.payer, t.payee):
            if who not in after:
                raise BanluckError(
                    f"transfer '{t}' names {who!r}, who has no balance: "
                    "add him to the balances or correct the name"
                )
    for who, received in nets(paid).items():  # cash received lowers what one is owed
        after[who] -= received
    return after


# --- checks -----------------------------------------------------------------------------------


def _checked(balances: Mapping[str, int], *, zero_sum: bool = True) -> dict[str, int]:
    if not isinstance(balances, Mapping):
        raise BanluckError(
            f"balances must map names to amounts, not a {type(balances).__name__}: "
            "give them as {name: amount}"
        )
    bad_names = [repr(n) for n in balances if not isinstance(n, str) or not n.strip()]
    if bad_names:
        raise BanluckError(
            f"{', '.join(bad_names)} is not a name: every balance needs a non-empty name"
        )
    not_int = [f"{n} has {v!r}" for n, v in sorted(balances.items()) if type(v) is not int]
    if not_int:
        raise BanluckError(
            f"balances must be whole numbers of chips or cents, but {', '.join(not_int)}: "
            "convert them to integers first"
        )
    owed = dict(balances)
    total = sum(owed.values())
    if zero_sum and total != 0:
        side = "more is owed than owing" if total > 0 else "more is owing than owed"
        raise BanluckError(
            f"balances sum to {total:+d}, not 0 ({side}): correct the amounts so that what the "
            "winners are owed equals what the losers owe"
        )
    return owed


# --- exact search -----------------------------------------------------------------------------


def _pair_opposites(
    people: Sequence[tuple[str, int]],
) -> tuple[list[tuple[tuple[str, int], tuple[str, int]]], list[tuple[str, int]]]:
    """Pair each `+x` with a `-x` (names in order); return the pairs and everyone left.

    Safe for the exact count: in a best partition into zero-sum groups, if `+x` and `-x` sit in
    different groups G and H, then {+x, -x} and (G | H) - {+x, -x} are two zero-sum groups too.
    """
    debtors: dict[int, list[tuple[str, int]]] = {}
    for name, value in people:
        if value < 0:
            debtors.setdefault(-value, []).append((name, value))
    pairs = []
    paired: set[str] = set()
    for name, value in people:
        if value > 0 and debtors.get(value):
            partner = debtors[value].pop(0)
            pairs.append(((name, value), partner))
            paired.update((name, partner[0]))
    return pairs, [p for p in people if p[0] not in paired]


def _subset_sums(values: Sequence[int]) -> list[int]:
    """`sums[mask]` is the sum of the values whose bit is set in `mask` (bit i: values[i])."""
    sums = [0]
    for v in values:
        sums += [s + v for s in sums]
    return sums


def _zero_sum_groups(values: Sequence[int], strategy: str = "auto") -> list[list[int]]:
    """The largest number of disjoint zero-sum groups covering `values` (which sum to zero).

    Returns lists of indices into `values`. `strategy` ("auto", "meet", "multiset" or "sweep")
    chooses how; each gives a largest partition, and "auto" takes the cheapest for these values.
    """
    n = len(values)
    if n == 0:
        return []
    full = (1 << n) - 1
    zero: list[int] | None = None
    if strategy == "auto":
        # The zero-sum subsets are found by meeting in the middle (creditors against debtors,
        # each side split in two) without listing all 2**n subset sums; the chain then costs
        # len(zero)**2 / 2 tests of about 14 ns. Only when amounts repeat so much that zero-sum
        # subsets abound does every subset get visited (n * 2**n steps of about 33 ns).
        if _kinds_of_subsets(values) <= MULTISET_LIMIT:
            strategy = "multiset"
        else:
            zero = _zero_subsets(values, ZERO_SUBSETS_LIMIT)
            strategy = "sweep" if zero is None else "meet"
    if strategy == "multiset":
        return _multiset_groups(values)
    if strategy == "meet":
        zero = _zero_subsets(values, None) if zero is None else zero
        assert zero is not None
        packed = _packing(zero, full, _positive(values), _smallest(values))
        return [[i for i in range(n) if g >> i & 1] for g in packed]
    if strategy != "sweep":
        raise ValueError(f"unknown strategy {strategy!r}")
    cuts = _sweep(n, _subset_sums(values))
    groups = []
    inner = 0
    for cut in cuts:  # from the smallest zero-sum subset up to the whole set
        groups.append([i for i in range(n) if (cut & ~inner) >> i & 1])
        inner = cut
    return groups


def _crowd_groups(values: Sequence[int], steps: int = CROWD_STEPS) -> list[list[int]] | None:
    """The most disjoint zero-sum groups covering `values` (which sum to zero, no two of them
    cancelling), for more people than every subset can be listed for; None after `steps`.

    The groups are chosen smallest first. `most(rest, need, least)` tells whether `rest` splits
    into more than `need` groups of at least `least` people (and then into how many at most):
    the smallest of `need + 1` groups among `r` people has at most `r // (need + 1)`, so only
    the zero-sum subsets up to that size are listed (by meeting in the middle). The search asks
    first for the bound of the whole set (`r // 3` groups, no more than its creditors or its
    debtors), then for one group fewer, and so on: near the answer the groups that matter are
    few and small. Each `rest` is searched once for each `least` (memoised).
    """
    n = len(values)
    positive = _positive(values)
    budget = [steps]
    exact: dict[tuple[int, int], tuple[int, int]] = {}  # (rest, least): (most groups, a group)
    short: dict[tuple[int, int], int] = {}  # (rest, least): a `need` it cannot beat

    def bound(rest: int, least: int) -> int:
        creditors = (rest & positive).bit_count()
        return min(rest.bit_count() // least, creditors, rest.bit_count() - creditors)

    def cap_of(rest: int, least: int) -> int:
        """`bound`, and no more than the group of the largest balance leaves room for: it
        holds at least enough people of the other side to make up that balance."""
        amounts = [values[i] for i in range(n) if rest >> i & 1]
        owed, owing = max(amounts), -min(amounts)
        big = 1 + max(-(-owed // owing), -(-owing // owed))
        return min(bound(rest, least), 1 + (rest.bit_count() - max(big, least)) // least)

    def zero_sum(rest: int, least: int, most_size: int) -> list[int]:
        """The zero-sum subsets of `rest` of `least` to `most_size` people, smallest first.

        People of equal balance are interchangeable: of those in `rest`, a subset takes the
        first ones (by index), so that no partition is searched once for each way to swap them.
        """
        alike: dict[int, list[int]] = {}
        for i in range(n):
            if rest >> i & 1:
                alike.setdefault(values[i], []).append(i)
        amounts = list(alike)
        sides = []
        for side in (amounts[: len(amounts) // 2], amounts[len(amounts) // 2 :]):
            subsets = [(0, 0, 0)]  # (sum, mask, people)
            for v in side:
                firsts, mask = [], 0
                for i in alike[v][:most_size]:
                    mask |= 1 << i
                    firsts.append(mask)
                subsets += [
                    (t + k * v, m | first, z + k)
                    for t, m, z in subsets
                    for k, first in enumerate(firsts, 1)
                    if z + k <= most_size
                ]
            sides.append(subsets)
        right: dict[int, list[tuple[int, int]]] = {}
        for t, m, z in sides[1]:
            right.setdefault(t, []).append((z, m))
        found = [
            (z + rz, m | rm)
            for t, m, z in sides[0]
            for rz, rm in right.get(-t, ())
            if least <= z + rz <= most_size
        ]
        budget[0] -= len(sides[0]) + len(sides[1]) + len(found)
        if budget[0] < 0:
            raise _OutOfSteps
        return [g for _, g in sorted(found) if g != rest]

    def most(rest: int, need: int, least: int) -> int:
        key = (rest, least)
        known = exact.get(key)
        if known is not None:
            return known[0]
        if short.get(key, need + 1) <= need:
            return need  # shown before: no more than that
        cap = cap_of(rest, least)
        best, choice = 1, rest
        if cap > max(1, need):
            size = rest.bit_count()
            for group in zero_sum(rest, least, size // (need + 1)):
                floor = max(best, need)
                people = group.bit_count()
                if people > size // (floor + 1):
                    break  # smallest first: none left can be the smallest of more groups
                left = rest ^ group
                if 1 + bound(left, people) <= floor:
                    continue
                count = 1 + most(left, floor - 1, people)
                if count > best:
                    best, choice = count, group
                    if best >= cap:
                        break
        if best > need or cap <= 1:
            exact[key] = (best, choice)
            return best
        short[key] = min(short.get(key, need), need)
        return min(best, need)

    full = (1 << n) - 1
    try:
        for need in range(cap_of(full, 3) - 1, -1, -1):
            if most(full, need, 3) > need:
                break
    except _OutOfSteps:
        return None
    groups = []
    rest, least = full, 3
    while rest:
        choice = exact[rest, least][1]
        groups.append([i for i in range(n) if choice >> i & 1])
        rest ^= choice
        least = choice.bit_count()
    return sorted(groups)


class _OutOfSteps(Exception):
    """`_crowd_groups` took more steps than it was given."""


ZERO_SUBSETS_LIMIT = 20_000
"""Above this many zero-sum subsets the chain (quadratic in them) gives way to the sweep."""


MULTISET_LIMIT = 20_000
"""When amounts repeat (whole stakes), subsets are counted by how many of each amount they take:
up to this many kinds of subset, the search runs over those counts instead of over people."""


def _kinds_of_subsets(values: Sequence[int]) -> int:
    """How many different multisets the subsets of `values` make (product of count + 1)."""
    out = 1
    for v in set(values):
        out *= values.count(v) + 1
    return out


def _multiset_groups(values: Sequence[int]) -> list[list[int]]:
    """The most disjoint zero-sum groups, searching over how many of each amount a group takes.

    Equal amounts are interchangeable, so a group is a vector of counts; the group holding one of
    the first amount left is chosen among the zero-sum vectors, as in `_packing`.
    """
    amounts = sorted(set(values))
    have = tuple(values.count(a) for a in amounts)
    vectors: list[tuple[int, ...]] = [()]
    for c in have:
        vectors = [(*v, k) for v in vectors for k in range(c + 1)]
    zero = sorted(
        (v for v in vectors if any(v) and sum(k * a for k, a in zip(v, amounts, strict=True)) == 0),
        key=sum,
    )
    positive = [a > 0 for a in amounts]
    smallest = _smallest(values)

    def bound(rest: tuple[int, ...]) -> int:
        creditors = sum(k for k, p in zip(rest, positive, strict=True) if p)
        size = sum(rest)
        return min(size // smallest, creditors, size - creditors)

    def holding_first(rest: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        first = next(i for i, k in enumerate(rest) if k)
        return (group for group in zero if group[first])

    def left_of(rest: tuple[int, ...], group: tuple[int, ...]) -> tuple[int, ...] | None:
        if any(g > r for g, r in zip(group, rest, strict=True)):
            return None
        return tuple(r - g for r, g in zip(rest, group, strict=True))

    chosen = _most_groups(have, holding_first, left_of, bound, lambda rest: not any(rest))
    pools = {a: [i for i, v in enumerate(values) if v == a] for a in amounts}
    groups = [
        [pools[a].pop(0) for a, k in zip(amounts, choice, strict=True) for _ in range(k)]
        for choice in chosen
    ]
    return [sorted(g) for g in groups]


def _smallest(values: Sequence[int]) -> int:
    """The fewest people a zero-sum group can hold: 2 where some two amounts cancel, else 3."""
    present = set(values)
    return 2 if any(-v in present for v in present) else 3


def _positive(values: Sequence[int]) -> int:
    """The mask of the creditors among `values`."""
    return sum(1 << i for i, v in enumerate(values) if v > 0)


def _side_sums(indices: Sequence[int], values: Sequence[int]) -> dict[int, list[int]]:
    """Every subset of `indices` (as a mask over all values) grouped by the sum of its values."""
    sums: list[tuple[int, int]] = [(0, 0)]
    for i in indices:
        bit, v = 1 << i, values[i]
        sums += [(s + v, m | bit) for s, m in sums]
    out: dict[int, list[int]] = {}
    for total, mask in sums:
        out.setdefault(total, []).append(mask)
    return out


def _zero_subsets(values: Sequence[int], limit: int | None) -> list[int] | None:
    """Every non-empty zero-sum subset of `values` as a mask, in increasing order (the whole set
    last); None when there are more than `limit`.

    A zero-sum subset is some creditors and some debtors whose amounts cancel. The smaller side's
    subset sums are listed; the larger side is split in two halves whose sums meet them, so the
    work is about 2**small * 2**(large / 2) look-ups, not 2**n.
    """
    pos = [i for i, v in enumerate(values) if v > 0]
    neg = [i for i, v in enumerate(values) if v < 0]
    small, large = (pos, neg) if len(pos) <= len(neg) else (neg, pos)
    half = len(large) // 2
    left = _side_sums(large[:half], values)
    right = _side_sums(large[half:], values)
    found: list[int] = []
    for total, masks in _side_sums(small, values).items():
        if total == 0:
            continue  # the empty subset of the smaller side: the larger side alone never cancels
        want = -total
        for r_sum, r_masks in right.items():
            l_masks = left.get(want - r_sum)
            if not l_masks:
                continue
            for m in masks:
                for rm in r_masks:
                    for lm in l_masks:
                        found.append(m | rm | lm)
                if limit is not None and len(found) > limit:
                    return None
    found.sort()
    return found


def _packing(zero: Sequence[int], full: int, positive: int, smallest: int = 3) -> list[int]:
    """The most disjoint zero-sum groups covering `full`, as masks, from every zero-sum subset.

    The group holding the lowest person left is one of the zero-sum subsets whose lowest member
    he is; each choice leaves a smaller zero-sum set, searched the same way (memoised). A set of
    `k` people splits into at most `k // smallest` groups (3: no two people cancel once opposites
    are paired), and into no more groups than it has creditors (`positive` marks them) or debtors:
    the search stops once it reaches that bound and skips a choice that cannot beat the best.
    """

    def bound(rest: int) -> int:
        creditors = (rest & positive).bit_count()
        return min(rest.bit_count() // smallest, creditors, rest.bit_count() - creditors)

    by_low: dict[int, list[int]] = {}
    for m in sorted(zero, key=lambda m: (m.bit_count(), m)):
        by_low.setdefault(m & -m, []).append(m)

    def left_of(rest: int, group: int) -> int | None:
        return rest ^ group if group & rest == group else None

    return _most_groups(
        full, lambda rest: by_low.get(rest & -rest, ()), left_of, bound, lambda rest: rest == 0
    )


Part = TypeVar("Part", int, tuple[int, ...])


def _most_groups(
    full: Part,
    candidates: Callable[[Part], Iterable[Part]],
    left_of: Callable[[Part, Part], Part | None],
    bound: Callable[[Part], int],
    empty: Callable[[Part], bool],
) -> list[Part]:
    """The most disjoint zero-sum groups that make up `full`, the search of `_packing` and
    `_multiset_groups` (memoised): each group is one of the `candidates` for what is left (the
    zero-sum groups holding its first member), `left_of(rest, group)` what remains after it
    (None when it does not fit) and `bound(rest)` the most groups `rest` can split into."""
    memo: dict[Part, tuple[int, Part]] = {}

    def most(rest: Part) -> int:
        if empty(rest):
            return 0
        known = memo.get(rest)
        if known is not None:
            return known[0]
        cap = max(1, bound(rest))
        best, choice = 1, rest
        for group in candidates(rest):
            if best >= cap:
                break
            left = left_of(rest, group)
            if group == rest or left is None or 1 + bound(left) <= best:
                continue
            count = 1 + most(left)
            if count > best:
                best, choice = count, group
        memo[rest] = (best, choice)
        return best

    most(full)
    groups = []
    rest: Part | None = full
    while rest is not None and not empty(rest):
        choice = memo[rest][1]
        groups.append(choice)
        rest = left_of(rest, choice)
    return groups


def _sweep(n: int, sums: Sequence[int]) -> list[int]:
    """Visit every subset: `most[m]` is the largest number of disjoint zero-sum groups inside `m`.

    `most[m] = max(most[m - {i}] for i in m) + (1 if m sums to zero else 0)`; the zero-sum subsets
    along the way back from the whole set are the boundaries of the groups.
    """
    size = 1 << n
    most = [0] * size
    for mask in range(1, size):
        best = 0
        rest = mask
        while rest:
            low = rest & -rest
            got = most[mask ^ low]
            if got > best:
                best = got
            rest ^= low
        most[mask] = best + (sums[mask] == 0)
    cuts = []
    mask = size - 1
    while mask:
        if sums[mask] == 0:
            cuts.append(mask)
        want = most[mask] - (sums[mask] == 0)
        rest = mask
        while rest:
            low = rest & -rest
            if most[mask ^ low] == want:
                mask ^= low
                break
            rest ^= low
        else:  # pragma: no cover - `most` is built by the same rule
            raise AssertionError(f"no way back from subset {mask:b}")
    return cuts[::-1]


# --- transfers --------------------------------------------------------------------------------


def _largest_first(people: Iterable[tuple[str, int]]) -> list[Transfer]:
    """The largest debtor pays the largest creditor (ties: first name first) until all are clear.

    Every transfer clears at least one of the two, and the last clears both: a group of `s` people
    takes at most `s - 1` transfers.
    """
    debtors = [(v, n) for n, v in people if v < 0]  # most negative first
    creditors = [(-v, n) for n, v in people if v > 0]  # largest credit first (negated)
    heapq.heapify(debtors)
    heapq.heapify(creditors)
    out = []
    while debtors and creditors:
        debt, payer = heapq.heappop(debtors)
        credit, payee = heapq.heappop(creditors)
        amount = min(-debt, -credit)
        out.append(Transfer(payer, payee, amount))
        if debt + amount:
            heapq.heappush(debtors, (debt + amount, payer))
        if credit + amount:
            heapq.heappush(creditors, (credit + amount, payee))
    if debtors or creditors:  # pragma: no cover - the balances were checked to sum to zero
        raise AssertionError("a group that does not sum to zero")
    return out


def _components(transfers: Iterable[Transfer]) -> list[tuple[str, ...]]:
    """The people joined by transfers, as groups (each settles among its own members)."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for t in transfers:
        a, b = root(t.payer), root(t.payee)
        if a != b:
            parent[max(a, b)] = min(a, b)
    groups: dict[str, list[str]] = {}
    for x in list(parent):
        groups.setdefault(root(x), []).append(x)
    return [tuple(g) for g in groups.values()]


def _ordered(transfers: Iterable[Transfer]) -> tuple[Transfer, ...]:
    return tuple(sorted(transfers, key=lambda t: (t.payer, t.payee, t.amount)))


def _join(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
