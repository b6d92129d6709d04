"""From settlements to money: a transfer a settled hand and a settled insurance bet, in whole chips.
Every round nets to zero: each transfer is between a player and the bank. A box's money is its
owner's (`Bob:2` pays Bob); each bettor behind a box has his own lines."""

from __future__ import annotations

from banluck.core.money import Transfer
from banluck.games.casino.state import Result, RoundState


def round_transfers(state: RoundState) -> list[Transfer]:
    """Every transfer of a finished round, in seat order."""
    out: list[Transfer] = []
    for box in state.players.values():
        results: list[tuple[str, str, Result | None]] = [
            (box.player, h.name, h.result) for h in box.hands
        ]
        results.append((box.player, f"{box.name} insurance", box.insurance_result))
        for bettor in box.bettors:
            results += [
                (bettor.name, f"{bettor.name} behind {h.name}", h.share_results.get(bettor.name))
                for h in box.hands
                if bettor.name in h.shares
            ]
            label = f"{bettor.name} behind {box.name} insurance"
            results.append((bettor.name, label, bettor.insurance_result))
        for player, label, result in results:
            if result is None or result.amount == 0:
                continue
            reason = f"{label}: {result.reason}"
            if result.amount > 0:
                out.append(Transfer(state.dealer, player, result.amount, reason))
            else:
                out.append(Transfer(player, state.dealer, -result.amount, reason))
    return out
