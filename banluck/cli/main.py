"""`banluck`: the entry point. Command groups live in their own modules and join here.

Start-up matters (a dealer waits on every command): modules imported here load only typer and the
engine; rich and storage are imported inside the commands that use them.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import typer

from banluck.cli import hands_cmd, odds_cmd, rules_cmd
from banluck.errors import BanluckError

app = typer.Typer(
    name="banluck",
    help="A dealer's assistant for ban-luck (Chinese blackjack) played with real cards.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
hands_cmd.register(app)
odds_cmd.register(app)
app.add_typer(rules_cmd.app, name="rules")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code. Errors become one line on stderr, never a traceback."""
    try:  # typer 0.28 carries its own copy of click
        from typer._click import exceptions as click
    except ImportError:  # pragma: no cover - typer built on the click package
        import click  # type: ignore[no-redef]

    command = typer.main.get_command(app)
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        result = command.main(args=args, prog_name="banluck", standalone_mode=False)
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


def _error(message: str) -> None:
    sys.stdout.flush()
    sys.stderr.write(f"error: {message}\n")
    sys.stderr.flush()


def run() -> None:
    sys.exit(main())
