"""Who sits at the table: the seats between rounds (`Seating`), the table a round is dealt with
(`Table`), a settled round (`FinishedRound`), the names a seat may have, and the one slot each
of them has for the game's between-round money (`Side`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from banluck.core.errors import RuleError
from banluck.core.money import Transfer, nets
from banluck.table.line import DEALER  # not the actions: a night read between rounds needs none

if TYPE_CHECKING:
    from banluck.table.preset import TablePreset

RESERVED = frozenset({DEALER, "all", "everyone"})


@dataclass(frozen=True, slots=True)
class Seating:
    """The table between rounds: everything the next round needs, and nothing of the past."""

    preset: TablePreset
    seats: tuple[str, ...]
    dealer: str
    stakes: tuple[tuple[str, int], ...] = ()  # per-player stakes that differ from the default
    default_stake: int | None = None
    dealt: int = 0  # rounds dealt by the current dealer since he took the deal
    won: int = 0  # of those, rounds he won on balance
    next_round: int = 1  # the next settlement's place in the night (what the store numbers)
    between: int = 0  # of the settlements before it, those between rounds (a Bingo cash-out)
    out: tuple[str, ...] = ()  # seated but sitting out: dealt no hand, passed over for the deal
    # the game's between-round money (`Side`, below: the casino's side bets, boxes and
    # Bingo cards); None for a game without any, and before the night fills it (Night)
    side: Side | None = None

    def stake_of(self, name: str) -> int | None:
        return dict(self.stakes).get(name, self.default_stake)

    @property
    def round_number(self) -> int:
        """The next round's number as the table counts rounds: a settlement between rounds (a
        Bingo cash-out, a paying pass) is money, not a round (docs/choices.md)."""
        return self.next_round - self.between

    def active(self) -> tuple[str, ...]:
        """The seats in play, in seat order (those sitting out left out)."""
        return tuple(n for n in self.seats if n not in self.out)


@dataclass(frozen=True, slots=True)
class FinishedRound:
    """A settled round: what the ledger stores."""

    number: int  # its place among the night's settlements (the ledger's `round`)
    dealer: str
    stakes: dict[str, int]  # at the start of the round (a burn doubles them inside the round)
    lines: tuple[str, ...]
    transfers: tuple[Transfer, ...]
    kinds: dict[str, str]  # person -> hand kind, where known
    ended: str | None = None
    table_before: dict[str, Any] = field(default_factory=dict)  # dealer and counters at the start
    side: Side | None = None  # the game's side the round was dealt with (Table.side)
    # its number as the table counts rounds; a settlement between rounds (no stakes): the
    # number of the round before it
    counted: int = 0

    @property
    def between(self) -> bool:
        """A settlement between rounds (a Bingo cash-out, a paying pass): no stakes, no round."""
        return not self.stakes

    def nets(self) -> dict[str, int]:
        return dict.fromkeys((self.dealer, *self.stakes), 0) | nets(self.transfers)

    def to_dict(self) -> dict[str, Any]:
        """The round as the ledger records it, with the table it started from (so that undoing
        it can put the table back)."""
        out = {
            "round": self.number,
            "dealer": self.dealer,
            "stakes": dict(self.stakes),
            "log": list(self.lines),
            "transfers": [t.as_dict() for t in self.transfers],
            "hands": dict(self.kinds),
            "ended": self.ended,
            "table_before": dict(self.table_before),
        }
        if self.side is not None:  # the side's bets of the round, where it had any
            out.update(self.side.round_entry())
        return out


def seating_for(preset: TablePreset, seats: Sequence[str]) -> Seating:
    names = list(seats)
    if len(names) < 2:
        raise RuleError("a night needs at least two seats: the first deals, the others play")
    seen: set[str] = set()
    for name in names:
        check_name(name)
        if name.lower() in seen:
            raise RuleError(f"{name} is seated twice: every seat needs its own name")
        seen.add(name.lower())
    return Seating(preset=preset, seats=tuple(names), dealer=names[0])


def check_name(name: str) -> None:
    """A name is one word of the night log: a letter, then letters, digits, `-`, `_` or `.`;
    not one ending in `.` and a number, which is the name of a hand after a split (`Bob.1`)."""
    head, dot, number = name.rpartition(".")
    if dot and head and number.isascii() and number.isdigit():
        raise RuleError(
            f"{name!r} cannot be a player's name: {head}.{number} is the name of {head}'s hand"
            f" {number} after a split; use another, e.g. {head}{number} or {head}-{number}"
        )
    if (
        not name
        or name.lower() in RESERVED
        or not name[0].isalpha()
        or not all(ch.isalnum() or ch in "-_." for ch in name)
    ):
        raise RuleError(
            f"{name!r} cannot be a player's name: use one word starting with a letter"
            " (letters, digits, - _ .), e.g. MaryAnn or Mary-Ann"
        )


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits at a round: the dealer, the players in seat order, and each player's stake."""

    preset: TablePreset
    dealer: str
    stakes: Mapping[str, int]  # player -> stake, in seat order
    side: Side | None = None  # the game's side, its bets in this round (Side.round_bets)
    # whether the round's lines are typed now (False: stored lines played again, which were
    # accepted when they were typed: the side's limits are not checked again)
    typed: bool = True
    # every seat in seat order, the dealer's among them: where the dealer's left is (the order
    # the console suggests for play); () when the dealer has no seat (a tournament's house)
    seats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.stakes:
            raise RuleError("a round needs at least one player besides the dealer")
        if self.dealer in self.stakes:
            raise RuleError(f"{self.dealer} cannot deal and play in the same round")
        for name, stake in self.stakes.items():
            if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
                raise RuleError(f"{name}'s stake must be a whole number above 0, not {stake!r}")


# -- the side: a game's between-round money, beside the stakes ---------------------------------
class SideWord(NamedTuple):
    """A between-rounds word of a side: its usage, what it does, and whether the console
    offers it between rounds where the house does (None: only when typed)."""

    usage: str
    help: str
    offered: Callable[[Any], bool] | None = None


class SideDone(NamedTuple):
    """What a side's word did: the side after it, the money it moved between rounds (a
    settlement entry of its own), its stored spelling, and whether it may raise what the next
    round puts at stake (its limits are checked then)."""

    side: Side
    line: str
    transfers: tuple[Transfer, ...] = ()
    raises: bool = False


class SideNotes(NamedTuple):
    """What the console shows of a side: `live` during and between rounds (a live Bingo card),
    `standing` between rounds (who is on which box), `warning` about the next round's bets."""

    live: tuple[str, ...] = ()
    standing: tuple[str, ...] = ()
    warning: str | None = None


class Side(Protocol):
    """A game's side: the money that lives between rounds, beside the stakes (`Game.side`, none
    for ban-luck; the casino's is banluck.games.casino.side). An immutable value kept in the
    seating between rounds, handed to each round (`Table.side`) and kept with the settled round
    (`FinishedRound.side`); what the night asks of it: docs/engine.md, "Games and their sides".
    """

    def keys(self) -> tuple[str, ...]:
        """The keys it may write under the night record's `table`."""
        ...

    def words(self) -> Mapping[str, SideWord]: ...

    def word(
        self, word: str, args: list[str], seating: Seating, resolve: Callable[[str], str]
    ) -> SideDone: ...

    def round_bets(self, stakes: Mapping[str, int]) -> Side: ...

    def check(self, table: Table, before: Table | None) -> None: ...

    def after_round(self, state: Any, dealer: str) -> tuple[Side, list[Transfer]]: ...

    def bank_passes(self, seating: Seating) -> tuple[Side, list[Transfer]]: ...

    def holds(self, name: str, dealer: str) -> str | None: ...

    def leaving(self, seating: Seating, name: str) -> Side: ...

    def spots(self, seating: Seating) -> list[str]: ...

    def with_stake(self, spot: str | None, amount: int) -> Side: ...

    def notes(self, seating: Seating, table: Table | None) -> SideNotes: ...

    def seat_note(self, name: str) -> str: ...

    def changes(self, before: Side, seats: tuple[str, ...], now: tuple[str, ...]) -> list[str]: ...

    def dump(self) -> dict[str, Any]: ...

    def round_entry(self) -> dict[str, Any]: ...

    def before(self) -> dict[str, Any]: ...
