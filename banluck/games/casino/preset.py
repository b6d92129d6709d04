"""A casino-blackjack preset: a frozen object read from TOML, each field meaning one thing; the
rule code reads fields, never a preset's name. Its knobs are `KNOBS` (.schema, docs/casino.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from banluck.core.knobs import Schema, SectionedPreset
from banluck.games.casino import schema
from banluck.table.preset import sections
from banluck.table.rotation import Rotation


@dataclass(frozen=True, slots=True)
class Dealer:
    hits_soft_17: bool
    hole_card: schema.HoleCard
    no_hole_card_loses: schema.NoHoleCardLoses


@dataclass(frozen=True, slots=True)
class Payouts:
    blackjack: schema.BlackjackPays

    @property
    def ratio(self) -> tuple[int, int]:
        """The blackjack's payout as (numerator, denominator): 3:2 is (3, 2)."""
        num, den = self.blackjack.split(":")
        return int(num), int(den)


@dataclass(frozen=True, slots=True)
class Double:
    on: schema.DoubleOn
    after_split: bool


@dataclass(frozen=True, slots=True)
class Split:
    max_hands: int
    resplit_aces: bool
    aces_one_card: bool
    unlike_tens: bool


@dataclass(frozen=True, slots=True)
class Surrender:
    mode: schema.SurrenderMode


@dataclass(frozen=True, slots=True)
class Insurance:
    offered: bool
    even_money: bool


@dataclass(frozen=True, slots=True)
class SideBets:
    """Each side bet's pay table, best category first; an empty one is a bet not offered."""

    perfect_pairs: tuple[int, ...]
    twenty_one_plus_three: tuple[int, ...]
    dealer_pair: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Bingo:
    offered: bool
    jackpot: int
    full_house: int
    four_corners: int
    up_corner: int
    down_corner: int
    down: int
    up: int


@dataclass(frozen=True, slots=True)
class Limits:
    bank: int


@dataclass(frozen=True, slots=True)
class Boxes:
    bettors: int
    per_seat: int


@dataclass(frozen=True, slots=True)
class Tournament:
    hands: int
    cutoffs: tuple[int, ...]
    min_bet: int
    max_bet: int
    prizes: tuple[int, ...]


_SECTIONS = sections(Dealer, Payouts, Double, Split, Surrender, Insurance, Rotation)
_SECTIONS |= sections(SideBets, Bingo, Limits, Boxes, Tournament)  # version 2's


@dataclass(frozen=True, slots=True)
class Preset(SectionedPreset):
    """The house rules of one casino-blackjack table. Build it with `Preset.from_mapping`."""

    name: str
    description: str
    decks: int
    dealer: Dealer
    payouts: Payouts
    double: Double
    split: Split
    surrender: Surrender
    insurance: Insurance
    rotation: Rotation
    side_bets: SideBets
    bingo: Bingo
    limits: Limits
    boxes: Boxes
    tournament: Tournament

    game: ClassVar[str] = schema.GAME
    version: ClassVar[int] = schema.VERSION
    SCHEMA: ClassVar[Schema] = schema.SCHEMA
    SECTIONS: ClassVar[Mapping[str, type]] = _SECTIONS


PRESET = Preset  # what banluck.app.games looks up by a preset's `game`
