"""What the command line keeps beside its bytecode is what it would have made again: dataclass
methods compiled as @dataclass compiles them, shipped presets parsed as tomllib parses them; a
bad table is ignored and written anew."""

import dataclasses
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

from banluck.app import presets
from banluck.cli import dataclass_cache as cache
from banluck.core import parsed


def _build() -> type:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Seat:
        name: str
        stake: int = 10
        bets: tuple[int, ...] = ()

    return Seat


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh table of methods, its file in tmp_path; dataclasses use it for this test."""
    monkeypatch.setattr(cache, "METHODS", cache.Table("dataclass-methods", most=4000))
    monkeypatch.setattr(cache.sys, "dont_write_bytecode", False)
    monkeypatch.setattr(dataclasses, "exec", cache._exec, raising=False)
    return tmp_path / "pycache" / "dataclass-methods.marshal"


def _same(a: type, b: type) -> None:
    assert str(inspect.signature(a)) == str(inspect.signature(b))
    x, y = a("Bob", 20), b("Bob", 20)
    assert repr(x) == repr(y) == "_build.<locals>.Seat(name='Bob', stake=20, bets=())"
    assert x == a("Bob", 20) and x != a("Bob", 10) and hash(x) == hash(a("Bob", 20))
    assert [f.name for f in dataclasses.fields(x)] == [f.name for f in dataclasses.fields(y)]
    assert a.__slots__ == b.__slots__
    with pytest.raises(dataclasses.FrozenInstanceError):
        x.stake = 5  # type: ignore[misc]
    assert dataclasses.replace(x, stake=5).stake == 5


def test_classes_from_the_table_are_what_dataclass_builds(
    table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as m:
        m.delattr(dataclasses, "exec")
        plain = _build()
    compiled = _build()  # compiled, kept for the table
    assert cache.METHODS.new
    cache.METHODS.save(table)
    again = cache.Table("dataclass-methods", most=4000)
    again.load(table)
    monkeypatch.setattr(cache, "METHODS", again)
    read = _build()  # every method read from the table
    assert again.stored and not again.new
    _same(plain, compiled)
    _same(plain, read)


@pytest.mark.parametrize(
    "content", [b"", b"junk", b"banluck-dataclass-methods-1\x00\x00\x00\x00rest", b"banluck-x"]
)
def test_a_damaged_or_foreign_table_is_ignored_and_written_anew(
    table: Path, content: bytes
) -> None:
    table.parent.mkdir(parents=True)
    table.write_bytes(content)
    cache.METHODS.load(table)
    assert cache.METHODS.stored == {}
    _same(_build(), _build())
    cache.METHODS.save(table)
    again = cache.Table("dataclass-methods", most=4000)
    again.load(table)
    assert again.stored  # rebuilt


def test_a_damaged_entry_is_made_again(table: Path) -> None:
    first = _build()
    for key in cache.METHODS.stored:
        cache.METHODS.stored[key] = b"not code"
    _same(first, _build())


def test_nothing_is_written_where_bytecode_is_not(
    table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _build()
    monkeypatch.setattr(cache.sys, "dont_write_bytecode", True)
    cache.METHODS.save(table)
    assert not table.exists()


def test_a_shipped_preset_read_from_the_table_is_the_one_parsed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept = cache.Table("shipped-presets", most=200)
    from_files = {n: presets.load(n) for n in presets.shipped_names()}
    monkeypatch.setattr(parsed, "table", kept)
    first = {n: presets.load(n) for n in presets.shipped_names()}
    assert len(kept.stored) == len(from_files) and kept.new
    kept.new = False
    second = {n: presets.load(n) for n in presets.shipped_names()}
    assert not kept.new  # every one read from the table
    assert from_files == first == second
    assert [presets.summary_of(p) for p in presets.all_files()] == [
        presets.summary_of(p) for p in presets.all_files()
    ]


def test_a_users_preset_is_always_read_from_its_file(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = cache.Table("shipped-presets", most=200)
    monkeypatch.setattr(parsed, "table", kept)
    presets.create_from("ours", "chinese")
    assert presets.load("ours").name == "ours"
    assert all("ours" not in text for text in kept.stored)


def test_the_command_line_writes_its_tables_beside_its_bytecode(tmp_path: Path) -> None:
    """A run with a pycache prefix fills the tables there; the next run reads them."""
    env = {"PYTHONPYCACHEPREFIX": str(tmp_path / "pyc"), "BANLUCK_HOME": str(tmp_path / "home")}
    run = [sys.executable, "-m", "banluck", "hand", "A", "K"]
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, **env}
    first = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    tables = sorted(p.name.split(".")[0] for p in (tmp_path / "pyc").rglob("*.marshal"))
    assert tables == ["dataclass-methods", "shipped-presets"]
    second = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    assert first.stdout == second.stdout == "A K: 21 (soft), ban-luck\n"
    assert not (tmp_path / "home").exists()  # nothing in the data folder
