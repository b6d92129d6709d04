"""The one reader of a typed line, for every entry point (the console, `banluck act`, a night log):
its words without the comment, the first one lower-cased and its alias resolved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

DEALER = "dealer"  # the word that names the dealer's seat in a line (`run dealer`)

# Aliases of the night's own words; a game adds those of its round words (`Game.aliases`).
NIGHT_ALIASES = {"u": "undo", "r": "round", "p": "pass"}


def split_line(text: str) -> list[str]:
    """The words of one line, without its comment (`#` outside quotes, to the end of the line),
    as the shell would split them (`shlex.split`: quotes and backslashes), in one pass over the
    line, however long it is. A line whose quotes do not close is split at its spaces."""
    words, end = _words(text)
    body = text[:end].strip()
    if body != text[:end]:
        words, _ = _words(body)
    return text.split("#", 1)[0].split() if words is None else words


def _words(text: str) -> tuple[list[str] | None, int]:
    """The words of `text` up to its comment, and where the comment starts (or its length);
    None for the words when a quote or a backslash is left open."""
    words: list[str] = []
    word: list[str] = []
    quote = ""  # the quote the text is in, if any
    escaped = in_word = False
    end = len(text)
    for at, ch in enumerate(text):
        if escaped:
            if ch == "#" and not quote:  # `\#` starts a comment all the same, after a lone `\`
                return None, at
            if quote == '"' and ch not in '"\\':
                word.append("\\")  # in double quotes a backslash escapes only " and itself
            word.append(ch)
            escaped = False
        elif quote == "'":
            if ch == "'":
                quote = ""
            else:
                word.append(ch)
        elif ch == "\\":
            escaped = in_word = True
        elif quote == '"':
            if ch == '"':
                quote = ""
            else:
                word.append(ch)
        elif ch in _SPACES:
            if in_word:
                words.append("".join(word))
                word, in_word = [], False
        elif ch == "#":
            end = at
            break
        elif ch in "'\"":
            quote, in_word = ch, True
        else:
            word.append(ch)
            in_word = True
    else:
        if quote or escaped:
            return None, end
    if in_word:
        words.append("".join(word))
    return words, end


_SPACES = frozenset(" \t\r\n")
"""What separates the words of a line (as `shlex` has it)."""


def read_line(text: str, aliases: Mapping[str, str] = NIGHT_ALIASES) -> tuple[str, list[str]]:
    """(word, arguments) of a line: the word lower-cased, an alias replaced by its word; ("", [])
    for an empty line or a comment."""
    words = split_line(text)
    if not words:
        return "", []
    word = words[0].lower()
    return aliases.get(word, word), words[1:]


class Line(NamedTuple):
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
