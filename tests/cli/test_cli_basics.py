"""The plain conventions of a command-line tool: `--version`, `-h`, and `--json` on the read
commands (`check` included)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from banluck import __version__

Cli = Callable[..., tuple[int, str, str]]


def test_version_and_short_help(cli: Cli) -> None:
    assert cli("--version") == (0, f"banluck {__version__}\n", "")
    code, out, _ = cli("-h")
    assert code == 0 and "Usage: banluck" in out
    code, out, _ = cli("table", "-h")
    assert code == 0 and "Usage: banluck table" in out


def test_check_json_says_ok_or_lists_the_problems(cli: Cli, banluck_home: Path) -> None:
    code, out, _ = cli("check", "--json")
    assert code == 0
    assert json.loads(out) == {"ok": True, "problems": [], "rebuilt_index": False}


@pytest.mark.parametrize(
    "command",
    [
        "hand", "judge", "ledger", "history", "stats", "chart", "settle", "check", "night show",
        "replay", "odds", "edge", "rules list", "rules show", "rules diff", "rules validate",
    ],
)  # fmt: skip
def test_every_read_command_takes_json(cli: Cli, command: str) -> None:
    code, out, _ = cli(*command.split(), "--help")
    assert code == 0 and "--json" in out


def test_rules_show_lists_the_allowed_values(cli: Cli, banluck_home: Path) -> None:
    code, out, _ = cli("rules", "show", "chinese")
    assert code == 0
    assert "allowed" in out
    assert "run-dealer-only" in out and "hard-15-surrender" in out and "1 to 8" in out


def test_rules_new_marks_the_description_as_a_copy(cli: Cli, banluck_home: Path) -> None:
    cli("rules", "new", "ours", "--from", "kampung")
    code, out, _ = cli("rules", "list")
    assert code == 0
    assert re.search(r"^ours +yours +copy of kampung: Malaysian", out, re.M)


def test_replay_help_example_exists_and_replays(cli: Cli, banluck_home: Path) -> None:
    _, out, _ = cli("replay", "--help")
    example = out.split("Example: banluck replay ")[1].split()[0]
    assert (Path(__file__).resolve().parents[2] / example).is_file()
    code, out, _ = cli("replay", str(Path(__file__).resolve().parents[2] / example), "--json")
    assert code == 0
