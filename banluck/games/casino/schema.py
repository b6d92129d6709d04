"""The knobs of a casino-blackjack preset (docs/casino.md): every dotted key with its type,
allowed values and meaning.

Kept apart from the preset's classes: reading or checking a preset file (`banluck rules list`)
needs the knobs only, not the frozen sections a preset is built of.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any, Literal

from banluck.core.knobs import Knob, Schema, choices
from banluck.table.rotation import ROTATION_KNOBS

HoleCard = Literal["peek", "no-hole-card"]
NoHoleCardLoses = Literal["all", "original"]
BlackjackPays = Literal["3:2", "6:5", "1:1", "2:1"]
DoubleOn = Literal["any", "hard", "9-11", "10-11"]
SurrenderMode = Literal["none", "late", "late-not-vs-ace"]


def _v2(key: str, kind: type, help: str, default: object, **bounds: Any) -> Knob:
    """A knob added in version 2: a preset file of version 1 takes `default`."""
    return Knob(key, kind, help, since=2, default=default, **bounds)


def _side_bet(key: str, help: str, most: int) -> Knob:
    """A side bet's pay table (version 2): up to `most` multiples, best category first."""
    return _v2(f"side_bets.{key}", list, help, [], low=1, high=1000, most=most)


def _bingo_pays(key: str, help: str, default: int) -> Knob:
    """What one Bingo pattern pays (version 2), to 1."""
    return _v2(f"bingo.{key}", int, help, default, low=1, high=10_000)


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
    # version 2: side bets, the Bingo table, the bank's limit, boxes and tournaments (CASINO.md §4-7)
    _side_bet(
        "perfect_pairs",
        "Perfect Pairs pays, to 1: perfect / coloured / red-black pair ([] turns it off)",
        most=3,
    ),
    _side_bet(
        "twenty_one_plus_three",
        "21+3 pays, to 1: suited trips / straight flush / trips / straight / flush ([] off)",
        most=5,
    ),
    _side_bet(
        "dealer_pair",
        "Dealer's Pair pays, to 1: perfect / coloured / red-black pair of the dealer's first two",
        most=3,
    ),
    _v2("bingo.offered", bool, "a Bingo card may be bought on a seat", False),
    _bingo_pays("jackpot", "17 18 19 20 21 BJ marked in that order pays, to 1", default=100),
    _bingo_pays("full_house", "all six totals marked pays, to 1", default=15),
    _bingo_pays("four_corners", "17 18 19 21 held at cash-out pays, to 1", default=5),
    _bingo_pays("up_corner", "18 19 20 held at cash-out pays, to 1", default=3),
    _bingo_pays("down_corner", "17 21 BJ held at cash-out pays, to 1", default=3),
    _bingo_pays("down", "18 19 BJ held at cash-out pays, to 1", default=3),
    _bingo_pays("up", "17 20 21 held at cash-out pays, to 1", default=3),
    _v2("limits.bank", int, "the most the bank can lose in one round (0: no limit)", 0, low=0),
    _v2("boxes.bettors", int, "most bettors on one box, its owner included", 1, low=1, high=3),
    _v2("boxes.per_seat", int, "most boxes one player may play at once", 1, low=1, high=5),
    _v2("tournament.hands", int, "hands in a tournament", 30, low=1, high=1000),
    _v2(
        "tournament.cutoffs",
        list,
        "the hands after which the lowest stack is out",
        [8, 16, 25],
        low=1,
        high=1000,
        most=50,
    ),
    _v2("tournament.min_bet", int, "the smallest bet of a hand, in chips", 10, low=1),
    _v2("tournament.max_bet", int, "the largest bet of a hand, in chips", 500, low=1),
    _v2(
        "tournament.prizes",
        list,
        "the prizes, percent of the pool, best stack first (they sum to 100)",
        [70, 30],
        low=1,
        high=100,
        most=20,
    ),
)

GAME = "casino"
VERSION = 2


def tournament_problem(
    prizes: Sequence[int],
    cutoffs: Sequence[int],
    hands: int,
    min_bet: int,
    max_bet: int,
    where: str = "tournament",
) -> str | None:
    """Why a tournament cannot be played under these knobs (naming the knob), or None."""
    if not prizes:
        return f"{where}.prizes is empty: give at least one prize, e.g. [70, 30]"
    if sum(prizes) != 100:
        return (
            f"{where}.prizes {list(prizes)} sum to {sum(prizes)}, not 100:"
            " they are percent of the pool"
        )
    cutoffs = list(cutoffs)
    for before, after in pairwise(cutoffs):
        if after <= before:
            return (
                f"{where}.cutoffs {cutoffs} are not increasing ({before} then {after}):"
                " list the hands after which the lowest stack is out, in order"
            )
    late = [c for c in cutoffs if c >= hands]
    if late:
        return (
            f"{where}.cutoffs {cutoffs}: cut-off {late[0]} is not before the last hand"
            f" ({where}.hands {hands})"
        )
    if min_bet > max_bet:
        return f"{where}.min_bet {min_bet} is above {where}.max_bet {max_bet}"
    return None


def _tournament_rule(data: Mapping[str, Any]) -> list[str]:
    """`tournament start`'s check of the tournament section, for every command."""
    t = data["tournament"]
    problem = tournament_problem(t["prizes"], t["cutoffs"], t["hands"], t["min_bet"], t["max_bet"])
    return [] if problem is None else [problem]


SCHEMA = Schema(GAME, VERSION, KNOBS, rules=(_tournament_rule,))
