"""The one did-you-mean: what a misspelt word, name or key was probably meant to be.

Two kinds of closeness, each with its own use:

- `close_to`: a typing slip at the table (a word of a line, a seat, a preset's name): one slip in
  a short word, two in a word of six letters or more, and only when one option is nearest;
- `key_hint`: a knob's key in a preset file or a `rule` line, by likeness of the whole key
  (`bust.late_as_shwn`), said as ` (did you mean KEY?)`.
"""

from __future__ import annotations

from collections.abc import Iterable


def edits(a: str, b: str) -> int:
    """The typing slips between `a` and `b`: letters left out, added, changed or swapped."""
    a, b = a.lower(), b.lower()
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(
                rows[i - 1][j] + 1,
                row[j - 1] + 1,
                rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]),
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def close_to(word: str, options: Iterable[str]) -> str | None:
    """The option `word` is a slip of: one slip in a short word, two in a word of six letters
    or more; None when nothing is that close (a guess would be a different word, not a typo)."""
    limit = 1 if len(word) < 6 else 2
    # the slips are at least the difference in length: a word far longer than every option is
    # refused without comparing it letter by letter (linear in its length)
    scored = sorted(
        (edits(word, o), i, o) for i, o in enumerate(options) if abs(len(word) - len(o)) <= limit
    )
    if scored and scored[0][0] <= limit and (len(scored) == 1 or scored[1][0] > scored[0][0]):
        return scored[0][2]
    return None


def mean(word: str, options: Iterable[str], otherwise: str, quote: str = "") -> str:
    """`did you mean X?` for a slip of one of `options` (X between `quote`s), else `otherwise`."""
    close = close_to(word, options)
    return f"did you mean {quote}{close}{quote}?" if close else otherwise


def unknown_word(word: str, words: list[str]) -> str:
    """The refusal of a line's first word that is none of `words`."""
    hint = mean(word, words, f"the words are {', '.join(words)}", quote="`")
    return f"unknown word {shown(word)}: {hint}"


SHOWN = 40
"""The longest word a message repeats whole: a longer one is cut, with its length."""


def shown(word: str) -> str:
    """`word` quoted for a message, cut after SHOWN characters (with its length) when longer."""
    if len(word) <= SHOWN:
        return repr(word)
    return f"{word[:SHOWN]!r}... ({len(word):,} characters)"


def key_hint(key: str, keys: Iterable[str]) -> str:
    """` (did you mean KEY?)` for the key most like `key`, or nothing."""
    import difflib

    close = difflib.get_close_matches(key, list(keys), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""
