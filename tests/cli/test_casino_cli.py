"""`banluck edge` and `banluck strategy` on casino presets: the lab's figures through the CLI."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numpy")  # the lab's fast path; without it the same sums take minutes


@pytest.mark.slow
@pytest.mark.xdist_group("casino-solver")  # one worker solves each preset once
def test_edge_of_blackjack_pro_is_the_published_figure(cli) -> None:
    """CASINO.md §8: 0.41 % for blackjack-pro's rules; `--json` gives it as a fraction."""
    code, out, err = cli("edge", "blackjack-pro", "--json")
    assert code == 0, err
    (row,) = json.loads(out)
    assert row["preset"] == "blackjack-pro"
    assert row["heads_up"]["method"] == "exact"
    assert abs(row["heads_up"]["edge"] - 0.0041) < 0.00005
    assert 1.0 < row["heads_up"]["sd_round"] < 1.3


@pytest.mark.slow
@pytest.mark.xdist_group("casino-solver")  # one worker solves each preset once
def test_strategy_of_blackjack_pro_splits_eights_and_surrenders_sixteen(cli) -> None:
    code, out, err = cli("strategy", "blackjack-pro", "--json")
    assert code == 0, err
    chart = json.loads(out)["chart"]
    assert chart["8-8"]["10"] == "P"
    assert chart["hard 16"]["10"] == "Rh"
    assert chart["hard 11"]["6"] == "D"
    assert chart["hard 17"]["A"] == "S"


def test_edge_refuses_to_mix_games_and_strategy_refuses_ban_luck(cli) -> None:
    code, out, err = cli("edge", "blackjack-pro", "chinese")
    assert code == 1 and out == "" and err.startswith("error:") and err.count("\n") == 1
    assert "measured apart" in err
    code, out, err = cli("strategy", "kampung")
    assert code == 1 and err.startswith("error:") and "casino presets" in err


@pytest.mark.xdist_group("casino-solver")  # one worker solves each preset once
def test_edge_of_bjingo_carries_the_bingo_table_in_json_and_text(cli) -> None:
    """`banluck edge --json` adds the Bingo figures (both policies, the dealer's totals) for a
    preset that offers Bingo; blackjack-pro, which offers none, has none; the text shows both
    policies' rows. The Bingo preset is a copy of bjingo at one deck with no split: the same
    Bingo block, computed for its deck count and soft 17 rule, without solving bjingo's 6-deck,
    split-to-4 main game (about 8 s; the test is about the Bingo block, and
    `test_bingo_edge.py` checks bjingo's own Bingo report)."""
    from banluck.games.casino.bingo_edge import Pays, bingo_value, dealer_totals

    assert cli("rules", "new", "bingo-1", "--from", "bjingo")[0] == 0
    for key, value in (("decks", "1"), ("split.max_hands", "1")):
        code, _, err = cli("rules", "set", "bingo-1", key, value)
        assert code == 0, err
    code, out, err = cli("edge", "bingo-1", "blackjack-pro", "--json")
    assert code == 0, err
    bingo, pro = json.loads(out)
    assert pro["bingo"] is None
    p = dealer_totals(1, False)
    for policy in ("hold", "first"):
        row = bingo["bingo"]["policies"][policy]
        assert row["house_edge"] == float(bingo_value(p, Pays(), policy).house_edge)
    assert bingo["bingo"]["dealer_totals"] == {o: float(x) for o, x in p.items()}
    assert set(bingo["bingo"]["dealer_totals"]) == {"17", "18", "19", "20", "21", "BJ", "bust"}
    code, out, err = cli("edge", "bingo-1")
    assert code == 0, err
    assert "Bingo held to the end" in out and "Bingo cashed at the first pay" in out
