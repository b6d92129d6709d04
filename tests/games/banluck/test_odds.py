"""Closed-hand odds and the dealer's advisor, checked against brute force on real card orders."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.app import presets
from banluck.core.cards import Card, parse_cards
from banluck.core.errors import CardError, RuleError
from banluck.games.banluck.advice import ClosedPlayer, Lookahead, advise, dealer_state
from banluck.games.banluck.hands import INSTANT_KINDS, Hand
from banluck.games.banluck.odds import (
    DEFAULT_POLICY,
    RANK_LABELS,
    Declared,
    HandOdds,
    Policy,
    Pool,
    check_closed_size,
    closed_weights,
    deck_pool,
    model_for,
    odds_from_weights,
    ranks_of,
    unseen_pool,
)
from banluck.games.banluck.preset import Preset
from banluck.games.banluck.settlement import five_card_at_once, versus

Key = tuple[int, int, str]  # (size, total, kind): what the odds report per outcome


def odds_from_pool(
    preset: Preset,
    pool: Pool,
    cards: int,
    policy: Policy = DEFAULT_POLICY,
    declared: Declared = "no-instant",
) -> HandOdds:
    """The distribution of a closed hand of `cards` cards drawn from `pool` (the module docstring of banluck.games.banluck.odds).

    Raises RuleError when no closed hand of that size is possible.
    """
    check_closed_size(preset, cards)
    model = model_for(preset, policy, declared)
    weights = closed_weights(model, cards, pool, moments=False)
    if weights.total <= 0.0:
        raise RuleError(
            f"no closed hand of {cards} cards is possible with these unseen cards and rules:"
            " check the cards entered and the card count"
        )
    return odds_from_weights(model, cards, weights)


def closed_hand(
    preset: Preset,
    seen: Sequence[Card],
    cards: int,
    policy: Policy = DEFAULT_POLICY,
    declared: Declared = "no-instant",
) -> HandOdds:
    """The distribution of a closed hand of `cards` cards given every card seen this round."""
    return odds_from_pool(preset, unseen_pool(seen, preset.decks), cards, policy, declared)


def _cards(ranks: list[int]) -> list[Card]:
    return [Card(RANK_LABELS[r]) for r in ranks]


def _sequences(pool: Pool, length: int) -> Iterator[tuple[list[int], float]]:
    """Every ordered rank sequence of `length` cards from `pool`, with its exact chance."""
    if length == 0:
        yield [], 1.0
        return
    total = sum(pool)
    for r, u in enumerate(pool):
        if u:
            rest = (*pool[:r], u - 1, *pool[r + 1 :])
            for seq, p in _sequences(rest, length - 1):
                yield [r, *seq], p * u / total


def brute_closed(
    preset: Preset, pool: Pool, cards: int, policy: Policy, declared: str
) -> tuple[dict[Key, float], dict[tuple[int, ...], float]]:
    """Play every card order of a player's turn from `pool`: the distribution of his hand given
    that he ends closed with `cards` cards (by class, and by multiset of ranks)."""
    by_class: dict[Key, float] = defaultdict(float)
    by_ranks: dict[tuple[int, ...], float] = defaultdict(float)

    def play(hand: list[int], pool: Pool, p: float) -> None:
        h = Hand.of(_cards(hand), preset)
        chance = policy.draw_probability(h, preset)
        if chance < 1.0 and len(hand) == cards:
            five_shown = five_card_at_once(h, preset) is not None
            bust_shown = h.bust and preset.bust.shown_at_once
            if not (five_shown or bust_shown):
                by_class[(h.size, h.total, h.kind.value)] += p * (1.0 - chance)
                by_ranks[tuple(sorted(hand))] += p * (1.0 - chance)
        if chance > 0.0 and len(hand) < cards:
            for seq, q in _sequences(pool, 1):
                r = seq[0]
                play([*hand, r], (*pool[:r], pool[r] - 1, *pool[r + 1 :]), p * chance * q)

    for start, p in _sequences(pool, 2):
        h = Hand.of(_cards(start), preset)
        if declared == "no-instant" and h.kind in INSTANT_KINDS:
            continue
        if policy.runs(h, preset):
            continue
        rest = list(pool)
        for r in start:
            rest[r] -= 1
        play(start, tuple(rest), p)
    z = sum(by_class.values())
    return (
        {k: v / z for k, v in by_class.items()},
        {k: v / z for k, v in by_ranks.items()},
    )


def _odds_by_class(preset: Preset, pool: Pool, cards: int, policy: Policy, declared: str):
    odds = odds_from_pool(preset, pool, cards, policy, declared)  # type: ignore[arg-type]
    return {(o.hand.size, o.hand.total, o.hand.kind.value): o.probability for o in odds.outcomes}


# A small shoe with aces, a 15, 7-7-7, five-card hands and busts: (A,2,3,4,5,6,7,8,9,ten).
SMALL: Pool = (2, 2, 1, 1, 1, 1, 3, 0, 1, 3)


@pytest.mark.parametrize("name", ["chinese", "kampung", "singapore", "xi-dach"])
@pytest.mark.parametrize(
    ("cards", "policy", "declared"),
    [
        (2, Policy(), "no-instant"),
        (3, Policy(), "no-instant"),
        (4, Policy(p=0.3), "no-instant"),
        (3, Policy(p=0.8, short=0.25), "nothing"),
        (2, Policy(stand_at=17), "nothing"),
    ],
)
def test_exact_odds_match_every_card_order_on_a_small_shoe(
    name: str, cards: int, policy: Policy, declared: str
) -> None:
    """The multiset weighting equals playing out every order of the cards, per preset and policy."""
    preset = presets.load(name)
    expected, _ = brute_closed(preset, SMALL, cards, policy, declared)
    got = _odds_by_class(preset, SMALL, cards, policy, declared)
    assert got.keys() == expected.keys()
    for key, p in expected.items():
        assert got[key] == pytest.approx(p, abs=1e-12), key


@settings(max_examples=25, deadline=None)
@given(
    pool=st.lists(st.integers(0, 3), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6),
    cards=st.integers(2, 4),
    p=st.sampled_from([0.0, 0.3, 1.0]),
    name=st.sampled_from(["chinese", "kampung", "xi-dach"]),
)
def test_any_small_pool_matches_brute_force(
    pool: list[int], cards: int, p: float, name: str
) -> None:
    """For any small pool, the exact odds equal every card order played out (or both find that
    no closed hand of that size is possible)."""
    preset = presets.load(name)
    policy = Policy(p=p)
    expected, _ = brute_closed(preset, tuple(pool), cards, policy, "no-instant")
    if not expected:
        with pytest.raises(RuleError, match="no closed hand"):
            odds_from_pool(preset, tuple(pool), cards, policy)
        return
    got = _odds_by_class(preset, tuple(pool), cards, policy, "no-instant")
    assert got == pytest.approx(expected, abs=1e-12)


def test_five_card_closed_hand_where_five_cards_wait_to_be_opened() -> None:
    """xi-dach opens five-card hands with the rest: a closed five-card hand is computed exactly."""
    preset = presets.load("xi-dach")
    pool: Pool = (2, 3, 2, 2, 1, 0, 1, 0, 0, 2)
    expected, _ = brute_closed(preset, pool, 5, Policy(), "no-instant")
    got = _odds_by_class(preset, pool, 5, Policy(), "no-instant")
    assert got == pytest.approx(expected, abs=1e-12)
    assert odds_from_pool(preset, pool, 5).five_dragon > 0.0


def test_full_deck_three_cards_matches_brute_force_with_seen_cards() -> None:
    """On a real deck with cards seen, a three-card closed hand matches every order of play."""
    preset = presets.load("chinese")
    seen = parse_cards("10 6 K 5 9 7")
    pool = unseen_pool(seen, preset.decks)
    expected, _ = brute_closed(preset, pool, 3, Policy(), "no-instant")
    odds = closed_hand(preset, seen, 3)
    got = {(o.hand.size, o.hand.total, o.hand.kind.value): o.probability for o in odds.outcomes}
    assert got == pytest.approx(expected, abs=1e-12)


def test_odds_agree_with_dealing_real_shuffled_decks() -> None:
    """A Monte Carlo of shuffled decks lands within 4 standard errors of the exact bust chance."""
    preset = presets.load("singapore")
    seen = parse_cards("Q 7 A 9")
    pool = unseen_pool(seen, preset.decks)
    policy = Policy(p=0.5)
    rules = model_for(preset, policy, "no-instant").rules
    deck = [r for r, u in enumerate(pool) for _ in range(u)]
    rng = random.Random(7)
    kept = busts = 0
    for _ in range(30_000):
        rng.shuffle(deck)
        hand = sorted(deck[:2])
        h = rules.hand(tuple(hand))
        if h.kind in INSTANT_KINDS or policy.runs(h, preset):
            continue
        nxt = 2
        while rng.random() < policy.draw_probability(h, preset):
            hand = sorted([*hand, deck[nxt]])
            nxt += 1
            h = rules.hand(tuple(hand))
        if h.size == 3:
            kept += 1
            busts += h.bust
    exact = closed_hand(preset, seen, 3, policy).bust
    se = (exact * (1 - exact) / kept) ** 0.5
    assert abs(busts / kept - exact) < 4 * se


def test_probabilities_sum_to_one_and_named_hands_are_counted() -> None:
    """Outcomes are a distribution; bust, totals, 7-7-7 and five-dragon add up to it."""
    preset = presets.load("xi-dach")
    odds = closed_hand(preset, parse_cards("10 6"), 5)
    assert sum(o.probability for o in odds.outcomes) == pytest.approx(1.0)
    assert odds.bust + sum(odds.totals().values()) == pytest.approx(1.0)
    assert odds.five_dragon == pytest.approx(sum(odds.totals().values()))
    three = closed_hand(presets.load("chinese"), parse_cards("10 6"), 3)
    assert three.triple_seven > 0.0


def test_four_sevens_seen_leave_no_triple_seven() -> None:
    """Card removal: with every seven out of the deck a closed hand cannot be 7-7-7."""
    preset = presets.load("chinese")
    assert closed_hand(preset, parse_cards("7 7 7 7 10"), 3).triple_seven == 0.0
    assert closed_hand(preset, parse_cards("7 10"), 3).triple_seven > 0.0


def test_no_instant_declared_rules_out_ban_luck() -> None:
    """After the instant check a closed two-card hand is never ban-luck; with nothing declared
    it may be."""
    preset = presets.load("chinese")
    assert closed_hand(preset, [], 2).instant == 0.0
    assert closed_hand(preset, [], 2, declared="nothing").instant > 0.0


def test_busts_shown_at_once_never_stay_closed() -> None:
    """Kampung shows busts at once: a closed hand there is never bust."""
    assert closed_hand(presets.load("kampung"), [], 4).bust == 0.0
    assert closed_hand(presets.load("chinese"), [], 4).bust > 0.3


def test_a_runner_never_stays_closed_from_a_two_card_15() -> None:
    """Singapore lets a two-card 15 run: the default player runs, so closed hands never start
    from one; a player who does not run keeps those starts."""
    preset = presets.load("singapore")

    def fifteens(policy: Policy) -> list[tuple[int, ...]]:
        left_out = model_for(preset, policy, "no-instant").left_out
        return [s for s in left_out if Hand.of(_cards(list(s)), preset).kind.value == "fifteen"]

    assert sorted(fifteens(Policy())) == [(0, 3), (4, 9), (5, 8), (6, 7)]  # A-4 5-T 6-9 7-8
    assert fifteens(Policy(run_on_15=False)) == []
    runner = closed_hand(preset, [], 3)
    stayer = closed_hand(preset, [], 3, Policy(run_on_15=False))
    assert runner.bust != pytest.approx(stayer.bust)


def test_standing_short_shows_as_under_the_minimum() -> None:
    """A policy that sometimes stands short gives P(under the minimum) > 0; the default never."""
    preset = presets.load("chinese")
    assert closed_hand(preset, [], 2).under == 0.0
    assert closed_hand(preset, [], 2, Policy(short=0.1)).under > 0.0


@pytest.mark.parametrize(
    ("seen", "cards", "message"),
    [
        ("7 7 7 7 7", 2, "5 cards of rank 7"),
        ("", 5, "five_card.settle at-once"),
        ("", 1, "2 to 4 cards"),
    ],
)
def test_bad_input_is_one_clear_error(seen: str, cards: int, message: str) -> None:
    """Impossible cards or counts raise a domain error that says what was wrong."""
    with pytest.raises((CardError, RuleError), match=message):
        closed_hand(presets.load("chinese"), parse_cards(seen), cards)


def test_policy_refuses_a_probability_out_of_range() -> None:
    """A draw chance of 1.5 is refused with the value in the message."""
    with pytest.raises(RuleError, match=r"1\.5"):
        Policy(p=1.5)


# -- the advisor ---------------------------------------------------------------------------


def brute_draw_first(preset: Preset, pool: Pool, dealer: list[int], cards: int) -> float:
    """The dealer's expected result of drawing first, by playing every order: the player's
    cards, then the dealer's draws from what is left, until he may open."""
    _, hands = brute_closed(preset, pool, cards, Policy(), "no-instant")
    total = 0.0
    for ranks, p in hands.items():
        rest = list(pool)
        for r in ranks:
            rest[r] -= 1
        player = Hand.of(_cards(list(ranks)), preset)

        def go(d: list[int], rest: list[int], q: float, player: Hand = player) -> float:
            value = 0.0
            whole = sum(rest)
            for r, u in enumerate(rest):
                if not u:
                    continue
                nd = [*d, r]
                hand = Hand.of(_cards(nd), preset)
                nxt = [*rest]
                nxt[r] -= 1
                if dealer_state(hand, preset) == "must-draw":
                    value += go(nd, nxt, q * u / whole)
                else:
                    value -= q * u / whole * versus(player, hand, preset).multiple
            return value

        total += p * go(dealer, rest, 1.0)
    return total


@pytest.mark.parametrize(("dealer", "cards"), [("10 6", 3), ("A 5", 2), ("A 5", 4), ("6 5 5", 2)])
def test_draw_first_matches_every_card_order(dealer: str, cards: int) -> None:
    """Draw-first is exact over the joint of the player's hand and the dealer's draws, soft
    dealer hands that must draw again included."""
    preset = presets.load("chinese")
    shoe: Pool = (2, 1, 1, 2, 2, 2, 2, 1, 2, 4)
    d = ranks_of(parse_cards(dealer))
    pool = tuple(u - d.count(r) for r, u in enumerate(shoe))
    model = model_for(preset, Policy(), "no-instant")
    look = Lookahead(model, cards)
    odds = odds_from_pool(preset, pool, cards)
    got = look.draw_value(d, pool) / odds.likelihood
    assert got == pytest.approx(brute_draw_first(preset, pool, list(d), cards), abs=1e-12)


def test_open_now_is_the_average_settlement() -> None:
    """Open-now is minus the player's expected multiple against the dealer's hand as it is."""
    preset = presets.load("chinese")
    dealer = parse_cards("10 8")
    advice = advise(preset, dealer, [], [ClosedPlayer("Bob", 3)])
    odds = advice.players[0].odds
    dh = Hand.of(dealer, preset)
    expected = -sum(o.probability * versus(o.hand, dh, preset).multiple for o in odds.outcomes)
    assert advice.players[0].open_now == pytest.approx(expected)


def test_dealer_at_21_opens_everyone() -> None:
    """At 21 the dealer cannot draw: every closed player is to be opened, most cards first."""
    preset = presets.load("chinese")
    players = [ClosedPlayer("Ann", 2), ClosedPlayer("Bob", 4), ClosedPlayer("Cy", 3)]
    advice = advise(preset, parse_cards("10 5 6"), [], players)
    assert not advice.can_draw
    assert advice.order == ("Bob", "Cy", "Ann")
    assert not advice.then_draw
    assert all(p.draw_first is None for p in advice.players)


def test_dealer_under_the_reveal_minimum_must_draw() -> None:
    """At 13 the dealer may not open anyone: the advice is to draw."""
    advice = advise(presets.load("chinese"), parse_cards("10 3"), [], [ClosedPlayer("Ann", 3)])
    assert not advice.can_open
    assert advice.players[0].open_now is None
    assert advice.players[0].action == "draw"
    assert advice.summary() == "draw"


def test_sixteen_opens_four_card_hands_and_draws_against_two_card_hands() -> None:
    """Dealer 10-6: a four-card hand has often bust (open it now, before the dealer risks his own
    bust); a two-card hand stands on 16 or more (draw first)."""
    players = [ClosedPlayer("Ann", 2), ClosedPlayer("Bob", 4)]
    advice = advise(presets.load("chinese"), parse_cards("10 6"), parse_cards("K 5 9"), players)
    by_name = {p.name: p for p in advice.players}
    assert by_name["Bob"].action == "open"
    assert by_name["Ann"].action == "draw"
    assert advice.order == ("Bob",)
    assert advice.then_draw
    assert advice.summary() == "open Bob, then draw"


def test_dealer_at_twenty_opens_two_card_hands() -> None:
    """At 20 drawing is worse than opening, even against a two-card hand."""
    advice = advise(presets.load("singapore"), parse_cards("10 K"), [], [ClosedPlayer("Ann", 2)])
    assert advice.players[0].action == "open"


def test_advice_refuses_a_dealer_instant_hand() -> None:
    """A dealer's ban-luck ended the round at the instant check: nothing to advise."""
    with pytest.raises(RuleError, match="instant check"):
        advise(presets.load("chinese"), parse_cards("A K"), [], [ClosedPlayer("Ann", 2)])


def test_advice_refuses_more_closed_cards_than_the_deck_holds() -> None:
    """Closed hands must fit in the unseen cards."""
    seen = parse_cards("2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 7 7 7 7 8 8 8 8 9 9 9 9")
    with pytest.raises(CardError, match="24 cards but only 22 are unseen"):
        advise(presets.load("chinese"), parse_cards("10 6"), seen, [ClosedPlayer("A", 4)] * 6)


def test_deck_pool_counts_tens_together() -> None:
    """Ten, jack, queen and king are one rank of 16 cards per deck."""
    assert deck_pool(2) == (8,) * 9 + (32,)
