"""The round engine: a ban-luck round as a state machine driven by actions (RULES.md §1)."""

from banluck.round.actions import ROUND_ACTIONS, Action
from banluck.round.round import Round, Table, replay
from banluck.round.state import DEALER, RoundState, Settlement
from banluck.round.transfers import Transfer, nets

__all__ = [
    "DEALER",
    "ROUND_ACTIONS",
    "Action",
    "Round",
    "RoundState",
    "Settlement",
    "Table",
    "Transfer",
    "nets",
    "replay",
]
