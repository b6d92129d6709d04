"""The versioned knob loader: a knob added after a file's version takes its default, so old
presets and old stored nights keep loading and settling the same; the loader stays strict."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from banluck.core.errors import PresetError
from banluck.core.knobs import Knob, Schema
from banluck.games.banluck import preset as banluck_preset
from banluck.games.banluck.preset import SCHEMA, Preset

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "store-0.1"
NEW = Knob("payouts.lucky_eight", int, "multiple for 8-8-8 (0: no such hand)", low=0, high=9)


def with_new_knob() -> Schema:
    """SCHEMA one version on, with NEW added (its `since` the new version, its default 0)."""
    version = SCHEMA.version + 1
    added = Knob(NEW.key, NEW.kind, NEW.help, low=NEW.low, high=NEW.high, since=version, default=0)
    return Schema(SCHEMA.game, version, (*SCHEMA.knobs, added), SCHEMA.migrations)


def old_snapshot() -> dict[str, object]:
    """The rules a night stored by banluck 0.1 was played under (no `game`, no `version`)."""
    night = json.loads((FIXTURE / "store" / "nights" / "0002.json").read_text(encoding="utf-8"))
    (record,) = night["night"].values()
    snapshot: dict[str, object] = record["snapshot"]
    assert "version" not in snapshot and "game" not in snapshot
    return snapshot


def old_user_preset() -> dict[str, object]:
    text = (FIXTURE / "store" / "house_rules" / "mine.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@pytest.mark.parametrize("data", [old_snapshot(), old_user_preset()], ids=["snapshot", "preset"])
def test_old_mappings_load_under_a_schema_with_a_new_knob(data: dict[str, object]) -> None:
    schema = with_new_knob()
    full = schema.load(data, "old")
    assert full["payouts"]["lucky_eight"] == 0
    assert full["version"] == schema.version == SCHEMA.version + 1
    assert full["game"] == "ban-luck"
    # every knob the old file had keeps its value
    for section, values in data.items():
        if isinstance(values, dict):
            for key, value in values.items():
                assert full[section][key] == value


def test_todays_files_take_the_default_too() -> None:
    """A file of the current version is older than the schema that adds the knob."""
    today = Preset.from_mapping(old_snapshot()).to_dict()
    assert with_new_knob().load(today)["payouts"]["lucky_eight"] == 0


def test_a_file_of_the_new_version_must_have_the_knob() -> None:
    schema = with_new_knob()
    data = {**Preset.from_mapping(old_snapshot()).to_dict(), "version": schema.version}
    with pytest.raises(PresetError, match=r"payouts.lucky_eight: missing"):
        schema.load(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"payouts": {"lucky_eigth": 3}}, r"payouts.lucky_eigth: unknown key \(did you mean"),
        ({"payouts": {"triple_seven": "5"}}, r"payouts.triple_seven = '5' has the wrong type"),
        ({"bust": {"shown_at_once": 1}}, r"bust.shown_at_once = 1 has the wrong type"),
        ({"surprise": {"a": 1}}, r"surprise: unknown section"),
    ],
)
def test_misspelt_and_mistyped_keys_are_still_refused(
    change: dict[str, dict[str, object]], message: str
) -> None:
    data = old_snapshot()
    for section, values in change.items():
        data[section] = {**dict(data.get(section, {})), **values}  # type: ignore[arg-type]
    with pytest.raises(PresetError, match=message):
        with_new_knob().load(data)


def test_a_file_from_a_newer_banluck_is_refused_with_what_to_do() -> None:
    data = {**old_snapshot(), "version": SCHEMA.version + 5}
    with pytest.raises(PresetError, match="upgrade banluck"):
        SCHEMA.load(data)


def test_an_unknown_game_is_refused() -> None:
    from banluck.app.games import load_preset

    with pytest.raises(PresetError, match=r"game = 'poker' is not a game banluck plays"):
        load_preset({**old_snapshot(), "game": "poker"})


def test_old_store_settles_the_same_under_a_schema_with_a_new_knob(
    cli, banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the knob in the schema, the 0.1 store's nights and user preset load, check clean,
    settle the same transfers and export logs that replay to the same money."""
    shutil.copytree(FIXTURE / "store", banluck_home)
    schema = with_new_knob()
    monkeypatch.setattr(banluck_preset, "SCHEMA", schema)
    monkeypatch.setattr(Preset, "SCHEMA", schema, raising=False)
    assert cli("check")[0] == 0
    code, out, err = cli("settle", "--json")
    assert code == 0, err
    assert json.loads(out) == json.loads((FIXTURE / "settle.json").read_text(encoding="utf-8"))
    code, out, _ = cli("rules", "validate", "mine")
    assert code == 0
    for night in (1, 2):
        code, log, _ = cli("export", "--log", "--night", str(night))
        assert code == 0
        assert "rule payouts.lucky_eight" not in log  # the new knob is at its default both ways
    log1 = banluck_home / "n1.log"
    log1.write_text((FIXTURE / "night1.log").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = cli("replay", str(log1), "--json")
    assert code == 0, err
    ledger = json.loads((FIXTURE / "ledger-all.json").read_text(encoding="utf-8"))
    night1 = [e for e in ledger["entries"] if e.get("night") == 1 and e["kind"] == "round"]
    replayed = json.loads(out)["rounds"]
    # The replay says the money as the table counts it (`collects 1 × 10`); the store's older
    # reasons said the multiple alone: the same settlement.
    for r in replayed:
        for t in r["transfers"]:
            t["reason"] = re.sub(r" × \d+( = \d+)?", "", t["reason"])
    assert [r["transfers"] for r in replayed] == [e["transfers"] for e in night1]
