"""What must hold for every hand, not just the ones in docs/rules.md's tables (hypothesis).

- The total is the best legal value: a brute-force enumeration of every ace assignment allowed
  for that hand size and ace mode (§2) agrees with the engine.
- Where the house rules are symmetric, settling is antisymmetric: swapping the player's and the
  dealer's hands negates the verdict (for `versus` and for the instant matrix).
- Every verdict multiple is an int, under any combination of the pair-level knobs.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from banluck.app import presets
from banluck.core.cards import RANKS, SUITS, Card
from banluck.games.banluck.hands import Hand, Kind
from banluck.games.banluck.preset import KNOB_BY_KEY, Preset
from banluck.games.banluck.settlement import instant, judge, versus
from tests.helpers import tweak

EXAMPLES = settings(max_examples=150, deadline=None)

# §2, written out again here: what one ace may count, by ace mode and hand size.
ALLOWED: dict[str, dict[int, tuple[int, ...]]] = {
    "by-count": {2: (11, 10), 3: (10, 1), 4: (1,), 5: (1,)},
    "ten-or-one": {2: (11, 10), 3: (10, 1), 4: (10, 1), 5: (10, 1)},
    "one-ten-eleven": {n: (1, 10, 11) for n in range(2, 6)},
    "one-or-eleven": {n: (1, 11) for n in range(2, 6)},
}
FACE = {"J": 10, "Q": 10, "K": 10}
SHIPPED: list[Preset] = [presets.load(n) for n in ("chinese", "kampung", "singapore", "xi-dach")]
DECK = [Card(rank, suit) for rank in RANKS for suit in SUITS]


def brute_force(ranks: list[str], mode: str) -> tuple[int, bool]:
    """(best total not over 21 else the lowest, soft) by trying every allowed ace assignment."""
    base = sum(FACE.get(r, 0) or int(r) for r in ranks if r != "A")
    aces = ranks.count("A")
    choices = ALLOWED[mode][len(ranks)]
    sums = [base + sum(combo) for combo in itertools.product(choices, repeat=aces)]
    lowest = min(sums)
    fitting = [s for s in sums if s <= 21]
    if not fitting:
        return lowest, False
    return max(fitting), max(fitting) > lowest


ranks_st = st.lists(st.sampled_from(RANKS), min_size=2, max_size=5)
modes_st = st.sampled_from(sorted(ALLOWED))


@EXAMPLES
@given(ranks=ranks_st, mode=modes_st)
def test_total_is_the_best_legal_value(ranks: list[str], mode: str) -> None:
    """Hand.of agrees with a brute-force enumeration of every allowed ace value (§2)."""
    preset = tweak(SHIPPED[0], **{"points.ace": mode})
    h = Hand.of([Card(r) for r in ranks], preset)
    assert (h.total, h.soft) == brute_force(ranks, mode)
    assert h.bust is (h.total > 21)


@EXAMPLES
@given(ranks=st.lists(st.sampled_from(RANKS), min_size=5, max_size=5), mode=modes_st)
def test_every_prefix_is_valued_for_its_own_size(ranks: list[str], mode: str) -> None:
    """Growing a hand card by card gives, at each size, the value that size allows: never a
    total carried forward from the smaller hand.
    """
    preset = tweak(SHIPPED[0], **{"points.ace": mode})
    for n in range(2, 6):
        assert (
            Hand.of([Card(r) for r in ranks[:n]], preset).total == brute_force(ranks[:n], mode)[0]
        )


# A preset whose asymmetric knobs are made symmetric.
@st.composite
def symmetric_presets(draw: st.DrawFn) -> Preset:
    base = draw(st.sampled_from(SHIPPED))
    five_dragon = draw(st.integers(1, 5))
    return tweak(
        base,
        **{
            "points.ace": draw(modes_st),
            "minimum.player": 16,
            "minimum.dealer": 16,
            "minimum.player_under": "lose",
            "minimum.dealer_under": "pay-all",
            "payouts.ban_ban": draw(st.integers(1, 5)),
            "payouts.ban_luck": draw(st.integers(1, 5)),
            "payouts.triple_seven": draw(st.sampled_from([0, 5, 7, 21])),
            "payouts.five_dragon": five_dragon,
            "payouts.five_card_21": draw(st.sampled_from([five_dragon, five_dragon + 1])),
            "payouts.twenty_one": draw(st.integers(1, 3)),
            "five_card.settle": "when-opened",
            "bust.both_bust": "push",
            "bust.heavy": 0,
            "ties.same_instant": "push",
            "ties.five_vs_five": draw(st.sampled_from(["push", "higher-wins", "lower-wins"])),
            "ties.triple_seven_vs_21": draw(st.sampled_from(["push", "player-wins"])),
            "fifteen.mode": draw(st.sampled_from(["free-hand", "off"])),
        },
    )


@st.composite
def played_hands(draw: st.DrawFn, preset: Preset) -> Hand:
    """A hand drawn as at the table: cards until it stands at a drawn target (16 to 21, so never
    under the minimum of 16), busts or holds five. Five-card busts and instant hands are left out:
    the rules treat those two asymmetrically on purpose.
    """
    ranks = draw(st.lists(st.sampled_from(RANKS), min_size=5, max_size=5))
    stand_at = draw(st.integers(16, 21))
    for n in range(2, 6):
        hand = Hand.of([Card(r) for r in ranks[:n]], preset)
        if hand.total >= stand_at or n == 5:
            break
    assume(hand.kind not in (Kind.BAN_BAN, Kind.BAN_LUCK))
    assume(not (hand.bust and hand.five_card))
    return hand


@EXAMPLES
@given(data=st.data(), preset=symmetric_presets())
def test_versus_is_antisymmetric_where_the_rules_are(data: st.DataObject, preset: Preset) -> None:
    """versus(P, D) == -versus(D, P) when no minimum rule applies and no five-card bust occurs."""
    p = data.draw(played_hands(preset), label="player")
    d = data.draw(played_hands(preset), label="dealer")
    assert versus(p, d, preset).multiple == -versus(d, p, preset).multiple


@EXAMPLES
@given(
    preset=symmetric_presets(),
    a=st.lists(st.sampled_from(RANKS), min_size=2, max_size=2),
    b=st.lists(st.sampled_from(RANKS), min_size=2, max_size=2),
)
def test_instant_matrix_is_antisymmetric(preset: Preset, a: list[str], b: list[str]) -> None:
    """With ties.same_instant push, the instant matrix read with the sides swapped negates."""
    p, d = [Card(r) for r in a], [Card(r) for r in b]
    forward, backward = instant(p, d, preset), instant(d, p, preset)
    if forward is None:
        assert backward is None
    else:
        assert backward is not None
        assert forward.multiple == -backward.multiple


@st.composite
def any_presets(draw: st.DrawFn) -> Preset:
    """A shipped preset with every pair-level knob drawn from its allowed values."""
    base = draw(st.sampled_from(SHIPPED))
    knobs: dict[str, Any] = {}
    for key in (
        "points.ace",
        "minimum.player",
        "minimum.dealer",
        "minimum.player_under",
        "minimum.dealer_under",
        "payouts.ban_ban",
        "payouts.ban_luck",
        "payouts.triple_seven",
        "payouts.five_dragon",
        "payouts.five_card_21",
        "payouts.twenty_one",
        "five_card.settle",
        "bust.five_card",
        "bust.dealer_five_card",
        "bust.both_bust",
        "bust.heavy",
        "ties.same_instant",
        "ties.five_vs_five",
        "ties.triple_seven_vs_21",
        "fifteen.mode",
    ):
        knob = KNOB_BY_KEY[key]
        if knob.choices:
            knobs[key] = draw(st.sampled_from(knob.choices))
        else:
            low = knob.low or 0
            knobs[key] = draw(st.integers(low, min(knob.high or 50, low + 40)))
    return tweak(base, **knobs)


@EXAMPLES
@given(
    preset=any_presets(),
    deck=st.permutations(DECK),
    n_player=st.integers(2, 5),
    n_dealer=st.integers(2, 5),
)
def test_every_verdict_multiple_is_an_int(
    preset: Preset, deck: list[Card], n_player: int, n_dealer: int
) -> None:
    """Money is integers: whatever the knobs and the cards, judge returns an int multiple."""
    player, dealer = deck[:n_player], deck[n_player : n_player + n_dealer]
    verdict = judge(player, dealer, preset).verdict
    assert type(verdict.multiple) is int
    assert type(verdict.amount(7)) is int
    assert verdict.reason
