"""The night log: a plain text a dealer could keep in a notes app (docs/night-log.md).

One line, one word and its arguments; `#` starts a comment. The first line is
`night PRESET SEAT SEAT...`; the first seat deals first. A `version N` line before it says which
meaning the words have (a log without it keeps version 1's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from banluck.core.errors import BanluckError
from banluck.table.game import Game
from banluck.table.line import split_line
from banluck.table.night import Night
from banluck.table.seating import seating_for

VERSION = 2
"""The meaning of the words a log written now has: 2 reads a bare `stake 10` as every seat's
stake, as typed at the table (version 1, banluck 0.1's: the seats without their own stake)."""

if TYPE_CHECKING:
    from banluck.table.preset import TablePreset


class LogError(BanluckError):
    """A line of a night log that is wrong: `FILE:LINE: what is wrong`."""

    def __init__(self, source: str, line: int, message: str) -> None:
        super().__init__(f"{source}:{line}: {message}")


@dataclass(frozen=True, slots=True)
class LogLine:
    number: int
    word: str
    args: tuple[str, ...]


def parse_lines(text: str) -> list[LogLine]:
    numbered = ((n, split_line(raw)) for n, raw in enumerate(text.splitlines(), start=1))
    return [LogLine(n, words[0].lower(), tuple(words[1:])) for n, words in numbered if words]


def read_night(
    text: str,
    source: str,
    load_preset: Callable[[str, Sequence[tuple[str, str]]], TablePreset],
    game_for: Callable[[TablePreset], Game[Any]],
) -> tuple[Night, list[LogLine]]:
    """Replay a whole night log, each round played by the game of the preset's game. Raises
    LogError naming the first wrong line.

    `rule KEY VALUE` lines right after the `night` line change a knob of the named preset for
    this night (an exported night carries so the rules it was played under): `load_preset`
    gets the preset's name and those changes."""
    lines = parse_lines(text)
    if not lines:
        raise LogError(source, 1, "the log is empty: start with `night PRESET SEAT SEAT...`")
    version = 1
    if lines[0].word == "version":
        head, lines = lines[0], lines[1:]
        words = ", ".join(str(n) for n in range(1, VERSION + 1))
        if len(head.args) != 1 or head.args[0] not in words.split(", "):
            raise LogError(source, head.number, f"usage: version N, N one of {words}")
        if not lines:
            raise LogError(source, head.number, "after `version`: `night PRESET SEAT SEAT...`")
        version = int(head.args[0])
    first = lines[0]
    if first.word != "night":
        raise LogError(source, first.number, "a night log starts with `night PRESET SEAT SEAT...`")
    if len(first.args) < 3:
        raise LogError(
            source, first.number, "usage: night PRESET SEAT SEAT... (at least two seats)"
        )
    rules, body = read_rules(lines[1:], source, "payouts.ban_luck 3")
    try:
        preset = load_preset(first.args[0], rules)
        night = Night(seating_for(preset, first.args[1:]), game_for(preset), version)
    except BanluckError as exc:
        number = lines[len(rules)].number if rules else first.number
        raise LogError(source, number, str(exc)) from None
    apply_lines(night, body, source)
    return night, lines


def read_rules(
    lines: Sequence[LogLine], source: str, example: str
) -> tuple[list[tuple[str, str]], list[LogLine]]:
    """The `rule KEY VALUE` lines at the head of `lines` (after a log's first line), as
    (key, value) pairs, and the lines after them."""
    rules: list[tuple[str, str]] = []
    body = list(lines)
    while body and body[0].word == "rule":
        line, body = body[0], body[1:]
        if len(line.args) != 2:
            raise LogError(source, line.number, f"usage: rule KEY VALUE, e.g. rule {example}")
        rules.append((line.args[0], line.args[1]))
    return rules, body


def apply_lines(night: Night, lines: Iterable[LogLine], source: str) -> None:
    aliases = night.aliases()
    for line in lines:
        if line.word == REVERSED and night.version >= 2:
            _reversed(night, line, source)
            continue
        try:
            night.do_line(aliases.get(line.word, line.word), line.args)
        except BanluckError as exc:
            raise LogError(source, line.number, str(exc)) from None


REVERSED = "reversed"


def _reversed(night: Night, line: LogLine, source: str) -> None:
    """`reversed` right after a round: the ledger reversed it (`banluck correct`), so it moves
    no money, though it was played (the deal rotated after it as it did at the table)."""
    if line.args or night.current is not None or not night.rounds:
        raise LogError(
            source, line.number, "`reversed` comes alone, right after the round it undoes"
        )
    last = night.rounds[-1]
    for name, amount in last.nets().items():
        night.balances[name] -= amount
    night.rounds[-1] = replace(last, transfers=())
