"""What must always hold for casino rounds, over random legal rounds under random house rules:
every round ends settled, zero-sum, in whole chips; the replay equals the live state; undo then
redo changes nothing; and the settlement equals a second one written here from CASINO.md alone."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banluck.core.cards import RANKS, Card
from banluck.games.casino.actions import (
    Deal,
    Double,
    Draw,
    Even,
    Hit,
    Hole,
    Insure,
    Peek,
    Split,
    Stand,
    Surrender,
    Up,
)
from banluck.games.casino.family import CASINO
from banluck.games.casino.preset import Preset
from banluck.games.casino.side import CasinoSide
from banluck.games.casino.state import RoundState
from banluck.table.action import Action
from banluck.table.line import split_line
from banluck.table.round import Round
from banluck.table.seating import Table
from tests.games.casino.helpers_casino import preset

NAMES = ("blackjack-pro", "mini-blackjack", "bjingo", "box-21", "tournament")


@st.composite
def house_rules(draw: st.DrawFn) -> Preset:
    """A shipped preset, some of its knobs changed at random."""
    knobs: dict[str, Any] = {}
    if draw(st.booleans()):
        knobs = {
            "dealer.hole_card": draw(st.sampled_from(["peek", "no-hole-card"])),
            "dealer.no_hole_card_loses": draw(st.sampled_from(["all", "original"])),
            "payouts.blackjack": draw(st.sampled_from(["3:2", "6:5", "1:1", "2:1"])),
            "double.on": draw(st.sampled_from(["any", "hard", "9-11", "10-11"])),
            "split.max_hands": draw(st.integers(1, 4)),
            "split.resplit_aces": draw(st.booleans()),
            "split.aces_one_card": draw(st.booleans()),
            "surrender.mode": draw(st.sampled_from(["none", "late", "late-not-vs-ace"])),
        }
    return preset(draw(st.sampled_from(NAMES)), **knobs)


def shoe(rng: random.Random, decks: int) -> list[Card]:
    """A shuffled shoe, small cards and aces doubled in chance at the top so that splits,
    blackjacks and soft hands come often (the shoe still never holds too many of a rank)."""
    cards = list(_unshuffled(decks))
    rng.shuffle(cards)
    return cards


@functools.cache
def _unshuffled(decks: int) -> tuple[Card, ...]:
    """The shoe's cards in order, made once a number of decks (a Card is frozen)."""
    return tuple(Card(r) for r in RANKS for _ in range(4 * decks))


def candidates(state: RoundState, cards: list[Card]) -> list[Action[RoundState]]:
    """Actions that might apply now, with the next cards of the shoe."""
    a, b = cards[0], cards[1]
    boxes = list(state.players)
    ace = next((c for c in cards if c.is_ace), a)
    ten = next((c for c in cards if c.is_ten_card), b)
    pair = next((c for c in cards[1:] if c.rank == a.rank), b)
    # Aces and tens up, blackjacks and pairs dealt, more often than a shoe gives them.
    out: list[Action[RoundState]] = [Up(a), Up(ace), Up(ten), Peek(), Hole(a), Draw(a)]
    out += [Hole(c) for c in cards[1:6] if c.rank != a.rank]  # a hole card that is not a blackjack
    out += [Hole(ten), Hole(ace)]
    for name in boxes:
        out += [Deal(name, (a, b)), Deal(name, (ace, ten)), Deal(name, (a, pair))]
        out += [Even(name), Insure(name)]
    hand = state.to_play()
    if hand is not None:
        n = hand.name
        out += [Hit(n, a), Stand(n), Double(n, a), Split(n), Surrender(n)]
    return out


def pick(rnd: Round[RoundState], deck: list[Card], rng: random.Random) -> Action[RoundState]:
    """A legal action: a word first, each legal word as likely as another (so that even money,
    insurance, surrender and splits come as often as hits), then one of its actions."""
    legal = [act for act in candidates(rnd.state, deck) if rnd.can(act)]
    assert legal, f"a round is stuck: {rnd.pending()}"
    words = sorted({act.word for act in legal})
    word = rng.choice(words)
    return rng.choice([act for act in legal if act.word == word])


def random_round(
    rules: Preset,
    rng: random.Random,
    stakes: dict[str, int],
    standing: tuple[tuple[str, str], ...] = (),
    bets: tuple[tuple[str, str, int], ...] = (),
    deck_of: Callable[[random.Random, int], list[Card]] = shoe,
) -> Round[RoundState]:
    """A random legal round off a shuffled shoe (`deck_of`), with the table's side `bets` and
    `standing` bets (bets behind a box and extra boxes)."""
    table = Table(rules, "Dee", stakes, side=CasinoSide(bets, standing))
    rnd: Round[RoundState] = Round(table, CASINO)
    deck = deck_of(rng, rules.decks)
    for _ in range(160):
        if rnd.done:
            break
        act = pick(rnd, deck, rng)
        rnd.do(act)
        for card in _cards_of(act):
            deck.remove(card)
    assert rnd.done, f"a round did not end: {rnd.pending()}"
    return rnd


def _cards_of(act: Action[RoundState]) -> list[Card]:
    if isinstance(act, Deal):
        return list(act.cards)
    card = getattr(act, "card", None)
    return [card] if card is not None else []


STAKES = st.dictionaries(
    st.sampled_from(["Ann", "Ben", "Cid"]), st.sampled_from([10, 20, 30]), min_size=1
)
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32), stakes=STAKES)
def test_random_rounds_end_settled_zero_sum_in_whole_chips(
    rules: Preset, seed: int, stakes: dict[str, int]
) -> None:
    """Any sequence of legal actions ends with every hand settled; the money nets to zero."""
    rnd = random_round(rules, random.Random(seed), stakes)
    transfers = rnd.transfers()
    assert all(type(t.amount) is int and t.amount > 0 for t in transfers)
    assert sum(t.amount for t in transfers if t.payee == "Dee") - sum(
        t.amount for t in transfers if t.payer == "Dee"
    ) == -sum(_nets(rnd).get(n, 0) for n in stakes)


@SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32), stakes=STAKES)
def test_replay_equals_live_and_undo_then_redo_changes_nothing(
    rules: Preset, seed: int, stakes: dict[str, int]
) -> None:
    """The state is the replay of the lines; undoing any last action and doing it again is a no-op."""
    rnd = random_round(rules, random.Random(seed), stakes)
    table = rnd.table
    replayed: Round[RoundState] = Round(table, CASINO)
    for line in rnd.lines():
        word, *args = split_line(line)
        replayed.do(CASINO.words[word].parse(args))
    assert replayed.state == rnd.state
    assert replayed.transfers() == rnd.transfers()
    k = random.Random(seed).randrange(1, len(rnd.actions) + 1)
    part: Round[RoundState] = Round(table, CASINO, list(rnd.actions[:k]))
    before = Round(table, CASINO, list(rnd.actions[:k])).state
    last = part.undo()
    part.do(last)
    assert part.state == before


@SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32), stakes=STAKES)
def test_settlement_equals_an_independent_reading_of_the_rules(
    rules: Preset, seed: int, stakes: dict[str, int]
) -> None:
    """Each player's net equals the one computed here from CASINO.md, sharing no engine code."""
    rnd = random_round(rules, random.Random(seed), stakes)
    knobs = {knob.key: rules.get(knob.key) for knob in rules.SCHEMA.knobs}
    expected = independent_nets(rnd.lines(), stakes, knobs)
    got = _nets(rnd)
    assert {n: got.get(n, 0) for n in stakes} == expected


def _nets(rnd: Round[RoundState]) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in rnd.transfers():
        out[t.payer] = out.get(t.payer, 0) - t.amount
        out[t.payee] = out.get(t.payee, 0) + t.amount
    return out


# -- a second settlement, from the text of CASINO.md -------------------------------------------

VALUE = {"A": 1, "J": 10, "Q": 10, "K": 10}


def value(ranks: list[str]) -> int:
    hard = sum(VALUE.get(r, 0) or int(r) for r in ranks)
    return hard + 10 if "A" in ranks and hard <= 11 else hard


def independent_nets(
    lines: list[str], stakes: dict[str, int], knobs: dict[str, object]
) -> dict[str, int]:
    """Read the round's lines and pay it as CASINO.md §1 says, knowing nothing of the engine."""
    dealer: list[str] = []
    boxes: dict[str, dict[str, Any]] = {
        n: {
            "hands": {n: {"cards": [], "bet": s, "split": False, "surr": False}},
            "ins": 0,
            "even": False,
        }
        for n, s in stakes.items()
    }

    def hand_of(name: str) -> dict[str, Any]:
        box = name.split(".")[0] if name.split(".")[0] in boxes else name
        return boxes[box]["hands"][name]

    for line in lines:
        word, *args = line.split()
        rank = lambda text: text.rstrip("shdc") or text  # noqa: E731
        if word in ("up", "hole", "draw"):
            dealer.append(rank(args[0]))
        elif word == "deal":
            hand_of(args[0])["cards"] = [rank(c) for c in args[1:]]
        elif word == "even":
            boxes[args[0]]["even"] = True
        elif word == "insure":
            boxes[args[0]]["ins"] = stakes[args[0]] // 2
        elif word == "surrender":
            hand_of(args[0])["surr"] = True
        elif word == "hit":
            hand_of(args[1 - 1])["cards"].append(rank(args[1]))
        elif word == "double":
            hand = hand_of(args[0])
            hand["bet"] *= 2
            hand["cards"].append(rank(args[1]))
        elif word == "split":
            name = args[0]
            box_name = name.split(".")[0]
            hands = boxes[box_name]["hands"]
            hand = hands.pop(name)
            if "." not in name:
                name = f"{box_name}.1"
            new = {
                "cards": [hand["cards"].pop()],
                "bet": stakes[box_name],
                "split": True,
                "surr": False,
            }
            hand["split"] = True
            hands[name] = hand
            hands[f"{box_name}.{len(hands) + 1}"] = new
    num, den = (int(x) for x in str(knobs["payouts.blackjack"]).split(":"))
    dealer_bj = len(dealer) >= 2 and value(dealer[:2]) == 21
    original = (
        knobs["dealer.hole_card"] == "no-hole-card"
        and knobs["dealer.no_hole_card_loses"] == "original"
    )
    out: dict[str, int] = {}
    for name, box in boxes.items():
        stake = stakes[name]
        net = 0
        if box["ins"]:
            net += 2 * box["ins"] if dealer_bj else -box["ins"]
        if box["even"]:
            out[name] = net + stake
            continue
        lost = 0
        open_hands = []
        for hand in box["hands"].values():
            natural = not hand["split"] and len(hand["cards"]) == 2 and value(hand["cards"]) == 21
            if hand["surr"]:
                lost += stake // 2
            elif value(hand["cards"]) > 21:
                lost += hand["bet"]
            elif dealer_bj and natural:
                pass
            elif dealer_bj:
                open_hands.append(hand)
            elif natural:
                net += stake * num // den
            else:
                d, v = value(dealer), value(hand["cards"])
                net += hand["bet"] if d > 21 or v > d else 0 if v == d else -hand["bet"]
        if open_hands:
            if original:
                lost = max(lost, stake)
            else:
                lost += sum(h["bet"] for h in open_hands)
        out[name] = net - lost
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules(), seed=st.integers(0, 2**32))
def test_a_random_night_replays_from_its_log_and_undo_then_redo_changes_nothing(
    rules: Preset, seed: int
) -> None:
    """Several rounds through the night (stakes, rotation, the log): the night read back from its
    lines has the same balances and rounds; undoing its last line and typing it again too."""
    from banluck.table.night import Night
    from banluck.table.seating import seating_for

    rng = random.Random(seed)
    night = Night(seating_for(rules, ["Ann", "Ben", "Cid"]), CASINO)
    typed: list[tuple[str, list[str]]] = []

    def type_line(word: str, args: list[str]) -> None:
        night.do_line(word, args)
        typed.append((word, args))

    type_line("stake", ["10"])
    type_line("stake", ["Cid", "20"])
    for _ in range(rng.randint(1, 6)):
        deck = shoe(rng, rules.decks)
        type_line("up", [deck.pop(0).code()])
        while night.current is not None:
            act = pick(night.current, deck, rng)
            for card in _cards_of(act):
                deck.remove(card)
            word, *args = split_line(act.line())
            type_line(word, args)
        if rng.random() < 0.2:
            type_line("pass", [])
    again = Night(night.start, CASINO)
    for word, args in typed:
        again.do_line(word, args)
    assert again.balances == night.balances
    assert [r.to_dict() for r in again.rounds] == [r.to_dict() for r in night.rounds]
    assert sum(night.balances.values()) == 0
    word, args = typed[-1]
    before = [r.to_dict() for r in night.rounds], dict(night.balances), night.seating
    night.undo()
    night.do_line(word, args)
    assert ([r.to_dict() for r in night.rounds], dict(night.balances), night.seating) == before
