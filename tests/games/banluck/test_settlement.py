"""Settling one player with the dealer (docs/rules.md §4–§6, §9).

Amounts are the player's (+ the player wins), in stakes unless a test says otherwise. Expected
numbers are written out from the rule text, never computed with the engine's own helpers.
"""

from __future__ import annotations

from typing import Any

import pytest

from banluck.app import presets
from banluck.core.cards import parse_cards
from banluck.core.errors import CardError
from banluck.games.banluck.hands import Hand
from banluck.games.banluck.preset import Preset
from banluck.games.banluck.settlement import Verdict, five_card_at_once, instant, judge, versus
from tests.helpers import tweak


def rules(name: str = "chinese", **knobs: Any) -> Preset:
    return tweak(presets.load(name), **knobs)


def verdict(player: str, dealer: str, preset: Preset | str = "chinese") -> Verdict:
    p = rules(preset) if isinstance(preset, str) else preset
    return judge(parse_cards(player), parse_cards(dealer), p).verdict


def pays(player: str, dealer: str, preset: Preset | str = "chinese", stake: int = 1) -> int:
    return verdict(player, dealer, preset).amount(stake)


# --------------------------------------------------------------------------------------------
# docs/rules.md §9: the public cases. Stake 10, chinese unless said.

CASES: list[tuple[str, str, str, str, int]] = [
    # (case, preset, player, dealer, amount at stake 10)
    ("1 ban-luck paid at once", "chinese", "A K", "9 7", 20),
    ("2 ban-ban beats ban-luck", "chinese", "A A", "A K", 30),
    ("2 ban-luck loses to ban-ban", "chinese", "A K", "A A", -30),
    ("3 dealer ban-luck collects", "chinese", "9 9", "A K", -20),
    ("3 ban-luck v ban-luck", "chinese", "A Q", "A K", 0),
    ("3 free hand escapes", "chinese", "7 8", "A K", 0),
    ("4 7-7-7 opened at 18", "chinese", "7 7 7", "10 8", 210),
    ("4 7-7-7 v the dealer's final 21", "chinese", "7 7 7", "10 8 3", 0),
    ("5 five-dragon at once", "chinese", "2 3 4 5 6", "10 8", 20),
    ("5 five-card bust at once", "chinese", "5 6 7 2 3", "10 8", -20),
    ("6 opened bust at 16", "chinese", "10 5 9", "10 6", -10),
    ("6 closed 18 v dealer bust", "chinese", "9 9", "10 6 10", 10),
    ("6 closed 21 v dealer bust", "chinese", "10 4 7", "10 6 10", 20),
    ("6 closed bust v dealer bust", "chinese", "10 5 8", "10 6 10", 0),
    ("7 19 v 21", "chinese", "10 9", "10 5 6", -20),
    ("7 21 v 21", "chinese", "10 5 6", "10 5 6", 0),
    ("8 19 v five-dragon 15", "chinese", "10 9", "2 3 4 5 A", -20),
    ("8 18 v five-dragon 15", "chinese", "9 9", "2 3 4 5 A", -20),
    ("8 17 v five-dragon 15", "chinese", "10 7", "2 3 4 5 A", -20),
    ("8 21 v five-dragon 15", "chinese", "10 4 7", "2 3 4 5 A", -20),
    ("8 bust v five-dragon 15", "chinese", "10 5 9", "2 3 4 5 A", -20),
    ("9 kampung: stands on 14", "kampung", "10 4", "10 8", -10),
]


@pytest.mark.parametrize(
    ("preset", "player", "dealer", "amount"),
    [c[1:] for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_rules_section_9(preset: str, player: str, dealer: str, amount: int) -> None:
    """Every public case of §9, each player against the dealer's hand when he is opened."""
    assert pays(player, dealer, preset, stake=10) == amount


def test_case_9_standing_short_in_kampung_is_an_offence() -> None:
    """§9 case 9 at the pair level: the offender loses 1 to the dealer and the verdict marks the
    offence, so the round engine can make him pay the other seats too (pay-all).
    """
    v = verdict("10 4", "10 8", "kampung")
    assert (v.multiple, v.offence) == (-1, True)
    assert "pay-all" in v.reason
    # Still an offence against a dealer who busts or holds less: whatever the dealer holds.
    assert verdict("10 4", "10 6 10", "kampung") == v
    assert verdict("10 4", "10 5", "kampung").offence


@pytest.mark.parametrize("dealer", ["10 8", "10 6 10", "10 5 6", "2 3 4 5 A", "A 2 3 4 K"])
def test_case_5_five_card_hands_are_paid_whatever_the_dealer_holds(dealer: str) -> None:
    """five_card.settle at-once: the five-card hand is paid when shown, before the dealer plays."""
    assert pays("2 3 4 5 6", dealer, stake=10) == 20
    assert pays("5 6 7 2 3", dealer, stake=10) == -20
    assert pays("2 3 4 5 7", dealer, stake=10) == 30  # five-card 21 pays 3


def test_case_8_a_five_card_hand_is_never_short() -> None:
    """2-3-4-5-A is 15 with five cards: a five-dragon, not a dealer under his minimum of 16."""
    v = verdict("10 6", "2 3 4 5 A")
    assert v.multiple == -2
    assert not v.offence


def test_case_10_totals() -> None:
    """§9 case 10 through the settlement path: A-6-4 (20) beats 19, A-6-4-5 (16) loses to it."""
    assert pays("A 6 4", "10 9") == 1
    assert pays("A 6 4 5", "10 9") == -1
    assert pays("A 9 5", "10 6") == -1  # 15: under the minimum of 16
    assert pays("A 5 6", "10 9") == 2  # 21 pays twenty_one = 2 in chinese


# --------------------------------------------------------------------------------------------
# The instant matrix of §4 for all four shipped presets.

INSTANT_HANDS = {"ban-ban": "A A", "ban-luck": "A K", "15": "7 8", "other": "10 8"}
DEALER_HANDS = {"ban-ban": "A A", "ban-luck": "A Q", "15": "9 6", "other": "9 9"}
COLUMNS = ("ban-ban", "ban-luck", "15", "other")

# rows: player; columns: dealer (ban-ban, ban-luck, two-card 15, other). None: no instant.
MATRIX: dict[str, dict[str, tuple[int | None, ...]]] = {
    # free-hand 15, ban-ban 3, ban-luck 2, same instant push
    "chinese": {
        "ban-ban": (0, 3, 0, 3),
        "ban-luck": (-3, 0, 0, 2),
        "15": (0, 0, None, None),
        "other": (-3, -2, None, None),
    },
    # fifteen off: a two-card 15 is an ordinary hand
    "kampung": {
        "ban-ban": (0, 3, 3, 3),
        "ban-luck": (-3, 0, 2, 2),
        "15": (-3, -2, None, None),
        "other": (-3, -2, None, None),
    },
    # fifteen run: running is a round action; the 15 itself escapes nothing
    "singapore": {
        "ban-ban": (0, 3, 3, 3),
        "ban-luck": (-3, 0, 2, 2),
        "15": (-3, -2, None, None),
        "other": (-3, -2, None, None),
    },
    # ban-ban 2, ban-luck 1, same instant: dealer wins his multiple
    "xi-dach": {
        "ban-ban": (-2, 2, 2, 2),
        "ban-luck": (-2, -1, 1, 1),
        "15": (-2, -1, None, None),
        "other": (-2, -1, None, None),
    },
}
MATRIX_CELLS = [
    (preset, row, col, MATRIX[preset][row][i])
    for preset in MATRIX
    for row in INSTANT_HANDS
    for i, col in enumerate(COLUMNS)
]


@pytest.mark.parametrize(
    ("preset", "row", "col", "expected"),
    MATRIX_CELLS,
    ids=[f"{p}:{r}-v-{c}" for p, r, c, _ in MATRIX_CELLS],
)
def test_instant_matrix(preset: str, row: str, col: str, expected: int | None) -> None:
    """Each cell of the §4 instant matrix under each shipped preset's payouts and ties."""
    p = rules(preset)
    player, dealer = parse_cards(INSTANT_HANDS[row]), parse_cards(DEALER_HANDS[col])
    v = instant(player, dealer, p)
    if expected is None:
        assert v is None
        return
    assert v is not None
    assert v.multiple == expected
    assert not v.offence
    assert judge(player, dealer, p).verdict == v


@pytest.mark.parametrize("player", ["A 4", "5 K", "6 9"])
def test_every_two_card_15_is_a_free_hand(player: str) -> None:
    """Any two cards making 15 escape the dealer's instant hand, an ace-four (11+4) included."""
    assert pays(player, "A A") == 0
    assert pays(player, "A K") == 0


def test_instant_hands_use_the_first_two_cards() -> None:
    """The instant check happened at two cards: a dealer's later cards do not undo his ban-luck."""
    assert pays("10 8", "A K 5") == -2
    assert pays("7 8 3", "A K") == 0  # the player's 7-8 was a free hand when it counted


# --------------------------------------------------------------------------------------------
# §4 checks 1-7 in their order.


def test_check_1_player_short_loses_whatever_the_dealer_holds() -> None:
    """minimum.player_under lose: 15 loses 1 even against a dealer bust or a dealer's 20."""
    for dealer in ("10 6 10", "10 10", "10 6", "2 3 4 5 A", "5 6 7 2 3"):
        v = verdict("10 5", dealer)
        assert (v.multiple, v.offence) == (-1, True), dealer


def test_check_2_dealer_five_card_bust_pays_closed_players_their_larger_multiple() -> None:
    """Dealer five-card bust pays every closed player max(bust.dealer_five_card, own multiple),
    busted players included (seed 004: regardless of whether the player busts).
    """
    dealer = "5 6 7 2 3"
    assert pays("10 8", dealer) == 2
    assert pays("10 5 9", dealer) == 2  # a busted player is paid too
    assert pays("10 4 7", dealer) == 2  # 21 pays 2 = max(2, 2)
    assert pays("7 7 7", dealer.replace("7", "8")) == 21  # 7-7-7's own 21 is larger
    # both_bust player-loses does not apply: check 2 is first (where busts stay closed; a bust
    # shown at once, as kampung ships, was paid before: tests/test_bust_shown_at_once.py)
    kampung = rules("kampung", **{"bust.shown_at_once": False})
    assert pays("10 5 9", dealer, kampung) == 2


def test_check_3_both_bust() -> None:
    """bust.both_bust: push, or the player loses 1 (bust.five_card with five cards)."""
    assert pays("10 5 9", "10 6 10") == 0
    kampung = rules("kampung", **{"bust.shown_at_once": False})  # a closed bust meets the dealer's
    assert pays("10 5 9", "10 6 10", kampung) == -1
    when_opened = tweak(kampung, **{"five_card.settle": "when-opened"})
    assert pays("5 6 7 2 3", "10 6 10", when_opened) == -2


@pytest.mark.parametrize(
    ("dealer", "amount"),
    [("10 8", -1), ("10 5 6", -2), ("2 3 4 5 A", -2), ("A 2 3 4 K", -2), ("7 7 7", -21)],
)
def test_check_4_player_bust_loses_the_dealers_multiple(dealer: str, amount: int) -> None:
    """A busted player loses the dealer's multiple: 1, or more for 21 / five cards / 7-7-7."""
    assert pays("10 5 9", dealer) == amount


@pytest.mark.parametrize(
    ("player", "amount"), [("10 8", 1), ("10 5 6", 2), ("7 7 7", 21), ("10 6", 1)]
)
def test_check_5_dealer_bust_pays_the_players_multiple(player: str, amount: int) -> None:
    """A dealer bust with under five cards pays each player his own multiple."""
    assert pays(player, "10 6 K") == amount


# player, dealer, amount: chinese with five-card hands settled when opened, so they meet.
NAMED = [
    ("7 7 7", "2 3 4 5 6", 21),  # 7-7-7 > five-dragon
    ("7 7 7", "2 3 4 5 7", 0),  # five-card 21 is a 21: ties.triple_seven_vs_21 push
    ("2 3 4 5 7", "2 3 4 5 6", 3),  # five-card 21 > five-dragon
    ("2 3 4 5 6", "10 5 6", 2),  # five-dragon > a plain 21
    ("2 3 4 5 6", "10 9", 2),
    ("10 5 6", "2 3 4 5 A", -2),
    ("10 9", "2 3 4 5 7", -3),
    ("2 3 4 5 6", "2 3 4 5 7", -3),
    ("A 2 3 4 5", "2 3 4 5 6", 0),  # same class: ties.five_vs_five push
    ("7 7 7", "10 8", 21),
    ("10 8", "7 7 7", -21),
    ("10 5 6", "7 7 7", 0),  # the dealer's 7-7-7 against a 21 mirrors the push
    ("2 3 4 5 7", "7 7 7", 0),  # ... a five-card 21 included
    ("2 3 4 5 6", "7 7 7", -21),
]


@pytest.mark.parametrize(("player", "dealer", "amount"), NAMED)
def test_check_6_named_hands_rank(player: str, dealer: str, amount: int) -> None:
    """7-7-7 > five-card 21 > five-dragon > plain totals; the higher class wins its multiple."""
    assert pays(player, dealer, rules(**{"five_card.settle": "when-opened"})) == amount


def test_check_6_five_card_21_paid_like_a_dragon_is_one_class() -> None:
    """xi-dach pays five-card 21 like a five-dragon (2 / 2): the two meet as one class, so
    ties.five_vs_five (dealer-wins) decides, not the five-card 21.
    """
    assert pays("2 3 4 5 7", "A 2 3 4 6", "xi-dach") == -2
    assert pays("A 2 3 4 6", "2 3 4 5 7", "xi-dach") == -2
    split = rules("xi-dach", **{"payouts.five_card_21": 3})
    assert pays("2 3 4 5 7", "A 2 3 4 6", split) == 3


@pytest.mark.parametrize(
    ("player", "dealer", "amount"),
    [
        ("10 9", "10 8", 1),
        ("10 8", "10 9", -1),
        ("10 8", "9 9", 0),
        ("10 5 6", "10 9", 2),
        ("10 9", "10 4 7", -2),
        ("A 6 4", "10 10", 0),
        ("10 6", "10 7", -1),
    ],
)
def test_check_7_totals(player: str, dealer: str, amount: int) -> None:
    """Higher total wins the winner's multiple (21 pays payouts.twenty_one); equal is a push."""
    assert pays(player, dealer) == amount


# --------------------------------------------------------------------------------------------
# §6: a dealer stopping under his minimum.


@pytest.mark.parametrize(
    ("player", "amount", "offence"),
    [
        ("10 8", 1, False),
        ("10 4 7", 2, False),  # that player's multiple: 21 pays 2
        ("7 7 7", 21, False),
        ("10 5 9", 1, False),  # busted players get 1
        ("10 4", 0, False),  # players short themselves push
        ("10 5", 0, False),
    ],
)
def test_dealer_under_his_minimum_pays_every_closed_player(
    player: str, amount: int, offence: bool
) -> None:
    """minimum.dealer_under pay-all: checked before the player's own minimum (engine's choice:
    §6 says short players push against a short dealer, which only works if the dealer is first).
    """
    v = verdict(player, "10 5")  # 15, under the chinese dealer minimum of 16
    assert (v.multiple, v.offence) == (amount, offence)


def test_fourteen_against_fourteen() -> None:
    """§6 `lose`: 14 v 14 is a loss when the dealer is not made to pay for standing short;
    with minimum.dealer_under pay-all the short dealer is judged first and both push.
    """
    off = rules(**{"minimum.dealer_under": "off"})
    assert (verdict("10 4", "9 5", off).multiple, verdict("10 4", "9 5", off).offence) == (-1, True)
    assert verdict("10 4", "9 5").multiple == 0


# --------------------------------------------------------------------------------------------
# Each pair-level knob: changing only that knob changes the verdict.


@pytest.mark.parametrize(
    ("preset", "player", "dealer", "knob", "before", "after"),
    [
        # points.ace: A-6-4 is 20 by count, 21 where an ace may be 11 at three cards
        ("chinese", "A 6 4", "10 10", "points.ace", ("by-count", 0), ("one-ten-eleven", 2)),
        ("chinese", "A 2 3 4", "10 8", "points.ace", ("by-count", -1), ("ten-or-one", 1)),
        ("chinese", "A 5 6", "10 9", "points.ace", ("by-count", 2), ("one-or-eleven", -1)),
        # minimum.player: 15 is short at 16, not at 15
        ("chinese", "10 5", "10 6 10", "minimum.player", (16, -1), (15, 1)),
        # minimum.dealer: a dealer's 15 is short at 16 (busted player paid 1), not at 15
        ("chinese", "10 5 9", "10 5", "minimum.dealer", (16, 1), (15, -1)),
        # minimum.dealer_under: pay-all pays a busted player; off lets the dealer's 14 win
        ("chinese", "10 5 9", "10 4", "minimum.dealer_under", ("pay-all", 1), ("off", -1)),
        ("chinese", "10 4", "9 5", "minimum.dealer_under", ("pay-all", 0), ("off", -1)),
        # payouts, each
        ("chinese", "A A", "10 8", "payouts.ban_ban", (3, 3), (5, 5)),
        ("chinese", "10 8", "A A", "payouts.ban_ban", (3, -3), (5, -5)),
        ("chinese", "A K", "10 8", "payouts.ban_luck", (2, 2), (1, 1)),
        ("chinese", "10 8", "K A", "payouts.ban_luck", (2, -2), (1, -1)),
        ("chinese", "7 7 7", "10 8", "payouts.triple_seven", (21, 21), (7, 7)),
        ("chinese", "7 7 7", "10 8", "payouts.triple_seven", (21, 21), (0, 2)),  # plain 21
        ("chinese", "2 3 4 5 6", "10 8", "payouts.five_dragon", (2, 2), (4, 4)),
        ("chinese", "2 3 4 5 7", "10 8", "payouts.five_card_21", (3, 3), (5, 5)),
        ("chinese", "10 5 6", "10 8", "payouts.twenty_one", (2, 2), (1, 1)),
        ("chinese", "10 8", "10 5 6", "payouts.twenty_one", (2, -2), (1, -1)),
        # five_card.settle: paid at once, or met by the dealer's five-dragon when opened
        (
            "chinese",
            "2 3 4 5 6",
            "A 2 3 4 5",
            "five_card.settle",
            ("at-once", 2),
            ("when-opened", 0),
        ),
        (
            "chinese",
            "5 6 7 2 3",
            "10 6 10",
            "five_card.settle",
            ("at-once", -2),
            ("when-opened", 0),
        ),
        # bust.five_card, at once and when opened
        ("chinese", "5 6 7 2 3", "10 8", "bust.five_card", (2, -2), (3, -3)),
        ("xi-dach", "5 6 7 2 3", "10 8", "bust.five_card", (1, -1), (3, -3)),
        # bust.dealer_five_card
        ("chinese", "10 8", "5 6 7 2 3", "bust.dealer_five_card", (2, 2), (4, 4)),
        ("xi-dach", "10 5 9", "5 6 7 2 3", "bust.dealer_five_card", (1, 1), (3, 3)),
        # bust.both_bust
        ("chinese", "10 5 9", "10 6 10", "bust.both_bust", ("push", 0), ("player-loses", -1)),
        # bust.heavy: 28 makes a player's bust an offence, a dealer's a reason to pay all
        ("xi-dach", "10 10 8", "10 6 10", "bust.heavy", (28, -1), (0, 0)),
        ("xi-dach", "10 5 9", "10 10 8", "bust.heavy", (28, 1), (0, 0)),
        # ties.same_instant
        ("chinese", "A A", "A A", "ties.same_instant", ("push", 0), ("player-wins", 1)),
        ("chinese", "A K", "A Q", "ties.same_instant", ("push", 0), ("dealer-wins", -2)),
        ("chinese", "A A", "A A", "ties.same_instant", ("push", 0), ("dealer-wins", -3)),
        # ties.triple_seven_vs_21, both ways round
        ("chinese", "7 7 7", "10 5 6", "ties.triple_seven_vs_21", ("push", 0), ("player-wins", 21)),
        (
            "chinese",
            "10 5 6",
            "7 7 7",
            "ties.triple_seven_vs_21",
            ("push", 0),
            ("player-wins", -21),
        ),
        (
            "kampung",
            "7 7 7",
            "2 3 4 5 7",
            "ties.triple_seven_vs_21",
            ("push", 0),
            ("player-wins", 7),
        ),
        # fifteen.mode: the free hand escapes an instant; off does not
        ("chinese", "7 8", "A K", "fifteen.mode", ("free-hand", 0), ("off", -2)),
        ("chinese", "A K", "9 6", "fifteen.mode", ("free-hand", 0), ("off", 2)),
        ("chinese", "A A", "A 4", "fifteen.mode", ("free-hand", 0), ("run", 3)),
    ],
)
def test_knob_changes_the_verdict(
    preset: str,
    player: str,
    dealer: str,
    knob: str,
    before: tuple[Any, int],
    after: tuple[Any, int],
) -> None:
    """Changing only this knob changes what the player is paid, the way docs/rules.md says."""
    assert pays(player, dealer, rules(preset, **{knob: before[0]})) == before[1]
    assert pays(player, dealer, rules(preset, **{knob: after[0]})) == after[1]


@pytest.mark.parametrize(
    ("rule", "player", "dealer", "amount"),
    [
        # player 20 (five cards) against dealer 15 (five cards), and the other way round
        ("push", "2 3 4 5 6", "A 2 3 4 5", 0),
        ("higher-wins", "2 3 4 5 6", "A 2 3 4 5", 1),
        ("lower-wins", "2 3 4 5 6", "A 2 3 4 5", -1),
        ("dealer-wins", "2 3 4 5 6", "A 2 3 4 5", -2),
        ("push", "A 2 3 4 5", "2 3 4 5 6", 0),
        ("higher-wins", "A 2 3 4 5", "2 3 4 5 6", -1),
        ("lower-wins", "A 2 3 4 5", "2 3 4 5 6", 1),
        ("dealer-wins", "A 2 3 4 5", "2 3 4 5 6", -2),
        # equal totals: higher/lower-wins push, dealer-wins still collects
        ("higher-wins", "2 3 4 5 6", "6 5 4 3 2", 0),
        ("lower-wins", "2 3 4 5 6", "6 5 4 3 2", 0),
        ("dealer-wins", "2 3 4 5 6", "6 5 4 3 2", -2),
        # five-card 21 against five-card 21: dealer-wins collects the dealer's multiple
        ("dealer-wins", "2 3 4 5 7", "7 5 4 3 2", -3),
        ("higher-wins", "2 3 4 5 7", "7 5 4 3 2", 0),
    ],
)
def test_ties_five_vs_five(rule: str, player: str, dealer: str, amount: int) -> None:
    """ties.five_vs_five, all four values. higher/lower-wins pay 1 (the engine's choice: §4 says
    "higher total wins 1"); dealer-wins collects the dealer's own multiple.
    """
    p = rules(**{"five_card.settle": "when-opened", "ties.five_vs_five": rule})
    assert pays(player, dealer, p) == amount


@pytest.mark.parametrize("rule", ["lose", "pay-all", "pay-for-dealer"])
def test_minimum_player_under_names_the_rule_and_marks_the_offence(rule: str) -> None:
    """minimum.player_under: at the pair level every rule loses 1 to the dealer with
    offence=True; the round engine applies pay-all / pay-for-dealer. The reason names the rule.
    """
    v = verdict("10 5", "10 8", rules(**{"minimum.player_under": rule}))
    assert (v.multiple, v.offence) == (-1, True)
    assert rule in v.reason
    assert "minimum.player_under" in v.reason


def test_heavy_bust_is_an_offence_but_an_ordinary_bust_is_not() -> None:
    """bust.heavy (xi-dach 28): a player's 28 is the offence of standing short; 27 is a bust."""
    heavy = verdict("10 10 8", "10 8", "xi-dach")
    assert (heavy.multiple, heavy.offence) == (-1, True)
    plain = verdict("10 10 7", "10 8", "xi-dach")
    assert (plain.multiple, plain.offence) == (-1, False)
    assert verdict("10 10 8", "10 8", rules("xi-dach", **{"bust.heavy": 0})).offence is False


def test_five_card_heavy_bust_settled_at_once_is_a_five_card_bust() -> None:
    """docs/rules.md leaves open a five-card bust of bust.heavy or more in an at-once house (no shipped
    preset has both). The engine's choice: it is shown and paid at once as a five-card bust
    (bust.five_card), not an offence; settled when opened (xi-dach) it is the heavy-bust offence.
    """
    at_once = rules(**{"bust.heavy": 28})
    v = verdict("5 6 7 8 9", "10 8", at_once)
    assert (v.multiple, v.offence) == (-2, False)
    v = verdict("5 6 7 8 9", "10 8", "xi-dach")
    assert (v.multiple, v.offence) == (-1, True)


def test_heavy_bust_dealer_pays_like_a_short_dealer() -> None:
    """bust.heavy applies to the dealer too (engine's choice): a dealer's 28 pays every closed
    player his multiple through minimum.dealer_under, busted players 1, short ones push.
    """
    x = rules("xi-dach")
    assert pays("10 8", "10 10 8", x) == 1
    assert pays("10 5 9", "10 10 8", x) == 1
    assert pays("10 5", "10 10 8", x) == 0
    off = rules("xi-dach", **{"minimum.dealer_under": "off"})
    assert pays("10 5 9", "10 10 8", off) == 0  # an ordinary both-bust push


@pytest.mark.parametrize(("decks", "ok"), [(1, False), (2, True)])
def test_decks(decks: int, ok: bool) -> None:
    """decks: one deck holds one A♠ and four sevens; two decks hold twice as many."""
    p = rules(decks=decks)
    for player, dealer in (("As Ks", "As 10"), ("7 7 7", "7 7")):
        if ok:
            judge(parse_cards(player), parse_cards(dealer), p)
        else:
            with pytest.raises(CardError, match="deck"):
                judge(parse_cards(player), parse_cards(dealer), p)


@pytest.mark.parametrize(("max_cards", "ok"), [(5, True), (4, False)])
def test_points_max_cards(max_cards: int, ok: bool) -> None:
    """points.max_cards: a five-card hand is refused where a hand holds at most four."""
    p = rules(**{"points.max_cards": max_cards})
    if ok:
        assert pays("2 3 4 5 6", "10 8", p) == 2
    else:
        with pytest.raises(CardError, match=r"points\.max_cards"):
            pays("2 3 4 5 6", "10 8", p)
        assert pays("2 3 4 6", "10 8", p) == -1  # 15: short, still settled


@pytest.mark.parametrize(("player", "dealer"), [("A", "10 8"), ("10 8", "K"), ("", "10 8")])
def test_a_hand_needs_two_cards(player: str, dealer: str) -> None:
    """judge refuses a hand of fewer than two cards with a sentence naming whose it is."""
    with pytest.raises(CardError, match="at least two cards"):
        pays(player, dealer)


# --------------------------------------------------------------------------------------------
# The pieces judge is made of.


def test_five_card_at_once_only_for_five_cards_settled_at_once() -> None:
    """five_card_at_once answers None for a shorter hand or a when-opened house."""
    c = rules()
    assert five_card_at_once(Hand.of(parse_cards("10 8"), c), c) is None
    w = rules(**{"five_card.settle": "when-opened"})
    assert five_card_at_once(Hand.of(parse_cards("2 3 4 5 6"), w), w) is None
    v = five_card_at_once(Hand.of(parse_cards("2 3 4 5 6"), c), c)
    assert v is not None and v.multiple == 2


def test_versus_is_the_opened_hand_without_instant_checks() -> None:
    """versus compares hands as they stand; judge puts instant and at-once checks first."""
    c = rules()
    p, d = Hand.of(parse_cards("10 8"), c), Hand.of(parse_cards("10 7"), c)
    assert (versus(p, d, c).multiple, versus(p, d, c).offence) == (1, False)
    assert versus(d, p, c).multiple == -1


@pytest.mark.parametrize("stake", [0, 1, 10, 250])
def test_amount_is_the_multiple_times_the_stake(stake: int) -> None:
    """Money is integers: the amount is the multiple times the stake, both ints."""
    v = verdict("7 7 7", "10 8")
    assert v.amount(stake) == 21 * stake
    assert isinstance(v.amount(stake), int)


def test_every_shipped_preset_settles_the_common_hands(shipped: Preset) -> None:
    """Sanity across presets: 19 beats 18 by 1 and a plain bust loses 1 against 18."""
    assert pays("10 9", "10 8", shipped) == 1
    assert pays("10 5 9", "10 8", shipped) == -1


# --------------------------------------------------------------------------------------------
# Points docs/rules.md leaves open: the engine's choices, kept and pinned here.


def test_same_instant_player_wins_pays_even_money_dealer_wins_collects_his_multiple() -> None:
    """ties.same_instant: §4 says "player paid even money" (1, whatever the instant); the engine
    makes dealer-wins collect the dealer's own instant multiple (ban-ban 3, ban-luck 2 in chinese).
    """
    player_wins = rules(**{"ties.same_instant": "player-wins"})
    assert pays("A A", "A A", player_wins) == 1
    assert pays("A K", "A Q", player_wins) == 1
    dealer_wins = rules(**{"ties.same_instant": "dealer-wins"})
    assert pays("A A", "A A", dealer_wins) == -3
    assert pays("A K", "A Q", dealer_wins) == -2


@pytest.mark.parametrize(
    ("dealer", "five_card", "amount"),
    [("10 8", 2, -2), ("10 8", 1, -1), ("10 5 6", 1, -2), ("2 3 4 5 A", 3, -3), ("7 7 7", 2, -21)],
)
def test_five_card_bust_opened_loses_the_larger_of_its_penalty_and_the_dealers_multiple(
    dealer: str, five_card: int, amount: int
) -> None:
    """Settled when opened, a five-card bust loses max(bust.five_card, the dealer's multiple):
    §4 check 4 (the dealer's multiple) and §3 (a five-card bust loses bust.five_card) both hold.
    """
    p = rules(**{"five_card.settle": "when-opened", "bust.five_card": five_card})
    assert pays("5 6 8 2 3", dealer, p) == amount


def test_heavy_bust_player_against_a_short_dealer_pushes() -> None:
    """A heavy bust is "the same offence as standing short" (§6), so against a dealer who stopped
    short it pushes like a short player does, where an ordinary bust gets 1.
    """
    x = rules("xi-dach")
    assert pays("10 10 8", "10 4", x) == 0
    assert pays("10 10 7", "10 4", x) == 1


def test_triple_seven_against_triple_seven_is_a_push() -> None:
    """Two decks allow 7-7-7 on both sides: same class, same 21, a push."""
    assert pays("7 7 7", "7 7 7", rules(decks=2)) == 0


def test_five_card_21_is_a_21_for_triple_seven_vs_21() -> None:
    """ties.triple_seven_vs_21 covers any dealer 21, a five-card 21 included, and mirrors for the
    dealer's 7-7-7 against a player's 21 (engine's choice; §4 names only the player's 7-7-7).
    """
    p = rules(**{"five_card.settle": "when-opened", "ties.triple_seven_vs_21": "player-wins"})
    assert pays("7 7 7", "2 3 4 5 7", p) == 21
    assert pays("2 3 4 5 7", "7 7 7", p) == -21
    assert pays("10 5 6", "7 7 7", p) == -21
