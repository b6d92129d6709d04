"""The knobs of a ban-luck preset: every dotted key with its type, allowed values and meaning.

Kept apart from the preset's classes: reading or checking a preset file (`banluck rules list`)
needs the knobs only, not the frozen sections a preset is built of.
"""

from __future__ import annotations

from typing import Literal

from banluck.core.knobs import Knob, Schema, choices
from banluck.table.rotation import ROTATION_KNOBS

AceMode = Literal["by-count", "ten-or-one", "one-ten-eleven", "one-or-eleven"]
PlayerUnder = Literal["lose", "pay-all", "pay-for-dealer"]
DealerUnder = Literal["pay-all", "off"]
FiveCardSettle = Literal["at-once", "when-opened"]
BothBust = Literal["push", "player-loses"]
SameInstant = Literal["push", "player-wins", "dealer-wins"]
FiveVsFive = Literal["push", "higher-wins", "lower-wins", "dealer-wins"]
TripleSevenVs21 = Literal["push", "player-wins"]
FifteenMode = Literal["off", "free-hand", "run", "run-dealer-only", "hard-15-surrender"]


KNOBS: tuple[Knob, ...] = (
    Knob("name", str, "the preset's name"),
    Knob("description", str, "one line about the house"),
    Knob("decks", int, "decks in the shoe: cards are checked against this", low=1, high=8),
    Knob("points.ace", str, "what an ace is worth by hand size", choices=choices(AceMode)),
    Knob("points.max_cards", int, "most cards a hand may hold", low=2, high=5),
    Knob("minimum.player", int, "a player below this must draw", low=0, high=21),
    Knob("minimum.dealer", int, "the dealer below this must draw", low=0, high=21),
    Knob(
        "minimum.player_under",
        str,
        "what a player standing under his minimum pays",
        choices=choices(PlayerUnder),
    ),
    Knob(
        "minimum.pay_for_dealer_cap",
        int,
        "pay-for-dealer: most an offender covers, in his own stakes",
        low=0,
        high=1000,
    ),
    Knob(
        "minimum.dealer_under",
        str,
        "what a dealer stopping under his minimum pays",
        choices=choices(DealerUnder),
    ),
    Knob("reveal.dealer_min", int, "the dealer may open hands from this total", low=0, high=21),
    Knob("reveal.dealer_21_opens_all", bool, "a dealer at 21 opens every closed hand"),
    Knob("payouts.ban_ban", int, "multiple for A+A in the first two cards", low=1, high=1000),
    Knob("payouts.ban_luck", int, "multiple for A+10/J/Q/K in the first two", low=1, high=1000),
    Knob("payouts.triple_seven", int, "multiple for 7-7-7 (0: no such hand)", low=0, high=1000),
    Knob("payouts.five_dragon", int, "multiple for five cards not bust", low=1, high=1000),
    Knob("payouts.five_card_21", int, "multiple for five cards making 21", low=1, high=1000),
    Knob("payouts.twenty_one", int, "multiple for any other 21", low=1, high=1000),
    Knob(
        "five_card.settle",
        str,
        "a player's five-card hand is paid at once or when opened",
        choices=choices(FiveCardSettle),
    ),
    Knob("bust.five_card", int, "what a player's five-card bust loses", low=1, high=1000),
    Knob("bust.dealer_five_card", int, "what a dealer's five-card bust pays", low=1, high=1000),
    Knob("bust.both_bust", str, "player and dealer both bust", choices=choices(BothBust)),
    Knob("bust.shown_at_once", bool, "a player's bust is shown and paid at once"),
    Knob(
        "bust.late_as_shown",
        bool,
        "with bust.shown_at_once: a bust entered late (opened) costs what it cost when shown",
        since=2,
        default=False,  # what banluck did before this knob: settled against the dealer's hand
    ),
    Knob(
        "bust.shown_ends_turn",
        bool,
        "a bust shown where it is not paid at once ends that player's turn (no more hits)",
        since=2,
        default=False,  # what banluck did before this knob: a hit after a shown bust was taken
    ),
    Knob(
        "bust.heavy",
        int,
        "a bust of this or more counts as standing short (0: off)",
        low=0,
        high=60,
    ),
    Knob("ties.same_instant", str, "both hold the same instant hand", choices=choices(SameInstant)),
    Knob(
        "ties.five_vs_five",
        str,
        "five-card hand against five-card hand",
        choices=choices(FiveVsFive),
    ),
    Knob("ties.triple_seven_vs_21", str, "7-7-7 against a 21", choices=choices(TripleSevenVs21)),
    Knob("fifteen.mode", str, "what a two-card 15 may do", choices=choices(FifteenMode)),
    Knob("fifteen.burn", bool, "a two-card 15 may burn: stake doubled, two new cards"),
    *ROTATION_KNOBS,
)
KNOB_BY_KEY: dict[str, Knob] = {k.key: k for k in KNOBS}

GAME = "ban-luck"
VERSION = 2
"""Version 1: the files banluck 0.1 wrote, without `game` and `version`. Version 2 adds
`bust.late_as_shown` and `bust.shown_ends_turn` (a version-1 file takes false for both: its nights
settle and replay as they always did)."""
SCHEMA = Schema(GAME, VERSION, KNOBS)
