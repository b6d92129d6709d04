"""Shared fixtures. Every test runs with BANLUCK_HOME in a temp folder: no real data is touched."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set: otherwise each xdist worker
# compiles the tests (with pytest's assertion rewriting) and banluck from source on every run,
# about 3 s of a 4 s collection, and so does every `python -m banluck` the terminal and crash
# tests start (they still write none themselves, but read what the workers wrote). The
# `__pycache__` folders are git-ignored; what is tested is the same source.
sys.dont_write_bytecode = False


def _ram_temp() -> None:
    """Temporary folders (pytest's `tmp_path`, `tempfile`, and through TMPDIR every process a
    test starts) go on the machine's RAM disk, /dev/shm, unless TMPDIR is set already.

    Every store a test opens lives in a temporary folder, and most tests write to one: about
    ten thousand renames, unlinks and fsyncs a run. On a virtual machine's disk each costs
    0.2-1 ms and its cost swings with the neighbours' I/O (a store-heavy third of the suite took
    15 s to 46 s from one run to the next); on /dev/shm it is steady and a tenth of that. What a
    test can see is unchanged: the same files, renames, links, locks and permissions (tmpfs is
    POSIX), and a killed process leaves exactly what it left on disk, since a kill never loses
    what the page cache holds. The cost of the real disk is measured by `bench/store.py`, not
    here. TMPDIR=/tmp (or any folder) runs the suite on that folder instead."""
    if os.environ.get("TMPDIR") or os.environ.get("PYTEST_XDIST_WORKER"):
        return  # set by the caller, or by the controller for this worker
    shm = Path("/dev/shm")
    try:
        free = os.statvfs(shm).f_bavail * os.statvfs(shm).f_frsize
    except OSError:
        return
    if free < 1 << 30 or not os.access(shm, os.W_OK | os.X_OK):
        return
    folder = shm / f"banluck-tests-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    os.environ["TMPDIR"] = str(folder)
    tempfile.tempdir = None  # asked again, of TMPDIR, on the next use


_ram_temp()

# banluck is imported after that line, so that its bytecode is kept too
from banluck.app import presets  # noqa: E402
from banluck.games.banluck.preset import Preset  # noqa: E402

# No property test depends on the clock: no deadline per example, and no health check failing
# when drawing examples is slow (a loaded machine). A test's own settings add to these.
settings.register_profile("banluck", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("banluck")

# Where a test's writes must really reach the disk: the crash and storage tests. Elsewhere the
# data only has to be right, and an fsync (a few milliseconds each, thousands in the suite)
# proves nothing a test can see: every write still goes through the same temp file, rename and
# backup, and the crash tests run real processes with real fsyncs.
REAL_FSYNC = ("reliability", "storage")


@pytest.fixture(autouse=True)
def no_fsync_outside_the_crash_tests(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = Path(str(request.node.path)).parent.name
    if folder in REAL_FSYNC:
        return
    monkeypatch.setattr(os, "fsync", _no_fsync)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Two things about how the suite is spread over the workers; neither changes a test.

    The tests marked slow run first (in their order), the rest after (in theirs): the workers
    then end together on short tests, instead of one waiting for the other's multi-second test.

    `--dist loadgroup` keeps grouping on pytest 9.2. pytest-xdist 3.8 groups a test by renaming
    it `ID@group` through `item._nodeid`, which pytest 9.2's structured node ids no longer read
    (pytest-xdist issue 1386): the marks were silently ignored and each worker solved the same
    casino shoe again. Where xdist's rename did not take, the same name is given through the
    node id's cached string (the fix proposed upstream); elsewhere this does nothing."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = sorted(
            {
                str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                for mark in item.iter_markers("xdist_group")
            }
        )
        suffix = "@" + "_".join(names)
        node_id = getattr(item, "_id", None)
        if names and not item.nodeid.endswith(suffix) and node_id is not None:
            object.__setattr__(node_id, "_str_cache", item.nodeid + suffix)


def _no_fsync(fd: int) -> None:
    os.fstat(fd)  # a closed or wrong descriptor still fails, as fsync would


# What rich reads from the environment to choose a width and colours: a test that wants one sets
# it itself, so the suite draws the same whatever the shell that runs it has set.
TERMINAL_ENV = ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")


@pytest.fixture(autouse=True)
def plain_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts from a terminal of rich's defaults (no COLUMNS, NO_COLOR, FORCE_COLOR...
    from the shell)."""
    for name in TERMINAL_ENV:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def banluck_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "banluck-home"
    monkeypatch.setenv("BANLUCK_HOME", str(home))
    return home


@pytest.fixture(params=["chinese", "kampung", "singapore", "xi-dach"])
def shipped(request: pytest.FixtureRequest) -> Preset:
    return presets.load(request.param)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    """Run `banluck ARGS...` in-process: returns (exit code, stdout, stderr)."""
    from banluck.cli.main import main

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err

    return run
