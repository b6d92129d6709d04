"""The casino round as the dealer's panel shows it: the dealer's line, a row a hand (and under it a
row for each friend betting behind it: `Carol on Bob.1`), hints."""

from __future__ import annotations

from banluck.games.casino.hints import hints
from banluck.games.casino.risk import risk_line, worst_case
from banluck.games.casino.sidebets import SideBet
from banluck.games.casino.state import Box, HandState, RoundState
from banluck.table.game import Panel, PanelRow


def _state(hand: HandState, state: RoundState) -> str:
    if hand.result is not None:
        return "settled"
    if state.to_play() is hand:
        return "to play"
    if state.hand_done(hand):
        return "doubled" if hand.doubled else "waits for the dealer"
    return "waits"


def _shares(box: Box, hand: HandState) -> list[PanelRow]:
    """A row for each bettor behind the hand: his bet, whether he follows, his result."""
    rows = []
    for bettor in box.bettors:
        if bettor.name not in hand.shares:
            continue
        result = hand.share_results.get(bettor.name)
        how = "follows" if bettor.follow else "stays out"
        rows.append(
            PanelRow(
                f"{bettor.name} on {hand.name}",
                hand.shares[bettor.name],
                "",
                "settled" if result is not None else how,
                result.amount if result is not None else None,
            )
        )
    return rows


def panel(state: RoundState) -> Panel:
    dealer = None
    if state.dealer_cards:
        cards = " ".join(str(c) for c in state.dealer_cards)
        shown = f" = {state.dealer_label()}" if len(state.dealer_cards) > 1 else " (up)"
        dealer = f"dealer {cards}{shown}"
    rows = []
    for box in state.in_order():  # from the dealer's left: the order suggested for play
        for hand in box.hands:
            cards = " ".join(str(c) for c in hand.cards)
            if hand.cards:
                cards += f" = {hand.label()}"
            amount = hand.result.amount if hand.result is not None else None
            rows.append(PanelRow(hand.name, hand.bet, cards, _state(hand, state), amount))
            rows += _shares(box, hand)
        if box.insurance:
            result = box.insurance_result
            rows.append(
                PanelRow(
                    f"{box.name} insurance",
                    box.insurance,
                    "",
                    "settled" if result else "waits for the peek",
                    result.amount if result else None,
                )
            )
        rows += [_side_row(b) for b in state.side_bets if b.name == box.name]  # side bets
    notes = [*hints(state), *state.waiting_bets]
    stakes = {box.name: box.stake for box in state.players.values()}
    bets = [(b.kind.word, b.name, b.amount) for b in state.side_bets]
    behind = [(b.stake, b.follow) for box in state.players.values() for b in box.bettors]
    if state.side_bets or state.preset.limits.bank:  # what the bank risks (risk.py)
        worst = worst_case(state.preset, stakes, bets, behind)
        notes.append(risk_line(state.preset, worst))
    return Panel(dealer, tuple(rows), tuple(notes))


def _side_row(bet: SideBet) -> PanelRow:
    result = bet.result
    waits = "waits for the dealer's cards" if bet.kind.dealer_cards else "waits for the deal"
    return PanelRow(
        bet.label,
        bet.amount,
        "",
        result.reason.rsplit(" (", 1)[0] if result else waits,  # the category, not the knob
        result.amount if result else None,
    )
