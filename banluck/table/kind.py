"""What every kind of night answers (the usual `Night`, the `Tournament`), so that one session
stores it and one console draws it (docs/engine.md, "Nights of their own kind")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple, Protocol

from banluck.table.game import HelpRow
from banluck.table.line import Line
from banluck.table.seating import FinishedRound


class Prize(NamedTuple):
    """Money paid out of the night's pool to a player (a tournament's prize), with its note."""

    player: str
    amount: int
    note: str


class Done(NamedTuple):
    """What one line did to the night, for whoever stores it (docs/engine.md, "Nights of their
    own kind"): a line of the round being played (`play`, `line` as stored: names as seated,
    cards as codes; any line of a night that keeps its lines in its record), a word between
    rounds kept with the table (`word`), money settled (`settled`: a finished round, or a word
    between rounds that moved money), or the last line taken back (`undo`). `prizes`: paid out of
    the pool with this line, or after `undo` taken back.
    """

    kind: Literal["play", "word", "settled", "undo"]
    line: str
    settled: FinishedRound | None = None
    prizes: tuple[Prize, ...] = ()


class NightKind(Protocol):
    """The questions a kind of night answers (`Night`, `Tournament`), each explained in
    docs/engine.md, "Nights of their own kind"."""

    @property
    def record_key(self) -> str | None: ...

    @property
    def lines(self) -> Sequence[object]: ...

    def do_line(self, line: Line) -> Done: ...

    def pending(self) -> str: ...

    def aliases(self) -> dict[str, str]: ...

    def all_words(self) -> list[str]: ...

    def words_now(self) -> list[str]: ...

    def names_for(self, word: str, position: int) -> Sequence[str]: ...

    def help_rows(self) -> Sequence[HelpRow]: ...

    def news(self) -> list[tuple[str, str]]: ...
