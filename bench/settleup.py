"""How long the end-of-night settle-up takes, against the start-up every command pays anyway.

    python bench/settleup.py            # full run (about 15 s)
    python bench/settleup.py --short    # for CI (a few seconds)

For 8, 12, 15 and 20 people with non-zero balances (no two that cancel, so nothing is paired off
early), `plan()` is timed on random nights of three kinds: "chips" (amounts up to 500: few
subsets sum to zero), "stakes" (whole stakes up to 4) and "dense" (stakes of 1, 2 and -3:
thousands of subsets sum to zero, the slowest case). A crowd of 25 and 30 people is timed on
random nights of "chips" and of "small" amounts (up to 40), each night once, with its transfers
against the greedy's; the greedy is timed at 40 people. Each
figure is the median over nights of the median of repeats. The baseline is the start-up floor of
a command, `python -c "import typer, rich, tinydb"`, measured in the same run; every figure is
also printed as a ratio to it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's banluck

from banluck.money import settleup


def random_night(rng: random.Random, size: int, max_amount: int) -> dict[str, int]:
    """Non-zero balances for `size` people summing to zero, with no +x/-x pair."""
    while True:
        amounts = [rng.randint(-max_amount, max_amount) for _ in range(size - 1)]
        amounts.append(-sum(amounts))
        values = set(amounts)
        if 0 not in values and not any(-v in values for v in values):
            return {f"p{i:02d}": a for i, a in enumerate(amounts)}


def dense_night(rng: random.Random, size: int) -> dict[str, int]:
    """Balances of 1, 2 and -3 stakes: thousands of subsets sum to zero (the slowest nights)."""
    while True:
        amounts = [rng.choice([1, 1, 2, -3]) for _ in range(size - 1)]
        amounts.append(-sum(amounts))
        if amounts[-1] in (1, 2, -3):
            return {f"p{i:02d}": a for i, a in enumerate(amounts)}


KINDS: dict[str, Callable[[random.Random, int], dict[str, int]]] = {
    "chips": lambda rng, size: random_night(rng, size, 500),
    "stakes": lambda rng, size: random_night(rng, size, 4),
    "dense": dense_night,
}


def median_seconds(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def startup_floor(repeats: int) -> float:
    """Median wall time of a fresh interpreter importing typer, rich and tinydb."""
    cmd = [sys.executable, "-c", "import typer, rich, tinydb"]
    subprocess.run(cmd, check=True)  # warm the file cache
    return median_seconds(lambda: subprocess.run(cmd, check=True), repeats)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="fewer nights and repeats (CI)")
    args = parser.parse_args(argv)
    nights, repeats, floor_repeats = (3, 3, 5) if args.short else (9, 5, 15)

    floor = startup_floor(floor_repeats)
    print(f"start-up floor (import typer, rich, tinydb): {floor * 1000:7.1f} ms   (baseline 1.00)")

    rng = random.Random(2024)
    rows: list[tuple[str, float, str]] = []
    for label, make in KINDS.items():
        for size in (8, 12, 15, 20):
            figures = []
            worse = 0
            for _ in range(nights):
                balances = make(rng, size)
                result = settleup.plan(balances)
                assert result.method == "exact"
                assert not any(settleup.apply(balances, result.transfers).values())
                greedy = settleup._largest_first(sorted(balances.items()))
                worse += len(greedy) > len(result.transfers)
                figures.append(median_seconds(lambda b=balances: settleup.plan(b), repeats))
            note = f"greedy needs more transfers on {worse}/{nights} nights"
            rows.append((f"exact, {size:2d} people, {label}", statistics.median(figures), note))

    for size in (25, 30):  # a crowd: the search over the small zero-sum groups only
        for label, most in (("chips", 500), ("small", 40)):
            figures, transfers, greedy_transfers = [], [], []
            for _ in range(nights):
                balances = random_night(rng, size, most)
                result = settleup.plan(balances)
                assert result.method == "exact"
                assert not any(settleup.apply(balances, result.transfers).values())
                transfers.append(len(result.transfers))
                greedy_transfers.append(len(settleup._largest_first(sorted(balances.items()))))
                figures.append(median_seconds(lambda b=balances: settleup.plan(b), 1))
            note = f"transfers {transfers}, greedy {greedy_transfers}, slowest {max(figures):.3f} s"
            rows.append((f"exact, {size:2d} people, {label}", statistics.median(figures), note))

    figures = []
    for _ in range(nights):
        balances = random_night(rng, 40, 500)
        assert settleup.plan(balances).method == "greedy"
        figures.append(median_seconds(lambda b=balances: settleup.plan(b), repeats))
    rows.append(("greedy, 40 people, chips", statistics.median(figures), ""))

    for name, seconds, note in rows:
        print(f"{name:<34} {seconds * 1000:7.2f} ms   ({seconds / floor:5.2f} x floor)  {note}")
    worst_15 = max(s for n, s, _ in rows if n.startswith("exact, 15"))
    print(f"exact 15 (slowest kind) / start-up floor: {worst_15 / floor:.2f}")
    worst_20 = max(s for n, s, _ in rows if n.startswith("exact, 20"))
    print(f"exact 20 (slowest kind): {worst_20 * 1000:.1f} ms (target: under 100 ms)")
    worst_30 = max(s for n, s, _ in rows if n.startswith("exact, 30"))
    print(f"exact 30 (slowest kind, median): {worst_30 * 1000:.1f} ms (target: about a second)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
