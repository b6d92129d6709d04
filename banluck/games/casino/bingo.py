"""The Bingo table (CASINO.md §5, seed 000; docs/bingo.md): cards bought on seats, marked with the
dealer's final totals round after round.

A card is night-long state (the casino side's `cards`, side.py): its seat, its bet and the totals in
the order they were first marked; the combinations it holds and a Jackpot's order follow from
that. Money moves only when a card closes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from banluck.core.errors import RuleError
from banluck.core.money import Transfer, rule_amount
from banluck.games.casino.hands import total
from banluck.games.casino.preset import Preset
from banluck.games.casino.state import RoundState
from banluck.table.action import DEALER

TOTALS = ("17", "18", "19", "20", "21", "BJ")  # the six fields of a card, in the Jackpot's order
BUST = "bust"


@dataclass(frozen=True, slots=True)
class Combination:
    name: str
    knob: str  # the field of the preset's `bingo` section that pays it
    marks: frozenset[str]
    at_once: bool = False  # paid as soon as it is held, and the card closes


# The combinations, best first at the shipped pays (`best` orders them by the preset's pays).
JACKPOT = Combination("Jackpot", "jackpot", frozenset(TOTALS), at_once=True)
FULL_HOUSE = Combination("Full House", "full_house", frozenset(TOTALS), at_once=True)
COMBINATIONS = (
    JACKPOT,
    FULL_HOUSE,
    Combination("4 Corners", "four_corners", frozenset({"17", "18", "19", "21"})),
    Combination("Up Corner", "up_corner", frozenset({"18", "19", "20"})),
    Combination("Down Corner", "down_corner", frozenset({"17", "21", "BJ"})),
    Combination("Down", "down", frozenset({"18", "19", "BJ"})),
    Combination("Up", "up", frozenset({"17", "20", "21"})),
)


def pays(combination: Combination, preset: Preset) -> int:
    """What `combination` pays, to 1, under the preset's `bingo.*` knob."""
    value = getattr(preset.bingo, combination.knob)
    assert isinstance(value, int)
    return value


def in_order(marks: Sequence[str]) -> bool:
    """The totals were first marked in the Jackpot's order so far (17, then 18, ...)."""
    return tuple(marks) == TOTALS[: len(marks)]


def held(marks: Sequence[str]) -> list[Combination]:
    """Every combination the marks hold (a Jackpot also holds a Full House)."""
    jackpot = len(marks) == 6 and in_order(marks)
    return [c for c in COMBINATIONS if c.marks <= set(marks) and (jackpot or c is not JACKPOT)]


def best(marks: Sequence[str], preset: Preset) -> Combination | None:
    """The best single combination held: the highest pay; at equal pay, the first in the table."""
    return max(held(marks), key=lambda c: (pays(c, preset), -COMBINATIONS.index(c)), default=None)


@dataclass(frozen=True, slots=True)
class BingoCard:
    """A live card: its seat, its bet and the totals in the order they were first marked."""

    name: str
    bet: int
    marks: tuple[str, ...] = ()

    def mark(self, value: str) -> BingoCard:
        if value in self.marks:
            return self
        return BingoCard(self.name, self.bet, (*self.marks, value))

    def describe(self) -> str:
        """`Bob 5: 17 18 20 · holds Up Corner` (marks in the order they came)."""
        marks = " ".join(self.marks) if self.marks else "nothing marked"
        text = f"{self.name} {self.bet}: {marks}"
        holds = held(self.marks)
        if holds:
            text += " · holds " + ", ".join(c.name for c in holds)
        if self.marks and in_order(self.marks):
            text += " · Jackpot open"
        return text


Cards = tuple[BingoCard, ...]


def _card(cards: Cards, name: str) -> BingoCard | None:
    return next((c for c in cards if c.name == name), None)


def live_cards(carry: Cards | None) -> Cards:
    """The live cards of a table's or a round's night-long state (None: none)."""
    return carry or ()


def final_mark(state: RoundState) -> str | None:
    """The dealer's final total as a card marks it: 17..21, BJ or bust; None when not final."""
    if not state.dealer_final():
        return None
    if state.dealer_blackjack():
        return "BJ"
    value = total(state.dealer_cards)[0]
    return BUST if value > 21 else str(value)


# -- money -------------------------------------------------------------------------------------


def _paid(
    card: BingoCard, combination: Combination, preset: Preset, dealer: str, why: str
) -> Transfer:
    rate = pays(combination, preset)
    return Transfer(
        dealer,
        card.name,
        card.bet * rate,
        f"Bingo {combination.name} pays {rate} (bingo.{combination.knob}){why}",
    )


def _lost(card: BingoCard, dealer: str, why: str) -> Transfer:
    return Transfer(card.name, dealer, card.bet, f"Bingo card lost: {why}")


def after_round(cards: Cards, state: RoundState, dealer: str) -> tuple[Cards, list[Transfer]]:
    """Mark the dealer's final total on every live card: a bust loses them all; a Jackpot or a
    Full House is paid at once and closes its card (a Jackpot is paid as a Jackpot only)."""
    mark = final_mark(state) if cards else None
    if mark is None:
        return cards, []
    if mark == BUST:
        value = total(state.dealer_cards)[0]
        return (), [_lost(c, dealer, f"the dealer busts ({value})") for c in cards]
    kept: list[BingoCard] = []
    out: list[Transfer] = []
    for card in cards:
        card = card.mark(mark)
        done = next((c for c in held(card.marks) if c.at_once), None)
        if done is None:
            kept.append(card)
        else:
            out.append(_paid(card, done, state.preset, dealer, ""))
    return tuple(kept), out


def bank_passes(cards: Cards, preset: Any, dealer: str) -> tuple[Cards, list[Transfer]]:
    """The bank passes: every live card closes, paid its best combination, else its bet back
    (no money moves)."""
    assert isinstance(preset, Preset)
    out = []
    for card in cards:
        combination = best(card.marks, preset)
        if combination is not None:
            out.append(_paid(card, combination, preset, dealer, ": the bank passes"))
    return (), out


# -- the words between rounds ------------------------------------------------------------------


def _seat(resolve: Callable[[str], str], raw: str, dealer: str, doing: str) -> str:
    name = resolve(raw)
    if name in (DEALER, dealer):
        raise RuleError(
            f"cannot {doing} {dealer}: {dealer} banks the Bingo table; the players hold the cards"
        )
    return name


def buy(
    cards: Cards, preset: Any, dealer: str, resolve: Callable[[str], str], args: list[str]
) -> tuple[Cards, list[Transfer], str]:
    """`bingo Bob 5`: a card for Bob's seat, live from the next round on."""
    assert isinstance(preset, Preset)
    if len(args) != 2:
        raise RuleError("usage: bingo NAME AMOUNT, e.g. bingo Bob 5")
    if not preset.bingo.offered:
        raise RuleError("no Bingo table here (bingo.offered false)")
    name = _seat(resolve, args[0], dealer, "sell a Bingo card to")
    card = _card(cards, name)
    if card is not None:
        raise RuleError(
            f"{name} already holds a live Bingo card ({card.describe()}):"
            f" one card a seat; `cashout {name}` closes it"
        )
    amount = rule_amount(args[1], "a Bingo bet", "5")
    return (*cards, BingoCard(name, amount)), [], f"bingo {name} {amount}"


def cashout(
    cards: Cards, preset: Any, dealer: str, resolve: Callable[[str], str], args: list[str]
) -> tuple[Cards, list[Transfer], str]:
    """`cashout Bob`: Bob's card closes, paid the best single combination it holds; none: the
    bet is lost."""
    assert isinstance(preset, Preset)
    if len(args) != 1:
        raise RuleError("usage: cashout NAME, e.g. cashout Bob")
    name = resolve(args[0])
    card = _card(cards, name)
    if card is None:
        live = ", ".join(c.name for c in cards) or "nobody"
        raise RuleError(f"{name} holds no live Bingo card (live cards: {live})")
    combination = best(card.marks, preset)
    if combination is None:
        money = _lost(card, dealer, "cashed out holding no combination")
    else:
        money = _paid(card, combination, preset, dealer, ": cashed out")
    return tuple(c for c in cards if c is not card), [money], f"cashout {name}"


def holds(cards: Cards, name: str, dealer: str) -> str | None:
    """Why `name` may not leave now: he holds a live card, or he banks the live cards."""
    card = _card(cards, name)
    if card is not None:
        return f"{name} holds a live Bingo card ({card.describe()}): `cashout {name}` first"
    if name == dealer and cards:
        names = ", ".join(c.name for c in cards)
        return (
            f"{name} banks the live Bingo cards of {names}: `pass` the bank first"
            " (it closes them), or cash them out"
        )
    return None


def lines(cards: Cards) -> list[str]:
    """The console's lines: one a live card."""
    return [f"bingo {card.describe()}" for card in cards]


def dump(cards: Cards) -> list[dict[str, Any]]:
    return [{"name": c.name, "bet": c.bet, "marks": list(c.marks)} for c in cards]


def load(data: Any) -> Cards:
    """The cards as stored (None or [] when there are none)."""
    if not data:
        return ()
    return tuple(
        BingoCard(str(d["name"]), int(d["bet"]), tuple(str(m) for m in d["marks"])) for d in data
    )
