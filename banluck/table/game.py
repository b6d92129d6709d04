"""A game: what differs between games that share the table, the night, the ledger and the
console (its pieces: docs/engine.md, "Games and their sides"). A round is generic
(`banluck.table.round.Round`); its state offers the small surface of `RoundStateLike` that the
night reads. The application finds a game by the preset's `game` (banluck.app.games), so nothing
outside a game's own folder names it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

if TYPE_CHECKING:
    from banluck.core.money import Transfer
    from banluck.table.action import Action
    from banluck.table.lab import Lab
    from banluck.table.seating import Side, Table


class RoundStateLike(Protocol):
    """What the night reads of any game's round state."""

    @property
    def dealer(self) -> str: ...

    @property
    def players(self) -> Mapping[str, Any]: ...

    @property
    def done(self) -> bool: ...

    @property
    def ended(self) -> str | None: ...

    def pending(self) -> str:
        """What the round is waiting for, in a few words (`still to be opened: Dave`)."""
        ...

    def kinds(self) -> dict[str, str]:
        """Each person's hand kind where known, for the ledger's statistics."""
        ...


S = TypeVar("S", bound=RoundStateLike)


@dataclass(frozen=True, slots=True)
class PanelRow:
    """One player's line on the dealer's panel."""

    name: str
    stake: int
    cards: str
    state: str
    amount: int | None  # settled amount (+ the player wins), None while open


@dataclass(frozen=True, slots=True)
class Panel:
    """The round at a glance, as plain data; the console decides how it looks."""

    dealer: str | None  # the dealer's line (`dealer 10 6 3 = 19`), None before his cards
    rows: tuple[PanelRow, ...]
    hints: tuple[str, ...]


class HelpRow(NamedTuple):
    """One line of the console's `help`: the word as typed, its aliases, what it does, and
    whether the night's preset allows the word (None: every preset does)."""

    example: str
    aliases: str
    meaning: str
    allowed: Callable[[Any], bool] | None = None


class Game(NamedTuple, Generic[S]):
    """What the shared table knows of a game: its words, its round state and the pieces the
    console draws. One value a game, read by its fields alone (never replaced, compared or
    stored), so a named tuple: a night shown between rounds builds no dataclass for it."""

    name: str
    # its words, the first opening a round: a function, so that they load when a line needs them
    actions: Callable[[], tuple[type[Action[S]], ...]]
    new_state: Callable[[Table], S]
    transfers: Callable[[S], list[Transfer]]
    hints: Callable[[S], list[str]]
    words_now: Callable[[S | None], list[str]]
    names_for: Callable[[str, S | None, list[str]], list[str]]
    panel: Callable[[S], Panel]
    advise: Callable[[S], Any] | None = None  # the console's `odds`: the game's advice now
    lab: Lab | None = None  # `banluck hand` and `banluck edge` for the game (banluck.table.lab)
    idle: str = "between rounds: the first line of a round starts it"
    help_rows: tuple[HelpRow, ...] = ()
    aliases: Mapping[str, str] = MappingProxyType({})
    # its between-round money (casino: side bets, boxes, Bingo, the bank's limit), loaded from
    # the night record's `table` ({} for a night just started) and its seats; None: none
    side: Callable[[Mapping[str, Any], Sequence[str]], Side] | None = None
    # how a round may end that the same dealer deals again: not a round dealt (ban-luck `void`)
    redealt: frozenset[str] = frozenset()
    # the hand kinds the ledger's statistics count for this game (`banluck stats`)
    counted: tuple[str, ...] = ()

    @property
    def opening(self) -> type[Action[S]]:
        """The action that starts a round when none is open."""
        return self.actions()[0]

    @property
    def words(self) -> dict[str, type[Action[S]]]:
        return {cls.word: cls for cls in self.actions()}


def later(module: str, name: str) -> Callable[..., Any]:
    """`module.name`, imported when it is first called: a game's pieces that only a round
    needs (its state, hints, panel) are not loaded to show a night between rounds."""

    def call(*args: Any) -> Any:
        return getattr(import_module(module), name)(*args)

    return call
