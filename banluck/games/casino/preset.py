"""A casino-blackjack preset: a frozen object read from TOML, each field meaning one thing.

The rule code reads fields; it never checks a preset's name. `KNOBS` is the schema (docs/casino.md):
every dotted key with its type, its allowed values and a one-line meaning.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from banluck.core.knobs import Knob, Schema, SectionedPreset, choices
from banluck.table.rotation import ROTATION_KNOBS, Rotation

HoleCard = Literal["peek", "no-hole-card"]
NoHoleCardLoses = Literal["all", "original"]
BlackjackPays = Literal["3:2", "6:5", "1:1", "2:1"]
DoubleOn = Literal["any", "hard", "9-11", "10-11"]
SurrenderMode = Literal["none", "late", "late-not-vs-ace"]

KNOBS: tuple[Knob, ...] = (
    Knob("name", str, "the preset's name"),
    Knob("description", str, "one line about the house"),
    Knob("decks", int, "decks in the shoe: cards are checked against this", low=1, high=8),
    Knob("dealer.hits_soft_17", bool, "the dealer draws to a soft 17"),
    Knob(
        "dealer.hole_card",
        str,
        "peek: a hole card, peeked under an ace or ten; no-hole-card: his second card at his turn",
        choices=choices(HoleCard),
    ),
    Knob(
        "dealer.no_hole_card_loses",
        str,
        "no hole card: a dealer blackjack takes all the box's bets or the original bet only",
        choices=choices(NoHoleCardLoses),
    ),
    Knob("payouts.blackjack", str, "what a blackjack pays", choices=choices(BlackjackPays)),
    Knob("double.on", str, "which two-card hands may double", choices=choices(DoubleOn)),
    Knob("double.after_split", bool, "a split hand may double"),
    Knob("split.max_hands", int, "most hands a box may split into (1: no split)", low=1, high=4),
    Knob("split.resplit_aces", bool, "a split ace dealt an ace may split again"),
    Knob("split.aces_one_card", bool, "split aces take one card each"),
    Knob("split.unlike_tens", bool, "any two ten-cards may split (K-Q), not only a pair"),
    Knob(
        "surrender.mode", str, "late surrender, half the bet back", choices=choices(SurrenderMode)
    ),
    Knob("insurance.offered", bool, "insurance against an ace: half the bet, pays 2:1"),
    Knob("insurance.even_money", bool, "a blackjack against an ace may take 1:1 at once"),
    *ROTATION_KNOBS,
)
KNOB_BY_KEY: dict[str, Knob] = {k.key: k for k in KNOBS}

GAME = "casino"
VERSION = 1
SCHEMA = Schema(GAME, VERSION, KNOBS)


@dataclass(frozen=True, slots=True)
class Dealer:
    hits_soft_17: bool
    hole_card: HoleCard
    no_hole_card_loses: NoHoleCardLoses


@dataclass(frozen=True, slots=True)
class Payouts:
    blackjack: BlackjackPays

    @property
    def ratio(self) -> tuple[int, int]:
        """The blackjack's payout as (numerator, denominator): 3:2 is (3, 2)."""
        num, den = self.blackjack.split(":")
        return int(num), int(den)


@dataclass(frozen=True, slots=True)
class Double:
    on: DoubleOn
    after_split: bool


@dataclass(frozen=True, slots=True)
class Split:
    max_hands: int
    resplit_aces: bool
    aces_one_card: bool
    unlike_tens: bool


@dataclass(frozen=True, slots=True)
class Surrender:
    mode: SurrenderMode


@dataclass(frozen=True, slots=True)
class Insurance:
    offered: bool
    even_money: bool


_SECTIONS: dict[str, type] = {
    "dealer": Dealer,
    "payouts": Payouts,
    "double": Double,
    "split": Split,
    "surrender": Surrender,
    "insurance": Insurance,
    "rotation": Rotation,
}


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

    game: ClassVar[str] = GAME
    version: ClassVar[int] = VERSION
    SCHEMA: ClassVar[Schema] = SCHEMA
    SECTIONS: ClassVar[Mapping[str, type]] = _SECTIONS


PRESET = Preset  # what banluck.app.games looks up by a preset's `game`
