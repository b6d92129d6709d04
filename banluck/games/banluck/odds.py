"""The exact distribution of a closed hand, with card removal (pure, no I/O).

The dealer never sees a closed hand: he knows which cards are out of the deck, how many cards the
closed player holds and what the table declared about him. The model (ranks, the pool, the
players' `Policy`, the weight w(M) = phi(M) * prod_r ff(u_r, m_r) / ff(U, n), what the table
knows, the conditioning) is docs/odds.md, "The model of a closed hand". phi does not depend on the
pool: it is computed once per preset and policy, and every pool costs one pass over the multisets,
grouped by what settles a hand (`Outcome`: size, total, kind, heavy bust).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from banluck.core.cards import Card, check_deck
from banluck.core.errors import RuleError
from banluck.games.banluck.hands import INSTANT_KINDS, Hand, Kind
from banluck.games.banluck.preset import Preset
from banluck.games.banluck.settlement import five_card_at_once, instant, is_short, versus

RANK_LABELS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
TEN = 9  # index of the ten rank (10, J, Q, K)
RANKS = range(len(RANK_LABELS))

Pool = tuple[int, ...]
"""Cards left per rank, indexed like RANK_LABELS."""
Ranks = tuple[int, ...]
"""A multiset of ranks: a sorted tuple of rank indexes."""
Declared = Literal["nothing", "no-instant"]
DECLARED: tuple[str, ...] = ("nothing", "no-instant")


def rank_index(card: Card) -> int:
    """The rank index of a card: 0 for an ace, 9 for 10/J/Q/K."""
    if card.is_ace:
        return 0
    if card.is_ten_card:
        return TEN
    return int(card.rank) - 1


def ranks_of(cards: Iterable[Card]) -> Ranks:
    return tuple(sorted(rank_index(c) for c in cards))


def cards_of(ranks: Iterable[int]) -> tuple[Card, ...]:
    return tuple(Card(RANK_LABELS[r]) for r in ranks)


def deck_pool(decks: int) -> Pool:
    """The full shoe by rank: four of each rank per deck, sixteen tens."""
    return tuple(16 * decks if r == TEN else 4 * decks for r in RANKS)


def unseen_pool(seen: Iterable[Card], decks: int) -> Pool:
    """The shoe minus the cards seen this round (CardError for cards the shoe cannot hold)."""
    seen = tuple(seen)
    check_deck(seen, decks)
    counts = list(deck_pool(decks))
    for card in seen:
        counts[rank_index(card)] -= 1
    return tuple(counts)


@lru_cache(maxsize=65536)
def add_rank(ranks: Ranks, rank: int) -> Ranks:
    """The multiset with one more card of `rank` (kept sorted)."""
    for i, r in enumerate(ranks):
        if r > rank:
            return (*ranks[:i], rank, *ranks[i:])
    return (*ranks, rank)


def two_card_starts() -> tuple[tuple[Ranks, int], ...]:
    """Every two-card multiset with its number of orders (1 for a pair, else 2)."""
    return tuple(((a, b), 1 if a == b else 2) for a in RANKS for b in RANKS if a <= b)


@lru_cache(maxsize=4096)
def falling(u: int, k: int) -> int:
    """u (u - 1) ... (u - k + 1): the number of ordered ways to take k cards from u."""
    out = 1
    for i in range(k):
        out *= u - i
    return max(out, 0)


@lru_cache(maxsize=512)
def _falling_row(u: int) -> tuple[int, ...]:
    return tuple(falling(u, k) for k in range(6))


def draw_probability_of(ranks: Ranks, pool: Pool) -> float:
    """The chance that a given multiset (of any order) is the next len(ranks) cards of the pool."""
    weight = 1
    for r in set(ranks):
        weight *= falling(pool[r], ranks.count(r))
    orders = _orders(ranks)
    total = falling(sum(pool), len(ranks))
    return orders * weight / total if total else 0.0


def _orders(ranks: Ranks) -> int:
    out = 1
    for i in range(2, len(ranks) + 1):
        out *= i
    for r in set(ranks):
        for i in range(2, ranks.count(r) + 1):
            out //= i
    return out


@dataclass(frozen=True, slots=True)
class Policy:
    """How a player draws: the chance that he takes another card at a given hand (docs/odds.md,
    "The players' policy"). Subclass it and override `draw_probability` for another player; keep
    it frozen (hashable)."""

    p: float = 0.5
    stand_at: int = 18
    short: float = 0.0
    run_on_15: bool = True

    def __post_init__(self) -> None:
        for name in ("p", "short"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise RuleError(f"policy {name} = {value} is not a probability: give 0 to 1")
        if not 2 <= self.stand_at <= 22:
            raise RuleError(f"policy stand_at = {self.stand_at} is out of range: give 2 to 22")

    def draw_probability(self, hand: Hand, preset: Preset) -> float:
        """The chance that a player holding `hand` draws another card."""
        if hand.bust or hand.size >= preset.points.max_cards or hand.kind in INSTANT_KINDS:
            return 0.0
        if hand.total >= 21 or hand.total >= self.stand_at:
            return 0.0
        if hand.total < preset.minimum.player:
            return 1.0 - self.short
        return self.p

    def runs(self, hand: Hand, preset: Preset) -> bool:
        """A player with this two-card hand runs (takes his stake back) before drawing."""
        return self.run_on_15 and preset.fifteen.mode == "run" and hand.kind is Kind.FIFTEEN


DEFAULT_POLICY = Policy()


class Rules:
    """Per-preset caches: the hand of each multiset, its settlement class and pair verdicts
    (`hand`, `class_of`, `player_multiple`, `instant_multiple`: the methods below, memoised)."""

    def __init__(self, preset: Preset) -> None:
        self.preset = preset
        self._class_ids: dict[tuple[int, int, Kind, bool], int] = {}
        self.representatives: list[Hand] = []
        self.hand = lru_cache(maxsize=None)(self._hand)
        self.class_of = lru_cache(maxsize=None)(self._class_of)
        self.player_multiple = lru_cache(maxsize=None)(self._player_multiple)
        self.instant_multiple = lru_cache(maxsize=None)(self._instant_multiple)

    def _hand(self, ranks: Ranks) -> Hand:
        return Hand.of(cards_of(ranks), self.preset)

    def _class_of(self, ranks: Ranks) -> int:
        """The settlement class of a multiset: hands of one class settle alike."""
        hand = self.hand(ranks)
        key = (hand.size, hand.total, hand.kind, hand.heavy_bust)
        cid = self._class_ids.setdefault(key, len(self.representatives))
        if cid == len(self.representatives):
            self.representatives.append(hand)
        return cid

    def _player_multiple(self, player_class: int, dealer_class: int) -> int:
        """What an opened player of one class wins against a dealer hand of another (stakes)."""
        reps = self.representatives
        return versus(reps[player_class], reps[dealer_class], self.preset).multiple

    def _instant_multiple(self, player: Ranks, dealer: Ranks) -> int | None:
        """The instant-check verdict for two two-card hands (None: it does not apply)."""
        verdict = instant(cards_of(player), cards_of(dealer), self.preset)
        return None if verdict is None else verdict.multiple


@lru_cache(maxsize=16)
def rules_for(preset: Preset) -> Rules:
    return Rules(preset)


Factors = tuple[tuple[int, int], ...]
"""A multiset as (rank, count) pairs."""


def factors_of(ranks: Ranks) -> Factors:
    return tuple((r, ranks.count(r)) for r in sorted(set(ranks)))


class ClosedEntries(NamedTuple):
    """The multisets a closed hand of one size may be, with their policy weights phi."""

    classes: tuple[int, ...]  # global class id of each local class
    entries: tuple[tuple[int, float, Factors], ...]  # (local class, phi, factors)
    ranks: tuple[Ranks, ...]  # the multiset of each entry


class ShownEntries(NamedTuple):
    """Final hands the rules show and settle at once, with the player's multiple."""

    entries: tuple[tuple[int, float, Factors], ...]  # (player multiple, phi, factors)


class Model:
    """phi for every final multiset of a preset, a policy and what was declared.

    `closed[n]` holds the hands that stay closed with n cards; `shown[n]` the hands settled as
    soon as they are made (five cards at once, busts shown at once); `draw[ranks]` the policy's
    chance to draw at each prefix. Two-card starts the model leaves out (instant hands when
    declared, runs) are in `left_out`.

    Building one walks every multiset (tens of milliseconds); `to_data` and `from_data` turn it
    into plain JSON-ready data and back, so that a command can keep it in a cache file.
    """

    def __init__(self, preset: Preset, policy: Policy, declared: Declared) -> None:
        self._start(preset, policy, declared)
        closed: dict[int, list[tuple[Ranks, float]]] = {}
        shown: dict[int, list[tuple[int, float, Factors]]] = {}
        level: dict[Ranks, float] = {}
        for start, orders in two_card_starts():
            hand = self.rules.hand(start)
            if (declared == "no-instant" and hand.kind in INSTANT_KINDS) or policy.runs(
                hand, preset
            ):
                self.left_out.add(start)
                continue
            level[start] = float(orders)
        while level:  # the multisets of one size, with their phi so far
            following: dict[Ranks, float] = {}
            for ranks, phi in level.items():
                hand = self.rules.hand(ranks)
                chance = policy.draw_probability(hand, preset)
                self.draw[ranks] = chance
                stand = 1.0 - chance
                if stand > 0.0:
                    settled = self.shown_multiple(hand)
                    if settled is None:
                        closed.setdefault(len(ranks), []).append((ranks, phi * stand))
                    else:
                        entry = (settled, phi * stand, factors_of(ranks))
                        shown.setdefault(len(ranks), []).append(entry)
                if chance > 0.0:
                    for r in RANKS:
                        nxt = add_rank(ranks, r)
                        following[nxt] = following.get(nxt, 0.0) + phi * chance
            level = following
        self.closed = {n: self._closed_entries(items) for n, items in closed.items()}
        self.shown = {n: ShownEntries(tuple(items)) for n, items in shown.items()}

    def _start(self, preset: Preset, policy: Policy, declared: Declared) -> None:
        if declared not in DECLARED:
            raise RuleError(f"unknown declaration {declared!r}: give one of {', '.join(DECLARED)}")
        self.preset = preset
        self.policy = policy
        self.declared = declared
        self.rules = rules_for(preset)
        self.draw: dict[Ranks, float] = {}
        self.left_out: set[Ranks] = set()

    def to_data(self) -> dict[str, Any]:
        """The model as plain data (dicts, tuples, ints, floats): what `from_data` reads back.

        A closed entry's settlement class is kept as a multiset of that class, so that the
        class ids of the preset's `Rules` (shared by every model of the preset) are not stored.
        """
        closed = {}
        for n, entries in self.closed.items():
            firsts: dict[int, Ranks] = {}
            for (idx, _, _), ranks in zip(entries.entries, entries.ranks, strict=True):
                firsts.setdefault(idx, ranks)
            classes = tuple(firsts[i] for i in range(len(entries.classes)))
            closed[n] = (classes, entries.entries, entries.ranks)
        return {
            "draw": dict(self.draw),
            "left_out": tuple(sorted(self.left_out)),
            "closed": closed,
            "shown": {n: shown.entries for n, shown in self.shown.items()},
        }

    @classmethod
    def from_data(
        cls, preset: Preset, policy: Policy, declared: Declared, data: Mapping[str, Any]
    ) -> Model:
        """The model `to_data` gave for the same preset, policy and declaration.

        Raises KeyError, TypeError, ValueError or IndexError on data of another shape."""
        model = cls.__new__(cls)
        model._start(preset, policy, declared)
        model.draw = dict(data["draw"])
        model.left_out = set(data["left_out"])
        model.closed = {}
        for n, (reps, entries, ranks) in data["closed"].items():
            classes = tuple(model.rules.class_of(tuple(r)) for r in reps)
            if len(entries) != len(ranks) or any(not 0 <= e[0] < len(classes) for e in entries):
                raise ValueError("closed entries do not match their classes")
            model.closed[int(n)] = ClosedEntries(classes, tuple(entries), tuple(ranks))
        model.shown = {int(n): ShownEntries(tuple(items)) for n, items in data["shown"].items()}
        return model

    def shown_multiple(self, hand: Hand) -> int | None:
        """The player's multiple when this final hand is shown and settled at once, else None."""
        if (verdict := five_card_at_once(hand, self.preset)) is not None:
            return verdict.multiple
        if hand.bust and self.preset.bust.shown_at_once:
            return -(self.preset.bust.five_card if hand.five_card else 1)
        return None

    def _closed_entries(self, items: list[tuple[Ranks, float]]) -> ClosedEntries:
        local: dict[int, int] = {}  # global class id -> local class, in order of first use
        entries = tuple(
            (local.setdefault(self.rules.class_of(ranks), len(local)), phi, factors_of(ranks))
            for ranks, phi in items
        )
        return ClosedEntries(tuple(local), entries, tuple(ranks for ranks, _ in items))

    def sizes(self) -> tuple[int, ...]:
        return tuple(sorted(self.closed))


_MODELS: dict[tuple[Preset, Policy, Declared], Model] = {}


def model_for(preset: Preset, policy: Policy, declared: Declared) -> Model:
    """The model of a preset, policy and declaration: built once per process, or `remember`ed."""
    key = (preset, policy, declared)
    model = _MODELS.get(key)
    if model is None:
        model = Model(preset, policy, declared)
        remember(model)
    return model


def remember(model: Model) -> None:
    """Let `model_for` return `model` (one read from a cache) for its preset, policy and
    declaration; the 64 most recent are kept."""
    if len(_MODELS) >= 64:
        del _MODELS[next(iter(_MODELS))]
    _MODELS[(model.preset, model.policy, model.declared)] = model


def known_model(preset: Preset, policy: Policy, declared: Declared) -> Model | None:
    """The model `model_for` already holds, if any (nothing is built)."""
    return _MODELS.get((preset, policy, declared))


class Weights(NamedTuple):
    """Unnormalised weights of a closed hand's classes from one pool.

    `w[c]` is the chance that a player dealt from the pool ends closed with n cards in local class
    c; `moments[c][r]` the same weighted by how many cards of rank r the hand holds (what the
    dealer's next card cannot be). `total` is the sum of `w`.
    """

    classes: tuple[int, ...]
    w: tuple[float, ...]
    moments: tuple[tuple[float, ...], ...]
    total: float


_ZERO_ROW = (0.0,) * len(RANK_LABELS)


def closed_weights(model: Model, n: int, pool: Pool, moments: bool = True) -> Weights:
    """One pass over the n-card multisets of `model` for `pool` (docs/odds.md)."""
    entries = model.closed.get(n)
    if entries is None:
        return Weights((), (), (), 0.0)
    denominator = falling(sum(pool), n)
    count = len(entries.classes)
    if denominator <= 0:
        return Weights(entries.classes, (0.0,) * count, (_ZERO_ROW,) * count, 0.0)
    rows = [_falling_row(u) for u in pool]
    w = [0.0] * count
    mom = [[0.0] * len(RANK_LABELS) for _ in range(count)] if moments else []
    for cls, phi, factors in entries.entries:
        x = phi
        for r, c in factors:
            x *= rows[r][c]
        if x:
            w[cls] += x
            if moments:
                row = mom[cls]
                for r, c in factors:
                    row[r] += x * c
    scale = 1.0 / denominator
    wt = tuple(x * scale for x in w)
    mt = tuple(tuple(x * scale for x in row) for row in mom) if moments else ()
    return Weights(entries.classes, wt, mt, sum(wt))


class Outcome(NamedTuple):
    """One settlement class of a closed hand: a representative hand and its probability."""

    hand: Hand
    probability: float


class HandOdds(NamedTuple):
    """The distribution of a closed hand of `cards` cards (probabilities sum to 1)."""

    cards: int
    outcomes: tuple[Outcome, ...]
    likelihood: float  # chance, from this pool, that a player ends closed with this many cards
    minimum: int  # minimum.player of the preset

    @property
    def bust(self) -> float:
        return sum((o.probability for o in self.outcomes if o.hand.bust), 0.0)

    @property
    def five_dragon(self) -> float:
        """Five cards not bust (five-card 21 included)."""
        return sum(
            (o.probability for o in self.outcomes if o.hand.five_card and not o.hand.bust), 0.0
        )

    @property
    def triple_seven(self) -> float:
        return sum((o.probability for o in self.outcomes if o.hand.kind is Kind.TRIPLE_SEVEN), 0.0)

    @property
    def under(self) -> float:
        """Standing under minimum.player (an offence)."""
        return sum((o.probability for o in self.outcomes if is_short(o.hand, self.minimum)), 0.0)

    @property
    def instant(self) -> float:
        return sum((o.probability for o in self.outcomes if o.hand.kind in INSTANT_KINDS), 0.0)

    def totals(self) -> dict[int, float]:
        """P(total = t) for each total a hand not bust may have."""
        out: dict[int, float] = {}
        for o in self.outcomes:
            if not o.hand.bust:
                out[o.hand.total] = out.get(o.hand.total, 0.0) + o.probability
        return dict(sorted(out.items()))


def odds_from_weights(model: Model, cards: int, weights: Weights) -> HandOdds:
    """Normalise one pass of `closed_weights` into a HandOdds (weights.total must be > 0)."""
    reps = model.rules.representatives
    outcomes = [
        Outcome(reps[cid], w / weights.total)
        for cid, w in zip(weights.classes, weights.w, strict=True)
        if w > 0.0
    ]
    outcomes.sort(key=lambda o: (o.hand.bust, o.hand.total, o.hand.kind.value))
    return HandOdds(cards, tuple(outcomes), weights.total, model.preset.minimum.player)


def check_closed_size(preset: Preset, cards: int) -> None:
    """Refuse a card count a closed hand cannot have under the preset."""
    most = preset.points.max_cards
    if most >= 5 and preset.five_card.settle == "at-once":
        most = 4
    if not 2 <= cards <= most:
        at_once = cards == 5 and most == 4
        why = " (a five-card hand is shown at once: five_card.settle at-once)" if at_once else ""
        raise RuleError(f"a closed hand holds 2 to {most} cards, not {cards}{why}")
