"""The end-of-night settle-up: fewest transfers, exact clearing, determinism, via a banker."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.errors import BanluckError
from banluck.money import settleup
from banluck.money.settleup import (
    EXACT_LIMIT,
    SUBSETS_LIMIT,
    Plan,
    Transfer,
    apply,
    plan,
    plan_via,
)

NAMES = [
    "Ah Beng", "Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hui", "Ivy", "Jun", "Kai",
    "Lee", "Mei", "Nat", "Oon", "Pat", "Qin", "Ray", "Siew", "Tan", "Uma", "Vic", "Wei",
]  # fmt: skip


# --- independent brute forces -------------------------------------------------------------------


def _set_partitions(items: Sequence[int]) -> Iterator[list[list[int]]]:
    """Every partition of `items` into non-empty blocks (restricted-growth recursion)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _set_partitions(rest):
        yield [[first], *partition]
        for k in range(len(partition)):
            yield [*partition[:k], [first, *partition[k]], *partition[k + 1 :]]


def fewest_by_partitions(balances: Mapping[str, int]) -> int:
    """n minus the most zero-sum blocks over every set partition of the non-zero balances."""
    values = [v for v in balances.values() if v]
    most = 0
    for partition in _set_partitions(values):
        if all(sum(block) == 0 for block in partition):
            most = max(most, len(partition))
    return len(values) - most


def fewest_by_search(balances: Mapping[str, int]) -> int:
    """Breadth-first search over debt states where any person may pay any other any amount.

    No shortcut from theory beyond this bound: a smallest set of transfers forms a forest, each
    transfer moves the total of one side of its edge, and after any subset of them each balance is
    the total of some set of people, so amounts and balances stay within the sum of the credits `S`.
    """
    start = tuple(v for v in balances.values() if v)
    limit = sum(v for v in start if v > 0)
    n = len(start)
    seen = {start}
    frontier = deque([(start, 0)])
    while frontier:
        state, depth = frontier.popleft()
        if not any(state):
            return depth
        for i in range(n):
            for j in range(n):
                if i == j:
                    continue
                for amount in range(1, limit + 1):
                    nxt = list(state)
                    nxt[i] += amount
                    nxt[j] -= amount
                    if abs(nxt[i]) > limit or abs(nxt[j]) > limit:
                        break
                    key = tuple(nxt)
                    if key not in seen:
                        seen.add(key)
                        frontier.append((key, depth + 1))
    raise AssertionError("unreachable: the balances sum to zero")


# --- strategies ---------------------------------------------------------------------------------


@st.composite
def night(
    draw: st.DrawFn, max_people: int = 8, max_amount: int = 30, min_people: int = 1
) -> dict[str, int]:
    """Balances of a night summing to zero: `min_people` to `max_people` with whole non-zero
    amounts before the last (which balances them and may be 0), and perhaps one who broke even."""
    size = draw(st.integers(min_people, max_people))
    even = draw(st.integers(0, 1))
    names = draw(
        st.lists(st.sampled_from(NAMES), min_size=size + even, max_size=size + even, unique=True)
    )
    amount = st.integers(1, max_amount).flatmap(lambda a: st.sampled_from([a, -a]))
    amounts = draw(st.lists(amount, min_size=size - 1, max_size=size - 1))
    return dict(zip(names, [*amounts, -sum(amounts), *[0] * even], strict=True))


def random_night(rng: random.Random, size: int, max_amount: int) -> dict[str, int]:
    """Non-zero balances for `size` people with no +x/-x pair (nothing is paired off early):
    each amount up to `max_amount` is owed or owing (a sign drawn for it), the last balances the
    rest, and a night whose last makes a zero or a pair is drawn again."""
    while True:
        signs = [rng.choice((1, -1)) for _ in range(max_amount + 1)]
        amounts = [signs[m] * m for m in (rng.randint(1, max_amount) for _ in range(size - 1))]
        amounts.append(-sum(amounts))
        values = set(amounts)
        if 0 not in values and not any(-v in values for v in values):
            return {f"p{i:02d}": a for i, a in enumerate(amounts)}


def assert_clears(balances: Mapping[str, int], result: Plan) -> None:
    """The plan pays whole positive amounts, crosses no group, and leaves every balance at zero."""
    for t in result.transfers:
        assert type(t.amount) is int and t.amount > 0
    assert set(apply(balances, result.transfers).values()) <= {0}
    placed = [name for group in result.groups for name in group]
    assert len(placed) == len(set(placed)), "a person sits in two groups"
    for group in result.groups:
        assert sum(balances[name] for name in group) == 0
        for t in result.transfers:
            assert (t.payer in group) == (t.payee in group), f"{t} crosses group {group}"
    pairs = [(t.payer, t.payee) for t in result.transfers]
    assert len(pairs) == len(set(pairs)), "the same payer pays the same payee twice"
    assert list(result.transfers) == sorted(result.transfers, key=lambda t: (t.payer, t.payee))


# --- hand-worked examples -----------------------------------------------------------------------


def test_nobody_owes_anything() -> None:
    """A night where everyone broke even needs no transfer, and says who is even."""
    result = plan({"Ann": 0, "Bob": 0})
    assert result.transfers == ()
    assert result.groups == ()
    assert result.even == ("Ann", "Bob")
    assert result.exact
    assert plan({}).transfers == ()


def test_one_loser_pays_one_winner() -> None:
    """Two people: the loser pays the winner what he lost."""
    result = plan({"Ann": 25, "Bob": -25})
    assert result.transfers == (Transfer("Bob", "Ann", 25),)
    assert result.groups == (("Ann", "Bob"),)


def test_two_separate_tables_settle_separately() -> None:
    """Ann is owed 30 by Bob and Cy, Dan 5 by Eve, Fay is even: three transfers in two groups."""
    result = plan({"Ann": 30, "Bob": -10, "Cy": -20, "Dan": 5, "Eve": -5, "Fay": 0})
    assert result.transfers == (
        Transfer("Bob", "Ann", 10),
        Transfer("Cy", "Ann", 20),
        Transfer("Eve", "Dan", 5),
    )
    assert result.groups == (("Ann", "Bob", "Cy"), ("Dan", "Eve"))
    assert result.even == ("Fay",)
    assert result.explain() == (
        "Ann, Bob and Cy settle among themselves: 2 transfers",
        "Dan and Eve settle among themselves: 1 transfer",
        "Fay is already even",
    )


def test_exact_beats_largest_first() -> None:
    """8 = 4 + 4 and 2 + 3 = 5 split six people into two groups of three: 4 transfers, not 5.

    Largest-first would have Eve (-5) pay Ann (8) first and need five transfers.
    """
    balances = {"Ann": 8, "Bob": 2, "Cy": 3, "Dan": -4, "Eve": -5, "Fay": -4}
    result = plan(balances)
    assert result.transfers == (
        Transfer("Dan", "Ann", 4),
        Transfer("Eve", "Bob", 2),
        Transfer("Eve", "Cy", 3),
        Transfer("Fay", "Ann", 4),
    )
    assert result.groups == (("Ann", "Dan", "Fay"), ("Bob", "Cy", "Eve"))
    greedy = settleup._largest_first(sorted(balances.items()))
    assert len(greedy) == 5


def test_opposite_balances_pair_off() -> None:
    """Whoever owes exactly what another is owed pays him directly."""
    result = plan({"Ann": 7, "Bob": 3, "Cy": -7, "Dan": -3})
    assert result.transfers == (Transfer("Cy", "Ann", 7), Transfer("Dan", "Bob", 3))


def test_one_big_loser() -> None:
    """One person lost to everyone: he pays each winner; n - 1 transfers, one group."""
    result = plan({"Ann": 5, "Bob": 10, "Cy": 15, "Dan": -30})
    assert [str(t) for t in result.transfers] == [
        "Dan pays Ann 5",
        "Dan pays Bob 10",
        "Dan pays Cy 15",
    ]
    assert result.groups == (("Ann", "Bob", "Cy", "Dan"),)


# --- exact minimum ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(night(min_people=5, max_people=8, max_amount=12))
def test_fewest_transfers_match_partition_brute_force(balances: dict[str, int]) -> None:
    """Up to 8 people, the plan's count equals the minimum over all zero-sum set partitions."""
    result = plan(balances)
    assert result.method == "exact"
    assert len(result.transfers) == fewest_by_partitions(balances)
    assert_clears(balances, result)


@settings(max_examples=40, deadline=None)
@given(night(min_people=5, max_people=8, max_amount=4))
def test_small_amounts_match_partition_brute_force(balances: dict[str, int]) -> None:
    """Small amounts make many subsets sum to zero: still the minimum, by either search."""
    assert len(plan(balances).transfers) == fewest_by_partitions(balances)
    values = [v for v in balances.values() if v]
    expected = len(values) - fewest_by_partitions(balances)
    for strategy in ("auto", "meet", "multiset", "sweep"):
        assert len(settleup._zero_sum_groups(values, strategy)) == expected


@settings(max_examples=40, deadline=None)
@given(night(min_people=3, max_people=4, max_amount=4))
def test_fewest_transfers_match_unrestricted_search(balances: dict[str, int]) -> None:
    """For small tables, no set of transfers of any amounts between any people does better."""
    assert len(plan(balances).transfers) == fewest_by_search(balances)


@pytest.mark.parametrize("max_amount", [3, 40])
def test_every_search_partitions_into_zero_sum_groups(max_amount: int) -> None:
    """The search by meeting in the middle, the search over counts of equal amounts and the
    full sweep each return a largest zero-sum partition (9 people); the brute
    force runs once a night for all of them."""
    rng = random.Random(max_amount)
    for _ in range(15):
        values = list(random_night(rng, 9, max_amount).values())
        most = 9 - fewest_by_partitions({str(i): v for i, v in enumerate(values)})
        for strategy in ("auto", "meet", "multiset", "sweep"):
            groups = settleup._zero_sum_groups(values, strategy)
            assert sorted(i for g in groups for i in g) == list(range(9)), strategy
            assert all(sum(values[i] for i in g) == 0 for g in groups), strategy
            assert len(groups) == most, (strategy, values)


@pytest.mark.parametrize("size", [16])
@pytest.mark.parametrize("max_amount", [4, 60, 500])
def test_big_tables_are_settled_as_the_full_sweep_says(size: int, max_amount: int) -> None:
    """Above 15 people the fast searches find as many zero-sum groups as visiting every subset
    (the sweep, itself checked against brute force above): the plan is the fewest transfers."""
    rng = random.Random(size * 1000 + max_amount)
    for _ in range(1):
        values = list(random_night(rng, size, max_amount).values())
        groups = settleup._zero_sum_groups(values)
        assert sorted(i for g in groups for i in g) == list(range(size))
        assert all(sum(values[i] for i in g) == 0 for g in groups)
        assert len(groups) == len(settleup._zero_sum_groups(values, "sweep"))


def stakes_night(rng: random.Random, size: int, stakes: tuple[int, ...]) -> list[int]:
    """Balances in whole stakes drawn from `stakes` (no two cancel): many equal amounts."""
    while True:
        amounts = [rng.choice(stakes) for _ in range(size - 1)]
        amounts.append(-sum(amounts))
        if amounts[-1] in stakes:
            return amounts


def test_twenty_people_searches_agree() -> None:
    """At the exact limit the searches agree on the number of groups: by meeting in the middle
    where amounts are varied, by counts of equal amounts where they are whole stakes."""
    rng = random.Random(20)
    cases = [
        (stakes_night(rng, 20, (1, 1, 2, -3)), "multiset"),
        (stakes_night(rng, 20, (1, 2, 2, -4, -5)), "multiset"),
        (list(random_night(rng, 20, 50).values()), "meet"),
        (list(random_night(rng, 20, 500).values()), "meet"),
    ]
    for values, other in cases:
        auto = settleup._zero_sum_groups(values)
        assert sorted(i for g in auto for i in g) == list(range(20))
        assert all(sum(values[i] for i in g) == 0 for g in auto)
        assert len(auto) == len(settleup._zero_sum_groups(values, other))


@pytest.mark.slow
def test_the_subsets_limit_is_settled_exactly() -> None:
    """At the limit of the search over every subset with no pairs to take off, the plan is exact
    and takes n - groups."""
    rng = random.Random(15)
    for max_amount in (4, 500):
        balances = random_night(rng, SUBSETS_LIMIT, max_amount)
        result = plan(balances)
        assert result.method == "exact"
        assert len(result.transfers) == SUBSETS_LIMIT - len(result.groups)
        assert_clears(balances, result)


# --- a crowd: 21 to 30 people ---------------------------------------------------------------------


def known_night(rng: random.Random, size: int, groups: int) -> tuple[dict[str, int], int]:
    """`size` people in `groups` zero-sum groups of at least 3, each with one creditor: no plan
    has more groups than creditors, so the fewest transfers is exactly `size - groups`."""
    cuts = sorted(rng.sample(range(1, size - 3 * groups + groups), groups - 1))
    extra = [b - a for a, b in zip([0, *cuts], [*cuts, size - 3 * groups + groups], strict=True)]
    amounts: list[int] = []
    for more in extra:
        debts = [-rng.randint(1, 500) for _ in range(2 + more - 1)]
        amounts += [-sum(debts), *debts]
    rng.shuffle(amounts)
    return {f"p{i:02d}": a for i, a in enumerate(amounts)}, size - groups


@pytest.mark.parametrize("size", [25, 30])
def test_a_crowd_takes_the_fewest_transfers_known_by_construction(size: int) -> None:
    rng = random.Random(size)
    for groups in (3, size // 5, size // 4, size // 3):
        balances, fewest = known_night(rng, size, groups)
        assert len(balances) == size
        result = plan(balances)
        assert result.method == "exact"
        assert len(result.transfers) == fewest
        assert_clears(balances, result)


@pytest.mark.parametrize("size", [25, 30])
def test_a_crowd_is_settled_exactly(size: int) -> None:
    """Random nights of a crowd with nothing to pair off: exact, n - groups, and never more than
    the largest debtor paying the largest creditor."""
    rng = random.Random(size + 1)
    for max_amount in (10, 100, 500):
        balances = random_night(rng, size, max_amount)
        result = plan(balances)
        assert result.method == "exact"
        assert len(result.transfers) == size - len(result.groups)
        greedy = settleup._largest_first(sorted(balances.items()))
        assert len(result.transfers) <= len(greedy)
        assert_clears(balances, result)


def test_the_crowd_search_agrees_with_every_partition_and_every_subset() -> None:
    """`_crowd_groups` on small nights: as many groups as the brute force over every set
    partition (up to 9 people) and the sweep over every subset (up to 15)."""
    rng = random.Random(30)
    for trial in range(120):
        size = rng.randint(3, 9) if trial % 2 else rng.randint(10, 15)
        balances = random_night(rng, size, rng.choice((3, 6, 20, 200)))
        values = list(balances.values())
        found = settleup._crowd_groups(values)
        assert found is not None
        assert sorted(i for g in found for i in g) == list(range(size))
        assert all(sum(values[i] for i in g) == 0 for g in found)
        if size <= 9:
            assert size - len(found) == fewest_by_partitions(balances)
        else:
            assert len(found) == len(settleup._zero_sum_groups(values, "sweep"))


def test_the_crowd_search_gives_up_after_its_steps() -> None:
    balances = random_night(random.Random(3), 30, 500)
    assert settleup._crowd_groups(list(balances.values()), steps=10) is None


# --- every plan clears everything ---------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(night(max_people=20, max_amount=200))
def test_every_plan_clears_every_balance(balances: dict[str, int]) -> None:
    """Exact or greedy, a plan leaves every balance at exactly zero with whole positive amounts."""
    result = plan(balances)
    assert_clears(balances, result)
    moving = sum(1 for v in balances.values() if v)
    assert len(result.transfers) == moving - len(result.groups) or result.method == "greedy"
    assert len(result.transfers) <= max(moving - 1, 0)
    assert set(result.even) == {n for n, v in balances.items() if v == 0}


@settings(max_examples=40, deadline=None)
@given(night(max_people=17, max_amount=50), st.randoms(use_true_random=False))
def test_same_balances_same_plan_whatever_the_order(
    balances: dict[str, int], rng: random.Random
) -> None:
    """Shuffling the input order changes nothing: transfers, groups and method are identical."""
    items = list(balances.items())
    rng.shuffle(items)
    assert plan(dict(items)) == plan(balances)
    banker = items[0][0]
    assert plan_via(dict(items), banker) == plan_via(balances, banker)


# --- greedy above the limit ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [EXACT_LIMIT + 1, 40])
def test_greedy_above_the_limit_is_labelled_and_clears(size: int) -> None:
    """Above 30 people the plan says it is greedy, not exact, and still clears everything."""
    rng = random.Random(size)
    balances = random_night(rng, size, 100)
    result = plan(balances)
    assert result.method == "greedy"
    assert not result.exact
    assert "largest debtor pays the largest creditor" in result.explain()[-1]
    assert_clears(balances, result)
    assert len(result.transfers) <= size - 1


def test_opposite_pairs_bring_a_big_table_back_to_exact() -> None:
    """20 people of whom 5 pairs owe each other exactly: 10 remain, so the plan is exact."""
    rng = random.Random(7)
    rest = random_night(rng, 10, 40)
    used = {abs(v) for v in rest.values()}
    pairs: dict[str, int] = {}
    for k, amount in enumerate(a for a in range(41, 100) if a not in used):
        if k == 5:
            break
        pairs[f"q{k}+"] = amount
        pairs[f"q{k}-"] = -amount
    balances = rest | pairs
    result = plan(balances)
    assert result.method == "exact"
    assert len(result.transfers) == 5 + 10 - (len(result.groups) - 5)
    assert_clears(balances, result)


# --- via a banker -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("banker", "expected"),
    [
        ("Ann", ["Ann pays Cy 20", "Bob pays Ann 10", "Dan pays Ann 40"]),  # banker owed 30
        ("Bob", ["Bob pays Ann 30", "Bob pays Cy 20", "Dan pays Bob 40"]),  # banker owes 10
        ("Eve", ["Bob pays Eve 10", "Dan pays Eve 40", "Eve pays Ann 30", "Eve pays Cy 20"]),
    ],
)
def test_via_banker(banker: str, expected: list[str]) -> None:
    """Debtors pay the banker, the banker pays creditors; his own balance is the difference."""
    balances = {"Ann": 30, "Bob": -10, "Cy": 20, "Dan": -40, "Eve": 0}
    result = plan_via(balances, banker)
    assert [str(t) for t in result.transfers] == expected
    assert result.method == "via" and result.banker == banker and not result.exact
    assert_clears(balances, result)
    assert result.explain()[0].startswith(f"everyone settles through {banker}")


@settings(max_examples=40, deadline=None)
@given(night(max_people=12, max_amount=100), st.data())
def test_via_always_clears(balances: dict[str, int], data: st.DataObject) -> None:
    """Through any banker, one transfer per other person with a balance, and all clear."""
    banker = data.draw(st.sampled_from(sorted(balances)))
    result = plan_via(balances, banker)
    assert_clears(balances, result)
    assert len(result.transfers) == sum(1 for n, v in balances.items() if v and n != banker)
    assert all(banker in (t.payer, t.payee) for t in result.transfers)


def test_via_unknown_banker_is_refused() -> None:
    """A banker with no balance must be listed with 0; a name not in the balances is an error."""
    with pytest.raises(BanluckError, match="banker 'Zed' is not among the balances"):
        plan_via({"Ann": 5, "Bob": -5}, "Zed")
    result = plan_via({"Ann": 5, "Bob": -5, "Zed": 0}, "Zed")
    assert [str(t) for t in result.transfers] == ["Bob pays Zed 5", "Zed pays Ann 5"]


# --- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("balances", "message"),
    [
        ({"Ann": 10, "Bob": -5}, r"balances sum to \+5, not 0"),
        ({"Ann": -10, "Bob": 5}, "balances sum to -5, not 0"),
        ({"Ann": 2.5, "Bob": -2.5}, "whole numbers.*Ann has 2.5, Bob has -2.5"),
        ({"Ann": "5", "Bob": -5}, "whole numbers.*Ann has '5'"),
        ({"Ann": True, "Bob": -1}, "whole numbers.*Ann has True"),
        ({"": 5, "Bob": -5}, "'' is not a name"),
        ({7: 5, "Bob": -5}, "7 is not a name"),
        ([("Ann", 5)], "balances must map names to amounts"),
    ],
)
def test_bad_balances_are_refused(balances: object, message: str) -> None:
    """Each bad input raises a BanluckError naming the problem, from plan and plan_via alike."""
    with pytest.raises(BanluckError, match=message):
        plan(balances)  # type: ignore[arg-type]
    with pytest.raises(BanluckError, match=message):
        plan_via(balances, "Bob")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("Ann", "Bob", 0), "amount must be a positive whole number"),
        (("Ann", "Bob", -3), "amount must be a positive whole number"),
        (("Ann", "Bob", 1.5), "amount must be a positive whole number"),
        (("Ann", "Ann", 3), "payer and payee must be different"),
    ],
)
def test_bad_transfer_is_refused(args: tuple[str, str, int], message: str) -> None:
    """A transfer of nothing, of a negative or fractional amount, or to oneself cannot be made."""
    with pytest.raises(BanluckError, match=message):
        Transfer(*args)


def test_apply_pays_and_refuses_strangers() -> None:
    """Paying raises the payer's balance and lowers the payee's; an unknown name is an error."""
    assert apply({"Ann": 5, "Bob": -5}, [Transfer("Bob", "Ann", 3)]) == {"Ann": 2, "Bob": -2}
    with pytest.raises(BanluckError, match="names 'Zed', who has no balance"):
        apply({"Ann": 5, "Bob": -5}, [Transfer("Zed", "Ann", 5)])


def test_plan_does_not_change_its_input() -> None:
    """Planning and applying work on copies: the caller's balances stay as they were."""
    balances = {"Ann": 5, "Bob": -5}
    plan(balances)
    apply(balances, [Transfer("Bob", "Ann", 5)])
    assert balances == {"Ann": 5, "Bob": -5}
