"""The casino round as the dealer's panel shows it: the dealer's line, a row a hand (and under it a
row for each friend betting behind it: `Carol on Bob.1`), hints."""

from __future__ import annotations

from banluck.games.casino.hints import hints
from banluck.games.casino.results import Result
from banluck.games.casino.risk import risk_line, worst_case
from banluck.games.casino.sidebets import SideBet
from banluck.games.casino.state import Box, HandState, RoundState
from banluck.table.game import Panel, PanelRow


def _row(label: str, bet: int, result: Result | None, waits: str, cards: str = "") -> PanelRow:
    """A bet's row: settled, with its amount, or what it waits for."""
    if result is None:
        return PanelRow(label, bet, cards, waits, None)
    return PanelRow(label, bet, cards, "settled", result.amount)


def _waits(hand: HandState, state: RoundState) -> str:
    if state.to_play() is hand:
        return "to play"
    if state.hand_done(hand):
        return "doubled" if hand.doubled else "waits for the dealer"
    return "waits"


def _shares(box: Box, hand: HandState) -> list[PanelRow]:
    """A row for each bettor behind the hand: his bet, whether he follows, his result."""
    return [
        _row(
            f"{b.name} on {hand.name}",
            hand.shares[b.name],
            hand.share_results.get(b.name),
            "follows" if b.follow else "bet stays",
        )
        for b in box.bettors
        if b.name in hand.shares
    ]


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
            rows.append(_row(hand.name, hand.bet, hand.result, _waits(hand, state), cards))
            rows += _shares(box, hand)
        if box.insurance:
            label = f"{box.name} insurance"
            rows.append(_row(label, box.insurance, box.insurance_result, "waits for the peek"))
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
