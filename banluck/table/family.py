"""A game family: what differs between games that share the table, the night, the ledger and the
console.

A round is generic: a table, a list of actions, a state replayed from them, and transfers at the
end (`banluck.table.round.Round`). A family brings its own pieces and nothing else:

- `actions`: its vocabulary, each an `Action` class with verify/apply and a night-log spelling;
- `opening`: the action that starts a round when none is open (ban-luck: the dealer's two cards);
- `new_state`: the state of a round that has just been dealt;
- `transfers`: the money of a finished round, netting to zero;
- `hints`, `words_now`, `names_for`, `panel`: what the dealer's console shows and completes;
- `lab`: its lab (banluck.table.lab): `banluck hand` and `banluck edge` as report data.

Its round state offers the small surface of `RoundStateLike` that the night reads. Ban-luck is
`BAN_LUCK` (banluck.games.banluck.family); the application finds a family by the preset's `game`
(banluck.app.games), so nothing outside a game's own folder names it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from banluck.core.money import Transfer
    from banluck.table.action import Action
    from banluck.table.lab import Lab
    from banluck.table.seats import Table


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


@dataclass(frozen=True, slots=True)
class HelpRow:
    """One line of the console's `help`: the word as typed, its aliases, what it does."""

    example: str
    aliases: str
    meaning: str


# -- night-long bets (the casino's Bingo cards): a game's state that rides across rounds --------
@dataclass(frozen=True, slots=True)
class CarryWord:
    """A between-rounds word of a game's night-long state (`bingo Bob 5`, `cashout Bob`)."""

    example: str
    meaning: str
    # (carry, preset, dealer, resolve, args) -> (carry after, transfers, the stored line)
    do: Callable[[Any, Any, str, Callable[[str], str], list[str]], tuple[Any, list[Transfer], str]]
    # whether the preset offers it (the console completes only the words the house offers)
    offered: Callable[[Any], bool] = lambda preset: True


@dataclass(frozen=True, slots=True)
class Carry:
    """A game's night-long state, riding across rounds: kept with the table between rounds
    (`Seating.carry`), handed to each round (`Table.carry`), stored in the night record's table
    under `key` and in each round's `table_before` (so undoing a round puts it back). Values are
    immutable; None is the empty state. Money it moves between rounds is a settlement entry of
    its own (`FinishedRound.ended` = the word)."""

    key: str
    words: Mapping[str, CarryWord]
    # (carry, finished round state, dealer) -> (carry, transfers): after every finished round
    after_round: Callable[[Any, Any, str], tuple[Any, list[Transfer]]]
    # (carry, preset, dealer) -> (carry, transfers): the bank passes
    bank_passes: Callable[[Any, Any, str], tuple[Any, list[Transfer]]]
    # (carry, name, dealer) -> why `name` may not leave the table now, or None
    holds: Callable[[Any, str, str], str | None]
    lines: Callable[[Any], list[str]]  # what the console shows of it
    dump: Callable[[Any], Any]  # to plain JSON data
    load: Callable[[Any], Any]  # from plain JSON data (None: empty)


@dataclass(frozen=True, slots=True)
class StandingBet:
    """A bet a seat sets between rounds beside its stake, riding every round until set to 0
    (`pp Bob 5`). `check(preset, name, amount)` raises a RuleError when the house refuses it."""

    word: str
    usage: str
    help: str
    check: Callable[[Any, str, int], None]
    # whether the preset offers it (the console completes only the bets the house offers)
    offered: Callable[[Any], bool] = lambda preset: True


@dataclass(frozen=True, slots=True)
class TableWord:
    """A night-level word of a game (between rounds, standing like a stake): `behind Carol Bob 5
    follow`. `apply` returns the seating with the game's standing bets changed (or raises a
    RuleError); the night stores the line with its other words and replays it."""

    word: str
    usage: str
    help: str
    # (seating, args, resolve) -> the new seating; a `banluck.table.night.Seating` each (typed
    # Any here: the night imports this module)
    apply: Callable[[Any, list[str], Callable[[str], str]], Any]


@dataclass(frozen=True, slots=True)
class Family(Generic[S]):
    name: str
    actions: tuple[type[Action[S]], ...]
    opening: type[Action[S]]
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
    aliases: Mapping[str, str] = field(default_factory=dict)
    standing: tuple[StandingBet, ...] = ()  # bets set between rounds beside the stake
    # a bet placed between rounds: (the next round's table, the one before the bet); RuleError refuses
    check_bets: Callable[[Table, Table | None], None] | None = None
    # the panel's line between rounds about the next round's bets (casino: what the bank risks)
    table_note: Callable[[Table], str | None] | None = None

    def standing_bet(self, word: str) -> StandingBet | None:
        return next((b for b in self.standing if b.word == word), None)

    carry: Carry | None = None  # night-long state riding across rounds (Bingo cards)
    # -- standing bets: the game's own night-level words (none for ban-luck) -------------------
    table_words: Mapping[str, TableWord] = field(default_factory=dict)
    # the betting spots beyond the seats that `stake NAME N` may name (a second box `Bob:2`)
    spots: Callable[[Any], list[str]] | None = None
    # a player leaves: his standing bets dropped, or a RuleError saying why he cannot yet
    leaving: Callable[[Any, str], Any] | None = None
    # what the console shows between rounds about the standing bets (`Carol 5 behind Bob`)
    standing_notes: Callable[[Any], list[str]] | None = None

    @property
    def words(self) -> dict[str, type[Action[S]]]:
        return {cls.word: cls for cls in self.actions}
