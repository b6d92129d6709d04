"""Start-up time of `banluck hand A K` against importing banluck's own dependencies.

A dealer waits on every command, so the time from pressing Enter to the answer matters. The
baseline is `python -c "import typer, rich, tinydb"`: what any CLI on this stack pays before it does
anything. The commands run interleaved (baseline, module, script, baseline, ...) so that noise from
other processes falls on all of them alike; the figures are medians.

    python bench/startup.py            # 21 runs each
    python bench/startup.py --short    # 5 runs each (CI)
    python bench/startup.py -n 51

Target: `banluck hand A K` at most 1.5x the baseline (median).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.5


def _time_once(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')}")
    return elapsed * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=21, help="runs of each command")
    parser.add_argument("--short", action="store_true", help="5 runs each, for CI")
    args = parser.parse_args(argv)
    runs = 5 if args.short else args.runs

    commands: dict[str, list[str]] = {
        "baseline: import typer, rich, tinydb": [
            sys.executable,
            "-c",
            "import typer, rich, tinydb",
        ],
        "python -m banluck hand A K": [sys.executable, "-m", "banluck", "hand", "A", "K"],
    }
    script = shutil.which("banluck")
    if script:
        commands["banluck hand A K (script on PATH)"] = [script, "hand", "A", "K"]

    # An installed package has its bytecode compiled; a checkout may not (PYTHONDONTWRITEBYTECODE).
    # Every command gets the same fresh bytecode cache, filled by one warm-up run each.
    with tempfile.TemporaryDirectory(prefix="banluck-bench-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        # the script on PATH may belong to another checkout: make it run this one's code
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        for argv_ in commands.values():
            _time_once(argv_, env)
        times: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(runs):
            for label, argv_ in commands.items():
                times[label].append(_time_once(argv_, env))

    medians = {label: statistics.median(ts) for label, ts in times.items()}
    base = next(iter(medians.values()))
    width = max(len(label) for label in medians)
    print(f"{runs} runs each, interleaved; medians (target: at most {TARGET}x the baseline)")
    for label, median in medians.items():
        print(f"{label:<{width}}  {median:7.1f} ms  {median / base:5.2f}x")
    if script:
        print(f"(script: {script}, running the code of {ROOT})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
