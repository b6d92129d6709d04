"""Settling a casino round as its cards become known (CASINO.md §1). `settle` runs after every
action and is idempotent: it settles only what is still open and whose cards now decide it.

Order: naturals are paid at once when no dealer blackjack can come (no ace or ten up, or after the
peek, or after the no-hole-card dealer's second card); insurance is lost at the peek (or at the
no-hole-card dealer's second card); a dealer blackjack settles every open hand at once; a final
dealer hand settles the rest.
"""

from __future__ import annotations

from math import gcd

from banluck.core.errors import RuleError
from banluck.games.casino.hands import total
from banluck.games.casino.preset import Preset
from banluck.games.casino.sidebet_round import settle_side_bets
from banluck.games.casino.state import Box, HandState, Result, RoundState


def blackjack_pays(stake: int, preset: Preset) -> int:
    num, den = preset.payouts.ratio
    return stake * num // den


def stake_unit(preset: Preset) -> tuple[int, str]:
    """The smallest stake step that keeps every payout whole, and the knobs that ask for it."""
    num, den = preset.payouts.ratio
    unit = den // gcd(num, den)
    why = [f"payouts.blackjack {preset.payouts.blackjack}"] if unit > 1 else []
    halves = []
    if preset.insurance.offered:
        halves.append("insurance.offered true")
    if preset.surrender.mode != "none":
        halves.append(f"surrender.mode {preset.surrender.mode}")
    if halves and unit % 2:
        unit *= 2
        why += halves
    return unit, ", ".join(why)


def check_stake(name: str, stake: int, preset: Preset, word: str = "stake") -> None:
    """Refuse a stake that would make half chips, naming the payout and the knobs (`word`:
    what the table calls it, a tournament's `bet`)."""
    unit, why = stake_unit(preset)
    if stake % unit == 0:
        return
    num, den = preset.payouts.ratio
    if stake * num % den:
        what = f"a blackjack pay {stake * num / den:g}"
    elif preset.insurance.offered:
        what = f"insurance cost {stake / 2:g}"
    else:
        what = f"a surrender lose {stake / 2:g}"
    raise RuleError(
        f"a {word} of {stake} for {name} would make {what}: {word}s are multiples of {unit} here"
        f" ({why})"
    )


def naturals_due(state: RoundState) -> bool:
    """No dealer blackjack can come any more, or none could."""
    if len(state.dealer_cards) >= 2:
        return not state.dealer_blackjack()
    if not state.up_peeks:
        return True
    return not state.no_hole_card and state.peeked


def _natural(state: RoundState, box: Box) -> Result:
    preset = state.preset
    return Result(blackjack_pays(box.stake, preset), f"blackjack pays {preset.payouts.blackjack}")


def _dealer_blackjack(state: RoundState) -> None:
    original = state.no_hole_card and state.preset.dealer.no_hole_card_loses == "original"
    for box in state.players.values():
        if box.insurance and box.insurance_result is None:
            box.insurance_result = Result(2 * box.insurance, "insurance pays 2:1")
        lost = -sum(h.result.amount for h in box.hands if h.result and h.result.amount < 0)
        left = max(box.stake - lost, 0)
        for hand in box.hands:
            if hand.result is not None:
                continue
            if hand.natural:
                hand.result = Result(0, "blackjack against the dealer's blackjack: push")
            elif original:
                hand.result = Result(
                    -left,
                    "the dealer's blackjack takes the original bet only"
                    " (dealer.no_hole_card_loses original)",
                )
                left = 0
            else:
                hand.result = Result(-hand.bet, "the dealer's blackjack")


def _versus(state: RoundState, hand: HandState, box: Box) -> Result:
    if hand.natural:
        return _natural(state, box)
    dealer = state.dealer_label()
    mine, theirs = hand.total, total(state.dealer_cards)[0]
    if theirs > 21:
        return Result(hand.bet, f"the dealer busts ({theirs})")
    if mine > theirs:
        return Result(hand.bet, f"{mine} beats the dealer's {dealer}")
    if mine == theirs:
        return Result(0, f"{mine} against the dealer's {dealer}: push")
    return Result(-hand.bet, f"{mine} loses to the dealer's {dealer}")


def settle(state: RoundState) -> None:
    """Settle everything whose cards are now known: side bets as soon as their own cards are
    known, the boxes, then each bettor behind them."""
    settle_side_bets(state)  # side bets (sidebets.py)
    _settle(state)
    settle_shares(state)


def _settle(state: RoundState) -> None:
    if state.up is None or not all(box.dealt for box in state.players.values()):
        return
    peek_done = (not state.no_hole_card and state.peeked) or len(state.dealer_cards) >= 2
    if state.dealer_blackjack():
        _dealer_blackjack(state)
        return
    if peek_done:
        for box in state.players.values():
            if box.insurance and box.insurance_result is None:
                box.insurance_result = Result(-box.insurance, "insurance lost: no dealer blackjack")
    if naturals_due(state):
        for box in state.players.values():
            hand = box.hands[0]
            if hand.natural and hand.result is None:
                hand.result = _natural(state, box)
    if state.dealer_final() and all(state.hand_done(h) for h in state.hands()):
        for box in state.players.values():
            for hand in box.hands:
                if hand.result is None:
                    hand.result = _versus(state, hand, box)


# -- the bettors behind a box (boxes.py) -------------------------------------------------------


def _scaled(result: Result, bet: int, whole: int) -> Result:
    amount, rest = divmod(result.amount * bet, whole)
    assert rest == 0, f"{result} on a bet of {bet} out of {whole} is not whole"
    return Result(amount, result.reason)


def settle_shares(state: RoundState) -> None:
    """Settle each bettor's bet on every hand (and his insurance) now settled for its owner."""
    original = (
        state.no_hole_card
        and state.preset.dealer.no_hole_card_loses == "original"
        and len(state.dealer_cards) >= 2
        and state.dealer_blackjack()
    )
    for spot in state.players.values():
        for bettor in spot.bettors:
            if bettor.insurance and bettor.insurance_result is None and spot.insurance_result:
                bettor.insurance_result = _scaled(
                    spot.insurance_result, bettor.insurance, spot.insurance
                )
            if original:
                _original_only(spot, bettor.name, bettor.stake)
        for hand in spot.hands:
            if hand.result is None:
                continue
            for name, bet in hand.shares.items():
                if name not in hand.share_results:
                    hand.share_results[name] = _scaled(hand.result, bet, hand.bet)


def _original_only(spot: Box, name: str, stake: int) -> None:
    """Under a no-hole-card dealer blackjack that takes the original bet only: the bettor loses
    his own original bet once, over his hands still open."""
    lost = -sum(r.amount for h in spot.hands for n, r in h.share_results.items() if n == name)
    left = max(stake - lost, 0)
    for hand in spot.hands:
        if name not in hand.shares or name in hand.share_results or hand.result is None:
            continue
        if hand.natural:
            hand.share_results[name] = Result(0, hand.result.reason)
        else:
            hand.share_results[name] = Result(-left, hand.result.reason)
            left = 0
