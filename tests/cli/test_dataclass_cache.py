"""Dataclass methods from the table are those @dataclass compiles; a bad table is rebuilt."""

import dataclasses
import inspect
from pathlib import Path

import pytest

from banluck.cli import dataclass_cache as cache


def _build() -> type:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Seat:
        name: str
        stake: int = 10
        bets: tuple[int, ...] = ()

    return Seat


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "pycache" / "dataclass-methods.marshal"
    monkeypatch.setattr(cache, "_stored", {})
    monkeypatch.setattr(cache, "_used", set())
    monkeypatch.setattr(cache, "_new", False)
    monkeypatch.setattr(cache.sys, "dont_write_bytecode", False)
    return path


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
    plain = _build()
    monkeypatch.setattr(dataclasses, "exec", cache._exec, raising=False)
    compiled = _build()  # compiled, kept for the table
    assert cache._new
    cache._save(table)
    monkeypatch.setattr(cache, "_stored", cache._load(table))
    monkeypatch.setattr(cache, "_new", False)
    read = _build()  # every method read from the table
    assert not cache._new
    _same(plain, compiled)
    _same(plain, read)


@pytest.mark.parametrize(
    "content", [b"", b"junk", cache._FORMAT + b"\x00\x00\x00\x00rest", b"banluck-dataclasses-0"]
)
def test_a_damaged_or_foreign_table_is_ignored_and_written_anew(
    table: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    table.parent.mkdir(parents=True)
    table.write_bytes(content)
    assert cache._load(table) == {}
    monkeypatch.setattr(dataclasses, "exec", cache._exec, raising=False)
    _same(_build(), _build())
    cache._save(table)
    assert cache._load(table)  # rebuilt


def test_a_damaged_entry_is_compiled_again(table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dataclasses, "exec", cache._exec, raising=False)
    first = _build()
    for key in cache._stored:
        cache._stored[key] = b"not code"
    _same(first, _build())


def test_nothing_is_written_where_bytecode_is_not(
    table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dataclasses, "exec", cache._exec, raising=False)
    _build()
    monkeypatch.setattr(cache.sys, "dont_write_bytecode", True)
    cache._save(table)
    assert not table.exists()
