"""The house-edge lab: exact heads-up against brute force and Monte Carlo, and the CLI commands."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from banluck.app import presets
from banluck.core.cards import Card
from banluck.core.errors import RuleError
from banluck.games.banluck.advice import dealer_state
from banluck.games.banluck.edge import (
    DealerPolicy,
    DealerTable,
    EdgeResult,
    HeadsUp,
    Simulator,
    _shuffle,
    exact_edge,
    fair_turn,
    shuffle_steps,
    simulate_edge,
)
from banluck.games.banluck.hands import Hand, Kind
from banluck.games.banluck.odds import (
    RANK_LABELS,
    Model,
    Policy,
    Pool,
    _falling_row,
    closed_weights,
    deck_pool,
    falling,
    two_card_starts,
)
from banluck.games.banluck.preset import Preset
from banluck.games.banluck.settlement import five_card_at_once, instant, versus
from tests.helpers import ban_luck_shipped

ROOT = Path(__file__).resolve().parents[3]
# The tests that need a shipped preset's exact edge off its full deck share one worker, where
# each preset is computed once (`full_deck_edge`), not once a test.
FULL_DECK = pytest.mark.xdist_group("banluck-full-deck")


@cache
def full_deck_edge(name: str) -> EdgeResult:
    """`exact_edge` of a shipped preset off its full deck, with the simulator's table: computed
    once a worker. The table is decided after the edge, so the edge and sd are the ones
    `exact_edge(preset)` gives without it."""
    return exact_edge(presets.load(name), table=True)


def shown_value(model: Model, pool: Pool) -> tuple[float, float, float]:
    """(chance, sum of w * multiple, sum of w * multiple^2) over the hands settled at once."""
    rows = [_falling_row(u) for u in pool]
    total = sum(pool)
    chance = first = second = 0.0
    for n, shown in model.shown.items():
        denominator = falling(total, n)
        if denominator <= 0:
            continue
        c = f = s = 0.0
        for multiple, phi, factors in shown.entries:
            x = phi
            for r, k in factors:
                x *= rows[r][k]
            c += x
            f += x * multiple
            s += x * multiple * multiple
        chance += c / denominator
        first += f / denominator
        second += s / denominator
    return chance, first, second


def _cards(ranks: list[int]) -> list[Card]:
    return [Card(RANK_LABELS[r]) for r in ranks]


def _take(pool: Pool, r: int) -> Pool:
    return (*pool[:r], pool[r] - 1, *pool[r + 1 :])


@cache
def _draws(pool: Pool) -> tuple[tuple[int, float, Pool], ...]:
    """Each card that may come next: its rank, its chance and the pool left (the same pools
    come up in many orders: worked out once)."""
    whole = sum(pool)
    return tuple((r, u / whole, _take(pool, r)) for r, u in enumerate(pool) if u)


def brute_edge(
    preset: Preset, deck: Pool, table: DealerTable, policy: Policy, dealer: DealerPolicy
) -> tuple[float, float, float]:
    """Deal every card order of a heads-up round, in the order of the table: the player's two
    cards, the dealer's two, the player's draws, then the dealer's. Returns (total probability,
    E[dealer's result], E[result^2]); the dealer escapes a two-card 15 when that is worth more."""
    play: dict[tuple[int, ...], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    escape: dict[tuple[int, ...], list[float]] = defaultdict(lambda: [0.0, 0.0])

    @cache
    def hand_of(ranks: tuple[int, ...]) -> Hand:
        return Hand.of(_cards(list(ranks)), preset)

    @cache
    def state_of(ranks: tuple[int, ...]) -> str:
        return dealer_state(hand_of(ranks), preset)

    @cache
    def result(player: tuple[int, ...], ranks: tuple[int, ...]) -> float:
        """The dealer's result against `player` when he opens it (the same cards, the same sum)."""
        return -versus(hand_of(player), hand_of(ranks), preset).multiple

    @cache
    def in_order(ranks: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(ranks))

    @cache
    def opens_at(ranks: tuple[int, ...], n: int) -> bool:
        """Whether the dealer holding these cards (in this order) opens a player of n cards."""
        state = state_of(ranks)
        opens = state == "terminal" or (
            state == "may-open" and hand_of(ranks).total >= dealer.stand_at
        )
        if state == "may-open" and not opens:
            opens = table.opens[(in_order(ranks), n)]
        return opens

    def dealer_turn(
        d: tuple[int, ...], player: tuple[int, ...], pool: Pool, n: int
    ) -> tuple[float, float]:
        if opens_at(d, n):
            s = result(in_order(player), in_order(d))  # a hand is its cards, in any order
            return s, s * s
        f = s2 = 0.0
        for r, p, rest in _draws(pool):
            a, b = dealer_turn((*d, r), player, rest, n)
            f += p * a
            s2 += p * b
        return f, s2

    @cache
    def player_at(h: tuple[int, ...]) -> tuple[float, tuple[float, float] | None]:
        """The player's chance to draw holding `h`, and his result if he stands and is shown."""
        hand = hand_of(h)
        at_once = five_card_at_once(hand, preset)
        if at_once is not None:
            shown: tuple[float, float] | None = (-at_once.multiple, at_once.multiple**2)
        elif hand.bust and preset.bust.shown_at_once:
            shown = (1.0, 1.0)  # a bust shown at once loses 1 to the dealer
        else:
            shown = None
        return policy.draw_probability(hand, preset), shown

    def player_turn(h: tuple[int, ...], d: tuple[int, ...], pool: Pool) -> tuple[float, float]:
        chance, shown = player_at(h)
        f = s2 = 0.0
        if chance < 1.0:
            a, b = shown if shown is not None else dealer_turn(d, h, pool, len(h))
            f += (1.0 - chance) * a
            s2 += (1.0 - chance) * b
        if chance > 0.0:
            for r, p, rest in _draws(pool):
                a, b = player_turn((*h, r), d, rest)
                f += chance * p * a
                s2 += chance * p * b
        return f, s2

    @cache
    def instant_of(player: tuple[int, ...], dealer_two: tuple[int, ...]) -> int | None:
        """The instant check's multiple for the player (None: it does not apply)."""
        verdict = instant(_cards(list(player)), _cards(list(dealer_two)), preset)
        return None if verdict is None else verdict.multiple

    @cache
    def runs(player: tuple[int, ...]) -> bool:
        return policy.runs(Hand.of(_cards(list(player)), preset), preset)

    for p1, q1, pool1 in _draws(deck):
        for p2, q2, pool2 in _draws(pool1):
            for d1, q3, pool3 in _draws(pool2):
                for d2, q4, pool4 in _draws(pool3):
                    q = q1 * q2 * q3 * q4
                    d_two = tuple(sorted((d1, d2)))
                    multiple = instant_of((p1, p2), (d1, d2))
                    acc = play[d_two]
                    acc[0] += q
                    if multiple is not None:
                        s = -multiple
                        acc[1] += q * s
                        acc[2] += q * s * s
                        escape[d_two][0] += q * s
                        escape[d_two][1] += q * s * s
                        continue
                    if runs((p1, p2)):
                        continue
                    a, b = player_turn((p1, p2), (d1, d2), pool4)
                    acc[1] += q * a
                    acc[2] += q * b
    total = first = second = 0.0
    for d_two, (p, f, s2) in play.items():
        total += p
        kind = Hand.of(_cards(list(d_two)), preset).kind
        mode = preset.fifteen.mode
        esc: tuple[float, float] | None = None
        if kind is Kind.FIFTEEN and mode == "free-hand":
            esc = (0.0, 0.0)
        elif kind is Kind.FIFTEEN and mode in ("run", "run-dealer-only"):
            esc = (escape[d_two][0], escape[d_two][1])
        if esc is not None and dealer.escape_15 and esc[0] > f:
            f, s2 = esc
        first += f
        second += s2
    return total, first, second


# A small shoe of 11 cards: ban-ban, ban-luck, two-card 15s (A-4, 5-10, 6-9), five-card hands.
SHOE: Pool = (2, 1, 0, 1, 1, 1, 1, 0, 1, 3)


@pytest.mark.parametrize(
    ("name", "escape_15"),
    [
        ("chinese", True),
        ("chinese", False),
        ("singapore", True),
        ("singapore", False),
        ("kampung", True),
        ("xi-dach", True),
    ],
)
def test_exact_heads_up_matches_every_card_order_on_a_small_shoe(
    name: str, escape_15: bool
) -> None:
    """Exchangeability (dealer first, player from what is left) gives the same edge and second
    moment as dealing every real order, per preset, with and without the dealer's 15 escapes."""
    preset = presets.load(name)
    dealer = DealerPolicy(escape_15=escape_15)
    exact = exact_edge(preset, Policy(), dealer, deck=SHOE, table=True)
    assert exact.table is not None
    if escape_15 and name in ("chinese", "singapore"):
        assert exact.table.escapes, "the shoe gives the dealer a 15 worth escaping"
    total, first, second = brute_edge(preset, SHOE, exact.table, Policy(), dealer)
    assert total == pytest.approx(1.0)
    assert exact.edge == pytest.approx(first, abs=1e-12)
    assert exact.sd_player_round == pytest.approx(math.sqrt(second - first * first), abs=1e-9)


def test_every_deal_is_accounted_for_once() -> None:
    """On a full deck the instant, run, shown-at-once and closed branches add up to 1."""
    preset = presets.load("singapore")
    heads_up = HeadsUp(preset)
    total = 0.0
    from banluck.games.banluck.odds import closed_weights, draw_probability_of

    for d_two, _ in two_card_starts():
        pd = draw_probability_of(d_two, heads_up.deck)
        pool = heads_up.pool_of(d_two)
        if Hand.of(_cards(list(d_two)), preset).kind in (Kind.BAN_BAN, Kind.BAN_LUCK):
            total += pd
            continue
        starts = sum(draw_probability_of(s, pool) for s in heads_up.model.left_out)
        shown = shown_value(heads_up.model, pool)[0]
        closed = sum(
            closed_weights(heads_up.model, n, pool, moments=False).total for n in heads_up.looks
        )
        total += pd * (starts + shown + closed)
    assert total == pytest.approx(1.0, abs=1e-12)


@FULL_DECK
@pytest.mark.parametrize("name", ["chinese", "xi-dach"])
def test_monte_carlo_heads_up_agrees_with_exact_within_its_interval(name: str) -> None:
    """The simulator, one player, lands within its 95 % interval of the exact edge (fixed seed)."""
    preset = presets.load(name)
    exact = full_deck_edge(name)
    mc = simulate_edge(preset, 1, 30_000, seed=11, table=exact.table)
    assert mc.low <= exact.edge <= mc.high
    assert mc.sd_player_round == pytest.approx(exact.sd_player_round, rel=0.05)


@FULL_DECK
def test_shipped_presets_favour_the_dealer() -> None:
    """The deal is worth something under every shipped preset: the edge is positive, a few %."""
    for name in ban_luck_shipped():
        result = full_deck_edge(name)
        assert 0.0 < result.edge < 0.15, name


@FULL_DECK
def test_simulator_table_covers_every_dealer_hand_of_a_six_player_round() -> None:
    """The heads-up table decides every dealer hand six players can bring about."""
    preset = presets.load("chinese")
    exact = full_deck_edge("chinese")
    assert exact.table is not None
    sim = Simulator(preset, 6, exact.table)
    sim.play(3_000, seed=3)
    assert sim._heads_up is None, "a dealer hand was missing from the table"


@FULL_DECK
def test_two_processes_give_the_same_result_as_one() -> None:
    """Chunks carry their own seeds: the worker count does not change the figures."""
    preset = presets.load("kampung")
    exact = full_deck_edge("kampung")
    one = simulate_edge(preset, 3, 12_000, seed=5, table=exact.table)
    two = simulate_edge(preset, 3, 12_000, seed=5, table=exact.table, workers=2)
    assert one.edge == two.edge
    assert one.half_width == two.half_width


def test_the_simulator_shuffles_as_random_shuffle_does() -> None:
    """The simulator's own shuffle draws the same bits as `random.shuffle`: the same order of
    the cards and the same random numbers after it, so a seed gives the same figures."""
    cards = list(range(52))
    for seed in range(20):
        theirs, ours = random.Random(seed), random.Random(seed)
        expected, got = list(cards), list(cards)
        for _ in range(3):
            theirs.shuffle(expected)
            _shuffle(got, shuffle_steps(len(got)), ours.getrandbits)
            assert got == expected
        assert ours.random() == theirs.random()


@pytest.mark.parametrize("name", ["chinese", "kampung", "xi-dach"])
def test_the_exact_computations_weights_are_closed_weights(name: str) -> None:
    """The exact computation's numpy passes give `closed_weights` and `shown_value` to the last
    bit, for any pool and policy (the edge does not move by a rounding)."""
    preset = presets.load(name)
    rng = random.Random(name)
    deck = deck_pool(preset.decks)
    for policy in (Policy(), Policy(p=0.3, short=0.1, stand_at=17)):
        heads_up = HeadsUp(preset, policy)
        pools = [deck, tuple(max(u - 3, 0) for u in deck), (0, 0, 1, 0, 0, 2, 0, 0, 0, 1)]
        pools += [tuple(rng.randint(0, u) for u in deck) for _ in range(40)]
        for pool in pools:
            assert heads_up.shown(pool) == shown_value(heads_up.model, pool)
            for n, weigh in heads_up.weigh.items():
                for moments in (True, False):
                    assert weigh(pool, moments) == closed_weights(heads_up.model, n, pool, moments)


@FULL_DECK
def test_a_seed_gives_the_figures_it_always_gave() -> None:
    """Six players, a fixed seed: the figures the simulator has always given for it (the deal,
    the draws and the dealer's play take the random numbers in the same order)."""
    exact = full_deck_edge("chinese")
    mc = simulate_edge(presets.load("chinese"), 6, 4_000, seed=13, table=exact.table)
    assert (mc.edge, mc.sd_round) == (0.04516666666666667, 5.485032396905124)


def test_progress_is_reported_up_to_the_total() -> None:
    """The progress callback starts at 0 and ends at the number of rounds."""
    seen: list[tuple[int, int]] = []
    preset = presets.load("chinese")
    simulate_edge(preset, 2, 1_200, progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (0, 1_200)
    assert seen[-1] == (1_200, 1_200)


def test_more_players_than_the_deck_can_serve_is_refused() -> None:
    """Ten players and a dealer could need 55 cards: refused with the limit in the message."""
    with pytest.raises(RuleError, match="give 1 to 9"):
        simulate_edge(presets.load("chinese"), 10, 100)


@pytest.mark.parametrize(
    ("edge", "sd", "players", "expected"),
    [
        (0.05, 1.34, 1, 718),  # (1.34 / 0.05)^2 = 718.2
        (-0.05, 1.34, 1, 718),  # a players' edge evens out the same way
        (0.05, 5.5, 6, 336),  # (5.5 / 0.3)^2 = 336.1
        (0.5, 0.1, 1, 1),  # never less than one round
        (0.0, 1.0, 1, None),  # no edge: any turn is fair
    ],
)
def test_fair_turn_keeps_the_expected_profit_within_one_sd(
    edge: float, sd: float, players: int, expected: int | None
) -> None:
    """k rounds at the deal: k*N*|edge| <= sd_round*sqrt(k), the largest such k."""
    assert fair_turn(edge, sd, players) == expected


# -- the CLI -------------------------------------------------------------------------------


def test_odds_example_from_the_help_runs(cli) -> None:  # type: ignore[no-untyped-def]
    """`banluck odds` prints each closed player's distribution and the advice."""
    code, out, err = cli("odds", "--dealer", "10 6", "--seen", "K 5 9", "--closed", "3",
                         "--closed", "Bob=4")  # fmt: skip
    assert code == 0, err
    assert "Bob" in out
    assert "open Bob, then draw" in out


def test_odds_json_has_the_figures(cli) -> None:  # type: ignore[no-untyped-def]
    """`--json` gives the distribution and both expected results per player."""
    code, out, _ = cli("odds", "--dealer", "10 6", "--closed", "2", "--closed", "4", "--json")
    assert code == 0
    data = json.loads(out)
    first = data["players"][0]
    assert first["cards"] == 2
    assert sum(first["totals"].values()) + first["bust"] == pytest.approx(1.0)
    assert {"open_now", "draw_first", "action"} <= first.keys()
    assert data["advice"] == "open P2, then draw"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dealer", "10 6", "--closed", "5"], "five_card.settle at-once"),
        (["--dealer", "10 6", "--closed", "x"], "--closed"),
        (["--dealer", "10 Z", "--closed", "2"], "unknown card"),
        (["--dealer", "10 6"], "--closed"),
        (["--dealer", "10 6", "--closed", "2", "--p", "2"], "not a probability"),
    ],
)
def test_odds_bad_input_is_one_line(cli, args: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    """Bad input: non-zero exit, one `error:` line naming the problem, no traceback."""
    code, _, err = cli("odds", *args)
    assert code != 0
    assert err.startswith("error: ")
    assert message in err
    assert "Traceback" not in err
    assert err.count("\n") == 1


def test_edge_example_from_the_help_runs(cli) -> None:  # type: ignore[no-untyped-def]
    """`banluck edge` shows presets side by side, exact heads-up and simulated for N players."""
    code, out, err = cli("edge", "chinese", "kampung", "--players", "3", "--rounds", "2000")
    assert code == 0, err
    assert "chinese" in out and "kampung" in out
    assert "heads-up" in out


@FULL_DECK
def test_edge_json(cli) -> None:  # type: ignore[no-untyped-def]
    """`banluck edge --json` gives the exact figures of each preset (the command computes its
    own; the test's is `full_deck_edge`'s)."""
    code, out, _ = cli("edge", "singapore", "--json")
    assert code == 0
    data = json.loads(out)
    row = data[0]
    assert row["preset"] == "singapore"
    assert row["heads_up"]["method"] == "exact"
    assert row["heads_up"]["edge"] == pytest.approx(full_deck_edge("singapore").edge)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nowhere"], "nowhere"),
        (["chinese", "--players", "0"], "--players 0"),
        (["chinese", "--players", "12"], "give 1 to 9"),
        (["chinese", "--rounds", "1"], "too few"),
    ],
)
def test_edge_bad_input_is_one_line(cli, args: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    """An unknown preset or an impossible table is one error line, not a traceback."""
    code, _, err = cli("edge", *args)
    assert code != 0
    assert err.startswith("error: ")
    assert message in err
    assert err.count("\n") == 1


def test_help_of_both_commands_has_an_example() -> None:
    """Each command's help shows an `Example:` line (run as a user would)."""
    for command in ("odds", "edge"):
        out = subprocess.run(
            [sys.executable, "-m", "banluck", command, "--help"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        assert "Example: banluck " + command in out
