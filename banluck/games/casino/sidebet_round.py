"""Side bets in a round (sidebets.py has the bets): their cards, the suits they need, and their
settlement as soon as their cards are known."""

from __future__ import annotations

from collections.abc import Sequence

from banluck.core.cards import Card
from banluck.core.errors import RuleError
from banluck.core.money import staked
from banluck.games.casino.preset import Preset
from banluck.games.casino.results import Result
from banluck.games.casino.sidebets import BY_WORD, PERFECT_PAIRS, TWENTY_ONE_PLUS_THREE, SideBet
from banluck.games.casino.state import RoundState


def cards_of(bet: SideBet, state: RoundState) -> list[Card] | None:
    """The side bet's cards once every one of them is known, else None."""
    if bet.kind.dealer_cards:
        return state.dealer_cards[:2] if len(state.dealer_cards) >= 2 else None
    box = state.players[bet.name]
    if not box.dealt:
        return None
    first = box.hands[0].cards[:2]
    if bet.kind.word == TWENTY_ONE_PLUS_THREE.word:
        return [*first, state.up] if state.up is not None else None
    return first


def settle_one(bet: SideBet, cards: Sequence[Card], preset: Preset) -> Result:
    kind = bet.kind
    pays = kind.pays(preset)
    category = kind.category(cards)
    if category is None:
        what = "no pair" if len(cards) == 2 else "no 21+3 hand"
        return Result(-bet.amount, f"{' '.join(str(c) for c in cards)}: {what} ({kind.knob})")
    name = kind.categories[category]
    if category >= len(pays):
        return Result(-bet.amount, f"{name} pays nothing here ({kind.knob})")
    return Result(
        bet.amount * pays[category],
        f"{name} pays {staked(pays[category], bet.amount)} ({kind.knob})",
    )


def settle_side_bets(state: RoundState) -> None:
    """Settle every live side bet whose cards are now known (idempotent)."""
    for bet in state.side_bets:
        if bet.result is None:
            cards = cards_of(bet, state)
            if cards is not None:
                bet.result = settle_one(bet, cards, state.preset)


def open_side_bets(
    preset: Preset, dealer: str, players: Sequence[str], bets: Sequence[tuple[str, str, int]]
) -> list[SideBet]:
    """The round's live side bets from the table's standing bets (word, seat, amount): those of
    the seats that play this round, in seat order, each checked against the house."""
    out: list[SideBet] = []
    for name in players:
        for word, seat, amount in bets:
            kind = BY_WORD.get(word)
            if kind is None or seat != name or amount <= 0 or name == dealer:
                continue
            kind.check(preset, name, amount)
            out.append(SideBet(kind, name, amount))
    return out


def check_suits(state: RoundState, cards: Sequence[Card], *, box: str | None, doing: str) -> None:
    """Refuse cards without a suit where a live side bet needs them: the box's first two (Perfect
    Pairs, 21+3), the up card (21+3, Dealer's Pair), the dealer's second card (Dealer's Pair).

    `box` names the box being dealt; None for a dealer's card (`doing` says which)."""
    bare = [c for c in cards if c.suit is None]
    if not bare:
        return
    if box is not None:
        needs = [b for b in state.side_bets if b.name == box and not b.kind.dealer_cards]
    elif state.up is None:  # the up card
        needs = [b for b in state.side_bets if b.kind.word != PERFECT_PAIRS.word]
    elif len(state.dealer_cards) == 1:  # his second card
        needs = [b for b in state.side_bets if b.kind.dealer_cards]
    else:
        return
    needs = [b for b in needs if b.result is None]
    if not needs:
        return
    bets = sorted({b.label for b in needs}, key=[b.label for b in needs].index)
    card = bare[0]
    raise RuleError(
        f"cannot {doing}: {_join(bets)} {'needs' if len(bets) == 1 else 'need'} the suits;"
        f" {card} has none: type it as {card.rank}h, {card.rank}d, {card.rank}s or {card.rank}c"
    )


def _join(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
