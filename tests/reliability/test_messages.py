"""Reliability: the messages that were unclear say what is wrong and what to do: a negative
stake, a byte-order mark, a read-only data folder, an index that could not be written, and a
preset changed while tonight's night plays it."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from banluck.storage import Store

pytestmark = pytest.mark.reliability

ROUND = ("dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7")


@pytest.fixture
def night(cli, banluck_home: Path) -> Path:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    for line in ROUND:
        assert cli("act", *line.split())[0] == 0
    return banluck_home


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["stake", "Bob", "-5"], "stake -5 must be above 0"),
        (["stake", "-5"], "stake -5 must be above 0"),
        (["stake", "Bob", "0"], "stake 0 must be above 0"),
    ],
)
def test_a_negative_stake_is_a_stake_not_an_option(cli, night: Path, words, says, tally) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("act", *words)
    tally(bad=1, wrong=int(code != 1 or says not in err))
    assert code == 1 and says in err and "option" not in err, err


def test_a_byte_order_mark_in_a_night_file_is_not_part_of_it(cli, night: Path) -> None:  # type: ignore[no-untyped-def]
    path = night / "nights" / "0001.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    # (a night file written once, its round in the journal beside it, has no previous version)
    (night / "nights" / "0001.json.bak").unlink(missing_ok=True)
    for args in (["night", "show"], ["ledger"], ["check"]):
        code, _, err = cli(*args)
        assert code == 0, (args, err)
    assert cli("pay", "Mei", "Bob", "5", "--yes")[0] == 0
    assert not path.read_bytes().startswith(b"\xef\xbb\xbf")  # written back as plain JSON


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A read-only disk: opening a file to write, making a folder or renaming fails (EROFS);
    reading works. (Root ignores file permissions, so the disk is made read-only this way.)"""
    real_open, writing = os.open, os.O_WRONLY | os.O_RDWR | os.O_CREAT

    def open_(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        if flags & writing:
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.EROFS, "Read-only file system")

    def start() -> None:
        monkeypatch.setattr(os, "open", open_)
        monkeypatch.setattr(os, "replace", refuse)
        monkeypatch.setattr(os, "mkdir", refuse)

    return start


def _files(home: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}


def test_check_on_a_read_only_copy_checks_it_as_it_is(
    cli, night: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read_only
) -> None:  # type: ignore[no-untyped-def]
    copy = tmp_path / "copy"
    shutil.copytree(night, copy)
    (copy / "index.json").unlink()  # behind the night files: caught up in memory only
    monkeypatch.setenv("BANLUCK_HOME", str(copy))
    before = _files(copy)
    read_only()
    code, _out, err = cli("check")
    assert code == 0, err
    assert err.startswith("warning: checked read-only: the data folder cannot be written")
    assert _files(copy) == before
    code, _, err = cli("pay", "Mei", "Bob", "5", "--yes")
    assert code == 1 and "Read-only file system" in err and "writable" in err, err
    assert _files(copy) == before


def test_check_on_a_read_only_copy_still_finds_damage(
    cli, night: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read_only
) -> None:  # type: ignore[no-untyped-def]
    import orjson

    copy = tmp_path / "copy"
    shutil.copytree(night, copy)
    index = orjson.loads((copy / "index.json").read_bytes())
    index["season"]["1"]["net"] += 5  # well-typed, wrong
    (copy / "index.json").write_bytes(orjson.dumps(index))
    monkeypatch.setenv("BANLUCK_HOME", str(copy))
    read_only()
    code, out, err = cli("check")
    assert code == 1 and "season summary does not match" in out, (out, err)
    assert "warning: checked read-only" in err


def test_a_failed_index_write_is_shown_and_mended_by_the_next_command(
    cli, night: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from banluck.core import atomic

    real = atomic.write_atomic

    def full_for_the_index(path: Path, data: bytes, **kwargs):  # type: ignore[no-untyped-def]
        if path.name == "index.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data, **kwargs)

    monkeypatch.setattr(atomic, "write_atomic", full_for_the_index)
    code, _out, err = cli("pay", "Mei", "Bob", "5", "--yes")
    assert code == 0, err
    assert "warning: the change was saved in its night file, but the index was not updated" in err
    assert "disk is full" in err
    monkeypatch.setattr(atomic, "write_atomic", real)
    assert cli("check")[0] == 0
    assert Store(night).balances()["Mei"] == -15


def test_rules_set_on_tonights_preset_says_the_night_keeps_its_rules(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("rules", "new", "mine", "--from", "chinese")[0] == 0
    assert cli("rules", "new", "other", "--from", "chinese")[0] == 0
    assert cli("night", "start", "mine", "Mei", "Bob")[0] == 0
    code, out, _ = cli("rules", "set", "mine", "payouts.ban_luck", "3")
    assert code == 0
    assert "night 1 is open with mine and keeps the rules it started with" in out
    code, out, _ = cli("rules", "set", "other", "payouts.ban_luck", "3")
    assert code == 0 and "keeps the rules" not in out
    assert cli("night", "show", "--json")[0] == 0
    assert Store().tonight()["snapshot"]["payouts"]["ban_luck"] == 2  # type: ignore[index]
