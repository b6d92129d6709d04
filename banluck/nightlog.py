"""The night log: a plain text a dealer could keep in a notes app (docs/night-log.md).

One line, one word and its arguments; `#` starts a comment. The first line is
`night PRESET SEAT SEAT...`; the first seat deals first.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from banluck.errors import BanluckError
from banluck.night import Night, seating_for
from banluck.preset import Preset


class LogError(BanluckError):
    """A line of a night log that is wrong: `FILE:LINE: what is wrong`."""

    def __init__(self, source: str, line: int, message: str) -> None:
        super().__init__(f"{source}:{line}: {message}")
        self.source = source
        self.line = line


@dataclass(frozen=True, slots=True)
class LogLine:
    number: int
    word: str
    args: tuple[str, ...]


def split_line(text: str) -> list[str]:
    """The words of one line, without its comment."""
    body = text.split("#", 1)[0].strip()
    if not body:
        return []
    try:
        return shlex.split(body)
    except ValueError:
        return body.split()


def parse_lines(text: str) -> list[LogLine]:
    out: list[LogLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        words = split_line(raw)
        if words:
            out.append(LogLine(number, words[0].lower(), tuple(words[1:])))
    return out


def read_night(
    text: str, source: str, load_preset: Callable[[str], Preset]
) -> tuple[Night, list[LogLine]]:
    """Replay a whole night log. Raises LogError naming the first wrong line."""
    lines = parse_lines(text)
    if not lines:
        raise LogError(source, 1, "the log is empty: start with `night PRESET SEAT SEAT...`")
    first = lines[0]
    if first.word != "night":
        raise LogError(source, first.number, "a night log starts with `night PRESET SEAT SEAT...`")
    if len(first.args) < 3:
        raise LogError(
            source, first.number, "usage: night PRESET SEAT SEAT... (at least two seats)"
        )
    try:
        preset = load_preset(first.args[0])
        night = Night(seating_for(preset, first.args[1:]))
    except BanluckError as exc:
        raise LogError(source, first.number, str(exc)) from None
    apply_lines(night, lines[1:], source)
    return night, lines


def apply_lines(night: Night, lines: Iterable[LogLine], source: str) -> None:
    for line in lines:
        try:
            night.do_line(line.word, line.args)
        except BanluckError as exc:
            raise LogError(source, line.number, str(exc)) from None
