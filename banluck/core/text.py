"""Free text a user types (a payment's note, a correction's reason, a preset's description): one
line of printable characters, so that what the ledger prints is what was typed. A terminal's
escape codes or other control characters could clear the screen or hide ledger rows."""

from __future__ import annotations

import unicodedata

_HIDDEN = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The marks that turn text around (right-to-left overrides): they can make a line read other
than it is."""


def plain_problem(text: str, what: str) -> str | None:
    """What is wrong with `text` as the free text `what`: its first control character, said as
    `U+001B` (with its name when it has one); None when every character prints."""
    for ch in text:
        if unicodedata.category(ch) == "Cc" or ch in _HIDDEN:
            name = unicodedata.name(ch, "")
            found = f"U+{ord(ch):04X}" + (f" {name.lower()}" if name else "")
            return f"{what} holds a control character ({found}): write it as plain text on one line"
    return None
