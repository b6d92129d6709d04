"""From settlements to money: a transfer a settled hand and a settled insurance bet, in whole chips.
Every round nets to zero: each transfer is between a player and the bank."""

from __future__ import annotations

from banluck.core.money import Transfer
from banluck.games.casino.state import Result, RoundState


def round_transfers(state: RoundState) -> list[Transfer]:
    """Every transfer of a finished round, in seat order."""
    out: list[Transfer] = []
    for box in state.players.values():
        results: list[tuple[str, Result | None]] = [(h.name, h.result) for h in box.hands]
        results.append((f"{box.name} insurance", box.insurance_result))
        results += [(b.label, b.result) for b in state.side_bets if b.name == box.name]
        for label, result in results:
            if result is None or result.amount == 0:
                continue
            reason = f"{label}: {result.reason}"
            if result.amount > 0:
                out.append(Transfer(state.dealer, box.name, result.amount, reason))
            else:
                out.append(Transfer(box.name, state.dealer, -result.amount, reason))
    return out
