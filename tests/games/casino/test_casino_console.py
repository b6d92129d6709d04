"""What the dealer's console shows of a casino round: hints, the words that apply, the names that
can follow a word, and the panel's rows (a row a hand, insurance on its own row)."""

from __future__ import annotations

from banluck.games.casino.hints import hints, names_for, words_now
from banluck.games.casino.panel import panel
from tests.games.casino.helpers_casino import play, preset


def test_the_hints_offer_only_what_the_house_allows_the_hand_to_play() -> None:
    """bjingo against an ace: no surrender (late-not-vs-ace); 10 6 may not split."""
    rnd = play("up A\ndeal Bob 10 6\ndeal Carol 8 8\npeek", preset("bjingo"))
    assert hints(rnd.state) == ["next: Bob to play (16)", "Bob: hit, stand, double"]
    rnd = play("up 10\ndeal Bob 10 6\ndeal Carol 8 8\npeek\nstand Bob")
    assert hints(rnd.state)[-1] == "Carol: hit, stand, double, split, surrender"


def test_a_split_hand_waiting_for_its_second_card_says_so() -> None:
    """After `split Carol`, Carol.1 needs its second card before anything else."""
    rnd = play("up 9\ndeal Bob 10 7\ndeal Carol 8 8\nstand Bob\nsplit Carol")
    assert hints(rnd.state)[-1] == "Carol.1: hit Carol.1 CARD (its second card)"
    assert names_for("hit", rnd.state, ["Mei", "Bob", "Carol"]) == ["Carol.1"]


def test_the_words_now_follow_the_phase() -> None:
    """Before the peek under an ace: even money and insurance; under a ten: only the peek."""
    assert words_now(None)[0] == "up"
    assert words_now(play("up A\ndeal Bob A K\ndeal Carol 8 8").state) == [
        "peek", "hole", "even", "insure", "undo",
    ]  # fmt: skip
    assert words_now(play("up 10\ndeal Bob A K\ndeal Carol 8 8").state) == ["peek", "hole", "undo"]
    assert words_now(play("up 9").state) == ["deal", "undo"]


def test_the_panel_has_a_row_a_hand_and_the_insurance() -> None:
    """Split hands and the insurance bet each have their row, with their bet and result."""
    rnd = play("up A\ndeal Bob 10 6\ndeal Carol 8 8\ninsure Bob\npeek\nstand Bob\nsplit Carol")
    shown = panel(rnd.state)
    assert shown.dealer == "dealer A (up)"
    rows = [(r.name, r.stake, r.state, r.amount) for r in shown.rows]
    assert rows == [
        ("Bob", 10, "waits for the dealer", None),
        ("Bob insurance", 5, "settled", -5),
        ("Carol.1", 10, "to play", None),
        ("Carol.2", 10, "waits", None),
    ]


def test_every_help_row_starts_with_a_word_of_the_game_or_the_night() -> None:
    """The console's help names only words a line may start with, and their real aliases."""
    from banluck.games.casino.family import CASINO
    from banluck.games.casino.side import WORDS

    words = {*CASINO.words, *WORDS, "round"}
    for row in CASINO.help_rows:
        assert row.example.split()[0] in words, row
        for alias in filter(None, (a.strip() for a in row.aliases.split(","))):
            assert CASINO.aliases.get(alias) == row.example.split()[0] or alias == "r", row
