"""How `export --json` and `export --csv` grow with the nights of history: 5 nights against 50.

Builds stores of 5 and 50 closed nights (300 rounds x 6 players each, as bench/store.py makes
them; 60 rounds with `--short`) with bench/history.py's builder, then times each export as a
whole process, interleaved with the floor `python -c "import typer, rich, tinydb"`: median wall
time and peak memory at each size, the time per night, and the ratio of 50 nights to 5 (linear
time gives about 10x; flat memory a night gives the same peak at both sizes).

    python bench/export.py            # 5 and 50 nights of 300 rounds, 5 runs
    python bench/export.py --short    # 2 and 10 nights of 60 rounds, 3 runs (CI)
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from history import ROOT, build, run

FLOOR = ["-c", "import typer, rich, tinydb"]
EXPORTS = {"export --json": ["export", "--json"], "export --csv": ["export", "--csv"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="2 and 10 nights of 60 rounds (CI)")
    args = parser.parse_args()
    (small, large), rounds, runs = ((2, 10), 60, 3) if args.short else ((5, 50), 300, 5)
    work = Path(tempfile.mkdtemp(prefix="banluck-export-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPYCACHEPREFIX=str(work / "pycache"))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    try:
        started = time.perf_counter()
        base = work / "base"
        build(base, small, rounds, seed=small)
        homes = {small: work / f"home-{small}"}
        shutil.copytree(base, homes[small])
        build(base, large - small, rounds, seed=large)
        homes[large] = base
        print(
            f"built {small} and {large} nights x {rounds} rounds"
            f" in {time.perf_counter() - started:.0f} s"
        )
        banluck = [sys.executable, "-m", "banluck"]
        floors: list[float] = []
        times = {label: {n: [] for n in homes} for label in EXPORTS}
        peaks = {label: dict.fromkeys(homes, 0) for label in EXPORTS}
        for home in homes.values():  # warm-up: bytecode, the index brought up to date
            run([*banluck, "history"], {**env, "BANLUCK_HOME": str(home)})
        for _ in range(runs):
            for label, words in EXPORTS.items():
                for size, home in homes.items():
                    floors.append(run([sys.executable, *FLOOR], env)[0])
                    ms, kib = run([*banluck, *words], {**env, "BANLUCK_HOME": str(home)})
                    times[label][size].append(ms)
                    peaks[label][size] = max(peaks[label][size], kib)
        floor = statistics.median(floors)
        print(f"median of {runs} runs; floor {floor:.1f} ms")
        print(f"  {'':14}{small:>7} nights{large:>7} nights  ms/night  {large}/{small}  peak MiB")
        for label, by_size in times.items():
            a, b = (statistics.median(by_size[n]) for n in (small, large))
            peak = "/".join(f"{peaks[label][n] / 1024:.0f}" for n in (small, large))
            per_night = (b - a) / (large - small)
            print(f"  {label:14}{a:10.1f} ms{b:10.1f} ms  {per_night:8.2f}  {b / a:5.2f}x  {peak}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
