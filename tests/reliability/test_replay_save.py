"""Reliability: `replay --save` writes a whole night in one atomic write.

A real process is killed (os._exit, no cleanup) at every point where it touches the disk: after
each fsynced temp file, each backup link, each rename and each folder sync. Whatever the crash
point, the store then holds all of the night or none of it, and checks clean."""

from __future__ import annotations

import errno
import os
import textwrap
from pathlib import Path

import pytest

from banluck.storage import Store
from tests.forkserver import ForkServer

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.reliability

ROUNDS = 40


def night_log(rounds: int = ROUNDS, open_at_end: bool = False) -> str:
    """A night of `rounds` rounds, each player opened by name (the deal rotates). The night is
    played as the log is written, one line at a time, so each round's seats are known."""
    from banluck.app.presets import load
    from banluck.app.records import read_log
    from banluck.table.nightlog import apply_lines, parse_lines

    lines = ["night chinese Mei Bob Carol", "stake 10", ""]
    night, _ = read_log("\n".join(lines) + "\n", "test", load)

    def add(*more: str) -> None:
        lines.extend(more)
        apply_lines(night, parse_lines("\n".join(more)), "test")

    for n in range(rounds + open_at_end):
        if n == 3:
            add("stake Bob 20")
        seats, dealer = night.seating.seats, night.seating.dealer
        add("round", "dealer 10 7", "stand all")
        if n < rounds:
            add(*(f"open {p} 10 {5 + i}" for i, p in enumerate(seats) if p != dealer))
        lines.append("")
    return "\n".join(lines) + "\n"


CRASHER = textwrap.dedent(
    """
    import os, sys
    from banluck.core import atomic
    from banluck.cli.main import main

    crash_at, calls = int(sys.argv[1]), [0]

    def point(fn):
        def wrapped(*args, **kwargs):
            calls[0] += 1
            if calls[0] == crash_at:
                os._exit(137)
            result = fn(*args, **kwargs)
            calls[0] += 1
            if calls[0] == crash_at:
                os._exit(137)
            return result
        return wrapped

    atomic.write_synced = point(atomic.write_synced)
    atomic.fsync_dir = point(atomic.fsync_dir)
    os.replace = point(os.replace)
    os.link = point(os.link)
    sys.exit(main(sys.argv[2:]))
    """
)


REPLAY_MODULES = [
    "banluck.cli.main",
    "banluck.cli.replay_cmd",
    "banluck.cli.common",
    "banluck.storage",
    "banluck.app.session",
    "banluck.app.records",
    "banluck.app.presets",
    "banluck.table.nightlog",
    "banluck.games.banluck.family",
]


def _state(home: Path) -> tuple[int, list[int]]:
    store = Store(home)
    assert store.check() == []
    nights = store.nights()
    rounds = [e["round"] for e in store.entries() if e["kind"] == "round"]
    return len(nights), rounds


@pytest.mark.parametrize("open_at_end", [False, True])
def test_a_kill_at_any_point_of_replay_save_leaves_all_of_the_night_or_none(
    tmp_path: Path, open_at_end: bool, tally
) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "night.log"
    log.write_text(night_log(open_at_end=open_at_end), encoding="utf-8")
    crash_points = survived = 0
    # each run is a real process, forked from one that has imported banluck and what a replay
    # uses (no start-up cost; none of these binds a function the crasher wraps)
    server = ForkServer(REPLAY_MODULES, ROOT)
    for crash_at in range(1, 200):
        home = tmp_path / f"home-{crash_at}"
        env = {**os.environ, "BANLUCK_HOME": str(home)}
        out, err = tmp_path / f"out-{crash_at}", tmp_path / f"err-{crash_at}"
        args = [str(crash_at), "replay", "--save", str(log), "--json"]
        code = server.wait(server.run(CRASHER, args, out=out, err=err, env=env))
        if code == 0:
            assert _state(home) == (1, list(range(1, ROUNDS + 1)))
            break
        assert code == 137, err.read_text()
        crash_points += 1
        nights, rounds = _state(home)
        whole = (nights, rounds) in ((0, []), (1, list(range(1, ROUNDS + 1))))
        tally(crash_points=1, survived=int(whole))
        assert whole, (nights, rounds)
        if nights:
            night = Store(home).tonight()
            assert (night is not None) == open_at_end
            if open_at_end:
                live = Store(home).live()
                assert live[0] == "dealer 10 7" and len(live) == 3  # stand all, by name
        survived += 1
    server.close()
    assert crash_points >= 6 and survived == crash_points
    print(f"crash points {crash_points} / survived {survived}")


@pytest.mark.parametrize("fail_at", [1, 2, 3])
def test_a_full_disk_saving_a_night_leaves_all_or_nothing_and_says_which(
    cli, banluck_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail_at: int, tally
) -> None:  # type: ignore[no-untyped-def]
    """The disk fills up at the n-th write of a night file: either that write was not needed
    (the night is saved whole) or nothing is stored and the message says so."""
    from banluck.core import atomic

    log = tmp_path / "night.log"
    log.write_text(night_log(), encoding="utf-8")
    original = atomic.write_synced
    writes = [0]

    def full(path: Path, data: bytes, mode: int = 0o644) -> None:
        if path.parent.name == "nights":
            writes[0] += 1
            if writes[0] == fail_at:
                raise OSError(errno.ENOSPC, "No space left on device")
        original(path, data, mode)

    monkeypatch.setattr(atomic, "write_synced", full)
    code, _, err = cli("replay", "--save", str(log), "--json")
    monkeypatch.setattr(atomic, "write_synced", original)
    rounds = len([e for e in Store(banluck_home).entries() if e["kind"] == "round"])
    tally(crash_points=1, survived=int(rounds in (0, ROUNDS)))
    if code == 0:
        assert rounds == ROUNDS
    else:
        assert err.startswith("error:") and "disk is full" in err and "nothing was changed" in err
        assert Store(banluck_home).nights() == []
        code, _, err = cli("replay", "--save", str(log), "--json")
        assert code == 0, err
        assert len([e for e in Store(banluck_home).entries() if e["kind"] == "round"]) == ROUNDS
