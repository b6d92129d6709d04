"""The loop that reads the dealer's lines at `banluck table`, whatever the night: each line goes
to the console (`handle`); an interrupted line leaves the console showing what is stored."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rich.console import Console


class LineConsole(Protocol):
    """What the loop drives: a console that handles a line and can show what is stored."""

    out: Console

    def handle(self, line: str) -> bool: ...

    def reopen(self, why: str | None = None) -> None: ...


def read_and_handle(tc: LineConsole, interactive: bool) -> None:
    """Read lines and hand each to the console until it quits or the input ends."""
    import typer

    while True:
        try:
            line = input("> " if interactive else "")
        except EOFError:  # Ctrl-D, or the end of piped input
            tc.out.print()
            return
        except KeyboardInterrupt:  # Ctrl-C drops the line being typed
            tc.out.print()
            if not interactive:
                raise typer.Exit(130) from None
            continue
        if interactive:
            _remember(line)
        try:
            if not tc.handle(line):
                return
        except KeyboardInterrupt:
            if not interactive:
                raise typer.Exit(130) from None
            tc.reopen("interrupted: the panel shows what is stored")


def _remember(line: str) -> None:
    """Add the line to the history file at once: a killed terminal keeps its history too."""
    try:
        import readline
    except ImportError:  # pragma: no cover - no readline on this platform: no history
        return
    from banluck.core.home import data_dir

    if line.strip():
        history = data_dir() / "table-history"
        with contextlib.suppress(OSError):
            history.parent.mkdir(parents=True, exist_ok=True)
            history.touch()
            readline.append_history_file(1, history)
