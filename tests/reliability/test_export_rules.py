"""Reliability: `export --log` writes a log that replays to the stored money, or refuses with the
difference named when a preset file changed since the night."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from banluck.storage import Store

pytestmark = pytest.mark.reliability

LINES = ("dealer 10 6", "show Bob A K", "stand all", "open Carol 10 7")


def _night(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("rules", "new", "mine", "--from", "chinese")[0] == 0
    assert cli("night", "start", "mine", "Mei", "Bob", "Carol")[0] == 0
    for line in LINES:
        code, _, err = cli("act", *line.split())
        assert code == 0, err
    assert cli("night", "close")[0] == 0


def _replayed(cli, tmp_path: Path, text: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    log = tmp_path / "exported.log"
    log.write_text(text, encoding="utf-8")
    code, out, err = cli("replay", str(log), "--json")
    assert code == 0, err
    return {k: v for k, v in json.loads(out)["balances"].items() if v}


def test_an_exported_log_replays_to_the_ledger(cli, banluck_home: Path, tmp_path: Path) -> None:
    _night(cli)
    code, out, err = cli("export", "--log")
    assert code == 0, err
    stored = {k: v for k, v in Store(banluck_home).balances().items() if v}
    assert _replayed(cli, tmp_path, out) == stored


def test_export_after_a_preset_change_refuses_and_names_the_knob(
    cli, banluck_home: Path, tmp_path: Path
) -> None:
    """After `rules set mine payouts.ban_luck 10` the old night's log would pay Bob +100 where
    the ledger says +20: the export refuses, names the knob and the way back."""
    _night(cli)
    stored = {k: v for k, v in Store(banluck_home).balances().items() if v}
    before = cli("rules", "show", "mine", "--json")
    code, _, err = cli("rules", "set", "mine", "payouts.ban_luck", "10")
    assert code == 0, err
    code, out, err = cli("export", "--log")
    assert code == 1 and out == ""
    assert err.startswith("error:") and err.count("\n") == 1
    assert "payouts.ban_luck" in err and "rules set mine payouts.ban_luck 2" in err
    assert cli("rules", "set", "mine", "payouts.ban_luck", "2")[0] == 0
    assert cli("rules", "show", "mine", "--json") == before
    code, out, err = cli("export", "--log")
    assert code == 0, err
    assert _replayed(cli, tmp_path, out) == stored
