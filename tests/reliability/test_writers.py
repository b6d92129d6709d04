"""Reliability: two writers, a kill, a damaged file. Every acknowledged line is kept.

Run alone with `pytest -m reliability`. The interleavings are made deterministic with a hook
(a pay pushed in right after `undo` read the last entry) or with real processes whose result is
checked only after all of them ended (no timed assertion)."""

from __future__ import annotations

import os
import textwrap
import threading
from pathlib import Path

import pytest

from banluck.storage import Store
from tests.forkserver import ForkServer

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.reliability

ROUND = ("dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7")


def _night_with_a_round(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    for line in ROUND:
        code, _, err = cli("act", *line.split())
        assert code == 0, err


def test_undo_racing_a_pay_keeps_the_pay_and_counts_the_round_once(
    cli, banluck_home: Path, monkeypatch: pytest.MonkeyPatch, tally
) -> None:  # type: ignore[no-untyped-def]
    """`banluck undo & banluck pay Carol Bob 7`, the pay landing right after undo read the last
    entry: the acknowledged payment stays, round 1 is in the ledger once when finished again."""
    from banluck.storage import lock

    _night_with_a_round(cli)
    acknowledged: list[int] = []
    # The main thread goes on once the pay has finished or is seen waiting for the store's lock
    # (in-process, the lock's guard): no timed wait, so a slow machine takes the same path.
    settled = threading.Event()
    guard = lock._guard

    class WatchedGuard:
        def __enter__(self) -> None:
            if not guard.acquire(blocking=False):
                if threading.current_thread() in threads:
                    settled.set()  # the pay waits for the lock undo holds
                guard.acquire()

        def __exit__(self, *exc: object) -> None:
            guard.release()

    monkeypatch.setattr(lock, "_guard", WatchedGuard())

    def pay() -> None:
        try:
            acknowledged.append(
                Store(banluck_home, lock_timeout=60).add_payment("Carol", "Bob", 7)["seq"]
            )
        finally:
            settled.set()

    original = Store.last_entry
    threads: list[threading.Thread] = []

    def last_entry_then_a_pay(self: Store):  # type: ignore[no-untyped-def]
        found = original(self)
        if not threads:  # the other writer comes in now: it finishes unless undo holds the lock
            thread = threading.Thread(target=pay)
            threads.append(thread)
            thread.start()
            assert settled.wait(timeout=120), "the pay neither finished nor waited for the lock"
        return found

    monkeypatch.setattr(Store, "last_entry", last_entry_then_a_pay)
    code, out, err = cli("undo")
    monkeypatch.setattr(Store, "last_entry", original)
    for thread in threads:
        thread.join()
    assert threads and acknowledged, "the pay ran and was acknowledged"
    store = Store(banluck_home)
    payments = [e for e in store.entries() if e["kind"] == "payment"]
    kept = [p["seq"] for p in payments]
    tally(acknowledged=len(acknowledged), lost=len(set(acknowledged) - set(kept)))
    assert kept == acknowledged
    if code == 0:  # undo took round 1 back: finishing it again records it once
        assert "reopened round 1" in out
        assert cli("act", *ROUND[-1].split())[0] == 0
    else:
        assert err.startswith("error:") and "changed" in err
    rounds = [e["round"] for e in store.entries() if e["kind"] == "round"]
    assert rounds == [1]
    assert store.check() == []


def test_undo_refuses_when_the_last_entry_moved_after_it_was_read(banluck_home: Path) -> None:
    """The store compares the entry undo means to remove, inside the lock."""
    from banluck.storage import StoreError

    store = Store(banluck_home)
    store.open_night("chinese", {"name": "chinese"}, ["Ann", "Bob"], "Ann", date="2027-01-01")
    store.add_payment("Ann", "Bob", 5)
    seen = store.last_entry()
    assert seen is not None
    store.add_payment("Bob", "Ann", 7)
    with pytest.raises(StoreError, match="changed by another command"):
        store.undo_last(expect_seq=seen["seq"])
    assert [e["amount"] for e in store.entries()] == [5, 7]


def test_a_night_line_from_a_stale_session_is_refused(banluck_home: Path) -> None:
    """Two sessions read the night; the second's `seat` after the first's is refused, not
    written over it."""
    from banluck.app.nights import start_night
    from banluck.app.session import Session
    from banluck.core.errors import RuleError

    store = Store(banluck_home)
    start_night(store, "chinese", ["Mei", "Bob"], 10)
    first, second = Session.open(store), Session.open(store)
    first.act("seat Carol")
    with pytest.raises(RuleError, match="changed from another window or command"):
        second.act("seat Dave")
    assert store.tonight()["seats"] == ["Mei", "Bob", "Carol"]  # type: ignore[index]


WRITER = textwrap.dedent(
    """
    import sys
    from banluck.cli.main import main
    me, count = sys.argv[1], int(sys.argv[2])
    for n in range(count):
        for args in (["act", "seat", f"{me}x{n}"], ["act", "stake", f"{me}x{n}", str(n + 2)]):
            code = main(args)
            print("ACK" if code == 0 else "NAK", " ".join(args[1:]), flush=True)
    """
)


def test_four_parallel_writers_of_night_lines_lose_nothing_acknowledged(
    cli, banluck_home: Path, tmp_path: Path, tally
) -> None:  # type: ignore[no-untyped-def]
    """4 processes each seat 8 people and set their stakes: every acknowledged `seat` is seated,
    every acknowledged `stake` is the stake and in the night's words."""
    assert cli("night", "start", "chinese", "Mei", "Bob")[0] == 0
    env = {**os.environ, "BANLUCK_HOME": str(banluck_home)}
    # four real processes at once, forked from one that has imported the commands they run
    with ForkServer(
        ["banluck.cli.main", "banluck.cli.night_cmd", "banluck.app.session"], ROOT
    ) as server:
        outs = [tmp_path / f"writer-{i}.txt" for i in range(4)]
        pids = [
            server.run(WRITER, [f"W{i}", "8"], out=out, err=tmp_path / f"writer-{i}.err", env=env)
            for i, out in enumerate(outs)
        ]
        codes = [server.wait(pid) for pid in pids]
    assert codes == [0, 0, 0, 0], [(tmp_path / f"writer-{i}.err").read_text() for i in range(4)]
    acked: list[str] = []
    for out in outs:
        acked += [line[4:] for line in out.read_text().splitlines() if line.startswith("ACK ")]
    night = Store(banluck_home).tonight()
    assert night is not None
    words = [w[1] for w in night["table"]["words"]]
    seated = [a.split()[1] for a in acked if a.startswith("seat ")]
    staked = {a.split()[1]: int(a.split()[2]) for a in acked if a.startswith("stake ")}
    assert acked, "a line is refused only when the store stays busy past the lock timeout"
    lost = [a for a in acked if a not in words]
    lost += [a for a in acked if a.startswith("seat ") and a.split()[1] not in night["players"]]
    tally(acknowledged=len(acked), lost=len(lost))
    assert lost == []
    assert set(seated) <= set(night["seats"])
    assert {n: night["stakes"][n] for n in staked} == staked
    assert Store(banluck_home).check() == []
