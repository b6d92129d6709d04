"""The one reader of a typed line, for every entry point (the console, `banluck act`, a night log):
its words without the comment, the first one lower-cased and its alias resolved."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass

# Aliases of the night's own words; a game adds those of its round words (`Game.aliases`).
NIGHT_ALIASES = {"u": "undo", "r": "round", "p": "pass"}


def split_line(text: str) -> list[str]:
    """The words of one line, without its comment (`#` to the end of the line)."""
    body = text.split("#", 1)[0].strip()
    if not body:
        return []
    try:
        return shlex.split(body)
    except ValueError:
        return body.split()


def read_line(text: str, aliases: Mapping[str, str] = NIGHT_ALIASES) -> tuple[str, list[str]]:
    """(word, arguments) of a line: the word lower-cased, an alias replaced by its word; ("", [])
    for an empty line or a comment."""
    words = split_line(text)
    if not words:
        return "", []
    word = words[0].lower()
    return aliases.get(word, word), words[1:]


@dataclass(frozen=True, slots=True)
class Line:
    """One typed line, read once (`read`): its word, lower-cased with its alias replaced, and the
    words after it. The console reads it, and the session and the night take it as read."""

    word: str
    args: tuple[str, ...] = ()

    @classmethod
    def read(cls, text: str, aliases: Mapping[str, str] = NIGHT_ALIASES) -> Line:
        word, args = read_line(text, aliases)
        return cls(word, tuple(args))

    def text(self) -> str:
        """The line as words again (`stake all 10`)."""
        return " ".join([self.word, *self.args])
