"""`banluck rules default NAME` (issue 29): the preset `night start` and `table` use when none is
named; a misspelt preset is never taken for a seat."""

from __future__ import annotations

import json
from pathlib import Path


def test_night_start_without_a_preset_plays_the_default(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("rules", "default")[1].startswith("no default preset")
    assert cli("night", "start", "Mei", "Bob")[0] == 1  # no default: Mei is no preset
    assert not (banluck_home / "nights").exists() or not list((banluck_home / "nights").iterdir())
    assert cli("rules", "default", "kampung")[0] == 0
    assert cli("rules", "default")[1] == "kampung\n"
    code, out, err = cli("night", "start", "Mei", "Bob", "Carol", "--stake", "20")
    assert code == 0, err
    assert out.startswith("night 1 started: kampung, seats Mei, Bob, Carol, stake 20")
    shown = json.loads(cli("night", "show", "--json")[1])
    assert shown["preset"] == "kampung" and shown["seats"] == ["Mei", "Bob", "Carol"]


def test_a_named_preset_still_wins_and_a_misspelt_one_is_refused(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("rules", "default", "kampung")[0] == 0
    code, _, err = cli("night", "start", "kampng", "Mei", "Bob")
    assert code == 1 and "did you mean `kampung`?" in err
    code, out, _ = cli("night", "start", "chinese", "Mei", "Bob")
    assert code == 0 and "started: chinese" in out


def test_an_unknown_default_is_refused_and_clear_forgets_it(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("rules", "default", "nosuch")
    assert code == 1 and "unknown preset 'nosuch'" in err
    assert not (banluck_home / "default-preset").exists()
    assert cli("rules", "default", "xi-dach")[0] == 0
    assert (banluck_home / "default-preset").read_text() == "xi-dach\n"
    assert cli("rules", "default", "--clear")[0] == 0
    assert not (banluck_home / "default-preset").exists()
    assert cli("night", "start", "Mei", "Bob")[0] == 1


def test_seats_without_a_preset_or_a_default_say_how_to_name_one(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    """`night start Mei Bob` with no default preset: one line saying Mei is no preset, the line
    with a preset before the seats, and `banluck rules default NAME`; nothing is stored."""
    for command in (("night", "start"), ("table",)):
        code, out, err = cli(*command, "Mei", "Bob")
        assert code == 1 and out == "" and err.count("\n") == 1, err
        assert "'Mei' is no preset" in err and "`chinese Mei Bob`" in err
        assert "`banluck rules default NAME`" in err
    assert not (banluck_home / "nights").exists() or not list((banluck_home / "nights").iterdir())
