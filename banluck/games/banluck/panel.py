"""The ban-luck round as the dealer's panel shows it: the dealer's line, a row a player, hints."""

from __future__ import annotations

from banluck.core.money import nets
from banluck.games.banluck.hints import hints
from banluck.games.banluck.state import PlayerState, RoundState
from banluck.games.banluck.transfers import round_transfers
from banluck.table.game import Panel, PanelRow


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


def round_nets(state: RoundState) -> dict[str, int]:
    """Each player's money in the round so far: his settlement with the dealer and the house's
    side payments of an offence already opened (`pay-all`: the short hand pays every seat), so a
    short hand's row shows what it costs, not just the stake it loses to the dealer."""
    moved = nets(round_transfers(state))
    return {name: moved.get(name, 0) for name in state.players}


def panel(state: RoundState) -> Panel:
    money = round_nets(state)
    dealer = None
    if state.dealer_cards:
        hand = state.dealer_hand()
        dealer = f"dealer {' '.join(str(c) for c in hand.cards)} = {hand.label}"
    rows = []
    for p in state.players.values():
        seen = " ".join(str(c) for c in p.seen)
        cards = seen if p.known else f"{p.count} ({seen})" if p.seen else f"{p.count}"
        # a closed hand shows money only once an offence has paid it something
        amount = money[p.name] if p.settlement is not None or money[p.name] else None
        rows.append(PanelRow(p.name, p.stake, cards, player_state(p, state), amount))
    return Panel(dealer, tuple(rows), tuple(hints(state)))
