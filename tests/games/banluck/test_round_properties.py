"""Properties of the round engine over random deals and random legal action sequences:
every round ends with every player settled, transfers net to zero in whole numbers,
the replayed log equals the live state, and undo then redo changes nothing."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banluck.app import presets
from banluck.core.cards import RANKS, SUITS, Card
from banluck.core.money import nets
from banluck.games.banluck.actions import (
    Action,
    Burn,
    DealerCards,
    Draw,
    Forfeit,
    Hit,
    Open,
    Run,
    Show,
    Stand,
    Stop,
    Void,
)
from banluck.games.banluck.family import BAN_LUCK
from banluck.games.banluck.state import RoundState
from banluck.table.round import Round, replay
from banluck.table.seating import Table
from tests.helpers import ban_luck_shipped

PRESETS = {name: presets.load(name) for name in ban_luck_shipped()}


def candidates(state: RoundState, deck: list[Card], rng: random.Random) -> list[Action]:
    """Actions worth trying now; `Round.can` decides which are legal."""

    def take(n: int) -> tuple[Card, ...]:
        return tuple(deck.pop() for _ in range(n)) if len(deck) >= n else ()

    def hand_of(count: int, seen: list[Card]) -> tuple[Card, ...]:
        extra = take(count - len(seen))
        cards = [*seen, *extra]
        rng.shuffle(cards)
        return tuple(cards)

    out: list[Action] = []
    if state.phase == "deal":
        out.append(DealerCards(take(2)))
        out += [Forfeit(p.name) for p in state.open_players()]
        return out
    for p in state.open_players():
        out += [Hit(p.name), Hit(p.name, take(1)[0] if deck else None), Stand(p.name)]
        if not p.known:  # showing a known hand again changes nothing: do not loop on it
            out.append(Show(p.name, hand_of(p.count, p.seen)))
        out += [Run(p.name), Burn(p.name)]
        out.append(Open(p.name, hand_of(p.count, p.seen)))
        out.append(Open(p.name, outcome=rng.choice(["bust", "17", "19", "21", "14"])))
    out += [Run("dealer"), Burn("dealer"), Void(), Stop()]
    if deck:
        out.append(Draw(deck[-1]))
    return out


@st.composite
def played_rounds(draw: st.DrawFn) -> tuple[Round, list[Action]]:
    preset = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    if draw(st.booleans()):
        preset = replace(preset, fifteen=replace(preset.fifteen, burn=True))
    n = draw(st.integers(1, 6))
    stakes = {f"P{i}": draw(st.integers(1, 50)) for i in range(n)}
    rnd = Round(Table(preset, "D", stakes), BAN_LUCK)
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    deck = [Card(r, s) for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    for _ in range(200):
        if rnd.done:
            break
        options = [
            a for a in candidates(rnd.state, list(deck), random.Random(rng.random())) if rnd.can(a)
        ]
        assert options, f"no legal action in phase {rnd.state.phase}: {rnd.lines()}"
        action = draw(st.sampled_from(options))
        rnd.do(action)
        used = set(rnd.state.all_cards())  # cards are hashable: one lookup a card
        deck = [c for c in deck if c not in used]
    return rnd, list(rnd.actions)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_rounds())
def test_any_legal_sequence_ends_settled_and_zero_sum(data: tuple[Round, list[Action]]) -> None:
    """Every player ends settled; transfers are positive whole numbers netting to zero."""
    rnd, _ = data
    assert rnd.done
    assert all(p.settled for p in rnd.state.players.values())
    transfers = rnd.transfers()
    assert all(isinstance(t.amount, int) and t.amount > 0 for t in transfers)
    assert sum(nets(transfers).values()) == 0


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_rounds())
def test_replay_of_the_log_equals_the_live_state(data: tuple[Round, list[Action]]) -> None:
    """The state is the replay of the actions: replaying the log gives the same state."""
    rnd, actions = data
    again = replay(rnd.table, actions, BAN_LUCK)
    assert again.state == rnd.state
    assert again.transfers() == rnd.transfers()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_rounds(), st.integers(0, 10_000))
def test_undo_then_redo_gives_the_same_state(data: tuple[Round, list[Action]], at: int) -> None:
    """Undoing any number of trailing actions and doing them again changes nothing."""
    rnd, actions = data
    k = at % (len(actions) + 1)
    live = replay(rnd.table, actions, BAN_LUCK)
    undone = [live.undo() for _ in range(k)]
    assert live.actions == actions[: len(actions) - k]
    for action in reversed(undone):
        live.do(action)
    assert live.state == rnd.state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_rounds())
def test_every_action_reads_back_from_its_line(data: tuple[Round, list[Action]]) -> None:
    """Each action's night-log line parses back into the same action."""
    from banluck.table.nightlog import split_line

    _, actions = data
    for action in actions:
        word, *args = split_line(action.line())
        assert BAN_LUCK.words[word].parse(args) == action
