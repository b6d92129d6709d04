"""Ban-luck as a game family: its actions, its fresh round state and its transfers."""

from __future__ import annotations

from banluck.round.actions import ROUND_ACTIONS, DealerCards
from banluck.round.family import Family
from banluck.round.round import Table
from banluck.round.state import PlayerState, RoundState
from banluck.round.transfers import round_transfers


def fresh_state(table: Table) -> RoundState:
    players = {name: PlayerState(name, stake) for name, stake in table.stakes.items()}
    return RoundState(table.preset, table.dealer, players)


BAN_LUCK = Family(
    name="ban-luck",
    actions=ROUND_ACTIONS,
    opening=DealerCards,
    new_state=fresh_state,
    transfers=round_transfers,
)
