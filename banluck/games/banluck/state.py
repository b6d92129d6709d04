"""The state of one round, computed by replaying its actions (never stored as the truth)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from banluck.core.cards import Card
from banluck.games.banluck.hands import Hand, Kind, first_two_kind
from banluck.games.banluck.preset import Preset

if TYPE_CHECKING:
    from banluck.table.seating import Table


@dataclass(frozen=True, slots=True)
class Settlement:
    """How one player's stake was settled with the dealer, in money (+ the player wins)."""

    amount: int
    reason: str
    kind: str = ""  # the player's hand kind when known
    offence: bool = False  # stood short / bust heavy: the round adds the house's side payments
    instant: bool = False  # an instant hand (excluded from pay-for-dealer cover)
    penalty: bool = False  # a dealer penalty (excluded from pay-for-dealer cover)
    shown_late: bool = False  # a bust shown at once in this house, entered only when opened


@dataclass(slots=True)
class PlayerState:
    """One player in the round. The dealer never sees a closed hand: only its card count is known,
    plus the cards that were seen (`hit Carol 5`) or shown."""

    name: str
    stake: int
    count: int = 2
    seen: list[Card] = field(default_factory=list)
    acted: bool = False  # has hit or stood: the instant check is over for him
    stood: bool = False
    shown_bust: bool = False  # showed a bust not paid at once: his turn is over, unsettled
    stake_before_burn: int | None = None  # set by the dealer's burn: what a forfeit loses
    settlement: Settlement | None = None

    @property
    def settled(self) -> bool:
        return self.settlement is not None

    @property
    def known(self) -> bool:
        """Every card of the hand is known."""
        return len(self.seen) == self.count

    def hand(self, preset: Preset) -> Hand | None:
        return Hand.of(self.seen, preset) if self.known else None


@dataclass(slots=True)
class RoundState:
    preset: Preset
    dealer: str
    players: dict[str, PlayerState]
    dealer_cards: list[Card] = field(default_factory=list)
    dealer_stopped: bool = False
    dealer_burned: bool = False  # burned: waiting for his two new cards
    burned_cards: list[Card] = field(default_factory=list)
    ended: str | None = None  # "void" or "dealer-run": the round ended early
    void_all: bool = False  # a void that cancels settlements already made

    # -- the dealer ---------------------------------------------------------------------------
    def dealer_hand(self) -> Hand:
        return Hand.of(self.dealer_cards, self.preset)

    def dealer_instant(self) -> Kind | None:
        return first_two_kind(self.dealer_cards)

    def dealer_done(self) -> str | None:
        """Why the dealer may draw no more, or None while he may."""
        if self.dealer_stopped:
            return "the dealer has stopped"
        hand = self.dealer_hand()
        if hand.bust:
            return f"the dealer is bust ({hand.total})"
        if hand.size >= self.preset.points.max_cards:
            return f"the dealer holds {hand.size} cards (points.max_cards)"
        if hand.total == 21 and self.preset.reveal.dealer_21_opens_all:
            return "the dealer has 21 and opens everyone (reveal.dealer_21_opens_all)"
        return None

    # -- the players --------------------------------------------------------------------------
    def open_players(self) -> list[PlayerState]:
        return [p for p in self.players.values() if not p.settled]

    def _holds_up(self, p: PlayerState) -> str | None:
        """What player `p` holds up the dealer's turn for: "show" (his cards must be shown),
        "play" (he is still to hit or stand), or None."""
        if p.settlement is not None or p.shown_bust:
            return None
        if p.count >= self.preset.points.max_cards:
            at_once = self.preset.five_card.settle == "at-once"
            return "show" if at_once and len(p.seen) != p.count else None
        return None if p.stood else "play"

    def to_play(self, p: PlayerState) -> str | None:
        """Why player `p` holds up the dealer's turn, or None."""
        why = self._holds_up(p)
        if why == "show":
            return f"{p.name} holds {p.count} cards: they must be shown (five_card.settle)"
        if why == "play":
            return f"{p.name} is still to play (hit {p.name} or stand {p.name})"
        return None

    def waiting_for(self) -> list[str]:
        return [why for p in self.players.values() if (why := self.to_play(p))]

    def all_cards(self) -> list[Card]:
        seen = (c for p in self.players.values() for c in p.seen)
        return [*self.dealer_cards, *self.burned_cards, *seen]

    # -- the phase ----------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.ended is not None or all(p.settled for p in self.players.values())

    @property
    def phase(self) -> str:
        """deal, showdown, players, dealer or done."""
        if self.done:
            return "done"
        if self.dealer_burned or len(self.dealer_cards) < 2:
            return "deal"
        if self.dealer_instant() is not None:
            return "showdown"
        if any(self._holds_up(p) for p in self.players.values()):  # waiting_for(), unwritten
            return "players"
        return "dealer"

    def describe(self) -> str:
        """The state in a few words, for refusals."""
        phase = self.phase
        if phase == "deal":
            return "the dealer's two cards are not entered yet"
        if phase == "done":
            return "the round is over"
        hand = self.dealer_hand()
        return f"{phase} phase, dealer holds {' '.join(map(str, hand.cards))} ({hand.label})"

    def pending(self) -> str:
        """What the round is waiting for, in a few words."""
        if self.phase == "deal":
            return "the dealer's two cards are not entered"
        if self.waiting_for():  # who holds the turn up, each named once (as the hint does)
            held = [(p.name, self._holds_up(p)) for p in self.players.values()]
            parts = []
            if play := [name for name, why in held if why == "play"]:
                parts.append(f"to play: {', '.join(play)} (hit or stand)")
            if show := [name for name, why in held if why == "show"]:
                parts.append(f"to show: {', '.join(show)} (five_card.settle)")
            return "; ".join(parts)
        closed = ", ".join(p.name for p in self.open_players())
        return f"still to be opened: {closed}"

    def kinds(self) -> dict[str, str]:
        """Each person's hand kind where known (the dealer's, and every settled player's)."""
        kinds: dict[str, str] = {}
        if len(self.dealer_cards) >= 2:
            kinds[self.dealer] = str(self.dealer_hand().kind)
        for p in self.players.values():
            if p.settlement is not None and p.settlement.kind:
                kinds[p.name] = p.settlement.kind
        return kinds


def fresh_state(table: Table) -> RoundState:
    """The round just dealt: each player at his stake, nothing seen yet."""
    preset = table.preset
    if not isinstance(preset, Preset):
        raise TypeError(f"a ban-luck round needs a ban-luck preset, not {preset.game}")
    players = {name: PlayerState(name, stake) for name, stake in table.stakes.items()}
    return RoundState(preset, table.dealer, players)
