"""Crash safety of a round appended to the night's journal: a writer process is killed (SIGKILL)
at every point of recording it, one run a point: before each system call that writes, syncs,
renames, links or removes, and in the middle of each write. After each kill the round is wholly
recorded (its entry, the cleared live round, the dealer passed, the index) or not at all, and
`check` finds nothing wrong; the next round goes on from there."""

from __future__ import annotations

import shutil
import signal
import textwrap
from pathlib import Path
from typing import Any

import pytest

from banluck.app import presets
from banluck.storage import Store, journal
from tests.forkserver import ForkServer

ROOT = Path(__file__).resolve().parents[2]
SEATS = ["Ann", "Bob", "Cat"]

WRITER = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from banluck.storage import Store

    home, point, preset = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    store = Store(home, lock_timeout=30)
    store.push_action("Cat stands")
    reached = 0

    def stop(half=None):
        global reached
        reached += 1
        if reached == point:
            if half is not None:
                real["write"](*half)
            os.kill(os.getpid(), signal.SIGKILL)

    real = {name: getattr(os, name) for name in
            ("open", "write", "pwrite", "fsync", "ftruncate", "replace", "link", "unlink", "chmod")}

    def write(fd, data):
        data = bytes(data)
        stop((fd, data[: max(1, len(data) // 2)]))
        return real["write"](fd, data)

    def wrap(name):
        def call(*args, **kwargs):
            stop()
            return real[name](*args, **kwargs)
        return call

    for name in real:
        setattr(os, name, write if name == "write" else wrap(name))
    round_ = {
        "transfers": [{"from": "Cat", "to": "Ann", "amount": 25, "reason": "won"}],
        "log": ["Cat pays Ann"], "hands": {"Cat": "regular"},
    }
    if preset == "new":
        round_["preset"] = {"name": "another preset", "version": 1}
    entry = store.record_round(round_, night_update={"dealer": "Cat", "table": {"dealt": 3}})
    for name, function in real.items():
        setattr(os, name, function)
    print("ok", entry["seq"], reached, flush=True)
    """
)


def prepared(home: Path) -> None:
    """An open night of two rounds, both in the journal, and a round in play."""
    store = Store(home)
    store.open_night("chinese", presets.load("chinese").to_dict(), SEATS, "Ann")
    for n, dealer in enumerate(("Bob", "Ann")):
        store.push_action("deal")
        store.record_round(
            {
                "transfers": [{"from": "Bob", "to": "Ann", "amount": 10 + n, "reason": "won"}],
                "log": ["Bob pays Ann"],
                "hands": {"Bob": "bust"},
            },
            night_update={"dealer": dealer, "table": {"dealt": n + 1}},
        )
    store.push_action("deal")
    found = journal.read(home / "nights" / "0001.json")
    assert found is not None and [e["seq"] for e in found.entries] == [1, 2]


def state(home: Path) -> dict[str, Any]:
    store = Store(home)
    tonight = store.tonight()
    assert tonight is not None
    return {
        "seqs": [e["seq"] for e in store.entries()],
        "live": store.live(),
        "dealer": tonight["dealer"],
        "table": tonight.get("table"),
        "balances": store.balances(),
        "count": store.count(),
        "rounds": store.nights()[-1]["rounds"],
        "next": store.tonight_view()[2],
    }


@pytest.mark.reliability
@pytest.mark.parametrize("preset", ["same", "new"])
def test_a_writer_killed_at_every_point_of_a_journaled_round(
    tmp_path: Path, preset: str, tally: Any
) -> None:
    played = tmp_path / "played"
    prepared(played)
    Store(played).push_action("Cat stands")
    before = state(played)
    assert before["live"] == ["deal", "Cat stands"] and before["seqs"] == [1, 2]
    server = ForkServer(["banluck.storage"], ROOT)
    saved = lost = 0
    try:
        for point in range(1, 200):
            home = tmp_path / f"run-{point}"
            prepared(home)  # made in place: a copy would be another night file on disk
            kept = (home / "nights" / "0001.json").read_bytes()
            out = tmp_path / f"run-{point}.txt"
            pid = server.run(WRITER, [str(home), str(point), preset], out=out)
            code = server.wait(pid)
            printed = out.read_text()
            if code == 0:  # the writer passed every point: the round is recorded
                assert printed.startswith("ok 3 "), printed
                assert point > 4
                # the round went to the journal: the night file was not written
                found = journal.read(home / "nights" / "0001.json")
                assert found is not None and [e["seq"] for e in found.entries] == [1, 2, 3]
                assert (home / "nights" / "0001.json").read_bytes() == kept
                break
            assert code == -signal.SIGKILL, printed
            after = state(home)
            if after["seqs"] == [1, 2, 3]:
                saved += 1
                assert after["live"] == [] and after["dealer"] == "Cat", after
                assert after["table"] == {"dealt": 3} and after["rounds"] == 3
                assert after["balances"] == {"Ann": 46, "Bob": -21, "Cat": -25}
                assert after["count"] == 3 and after["next"] == 4
            else:
                lost += 1
                assert after == before, (point, after)
            assert Store(home).check() == [], point
            # and the night goes on: the next round is recorded after whatever was kept
            store = Store(home)
            store.push_action("deal")
            store.record_round(
                {
                    "transfers": [{"from": "Ann", "to": "Bob", "amount": 1, "reason": "won"}],
                    "log": ["Ann pays Bob"],
                    "hands": {"Ann": "regular"},
                }
            )
            assert [e["seq"] for e in store.entries()] == [*after["seqs"], after["seqs"][-1] + 1]
            assert store.live() == [] and Store(home).check() == []
            shutil.rmtree(home)
        else:
            raise AssertionError("the writer never finished")
    finally:
        server.close()
    tally(crash_points=saved + lost, survived=saved + lost)
    assert saved and lost  # killed both before and after the round's line was durable


TWO_WRITERS = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from banluck.storage import Store

    store, seed = Store(Path(sys.argv[1]), lock_timeout=30), int(sys.argv[2])
    for i in range(30):
        store.push_action(f"deal {seed} {i}")
        if i % 7 == 3:
            seq = store.add_payment("Ann", "Bob", seed, "cash")["seq"]
        else:
            seq = store.record_round({
                "transfers": [{"from": "Bob", "to": "Ann", "amount": seed, "reason": "won"}],
                "log": ["Bob pays Ann"], "hands": {"Bob": "bust"},
            }, night_update={"table": {"last": seed}})["seq"]
        print(seq, flush=True)
    """
)


@pytest.mark.reliability
def test_two_writers_of_journaled_rounds_lose_nothing(tmp_path: Path, tally: Any) -> None:
    """Two processes recording rounds begun with a line of play (so into the journal) and
    payments (which take the journal into the night file) at once: every entry is there once,
    and the index counts each once."""
    home = tmp_path / "home"
    store = Store(home)
    store.open_night("chinese", presets.load("chinese").to_dict(), SEATS, "Ann")
    server = ForkServer(["banluck.storage"], ROOT)
    try:
        outs = [tmp_path / f"writer-{seed}.txt" for seed in (3, 5)]
        pids = [
            server.run(TWO_WRITERS, [str(home), str(seed)], out=out)
            for seed, out in zip((3, 5), outs, strict=True)
        ]
        codes = [server.wait(pid) for pid in pids]
    finally:
        server.close()
    assert codes == [0, 0], [out.read_text() for out in outs]
    printed = [[int(line) for line in out.read_text().split()] for out in outs]
    stored = Store(home).entries()
    acknowledged = printed[0] + printed[1]
    tally(acknowledged=len(acknowledged), lost=len(set(acknowledged) - {e["seq"] for e in stored}))
    assert sorted(acknowledged) == [e["seq"] for e in stored] == list(range(1, 61))
    rounds = [e["transfers"][0]["amount"] for e in stored if e["kind"] == "round"]
    assert sorted(rounds) == [3] * 26 + [5] * 26
    # Bob pays Ann his rounds; Ann's cash to Bob counts to her (a payment settles what is owed)
    assert Store(home).balances() == {"Ann": 26 * 8 + 4 * 8, "Bob": -(26 * 8) - 4 * 8}
    assert Store(home).count() == 60 and Store(home).check() == []
    found = journal.read(home / "nights" / "0001.json")  # the last rounds went to the journal
    assert found is not None and found.entries
