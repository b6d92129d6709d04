"""The ban-luck round as the dealer's panel shows it: the dealer's line, a row a player, hints."""

from __future__ import annotations

from banluck.games.banluck.hints import hints
from banluck.games.banluck.state import PlayerState, RoundState
from banluck.table.family import Panel, PanelRow


def player_state(p: PlayerState, state: RoundState) -> str:
    if p.settlement is not None:
        return "settled"
    if state.phase == "deal":
        return "dealt"
    if p.known:
        return "shown" if not p.stood else "stood, shown"
    if state.to_play(p):
        return "to play" if p.count < state.preset.points.max_cards else "must show"
    return "closed"


def panel(state: RoundState) -> Panel:
    dealer = None
    if state.dealer_cards:
        hand = state.dealer_hand()
        dealer = f"dealer {' '.join(str(c) for c in hand.cards)} = {hand.label}"
    rows = []
    for p in state.players.values():
        cards = " ".join(str(c) for c in p.seen) if p.known else f"{p.count}"
        if not p.known and p.seen:
            cards += " (" + " ".join(str(c) for c in p.seen) + ")"
        amount = p.settlement.amount if p.settlement is not None else None
        rows.append(PanelRow(p.name, p.stake, cards, player_state(p, state), amount))
    return Panel(dealer, tuple(rows), tuple(hints(state)))
