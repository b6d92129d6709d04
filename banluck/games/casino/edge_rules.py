"""The knobs the casino house-edge lab depends on (`Rules`), read from a casino preset
(`rules_of`); docs/casino-edge.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from banluck.games.casino.dealer_odds import Shoe

PAYOUTS = {"3:2": 1.5, "6:5": 1.2, "1:1": 1.0, "2:1": 2.0}
DOUBLE_ON = ("any", "hard", "9-11", "10-11")
SURRENDER = ("none", "late", "late-not-vs-ace")
# How split hands are valued: "exact" (CDZ-, every card accounted for), or one of two
# approximations (module docstring)
SPLIT_METHODS = ("exact", "pair-cards", "fixed")


@dataclass(frozen=True, slots=True)
class Rules:
    """The knobs of a casino preset that the edge depends on (CASINO.md §2, flattened)."""

    decks: int = 8
    hits_soft_17: bool = False
    hole_card: Literal["peek", "no-hole-card"] = "peek"
    no_hole_card_loses: Literal["all", "original"] = "all"
    blackjack_pays: str = "3:2"
    double_on: str = "any"
    double_after_split: bool = True
    split_max_hands: int = 2
    resplit_aces: bool = False
    aces_one_card: bool = True
    unlike_tens: bool = True
    surrender: str = "late"
    insurance_offered: bool = True
    even_money: bool = True

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise ValueError(f"decks = {self.decks}: give 1 to 8")
        if self.hole_card not in ("peek", "no-hole-card"):
            raise ValueError(f"hole_card = {self.hole_card!r}: give peek or no-hole-card")
        if self.no_hole_card_loses not in ("all", "original"):
            raise ValueError(f"no_hole_card_loses = {self.no_hole_card_loses!r}: all or original")
        if self.blackjack_pays not in PAYOUTS:
            raise ValueError(f"blackjack_pays = {self.blackjack_pays!r}: one of {list(PAYOUTS)}")
        if self.double_on not in DOUBLE_ON:
            raise ValueError(f"double_on = {self.double_on!r}: one of {list(DOUBLE_ON)}")
        if not 1 <= self.split_max_hands <= 4:
            raise ValueError(f"split_max_hands = {self.split_max_hands}: give 1 to 4")
        if self.surrender not in SURRENDER:
            raise ValueError(f"surrender = {self.surrender!r}: one of {list(SURRENDER)}")

    @property
    def payout(self) -> float:
        return PAYOUTS[self.blackjack_pays]

    @property
    def loses_all(self) -> bool:
        """A dealer blackjack found after the player acted takes every bet (no hole card, all)."""
        return self.hole_card == "no-hole-card" and self.no_hole_card_loses == "all"

    def shoe(self) -> Shoe:
        return (4 * self.decks,) * 9 + (16 * self.decks,)


def rules_of(preset: Any) -> Rules:
    """The lab's rules from a casino preset (attribute access, CASINO.md §2 dotted names)."""
    return Rules(
        decks=int(preset.decks),
        hits_soft_17=bool(preset.dealer.hits_soft_17),
        hole_card=preset.dealer.hole_card,
        no_hole_card_loses=preset.dealer.no_hole_card_loses,
        blackjack_pays=str(preset.payouts.blackjack),
        double_on=str(preset.double.on),
        double_after_split=bool(preset.double.after_split),
        split_max_hands=int(preset.split.max_hands),
        resplit_aces=bool(preset.split.resplit_aces),
        aces_one_card=bool(preset.split.aces_one_card),
        unlike_tens=bool(preset.split.unlike_tens),
        surrender=str(preset.surrender.mode),
        insurance_offered=bool(preset.insurance.offered),
        even_money=bool(preset.insurance.even_money),
    )
