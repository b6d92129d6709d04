"""How the read commands and the writes of play grow with the years of history.

Builds stores of 0, 10, 50 and 250 closed nights (300 rounds x 6 players each, as bench/store.py
makes them) through the store's own API (`Store.import_nights`), each with an open night of 20
rounds recorded with `Store.record_round`, then:

(a) times every read command at every size, interleaved with the floor `python -c "import typer,
    rich, tinydb"` so that noise from other processes falls on all alike: medians as ratios to
    the floor, the growth per night of history ((largest - empty) / nights) and the largest
    store against the empty one, with each command's peak memory;
(b) times recording a round (`Store.record_round`, the whole lock-read-write) and a line of play
    within a round (`Store.push_action`, after the round's first line) in a fresh night at the
    largest size and late in a 300-round night, against an empty store.

Targets (issue 12): at most 0.05 ms per night for every read command, the largest store within
1.2x of the empty one, a round recorded at 250 nights and late in a 300-round night within 1.1x
of an empty store.

    python bench/history.py            # 0, 10, 50, 250 nights, 11 runs each
    python bench/history.py --short    # 0 and 10 nights of 60 rounds, 4 commands, 3 runs (CI)
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from store import PLAYERS, a_round, open_night, year  # noqa: E402

from banluck.storage import Store  # noqa: E402

FLOOR = ["-c", "import typer, rich, tinydb"]
SHORT = ("stats", "history", "settle", "ledger --all")
COMMANDS: dict[str, list[str]] = {
    "stats": ["stats"],
    "stats --night 1": ["stats", "--night", "1"],
    "history": ["history"],
    "chart": ["chart"],
    "settle": ["settle"],
    "settle --night 1": ["settle", "--night", "1"],
    "settle --from 2024-06-01": ["settle", "--from", "2024-06-01"],
    "ledger": ["ledger"],
    "ledger --all": ["ledger", "--all"],
    "night show": ["night", "show"],
    "export --json": ["export", "--json"],
    "export --csv": ["export", "--csv"],
}
PER_NIGHT = 0.05  # ms of growth per night
LARGEST = 1.2  # the largest store against the empty one
WRITE = 1.1  # recording a round with history, or late in a long night, against an empty store
BATCH = 10  # nights a call of import_nights


def build(home: Path, nights: int, rounds: int, seed: int) -> None:
    """Add `nights` closed nights to the store at `home`, BATCH nights an import."""
    store = Store(home)
    made = year(nights, rounds, seed)
    while True:
        batch = [item for _, item in zip(range(BATCH), made, strict=False)]
        if not batch:
            return
        store.import_nights(batch)


def with_open_night(source: Path, home: Path, rounds: int) -> Path:
    """A copy of the store at `source` with an open night of `rounds` rounds recorded."""
    if source.exists():
        shutil.copytree(source, home)
    store = Store(home)
    open_night(store)
    rng = random.Random(3)
    for _ in range(rounds):
        store.record_round(a_round(rng, "Ann"))
    return home


def run(argv: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Wall time in ms and peak memory in KiB of one command."""
    started = time.perf_counter()
    child = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = (time.perf_counter() - started) * 1000
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed with exit {child.returncode}")
    return elapsed, usage.ru_maxrss


def time_reads(
    homes: dict[int, Path], runs: int, env: dict[str, str]
) -> tuple[float, dict[str, dict[int, tuple[float, int]]]]:
    """The floor's median, and each command's median ms and peak KiB at each size."""
    floor = [sys.executable, *FLOOR]
    banluck = [sys.executable, "-m", "banluck"]
    run(floor, env)
    floors: list[float] = []
    times: dict[str, dict[int, list[float]]] = {c: {n: [] for n in homes} for c in COMMANDS}
    peaks: dict[str, dict[int, int]] = {c: dict.fromkeys(homes, 0) for c in COMMANDS}
    for home in homes.values():
        for words in COMMANDS.values():  # warm-up: bytecode, the index brought up to date
            run([*banluck, *words], {**env, "BANLUCK_HOME": str(home)})
    for _ in range(runs):
        for label, words in COMMANDS.items():
            for size, home in homes.items():
                floors.append(run(floor, env)[0])
                ms, kib = run([*banluck, *words], {**env, "BANLUCK_HOME": str(home)})
                times[label][size].append(ms)
                peaks[label][size] = max(peaks[label][size], kib)
    out = {
        label: {n: (statistics.median(ts), peaks[label][n]) for n, ts in sizes.items()}
        for label, sizes in times.items()
    }
    return statistics.median(floors), out


def time_writes(work: Path, largest: Path, night_rounds: int, samples: int) -> None:
    """Recording a round and a line of play: at the largest size and late in a long night,
    against an empty store (in this process: the store's own cost, without start-up). The three
    stores are sampled in turn, a round each, so that a slow moment of the shared disk (an fsync
    costs from 0.1 to 4 ms here) falls on all three alike."""
    rng = random.Random(11)

    def sample(store: Store) -> tuple[float, float]:
        store.push_action("deal")  # the first line of a round begins the round's journal
        started = time.perf_counter()
        store.push_action("Bob draws 7")  # a line within the round: one append
        line = time.perf_counter() - started
        store.pop_action()
        store.pop_action()
        round_ = a_round(rng, "Ann")
        started = time.perf_counter()
        store.record_round(round_)
        return (time.perf_counter() - started) * 1000, line * 1000

    empty = Store(work / "write-empty")
    open_night(empty)
    history = Store(work / "write-history")
    shutil.copytree(largest, history.home)
    open_night(history)
    late = Store(work / "write-late")
    open_night(late)
    for _ in range(night_rounds - samples):
        late.record_round(a_round(rng, "Ann"))
    stores = [
        ("empty store, fresh night", empty),
        (f"{len(history.nights()) - 1} nights, fresh night", history),
        (f"empty store, late in a {night_rounds}-round night", late),
    ]
    times: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in stores}
    for _ in range(samples):
        for label, store in stores:
            times[label].append(sample(store))
    rows = [
        (
            label,
            statistics.median(r for r, _ in got),
            statistics.mean(r for r, _ in got),
            statistics.median(line for _, line in got),
        )
        for label, got in times.items()
    ]
    base_round, base_line = rows[0][1], rows[0][3]
    print(f"\n(b) writes, median of {samples} (ratio to the empty store; target {WRITE}x)")
    print(f"  {'':44} {'round':>9} {'ratio':>6} {'mean':>9} {'line':>9} {'ratio':>6}")
    for label, r, mean, line in rows:
        print(
            f"  {label:44} {r:7.2f}ms {r / base_round:5.2f}x {mean:7.2f}ms"
            f" {line:7.2f}ms {line / base_line:5.2f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="0 and 10 nights, for CI")
    parser.add_argument("-n", "--runs", type=int, default=None, help="runs of each command")
    args = parser.parse_args()
    sizes, rounds = ([0, 10], 60) if args.short else ([0, 10, 50, 250], 300)
    runs = args.runs or (3 if args.short else 11)
    night_rounds, samples = (60, 10) if args.short else (300, 30)
    work = Path(tempfile.mkdtemp(prefix="banluck-history-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPYCACHEPREFIX=str(work / "pycache"), COLUMNS="100")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    try:
        base = work / "base"
        homes: dict[int, Path] = {}
        started = time.perf_counter()
        built = 0
        for size in sizes:
            if size > built:
                build(base, size - built, rounds, seed=size)
                built = size
            homes[size] = with_open_night(base, work / f"home-{size}", 20)
        print(
            f"built {', '.join(map(str, sizes))} nights x {rounds} rounds x {len(PLAYERS)}"
            f" players (+ an open night of 20 rounds) in {time.perf_counter() - started:.0f} s"
        )
        if args.short:
            for label in [c for c in COMMANDS if c not in SHORT]:
                del COMMANDS[label]
        floor, reads = time_reads(homes, runs, env)
        largest = sizes[-1]
        print(f"\n(a) reads, median of {runs} runs, ratio to the floor ({floor:.1f} ms)")
        head = "".join(f"{f'{n} nights':>15}" for n in sizes)
        print(f"  {'command':26}{head}  {'ms/night':>9}  {largest}/0   peak MiB")
        for label, by_size in reads.items():
            cells = "".join(f"{by_size[n][0]:7.1f}ms {by_size[n][0] / floor:4.2f}x" for n in sizes)
            growth = (by_size[largest][0] - by_size[0][0]) / largest
            ratio = by_size[largest][0] / by_size[0][0]
            mark = "ok" if growth <= PER_NIGHT and ratio <= LARGEST else "OVER"
            peaks = "/".join(f"{by_size[n][1] / 1024:.0f}" for n in sizes)
            print(f"  {label:26}{cells}  {growth:+8.3f}  {ratio:5.2f}x  {peaks}  {mark}")
        print(f"  targets: growth <= {PER_NIGHT} ms a night, {largest} nights <= {LARGEST}x empty")
        time_writes(work, base, night_rounds, samples)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
