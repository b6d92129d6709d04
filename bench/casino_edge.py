"""Benchmark and check of the casino house-edge lab (banluck.games.casino.edge).

    python bench/casino_edge.py           # full: every rule set below, 1-8 decks (about 30 s)
    python bench/casino_edge.py --short   # CI: one single-deck rule set, a few seconds (with
                                          # numpy; without it, per-hand values against an ace)

Each line: the rule set, our edge, the published figure (where there is one) and the difference
in percentage points, the sd per round, and the time. Budgets (docs/casino-edge.md): 60 s for a
6-8 deck rule set with one split, 180 s with splits to four hands. Exits 1 when a published
figure is missed by more than 0.005 percentage points or a budget is exceeded.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from banluck.games.casino.edge import Rules, _add, _numpy_ok, house_edge, solvers  # noqa: E402

TOLERANCE_PP = 0.005
BUDGET_ONE_SPLIT_S = 60.0
BUDGET_FOUR_HANDS_S = 180.0

WIZ = "https://wizardofodds.com/games/blackjack/appendix/9/"
R4 = {"split_max_hands": 4, "surrender": "none"}
PRO = Rules()  # blackjack-pro: 8 decks, S17, DAS, split once, late surrender, 3:2, peek

# (name, rules, published edge in %, source); None: no published figure, printed only.
CASES: list[tuple[str, Rules, float | None, str]] = [
    ("1D S17 R4 DAS", Rules(decks=1, **R4), -0.1839, WIZ + "1ds17r4/"),
    ("1D S17 R4 noDAS", Rules(decks=1, double_after_split=False, **R4), -0.0423, WIZ + "1ds17r4/"),
    ("1D H17 R4 DAS", Rules(decks=1, hits_soft_17=True, **R4), 0.0072, WIZ + "1dh17r4/"),
    (
        "1D H17 R4 noDAS",
        Rules(decks=1, hits_soft_17=True, double_after_split=False, **R4),
        0.1513,
        WIZ + "1dh17r4/",
    ),
    ("2D H17 R4 DAS", Rules(decks=2, hits_soft_17=True, **R4), 0.3797, WIZ + "2dh17r4/"),
    (
        "2D H17 R4 noDAS",
        Rules(decks=2, hits_soft_17=True, double_after_split=False, **R4),
        0.5252,
        WIZ + "2dh17r4/",
    ),
    ("5D S17 R4 DAS", Rules(decks=5, **R4), 0.3804, WIZ + "5ds17r4/"),
    ("5D H17 R4 DAS", Rules(decks=5, hits_soft_17=True, **R4), 0.5918, WIZ + "5dh17r4/"),
    (
        "6D H17 ENHC R4 DAS",
        Rules(decks=6, hits_soft_17=True, hole_card="no-hole-card", **R4),
        0.72705,
        WIZ + "euro-6dh17r4/",
    ),
    (
        "6D H17 ENHC R4 noDAS",
        Rules(decks=6, hits_soft_17=True, hole_card="no-hole-card", double_after_split=False, **R4),
        0.86975,
        WIZ + "euro-6dh17r4/",
    ),
    (
        "8D H17 ENHC R4 DAS",
        Rules(decks=8, hits_soft_17=True, hole_card="no-hole-card", **R4),
        0.7562,
        WIZ + "euro-8dh17r4/",
    ),
    (
        "8D H17 ENHC R4 noDAS",
        Rules(decks=8, hits_soft_17=True, hole_card="no-hole-card", double_after_split=False, **R4),
        0.89865,
        WIZ + "euro-8dh17r4/",
    ),
    ("blackjack-pro", PRO, 0.41, "CASINO.md §8 (rounded to 0.01)"),
    ("blackjack-pro H17", Rules(hits_soft_17=True), None, "CASINO.md: +0.20 pp"),
    ("blackjack-pro 6:5", Rules(blackjack_pays="6:5"), None, "CASINO.md: about +1.36 pp"),
    ("blackjack-pro no LS", Rules(surrender="none"), None, "CASINO.md: +0.08 pp"),
    (
        "bjingo (6D, hard doubles, R4 RSA, LS not v A)",
        Rules(
            decks=6,
            double_on="hard",
            split_max_hands=4,
            resplit_aces=True,
            surrender="late-not-vs-ace",
        ),
        None,
        "",
    ),
    (
        "box-21 (6D ENHC all, no LS)",
        Rules(decks=6, hole_card="no-hole-card", surrender="none"),
        None,
        "",
    ),
    ("tournament (6D H17 R4)", Rules(decks=6, hits_soft_17=True, split_max_hands=4), None, ""),
]

SHORT = [("1D S17 R4 DAS", Rules(decks=1, **R4), -0.1839, WIZ + "1ds17r4/")]


# Wizard of Odds appendix 9, 1 deck S17: "no dealer blackjack" values against an ace.
HANDS_VS_ACE = [
    ((0, 1), {"S": -0.661732, "H": -0.067808, "D": -0.593281}),
    ((4, 5), {"S": -0.634013, "H": 0.172946, "D": 0.240259}),
]


def short_without_numpy() -> int:
    """Per-hand values against an ace, single deck (one up card: a second in plain Python)."""
    start = time.perf_counter()
    solver = solvers(Rules(decks=1, **R4), use_numpy=False)[0]
    assert solver is not None
    failures = 0
    for cards, want in HANDS_VS_ACE:
        removed = _add(_add((0,) * 10, cards[0]), cards[1])
        opts = solver.options(removed, *cards)
        scale = 1.0 - solver.bj_chance(removed)
        for action, value in want.items():
            got = opts[action][0] / scale
            ok = abs(got - value) < 5e-7
            failures += not ok
            hand = ",".join("A" if c == 0 else str(c + 1) for c in cards)
            print(
                f"1D S17 {hand} v A {action}: {got:+.6f} (published {value:+.6f}) {'' if ok else 'MISS'}"
            )
    print(f"{time.perf_counter() - start:.1f}s  {WIZ}1ds17r4/ (numpy not installed: no whole edge)")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="one small rule set (CI)")
    args = parser.parse_args()
    if args.short and not _numpy_ok():
        return short_without_numpy()
    cases = SHORT if args.short else CASES
    failures = 0
    results: dict[str, float] = {}
    print(
        f"{'rule set':46s} {'edge %':>9s} {'published':>9s} {'diff pp':>8s} {'sd':>7s} {'time':>7s}"
    )
    for name, rules, published, source in cases:
        start = time.perf_counter()
        result = house_edge(rules)
        elapsed = time.perf_counter() - start
        edge = result.edge * 100
        results[name] = edge
        line = f"{name:46s} {edge:9.4f} "
        if published is not None:
            diff = edge - published
            line += f"{published:9.4f} {diff:+8.4f} "
            if abs(diff) > TOLERANCE_PP:
                failures += 1
                line += "MISS "
        else:
            line += f"{'':9s} {'':8s} "
        line += f"{result.sd:7.4f} {elapsed:6.1f}s"
        if rules.decks >= 6:
            budget = BUDGET_FOUR_HANDS_S if rules.split_max_hands > 2 else BUDGET_ONE_SPLIT_S
            line += f"  ({elapsed / budget:.2f} of budget)"
            if elapsed > budget:
                failures += 1
        print(line + (f"  {source}" if source else ""), flush=True)
    if not args.short:
        base = results["blackjack-pro"]
        for name, want in (("H17", 0.20), ("6:5", 1.36), ("no LS", 0.08)):
            got = results[f"blackjack-pro {name}"] - base
            print(f"blackjack-pro {name}: {got:+.4f} pp (CASINO.md: {want:+.2f})")
        start = time.perf_counter()
        fixed = house_edge(PRO, split_method="fixed").edge * 100
        print(
            f"blackjack-pro, split hands from the shoe less the two pair cards only: {fixed:.4f} "
            f"({fixed - base:+.4f} pp against pair-card tracking, {time.perf_counter() - start:.1f}s)"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
