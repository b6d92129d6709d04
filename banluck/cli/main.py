"""`banluck`: the entry point. Command groups live in their own modules and join here.

Start-up matters: a dealer waits on every command. So a run imports and builds only the module of
the command it runs (`banluck hand A K` never imports the `rules` commands); `banluck --help`, an
unknown command and shell completion build them all.

Adding a command module `banluck/cli/NAME_cmd.py`:
- give it `register(app: typer.Typer) -> None`, which adds its commands (`app.command("word")(f)`)
  or its group (`app.add_typer(group, name="word")`);
- add one line to `MODULES` below: the module and the words it adds after `banluck`
  (tests/test_rules_cli.py checks that the words match what `register` adds);
- at module level it imports only typer and the engine (banluck.core.cards, hands, preset, presets,
  settlement, round, ...). rich, storage (tinydb), tomlkit, numpy and anything else heavy are
  imported inside the functions that use them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from importlib import import_module
from typing import Any

import typer
from typer.core import TyperGroup

from banluck.core.errors import BanluckError

HELP = "A dealer's assistant for ban-luck (Chinese blackjack) played with real cards."


# module in banluck.cli -> the words it adds after `banluck`. One line per module.
MODULES: dict[str, tuple[str, ...]] = {
    "correct_cmd": ("amend", "correct", "rename"),
    "games.banluck_cmd": ("odds", "judge"),
    "games.casino_cmd": ("strategy",),
    "hands_cmd": ("hand",),
    "lab_cmd": ("edge",),
    "ledger_cmd": ("ledger", "history", "stats", "chart", "export", "settle", "check"),
    "undo_cmd": ("undo",),
    "demo_cmd": ("demo",),
    "pay_cmd": ("pay",),
    "night_cmd": ("night", "act"),
    "replay_cmd": ("replay",),
    "rules_cmd": ("rules",),
    "table_cmd": ("table",),
    "games.tournament_cmd": ("tournament",),
    "serve_cmd": ("serve", "report"),
    "people_cmd": ("people",),
    "where_cmd": ("where",),
}

# The order `banluck --help` lists the commands and groups in: a night's (the console, the night,
# a line, undo, pay, settle), the ledger's mending, the reads, then the rules and the labs.
HELP_ORDER = (
    *("table", "night", "act", "undo", "pay", "settle", "tournament", "amend", "correct"),
    *("rename", "ledger", "history", "stats", "chart", "replay", "export", "check", "people"),
    *("where", "serve", "report", "rules", "hand", "judge", "odds", "strategy", "edge", "demo"),
)
EXAMPLES = """\b
Examples:
  banluck table chinese Mei Bob --stake 10
  banluck pay Bob Mei 30
  banluck settle"""


class Commands(TyperGroup):
    """banluck's commands, listed in HELP_ORDER, each with its summary whole (wrapped to the
    terminal, never cut with `...`): its help's first sentence, or when that is long, what comes
    before its first `: ` if that says what the command is (four words or more)."""

    def list_commands(self, ctx: Any) -> list[str]:
        place = {word: n for n, word in enumerate(HELP_ORDER)}
        return sorted(self.commands, key=lambda word: place.get(word, len(place)))

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = [
            (word, _summary(command.get_short_help_str(limit=1_000)))
            for word in self.list_commands(ctx)
            if not (command := self.commands[word]).hidden
        ]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _width() -> int:
    import shutil

    return max(min(shutil.get_terminal_size().columns, 80) - 2, 20)


def _summary(sentence: str) -> str:
    head, colon, _ = sentence.partition(": ")
    whole = not colon or len(sentence) <= 70 or head.count("(") != head.count(")")
    return sentence if whole or len(head.split()) < 4 else head


def build_app(modules: Iterable[str] | None = None, only: str | None = None) -> typer.Typer:
    """The typer app with the commands of `modules` (all of them when None); with `only`, just
    the command or group of that word (typer builds every registered command on each run)."""
    app = typer.Typer(
        name="banluck",
        help=HELP,
        epilog=EXAMPLES,
        cls=Commands,
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        # help wrapped to the terminal as rich wraps the rest (click's own floor is 50 columns)
        context_settings={"help_option_names": ["-h", "--help"], "terminal_width": _width()},
    )

    @app.callback()
    def _root(
        version: bool = typer.Option(
            False,
            "--version",
            "-V",
            help="Print banluck's version and exit.",
            is_eager=True,
            callback=_print_version,
        ),
    ) -> None:
        # A callback keeps `banluck` a group even when only one module is loaded.
        pass

    for module in MODULES if modules is None else modules:
        import_module(f"banluck.cli.{module}").register(app)
    if only is not None:
        app.registered_commands = [c for c in app.registered_commands if c.name in (None, only)]
        app.registered_groups = [g for g in app.registered_groups if g.name in (None, only)]
    return app


def _print_version(value: bool) -> None:
    if value:
        from banluck import __version__

        typer.echo(f"banluck {__version__}")
        raise typer.Exit()


def modules_for(args: Sequence[str]) -> list[str] | None:
    """The modules needed to run `banluck ARGS`: just one for a known command, else all (None)."""
    if "_BANLUCK_COMPLETE" in os.environ:
        return None  # shell completion lists every command
    if args and args[0] in ("--version", "-V"):
        return []  # the root's eager option: it answers before any command is looked at
    if not args or args[0].startswith("-"):
        return None
    for module, words in MODULES.items():
        if args[0] in words:
            return [module]
    return None


def __getattr__(name: str) -> Any:
    """`banluck.cli.main.app`: the app with every command, for tools that want the object."""
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code. Errors become one line on stderr, no traceback."""
    try:  # typer 0.28 carries its own copy of click
        from typer._click import exceptions as click
    except ImportError:  # pragma: no cover - typer built on the click package
        import click  # type: ignore[no-redef, import-not-found, unused-ignore]

    args = list(sys.argv[1:] if argv is None else argv)
    modules = modules_for(args)
    only = args[0] if modules is not None else None
    command = _command(None if modules is None else tuple(modules), only)
    try:
        try:
            result = command.main(args=args, prog_name="banluck", standalone_mode=False)
        finally:
            _warn()
    except BanluckError as exc:
        _error(str(exc))
        return exc.exit_code
    except typer.Abort:
        _error("aborted")
        return 1
    except click.NoArgsIsHelpError as exc:
        if exc.ctx is not None:
            sys.stdout.write(exc.ctx.get_help() + "\n")
        return 0
    except click.ClickException as exc:
        hint = ""
        if isinstance(exc, click.UsageError) and exc.ctx is not None:
            hint = f" (see `{exc.ctx.command_path} --help`)"
        _error(exc.format_message().replace("\n", " ") + hint)
        return exc.exit_code
    except BrokenPipeError:
        return 0
    return result if isinstance(result, int) else 0


_BUILT: dict[tuple[tuple[str, ...] | None, str | None], Any] = {}


def _command(modules: tuple[str, ...] | None, only: str | None) -> Any:
    """The click command typer builds for these modules and words, built once a process (a
    command runs once a process; a caller of `main` that runs many, as the tests do, builds each
    once)."""
    if (modules, only) not in _BUILT:
        _BUILT[modules, only] = typer.main.get_command(build_app(modules, only))
    return _BUILT[modules, only]


def _warn() -> None:
    """Show what the store noted without failing (an index not updated, a read-only check)."""
    from banluck.cli.common import store_warnings

    for note in store_warnings():
        _error(note, "warning")


def _error(message: str, kind: str = "error") -> None:
    """One line on stderr, what it quotes from the store or a file with control characters
    escaped (core/text.shown); on a terminal wrapped at words to its width, as the console
    wraps its own (a pipe or a log keeps the one line)."""
    from banluck.core.text import shown

    text = f"{kind}: {shown(message)}"
    if sys.stderr.isatty():
        import shutil
        import textwrap

        width = shutil.get_terminal_size().columns
        lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
        text = "\n".join(lines) or text
    sys.stdout.flush()
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def run() -> None:
    sys.exit(main())
