"""Start-up time of banluck's commands against importing banluck's own dependencies.

A dealer waits on every command, so the time from pressing Enter to the answer matters. The
floor is `python -c "import typer, rich.console, rich.table, tinydb"`: what any command line on
this stack that draws with rich pays before it does anything. The commands run interleaved (floor, command, floor, command, ...) so that noise from
other processes falls on all of them alike; the figures are medians, printed as ratios to the
floor's median. The read commands run on a small store made for the bench (the shipped demo night
and an open night of four seats) in a temporary BANLUCK_HOME. `act` starts a round on the open
night (taken back after each run, untimed); `table` starts the console and quits at once (its
input is `quit`).

    python bench/startup.py            # 21 runs each
    python bench/startup.py --short    # 5 runs each, fewer commands (CI)
    python bench/startup.py -n 51

Targets (median, ratio to the floor): every read command at most 1.25x, `act` at most 1.3x,
`table` started and quit at most 1.4x.
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
FLOOR = "floor: import typer, rich.console, rich.table, tinydb"
READ = 1.25  # every read command
ACT = 1.3
TABLE = 1.4  # the console started and quit

ODDS_ARGS = ["odds", "--dealer", "10 6", "--seen", "K 5 9"] + [
    a for n in ("3", "2", "2", "3", "2", "2") for a in ("--closed", n)
]

# label -> (banluck arguments, target ratio, in --short)
COMMANDS: dict[str, tuple[list[str], float, bool]] = {
    "act dealer 10 6": (["act", "dealer", "10", "6"], ACT, True),
    "table (quit)": (["table"], TABLE, True),
    "hand A K": (["hand", "A", "K"], READ, True),
    'judge --player "10 6" --dealer "10 7"': (
        ["judge", "--player", "10 6", "--dealer", "10 7"],
        READ,
        False,
    ),
    "rules show chinese": (["rules", "show", "chinese"], READ, False),
    "rules list": (["rules", "list"], READ, True),
    "rules diff chinese kampung": (["rules", "diff", "chinese", "kampung"], READ, False),
    "rules validate": (["rules", "validate"], READ, False),
    "odds (6 closed hands)": (ODDS_ARGS, READ, True),
    "ledger": (["ledger"], READ, True),
    "night show": (["night", "show"], READ, False),
    "history": (["history"], READ, False),
    "stats": (["stats"], READ, False),
    "settle": (["settle"], READ, False),
    "ledger --all": (["ledger", "--all"], READ, False),
    "chart --night 1": (["chart", "--night", "1"], READ, False),
}


# what a command's input is, and what is run (untimed) after it to leave the store as it was
INPUT = {"table (quit)": b"quit\n"}
AFTER = {"act dealer 10 6": ["act", "undo"]}


def _time_once(argv: list[str], env: dict[str, str], given: bytes = b"") -> float:
    start = time.perf_counter()
    done = subprocess.run(
        argv, cwd=ROOT, env=env, input=given, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')}")
    return elapsed * 1000


def _make_store(home: Path, env: dict[str, str]) -> Path:
    """A small store: the demo night (closed) and an open night; returns its BANLUCK_HOME."""
    banluck = [sys.executable, "-m", "banluck"]
    _time_once([*banluck, "demo"], {**env, "BANLUCK_HOME": str(home)})
    store = home / "demo"
    night = [*banluck, "night", "start", "chinese", "Bob", "Mei", "Carol", "Dave"]
    _time_once(night, {**env, "BANLUCK_HOME": str(store)})
    return store


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=21, help="runs of each command")
    parser.add_argument("--short", action="store_true", help="5 runs, fewer commands, for CI")
    args = parser.parse_args(argv)
    runs = 5 if args.short else args.runs

    floor = [sys.executable, "-c", "import typer, rich.console, rich.table, tinydb"]
    banluck = [sys.executable, "-m", "banluck"]
    commands: dict[str, tuple[list[str], float]] = {
        label: ([*banluck, *words], target)
        for label, (words, target, short) in COMMANDS.items()
        if short or not args.short
    }
    script = shutil.which("banluck")
    if script and not args.short:
        commands["hand A K (script on PATH)"] = ([script, "hand", "A", "K"], READ)

    # An installed package has its bytecode compiled; a checkout may not (PYTHONDONTWRITEBYTECODE).
    # Every command gets the same fresh bytecode cache, filled by one warm-up run each (not timed).
    with tempfile.TemporaryDirectory(prefix="banluck-bench-") as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        # the script on PATH may belong to another checkout: make it run this one's code
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        env["BANLUCK_HOME"] = str(_make_store(Path(tmp) / "home", env))
        _time_once(floor, env)

        def timed(label: str, argv_: list[str]) -> float:
            elapsed = _time_once(argv_, env, INPUT.get(label, b""))
            if label in AFTER:
                _time_once([*banluck, *AFTER[label]], env)
            return elapsed

        for label, (argv_, _) in commands.items():
            timed(label, argv_)
        floors: list[float] = []
        times: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(runs):
            for label, (argv_, _) in commands.items():
                floors.append(_time_once(floor, env))
                times[label].append(timed(label, argv_))

    base = statistics.median(floors)
    width = max(len(label) for label in [FLOOR, *commands])
    print(f"{runs} runs each, interleaved with the floor; medians and ratios to the floor")
    print(f"{FLOOR:<{width}}  {base:7.1f} ms")
    for label, (_, target) in commands.items():
        median = statistics.median(times[label])
        ratio = median / base
        mark = "ok" if ratio <= target else "OVER"
        print(f"{label:<{width}}  {median:7.1f} ms  {ratio:5.2f}x  (target {target:.2f}x) {mark}")
    if script and not args.short:
        print(f"(script: {script}, running the code of {ROOT})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
