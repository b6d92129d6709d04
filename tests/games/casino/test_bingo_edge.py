"""The Bingo lab (banluck.games.casino.bingo_edge): the dealer's final totals against published
tables, and the worth of a card against independent computations written here from CASINO.md §5
(a sum over the orders the six totals can come in, and a Monte Carlo of cards through rounds)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from banluck.games.casino.bingo import BingoCard, best
from banluck.games.casino.bingo_edge import (
    OUTCOMES,
    Pays,
    bingo_report,
    bingo_value,
    dealer_totals,
    dealer_totals_by_up,
)
from tests.games.casino.helpers_casino import preset

UPS = {"A": 0, **{str(v): v - 1 for v in range(2, 10)}, "10": 9}

# Wizard of Odds, blackjack appendix 2B (before the peek): 17 18 19 20 21 BJ bust, each up card.
ONE_DECK_S17 = """
A 0.126128 0.131003 0.129486 0.131553 0.0515646 0.313726 0.11654
2 0.138976 0.131762 0.131815 0.123948 0.120526 0 0.352973
3 0.130313 0.130946 0.123761 0.123345 0.116047 0 0.375588
4 0.130973 0.114163 0.120679 0.116286 0.115096 0 0.402803
5 0.119687 0.123483 0.116909 0.104694 0.106321 0 0.428905
6 0.166948 0.106454 0.107192 0.100705 0.0978785 0 0.420823
7 0.372345 0.138583 0.0773344 0.0788967 0.072987 0 0.259854
8 0.130857 0.362989 0.129445 0.0682898 0.0697914 0 0.238627
9 0.121886 0.103921 0.357391 0.12225 0.0611088 0 0.233442
10 0.114418 0.112879 0.114662 0.328879 0.0364661 0.0784314 0.214264
"""
ONE_DECK_S17_ALL = "0.14583 0.138063 0.13482 0.175806 0.0736296 0.0482655 0.283585"
TWO_DECKS_S17 = """
A 0.128467 0.13089 0.130179 0.131159 0.0527542 0.31068 0.115872
2 0.139367 0.133348 0.130744 0.123997 0.119254 0 0.353291
3 0.132764 0.130676 0.124575 0.121811 0.11538 0 0.374794
4 0.130704 0.120208 0.121038 0.116366 0.113145 0 0.39854
5 0.121005 0.122831 0.117318 0.109022 0.10732 0 0.422505
"""
# philihp.com, 6 decks, dealer hits soft 17: the chance of the up card AND the outcome, in %.
SIX_DECKS_H17_JOINT = """
A 0.44 1.10 1.10 1.10 0.51 2.37 1.07
2 1.00 1.05 1.01 0.97 0.92 0 2.74
3 0.97 1.01 0.97 0.94 0.90 0 2.90
4 0.94 0.96 0.94 0.91 0.87 0 3.07
5 0.91 0.95 0.91 0.86 0.84 0 3.23
6 0.89 0.88 0.88 0.85 0.81 0 3.38
7 2.84 1.06 0.60 0.61 0.57 0 2.01
8 0.99 2.77 0.99 0.53 0.53 0 1.87
9 0.93 0.90 2.71 0.93 0.47 0 1.76
10 3.44 3.44 3.44 10.46 1.07 2.37 6.54
"""
# blackjackinfo.com, 1 deck, dealer hits soft 17, in %: bust, 17 .. 21 after the peek found no
# blackjack (ten and ace up), and the blackjack's own chance.
ONE_DECK_H17_PEEKED = """
2 35.63 12.98 13.31 13.32 12.56 12.20 0
6 43.78 11.61 11.38 11.61 10.96 10.67 0
7 25.99 37.23 13.86 7.73 7.89 7.30 0
10 23.25 12.42 12.25 12.44 35.69 3.96 7.84
A 20.46 8.18 20.54 20.62 20.95 9.26 31.37
"""


def rows(text: str) -> list[tuple[int, list[float]]]:
    out = []
    for line in text.strip().splitlines():
        up, *values = line.split()
        out.append((UPS[up], [float(v) for v in values]))
    return out


@pytest.mark.parametrize(("decks", "table"), [(1, ONE_DECK_S17), (2, TWO_DECKS_S17)])
def test_dealer_totals_by_up_card_are_the_published_s17_tables(decks: int, table: str) -> None:
    """Each up card's final totals, standing on soft 17, to the six figures published."""
    by_up = dealer_totals_by_up(decks, False)
    for up, values in rows(table):
        for outcome, published in zip(OUTCOMES, values, strict=True):
            assert abs(float(by_up[up][outcome]) - published) <= 1e-6, (decks, up, outcome)


def test_dealer_totals_off_the_top_are_the_published_one_deck_figures() -> None:
    """The `All` row: the up card weighed in; the chances sum to exactly 1."""
    got = dealer_totals(1, False)
    for outcome, published in zip(OUTCOMES, map(float, ONE_DECK_S17_ALL.split()), strict=True):
        assert abs(float(got[outcome]) - published) <= 1e-6
    assert sum(got.values()) == 1


def test_six_deck_h17_totals_are_the_published_joint_chances() -> None:
    """6 decks, hitting soft 17: the chance of each up card with each outcome, to 0.01 %."""
    by_up = dealer_totals_by_up(6, True)
    for up, values in rows(SIX_DECKS_H17_JOINT):
        p_up = Fraction(96 if up == 9 else 24, 312)
        for outcome, published in zip(OUTCOMES, values, strict=True):
            assert abs(float(p_up * by_up[up][outcome]) * 100 - published) <= 0.005


def test_one_deck_h17_totals_after_the_peek_are_the_published_chart() -> None:
    """1 deck, hitting soft 17: with a ten or an ace up the totals are read given no blackjack."""
    by_up = dealer_totals_by_up(1, True)
    order = ("bust", "17", "18", "19", "20", "21", "BJ")
    for up, values in rows(ONE_DECK_H17_PEEKED):
        dist = by_up[up]
        no_bj = 1 - dist["BJ"]
        for outcome, published in zip(order, values, strict=True):
            got = dist[outcome] if outcome == "BJ" else dist[outcome] / no_bj
            assert abs(float(got) * 100 - published) <= 0.005, (up, outcome)


@pytest.mark.parametrize(("decks", "h17"), [(6, False), (8, False), (6, True), (8, True)])
def test_more_decks_and_soft_17_move_the_totals_as_known(decks: int, h17: bool) -> None:
    """At 6 and 8 decks: blackjack is 2 x 4/13 x 16d/(52d-1) exactly; hitting soft 17 takes
    from 17 and adds to the bust and to 18-21; the distribution sums to 1."""
    p = dealer_totals(decks, h17)
    n = 52 * decks
    assert p["BJ"] == 2 * Fraction(4 * decks, n) * Fraction(16 * decks, n - 1)
    assert sum(p.values()) == 1
    stand = dealer_totals(decks, False)
    if h17:
        assert p["17"] < stand["17"] and p["bust"] > stand["bust"]
        assert all(p[o] > stand[o] for o in ("18", "19", "20", "21"))
    assert 0.281 < float(p["bust"]) < 0.287


# -- what a card is worth --------------------------------------------------------------------


TOTALS6 = ("17", "18", "19", "20", "21", "BJ")


def hold_by_orders(p: dict[str, Fraction], pays: Pays) -> Fraction:
    """Holding to the end, summed over the 720 orders in which the six totals can first come:
    an order comes out whole when, each time, its next total comes before a bust and before any
    other total not yet marked (repeats of marked totals change nothing). The Jackpot's order
    pays the Jackpot, every other order a Full House, and the rest of the chance is a bust."""
    ev = Fraction(0)
    whole = Fraction(0)
    for order in permutations(TOTALS6):
        chance = Fraction(1)
        for k, total in enumerate(order):
            left = p["bust"] + sum(p[t] for t in order[k:])
            chance *= p[total] / left
        whole += chance
        ev += chance * (pays.jackpot if order == TOTALS6 else pays.full_house)
    return ev - (1 - whole)


def first_by_sequences(p: dict[str, Fraction], rules_pays: Pays) -> Fraction:
    """Cashing out at the first paying combination, over every sequence of new totals until one
    pays (or a bust): each next total comes with its chance among the bust and the totals not
    yet marked."""

    def walk(marks: tuple[str, ...]) -> Fraction:
        left = [t for t in TOTALS6 if t not in marks]
        den = p["bust"] + sum(p[t] for t in left)
        ev = -p["bust"] / den
        for t in left:
            now = (*marks, t)
            found = rules_pays.best(now)
            ev += p[t] / den * (rules_pays.of(found) if found else walk(now))
        return ev

    return walk(())


@pytest.mark.parametrize(("decks", "h17"), [(6, False), (8, True), (1, False)])
def test_hold_value_equals_the_sum_over_orders(decks: int, h17: bool) -> None:
    """The chain's exact value equals the sum over the orders of the six totals, exactly."""
    p = dealer_totals(decks, h17)
    assert bingo_value(p, Pays(), "hold").expected_return == hold_by_orders(p, Pays())


@pytest.mark.parametrize("pays", [Pays(), Pays(up=9, four_corners=2), Pays(jackpot=500)])
def test_cash_out_value_equals_the_walk_over_sequences(pays: Pays) -> None:
    """The chain's exact value at the first paying combination equals a direct walk."""
    p = dealer_totals(6, False)
    assert bingo_value(p, pays, "first").expected_return == first_by_sequences(p, pays)


def test_the_values_agree_with_cards_played_through_random_rounds() -> None:
    """A Monte Carlo of the engine's own cards (BingoCard.mark and the preset's best), round by
    round with the dealer's totals drawn from the distribution: within 4 standard errors."""
    rules = preset("bjingo")
    p = dealer_totals(6, False)
    outcomes = list(p)
    weights = [float(p[o]) for o in outcomes]
    rng = random.Random(7)
    for policy in ("hold", "first"):
        results = []
        for _ in range(40_000):
            card = BingoCard("Bob", 1)
            while True:
                total = rng.choices(outcomes, weights)[0]
                if total == "bust":
                    results.append(-1)
                    break
                card = card.mark(total)
                found = best(card.marks, rules)
                if found is not None and (found.at_once or policy == "first"):
                    results.append(getattr(rules.bingo, found.knob))
                    break
        mean = sum(results) / len(results)
        sd = (sum((r - mean) ** 2 for r in results) / len(results)) ** 0.5
        exact = float(bingo_value(p, Pays(), policy).expected_return)
        assert abs(mean - exact) < 4 * sd / len(results) ** 0.5, (policy, mean, exact)


def test_bjingo_figures_in_the_report_and_none_where_bingo_is_not_offered() -> None:
    """The report gives both policies (floats and the exact fraction) and the dealer's totals;
    blackjack-pro offers no Bingo and has no Bingo figures."""
    report = bingo_report(preset("bjingo"))
    assert report is not None
    hold, first = report["policies"]["hold"], report["policies"]["first"]
    assert hold["house_edge"] == -hold["expected_return"]
    num, den = map(int, first["exact"].split("/"))
    assert abs(num / den - first["expected_return"]) < 1e-15
    assert first["expected_return"] > hold["expected_return"]  # 15 to 1 for all six is too little
    assert abs(sum(report["dealer_totals"].values()) - 1) < 1e-12
    assert bingo_report(preset("blackjack-pro")) is None
