"""Every refusal of the round engine: the action is refused with a sentence naming the rule and the
state, and nothing changes."""

from __future__ import annotations

import pytest

from banluck.app import presets
from banluck.core.errors import RuleError
from banluck.games.banluck.family import BAN_LUCK
from banluck.table.night import Night
from banluck.table.nightlog import split_line
from banluck.table.seating import seating_for
from tests.games.banluck.test_transcripts import with_overrides


def night_after(
    lines: list[str], preset: str = "chinese", overrides: tuple[str, ...] = ()
) -> Night:
    night = Night(
        seating_for(
            with_overrides(presets.load(preset), list(overrides)), ["Mei", "Bob", "Carol", "Dave"]
        ),
        BAN_LUCK,
    )
    night.do_line("stake", ["10"])
    for line in lines:
        word, *args = split_line(line)
        night.do_line(word, args)
    return night


def snapshot(night: Night) -> tuple[object, ...]:
    rnd = night.current
    return (
        night.seating,
        dict(night.balances),
        len(night.rounds),
        tuple(rnd.lines()) if rnd else None,
        repr(rnd.state) if rnd else None,
    )


PLAYERS_DONE = ["dealer 10 4", "stand Bob", "stand Carol", "stand Dave"]

CASES = [
    # (name, preset, overrides, lines before, refused line, message pattern)
    (
        "open below reveal.dealer_min",
        "chinese",
        (),
        PLAYERS_DONE,
        "open Bob 10 9",
        r"cannot open Bob: dealer has 14, needs 16 \(house rule reveal.dealer_min\)",
    ),
    (
        "a sixth card for a player",
        "chinese",
        (),
        ["dealer 10 4", "hit Bob", "hit Bob", "hit Bob"],
        "hit Bob",
        r"cannot hit Bob: Bob holds 5 cards, the most a hand may hold \(points.max_cards\)",
    ),
    (
        "a sixth card for the dealer",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 2", "draw 3", "draw A"],
        "draw 2",
        r"cannot draw: the dealer holds 5 cards \(points.max_cards\)",
    ),
    (
        "opening a settled player",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 3", "open Bob 10 9"],
        "open Bob 10 9",
        r"cannot open Bob: already settled \(\+10, 19 beats 17: pays 1 × 10\)",
    ),
    (
        "the dealer draws while a player is to play",
        "chinese",
        (),
        ["dealer 10 4", "stand Bob"],
        "draw 5",
        r"cannot draw: Carol is still to play \(hit Carol or stand Carol\)",
    ),
    (
        "the dealer opens while a player is to play",
        "chinese",
        (),
        ["dealer 10 6", "stand Bob"],
        "open Bob 9 9",
        r"cannot open Bob: Carol is still to play",
    ),
    (
        "a five-card hand must be shown first",
        "chinese",
        (),
        ["dealer 10 6", "hit Bob", "hit Bob", "hit Bob", "stand Carol", "stand Dave"],
        "draw 2",
        r"Bob holds 5 cards: they must be shown \(five_card.settle\)",
    ),
    (
        "hit after standing",
        "chinese",
        (),
        ["dealer 10 6", "stand Bob"],
        "hit Bob",
        r"cannot hit Bob: Bob has stood",
    ),
    (
        "hit in the dealer's turn",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 3"],
        "hit Bob",
        r"cannot hit Bob: the players' turns are over",
    ),
    (
        "hit against the dealer's instant hand",
        "chinese",
        (),
        ["dealer A K"],
        "hit Bob",
        r"cannot hit Bob: the dealer holds ban-luck, every player shows two cards",
    ),
    (
        "an instant hand shown after the dealer drew",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 2"],
        "show Bob A K",
        r"instant hands are shown at the instant check, before the dealer draws",
    ),
    (
        "a player not at the table",
        "chinese",
        (),
        ["dealer 10 6"],
        "hit Zoe",
        r"Zoe is not at the table \(seats: Mei, Bob, Carol, Dave\)",
    ),
    (
        "the dealer as a player",
        "chinese",
        (),
        ["dealer 10 6"],
        "hit Mei",
        r"cannot hit Mei: Mei deals this round",
    ),
    (
        "a fifth seven",
        "chinese",
        (),
        ["dealer 7 7", "hit Bob 7", "hit Carol 7"],
        "hit Dave 7",
        r"5 cards of rank 7 seen, but 1 deck\(s\) hold only 4",
    ),
    ("a second ace of spades", "chinese", (), ["dealer As 6"], "show Bob As K", r"A♠ seen 2 times"),
    (
        "wrong number of cards opened",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 3"],
        "open Bob 10 5 4",
        r"cannot open Bob: Bob holds 2 cards, 3 given",
    ),
    (
        "opened cards must hold the seen card",
        "chinese",
        (),
        ["dealer 10 6", "hit Bob 5", "stand Bob", "stand Carol", "stand Dave"],
        "open Bob 10 9 2",
        r"the cards seen before \(5\) are not all among 10 9 2",
    ),
    (
        "a closed hand with unknown cards",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 3"],
        "open Bob",
        r"the cards are not known; give them \(open Bob 10 5 9\) or the outcome \(open Bob bust\)",
    ),
    (
        "a player runs where only the dealer may",
        "chinese",
        ("fifteen.mode=run-dealer-only",),
        ["dealer 10 6"],
        "run Bob 8 7",
        r"fifteen.mode is run-dealer-only, players may not run",
    ),
    (
        "a run in a house without runs",
        "chinese",
        (),
        ["dealer 10 6"],
        "run Bob 8 7",
        r"fifteen.mode is free-hand, players may not run",
    ),
    (
        "a run that is not 15",
        "singapore",
        (),
        ["dealer 10 6"],
        "run Bob 8 6",
        r"cannot run Bob: 8 6 is not 15",
    ),
    (
        "a run after the dealer drew (the word before the name)",
        "singapore",
        (),
        [*PLAYERS_DONE, "draw 3"],
        "run Bob 8 7",
        r"^cannot run Bob: the dealer has drawn, the instant check is over$",
    ),
    (
        "the dealer runs after he drew",
        "singapore",
        (),
        [*PLAYERS_DONE, "draw 3"],
        "run dealer",
        r"^cannot run dealer: the dealer has drawn, the instant check is over$",
    ),
    (
        "the dealer runs without 15",
        "singapore",
        (),
        ["dealer 10 6"],
        "run dealer",
        r"the dealer cannot run: his two cards \(10 6\) are not a two-card 15",
    ),
    (
        "a void after someone was paid (free hand)",
        "chinese",
        (),
        ["dealer 8 7", "hit Bob", "hit Bob", "hit Bob", "show Bob 2 3 4 5 A"],
        "void",
        r"Bob already paid \(fifteen.mode free-hand: before anyone is paid\)",
    ),
    (
        "a hard-15 surrender holding an ace",
        "chinese",
        ("fifteen.mode=hard-15-surrender",),
        ["dealer A 4"],
        "void",
        r"his 15 holds an ace \(fifteen.mode hard-15-surrender\)",
    ),
    ("a void in a house without it", "kampung", (), ["dealer 8 7"], "void", r"fifteen.mode is off"),
    (
        "a burn in a house without burning",
        "chinese",
        (),
        ["dealer 8 7"],
        "burn dealer",
        r"this house does not burn \(fifteen.burn\)",
    ),
    (
        "a burn after players played",
        "kampung",
        (),
        ["dealer 8 7", "hit Bob"],
        "burn dealer",
        r"the dealer cannot burn: Bob already played",
    ),
    (
        "a forfeit without the dealer's burn",
        "kampung",
        (),
        ["dealer 8 7"],
        "forfeit Bob",
        r"a player forfeits only right after the dealer burns",
    ),
    (
        "a draw at 21 that opens everyone",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 7"],
        "draw 2",
        r"the dealer has 21 and opens everyone \(reveal.dealer_21_opens_all\)",
    ),
    (
        "a draw after the dealer stopped",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 3", "stop"],
        "draw 2",
        r"cannot draw: the dealer has stopped",
    ),
    (
        "a stake that is not a number",
        "chinese",
        (),
        [],
        "stake Bob ten",
        r"stake 'ten' is not a whole number",
    ),
    (
        "seating between rounds only",
        "chinese",
        (),
        ["dealer 10 6"],
        "seat Eve",
        r"`seat` comes between rounds: round 1 is still being played \(to play: Bob, Carol, Dave"
        r" \(hit or stand\)\)$",
    ),
    (
        "a misspelt word",
        "chinese",
        (),
        [],
        "hitt Bob",
        r"unknown word 'hitt': did you mean `hit`\?",
    ),
    (
        "an action before the round",
        "chinese",
        (),
        [],
        "hit Bob",
        r"the round starts with `dealer CARD CARD` \(the dealer.s first two cards\), before `hit`",
    ),
    (
        "two dealer lines",
        "chinese",
        (),
        ["dealer 10 6"],
        "dealer 9 9",
        r"the dealer's cards are already entered",
    ),
    (
        "an outcome that is not one",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 3"],
        "open Bob bust twelve",
        r"outcome 'bust twelve' is not `bust`, `bust N` or a total",
    ),
    (
        "a bust that is not over 21",
        "chinese",
        (),
        [*PLAYERS_DONE, "draw 3"],
        "open Bob bust 12",
        r"a bust is over 21, and 12 is not: `bust` \(or `bust 22` and over\) for a bust, `12`"
        r" alone for a hand of 12",
    ),
]


@pytest.mark.parametrize(
    ("preset", "overrides", "before", "line", "message"),
    [c[1:] for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_refusal(
    preset: str, overrides: tuple[str, ...], before: list[str], line: str, message: str
) -> None:
    """The line is refused with its message and the night is exactly as it was."""
    night = night_after(before, preset, overrides)
    was = snapshot(night)
    word, *args = split_line(line)
    with pytest.raises(RuleError, match=message):
        night.do_line(word, args)
    assert snapshot(night) == was


def test_refused_stand_all_changes_nothing() -> None:
    """A line that expands to several actions is taken back whole when one of them is refused."""
    night = night_after(["dealer 10 6", "stand Bob"])
    was = snapshot(night)
    with pytest.raises(RuleError, match="Bob has already stood"):
        night.do_line("stand", ["Carol", "Bob"])
    assert snapshot(night) == was


def test_undo_removes_the_last_line_even_across_a_finished_round() -> None:
    """`undo` after the line that finished a round reopens that round and takes its money back."""
    night = night_after([*PLAYERS_DONE, "draw 3", "open Bob 10 9", "open Carol 9 8"])
    before = snapshot(night)
    night.do_line("open", ["Dave", "10", "8"])
    assert night.current is None and len(night.rounds) == 1
    night.do_line("undo", [])
    assert snapshot(night) == before
