"""A ban-luck preset: a frozen object read from TOML, each field meaning one thing; the rule code
reads fields, never a preset's name. Its knobs are `KNOBS` (.schema), read by the strict loader
(banluck.core.knobs)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from banluck.core.knobs import Schema, SectionedPreset
from banluck.games.banluck import schema
from banluck.games.banluck.schema import KNOB_BY_KEY, KNOBS, SCHEMA  # noqa: F401  (read here too)
from banluck.table.preset import sections
from banluck.table.rotation import Rotation


@dataclass(frozen=True, slots=True)
class Points:
    """How cards count (docs/rules.md §2)."""

    ace: schema.AceMode
    max_cards: int


@dataclass(frozen=True, slots=True)
class Minimum:
    """The minimums below which one must draw, and what standing short costs (§6)."""

    player: int
    dealer: int
    player_under: schema.PlayerUnder
    pay_for_dealer_cap: int
    dealer_under: schema.DealerUnder


@dataclass(frozen=True, slots=True)
class Reveal:
    """When the dealer may open closed hands (§1, §6)."""

    dealer_min: int
    dealer_21_opens_all: bool


@dataclass(frozen=True, slots=True)
class Payouts:
    """Multiples of the stake for the named hands (§3), paid both ways."""

    ban_ban: int
    ban_luck: int
    triple_seven: int
    five_dragon: int
    five_card_21: int
    twenty_one: int


@dataclass(frozen=True, slots=True)
class FiveCard:
    """When a player's five-card hand is settled (§1)."""

    settle: schema.FiveCardSettle


@dataclass(frozen=True, slots=True)
class Bust:
    """What busts cost (§4, §6)."""

    five_card: int
    dealer_five_card: int
    both_bust: schema.BothBust
    shown_at_once: bool
    heavy: int
    late_as_shown: bool
    shown_ends_turn: bool


@dataclass(frozen=True, slots=True)
class Ties:
    """Who wins when both sides hold the same class of hand (§4)."""

    same_instant: schema.SameInstant
    five_vs_five: schema.FiveVsFive
    triple_seven_vs_21: schema.TripleSevenVs21


@dataclass(frozen=True, slots=True)
class Fifteen:
    """What a two-card 15 may do (§5)."""

    mode: schema.FifteenMode
    burn: bool


_SECTIONS = sections(Points, Minimum, Reveal, Payouts, FiveCard, Bust, Ties, Fifteen, Rotation)


@dataclass(frozen=True, slots=True)
class Preset(SectionedPreset):
    """The house rules of one table. Build it with `Preset.from_mapping`."""

    name: str
    description: str
    decks: int
    points: Points
    minimum: Minimum
    reveal: Reveal
    payouts: Payouts
    five_card: FiveCard
    bust: Bust
    ties: Ties
    fifteen: Fifteen
    rotation: Rotation

    game: ClassVar[str] = schema.GAME
    version: ClassVar[int] = schema.VERSION
    SCHEMA: ClassVar[Schema] = SCHEMA
    SECTIONS: ClassVar[Mapping[str, type]] = _SECTIONS


PRESET = Preset  # what banluck.app.games looks up by a preset's `game`
