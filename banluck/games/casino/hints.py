"""What the house rules allow right now, for the dealer's panel and completion."""

from __future__ import annotations

from banluck.games.casino.state import RoundState


def hints(state: RoundState) -> list[str]:
    """A few sentences: what must happen next and what the rules allow now."""
    phase = state.phase
    preset = state.preset
    if phase == "done":
        return ["the round is settled: `up CARD` starts the next"]
    out = [f"next: {state.pending()}"]
    if phase == "peek" and state.up is not None and state.up.is_ace:
        naturals = [b.name for b in state.players.values() if b.hands[0].natural and not b.settled]
        if naturals and preset.insurance.even_money:
            out.append(f"even money may be taken: {', '.join(naturals)} (even NAME)")
        if preset.insurance.offered:
            out.append("insurance, half the bet, pays 2:1: insure NAME [NAME...]")
    if phase == "players":
        hand = state.to_play()
        if hand is not None:
            out.append(f"{hand.name}: {', '.join(_choices(state))}")
    return out


def _choices(state: RoundState) -> list[str]:
    """The words the hand to play may take now: each checked by the action's own verify."""
    from banluck.core.cards import Card
    from banluck.games.casino.actions import Double, Hit, Split, Stand, Surrender

    hand = state.to_play()
    if hand is None:
        return []
    if len(hand.cards) < 2:
        return [f"hit {hand.name} CARD (its second card)"]
    card = Card("2")
    tries = [
        Hit(hand.name, card),
        Stand(hand.name),
        Double(hand.name, card),
        Split(hand.name),
        Surrender(hand.name),
    ]
    return [action.word for action in tries if action.can(state)]


def words_now(state: RoundState | None) -> list[str]:
    """The night-log words that can apply now (`state` is None between rounds), most useful first."""
    if state is None:
        words = ["up", "round", "stake", "behind", "box", "seat", "leave", "sit", "back"]
        return [*words, "pass", "undo"]
    phase = state.phase
    words = {
        "up": ["up"],
        "deal": ["deal"],
        "peek": ["peek", "hole", "even", "insure"]
        if state.up is not None and state.up.is_ace
        else ["peek", "hole"],
        "players": ["hit", "stand", "double", "split", "surrender"],
        "dealer": ["hole", "draw"] if not state.no_hole_card else ["draw"],
        "done": ["round", "up"],
    }[phase]
    if phase == "players" and state.no_hole_card and not state.decided:
        words = [*words, "even", "insure"]
    return [*words, "undo"]


def names_for(word: str, state: RoundState | None, seats: list[str]) -> list[str]:
    """The names that can follow `word` now, for completion."""
    if word in ("stake", "leave", "sit", "back", "behind", "box", "pp", "t3", "dp", "bingo"):
        return list(seats)
    if state is None:
        return []
    if word == "deal":
        return [b.name for b in state.players.values() if not b.dealt]
    if word in ("even", "insure"):
        return [b.name for b in state.players.values() if not b.settled]
    if word in ("hit", "stand", "double", "split", "surrender"):
        return [h.name for h in state.playable()]  # the suggested hand first
    return []
