"""Reliability: an index whose outer shape is valid but one of whose fields is damaged (a wrong
type or missing), against every command: never a traceback, one `error:` line naming the index,
the field and `banluck check --rebuild-index`; `check` reports it; the rebuild mends it.

The damages are made from the index's own table of fields (`schema.INDEX_FIELDS`), so a field
added to the index is tried here too. The records of the nights before the latest are in
index-earlier.json, which only the commands that read every night read: a damaged field there
is an error line naming that file for those commands, and for `check`."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import orjson
import pytest

from banluck.storage.schema import INDEX_FIELDS, SUMMARY_FIELDS
from tests.reliability.damage import COMMANDS as DAMAGE_COMMANDS
from tests.reliability.damage import MISSING, damage_field, played_store

pytestmark = pytest.mark.reliability

COMMANDS = [*[c for c in DAMAGE_COMMANDS if c != ["export", "--log"]], ["check"]]
# the commands that read the record of every night (the others read the latest night's and the
# sums index.json keeps of the nights before: they may go on without reading index-earlier.json)
EARLIER_COMMANDS = [["history"], ["stats", "--night", "1"], ["export", "--csv"], ["check"]]
CANDIDATES: list[Any] = [7, -1, "x", "", [1], ["x", 2], {"x": "y"}, True, None]


def _base(root: Path) -> Path:
    """A store with a closed night and an open one, each with a round and a payment."""
    return played_store(root / "index-base", nights=2)


def _wrong(test: Any) -> Any:
    """A value the field's test refuses (never None when None is allowed: that is MISSING's)."""
    return next(v for v in CANDIDATES if not test(v))


def _damages() -> list[tuple[str, str, Any]]:
    out: list[tuple[str, str, Any]] = []
    tables = dict(INDEX_FIELDS)
    tables["meta.counted.summary"] = SUMMARY_FIELDS
    for table, fields in tables.items():
        for key, test, _ in fields:
            out.append((table, key, _wrong(test)))
            if not test(None):
                out.append((table, key, MISSING))
    return out


def _doc(data: dict[str, Any], table: str) -> dict[str, Any]:
    meta = data["meta"]["1"]
    return {  # type: ignore[no-any-return]
        "meta": meta,
        "meta.counted": meta["counted"],
        "meta.counted.summary": meta["counted"]["summary"]["Bob"],
        "meta.earlier": meta["earlier"],
        "nights": data["nights"]["2"],  # the latest night: its record is in index.json
        "people": data["people"]["1"],
        "season": data["season"]["1"],
    }[table]


def _damage(path: Path, table: str, key: str, value: Any) -> None:
    damage_field(path, lambda data: _doc(data, table), key, value)


@pytest.mark.parametrize("damage", _damages(), ids=lambda d: f"{d[0]}.{d[1]}={d[2]!r}")
def test_a_damaged_index_field_is_an_error_line_naming_it(
    cli, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, monkeypatch, damage, tally
) -> None:  # type: ignore[no-untyped-def]
    _table, key, _ = damage
    base = _base(tmp_path_factory.getbasetemp())
    home = tmp_path / "home"
    shutil.copytree(base, home)
    monkeypatch.setenv("BANLUCK_HOME", str(home))
    index = home / "index.json"
    _damage(index, *damage)
    nights = {p.name: p.read_bytes() for p in (home / "nights").glob("*.json")}
    wrong = []
    for args in COMMANDS:
        index.with_name("index.json.bak").unlink(missing_ok=True)
        try:
            code, _out, err = cli(*args)
        except Exception as exc:  # a traceback
            wrong.append(f"{' '.join(args)}: {type(exc).__name__}: {exc}")
            continue
        lines = err.strip().splitlines()
        if code != 1 or len(lines) != 1 or not lines[0].startswith("error:"):
            wrong.append(f"{' '.join(args)}: exit {code}, {err!r}")
        elif not all(part in lines[0] for part in (str(index), repr(key), "--rebuild-index")):
            wrong.append(f"{' '.join(args)}: does not name the file, {key!r} and the remedy")
    tracebacks = sum(1 for w in wrong if "Error:" in w)
    tally(bad=len(COMMANDS), tracebacks=tracebacks, wrong=len(wrong) - tracebacks)
    assert wrong == []
    assert {p.name: p.read_bytes() for p in (home / "nights").glob("*.json")} == nights
    assert cli("check", "--rebuild-index")[0] == 0
    assert cli("check")[0] == 0


@pytest.mark.parametrize(
    "damage",
    [d for d in _damages() if d[0] == "nights"],
    ids=lambda d: f"earlier.{d[1]}={d[2]!r}",
)
def test_a_damaged_field_of_an_earlier_night_is_an_error_line_naming_it(
    cli, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, monkeypatch, damage, tally
) -> None:  # type: ignore[no-untyped-def]
    _table, key, value = damage
    base = _base(tmp_path_factory.getbasetemp())
    home = tmp_path / "home"
    shutil.copytree(base, home)
    monkeypatch.setenv("BANLUCK_HOME", str(home))
    earlier = home / "index-earlier.json"
    damage_field(earlier, lambda data: data["nights"]["1"], key, value)
    nights = {p.name: p.read_bytes() for p in (home / "nights").glob("*.json")}
    wrong = []
    tried = [*EARLIER_COMMANDS, *[c for c in COMMANDS if c not in EARLIER_COMMANDS]]
    for args in tried:
        earlier.with_name("index-earlier.json.bak").unlink(missing_ok=True)
        try:
            code, _out, err = cli(*args)
        except Exception as exc:  # a traceback
            wrong.append(f"{' '.join(args)}: {type(exc).__name__}: {exc}")
            continue
        lines = err.strip().splitlines()
        if code == 0 and args not in EARLIER_COMMANDS and not err.strip():
            continue  # it did not need the earlier nights' records
        if code != 1 or len(lines) != 1 or not lines[0].startswith("error:"):
            wrong.append(f"{' '.join(args)}: exit {code}, {err!r}")
        elif not all(part in lines[0] for part in (str(earlier), repr(key), "--rebuild-index")):
            wrong.append(f"{' '.join(args)}: does not name the file, {key!r} and the remedy")
    tracebacks = sum(1 for w in wrong if "Error:" in w)
    tally(bad=len(tried), tracebacks=tracebacks, wrong=len(wrong) - tracebacks)
    assert wrong == []
    assert {p.name: p.read_bytes() for p in (home / "nights").glob("*.json")} == nights
    assert cli("check", "--rebuild-index")[0] == 0
    assert cli("check")[0] == 0


def test_every_index_field_is_in_the_table(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The table of fields names every field the index holds (a new field needs its check)."""
    data = orjson.loads((_base(tmp_path_factory.getbasetemp()) / "index.json").read_bytes())
    sealed = {("nights", "sealed")}  # kept by a night over once `check` found it sound
    for table, fields in INDEX_FIELDS.items():
        doc = _doc(data, table)
        assert sorted(k for k, _, _ in fields if (table, k) not in sealed) == sorted(
            k for k in doc if (table, k) not in {("meta", "kind"), ("meta", "schema")}
        ), table
    summary = _doc(data, "meta.counted.summary")
    assert sorted(k for k, _, _ in SUMMARY_FIELDS) == sorted(summary)
    earlier = orjson.loads(
        (_base(tmp_path_factory.getbasetemp()) / "index-earlier.json").read_bytes()
    )
    assert sorted(k for k, _, _ in INDEX_FIELDS["nights"]) == sorted(
        {*earlier["nights"]["1"], "sealed"}
    )
