"""What must always hold for rounds with side bets, over random legal rounds with random side bets
under random house rules: every round ends settled (a live Dealer's Pair included), zero-sum, in
whole chips; the replay equals the live state; and each side bet is paid as a second reading of
CASINO.md §4, written here from the round's lines alone, says."""

from __future__ import annotations

import functools
import random

from hypothesis import given
from hypothesis import strategies as st

from banluck.core.cards import RANKS, SUITS, Card
from banluck.games.casino.preset import Preset
from banluck.games.casino.state import RoundState
from banluck.table.round import Round
from tests.games.casino.helpers_casino import assert_replays, preset
from tests.games.casino.test_casino_properties import SETTINGS
from tests.games.casino.test_casino_properties import random_round as casino_random_round

WORDS = ("pp", "t3", "dp")


@st.composite
def house_rules(draw: st.DrawFn) -> Preset:
    """A casino preset offering the side bets, with random pay tables, decks and dealer rules."""
    knobs = {
        "decks": draw(st.integers(1, 8)),
        "dealer.hole_card": draw(st.sampled_from(["peek", "no-hole-card"])),
        "dealer.no_hole_card_loses": draw(st.sampled_from(["all", "original"])),
        "split.max_hands": draw(st.integers(1, 4)),
        "side_bets.perfect_pairs": tuple(
            draw(st.lists(st.integers(1, 40), min_size=1, max_size=3))
        ),
        "side_bets.twenty_one_plus_three": tuple(
            draw(st.lists(st.integers(1, 100), min_size=1, max_size=5))
        ),
        "side_bets.dealer_pair": tuple(draw(st.lists(st.integers(1, 40), min_size=1, max_size=3))),
    }
    return preset(draw(st.sampled_from(["blackjack-pro", "mini-blackjack", "bjingo"])), **knobs)


STAKES = st.dictionaries(
    st.sampled_from(["Ann", "Ben", "Cid"]), st.sampled_from([10, 20, 30]), min_size=1
)
BETS = st.lists(
    st.tuples(st.sampled_from(WORDS), st.sampled_from(["Ann", "Ben", "Cid"]), st.integers(1, 9)),
    max_size=6,
    unique_by=lambda b: (b[0], b[1]),
)


def suited_shoe(rng: random.Random, decks: int) -> list[Card]:
    cards = list(_unshuffled(decks))
    rng.shuffle(cards)
    return cards


@functools.cache
def _unshuffled(decks: int) -> tuple[Card, ...]:
    """The shoe's cards in order, made once a number of decks (a Card is frozen)."""
    return tuple(Card(r, s) for r in RANKS for s in SUITS for _ in range(decks))


def random_round(
    rules: Preset, rng: random.Random, stakes: dict[str, int], bets: list[tuple[str, str, int]]
) -> Round[RoundState]:
    live = tuple(sorted(b for b in bets if b[1] in stakes))
    return casino_random_round(rules, rng, stakes, bets=live, deck_of=suited_shoe)


@SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32), stakes=STAKES, bets=BETS)
def test_rounds_with_side_bets_end_settled_zero_sum_in_whole_chips(
    rules: Preset, seed: int, stakes: dict[str, int], bets: list[tuple[str, str, int]]
) -> None:
    """Every side bet is settled when the round ends, each its own transfer, and the round nets
    to zero in whole chips."""
    rnd = random_round(rules, random.Random(seed), stakes, bets)
    transfers = rnd.transfers()
    assert all(type(t.amount) is int and t.amount > 0 for t in transfers)
    assert all({t.payer, t.payee} - {"Dee"} <= set(stakes) and "Dee" in (t.payer, t.payee)
               for t in transfers)  # fmt: skip
    live = [b for b in bets if b[1] in stakes]
    assert len(rnd.state.side_bets) == len(live)
    assert all(b.result is not None for b in rnd.state.side_bets)
    assert sum(1 for t in transfers if " Perfect Pairs:" in t.reason or " 21+3:" in t.reason
               or " Dealer's Pair:" in t.reason) == len(live)  # fmt: skip


@SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32), stakes=STAKES, bets=BETS)
def test_side_bets_replay_equals_live_and_pay_as_the_rules_say(
    rules: Preset, seed: int, stakes: dict[str, int], bets: list[tuple[str, str, int]]
) -> None:
    """The round's lines replayed give the same state and transfers; each side bet's money
    equals an independent reading of its cards from the lines."""
    rnd = random_round(rules, random.Random(seed), stakes, bets)
    assert_replays(rnd)
    expected = independent_side_bets(rnd.lines(), rnd.table.side.bets, rules)
    got = {(b.kind.word, b.name): b.result.amount for b in rnd.state.side_bets if b.result}
    assert got == expected


# -- a second reading of CASINO.md §4 ------------------------------------------------------------

ORDER = {
    r: i for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
}


def card_of(code: str) -> tuple[str, str]:
    return code[:-1], code[-1]


def pairs_pay(cards: list[tuple[str, str]], pays: tuple[int, ...]) -> int | None:
    (r1, s1), (r2, s2) = cards
    if r1 != r2:
        return None
    red = {"h", "d"}
    rank = 0 if s1 == s2 else 1 if (s1 in red) == (s2 in red) else 2
    return pays[rank] if rank < len(pays) else None


def three_pay(cards: list[tuple[str, str]], pays: tuple[int, ...]) -> int | None:
    ranks = sorted(ORDER[r] for r, _ in cards)
    flush = len({s for _, s in cards}) == 1
    trips = len(set(ranks)) == 1
    straight = (ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3) or ranks == [0, 11, 12]
    if trips and flush:
        rank = 0
    elif straight and flush:
        rank = 1
    elif trips:
        rank = 2
    elif straight:
        rank = 3
    elif flush:
        rank = 4
    else:
        return None
    return pays[rank] if rank < len(pays) else None


def independent_side_bets(
    lines: list[str], bets: tuple[tuple[str, str, int], ...], rules: Preset
) -> dict[tuple[str, str], int]:
    up: tuple[str, str] | None = None
    dealer: list[tuple[str, str]] = []
    boxes: dict[str, list[tuple[str, str]]] = {}
    for line in lines:
        word, *args = line.split()
        if word == "up":
            up = card_of(args[0])
            dealer.append(up)
        elif word == "deal":
            boxes[args[0]] = [card_of(a) for a in args[1:]]
        elif word in ("hole", "draw"):
            dealer.append(card_of(args[0]))
    out = {}
    sides = rules.side_bets
    for word, name, amount in bets:
        if word == "pp":
            paid = pairs_pay(boxes[name], sides.perfect_pairs)
        elif word == "dp":
            paid = pairs_pay(dealer[:2], sides.dealer_pair)
        else:
            assert up is not None
            paid = three_pay([*boxes[name], up], sides.twenty_one_plus_three)
        out[(word, name)] = -amount if paid is None else amount * paid
    return out
