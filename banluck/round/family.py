"""A game family: what differs between games that share the table, the round machinery, the night
log and the ledger.

A round is generic: a table, a list of actions, a state replayed from them, and transfers at the
end (`banluck.round.round.Round`). A family brings its own pieces and nothing else:

- `actions`: its vocabulary, each an `Action` class with verify/apply and a night-log spelling;
- `opening`: the action that starts a round when none is open (ban-luck: the dealer's two cards);
- `new_state`: the state of a round that has just been dealt;
- `transfers`: the money of a finished round, netting to zero.

Ban-luck is `BAN_LUCK` (banluck.round.banluck_family). A casino family (dealer stands on 17, split,
double, insurance, side bets) would add its own actions, state and settlement in modules of its own
and be passed to `Round`/`Night`; no ban-luck code needs an `if` for it. Its state offers the
surface of `RoundState` that the night reads (players and their settlements, the dealer, `done`,
`phase`), with whatever else its own actions need.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from banluck.round.actions import Action
    from banluck.round.round import Table
    from banluck.round.state import RoundState
    from banluck.round.transfers import Transfer


@dataclass(frozen=True, slots=True)
class Family:
    name: str
    actions: tuple[type[Action], ...]
    opening: type[Action]
    new_state: Callable[[Table], RoundState]
    transfers: Callable[[RoundState], list[Transfer]]

    @property
    def words(self) -> dict[str, type[Action]]:
        return {cls.word: cls for cls in self.actions}
