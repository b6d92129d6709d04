"""Casino blackjack through the shared commands: a night, `act`, `table`, `undo`, the ledger,
`replay`, `hand` and `rules`, with nothing in them that names the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.app import presets

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "games" / "casino" / "transcripts"


@pytest.mark.parametrize(
    ("cards", "rules", "says"),
    [
        (["A", "6"], "blackjack-pro", "A 6: 17, soft 17\n"),
        (["A", "6", "K"], "bjingo", "A 6 K: 17, hard 17\n"),
        (["10", "6", "9"], "box-21", "10 6 9: 25, bust\n"),
        (
            ["A", "K"],
            "tournament",
            "A K: 21, blackjack (on a box's first two cards; 21 on a split hand)\n",
        ),
    ],
)
def test_hand_gives_the_hard_or_soft_total_under_a_casino_preset(cli, cards, rules, says) -> None:  # type: ignore[no-untyped-def]
    """`banluck hand` under a casino preset: the best total, soft or hard, bust or blackjack."""
    code, out, err = cli("hand", *cards, "--rules", rules)
    assert (code, out, err) == (0, says, "")


def test_a_casino_night_is_played_with_act_and_settled(cli) -> None:  # type: ignore[no-untyped-def]
    """A night under blackjack-pro: rounds typed with `act`, the table, the ledger, settle-up."""
    assert cli("night", "start", "blackjack-pro", "Mei", "Bob", "Carol", "--stake", "10")[0] == 0
    for line in ["up 9", "deal Bob A K", "deal Carol 10 6", "hit Carol 4", "stand Carol"]:
        code, out, err = cli("act", *line.split())
        assert code == 0, err
    code, out, _ = cli("night", "show")
    assert code == 0 and "A K = blackjack" in out and "+15" in out
    assert "the dealer's hole card (hole CARD)" in out
    assert cli("act", "hole", "7")[0] == 0
    code, out, err = cli("act", "draw", "8")
    assert code == 0, err
    assert "Carol: the dealer busts (24)" in out
    code, out, _ = cli("settle")
    assert code == 0
    rows = [line.split("│")[1:4] for line in out.splitlines() if line.startswith("│")]
    assert sorted([c.strip() for c in r] for r in rows) == [
        ["Mei", "Bob", "15"],
        ["Mei", "Carol", "10"],
    ]


def test_a_half_chip_stake_is_refused_in_one_line_and_undo_takes_it_back(cli) -> None:  # type: ignore[no-untyped-def]
    """`stake 5` under 3:2: the round that would start is refused, naming the payout."""
    cli("night", "start", "blackjack-pro", "Mei", "Bob", "--stake", "10")
    assert cli("act", "stake", "5")[0] == 0
    code, _, err = cli("act", "up", "9")
    assert code == 1
    assert err == (
        "error: stake 5 (Bob) makes a blackjack pay 7.5: stakes are multiples of 2 here"
        " (payouts.blackjack 3:2)\n"
    )
    assert cli("act", "undo")[0] == 0
    assert cli("act", "up", "9")[0] == 0


@pytest.mark.parametrize("path", sorted(TRANSCRIPTS.glob("*.log")), ids=lambda p: p.stem)
def test_replay_reads_a_casino_night_log(cli, path: Path) -> None:  # type: ignore[no-untyped-def]
    """`banluck replay FILE` plays a night log that starts `night PRESET ...` of a casino preset."""
    if "# with " in path.read_text(encoding="utf-8"):
        pytest.skip("a transcript with knobs changed in the test")
    code, out, err = cli("replay", str(path))
    assert code == 0, err
    assert "Balances" in out


def test_rules_commands_work_on_casino_presets(cli) -> None:  # type: ignore[no-untyped-def]
    """show, diff, new, set and validate read and write casino presets like ban-luck's."""
    code, out, _ = cli("rules", "show", "bjingo")
    assert code == 0 and "split.max_hands" in out and "surrender.mode" in out
    code, out, _ = cli("rules", "diff", "blackjack-pro", "mini-blackjack")
    assert code == 0 and "dealer.hits_soft_17" in out and "insurance.even_money" in out
    assert cli("rules", "new", "ours", "--from", "box-21")[0] == 0
    assert cli("rules", "set", "ours", "split.max_hands", "3")[0] == 0
    assert cli("rules", "validate", "ours")[0] == 0
    loaded = presets.load("ours")
    assert loaded.game == "casino" and loaded.get("split.max_hands") == 3
    code, _, err = cli("rules", "set", "ours", "split.max_hands", "5")
    assert code == 1 and "split.max_hands" in err
