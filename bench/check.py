"""How `banluck check` and `banluck check --full` grow with the nights of history: time and
peak memory.

Builds stores of 0, 10, 50 and 250 closed nights (rounds x 6 players each, as bench/store.py
makes them) through the store's own API (`Store.import_nights`), then runs each command in a
fresh process `RUNS` times a size, interleaved, and prints the median time, its ratio to the
empty store's and the peak memory of the process.

The first `check` of each store, untimed, is the one that seals its nights (a clean check seals
each closed night with its file's digest); the timed checks after it hash the sealed nights'
bytes instead of reading them.

Targets (issue 26): `check` within 1.5x of its empty-store time at 250 nights, `check --full`
linear in the nights, both under 100 MiB. The full run exits 1 when one is missed; `--short`
(CI: 0 and 10 nights of 30 rounds, 3 runs) prints its figures only.

    python bench/check.py            # 0, 10, 50, 250 nights of 300 rounds, 5 runs each
    python bench/check.py --short    # 0 and 10 nights of 30 rounds, 3 runs (CI)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from history import build  # noqa: E402

CHECK_RATIO = 1.5  # `check` at the largest store against the empty one
MAX_MIB = 100.0
LINEAR = 1.5  # `check --full`: its time per night at the largest store against at the middle one
RUN = (  # the peak of this process: VmHWM (ru_maxrss keeps the forking parent's peak)
    "import re, resource, sys\n"
    "from banluck.cli.main import main\n"
    "code = main(sys.argv[1:])\n"
    "try:\n"
    "    peak = int(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read())[1])\n"
    "except (OSError, TypeError):\n"
    "    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "print(peak, file=sys.stderr)\n"
    "sys.exit(code)\n"
)
COMMANDS = {"check": ["check"], "check --full": ["check", "--full"]}


def run(home: Path, args: list[str]) -> tuple[float, float]:
    """Seconds and peak MiB of one `banluck ARGS` in a fresh process. An installed package has
    its bytecode compiled, a checkout may not (PYTHONDONTWRITEBYTECODE): bytecode is kept in a
    cache of the bench's own, so no run times the compiling of modules the empty store skips."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(
        BANLUCK_HOME=str(home),
        PYTHONPATH=str(ROOT),
        PYTHONPYCACHEPREFIX=str(home.parent / "pycache"),
    )
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], env=env, capture_output=True, text=True, check=False
    )
    took = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"banluck {' '.join(args)} failed: {done.stderr[-400:]}")
    return took, int(done.stderr.strip().splitlines()[-1]) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="CI: small stores, figures only")
    options = parser.parse_args()
    sizes, rounds, runs = ((0, 10), 30, 3) if options.short else ((0, 10, 50, 250), 300, 5)
    with tempfile.TemporaryDirectory(prefix="banluck-bench-check-") as folder:
        homes = {}
        for size in sizes:
            home = Path(folder) / f"n{size}"
            home.mkdir()
            build(home, size, rounds, seed=size + 1)
            homes[size] = home
            run(home, ["check"])  # seals the closed nights (and compiles the bytecode), untimed
        times: dict[tuple[str, int], list[float]] = {}
        peaks: dict[tuple[str, int], float] = {}
        for _ in range(runs):
            for size, home in homes.items():
                for name, args in COMMANDS.items():
                    took, mib = run(home, args)
                    times.setdefault((name, size), []).append(took)
                    peaks[(name, size)] = max(peaks.get((name, size), 0.0), mib)
    ok = True
    print(f"{'command':<14}{'nights':>7}{'median s':>10}{'x empty':>9}{'peak MiB':>10}")
    for name in COMMANDS:
        empty = statistics.median(times[(name, sizes[0])])
        for size in sizes:
            median = statistics.median(times[(name, size)])
            print(
                f"{name:<14}{size:>7}{median:>10.3f}{median / empty:>9.2f}"
                f"{peaks[(name, size)]:>10.1f}"
            )
            ok = ok and peaks[(name, size)] <= MAX_MIB
    largest, middle = sizes[-1], sizes[-2]
    check_ratio = statistics.median(times[("check", largest)]) / statistics.median(
        times[("check", sizes[0])]
    )
    per = {
        size: (
            statistics.median(times[("check --full", size)])
            - statistics.median(times[("check --full", sizes[0])])
        )
        / size
        for size in (middle, largest)
        if size
    }
    linear = per[largest] / per[middle] if middle and per.get(middle) else 1.0
    growth = (
        f"check --full per night at {largest} against {middle}: {linear:.2f}x (target {LINEAR}x)"
        if middle
        else f"check --full per night: {per[largest] * 1000:.1f} ms"
    )
    print(
        f"check at {largest} nights: {check_ratio:.2f}x empty (target {CHECK_RATIO}x); {growth};"
        f" peak under {MAX_MIB:.0f} MiB: {ok}"
    )
    if options.short:
        return 0
    ok = ok and check_ratio <= CHECK_RATIO and linear <= LINEAR
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
