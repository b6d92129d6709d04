"""Shared fixtures. Every test runs with BANLUCK_HOME in a temp folder: no real data is touched."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.app import presets
from banluck.games.banluck.preset import Preset


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
