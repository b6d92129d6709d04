"""Reliability: files. `export -o` never writes inside the data folder and leaves nothing behind
when it fails; what it makes honours the umask; FIFOs, devices and folders are refused at once by
every file reader; a line is read in time linear in its length."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from banluck.table.line import split_line
from tests.helpers import one_error as _one_error

pytestmark = pytest.mark.reliability


def _files(home: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    "inside", ["nights/0001.json", "index.json", "nights/new.csv", "x.csv", "./nights/../x.csv"]
)
def test_export_refuses_any_path_inside_the_data_folder(cli, night: Path, inside: str) -> None:  # type: ignore[no-untyped-def]
    before = _files(night)
    code, _, err = cli("export", "--csv", "-o", str(night / inside))
    assert code == 1
    assert "inside the data folder" in _one_error(err)
    assert _files(night) == before
    assert cli("check")[0] == 0


@pytest.mark.parametrize("target", ["", ".", "/dev/null"])
def test_export_refuses_what_is_not_a_file_name(cli, night: Path, target: str) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("export", "--csv", "-o", target)
    assert code == 1
    _one_error(err)


def test_a_failed_export_makes_no_folder(cli, night: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (night / "nights" / "0001.json").write_text("{ damaged")
    target = tmp_path / "new" / "deeper" / "ledger.csv"
    code, _, err = cli("export", "--csv", "-o", str(target))
    assert code == 1
    _one_error(err)
    assert not (tmp_path / "new").exists()


def test_an_export_honours_the_umask(cli, night: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    old = os.umask(0o077)
    try:
        assert cli("export", "--csv", "-o", str(tmp_path / "ledger.csv"))[0] == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "ledger.csv").stat().st_mode) == 0o600


def test_replay_refuses_a_fifo_at_once(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    fifo = tmp_path / "night.log"
    os.mkfifo(fifo)
    code, _, err = cli("replay", str(fifo))
    assert code == 1 and "FIFO" in _one_error(err)


def test_rules_validate_refuses_a_fifo_preset_at_once(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    (banluck_home / "house_rules").mkdir(parents=True)
    os.mkfifo(banluck_home / "house_rules" / "ours.toml")
    code, out, err = cli("rules", "validate")
    assert code == 1 and "FIFO" in out + err


def test_a_fifo_where_a_night_file_should_be_is_named(cli, night: Path) -> None:  # type: ignore[no-untyped-def]
    path = night / "nights" / "0001.json"
    path.unlink()
    os.mkfifo(path)
    for args in (["check"], ["ledger"]):
        code, _, err = cli(*args)
        assert code == 1 and str(path) in _one_error(err) and "FIFO" in err


def test_a_line_is_read_in_time_linear_in_its_length(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A night log with one 1 MB word is refused in well under a second or two."""
    log = tmp_path / "night.log"
    log.write_text("night chinese Ann Bob\n" + "x" * 2**20 + "\n")
    started = time.perf_counter()
    code, _, err = cli("replay", str(log))
    assert code == 1 and "1,048,576 characters" in _one_error(err)
    assert time.perf_counter() - started < 5
    started = time.perf_counter()
    assert split_line("open Bob '" + "x" * 2**20 + "'") == ["open", "Bob", "x" * 2**20]
    assert time.perf_counter() - started < 2


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("dealer 10 6 '#' x", ["dealer", "10", "6", "#", "x"]),
        ("open Bob 10 9 # a comment", ["open", "Bob", "10", "9"]),
        ("seat 'Mei Ling' Bob", ["seat", "Mei Ling", "Bob"]),
        ("seat 'Mei", ["seat", "'Mei"]),
        ("  ", []),
    ],
)
def test_a_hash_inside_quotes_is_a_word_not_a_comment(line: str, words: list[str]) -> None:
    assert split_line(line) == words


def test_a_fifo_as_the_lock_file_is_refused_at_once(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    banluck_home.mkdir(parents=True, exist_ok=True)
    os.mkfifo(banluck_home / "lock")
    code, _, err = cli("night", "start", "chinese", "Mei", "Bob")
    assert code == 1 and "lock" in _one_error(err) and "not a plain file" in err
    assert not (banluck_home / "nights").exists()


def test_a_fifo_in_the_odds_cache_is_no_model(tmp_path: Path) -> None:
    from banluck.games.banluck.odds_cache import _read

    fifo = tmp_path / "odds-0.cache"
    os.mkfifo(fifo)
    assert _read(fifo, {}, None, None, None) is None  # type: ignore[arg-type]
