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
    """What one line did to the night, for whoever stores it:

    - `play`: a line of the round being played (`line`: as stored, names as seated, cards as
      codes), the round still open; at a night that keeps its lines in its record, any line;
    - `word`: a word between rounds, the night's or the side's (`stake`, `pp`, `bingo`), kept
      with the table (its `words`);
    - `settled`: the line settled money (`settled`): it finished a round, or a word between
      rounds moved money (a Bingo cash-out, the bank passing closing its cards);
    - `undo`: the night's last line was taken back (`line`: that line, where the night keeps it).

    `prizes`: paid out of the pool with this line (the line that ends a tournament); after `undo`,
    the prizes that line had paid, to be taken back out of the ledger.
    """

    kind: Literal["play", "word", "settled", "undo"]
    line: str
    settled: FinishedRound | None = None
    prizes: tuple[Prize, ...] = ()


class NightKind(Protocol):
    """The questions a kind of night answers (`Night`, `Tournament`)."""

    @property
    def record_key(self) -> str | None:
        """None for the usual night (live round lines, rounds as ledger entries); else the key
        of the night record's `table` that keeps its start and every line typed since."""
        ...

    @property
    def lines(self) -> Sequence[object]:
        """The lines played since the start (what a kind with a `record_key` keeps there)."""
        ...

    def do_line(self, line: Line) -> Done:
        """Apply one typed line and say what it did; nothing changes on error."""
        ...

    def pending(self) -> str:
        """What the night waits for, in a few words."""
        ...

    def aliases(self) -> dict[str, str]:
        """The short words a line may start with, and the word each stands for."""
        ...

    def all_words(self) -> list[str]:
        """Every word a line of this night may start with."""
        ...

    def words_now(self) -> list[str]:
        """The words that apply now (Tab offers them first)."""
        ...

    def names_for(self, word: str, position: int) -> Sequence[str]:
        """The names the word takes at that position of the line now (Tab offers them)."""
        ...

    def help_rows(self) -> Sequence[HelpRow]:
        """The rows `help` lists for this night's own words."""
        ...

    def news(self) -> list[tuple[str, str]]:
        """What the dealer is told after the line just played, each with its style."""
        ...
