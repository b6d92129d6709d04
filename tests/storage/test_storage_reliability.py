"""Crash safety: a writer killed with SIGKILL at random moments never loses an entry whose
write had returned, never leaves a half-written state, and two writers at once lose nothing.

Each test runs real processes (a few seconds for the kill loop, 2 s for the two writers)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from banluck.app import presets
from banluck.storage import Store
from tests.forkserver import ForkServer

ROOT = Path(__file__).resolve().parents[2]
KILLS = 55

WRITER = textwrap.dedent(
    """
    import random, sys
    from pathlib import Path
    from banluck.storage import Store

    home, seed, snapshot = Path(sys.argv[1]), int(sys.argv[2]), {"name": "chinese"}
    rng = random.Random(seed)
    store = Store(home, lock_timeout=30)
    seats = ["Ann", "Bob", "Cat", "Dan"]

    def say(*words):
        sys.stdout.write(" ".join(str(w) for w in words) + "\\n")
        sys.stdout.flush()

    night = store.tonight()
    live = store.live()
    in_night = store.nights()[-1]["entries"] if night else 0
    say("ready")
    n = 0
    while True:
        n += 1
        if night is None:
            say("begin open")
            night = store.open_night("chinese", snapshot, seats, "Ann", date="2024-06-01")
            in_night = 0
            say("ok open", night["id"])
            continue
        roll = rng.random()
        if roll < 0.35:
            line = f"action-{seed}-{n}"
            say("begin push", line)
            live = store.push_action(line)
            say("ok push", line)
        elif roll < 0.40 and live:
            say("begin pop")
            live.pop()
            say("ok pop", store.pop_action())
        elif roll < 0.75:
            a, b = rng.sample(seats, 2)
            say("begin record")
            entry = store.record_round({
                "transfers": [{"from": a, "to": b, "amount": rng.randint(1, 50), "reason": "won"}],
                "log": [f"{a} pays {b}"] * 10, "hands": {a: "bust", b: "regular"},
            })
            live, in_night = [], in_night + 1
            say("ok record", entry["seq"])
        elif roll < 0.85:
            a, b = rng.sample(seats, 2)
            say("begin pay")
            say("ok pay", store.add_payment(a, b, rng.randint(1, 20), "cash")["seq"])
            in_night += 1
        elif roll < 0.92 and in_night:
            say("begin undo")
            say("ok undo", store.undo_last()["seq"])
            in_night -= 1
        elif roll > 0.97 and not live:
            say("begin close")
            store.close_night()
            night = None
            say("ok close")
    """
)


@dataclass
class Model:
    """What the store must hold, from the writer's completed (`ok`) operations."""

    seqs: list[int] = field(default_factory=list)
    live: list[str] = field(default_factory=list)
    open: bool = False

    def apply(self, op: str, arg: str) -> None:
        if op == "push":
            self.live.append(arg)
        elif op == "pop":
            self.live.pop()
        elif op in ("record", "pay"):
            self.seqs.append(int(arg))
            if op == "record":
                self.live = []
        elif op == "undo":
            assert self.seqs.pop() == int(arg)
        elif op == "open":
            self.open = True
        elif op == "close":
            self.open = False


def _state(store: Store) -> Model:
    return Model([e["seq"] for e in store.entries()], store.live(), store.tonight() is not None)


def _after_inflight(model: Model, op: str, arg: str, stored: Model) -> Model:
    """The state if the operation the writer was in when it died had been saved."""
    after = Model(list(model.seqs), list(model.live), model.open)
    if op in ("record", "pay"):
        new = [s for s in stored.seqs if s not in model.seqs]
        if len(new) != 1 or (model.seqs and new[0] <= max(model.seqs)):
            return after  # cannot be this op: compare against an impossible state
        after.apply(op, str(new[0]))
    elif op == "undo":
        after.seqs.pop()
    elif op == "pop":
        after.live.pop()
    else:
        after.apply(op, arg)
    return after


def _read_lines(raw: str) -> list[list[str]]:
    """The writer's complete lines, split in words (a line cut by the kill is dropped)."""
    complete = raw if raw.endswith("\n") else raw[: raw.rfind("\n") + 1]
    return [line.split(" ", 2) for line in complete.splitlines()]


def _start(
    home: Path, seed: int, script: str = WRITER, out: Path | None = None
) -> subprocess.Popen[str]:
    """Run a writer; its lines go to the file `out` (read whole after it dies) or to a pipe."""
    return subprocess.Popen(
        [sys.executable, "-c", script, str(home), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE if out is None else out.open("w"),
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


def _wait_ready(out: Path) -> None:
    deadline = time.monotonic() + 120  # a bound for a writer that never starts, not a pace
    while not out.read_text().startswith("ready\n"):
        assert time.monotonic() < deadline, out.read_text()
        time.sleep(0.005)


@pytest.mark.slow
@pytest.mark.reliability
def test_a_writer_killed_at_random_moments_loses_nothing(
    banluck_home: Path, tmp_path: Path, record_property: Callable[[str, object], None]
) -> None:
    """SIGKILL a writer (rounds, payments, undo, live actions, night changes) 55 times at random
    moments. After each kill: the store opens, `check` finds no problem, every operation that had
    returned is there, and the one in flight is either wholly there or wholly absent."""
    rng = random.Random(20240601)
    store = Store(banluck_home)
    model = Model()
    kills = [0, 0]  # crash points, survived (the figures of `pytest -m reliability`)
    try:
        _kill_loop(banluck_home, tmp_path, rng, store, model, kills)
    finally:
        record_property("tally", {"crash_points": kills[0], "survived": kills[1]})


def _kill_loop(  # type: ignore[no-untyped-def]
    banluck_home: Path, tmp_path: Path, rng: random.Random, store: Store, model, kills: list[int]
) -> None:
    inflight_saved = inflight_lost = 0
    # Each writer is a fork of one interpreter that has imported banluck: a real process,
    # killed for real, without a third of a second of start-up each time.
    server = ForkServer(["banluck.storage"], ROOT)
    for run in range(KILLS):
        kills[0] += 1
        lines = tmp_path / f"writer-{run}.txt"
        pid = server.run(WRITER, [str(banluck_home), str(run)], out=lines)
        _wait_ready(lines)
        # A write takes a millisecond or two: 40 ms is a couple of dozen operations, so the
        # kill lands at a random point of a random operation (about 54 kills in 55 do).
        time.sleep(rng.uniform(0.0, 0.04))
        os.kill(pid, signal.SIGKILL)
        assert server.wait(pid) == -signal.SIGKILL, lines.read_text()
        inflight: tuple[str, str] | None = None
        for words in _read_lines(lines.read_text()):
            if words[0] == "begin":
                inflight = (words[1], words[2] if len(words) > 2 else "")
            elif words[0] == "ok":
                model.apply(words[1], words[2] if len(words) > 2 else "")
                inflight = None

        stored = _state(store)
        if stored != model:
            assert inflight is not None, f"run {run}: lost a returned write: {stored} != {model}"
            assert stored == _after_inflight(model, *inflight, stored), (
                f"run {run}: half-applied {inflight}: {stored} vs {model}"
            )
            inflight_saved += 1
            model = stored
        elif inflight is not None:
            inflight_lost += 1
        assert store.check() == [], f"run {run}"
        kills[1] += 1
    server.close()
    assert len(model.seqs) > KILLS // 3  # the writers did real work
    assert inflight_saved + inflight_lost > KILLS // 2  # most kills hit an operation


SIMPLE_WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from banluck.storage import Store

    store, seed = Store(Path(sys.argv[1]), lock_timeout=30), int(sys.argv[2])
    for i in range(40):
        if i % 2:
            seq = store.add_payment("Ann", "Bob", seed, "cash")["seq"]
        else:
            seq = store.record_round({
                "transfers": [{"from": "Bob", "to": "Ann", "amount": seed, "reason": "won"}],
                "log": ["Bob pays Ann"], "hands": {"Bob": "bust"},
            })["seq"]
        print(seq, flush=True)
    """
)


@pytest.mark.reliability
def test_two_processes_appending_at_once_lose_nothing(
    banluck_home: Path, record_property: Callable[[str, object], None]
) -> None:
    """Two writers recording rounds and payments at the same time: all 80 entries are stored,
    each seq once, in the order of their writes."""
    store = Store(banluck_home)
    store.open_night("chinese", presets.load("chinese").to_dict(), ["Ann", "Bob"], "Ann")
    children = [_start(banluck_home, seed, SIMPLE_WRITER) for seed in (3, 5)]
    printed = []
    for child in children:
        out, err = child.communicate(timeout=600)
        assert child.returncode == 0, err
        printed.append([int(line) for line in out.split()])
    stored = store.entries()
    acknowledged = printed[0] + printed[1]
    lost = set(acknowledged) - {e["seq"] for e in stored}
    record_property("tally", {"acknowledged": len(acknowledged), "lost": len(lost)})
    assert sorted(acknowledged) == [e["seq"] for e in stored] == list(range(1, 81))
    assert not set(printed[0]) & set(printed[1])
    assert (
        sorted(e["transfers"][0]["amount"] for e in stored if e["kind"] == "round")
        == [3] * 20 + [5] * 20
    )
    assert store.check() == []
