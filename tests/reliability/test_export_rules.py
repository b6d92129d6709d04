"""Reliability: `export --log` writes a log that replays to the stored money, whatever the preset
files say now: the night's rules travel with the log as `rule` lines."""

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


def test_export_after_a_preset_change_carries_the_nights_rules(
    cli, banluck_home: Path, tmp_path: Path
) -> None:
    """After `rules set mine payouts.ban_luck 10` a log naming mine would pay Bob +100 where
    the ledger says +20: the export names the shipped chinese (mine's rules then, so no `rule`
    line), never the house preset, and replays to +20."""
    _night(cli)
    stored = {k: v for k, v in Store(banluck_home).balances().items() if v}
    code, _, err = cli("rules", "set", "mine", "payouts.ban_luck", "10")
    assert code == 0, err
    code, out, err = cli("export", "--log")
    assert code == 0, err
    assert "\nnight chinese Mei Bob Carol\n" in out and "\nrule " not in out
    assert _replayed(cli, tmp_path, out) == stored
    assert stored["Bob"] == 20


def test_a_rule_line_out_of_place_or_wrong_is_one_error_line(
    cli, banluck_home: Path, tmp_path: Path
) -> None:
    log = tmp_path / "bad.log"
    for body, message in (
        ("night chinese Mei Bob\nstake 10\nrule payouts.ban_luck 3\n", "right after the `night`"),
        ("night chinese Mei Bob\nrule payouts.ban_lock 3\n", "not a knob of chinese"),
        ("night chinese Mei Bob\nrule payouts.ban_luck x\n", "payouts.ban_luck takes"),
        ("night chinese Mei Bob\nrule payouts.ban_luck\n", "usage: rule KEY VALUE"),
    ):
        log.write_text(body, encoding="utf-8")
        code, _, err = cli("replay", str(log))
        assert code == 1 and err.startswith("error:") and err.count("\n") == 1, err
        assert message in err
