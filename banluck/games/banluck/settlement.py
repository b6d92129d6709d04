"""Settling one player with the dealer: pure, integer-only (docs/rules.md §4–§6).

Every function returns a `Verdict`: a whole multiple of the player's stake seen from the player
(+ the player wins) and one short phrase naming the rule applied. Round-level effects of an
offence (`pay-all`, `pay-for-dealer`) are the round engine's; here the offender loses 1 to the
dealer and the verdict says it was an offence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from banluck.core.cards import Card, check_deck
from banluck.core.errors import CardError
from banluck.core.money import staked
from banluck.games.banluck.hands import Hand, Kind, first_two_kind, points
from banluck.games.banluck.preset import Preset

M = "{m}"  # in a verdict's text: the multiple it pays or collects
N = "{n}"  # in a verdict's text: the multiple the dealer's hand would have paid or collected


class Verdict(NamedTuple):
    """The result of settling one player: `multiple` stakes to the player (negative: dealer's).

    `text` names the rule applied, with `{m}` where the money is said (and `{n}` for what the
    dealer's hand would have done, `would`): `reason` says it in multiples, `reason_at(stake)`
    as the table counts it. A record read by its fields alone (never replaced, encoded or
    stored), so a named tuple: a run that settles builds no dataclass for it."""

    multiple: int
    text: str
    offence: bool = False  # the player stood under his minimum (or bust heavy)
    would: int = 0

    def amount(self, stake: int) -> int:
        return self.multiple * stake

    def reason_at(self, stake: int | None) -> str:
        return self.text.replace(M, staked(abs(self.multiple), stake)).replace(
            N, staked(abs(self.would), stake)
        )

    @property
    def reason(self) -> str:
        return self.reason_at(None)


def multiple_of(hand: Hand, preset: Preset) -> int:
    """What a hand wins (or collects, for the dealer) at its own value."""
    p = preset.payouts
    return {
        Kind.BAN_BAN: p.ban_ban,
        Kind.BAN_LUCK: p.ban_luck,
        Kind.TRIPLE_SEVEN: p.triple_seven,
        Kind.FIVE_CARD_21: p.five_card_21,
        Kind.FIVE_DRAGON: p.five_dragon,
        Kind.TWENTY_ONE: p.twenty_one,
    }.get(hand.kind, 1)


def _instant_multiple(kind: Kind, preset: Preset) -> int:
    return preset.payouts.ban_ban if kind is Kind.BAN_BAN else preset.payouts.ban_luck


def two_card_fifteen(cards: Sequence[Card], preset: Preset) -> bool:
    """Two cards making 15, not an instant hand: what may run, burn or call a round off."""
    return (
        len(cards) == 2
        and first_two_kind(cards) is None
        and points(cards, preset.points.ace)[0] == 15
    )


def is_free_hand(cards: Sequence[Card], preset: Preset) -> bool:
    """A two-card 15 that escapes the other side's instant hand (fifteen.mode free-hand)."""
    return preset.fifteen.mode == "free-hand" and two_card_fifteen(cards[:2], preset)


def instant(
    player_cards: Sequence[Card], dealer_cards: Sequence[Card], preset: Preset
) -> Verdict | None:
    """The instant matrix of docs/rules.md §4 on both sides' first two cards, or None."""
    p2 = first_two_kind(player_cards)
    d2 = first_two_kind(dealer_cards)
    if p2 is None and d2 is None:
        return None
    if p2 is not None and d2 is not None:
        if p2 is d2:
            rule = preset.ties.same_instant
            if rule == "push":
                return Verdict(0, f"{p2} against {d2}: push (ties.same_instant)")
            if rule == "player-wins":
                return Verdict(1, f"{p2} against {d2}: player paid even money (ties.same_instant)")
            m = _instant_multiple(d2, preset)
            return Verdict(-m, f"{p2} against {d2}: dealer wins {M} (ties.same_instant)")
        m = preset.payouts.ban_ban
        if p2 is Kind.BAN_BAN:
            return Verdict(m, f"ban-ban beats the dealer's ban-luck: pays {M} (payouts.ban_ban)")
        return Verdict(-m, f"dealer's ban-ban beats ban-luck: collects {M} (payouts.ban_ban)")
    if p2 is not None:
        if is_free_hand(dealer_cards, preset):
            return Verdict(0, f"dealer's two-card 15 escapes {p2}: push (fifteen.mode free-hand)")
        m = _instant_multiple(p2, preset)
        return Verdict(m, f"{p2} pays {M} at once (payouts.{p2.name.lower()})")
    assert d2 is not None
    if is_free_hand(player_cards, preset):
        return Verdict(0, f"two-card 15 escapes the dealer's {d2}: push (fifteen.mode free-hand)")
    m = _instant_multiple(d2, preset)
    return Verdict(-m, f"dealer's {d2} collects {M} (payouts.{d2.name.lower()})")


def five_card_at_once(player: Hand, preset: Preset) -> Verdict | None:
    """A player's five-card hand paid when shown (five_card.settle at-once); None otherwise."""
    if not player.five_card or preset.five_card.settle != "at-once":
        return None
    if player.bust:
        m = preset.bust.five_card
        return Verdict(-m, f"five-card bust loses {M} at once (bust.five_card)")
    if player.kind is Kind.FIVE_CARD_21:
        m = preset.payouts.five_card_21
        return Verdict(m, f"five-card 21 pays {M} at once (payouts.five_card_21)")
    m = preset.payouts.five_dragon
    return Verdict(m, f"five-dragon pays {M} at once (payouts.five_dragon)")


def bust_shown_at_once(
    player: Hand, preset: Preset, dealer: Hand | None = None, five_card: bool | None = None
) -> Verdict | None:
    """A player's bust where busts are shown at once (bust.shown_at_once): it loses when it is
    made, before the dealer's hand means anything, so the same whenever it reaches the money;
    None otherwise. Given the `dealer`'s hand, the reason says what that hand would have done.
    `five_card` stands in for the card count of a bust known only by its outcome."""
    if not player.bust or not preset.bust.shown_at_once:
        return None
    m = preset.bust.five_card if (player.five_card if five_card is None else five_card) else 1
    if player.heavy_bust:
        rule = preset.minimum.player_under
        reason = (
            f"bust heavy shown at once: loses {M} (bust.shown_at_once), an offence"
            f" (minimum.player_under {rule})"
        )
    else:
        reason = f"bust shown at once: loses {M} (bust.shown_at_once)"
    if dealer is not None and (other := versus(player, dealer, preset)).multiple != -m:
        if dealer_offends(dealer, preset):
            why = "minimum.dealer_under"
        elif player.heavy_bust:
            why = "bust.heavy"
        elif dealer.bust:
            why = "bust.dealer_five_card" if dealer.five_card else "bust.both_bust"
        else:
            why = f"payouts.{dealer.kind.name.lower()}"
        n = other.multiple
        would = f"pay {N}" if n > 0 else f"collect {N}" if n < 0 else "push it"
        reason += f", before the dealer's {dealer.label} would {would} ({why})"
        return Verdict(-m, reason, offence=player.heavy_bust, would=n)
    return Verdict(-m, reason, offence=player.heavy_bust)


def is_short(hand: Hand, minimum: int) -> bool:
    """Standing under the minimum: never a five-card hand, an instant hand or a bust."""
    return (
        hand.total < minimum
        and not hand.five_card
        and not hand.bust
        and hand.kind not in (Kind.BAN_BAN, Kind.BAN_LUCK)
    )


def player_offends(player: Hand, preset: Preset) -> bool:
    return is_short(player, preset.minimum.player) or player.heavy_bust


def dealer_offends(dealer: Hand, preset: Preset) -> bool:
    """The dealer stopped under his minimum (or bust heavy) and the house makes him pay for it."""
    if preset.minimum.dealer_under == "off":
        return False
    return is_short(dealer, preset.minimum.dealer) or dealer.heavy_bust


def _class(hand: Hand, preset: Preset) -> int:
    """Named-hand class: 7-7-7 > five-card 21 > five-dragon > plain totals."""
    if hand.kind is Kind.TRIPLE_SEVEN:
        return 4
    if hand.kind is Kind.FIVE_CARD_21:
        # A house that pays five-card 21 like a five-dragon makes the two one class.
        return 3 if preset.payouts.five_card_21 != preset.payouts.five_dragon else 2
    if hand.kind is Kind.FIVE_DRAGON:
        return 2
    return 1


def versus(player: Hand, dealer: Hand, preset: Preset) -> Verdict:
    """Settle an opened player hand against the dealer's hand at this moment (checks 1–7 of §4)."""
    if dealer_offends(dealer, preset):
        why = "bust heavy" if dealer.heavy_bust else f"under his minimum {preset.minimum.dealer}"
        if player_offends(player, preset):
            return Verdict(0, f"dealer {why} and player short too: push (minimum.dealer_under)")
        if player.bust:
            return Verdict(1, f"dealer {why} pays a busted player {M} (minimum.dealer_under)")
        m = multiple_of(player, preset)
        return Verdict(m, f"dealer {why} pays {M} (minimum.dealer_under pay-all)")
    if player_offends(player, preset):
        why = "bust heavy" if player.heavy_bust else f"under the minimum {preset.minimum.player}"
        rule = preset.minimum.player_under
        more = {
            "lose": "loses {m}",
            "pay-all": "loses {m} to the dealer and pays his stake to every other seat",
            "pay-for-dealer": "loses {m} and covers the dealer's losses to the other players",
        }[rule]
        return Verdict(-1, f"player {why}: {more} (minimum.player_under {rule})", offence=True)
    if dealer.bust and dealer.five_card:
        m = max(preset.bust.dealer_five_card, 0 if player.bust else multiple_of(player, preset))
        return Verdict(m, f"dealer's five-card bust pays {M} (bust.dealer_five_card)")
    if player.bust and dealer.bust:
        if preset.bust.both_bust == "push":
            return Verdict(0, "both bust: push (bust.both_bust)")
        m = preset.bust.five_card if player.five_card else 1
        return Verdict(-m, f"both bust: player loses {M} (bust.both_bust)")
    if player.bust:
        m = max(multiple_of(dealer, preset), preset.bust.five_card if player.five_card else 1)
        return Verdict(-m, f"player bust: loses {M}")
    if dealer.bust:
        m = multiple_of(player, preset)
        return Verdict(m, f"dealer bust: pays {player.kind if m > 1 else 'the hand'} {M}")
    return _compare(player, dealer, preset)


def _compare(player: Hand, dealer: Hand, preset: Preset) -> Verdict:
    pc, dc = _class(player, preset), _class(dealer, preset)
    if pc == 4 and dc < 4 and dealer.total == 21:
        if preset.ties.triple_seven_vs_21 == "push":
            return Verdict(0, "7-7-7 against the dealer's 21: push (ties.triple_seven_vs_21)")
        m = preset.payouts.triple_seven
        return Verdict(m, f"7-7-7 beats the dealer's 21: pays {M} (ties.triple_seven_vs_21)")
    if dc == 4 and pc < 4 and player.total == 21:
        if preset.ties.triple_seven_vs_21 == "push":
            return Verdict(0, "dealer's 7-7-7 against 21: push (ties.triple_seven_vs_21)")
        m = preset.payouts.triple_seven
        return Verdict(-m, f"dealer's 7-7-7 beats 21: collects {M} (ties.triple_seven_vs_21)")
    if pc > dc:
        m = multiple_of(player, preset)
        return Verdict(m, f"{player.kind} beats the dealer's {dealer.label}: pays {M}")
    if dc > pc:
        m = multiple_of(dealer, preset)
        return Verdict(-m, f"dealer's {dealer.kind} beats {player.label}: collects {M}")
    if pc in (2, 3):
        return _five_vs_five(player, dealer, preset)
    if player.total == dealer.total:
        return Verdict(0, f"{player.total} against {dealer.total}: push")
    if player.total > dealer.total:
        m = multiple_of(player, preset)
        return Verdict(m, f"{player.total} beats {dealer.total}: pays {M}")
    m = multiple_of(dealer, preset)
    return Verdict(-m, f"dealer's {dealer.total} beats {player.total}: collects {M}")


def _five_vs_five(player: Hand, dealer: Hand, preset: Preset) -> Verdict:
    rule = preset.ties.five_vs_five
    if rule == "push":
        return Verdict(0, "five-card hand against five-card hand: push (ties.five_vs_five)")
    if rule == "dealer-wins":
        m = multiple_of(dealer, preset)
        return Verdict(-m, f"five-card hands: dealer wins {M} (ties.five_vs_five)")
    if player.total == dealer.total:
        return Verdict(0, "five-card hands of equal total: push (ties.five_vs_five)")
    player_better = (player.total > dealer.total) == (rule == "higher-wins")
    word = "higher" if rule == "higher-wins" else "lower"
    if player_better:
        return Verdict(1, f"five-card hands: {word} total wins {M} (ties.five_vs_five)")
    return Verdict(-1, f"five-card hands: dealer's {word} total wins {M} (ties.five_vs_five)")


class Judgement(NamedTuple):
    """A player's hand, the dealer's and the verdict between them (`judge`)."""

    player: Hand
    dealer: Hand
    verdict: Verdict


def check_hand_size(cards: Sequence[Card], preset: Preset, who: str) -> None:
    if len(cards) < 2:
        raise CardError(f"{who} needs at least two cards, got {len(cards)}")
    if len(cards) > preset.points.max_cards:
        raise CardError(
            f"{who} has {len(cards)} cards, but a hand holds at most {preset.points.max_cards}"
            " (points.max_cards)"
        )


def judge(player_cards: Sequence[Card], dealer_cards: Sequence[Card], preset: Preset) -> Judgement:
    """What changes hands when this player is settled against this dealer hand."""
    check_hand_size(player_cards, preset, "the player")
    check_hand_size(dealer_cards, preset, "the dealer")
    check_deck([*player_cards, *dealer_cards], preset.decks)
    player = Hand.of(player_cards, preset)
    dealer = Hand.of(dealer_cards, preset)
    verdict = (
        instant(player_cards, dealer_cards, preset)
        or five_card_at_once(player, preset)
        or (bust_shown_at_once(player, preset, dealer) if preset.bust.late_as_shown else None)
        or versus(player, dealer, preset)
    )
    return Judgement(player, dealer, verdict)
