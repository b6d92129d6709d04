"""Benchmarks for the advisor, the house-edge lab and the start-up cost of their commands.

    python bench/odds.py           # full: more repetitions, a longer simulation
    python bench/odds.py --short   # CI: a few seconds

Figures are medians, each printed as a ratio against its budget (the baseline):
* advice for six closed players, in a running process: budget 50 ms per call;
* the exact heads-up edge of one preset: budget 60 s for +-0.1 percentage point (95 %);
  the simulator's achieved half-width and throughput with six players are shown beside it;
* `banluck hand A K` start-up with `banluck odds` / `banluck edge` registered, against the same
  command with the module left out entirely: the ratio should be 1.00 (noise aside).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from banluck.app import presets  # noqa: E402
from banluck.core.cards import parse_cards  # noqa: E402
from banluck.games.banluck.advice import ClosedPlayer, advise  # noqa: E402
from banluck.games.banluck.edge import exact_edge, simulate_edge  # noqa: E402

ADVICE_BUDGET_MS = 50.0
EDGE_BUDGET_S = 60.0

# A run of real dealer situations: (dealer, seen) with six closed players of 2-4 cards.
SITUATIONS = [
    ("10 6", "K 5 9"),
    ("10 7", ""),
    ("A 5", "Q 9 8"),
    ("9 8", "2 3 4 10"),
    ("6 5 5", "K"),
    ("A 5 10", "7 7"),
    ("8 8", "A K 4"),
    ("A 6", ""),
]
PLAYERS = [ClosedPlayer(f"P{i}", n) for i, n in enumerate((2, 3, 4, 2, 3, 4), 1)]

BEFORE = """
import sys, types
stub = types.ModuleType("banluck.cli.lab_cmd")
stub.register = lambda app: None
sys.modules["banluck.cli.lab_cmd"] = stub
from banluck.cli.main import main
sys.exit(main(["hand", "A", "K"]))
"""
AFTER = """
import sys
from banluck.cli.main import main
sys.exit(main(["hand", "A", "K"]))
"""


def bench_advice(repeat: int) -> None:
    preset = presets.load("chinese")
    start = time.perf_counter()
    advise(preset, parse_cards("10 6"), [], PLAYERS)
    cold = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(repeat):
        for dealer, seen in SITUATIONS:
            start = time.perf_counter()
            advise(preset, parse_cards(dealer), parse_cards(seen), PLAYERS)
            times.append((time.perf_counter() - start) * 1000)
    median = statistics.median(times)
    print(
        f"advice, six closed players: median {median:.2f} ms, worst {max(times):.2f} ms"
        f" ({len(times)} calls; first call {cold:.1f} ms builds the tables)"
        f" = {median / ADVICE_BUDGET_MS:.3f} x the {ADVICE_BUDGET_MS:.0f} ms budget"
    )


def bench_edge(rounds: int) -> None:
    preset = presets.load("chinese")
    start = time.perf_counter()
    exact = exact_edge(preset, table=True)
    took = time.perf_counter() - start
    print(
        f"edge, chinese heads-up exact: {100 * exact.edge:+.4f} % +-0.0000 pp in {took:.2f} s"
        f" = {took / EDGE_BUDGET_S:.3f} x the {EDGE_BUDGET_S:.0f} s budget for +-0.1 pp"
    )
    start = time.perf_counter()
    mc = simulate_edge(preset, 6, rounds, seed=1, workers=2, table=exact.table)
    took = time.perf_counter() - start
    print(
        f"edge, chinese six players simulated: {100 * mc.edge:+.3f} % +-{100 * mc.half_width:.3f}"
        f" pp from {rounds:,} rounds in {took:.2f} s on 2 processes"
        f" ({rounds * 6 / took:,.0f} player-hands/s);"
        f" heads-up exact inside the interval: {mc.low <= exact.edge <= mc.high}"
    )


def _run(code: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall-clock, CPU) seconds of one run of `code` in a fresh interpreter."""
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - cpu.ru_utime) + (after.ru_stime - cpu.ru_stime)


def bench_startup(repeat: int) -> None:
    # As installed: compiled bytecode cached (in a temporary folder, not in the source tree).
    cache = tempfile.mkdtemp(prefix="banluck-bench-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    _run(BEFORE, env)
    _run(AFTER, env)
    before, after = [], []
    for _ in range(repeat):  # interleaved, so drift on a shared machine hits both alike
        before.append(_run(BEFORE, env))
        after.append(_run(AFTER, env))
    shutil.rmtree(cache, ignore_errors=True)
    for i, what in ((0, "wall-clock"), (1, "CPU")):
        b = statistics.median(x[i] for x in before) * 1000
        a = statistics.median(x[i] for x in after) * 1000
        print(
            f"start-up, banluck hand A K ({what}, median of {repeat}): {b:.1f} ms without the"
            f" odds module, {a:.1f} ms with it = {a / b:.3f} x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="a few seconds, for CI")
    args = parser.parse_args()
    bench_advice(repeat=3 if args.short else 25)
    bench_edge(rounds=6_000 if args.short else 200_000)
    bench_startup(repeat=7 if args.short else 31)


if __name__ == "__main__":
    main()
