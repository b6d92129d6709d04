"""A random but legal tournament, for the property tests: bets within the limits, cards that the
rules accept, decisions drawn at random (a refused one is replaced by `stand`)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

from banluck.core.errors import RuleError
from banluck.games.tournament.night import Tournament

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def next_line(
    t: Tournament, draw: Callable[[list[str]], str], amount: Callable[[int, int], int]
) -> list[str]:
    """Lines to try, in order, for the next step of `t` (the first accepted is played)."""
    section = t.preset.tournament
    bettor = t.next_bettor()
    if bettor is not None:
        top = min(section.max_bet, t.stacks[bettor]) // 2
        low = (section.min_bet + 1) // 2
        bet = 2 * amount(low, max(low, top))
        word = draw(["bet", "bet", "secret"])
        return [f"{word} {bettor} {bet}", f"bet {bettor} {bet}", f"bet {bettor} {2 * low}"]
    rnd = t.current
    if rnd is None:
        return [f"up {draw(RANKS)}"]
    state = rnd.state
    phase = state.phase
    if phase == "deal":
        box = next(b for b in state.players.values() if not b.dealt)
        return [f"deal {box.name} {draw(RANKS)} {draw(RANKS)}"]
    if phase == "peek":
        return ["peek", f"hole {draw(RANKS)}", "hole K", "hole A"]
    if phase == "players":
        hand = state.to_play()
        assert hand is not None
        choice = draw(["stand", "hit", "hit", "double", "split", "surrender"])
        card = draw(RANKS)
        tried = {
            "stand": f"stand {hand.name}",
            "hit": f"hit {hand.name} {card}",
            "double": f"double {hand.name} {card}",
            "split": f"split {hand.name}",
            "surrender": f"surrender {hand.name}",
        }
        return [
            tried[choice],
            f"hit {hand.name} {card}" if len(hand.cards) < 2 else f"stand {hand.name}",
        ]
    if len(state.dealer_cards) < 2:
        return [f"hole {draw(RANKS)}", *(f"hole {r}" for r in RANKS)]
    return [f"draw {draw(RANKS)}", *(f"draw {r}" for r in RANKS)]


def play_out(
    now: Callable[[], Tournament],
    act: Callable[[str], object],
    draw: Callable[[list[str]], str],
    amount: Callable[[int, int], int],
    limit: int = 2000,
) -> list[str]:
    """Play the tournament (`now()`: as it is now) to its end through `act` (its own `do_line`,
    or a session's); return the accepted lines."""
    played: list[str] = []
    for _ in range(limit):
        t = now()
        if t.over:
            return played
        for line in next_line(t, draw, amount):
            t = now()
            try:
                act(line)
            except RuleError:
                continue
            played.append(line)
            break
        else:  # pragma: no cover - the driver always finds a legal line
            raise AssertionError(f"no legal line at: {now().pending()}")
    raise AssertionError("the tournament did not end")


def drawers(
    data: st.DataObject,
) -> tuple[Callable[[list[str]], str], Callable[[int, int], int]]:
    """`draw` and `amount` for `play_out`, drawn from `data`: one of the options, an integer
    from low to high. Each strategy is made once and drawn again (a new but equal strategy each
    time draws the same values, only slower)."""
    choices: dict[tuple[str, ...], st.SearchStrategy[str]] = {}
    ranges: dict[tuple[int, int], st.SearchStrategy[int]] = {}

    def draw(options: list[str]) -> str:
        key = tuple(options)
        strategy = choices.get(key)
        if strategy is None:
            strategy = choices[key] = st.sampled_from(options)
        return data.draw(strategy)

    def amount(low: int, high: int) -> int:
        strategy = ranges.get((low, high))
        if strategy is None:
            strategy = ranges[(low, high)] = st.integers(low, high)
        return data.draw(strategy)

    return draw, amount
