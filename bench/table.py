"""The dealer's console: how long one typed action takes, with a year of history against none.

Drives `TableConsole.handle(line)`, the loop body of `banluck table` (Session.act, the store
write, the night's balances and the panel rendered by rich), into a console writing to a string
at 80 columns. The same whole rounds are played (a dealer against five players: nine lines a
round, the deal rotating every three rounds) in three stores:

- empty: no history, a fresh night;
- year: a year of history (50 nights x 300 rounds x 6 players, built with
  `Store.import_nights`, as bench/store.py builds it), a fresh night;
- late: the year, and tonight already 300 rounds long (a night's last hour).

Prints the median milliseconds per action in each and the ratios against the empty store.
Targets: median under 30 ms; year / empty at most 1.5.

`--short` builds 4 nights x 60 rounds (and a 60-round night) for CI: a few seconds.
"""

from __future__ import annotations

import argparse
import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from banluck.app.presets import load  # noqa: E402
from banluck.app.records import start_table  # noqa: E402
from banluck.cli.console import TableConsole  # noqa: E402
from banluck.storage import Store  # noqa: E402
from banluck.table.seating import seating_for  # noqa: E402
from bench.store import PLAYERS, SNAPSHOT, year  # noqa: E402


def round_lines(dealer: str) -> list[str]:
    """One whole round as the dealer types it (aliases included): nine actions."""
    p = [n for n in PLAYERS if n != dealer]
    return [
        "dl 10 6",
        f"h {p[0]}",
        "s all",
        f"o {p[0]} 10 5 9",
        "d 3",
        f"o {p[1]} 9 8",
        f"o {p[2]} 10 7",
        f"o {p[3]} K 7",
        f"o {p[4]} Q 8",
    ]


def casino_round_lines(dealer: str) -> list[str]:
    """One casino round (blackjack-pro) as the dealer types it: sixteen actions, a double, a
    split, a hit to 21 and the dealer's hole card ending it."""
    p = [n for n in PLAYERS if n != dealer]
    return [
        "up 9",
        f"deal {p[0]} 10 7",
        f"deal {p[1]} 9 2",
        f"deal {p[2]} 8 8",
        f"deal {p[3]} 10 6",
        f"deal {p[4]} A 6",
        f"stand {p[0]}",
        f"double {p[1]} 9",
        f"split {p[2]}",
        f"hit {p[2]}.1 10",
        f"stand {p[2]}.1",
        f"hit {p[2]}.2 3",
        f"stand {p[2]}.2",
        f"hit {p[3]} 5",
        f"stand {p[4]}",
        "hole 8",
    ]


def open_tonight(store: Store, preset: str = "chinese") -> None:
    seating = seating_for(load(preset), PLAYERS)
    from dataclasses import replace

    seating = replace(seating, default_stake=10)
    store.open_night(
        preset,
        SNAPSHOT if preset == "chinese" else load(preset).to_dict(),
        list(seating.seats),
        seating.dealer,
        table=start_table(seating),
    )


def string_console() -> Console:
    return Console(
        file=io.StringIO(), width=80, force_terminal=True, color_system="standard", highlight=False
    )


def timing_writes(store: Store) -> list[float]:
    """Time the store's writes of a line or a round (wrapping this store's methods): the part of
    an action that is the store's, the rest being the engine and the panel."""
    spent: list[float] = []
    for name in ("push_action", "record_round"):
        method = getattr(store, name)

        def timed(*args: Any, _method: Any = method, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return _method(*args, **kwargs)
            finally:
                spent.append(time.perf_counter() - started)

        setattr(store, name, timed)
    return spent


def play(
    tc: TableConsole, rounds: int, writes: list[float], lines: Any = round_lines
) -> tuple[list[float], list[float]]:
    """Seconds per action over `rounds` whole rounds, and of each the store's write."""
    times, stored = [], []
    for _ in range(rounds):
        for line in lines(tc.session.night.seating.dealer):
            writes.clear()
            started = time.perf_counter()
            tc.handle(line)
            times.append(time.perf_counter() - started)
            stored.append(sum(writes))
        assert tc.session.night.current is None, "the bench round did not finish"
    out = tc.out.file
    assert isinstance(out, io.StringIO)
    assert "error" not in out.getvalue(), out.getvalue()[-2000:]
    return times, stored


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="a small history, for CI")
    args = parser.parse_args()
    nights, rounds = (4, 60) if args.short else (50, 300)
    played = 3 if args.short else 8
    work = Path(tempfile.mkdtemp(prefix="banluck-bench-table-"))
    try:
        stores = {name: Store(work / name) for name in ("empty", "year", "late")}
        started = time.perf_counter()
        for name in ("year", "late"):
            stores[name].import_nights(year(nights, rounds))
        print(
            f"history: {nights} nights x {rounds} rounds x {len(PLAYERS)} players"
            f" (built in {time.perf_counter() - started:.2f} s)"
        )
        for store in stores.values():
            open_tonight(store)
        late = TableConsole(stores["late"], string_console())
        started = time.perf_counter()
        for _ in range(rounds):
            for line in round_lines(late.session.night.seating.dealer):
                late.session.act(line)  # the session reads aliases itself
        print(f"late: tonight filled with {rounds} rounds in {time.perf_counter() - started:.1f} s")

        medians: dict[str, float] = {}
        print("per action (ms):  median    p90   store write  engine + panel")
        for name, store in stores.items():
            writes = timing_writes(store)
            tc = TableConsole(store, string_console())
            play(tc, 1, writes)  # warm: imports, caches
            times, stored = play(tc, played, writes)
            medians[name] = statistics.median(times)
            rest = statistics.median(t - w for t, w in zip(times, stored, strict=True))
            print(
                f"  {name:6}         {medians[name] * 1e3:6.2f} "
                f"{statistics.quantiles(times, n=10)[-1] * 1e3:6.2f}"
                f"   {statistics.median(stored) * 1e3:6.2f}       {rest * 1e3:6.2f}"
                f"   ({len(times)} actions)"
            )
        print(f"ratio year / empty {medians['year'] / medians['empty']:5.2f}  (target <= 1.5)")
        print(f"ratio late / empty {medians['late'] / medians['empty']:5.2f}")
        print(f"median year {medians['year'] * 1e3:.2f} ms  (target < 30 ms)")
        casino = Store(work / "casino")
        open_tonight(casino, "blackjack-pro")
        tc = TableConsole(casino, string_console())
        writes = timing_writes(casino)
        play(tc, 1, writes, casino_round_lines)  # warm
        times, stored = play(tc, played, writes, casino_round_lines)
        median = statistics.median(times)
        print(
            f"casino (blackjack-pro, empty store): median {median * 1e3:.2f} ms per action"
            f" ({len(times)} actions); casino / ban-luck {median / medians['empty']:.2f}"
            " (target <= 1)"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
