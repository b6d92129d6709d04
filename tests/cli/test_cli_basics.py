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
    assert re.search(r"^ours +ban-luck +yours +copy of kampung: Malaysian", out, re.M)


def test_replay_help_example_exists_and_replays(cli: Cli, banluck_home: Path) -> None:
    _, out, _ = cli("replay", "--help")
    example = out.split("Example: banluck replay ")[1].split()[0]
    assert (Path(__file__).resolve().parents[2] / example).is_file()
    code, out, _ = cli("replay", str(Path(__file__).resolve().parents[2] / example), "--json")
    assert code == 0


def test_rules_show_at_45_columns_is_a_block_a_knob_its_lines_indented(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 45 columns `rules show` gives each knob a block: `key = value`, then its meaning and
    allowed values indented under it, a wrapped line keeping the indent; nothing is cut."""
    from rich.cells import cell_len

    from banluck.app import presets
    from banluck.app.games import knobs_of
    from banluck.cli.rules_cmd import _LABELS

    monkeypatch.setenv("COLUMNS", "45")
    code, out, _ = cli("rules", "show", "kampung")
    assert code == 0 and "…" not in out
    lines = out.splitlines()
    assert all(cell_len(line) <= 45 for line in lines)
    keys = [k.key for k in knobs_of(presets.load("kampung")) if k.key not in _LABELS]
    first = next(i for i, line in enumerate(lines) if line.startswith(f"{keys[0]} = "))
    blocks: list[list[str]] = []
    for line in lines[first:]:
        if line.startswith("  "):
            blocks[-1].append(line.strip())
        else:
            blocks.append([line])
    assert [b[0].split(" = ")[0] for b in blocks] == keys
    for block in blocks:
        assert " allowed: " in " " + " ".join(block[1:])


def test_help_lists_the_commands_in_their_order_then_the_groups(cli: Cli) -> None:
    """`banluck --help` lists commands and groups in the order of a night (issue 29): the
    console, the night, a line, undo, pay, settle; the ledger's mending; the reads; then the
    rules and the labs, whichever module adds each; every summary whole, and three examples."""
    code, out, _ = cli("--help")
    assert code == 0
    listed = re.findall(r"^  (\w+)  ", out.split("Commands:", 1)[1], flags=re.M)
    assert listed == [
        *("table", "night", "act", "undo", "pay", "settle", "tournament", "amend", "correct"),
        *("rename", "ledger", "history", "stats", "chart", "replay", "export", "check", "people"),
        *("where", "serve", "report", "rules", "hand", "judge", "odds", "strategy", "edge"),
        "demo",
    ]
    assert not re.search(r"\w\.\.\.$", out.split("Commands:", 1)[1], flags=re.M)  # none cut
    assert "  amend       Correct a recorded round's lines in your editor" in out
    examples = out.split("Examples:", 1)[1].split()
    assert " ".join(examples).count("banluck ") == 3
    assert "banluck table chinese Mei Bob --stake 10" in out


def test_where_prints_the_data_folder_and_creates_nothing(cli: Cli, banluck_home: Path) -> None:
    """`banluck where` (issue 29): the folder BANLUCK_HOME names, as a line or as JSON; not made."""
    code, out, _ = cli("where")
    assert (code, out) == (0, f"{banluck_home}\n")
    assert not banluck_home.exists()
    code, out, _ = cli("where", "--json")
    assert code == 0
    assert json.loads(out) == {"folder": str(banluck_home), "from": "BANLUCK_HOME", "exists": False}
    assert cli("night", "start", "chinese", "Mei", "Bob")[0] == 0
    assert json.loads(cli("where", "--json")[1])["exists"] is True


def test_edge_gives_one_answer_to_how_long_to_keep_the_deal(cli: Cli) -> None:
    """`edge` recommends a rotation once, in money (issue 29); its table's row of rounds is
    named for what it measures, luck within one standard deviation, not a second turn length."""
    code, out, _ = cli("edge", "chinese", "kampung")
    assert code == 0
    assert "fair turn" not in out
    assert "turn within 1 sd (rounds)" in out
    flat = " ".join(out.split())
    assert re.search(r"chinese: .* rotating every \d+ rounds keeps a turn's expected gain", flat)
