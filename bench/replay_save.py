"""Time `banluck replay --save` of a long night log (the whole night is one atomic write).

python bench/replay_save.py [--rounds 20000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from banluck.app.presets import load
from banluck.app.records import new_night
from banluck.table.seating import seating_for


def long_log(rounds: int) -> str:
    """A night of `rounds` rounds among three players, each player opened by name."""
    from dataclasses import replace

    seating = replace(seating_for(load("chinese"), ["Mei", "Bob", "Carol"]), default_stake=10)
    night = new_night(seating)
    lines = ["night chinese Mei Bob Carol", "stake 10"]
    for _ in range(rounds):
        seats, dealer = night.seating.seats, night.seating.dealer
        played = ["dealer 10 7", "stand all"]
        played += [f"open {p} 10 {5 + i}" for i, p in enumerate(seats) if p != dealer]
        for line in played:
            word, *args = line.split()
            night.do_line(word, args)
        lines += ["", "round", *played]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--short", action="store_true", help="500 rounds (CI)")
    args = parser.parse_args()
    if args.short:
        args.rounds = 500
    work = Path(tempfile.mkdtemp(prefix="banluck-bench-replay-"))
    try:
        log = work / "night.log"
        log.write_text(long_log(args.rounds), encoding="utf-8")
        env = {**os.environ, "BANLUCK_HOME": str(work / "home")}
        argv = [sys.executable, "-m", "banluck", "replay", "--save", str(log), "--json"]
        started = time.perf_counter()
        subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL)
        print(f"replay --save of {args.rounds} rounds: {time.perf_counter() - started:.2f} s")
        started = time.perf_counter()
        argv = [sys.executable, "-m", "banluck", "replay", str(log), "--json"]
        subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL)
        print(f"replay (no save) of the same log: {time.perf_counter() - started:.2f} s")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
