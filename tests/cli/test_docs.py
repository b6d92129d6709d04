"""The docs stay true: the night-log example replays, and every word is documented."""

from __future__ import annotations

import re
from pathlib import Path

from banluck.app import presets
from banluck.app.records import read_log
from banluck.games.banluck.family import BAN_LUCK
from banluck.table.night import NIGHT_WORDS

WORDS = sorted({*NIGHT_WORDS, *BAN_LUCK.words, "undo"})

ROOT = Path(__file__).resolve().parents[2]


def test_night_log_example_is_the_shipped_demo_and_replays() -> None:
    """docs/night-log.md's full example is the demo night, and it replays without an error."""
    doc = (ROOT / "docs" / "night-log.md").read_text(encoding="utf-8")
    demo = (ROOT / "banluck" / "data" / "demo-night.log").read_text(encoding="utf-8")
    assert demo.strip() in doc
    night, _ = read_log(demo, "demo", presets.load)
    assert night.current is None and len(night.rounds) >= 8
    assert sum(night.balances.values()) == 0


def test_every_night_log_word_is_documented() -> None:
    """A word the engine accepts but the docs do not name fails here."""
    doc = (ROOT / "docs" / "night-log.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"\| `(\w+)", doc)) | set(re.findall(r"/ `(\w+)", doc))
    assert set(WORDS) <= documented, set(WORDS) - documented


def test_every_command_is_in_the_readme() -> None:
    """A command that exists but the README does not mention fails here."""
    from banluck.cli.main import MODULES

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    words = [w for words in MODULES.values() for w in words]
    missing = [w for w in words if f"banluck {w}" not in readme]
    assert not missing


def test_readme_quick_start_is_two_commands_and_ci_runs_the_test_command() -> None:
    """The quick start makes a virtual environment, installs and runs the demo, then installs and
    runs the tests; .ci/run runs the README's test command word for word."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)\n```", quick, re.S)
    assert blocks == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install . && banluck demo",
        'pip install -e ".[test]" && python -m pytest -n auto',
    ]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "\npython -m pytest -n auto\n" in ci


def test_every_command_has_an_example_in_its_help() -> None:
    """Each command's help has an `Example:` line running banluck."""
    import typer

    from banluck.cli.main import build_app

    group = typer.main.get_command(build_app())
    missing = []

    def visit(command, path):  # type: ignore[no-untyped-def]
        subcommands = getattr(command, "commands", None)
        if subcommands:
            for name, sub in subcommands.items():
                visit(sub, [*path, name])
            return
        help_text = command.help or ""
        if "Example:" not in help_text or "banluck" not in help_text.split("Example:")[-1]:
            missing.append(" ".join(path))

    visit(group, ["banluck"])
    assert not missing
