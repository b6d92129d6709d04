"""The basic-strategy chart of a casino rule set, from the house-edge lab's computation (pure).

Rows: hard 5-21 (`"hard 5"` ... `"hard 21"`), soft 13-21 (`"soft 13"` ... `"soft 21"`) and pairs
(`"2-2"` ... `"10-10"`, `"A-A"`); columns: the up card (`"2"` ... `"10"`, `"A"`). Cells:

    S stand, H hit, D double (else hit), Ds double (else stand), P split,
    Rh / Rs / Rp surrender (else hit / stand / split)

How a cell is chosen (the standard total-dependent method for the first decision): the lab gives,
for every two-card hand and up card, the composition-dependent expectation of each legal first
action (`banluck.games.casino.edge`: later decisions are composition-dependent, splits per its
convention). A cell sums each action's expectation over the two-card hands of that row, each
weighted by its chance off the top against that up card (pairs are left out of the hard and soft
rows; a pair row is its one composition), and takes the best action; the "else" half of D, Ds and
R* is the best action without it. Hard 20 and 21 and soft 21 have no two-card hand in their row
(10-10 is a pair, A-10 a blackjack): they are S.
"""

from __future__ import annotations

from collections.abc import Sequence

from banluck.games.casino.dealer_odds import ACE, TEN
from banluck.games.casino.edge import Rules, full_shoe_solvers, solvers
from banluck.games.casino.edge_grid import Value, add, pair_starts

UP_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
_RANK_NAMES = {r: ("A" if r == ACE else str(r + 1)) for r in range(10)}
_UP_INDEX = {name: r for r, name in _RANK_NAMES.items()}


def rows() -> list[str]:
    """The chart's rows, in print order."""
    return (
        [f"hard {t}" for t in range(5, 22)]
        + [f"soft {t}" for t in range(13, 22)]
        + [f"{_RANK_NAMES[r]}-{_RANK_NAMES[r]}" for r in [*range(1, 10), ACE]]
    )


def _row_of(c1: int, c2: int) -> str:
    if c1 == c2:
        return f"{_RANK_NAMES[c1]}-{_RANK_NAMES[c1]}"
    if ACE in (c1, c2):
        return f"soft {c1 + c2 + 12}"
    return f"hard {c1 + c2 + 2}"


def cell(evs: dict[str, float]) -> str:
    """The chart code for the summed expectations of the legal first actions."""
    best = max(evs, key=lambda a: evs[a])
    rest = {a: v for a, v in evs.items() if a not in ("D", "R")}
    fallback = max(rest, key=lambda a: rest[a])
    if best == "D":
        return "D" if evs.get("H", -9.0) > evs["S"] else "Ds"
    if best == "R":
        return "R" + fallback.lower()
    return best


def chart_evs(
    rules: Rules, shoe: Sequence[int] | None = None, ups: Sequence[str] = UP_NAMES
) -> dict[str, dict[str, dict[str, float]]]:
    """Per row and up card, each first action's expectation summed over the row's two-card
    hands (weighted by their chances given the up card; joint with no dealer blackjack under the
    peek, see edge.py)."""
    wanted = {_UP_INDEX[u] for u in ups}
    out: dict[str, dict[str, dict[str, float]]] = {row: {} for row in rows()}
    every = full_shoe_solvers(rules) if shoe is None else solvers(rules, shoe)
    for up, solver in enumerate(every):
        if solver is None or up not in wanted:
            continue
        name = _RANK_NAMES[up]
        for c1, c2, p in pair_starts(solver.base):
            if c1 == ACE and c2 == TEN:
                continue
            removed = add(add((0,) * 10, c1), c2)
            opts: dict[str, Value] = solver.options(removed, c1, c2)
            acc = out[_row_of(c1, c2)].setdefault(name, {})
            for action, (ev, _) in opts.items():
                acc[action] = acc.get(action, 0.0) + p * ev
    return out


def chart(
    rules: Rules, shoe: Sequence[int] | None = None, ups: Sequence[str] = UP_NAMES
) -> dict[str, dict[str, str]]:
    """The basic-strategy chart: row -> up card -> code (module docstring)."""
    evs = chart_evs(rules, shoe, ups)
    return {
        row: {up: cell(got) if (got := evs[row].get(up)) else "S" for up in ups} for row in rows()
    }
