"""Who sits at a round: the dealer, the players in seat order and their stakes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from banluck.core.errors import RuleError

if TYPE_CHECKING:
    from banluck.table.preset import TablePreset


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits at a round: the dealer, the players in seat order, and each player's stake."""

    preset: TablePreset
    dealer: str
    stakes: Mapping[str, int]  # player -> stake, in seat order
    # standing bets besides the stake (word, seat, amount), e.g. casino's ("pp", "Bob", 5)
    bets: tuple[tuple[str, str, int], ...] = ()
    carry: Any = None  # the game's night-long state at the start of the round (Family.carry)
    # the game's standing bets (Seating.standing): (key, night-log line) pairs
    standing: tuple[tuple[str, str], ...] = ()
    # whether the game checks its limits on the round's bets (casino: limits.bank); not for
    # stored lines played again, which were accepted when they were typed
    limits: bool = True

    def __post_init__(self) -> None:
        if not self.stakes:
            raise RuleError("a round needs at least one player besides the dealer")
        if self.dealer in self.stakes:
            raise RuleError(f"{self.dealer} cannot deal and play in the same round")
        for name, stake in self.stakes.items():
            if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
                raise RuleError(f"{name}'s stake must be a whole number above 0, not {stake!r}")
