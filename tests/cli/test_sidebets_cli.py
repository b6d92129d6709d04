"""`banluck edge` on a preset with side bets: each side bet's exact worth, in text and JSON."""

from __future__ import annotations

import json

import pytest

from banluck.games.casino.sidebets import THREES

pytest.importorskip("numpy")  # the main edge's fast path; without it its sums take minutes


@pytest.mark.slow
@pytest.mark.xdist_group("casino-solver")  # one worker solves each preset once
def test_edge_gives_each_side_bet_the_preset_offers(cli) -> None:  # type: ignore[no-untyped-def]
    """blackjack-pro offers all three: Perfect Pairs and Dealer's Pair 17/415 (95.904 %), 21+3
    4596/124085 (96.296 %) at its 8 decks; mini-blackjack offers none (a copy of it at one deck
    with no split, whose main game solves in a fraction of mini-blackjack's 8-deck seconds; its
    side bets are mini-blackjack's)."""
    assert cli("rules", "new", "mini-1", "--from", "mini-blackjack")[0] == 0
    for key, value in (("decks", "1"), ("split.max_hands", "1")):
        code, _, err = cli("rules", "set", "mini-1", key, value)
        assert code == 0, err
    code, out, err = cli("edge", "blackjack-pro", "mini-1", "--json")
    assert code == 0, err
    pro, mini = json.loads(out)
    assert mini["side_bets"] == []
    bets = {b["bet"]: b for b in pro["side_bets"]}
    assert list(bets) == ["pp", "t3", "dp"]
    assert bets["pp"]["edge_exact"] == bets["dp"]["edge_exact"] == "17/415"
    assert bets["t3"]["edge_exact"] == "4596/124085"
    assert bets["t3"]["pays"] == [100, 40, 30, 10, 5] and bets["t3"]["decks"] == 8
    assert [c["name"] for c in bets["t3"]["categories"]] == list(THREES)
    assert round(bets["pp"]["return"], 5) == 0.95904
    code, out, err = cli("edge", "blackjack-pro")
    assert code == 0, err
    assert "Perfect Pairs (side bet)" in out and "+4.096 % (25/12/6)" in out
    assert "21+3 (side bet)" in out and "+3.704 % (100/40/30/10/5)" in out
