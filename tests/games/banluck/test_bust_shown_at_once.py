"""Where busts are shown at once (`bust.shown_at_once`), a bust is settled as shown, wherever it
is entered: by `show` when it happens, by `judge`, or by a late `open` in a round.

Amounts are worked out by hand from RULES.md and docs/choices.md; stake 10 unless said.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banluck.app import presets
from banluck.app.records import read_log
from banluck.core.cards import RANKS, SUITS, Card, parse_cards
from banluck.core.money import nets
from banluck.games.banluck.actions import Action, DealerCards, Draw, Hit, Open, Show, Stand, Stop
from banluck.games.banluck.family import BAN_LUCK
from banluck.games.banluck.hands import Hand, first_two_kind
from banluck.games.banluck.hints import hints
from banluck.games.banluck.preset import Preset
from banluck.games.banluck.settlement import judge
from banluck.table.nightlog import split_line
from banluck.table.round import Round
from banluck.table.seating import Table
from tests.helpers import ban_luck_shipped, tweak


def rules(name: str, **knobs: Any) -> Preset:
    return tweak(presets.load(name), **knobs)


def play(preset: Preset, lines: list[str], stake: int = 10) -> Round:
    """A one-player round (Mei deals, Bob plays) from night-log lines."""
    rnd = Round(Table(preset, "Mei", {"Bob": stake}), BAN_LUCK)
    for line in lines:
        word, *args = split_line(line)
        rnd.do(BAN_LUCK.words[word].parse(args))
    return rnd


def bob(rnd: Round) -> int:
    return nets(rnd.transfers()).get("Bob", 0)


# --------------------------------------------------------------------------------------------
# The two reproductions.


@pytest.mark.parametrize(
    ("dealer", "reason_rule"),
    [("2c 3d 4h 5s Kd", "bust.dealer_five_card"), ("10 5 6", "payouts.twenty_one")],
)
def test_judge_settles_a_kampung_bust_as_shown(cli, dealer: str, reason_rule: str) -> None:  # type: ignore[no-untyped-def]
    """`judge --rules kampung --player "10h 5c 9d"`: the bust (24) was shown and lost 1 at once,
    so -10 whatever the dealer holds; not +20 against the dealer's five-card bust (2+3+4+5+10 =
    24, bust.dealer_five_card 2) nor -20 against his 21 (10+5+6, payouts.twenty_one 2).
    """
    args = ["judge", "--rules", "kampung", "--player", "10h 5c 9d", "--dealer", dealer]
    code, out, err = cli(*args, "--stake", "10", "--json")
    assert (code, err) == (0, "")
    got = json.loads(out)
    assert got["amount"] == -10
    assert "bust shown at once" in got["reason"] and "(bust.shown_at_once)" in got["reason"]
    assert f"({reason_rule})" in got["reason"]  # the rule that would otherwise have applied
    code, out, _ = cli(*args, "--stake", "10")
    assert code == 0 and out.splitlines()[-1].startswith("player -10: bust shown at once")


def test_late_open_of_a_kampung_bust_costs_what_the_shown_bust_costs() -> None:
    """Kampung, stake 10, dealer 10 5 then 6 = 21. Bob hit, busted and did not show it; opened
    as `bust` he loses 1 as shown at once: -10 (not -20 for the dealer's 21). Carol's 18 loses
    to the 21 at payouts.twenty_one 2: -20. Mei collects 30.
    """
    log = """night kampung Mei Bob Carol
stake 10
round
dealer 10 5
hit Bob
stand Bob
stand Carol
draw 6
open Bob bust
open Carol 10 8
"""
    night, _ = read_log(log, "repro", presets.load)
    assert night.current is None
    assert night.rounds[-1].nets() == {"Mei": 30, "Bob": -10, "Carol": -20}
    assert night.balances == {"Mei": 30, "Bob": -10, "Carol": -20}


# --------------------------------------------------------------------------------------------
# Each kind of bust: shown, or entered late three ways, costs the same.

KAMPUNG = rules("kampung")
KAMPUNG_WHEN_OPENED = rules("kampung", **{"five_card.settle": "when-opened"})
XI_DACH_SHOWN = rules("xi-dach", **{"bust.shown_at_once": True})

# (what, preset, Bob's cards, the dealer's turn, amount for Bob at stake 10)
BUSTS: list[tuple[str, Preset, str, list[str], int]] = [
    # three cards 10+5+9 = 24: loses 1
    ("3-card v 21", KAMPUNG, "10 5 9", ["dealer 10 4", "draw 7"], -10),
    (
        "3-card v five-card bust",
        KAMPUNG,
        "10 5 9",
        ["dealer 2 3", "draw 4", "draw 6", "draw K"],
        -10,
    ),
    ("3-card v bust", KAMPUNG, "10 5 9", ["dealer 10 6", "draw K"], -10),
    ("3-card v dealer short", KAMPUNG, "10 5 9", ["dealer 10 4", "stop"], -10),
    # four cards 10+2+3+9 = 24: loses 1, against the dealer's five-dragon too (not 2)
    (
        "4-card v five-dragon",
        KAMPUNG,
        "10 2 3 9",
        ["dealer A 4", "draw 4", "draw 5", "draw 6"],
        -10,
    ),
    # a five-card bust 5+6+7+2+3 = 23 settled when opened: loses bust.five_card 2, not the
    # dealer's five-card 21 at payouts.five_card_21 3 (2+3+4+5+7 = 21)
    (
        "5-card v five-card 21",
        KAMPUNG_WHEN_OPENED,
        "5 6 7 2 3",
        ["dealer 2 3", "draw 4", "draw 5", "draw 7"],
        -20,
    ),
    # ... nor +20 against the dealer's five-card bust (4+9+2+1+10 = 26, bust.dealer_five_card)
    (
        "5-card v five-card bust",
        KAMPUNG_WHEN_OPENED,
        "5 6 7 2 3",
        ["dealer 4 9", "draw 2", "draw A", "draw 10"],
        -20,
    ),
    # a heavy bust 10+10+8 = 28 (bust.heavy 28): loses 1 and is an offence, even against a
    # dealer who stops short (9+5 = 14 < 15), where an opened heavy bust would push
    ("heavy v dealer short", XI_DACH_SHOWN, "10 10 8", ["dealer 9 5", "stop"], -10),
]


def _late_entries(cards: str, preset: Preset) -> list[str]:
    total = Hand.of(parse_cards(cards), preset).total
    return [f"open Bob {cards}", "open Bob bust", f"open Bob bust {total}"]


@pytest.mark.parametrize(
    ("preset", "cards", "dealer", "amount"),
    [b[1:] for b in BUSTS],
    ids=[b[0] for b in BUSTS],
)
def test_each_bust_costs_the_same_shown_or_entered_late(
    preset: Preset, cards: str, dealer: list[str], amount: int
) -> None:
    """`show Bob ...` when the bust happens, `open Bob CARDS`, `open Bob bust`, `open Bob bust N`
    after the dealer's turn, and `judge` all give the same amount."""
    hits = ["hit Bob"] * (len(cards.split()) - 2)
    shown = play(preset, [dealer[0], *hits, f"show Bob {cards}"])
    assert shown.done and bob(shown) == amount
    full_dealer = " ".join(a for line in dealer for a in line.split()[1:] if line != "stop")
    assert judge(parse_cards(cards), parse_cards(full_dealer), preset).verdict.amount(10) == amount
    heavy = Hand.of(parse_cards(cards), preset).heavy_bust
    for late in _late_entries(cards, preset):
        if heavy and late == "open Bob bust":
            continue  # `bust` alone is a bust of 22: the dealer gives the total of a heavy one
        stand = ["stand Bob"] if len(hits) < 3 else []  # five cards end the turn by themselves
        rnd = play(preset, [dealer[0], *hits, *stand, *dealer[1:], late])
        assert bob(rnd) == amount, late
        s = rnd.state.players["Bob"].settlement
        assert s is not None and "(bust.shown_at_once)" in s.reason and s.shown_late
        assert s.offence is heavy


def test_a_late_bust_reason_names_the_rule_that_did_not_apply() -> None:
    """Against the dealer's 21 the reason says the bust was shown at once and that the dealer's
    21 (payouts.twenty_one) came after it."""
    rnd = play(KAMPUNG, ["dealer 10 4", "hit Bob", "stand Bob", "draw 7", "open Bob bust"])
    s = rnd.state.players["Bob"].settlement
    assert s is not None
    assert s.reason == (
        "bust shown at once: loses 1 × 10 (bust.shown_at_once), before the dealer's twenty-one 21"
        " would collect 2 × 10 = 20 (payouts.twenty_one)"
    )


def test_the_hint_says_busts_are_shown_at_once_after_a_late_bust() -> None:
    """After `open Bob bust` with Carol still closed, the panel tells the dealer the house rule;
    a bust shown when it happened needs no such reminder."""
    preset = KAMPUNG
    rnd = Round(Table(preset, "Mei", {"Bob": 10, "Carol": 10}), BAN_LUCK)
    for line in ["dealer 10 6", "hit Bob", "stand Bob", "stand Carol", "open Bob bust"]:
        word, *args = split_line(line)
        rnd.do(BAN_LUCK.words[word].parse(args))
    assert "busts are shown at once in this house: Bob settled as shown (bust.shown_at_once)" in (
        hints(rnd.state)
    )
    rnd = Round(Table(preset, "Mei", {"Bob": 10, "Carol": 10}), BAN_LUCK)
    for line in ["dealer 10 6", "hit Bob", "show Bob 10 5 9", "stand Carol"]:
        word, *args = split_line(line)
        rnd.do(BAN_LUCK.words[word].parse(args))
    assert not any("shown at once" in h for h in hints(rnd.state))


def test_where_busts_are_not_shown_at_once_the_dealers_hand_still_counts() -> None:
    """bust.shown_at_once off: the same late bust meets the dealer's hand (§4): -20 against his
    21 in chinese (payouts.twenty_one 2), +20 against his five-card bust (bust.dealer_five_card)."""
    chinese = rules("chinese")
    rnd = play(chinese, ["dealer 10 5", "hit Bob", "stand Bob", "draw 6", "open Bob bust"])
    assert bob(rnd) == -20
    rnd = play(
        chinese,
        ["dealer 2 3", "hit Bob", "stand Bob", "draw 4", "draw 5", "draw K", "open Bob 10 5 9"],
    )
    assert bob(rnd) == 20


# --------------------------------------------------------------------------------------------
# judge and a one-player round agree on every legal pair, under every shipped preset and each
# of them with bust.shown_at_once flipped.

SHIPPED = {name: presets.load(name) for name in ban_luck_shipped()}
PRESETS = {
    **SHIPPED,
    **{
        f"{name}/shown_at_once={not p.bust.shown_at_once}": tweak(
            p, **{"bust.shown_at_once": not p.bust.shown_at_once}
        )
        for name, p in SHIPPED.items()
    },
}
DECK = [Card(rank, suit) for rank in RANKS for suit in SUITS]


@st.composite
def legal_pairs(draw: st.DrawFn) -> tuple[Preset, list[Card], list[Card]]:
    """A player's and a dealer's hand from one shuffled deck, as a one-player round deals them.

    Restricted to legal pairs: a player holding an instant hand shows his two cards and draws no
    more; against the dealer's instant hand both hold two cards; a player stops drawing once bust;
    the dealer draws only while he may (not bust, under 21, fewer than points.max_cards cards).
    """
    preset = PRESETS[draw(st.sampled_from(sorted(PRESETS)), label="preset")]
    deck = draw(st.permutations(DECK))
    n_player, n_dealer = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    player, dealer, rest = deck[:2], deck[2:4], deck[4:]
    if first_two_kind(player) is not None or first_two_kind(dealer) is not None:
        return preset, player, dealer
    while len(player) < n_player and not Hand.of(player, preset).bust:
        player.append(rest.pop())
    while len(dealer) < n_dealer:
        hand = Hand.of(dealer, preset)
        if hand.bust or hand.total == 21 or hand.size >= preset.points.max_cards:
            break
        dealer.append(rest.pop())
    return preset, player, dealer


def one_player_round(
    preset: Preset,
    player: list[Card],
    dealer: list[Card],
    stake: int,
    show: bool,
    seen: bool,
    by_outcome: bool,
) -> Round:
    """The round that deals these hands: Bob plays, shows what he must (or, with `show`, any
    hand before he stands), the dealer draws his cards, stops if he may still draw, then opens
    Bob with his cards or, with `by_outcome`, with his outcome where an outcome tells all."""
    rnd = Round(Table(preset, "Mei", {"Bob": stake}), BAN_LUCK)
    rnd.do(DealerCards(tuple(dealer[:2])))
    state = rnd.state
    if state.phase == "showdown":
        rnd.do((Show if show else Open)("Bob", tuple(player)))
        return rnd
    if first_two_kind(player) is not None:
        rnd.do(Show("Bob", tuple(player)))  # at the instant check
        return rnd
    for card in player[2:]:
        rnd.do(Hit("Bob", card if seen else None))
    hand = Hand.of(player, preset)
    must_show = hand.five_card and preset.five_card.settle == "at-once"
    if must_show or show:
        rnd.do(Show("Bob", tuple(player)))
    if rnd.done:
        return rnd
    if state.to_play(state.players["Bob"]):
        rnd.do(Stand("Bob"))
    actions: list[Action] = [Draw(c) for c in dealer[2:]]
    for action in actions:
        rnd.do(action)
    if state.dealer_done() is None:
        rnd.do(Stop())  # judge takes the dealer's hand as final: he stopped there
    if state.players["Bob"].known:
        rnd.do(Open("Bob"))
    elif by_outcome and hand.bust:
        rnd.do(Open("Bob", outcome=f"bust {hand.total}"))
    elif by_outcome and hand.size < 5 and hand.kind.value in ("regular", "fifteen", "twenty-one"):
        rnd.do(Open("Bob", outcome=str(hand.total)))
    else:
        rnd.do(Open("Bob", tuple(player)))
    return rnd


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pair=legal_pairs(),
    stake=st.integers(1, 50),
    show=st.booleans(),
    seen=st.booleans(),
    by_outcome=st.booleans(),
)
def test_judge_equals_the_money_of_a_one_player_round(
    pair: tuple[Preset, list[Card], list[Card]],
    stake: int,
    show: bool,
    seen: bool,
    by_outcome: bool,
) -> None:
    """For a random legal pair (see `legal_pairs`), `judge` gives the player exactly what a
    one-player round dealing the same hands gives him, whether a bust is shown when it happens
    or entered when opened (cards, or `bust N`), under every shipped preset and each with
    bust.shown_at_once flipped.

    Outcomes are typed only where they tell all: a bust, or a total of two to four cards that
    is not a 7-7-7 (an outcome cannot be one: docs/choices.md). With one player, a short hand's
    side payments (pay-all, pay-for-dealer) reach nobody, so the round's money is the pair's.
    """
    preset, player, dealer = pair
    rnd = one_player_round(preset, player, dealer, stake, show, seen, by_outcome)
    assert rnd.done
    expected = judge(player, dealer, preset).verdict.amount(stake)
    assert bob(rnd) == expected, (rnd.lines(), rnd.state.players["Bob"].settlement)
