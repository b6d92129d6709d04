"""A game's lab: the questions any game answers off the table (`banluck hand`, `banluck edge`),
as report data that the command line draws (`banluck.cli.render.print_report`).

Each game's `lab.py` offers `LAB`, reached through its family (`Family.lab`) or, without loading
the round engine, through `banluck.app.games.lab_for`. A lab imports its heavy machinery (the odds
models, numpy) inside its methods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


class Progress(Protocol):
    """What a long computation says while it runs (a bar or a status line on the terminal)."""

    def bar(self, text: str, total: int) -> Callable[[int, int], None] | None:
        """A task of `total` steps; the callback reports how far it is, (done, total) (None:
        not shown)."""
        ...

    def say(self, text: str) -> None:
        """What is being done now, in a status line."""
        ...


@dataclass(frozen=True, slots=True)
class Figures:
    """A table of figures: a row a measure (a label and a cell a column), a column a preset.
    `whole`: shown as a table only where every figure fits whole, else a block a column (a
    narrow terminal); otherwise always one table, its title set in it."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    whole: bool = True


@dataclass(frozen=True, slots=True)
class Report:
    """A lab's answer: `data` is its --json form; `figures` a table of them, `notes` lines under
    it (console markup, wrapped to the terminal), `lines` lines written as they are."""

    data: Any
    figures: Figures | None = None
    notes: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EdgeAsk:
    """How `banluck edge` was asked: the table (players, rounds of a simulation, its seed and
    processes), the players' policy (`p`, `stand_at`), each player's stake for the money lines
    (`stakes(count)`: read only when a lab needs them), where to say its progress, and whether
    the report is drawn (`drawn`; --json: only its data)."""

    players: int = 1
    rounds: int = 0
    seed: int = 0
    workers: int = 0
    p: float = 0.5
    stand_at: int = 18
    stakes: Callable[[int], list[int]] = field(default=lambda count: [10] * count)
    progress: Progress | None = None
    drawn: bool = True


class Lab(Protocol):
    """A game's lab."""

    def hand(self, preset: Any, cards: list[str]) -> Report:
        """The total and kind of a hand under `preset`."""
        ...

    def edge(self, presets: list[Any], ask: EdgeAsk) -> Report:
        """The house's or the dealer's edge under each preset (all of this game)."""
        ...
