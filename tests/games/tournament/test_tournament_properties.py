"""Properties of any tournament played to its end: each hand's chips balance against the dealer,
the stacks are the start plus every hand's chips, and the prizes share out exactly the pool."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banluck.app import presets
from banluck.games.tournament.night import Tournament, start_for
from tests.games.tournament.driver import drawers, play_out

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve"]


def short_preset():  # type: ignore[no-untyped-def]
    rules = [("tournament.hands", "6"), ("tournament.cutoffs", "2,4"), ("tournament.max_bet", "60")]
    return presets.with_rules(presets.load("tournament"), rules)


PRESET = short_preset()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(2, 5), chips=st.sampled_from([40, 100, 200]))
def test_chips_balance_against_the_dealer_and_prizes_share_the_pool(
    data: st.DataObject, players: int, chips: int
) -> None:
    t = Tournament(start_for(PRESET, NAMES[:players], 20, chips))
    draw, amount = drawers(data)
    lines = play_out(lambda: t, t.do_line, draw, amount)
    assert t.over
    for hand in t.hands:
        assert sum(hand.chips.values()) + hand.dealer == 0
    total = {n: chips + sum(h.chips.get(n, 0) for h in t.hands) for n in t.start.seats}
    assert t.stacks == total
    for gone in t.out:  # nobody out bets again
        assert all(gone.name not in h.bets for h in t.hands[gone.hand :])
    assert sum(t.prizes().values()) == t.start.pool
    again = Tournament(t.start, list(t.lines))  # the stored spelling replays to the same night
    assert (again.stacks, again.out) == (t.stacks, t.out)
    assert len(t.lines) == len(lines)
