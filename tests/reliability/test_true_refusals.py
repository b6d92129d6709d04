"""Reliability: refusals are true. A refused command changed nothing; a name that is a hand's
or a box's name is refused wherever names are given; free text holding a terminal's escape codes
or other control characters is refused before it reaches the ledger."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import digest as _digest

pytestmark = pytest.mark.reliability


@pytest.fixture
def casino(cli, banluck_home: Path) -> Path:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "blackjack-pro", "Mei", "Bob", "Carol")[0] == 0
    return banluck_home


def _refused(cli, home: Path, *args: str) -> str:  # type: ignore[no-untyped-def]
    before = _digest(home) if home.exists() else None
    code, _, err = cli(*args)
    lines = err.strip().splitlines()
    assert code in (1, 2) and len(lines) == 1 and lines[0].startswith("error:"), (args, err)
    assert (_digest(home) if home.exists() else None) == before
    return lines[0]


@pytest.mark.parametrize("name", ["Bob.1", "Bob.12", "Bob:2"])
def test_a_seat_named_like_a_hand_or_a_box_is_refused(cli, banluck_home: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    line = _refused(cli, banluck_home, "night", "start", "blackjack-pro", "Mei", "Bob", name)
    assert name in line
    assert not (banluck_home / "nights").exists()


@pytest.mark.parametrize("name", ["Bob.1", "Bob:2"])
def test_a_hand_name_is_refused_by_seat_and_rename(cli, casino: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    _refused(cli, casino, "act", "seat", name)
    _refused(cli, casino, "rename", "Bob", name)


def test_a_name_with_a_dot_that_is_no_hand_is_still_a_name(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("night", "start", "chinese", "Mei", "J.R.", "Bob.Jr")[0] == 0


ESCAPES = ["\x1b[2J", "a\x1b]0;x\x07b", "line\nbreak", "x\u202eyz", "bell\x07"]


@pytest.mark.parametrize("text", ESCAPES, ids=repr)
def test_escape_codes_in_a_note_or_a_reason_are_refused(cli, night: Path, text: str) -> None:  # type: ignore[no-untyped-def]
    assert "control character" in _refused(
        cli, night, "pay", "Bob", "Mei", "5", "--yes", "--note", text
    )
    assert "control character" in _refused(cli, night, "correct", "1", "--reason", text)
    code, out, _ = cli("ledger")
    assert code == 0 and "\x1b" not in out


@pytest.mark.parametrize("text", ESCAPES[:2], ids=repr)
def test_escape_codes_in_a_preset_description_are_a_problem(
    cli, banluck_home: Path, text: str
) -> None:  # type: ignore[no-untyped-def]
    import json

    assert cli("rules", "new", "ours", "--from", "chinese")[0] == 0
    path = banluck_home / "house_rules" / "ours.toml"
    lines = path.read_text().splitlines()
    lines = [
        f"description = {json.dumps(text)}" if line.startswith("description") else line
        for line in lines
    ]
    path.write_text("\n".join(lines) + "\n")
    code, out, err = cli("rules", "validate", "ours")
    assert code == 1 and "control character" in out + err
    code, out, _ = cli("rules", "list")
    assert "\x1b" not in out


@pytest.mark.parametrize("damage", [b"{ bad", b"", b'{"meta": {}}', b"[]"], ids=repr)
def test_night_start_on_a_damaged_earlier_index_changes_nothing(
    cli, banluck_home: Path, damage: bytes
) -> None:  # type: ignore[no-untyped-def]
    """The refusal says nothing was changed: no night was opened either."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    assert cli("night", "close")[0] == 0
    (banluck_home / "index-earlier.json").write_bytes(damage)
    line = _refused(cli, banluck_home, "night", "start", "chinese", "Mei", "Bob", "Carol")
    assert "nothing was changed" in line
    assert not (banluck_home / "nights" / "0002.json").exists()
    assert cli("check", "--rebuild-index")[0] == 0
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
