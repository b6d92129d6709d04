"""Who sits at the table between rounds (`Seating`), and at a round (`Table`): the dealer, the
players in seat order and their stakes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from banluck.core.errors import RuleError

if TYPE_CHECKING:
    from banluck.table.preset import TablePreset


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits at a round: the dealer, the players in seat order, and each player's stake."""

    preset: TablePreset
    dealer: str
    stakes: Mapping[str, int]  # player -> stake, in seat order
    # the game's standing bets (Seating.standing): (key, night-log line) pairs
    standing: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not self.stakes:
            raise RuleError("a round needs at least one player besides the dealer")
        if self.dealer in self.stakes:
            raise RuleError(f"{self.dealer} cannot deal and play in the same round")
        for name, stake in self.stakes.items():
            if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
                raise RuleError(f"{name}'s stake must be a whole number above 0, not {stake!r}")


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
    next_round: int = 1
    # The game's standing bets (Family.table_words): (key, line) pairs, sorted, e.g.
    # ("behind Carol", "behind Carol Bob 5 follow"). A key `stake SPOT` is the stake of a betting
    # spot that is not a seat (`stake Bob:2 20`, Family.spots). Empty for a night without any.
    standing: tuple[tuple[str, str], ...] = ()

    def stake_of(self, name: str) -> int | None:
        return dict(self.stakes).get(name, self.default_stake)

    def standing_line(self, key: str) -> str | None:
        return dict(self.standing).get(key)

    def with_standing(self, key: str, line: str | None) -> Seating:
        """The seating with one standing bet set to `line` (None: taken off)."""
        standing = {k: v for k, v in self.standing if k != key}
        if line is not None:
            standing[key] = line
        return replace(self, standing=tuple(sorted(standing.items())))
