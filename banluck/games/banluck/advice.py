"""The dealer's advisor: open a closed hand now, or draw one more card first? (pure, no I/O)

Each value is exact over the joint of the player's hand and the dealer's next cards (by
exchangeability: the player's moments per settlement class, then the same computation on a smaller
pool), a one-card lookahead for one player at a time; the suggested order opens every player worth
opening now, most cards first, then draws (docs/odds.md, "The advice").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, NamedTuple

from banluck.core.cards import Card
from banluck.core.errors import CardError, RuleError
from banluck.games.banluck.hands import INSTANT_KINDS, Hand
from banluck.games.banluck.odds import (
    DEFAULT_POLICY,
    RANKS,
    Declared,
    HandOdds,
    Model,
    Policy,
    Pool,
    Ranks,
    Weights,
    add_rank,
    check_closed_size,
    closed_weights,
    model_for,
    odds_from_weights,
    ranks_of,
    unseen_pool,
)
from banluck.games.banluck.preset import Preset

if TYPE_CHECKING:  # the round's state: only `advise_round` takes one
    from banluck.games.banluck.state import RoundState

DealerState = Literal["terminal", "may-open", "must-draw"]


def open_minimum(preset: Preset) -> int:
    """The least total at which the dealer opens hands: reveal.dealer_min, or minimum.dealer
    where that is higher (a hand under it would count as the dealer stopping short)."""
    if preset.minimum.dealer_under == "off":
        return preset.reveal.dealer_min
    return max(preset.reveal.dealer_min, preset.minimum.dealer)


def dealer_state(hand: Hand, preset: Preset) -> DealerState:
    """terminal: bust, 21 or a full hand (everyone is opened); may-open; must-draw."""
    if hand.bust or hand.total >= 21 or hand.size >= preset.points.max_cards:
        return "terminal"
    if hand.total < open_minimum(preset):
        return "must-draw"
    return "may-open"


class Lookahead:
    """Open-now and draw-first values for closed hands of one size under one model.

    Values are unnormalised: they are sums over the player's hands of w(M) times the dealer's
    result, so dividing by `Weights.total` of the same pool gives the expectation. Two values
    for the same pool compare directly.
    """

    def __init__(
        self, model: Model, cards: int, weigh: Callable[[Pool], Weights] | None = None
    ) -> None:
        self.model = model
        self.cards = cards
        self.rules = model.rules
        self.preset = model.preset
        # `weigh(pool)`: closed_weights(model, cards, pool, moments=True), or a faster equal
        self.weigh = weigh or (lambda pool: closed_weights(model, cards, pool, moments=True))
        entries = model.closed.get(cards)
        self._classes = entries.classes if entries is not None else ()
        self._own_multiples = lru_cache(maxsize=None)(self._multiples_of)

    def settle_both(
        self, classes: Sequence[int], w: Sequence[float], dealer: Ranks
    ) -> tuple[float, float]:
        """The dealer's result opening the classes `classes` holding `dealer`, and its square,
        each summed over the classes weighted by `w`."""
        multiples = self.multiples(classes, dealer)
        first = second = 0.0
        for x, s in zip(w, multiples, strict=True):
            if x:
                first += -x * s  # s is the player's multiple: the dealer gets -s
                second += x * s * s
        return first, second

    def multiples(self, classes: Sequence[int], dealer: Ranks) -> Sequence[int]:
        """The player's multiple of each class in `classes` against the dealer's `dealer`."""
        dealer_class = self.rules.class_of(dealer)
        if classes is self._classes:
            return self._own_multiples(dealer_class)
        return [self.rules.player_multiple(cid, dealer_class) for cid in classes]

    def _multiples_of(self, dealer_class: int) -> tuple[int, ...]:
        """`multiples` of this size's own classes, by the dealer's class (memoised)."""
        multiple = self.rules.player_multiple
        return tuple(multiple(cid, dealer_class) for cid in self._classes)

    def draw_value(self, dealer: Ranks, pool: Pool, weights: Weights | None = None) -> float:
        """Sum of w(M) * dealer's result when he draws first and opens as soon as he may.

        `weights`, when given, is `closed_weights(..., pool, moments=True)` already computed.
        """
        if weights is None or not weights.moments:
            weights = self.weigh(pool)
        whole = sum(pool)
        remaining = whole - self.cards
        if weights.total <= 0.0 or remaining <= 0:
            return 0.0  # remaining 0: every unseen card is in his hand, none for the dealer
        total = 0.0
        for r in RANKS:
            u = pool[r]
            if u == 0:
                continue
            nxt = add_rank(dealer, r)
            if dealer_state(self.rules.hand(nxt), self.preset) == "must-draw":
                smaller = (*pool[:r], u - 1, *pool[r + 1 :])
                total += u / whole * self.draw_value(nxt, smaller)
                continue
            w = [u * x - m[r] for x, m in zip(weights.w, weights.moments, strict=True)]
            total += self.settle_both(weights.classes, w, nxt)[0] / remaining
        return total


class ClosedPlayer(NamedTuple):
    """A closed hand at the dealer's turn: who, how many cards, how he plays, what he declared."""

    name: str
    cards: int
    policy: Policy = DEFAULT_POLICY
    declared: Declared = "no-instant"


class PlayerAdvice(NamedTuple):
    """The dealer's expected result against one closed player (stakes, + the dealer wins)."""

    name: str
    cards: int
    odds: HandOdds
    open_now: float | None  # None: the dealer may not open yet
    draw_first: float | None  # None: the dealer may not draw (21, five cards, bust)
    action: Literal["open", "draw"]

    @property
    def gain_from_opening(self) -> float | None:
        if self.open_now is None or self.draw_first is None:
            return None
        return self.open_now - self.draw_first


class Advice(NamedTuple):
    """What the dealer should do now: the line of each closed player and the order to open."""

    dealer: Hand
    can_open: bool
    can_draw: bool
    players: tuple[PlayerAdvice, ...]
    order: tuple[str, ...]  # open these now, in this order
    then_draw: bool  # after opening them, draw (someone is left who is better opened later)

    def summary(self) -> str:
        """One line: what to do now."""
        if not self.players:
            return "no closed hand"
        opening = "open " + ", ".join(self.order) if self.order else ""
        if opening and self.then_draw:
            return opening + ", then draw"
        return opening or "draw"


def advise(
    preset: Preset, dealer: Sequence[Card], seen: Sequence[Card], players: Sequence[ClosedPlayer]
) -> Advice:
    """Open-now against draw-first for each closed player (docs/odds.md, "The advice")."""
    dealer = tuple(dealer)
    if not 2 <= len(dealer) <= preset.points.max_cards:
        raise CardError(
            f"the dealer holds 2 to {preset.points.max_cards} cards, not {len(dealer)}:"
            " check the dealer's cards"
        )
    pool = unseen_pool([*dealer, *seen], preset.decks)
    needed = sum(p.cards for p in players)
    if needed > sum(pool):
        raise CardError(
            f"the closed hands hold {needed} cards but only {sum(pool)} are unseen:"
            " check the cards entered"
        )
    dealer_ranks = ranks_of(dealer)
    dealer_hand = Hand.of(dealer, preset)
    if dealer_hand.kind in INSTANT_KINDS:
        raise RuleError(
            f"the dealer holds {dealer_hand.kind}: the round ended at the instant check"
        )
    state = dealer_state(dealer_hand, preset)
    can_open = state != "must-draw"
    can_draw = state != "terminal"
    cache: dict[tuple[Policy, Declared, int], tuple[HandOdds, float | None, float | None]] = {}
    advice: list[PlayerAdvice] = []
    for player in players:
        check_closed_size(preset, player.cards)
        key = (player.policy, player.declared, player.cards)
        if key not in cache:
            cache[key] = _evaluate(preset, player, pool, dealer_ranks, can_open, can_draw)
        odds, now, draw = cache[key]
        opens = now is not None and (draw is None or now >= draw)
        action: Literal["open", "draw"] = "open" if opens else "draw"
        advice.append(PlayerAdvice(player.name, player.cards, odds, now, draw, action))
    to_open = sorted(
        (a for a in advice if a.action == "open"),
        key=lambda a: (-a.cards, -(a.gain_from_opening or 0.0)),
    )
    return Advice(
        dealer_hand,
        can_open,
        can_draw,
        tuple(advice),
        tuple(a.name for a in to_open),
        can_draw and len(to_open) < len(advice),
    )


def _evaluate(
    preset: Preset, player: ClosedPlayer, pool: Pool, dealer: Ranks, can_open: bool, can_draw: bool
) -> tuple[HandOdds, float | None, float | None]:
    model = model_for(preset, player.policy, player.declared)
    weights = closed_weights(model, player.cards, pool, moments=can_draw)
    if weights.total <= 0.0:
        raise RuleError(
            f"{player.name} cannot hold a closed hand of {player.cards} cards with these unseen"
            " cards and rules: check the cards entered and the card count"
        )
    odds = odds_from_weights(model, player.cards, weights)
    look = Lookahead(model, player.cards)
    whole = weights.total
    now = look.settle_both(weights.classes, weights.w, dealer)[0] / whole if can_open else None
    draw = look.draw_value(dealer, pool, weights) / whole if can_draw else None
    return odds, now, draw


def advise_round(state: RoundState) -> Advice:
    """The advice for the round being played, at the dealer's turn (the console's `odds`)."""
    if state.phase != "dealer":
        raise RuleError("odds are for the dealer's turn: when every player has stood")
    closed = [ClosedPlayer(p.name, p.count) for p in state.open_players()]
    seen = [c for p in state.players.values() if p.settled for c in p.seen]
    seen += list(state.burned_cards)
    return advise(state.preset, tuple(state.dealer_cards), tuple(seen), closed)
