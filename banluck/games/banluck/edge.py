"""The house-edge lab: what the deal is worth to the dealer under a preset (pure, no I/O).

The edge is the dealer's expected gain per player-round, in the player's stakes (+ the dealer
wins): `exact_edge` heads-up, every deal enumerated with card removal (exact up to floating
point), `simulate_edge` with N players, Monte Carlo with a 95 % confidence interval. The round
played (the dealer's policy: `DealerPolicy`), what is not modelled, the exact recursion over the
dealer's hands and `fair_turn` (how long one dealer keeps the deal) are docs/odds.md, "`banluck
edge`: the house-edge lab".
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from banluck.core.errors import RuleError
from banluck.core.money import fair_turn
from banluck.games.banluck.advice import Lookahead, dealer_state
from banluck.games.banluck.hands import INSTANT_KINDS, Kind
from banluck.games.banluck.odds import (
    DEFAULT_POLICY,
    RANKS,
    Factors,
    Model,
    Policy,
    Pool,
    Ranks,
    Weights,
    _falling_row,
    add_rank,
    closed_weights,
    deck_pool,
    draw_probability_of,
    falling,
    model_for,
    two_card_starts,
)
from banluck.games.banluck.preset import Preset

Z95 = 1.959963984540054
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class DealerPolicy:
    """How the dealer plays in the lab (docs/odds.md, "The round played", step 4)."""

    stand_at: int = 18
    escape_15: bool = True  # take a two-card-15 escape when it is worth more than playing on

    def __post_init__(self) -> None:
        if not 2 <= self.stand_at <= 22:
            raise RuleError(f"dealer stand_at = {self.stand_at} is out of range: give 2 to 22")


DEFAULT_DEALER = DealerPolicy()


@dataclass(frozen=True, slots=True)
class DealerTable:
    """The dealer's decisions from the heads-up computation, reused by the simulator."""

    opens: Mapping[tuple[Ranks, int], bool]  # (dealer's ranks, player's card count) -> open now
    escapes: frozenset[Ranks]  # two-card starts on which the dealer ends the round


@dataclass(frozen=True, slots=True)
class EdgeResult:
    """The dealer's expected gain per player-round (stakes) and how much it varies."""

    preset: str
    players: int
    method: Literal["exact", "monte-carlo"]
    edge: float
    half_width: float  # of the 95 % confidence interval (0 when exact)
    sd_player_round: float
    sd_round: float  # of the dealer's gain over a whole round with `players` players
    rounds: int  # rounds simulated (0 when exact)
    fair_turn: int | None  # see fair_turn(); None: no edge, any turn is fair
    table: DealerTable | None = field(default=None, compare=False, repr=False)

    @property
    def low(self) -> float:
        return self.edge - self.half_width

    @property
    def high(self) -> float:
        return self.edge + self.half_width


def _escape(preset: Preset, dealer_two: Ranks, kind: Kind) -> Literal["void", "run"] | None:
    """What a dealer's two-card start lets him do before the players play."""
    if kind is not Kind.FIFTEEN:
        return None
    mode = preset.fifteen.mode
    if mode == "free-hand" or (mode == "hard-15-surrender" and 0 not in dealer_two):
        return "void"
    if mode in ("run", "run-dealer-only"):
        return "run"
    return None


class _ArrayWeights:
    """`closed_weights(model, n, pool, moments)` with numpy, for the many pools of the exact
    computation: every product is taken in the same order (phi, then the factors by rank) and
    every class's sum adds its hands in the same order, so the floats are the same."""

    def __init__(self, model: Model, n: int) -> None:
        import numpy as np

        self.np = np
        self.model = model
        self.n = n
        entries = model.closed[n]
        self.classes = entries.classes
        self.count = len(entries.classes)
        cells: list[int] = []  # (local class, rank) of each card count, hand by hand
        owners: list[int] = []
        counts: list[float] = []
        for e, (cls, _, factors) in enumerate(entries.entries):
            for r, c in factors:
                cells.append(cls * len(RANKS) + r)
                owners.append(e)
                counts.append(float(c))
        self.columns = _columns([factors for _, _, factors in entries.entries])
        self.phi = np.array([phi for _, phi, _ in entries.entries], dtype=np.float64)
        self.local = np.array([cls for cls, _, _ in entries.entries], dtype=np.intp)
        self.cells = np.array(cells, dtype=np.intp)
        self.owners = np.array(owners, dtype=np.intp)
        self.counts = np.array(counts, dtype=np.float64)

    def __call__(self, pool: Pool, moments: bool = True) -> Weights:
        np = self.np
        denominator = falling(sum(pool), self.n)
        if denominator <= 0:
            return closed_weights(self.model, self.n, pool, moments)
        x = _products(self.phi, self.columns, _pool_table(pool))
        scale = 1.0 / denominator
        w = np.bincount(self.local, weights=x, minlength=self.count) * scale
        wt = tuple(w.tolist())
        mt: tuple[tuple[float, ...], ...] = ()
        if moments:
            mom = np.bincount(
                self.cells, weights=x[self.owners] * self.counts, minlength=self.count * len(RANKS)
            )
            mt = tuple(map(tuple, (mom * scale).reshape(self.count, len(RANKS)).tolist()))
        return Weights(self.classes, wt, mt, sum(wt))


_ROW = 6  # falling factorials kept per rank: taking 0 to 5 cards


def _columns(factors: list[Factors]) -> list[Any]:
    """Per card position, the index in `_pool_table` of each hand's falling factorial (a 1.0
    past a hand's last rank)."""
    import numpy as np

    widest = max(len(f) for f in factors)
    one = len(RANKS) * _ROW
    index = np.full((len(factors), widest), one, dtype=np.intp)
    for e, hand in enumerate(factors):
        for j, (r, c) in enumerate(hand):
            index[e, j] = r * _ROW + c
    return [np.ascontiguousarray(index[:, j]) for j in range(widest)]


@lru_cache(maxsize=4096)
def _pool_table(pool: Pool) -> Any:
    """ff(u_r, k) for every rank r and k = 0..5, flat, then a 1.0 (see `_columns`)."""
    import numpy as np

    return np.array([v for u in pool for v in _falling_row(u)] + [1.0], dtype=np.float64)


def _products(phi: Any, columns: list[Any], table: Any) -> Any:
    """phi * ff(u_r1, m_r1) * ff(u_r2, m_r2) * ... of every hand, multiplied in that order."""
    x = phi * table[columns[0]]
    for column in columns[1:]:
        x *= table[column]
    return x


class _ArrayShown:
    """`shown_value(model, pool)` of tests/games/banluck/test_edge.py with numpy: the same
    products and sums in the same order."""

    def __init__(self, model: Model) -> None:
        import numpy as np

        self.np = np
        self.sizes = [
            (
                n,
                np.array([phi for _, phi, _ in shown.entries], dtype=np.float64),
                _columns([factors for _, _, factors in shown.entries]),
                np.array([m for m, _, _ in shown.entries], dtype=np.float64),
                np.zeros(len(shown.entries), dtype=np.intp),
            )
            for n, shown in model.shown.items()
        ]

    def __call__(self, pool: Pool) -> tuple[float, float, float]:
        bincount = self.np.bincount
        table = _pool_table(pool)
        total = sum(pool)
        chance = first = second = 0.0
        for n, phi, columns, multiple, zeros in self.sizes:
            denominator = falling(total, n)
            if denominator <= 0:
                continue
            x = _products(phi, columns, table)
            xm = x * multiple
            c, f, s = (  # each summed in order
                float(bincount(zeros, weights=v, minlength=1)[0]) for v in (x, xm, xm * multiple)
            )
            chance += c / denominator
            first += f / denominator
            second += s / denominator
        return chance, first, second


class HeadsUp:
    """The exact heads-up computation (docs/odds.md)."""

    def __init__(
        self,
        preset: Preset,
        policy: Policy = DEFAULT_POLICY,
        dealer: DealerPolicy = DEFAULT_DEALER,
        deck: Pool | None = None,
    ) -> None:
        self.preset = preset
        self.policy = policy
        self.dealer = dealer
        self.deck = deck_pool(preset.decks) if deck is None else deck
        self.model: Model = model_for(preset, policy, "no-instant")
        self.rules = self.model.rules
        self.weigh = {n: _ArrayWeights(self.model, n) for n in self.model.sizes()}
        self.shown = _ArrayShown(self.model)
        self.looks = {n: Lookahead(self.model, n, self.weigh[n]) for n in self.model.sizes()}
        self.opens: dict[tuple[Ranks, int], bool] = {}
        self.escapes: set[Ranks] = set()
        self._filled: set[Ranks] = set()
        self.closed_value = lru_cache(maxsize=None)(self._closed_value)

    def pool_of(self, dealer: Ranks) -> Pool:
        counts = list(self.deck)
        for r in dealer:
            counts[r] -= 1
        return tuple(counts)

    def _closed_value(self, dealer: Ranks, cards: int) -> tuple[float, float]:
        """Sum over closed n-card hands and the dealer's play from `dealer` of w * (result,
        result^2), the player's hands weighted from the pool deck - dealer (`closed_value`:
        memoised)."""
        pool = self.pool_of(dealer)
        look = self.looks[cards]
        hand = self.rules.hand(dealer)
        state = dealer_state(hand, self.preset)
        weights = self.weigh[cards](pool, moments=state == "may-open")
        if weights.total <= 0.0:
            return (0.0, 0.0)
        opened = look.settle_both(weights.classes, weights.w, dealer)
        if state == "terminal" or (state == "may-open" and hand.total >= self.dealer.stand_at):
            return opened
        if state == "may-open":
            open_now = opened[0] >= look.draw_value(dealer, pool, weights)
            self.opens[dealer, cards] = open_now
            if open_now:
                return opened
        return self._draw(dealer, cards, pool)

    def _draw(self, dealer: Ranks, cards: int, pool: Pool) -> tuple[float, float]:
        whole = sum(pool)
        first = second = 0.0
        for r in RANKS:
            if pool[r]:
                f, s = self.closed_value(add_rank(dealer, r), cards)
                first += pool[r] / whole * f
                second += pool[r] / whole * s
        return first, second

    def start_value(self, dealer_two: Ranks) -> tuple[float, float]:
        """(E[result], E[result^2]) given the dealer's first two cards, the escape decided."""
        pool = self.pool_of(dealer_two)
        kind = self.rules.hand(dealer_two).kind
        inst1 = inst2 = 0.0
        for player_two, _ in two_card_starts():
            m = self.rules.instant_multiple(player_two, dealer_two)
            if m is not None:
                p = draw_probability_of(player_two, pool)
                inst1 -= p * m
                inst2 += p * m * m
        if kind in INSTANT_KINDS:
            return inst1, inst2
        _, shown1, shown2 = self.shown(pool)
        play1, play2 = inst1 - shown1, inst2 + shown2
        for n in self.looks:
            f, s = self.closed_value(dealer_two, n)
            play1 += f
            play2 += s
        escape = _escape(self.preset, dealer_two, kind)
        if escape is not None and self.dealer.escape_15:
            esc = (0.0, 0.0) if escape == "void" else (inst1, inst2)
            if esc[0] > play1:
                self.escapes.add(dealer_two)
                return esc
        return play1, play2

    def run(self) -> tuple[float, float]:
        """(E[result], E[result^2]) per player-round."""
        first = second = 0.0
        for dealer_two, _ in two_card_starts():
            p = draw_probability_of(dealer_two, self.deck)
            if p > 0.0:
                f, s = self.start_value(dealer_two)
                first += p * f
                second += p * s
        return first, second

    def fill_table(self) -> DealerTable:
        """Decide every dealer hand the simulator may meet (below stand_at, not terminal)."""
        for dealer_two, _ in two_card_starts():
            dealt = draw_probability_of(dealer_two, self.deck) > 0.0
            if dealt and self.rules.hand(dealer_two).kind not in INSTANT_KINDS:
                self._fill(dealer_two)
        return DealerTable(dict(self.opens), frozenset(self.escapes))

    def _fill(self, dealer: Ranks) -> None:
        if dealer in self._filled:
            return  # reached before by another order of the same cards
        self._filled.add(dealer)
        hand = self.rules.hand(dealer)
        if dealer_state(hand, self.preset) == "terminal" or hand.total >= self.dealer.stand_at:
            return
        pool = self.pool_of(dealer)
        for n in self.looks:
            self.closed_value(dealer, n)
        for r in RANKS:
            if pool[r]:
                self._fill(add_rank(dealer, r))


def exact_edge(
    preset: Preset,
    policy: Policy = DEFAULT_POLICY,
    dealer: DealerPolicy = DEFAULT_DEALER,
    deck: Pool | None = None,
    table: bool = False,
) -> EdgeResult:
    """The dealer's exact expected gain per round against one player (docs/odds.md).

    `deck` replaces the full shoe (tests use small decks); `table` also decides every dealer hand
    the simulator may meet and returns the decisions in `EdgeResult.table`. The result is kept
    for the 16 most recent questions, so a process asking again (the text after the JSON, the
    simulator's table) does not compute it again; it is the same frozen result each time.
    """
    return _exact_edge(preset, policy, dealer, deck, table)


@lru_cache(maxsize=16)
def _exact_edge(
    preset: Preset, policy: Policy, dealer: DealerPolicy, deck: Pool | None, table: bool
) -> EdgeResult:
    heads_up = HeadsUp(preset, policy, dealer, deck)
    first, second = heads_up.run()
    decisions = heads_up.fill_table() if table else None
    sd = math.sqrt(max(second - first * first, 0.0))
    return EdgeResult(
        preset.name, 1, "exact", first, 0.0, sd, sd, 0, fair_turn(first, sd, 1), decisions
    )


def max_players(preset: Preset) -> int:
    """Most players a shoe can serve when everyone, dealer included, may take five cards."""
    return sum(deck_pool(preset.decks)) // preset.points.max_cards - 1


def check_simulation(preset: Preset, players: int, rounds: int) -> None:
    """Refuse a table the shoe cannot serve or too few rounds for an interval."""
    if not 1 <= players <= max_players(preset):
        raise RuleError(
            f"{players} players is out of range: give 1 to {max_players(preset)}"
            f" for {preset.decks} deck(s)"
        )
    if rounds < 2:
        raise RuleError(f"{rounds} rounds is too few to simulate: give 2 or more")


@dataclass(slots=True)
class _Tally:
    rounds: int = 0
    sum_round: int = 0
    sum_round_sq: int = 0
    sum_player_sq: int = 0

    def add(self, other: _Tally) -> None:
        self.rounds += other.rounds
        self.sum_round += other.sum_round
        self.sum_round_sq += other.sum_round_sq
        self.sum_player_sq += other.sum_player_sq


class Simulator:
    """Plays whole rounds with N players and the dealer's table (docs/odds.md)."""

    def __init__(
        self,
        preset: Preset,
        players: int,
        table: DealerTable,
        policy: Policy = DEFAULT_POLICY,
        dealer: DealerPolicy = DEFAULT_DEALER,
    ) -> None:
        self.preset = preset
        self.players = players
        self.table = table
        self.dealer = dealer
        self.model = model_for(preset, policy, "no-instant")
        self.rules = self.model.rules
        self.opens = dict(table.opens)
        self.cards = [r for r in RANKS for _ in range(deck_pool(preset.decks)[r])]
        self._heads_up: HeadsUp | None = None
        # what a hand means, each worked out once per simulator (see _fate, _start, _step)
        self.fate = lru_cache(maxsize=None)(self._fate)
        self.start = lru_cache(maxsize=None)(self._start)
        self.step = lru_cache(maxsize=None)(self._step)

    def _fate(self, ranks: Ranks) -> tuple[bool, int]:
        """(shown at once, player's multiple) or (closed, settlement class) of a final hand."""
        multiple = self.model.shown_multiple(self.rules.hand(ranks))
        return (True, multiple) if multiple is not None else (False, self.rules.class_of(ranks))

    def decide(self, dealer: Ranks, cards: int) -> bool:
        """Open this player now? (the heads-up table; computed here for a hand it lacks)"""
        key = (dealer, cards)
        found = self.opens.get(key)
        if found is None:
            if self._heads_up is None:
                self._heads_up = HeadsUp(self.preset, self.model.policy, self.dealer)
            self._heads_up.closed_value(dealer, cards)
            found = self._heads_up.opens.get(key, True)
            self.opens[key] = found
        return found

    def _start(self, dealer: Ranks) -> tuple[bool, bool]:
        """(the players play on, the round is void) after the dealer's two-card start."""
        kind = self.rules.hand(dealer).kind
        escape = dealer in self.table.escapes
        return (
            not (kind in INSTANT_KINDS or escape),
            escape and _escape(self.preset, dealer, kind) == "void",
        )

    def _step(self, dealer: Ranks) -> tuple[int, int]:
        """What the dealer does holding `dealer`: (_DRAW, _, ), (_ASK, class): open whom the
        table says, draw for the rest, or (_ALL, class): open everyone."""
        hand = self.rules.hand(dealer)
        state = dealer_state(hand, self.preset)
        if state == "may-open" and hand.total < self.dealer.stand_at:
            return (_ASK, self.rules.class_of(dealer))
        if state != "must-draw":
            return (_ALL, self.rules.class_of(dealer))
        return (_DRAW, -1)

    def play(self, rounds: int, seed: int) -> _Tally:
        rng = random.Random(seed)
        cards = list(self.cards)
        rules = self.rules
        instant_multiple = rules.instant_multiple
        player_multiple = rules.player_multiple
        draw = self.model.draw
        left_out = self.model.left_out
        n_players = self.players
        start_of, step_of, fate_of, decide = self.start, self.step, self.fate, self.decide
        swaps = shuffle_steps(len(cards))
        getrandbits = rng.getrandbits
        chance = rng.random
        sum_round = sum_round_sq = sum_player_sq = 0
        for _ in range(rounds):
            _shuffle(cards, swaps, getrandbits)
            a, b = cards[0], cards[1]
            dealer: Ranks = (a, b) if a <= b else (b, a)
            nxt = 2 + 2 * n_players  # two cards each dealt first, then the draws
            results = [0] * n_players
            plays_on, void = start_of(dealer)
            closed: list[tuple[int, int, int]] = []  # (seat, cards, class)
            for seat in range(n_players):
                a, b = cards[2 + 2 * seat], cards[3 + 2 * seat]
                start = (a, b) if a <= b else (b, a)
                m = instant_multiple(start, dealer)
                if m is not None:
                    results[seat] = -m
                    continue
                if not plays_on or start in left_out:
                    continue  # the round ended for him: nothing moves (a run, an escape)
                hand: Ranks = start
                while chance() < draw[hand]:
                    hand = add_rank(hand, cards[nxt])
                    nxt += 1
                shown, value = fate_of(hand)
                if shown:
                    results[seat] = -value
                else:
                    closed.append((seat, len(hand), value))
            if void:
                results = [0] * n_players
            while closed:
                what, dc = step_of(dealer)
                if what == _ASK:
                    keep = []
                    for item in closed:
                        if decide(dealer, item[1]):
                            results[item[0]] = -player_multiple(item[2], dc)
                        else:
                            keep.append(item)
                    closed = keep
                    if not closed:
                        break
                elif what == _ALL:
                    for seat, _, cls in closed:
                        results[seat] = -player_multiple(cls, dc)
                    break
                dealer = add_rank(dealer, cards[nxt])
                nxt += 1
            total = sum(results)
            sum_round += total
            sum_round_sq += total * total
            sum_player_sq += sum(x * x for x in results)
        return _Tally(rounds, sum_round, sum_round_sq, sum_player_sq)


def shuffle_steps(n: int) -> list[tuple[int, int]]:
    """random.shuffle's steps for n items: position i swaps with a j below i + 1, drawn from
    (i + 1).bit_length() random bits (again while it is not below)."""
    return [(i, (i + 1).bit_length()) for i in reversed(range(1, n))]


def _shuffle(
    cards: list[int], steps: list[tuple[int, int]], getrandbits: Callable[[int], int]
) -> None:
    """`random.shuffle(cards)` of the Random whose `getrandbits` this is, without its call per
    card: the same bits drawn in the same order, so the same order of the cards."""
    for i, k in steps:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_DRAW, _ASK, _ALL = 0, 1, 2  # Simulator.step: the dealer must draw, may open some, opens all


_WORKER: Simulator | None = None


def _init_worker(
    preset: Preset, players: int, table: DealerTable, policy: Policy, dealer: DealerPolicy
) -> None:
    global _WORKER
    _WORKER = Simulator(preset, players, table, policy, dealer)


def _work(rounds: int, seed: int) -> _Tally:
    assert _WORKER is not None
    return _WORKER.play(rounds, seed)


def simulate_edge(
    preset: Preset,
    players: int,
    rounds: int,
    policy: Policy = DEFAULT_POLICY,
    dealer: DealerPolicy = DEFAULT_DEALER,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    table: DealerTable | None = None,
) -> EdgeResult:
    """Monte Carlo over `rounds` rounds of `players` players (docs/odds.md).

    `progress(done, total)` is called after each chunk of rounds. `workers` > 1 plays chunks in
    that many processes. `table` is the dealer's decisions (computed heads-up when not given).
    """
    check_simulation(preset, players, rounds)
    if table is None:
        exact = exact_edge(preset, policy, dealer, table=True)
        assert exact.table is not None
        table = exact.table
    # Chunks (each with its own seed) do not depend on `workers`: same seed, same figures.
    chunk = max(500, min(20_000, rounds // 16))
    sizes = [chunk] * (rounds // chunk)
    if rounds % chunk:
        sizes.append(rounds % chunk)
    tally = _Tally()
    if progress:
        progress(0, rounds)
    if workers <= 1:
        sim = Simulator(preset, players, table, policy, dealer)
        for i, size in enumerate(sizes):
            tally.add(sim.play(size, _seed(seed, i)))
            if progress:
                progress(tally.rounds, rounds)
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(
            max_workers=workers,
            initializer=_init_worker,
            initargs=(preset, players, table, policy, dealer),
        ) as pool:
            futures = [pool.submit(_work, size, _seed(seed, i)) for i, size in enumerate(sizes)]
            for future in as_completed(futures):
                tally.add(future.result())
                if progress:
                    progress(tally.rounds, rounds)
    return _summarise(preset, players, tally, table)


def _seed(seed: int, chunk: int) -> int:
    return seed * 1_000_003 + chunk


def _summarise(preset: Preset, players: int, tally: _Tally, table: DealerTable) -> EdgeResult:
    r = tally.rounds
    mean_round = tally.sum_round / r
    var_round = max((tally.sum_round_sq - r * mean_round * mean_round) / (r - 1), 0.0)
    edge = mean_round / players
    half = Z95 * math.sqrt(var_round / r) / players
    var_player = max(tally.sum_player_sq / (r * players) - edge * edge, 0.0)
    sd_round = math.sqrt(var_round)
    return EdgeResult(
        preset.name,
        players,
        "monte-carlo",
        edge,
        half,
        math.sqrt(var_player),
        sd_round,
        r,
        fair_turn(edge, sd_round, players),
        table,
    )
