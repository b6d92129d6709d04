"""How the store's speed depends on history: recording a round, and reading every entry.

Builds a year of play (50 nights x 300 rounds x 6 players, about 6 transfers and 10 log lines a
round) with `Store.import_nights`, then measures:

(a) recording one more round into the open night, with the year of history against an empty
    store (target ratio <= 2), both for a fresh night and for a night already 300 rounds long;
(b) a `python -c` that opens the store and computes balances over every entry (what
    `banluck ledger --all` does), against the start-up floor `python -c "import typer, rich,
    tinydb"` (target <= 3x for the whole command, which also imports typer and rich).

`--short` builds 4 nights x 60 rounds for CI (a few seconds). Figures are medians; the machine
is noisy, so read the ratios.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from banluck.app import presets  # noqa: E402
from banluck.storage import Store  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
KINDS = ["regular"] * 12 + ["bust"] * 5 + ["twenty-one", "ban-luck", "five-dragon", "ban-ban"]
SNAPSHOT = presets.load("chinese").to_dict()


def a_round(rng: random.Random, dealer: str) -> dict[str, Any]:
    """A realistic settled round: the dealer against five players, one side payment."""
    transfers = []
    log = [f"deal: {dealer} deals to {', '.join(p for p in PLAYERS if p != dealer)}"]
    hands = {dealer: rng.choice(KINDS)}
    for player in PLAYERS:
        if player == dealer:
            continue
        hands[player] = rng.choice(KINDS)
        log.append(
            f"{player} draws {rng.choice('A23456789TJQK')} and stands on {rng.randint(16, 21)}"
        )
        amount = 10 * rng.choice([1, 1, 1, 2, 3])
        if rng.random() < 0.5:
            transfers.append(
                {"from": player, "to": dealer, "amount": amount, "reason": "lower total"}
            )
        else:
            transfers.append(
                {"from": dealer, "to": player, "amount": amount, "reason": "higher total"}
            )
    a, b = rng.sample([p for p in PLAYERS if p != dealer], 2)
    transfers.append({"from": a, "to": b, "amount": 10, "reason": "stood under the minimum"})
    log += [f"{dealer} opens at {rng.randint(16, 21)}", "dealer stands", "round settled"]
    log.append(f"{dealer} collects")
    return {"transfers": transfers, "log": log, "hands": hands}


def year(nights: int, rounds: int, seed: int = 1) -> Iterator[tuple[dict[str, Any], list[Any]]]:
    rng = random.Random(seed)
    for n in range(nights):
        night = {
            "date": f"2024-{1 + n % 12:02d}-{1 + n % 28:02d}",
            "preset": "chinese",
            "snapshot": SNAPSHOT,
            "seats": PLAYERS,
            "dealer": PLAYERS[0],
            "stakes": dict.fromkeys(PLAYERS, 10),
        }
        entries = [a_round(rng, PLAYERS[(r // 3) % 6]) for r in range(rounds)]
        yield night, entries


def open_night(store: Store) -> None:
    store.open_night("chinese", SNAPSHOT, PLAYERS, "Ann", dict.fromkeys(PLAYERS, 10))


def time_records(store: Store, count: int, rng: random.Random) -> float:
    """Median seconds of `record_round` (a whole open-lock-read-write-close), over `count`."""
    times = []
    for _ in range(count):
        round_ = a_round(rng, "Ann")
        started = time.perf_counter()
        store.record_round(round_)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def fill(store: Store, rounds: int, rng: random.Random) -> None:
    for _ in range(rounds):
        store.record_round(a_round(rng, "Ann"))


ENV = dict(os.environ)


def run_python(code: str, repeat: int) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of `python -c code`, run from the
    repository root. CPU time is steadier on a shared machine; wall time is what a dealer waits."""
    return run_argv([sys.executable, "-c", code], repeat)


def run_argv(
    argv: list[str], repeat: int, env: dict[str, str] | None = None
) -> tuple[float, float]:
    """Median wall and CPU time of a whole command (after one warm-up run that writes bytecode)."""
    subprocess.run(argv, cwd=ROOT, check=True, env=env or ENV, stdout=subprocess.DEVNULL)
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, check=True, env=env or ENV, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def size_mib(home: Path) -> float:
    return sum(p.stat().st_size for p in home.rglob("*.json")) / 2**20


def timed(what: str, action: Callable[[], Any]) -> Any:
    started = time.perf_counter()
    result = action()
    print(f"{what}: {time.perf_counter() - started:.2f} s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="a small history, for CI")
    args = parser.parse_args()
    nights, rounds = (4, 60) if args.short else (50, 300)
    samples, repeat, night_rounds = (10, 3, 40) if args.short else (40, 7, 300)
    rng = random.Random(7)
    work = Path(tempfile.mkdtemp(prefix="banluck-bench-"))
    # Bytecode is cached as for an installed program (this machine may turn the cache off).
    ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    ENV["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    try:
        history, empty = Store(work / "history"), Store(work / "empty")
        count = timed(
            f"build {nights} nights x {rounds} rounds x {len(PLAYERS)} players",
            lambda: history.import_nights(year(nights, rounds)),
        )
        print(f"history: {count} entries, {size_mib(history.home):.1f} MiB of JSON")

        print("\n(a) record one round into the open night (median of each)")
        open_night(history)
        open_night(empty)
        t_hist = time_records(history, samples, rng)
        t_empty = time_records(empty, samples, rng)
        print(f"  fresh night, empty store     {t_empty * 1e3:7.2f} ms")
        print(f"  fresh night, year of history {t_hist * 1e3:7.2f} ms")
        print(f"  ratio history / empty        {t_hist / t_empty:7.2f}  (target <= 2)")
        fill(history, night_rounds - samples, rng)
        fill(empty, night_rounds - samples, rng)
        t_hist_full = time_records(history, samples, rng)
        t_empty_full = time_records(empty, samples, rng)
        print(f"  {night_rounds}-round night, empty store     {t_empty_full * 1e3:7.2f} ms")
        print(f"  {night_rounds}-round night, year of history {t_hist_full * 1e3:7.2f} ms")
        print(f"  ratio history / empty              {t_hist_full / t_empty_full:7.2f}")
        print(f"  ratio {night_rounds}-round night / fresh night  {t_hist_full / t_hist:7.2f}")

        print(f"\n(b) read every entry and compute balances (median of {repeat} runs)")
        load = (
            "from pathlib import Path; from banluck.storage import Store; "
            f"b = Store(Path({str(history.home)!r})).balances(); assert len(b) == 6"
        )
        season = (
            "from pathlib import Path; from banluck.storage import Store; "
            f"s = Store(Path({str(history.home)!r})).season(); assert len(s) == 6"
        )
        floor = run_python("import typer, rich, tinydb", repeat)
        rows = [
            ("python -c pass", run_python("pass", repeat)),
            ("floor: import typer, rich, tinydb", floor),
            ("import banluck.storage", run_python("import banluck.storage", repeat)),
            (
                f"open store + balances of {len(history.entries())} entries",
                run_python(load, repeat),
            ),
            (
                "same + import typer, rich (the command)",
                run_python("import typer, rich; " + load, repeat),
            ),
            ("open store + season summary (index cache)", run_python(season, repeat)),
        ]
        command_env = {**ENV, "BANLUCK_HOME": str(history.home), "COLUMNS": "100"}
        for words in (["ledger", "--all"], ["settle"]):
            argv = [sys.executable, "-m", "banluck", *words]
            rows.append((f"banluck {' '.join(words)}", run_argv(argv, repeat, command_env)))
        print(f"  {'':48} {'wall':>8} {'cpu':>8}   x floor (wall, cpu)")
        for label, (wall, cpu) in rows:
            print(
                f"  {label:48} {wall * 1e3:6.1f}ms {cpu * 1e3:6.1f}ms"
                f"   {wall / floor[0]:4.2f}  {cpu / floor[1]:4.2f}"
            )
        print("  target: banluck ledger --all <= 3x floor")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
