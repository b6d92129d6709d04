"""The one reader of a typed line, for every entry point (the console, `banluck act`, a night log):
its words without the comment, the first one lower-cased and its alias resolved."""

from __future__ import annotations

import shlex
from collections.abc import Mapping

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
