"""Free text a user types (a payment's note, a correction's reason, a preset's description): one
line of printable characters, so that what the ledger prints is what was typed. A terminal's
escape codes or other control characters could clear the screen or hide ledger rows."""

from __future__ import annotations

import re

_HIDDEN = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""The marks that turn text around (right-to-left overrides): they can make a line read other
than it is."""

_CONTROL = re.compile(f"[\x00-\x1f\x7f-\x9f{_HIDDEN}]")
"""A control character (Unicode's category Cc) or a mark that turns text around."""
_ESCAPED = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{_HIDDEN}]")
"""What `shown` escapes: the same, but a line break."""


def plain_problem(text: str, what: str) -> str | None:
    """What is wrong with `text` as the free text `what`: its first control character, said as
    `U+001B` (with its name when it has one); None when every character prints."""
    found = _CONTROL.search(text)
    if found is None:
        return None
    import unicodedata  # only to name what was found

    ch = found[0]
    name = unicodedata.name(ch, "")
    said = f"U+{ord(ch):04X}" + (f" {name.lower()}" if name else "")
    return f"{what} holds a control character ({said}): write it as plain text on one line"


def shown(text: str) -> str:
    """`text` as it may reach a terminal: each control character or mark that turns text around
    written as its escape (`\\u001b`), line breaks kept. New free text is refused with them
    (`plain_problem`); a store written by an earlier banluck may still hold them, and what they
    would do to the terminal (clear it, hide rows) is never done."""
    return _ESCAPED.sub(lambda m: f"\\u{ord(m[0]):04x}", text)
