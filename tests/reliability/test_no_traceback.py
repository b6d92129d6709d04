"""Reliability: each input that once ended in a traceback, or in a message that did not say what
happened, is one line `error: ...` that does (issue 26's list)."""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import one_error as _one_error

pytestmark = pytest.mark.reliability


@pytest.fixture
def played(cli, banluck_home: Path) -> Path:  # type: ignore[no-untyped-def]
    """A night with one round recorded in the journal and a round in play."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    for line in ("dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7", "dealer 10 7"):
        assert cli("act", *line.split())[0] == 0
    assert (banluck_home / "nights" / "0001.live").exists()
    return banluck_home


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw + b"\n",
        lambda raw: raw.replace(b'"amount":10', b'"amount":10.5'),
        lambda raw: raw.replace(b'"amount":10', b'"amount":1e3'),
        lambda raw: raw.replace(b'"amount":10', b'"amount":-10'),
    ],
    ids=["empty line", "float amount", "exponent amount", "negative amount"],
)
def test_a_damaged_journal_is_named_and_no_index_is_written_from_it(
    cli, played: Path, damage: Any
) -> None:  # type: ignore[no-untyped-def]
    live = played / "nights" / "0001.live"
    raw = live.read_bytes()
    assert b'"amount":10' in raw
    live.write_bytes(damage(raw))
    index = (played / "index.json").read_bytes()
    for args in (["ledger"], ["ledger", "--all"], ["check"], ["night", "cancel"]):
        code, _, err = cli(*args)
        assert code == 1, args
        assert "0001.live" in _one_error(err)
    assert (played / "index.json").read_bytes() == index
    live.write_bytes(raw)
    assert cli("check")[0] == 0


def test_an_earlier_record_without_last_seq_is_named(cli, played: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("act", "undo")[0] == 0
    assert cli("night", "close")[0] == 0
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    path = played / "index-earlier.json"
    data = json.loads(path.read_text())
    del data["nights"]["1"]["last_seq"]
    path.write_text(json.dumps(data))
    for args in (["correct", "1", "--reason", "wrong"], ["ledger", "--all"], ["check"]):
        code, _, err = cli(*args)
        assert code == 1
        assert "last_seq" in _one_error(err) and "index-earlier.json" in err
    assert cli("check", "--rebuild-index")[0] == 0
    assert cli("correct", "1", "--reason", "wrong")[0] == 0


def _editor(tmp_path: Path, body: str) -> str:
    script = tmp_path / "editor.sh"
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("printf '\\377\\376dealer' > \"$1\"", "not UTF-8"),
        ('rm "$1"', "removed"),
    ],
    ids=["non-UTF-8", "deleted"],
)
def test_amend_says_what_the_editor_did(  # type: ignore[no-untyped-def]
    cli, played: Path, tmp_path: Path, monkeypatch: Any, body: str, said: str
) -> None:
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", _editor(tmp_path, body))
    before = (played / "nights" / "0001.live").read_bytes()
    code, _, err = cli("amend", "1", "1", "--reason", "wrong card")
    assert code == 1 and said in _one_error(err) and "nothing was recorded" in err
    assert (played / "nights" / "0001.live").read_bytes() == before


def test_amend_with_an_editor_whose_quote_is_open(cli, played: Path, monkeypatch: Any) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", "'vi")
    code, _, err = cli("amend", "1", "1", "--reason", "wrong card")
    assert code == 1 and "editor" in _one_error(err)


@pytest.mark.parametrize(
    "args",
    [
        ["edge", "chinese", "--rounds", str(10**25)],
        ["edge", "chinese", "--players", "2", "--rounds", "10", "--workers", str(10**25)],
        ["edge", "chinese", "--stake", str(10**25)],
        ["settle", "--from", ""],
        ["settle", "--to", ""],
        ["export", "--csv", "-o", ""],
    ],
)
def test_out_of_range_options_are_one_line(cli, banluck_home: Path, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli(*args)
    assert code in (1, 2)
    _one_error(err)


def test_undo_after_night_close_says_the_night_is_closed(cli, played: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("act", "undo")[0] == 0
    assert cli("night", "close")[0] == 0
    code, _, err = cli("undo")
    line = _one_error(err)
    assert code == 1 and "night 1" in line and "closed" in line and "banluck correct" in line


def test_rebuild_index_on_a_full_disk_is_an_error(cli, played: Path, monkeypatch: Any) -> None:  # type: ignore[no-untyped-def]
    """It saved nothing, so it says so and exits 1 (not 0 with "rebuilt")."""
    (played / "index.json").unlink()
    real = os.write

    def full(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    code, out, err = cli("check", "--rebuild-index")
    monkeypatch.setattr(os, "write", real)
    assert code == 1 and "rebuilt" not in out
    assert "could not be rebuilt" in _one_error(err)
    assert cli("check", "--rebuild-index")[0] == 0
    assert cli("check")[0] == 0
