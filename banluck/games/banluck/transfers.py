"""From settlements to money: the transfers of a finished round, including the house's N-party
side payments for a player who stood short (`pay-all`, `pay-for-dealer`). Every round nets to zero."""

from __future__ import annotations

from banluck.core.money import Transfer
from banluck.games.banluck.state import RoundState


def _split(total: int, weights: list[int], caps: list[int]) -> list[int]:
    """Split `total` in proportion to `weights`, each share capped, whole numbers only.

    Largest remainders get the odd units, earlier seats first on equal remainders. What the caps
    leave over is not split again: the dealer pays it.
    """
    weight_sum = sum(weights)
    if total <= 0 or weight_sum <= 0:
        return [0] * len(weights)
    exact = [total * w for w in weights]
    shares = [e // weight_sum for e in exact]
    left = total - sum(shares)
    order = sorted(range(len(weights)), key=lambda i: (-(exact[i] % weight_sum), i))
    for i in order[:left]:
        shares[i] += 1
    return [min(s, c) for s, c in zip(shares, caps, strict=True)]


def round_transfers(state: RoundState) -> list[Transfer]:
    """Every transfer of a finished round, in seat order; they net to zero by construction."""
    out: list[Transfer] = []
    dealer = state.dealer
    players = list(state.players.values())
    for p in players:
        s = p.settlement
        if s is not None and s.amount != 0:
            payer, payee = (dealer, p.name) if s.amount > 0 else (p.name, dealer)
            out.append(Transfer(payer, payee, abs(s.amount), s.reason))
    offenders = [p for p in players if p.settlement is not None and p.settlement.offence]
    if not offenders or state.void_all:
        return out
    rule = state.preset.minimum.player_under
    if rule == "pay-all":
        for off in offenders:
            why = f"{off.name} stood short: pays every seat (minimum.player_under pay-all)"
            out += [Transfer(off.name, o.name, off.stake, why) for o in players if o is not off]
    elif rule == "pay-for-dealer":
        settled = [p.settlement for p in players if p.settlement is not None]
        covered = sum(
            s.amount for s in settled if s.amount > 0 and not (s.offence or s.instant or s.penalty)
        )
        cap = state.preset.minimum.pay_for_dealer_cap
        shares = _split(covered, [o.stake for o in offenders], [cap * o.stake for o in offenders])
        why = " stood short: covers the dealer's losses (minimum.player_under pay-for-dealer)"
        out += [
            Transfer(off.name, dealer, share, off.name + why)
            for off, share in zip(offenders, shares, strict=True)
            if share > 0
        ]
    return out
