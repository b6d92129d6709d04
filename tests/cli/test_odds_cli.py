"""`banluck odds` in money at the stake, without impossible rows, and `banluck edge` saying how
long to keep the deal in money at the stakes; both whole at 45 columns."""

from __future__ import annotations

import json
import math
import re
from typing import Any

import pytest
from rich.cells import cell_len

Cli = Any


def narrow(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("NO_COLOR", "1")


def test_odds_are_money_at_the_stake_and_list_no_impossible_row(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The expected results are the advisor's (in stakes, as --json gives them) times --stake;
    two-card hands alone cannot be bust, so there is no `bust` row, nor a row all blank."""
    narrow(monkeypatch, 100)
    args = ["odds", "-d", "10 6", "-c", "Bob=2", "-c", "Carol=2"]
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    data = json.loads(out)
    code, out, err = cli(*args, "--stake", "20")
    assert code == 0, err
    assert "money at the stake" in out
    rows = {
        line.split("│")[1].strip(): [c.strip() for c in line.split("│")[2:-1]]
        for line in out.splitlines()
        if line.startswith("│")
    }
    assert "bust" not in rows and "21" not in rows
    assert all(any(cells) for cells in rows.values())
    assert rows["stake"] == ["20", "20"]
    for i, player in enumerate(data["players"]):
        assert rows["open now"][i] == f"{player['open_now'] * 20:+.1f}"
        assert rows["draw first"][i] == f"{player['draw_first'] * 20:+.1f}"


def test_odds_at_45_columns_is_a_block_a_player_every_figure_whole(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    narrow(monkeypatch, 45)
    code, out, err = cli("odds", "-d", "10 6", "-c", "Bob=3", "-c", "Carol=2", "-c", "Dave=4")
    assert code == 0, err
    assert all(cell_len(line) <= 45 for line in out.splitlines())
    assert "…" not in out
    for name in ("Bob", "Carol", "Dave"):
        assert f"\n{name}\n" in out
    carol = out.split("\nCarol\n")[1].split("\nDave\n")[0]
    assert "bust" not in carol and re.search(r"open now [-+]\d+\.\d", carol)
    assert re.search(r"bust \d+\.\d%", out.split("\nBob\n")[1])


def expected_line(edge: float, stakes: list[int]) -> tuple[float, int]:
    gain = edge * sum(stakes)
    one = round(sum(stakes) / len(stakes))
    return gain, math.ceil(one / gain) - 1


def test_edge_says_how_long_to_keep_the_deal_at_the_stakes(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no night open, 10 a hand: the dealer's expectation a round is the exact edge times
    the stake, and the rotation is the most rounds whose expected gain stays under one stake;
    with a night open, its players and stakes (Bob at 20)."""
    from banluck.games.banluck import edge as edge_module

    computed: dict[Any, Any] = {}
    exact = edge_module.exact_edge

    def once(preset: Any, *args: Any, **kwargs: Any) -> Any:  # the same preset: computed once
        key = (preset, args, tuple(sorted(kwargs.items())))
        if key not in computed:
            computed[key] = exact(preset, *args, **kwargs)
        return computed[key]

    monkeypatch.setattr(edge_module, "exact_edge", once)
    narrow(monkeypatch, 100)
    code, out, err = cli("edge", "chinese", "--json")
    assert code == 0, err
    edge = json.loads(out)[0]["heads_up"]["edge"]
    code, out, err = cli("edge", "chinese")
    assert code == 0, err
    gain, rounds = expected_line(edge, [10])
    said = " ".join(out.split())
    assert (
        f"chinese: at 10 a hand with one player the dealer expects {gain:+.1f} a round;"
        f" rotating every {rounds} rounds keeps a turn's expected gain under one stake"
        f" ({rounds * gain:+.2f} a turn); chinese rotates every 3: {3 * gain:+.1f} a turn"
    ) in said
    assert rounds * gain < 10 <= (rounds + 1) * gain
    cli("night", "start", "chinese", "Mei", "Bob", "Carol", "Dave", "Eve", "--stake", "10")
    assert cli("act", "stake", "Bob", "20")[0] == 0
    code, out, err = cli("edge", "chinese")
    gain, rounds = expected_line(edge, [20, 10, 10, 10])
    said = " ".join(out.split())
    assert (
        f"at the night's stakes (about 12 a hand) with four players the dealer expects"
        f" {gain:+.1f} a round; rotating every {rounds} rounds"
    ) in said
    code, out, err = cli("edge", "chinese", "--stake", "5", "--players", "1")
    assert "at 5 a hand with four players" in " ".join(out.split())


def test_edge_at_45_columns_is_a_block_a_preset(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    narrow(monkeypatch, 45)
    code, out, err = cli("edge", "chinese", "kampung")
    assert code == 0, err
    assert all(cell_len(line) <= 45 for line in out.splitlines()), out
    assert "…" not in out
    assert "\nchinese\n  heads-up edge (exact) +5.00 %" in out
    assert "\nkampung\n  heads-up edge (exact) +8.92 %" in out
