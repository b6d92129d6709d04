"""Side bets (CASINO.md §4): their categories, the words that set them, the suits they need, the
refusals, the bank's limit, and their exact worth against a brute-force count and published
figures."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from banluck.app.records import read_log
from banluck.core.cards import RANKS, SUITS, Card, parse_cards
from banluck.core.errors import BanluckError, RuleError
from banluck.games.casino.risk import main_worst, side_worst, worst_case
from banluck.games.casino.sidebet_edge import category_counts, combinations, worth
from banluck.games.casino.sidebets import (
    DEALER_PAIR,
    PERFECT_PAIRS,
    TWENTY_ONE_PLUS_THREE,
    pair_category,
    three_category,
)
from tests.games.casino.helpers_casino import do, nets, play, preset


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Qh Qh", "perfect pair"),
        ("Qh Qd", "coloured pair"),
        ("Qs Qc", "coloured pair"),
        ("Qh Qs", "red-black pair"),
        ("Qh Kh", None),  # pairs are by rank: K-Q is no pair
        ("10h Jh", None),
    ],
)
def test_pair_categories(text: str, category: str | None) -> None:
    """Perfect (rank and suit), coloured (rank and colour), red-black (rank); nothing else."""
    got = pair_category(cards(text))
    assert (None if got is None else PERFECT_PAIRS.categories[got]) == category


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("7h 7h 7h", "suited trips"),
        ("7h 8h 9h", "straight flush"),
        ("Qd Kd Ad", "straight flush"),
        ("7h 7d 7c", "three of a kind"),
        ("As 2d 3c", "straight"),  # A-2-3
        ("Qc Kd Ah", "straight"),  # Q-K-A
        ("Kc Ad 2h", None),  # K-A-2 does not turn the corner
        ("Kh Ah 2h", "flush"),
        ("2h 9h Kh", "flush"),
        ("Qh Qh 9h", "flush"),  # a suited pair is a flush
        ("Qh Qd 7c", None),
        ("9c 9s Ah", None),
        ("10s Jd Qc", "straight"),
        ("9s 10d Jc", "straight"),
    ],
)
def test_twenty_one_plus_three_categories(text: str, category: str | None) -> None:
    """The best category of the box's two cards and the up card; only it pays."""
    got = three_category(cards(text))
    assert (None if got is None else TWENTY_ONE_PLUS_THREE.categories[got]) == category


def shoe(decks: int) -> list[Card]:
    return [Card(r, s) for r in RANKS for s in SUITS for _ in range(decks)]


@pytest.mark.parametrize("decks", [1, 2])
@pytest.mark.parametrize("size", [2, 3])
def test_category_counts_agree_with_a_brute_force_count(decks: int, size: int) -> None:
    """Every combination of physical cards of the shoe, classified one by one, gives the same
    number in each category as the closed forms."""
    classify = pair_category if size == 2 else three_category
    seen: Counter[int | None] = Counter(
        classify(combo) for combo in itertools.combinations(shoe(decks), size)
    )
    counts = category_counts(size, decks)
    assert [seen[i] for i in range(len(counts))] == list(counts)
    assert sum(seen.values()) == combinations(size, decks)


@pytest.mark.parametrize("decks", [1, 2])
@pytest.mark.parametrize(
    ("kind", "pays"),
    [
        (PERFECT_PAIRS, (25, 12, 6)),
        (PERFECT_PAIRS, (30, 10)),  # a short table: the red-black pair loses
        (DEALER_PAIR, (25, 12, 6)),
        (TWENTY_ONE_PLUS_THREE, (100, 40, 30, 10, 5)),
        (TWENTY_ONE_PLUS_THREE, (9, 9, 9, 9, 9)),
    ],
)
def test_edge_hit_rate_and_variance_agree_with_a_brute_force_count(
    decks: int, kind, pays: tuple[int, ...]
) -> None:  # type: ignore[no-untyped-def]
    """The exact edge, hit rate and variance equal the ones summed over every combination."""
    results = []
    for combo in itertools.combinations(shoe(decks), kind.cards):
        category = kind.category(combo)
        results.append(pays[category] if category is not None and category < len(pays) else -1)
    n = len(results)
    mean = Fraction(sum(results), n)
    got = worth(kind, pays, decks)
    assert got.edge == -mean
    assert got.hit == Fraction(sum(1 for r in results if r > 0), n)
    assert got.variance == Fraction(sum(r * r for r in results), n) - mean * mean


@pytest.mark.parametrize(
    ("kind", "pays", "decks", "published"),
    [
        # CASINO.md §8: 95.904 % and 96.296 % at 8 decks
        (PERFECT_PAIRS, (25, 12, 6), 8, Fraction(3536, 86320)),
        # Wizard of Odds, Perfect Pairs pay tables A-D at 8 decks, and A at 2 decks
        (PERFECT_PAIRS, (25, 12, 6), 8, 0.040964),
        (PERFECT_PAIRS, (30, 10, 5), 8, 0.033735),
        (PERFECT_PAIRS, (25, 12, 5), 8, 0.079518),
        (PERFECT_PAIRS, (25, 15, 5), 8, 0.021687),
        (PERFECT_PAIRS, (25, 12, 6), 2, 0.223301),
        # Wizard of Odds, 21+3 version 1 (every hand pays 9 to 1) at 1, 2, 4, 6, 8 decks
        (TWENTY_ONE_PLUS_THREE, (9, 9, 9, 9, 9), 1, 0.1330),
        (TWENTY_ONE_PLUS_THREE, (9, 9, 9, 9, 9), 2, 0.0726),
        (TWENTY_ONE_PLUS_THREE, (9, 9, 9, 9, 9), 4, 0.0424),
        (TWENTY_ONE_PLUS_THREE, (9, 9, 9, 9, 9), 6, 0.032386),
        (TWENTY_ONE_PLUS_THREE, (9, 9, 9, 9, 9), 8, 0.0274),
        # Wizard of Odds, 21+3 version 3 (suited trips 100, straight flush 35, trips 33), 6 decks
        (TWENTY_ONE_PLUS_THREE, (100, 35, 33, 10, 5), 6, 0.041427),
    ],
)
def test_edges_agree_with_published_figures(kind, pays, decks: int, published) -> None:  # type: ignore[no-untyped-def]
    """Published house edges, to the digits they are published with."""
    edge = worth(kind, pays, decks).edge
    if isinstance(published, Fraction):
        assert edge == published
    else:
        digits = len(str(published).split(".")[1])
        assert round(float(edge), digits) == published


def test_twenty_one_plus_three_at_eight_decks_returns_96_296_percent() -> None:
    """CASINO.md §8: 21+3 100/40/30/10/5 at 8 decks returns 96.296 %."""
    assert round(float(1 - worth(TWENTY_ONE_PLUS_THREE, (100, 40, 30, 10, 5), 8).edge), 5) == (
        0.96296
    )


# -- rounds -------------------------------------------------------------------------------------


def test_perfect_pairs_of_section_8() -> None:
    """CASINO.md §8 case 9: Perfect Pairs 10 on Q♥ Q♥ +250, Q♥ Q♦ +120, Q♥ Q♠ +60; 21+3 10 on
    7♥ 8♥ with up 9♥ +400."""
    for hand, won in (("Qh Qh", 250), ("Qh Qd", 120), ("Qh Qs", 60)):
        rnd = play([], stakes={"Bob": 10}, bets=(("pp", "Bob", 10),))
        do(rnd, "up 6c")
        do(rnd, f"deal Bob {hand}")
        side = [b for b in rnd.state.side_bets if b.name == "Bob"]
        assert side[0].result is not None and side[0].result.amount == won
    rnd = play(["up 9h", "deal Bob 7h 8h"], stakes={"Bob": 10}, bets=(("t3", "Bob", 10),))
    assert rnd.state.side_bets[0].result is not None
    assert rnd.state.side_bets[0].result.amount == 400


@pytest.mark.parametrize(
    ("bets", "line", "says"),
    [
        (
            (("pp", "Bob", 5),),
            "deal Bob 8h 8",
            "cannot deal Bob 8h 8: Bob Perfect Pairs needs the suits; 8 has none:"
            " type it as 8h, 8d, 8s or 8c",
        ),
        (
            (("pp", "Bob", 5), ("t3", "Bob", 5)),
            "deal Bob 8 8",
            "cannot deal Bob 8 8: Bob Perfect Pairs and Bob 21+3 need the suits; 8 has none:"
            " type it as 8h, 8d, 8s or 8c",
        ),
    ],
)
def test_a_missing_suit_is_refused_naming_the_bet(bets, line: str, says: str) -> None:  # type: ignore[no-untyped-def]
    """A box with a live Perfect Pairs or 21+3 is dealt with suits; nothing changes on refusal."""
    rnd = play(["up 6c"], stakes={"Bob": 10, "Carol": 10}, bets=bets)
    with pytest.raises(RuleError) as exc:
        do(rnd, line)
    assert str(exc.value) == says
    assert len(rnd.actions) == 1
    do(rnd, "deal Carol 8 8")  # Carol has no side bet: no suits needed


def test_suits_are_needed_exactly_where_a_live_side_bet_needs_them() -> None:
    """21+3 needs the up card's suit; Dealer's Pair the up and hole cards'; Perfect Pairs
    neither. A settled side bet needs no more suits."""
    with pytest.raises(RuleError, match=r"^cannot up 9: Bob 21\+3 needs the suits"):
        play(["up 9"], bets=(("t3", "Bob", 5),))
    with pytest.raises(RuleError, match=r"^cannot up 9: Carol Dealer's Pair needs the suits"):
        play(["up 9"], bets=(("dp", "Carol", 5),))
    play(["up 9"], bets=(("pp", "Bob", 5),))  # Perfect Pairs: the up card is not its own
    rnd = play(["up 9c", "deal Bob 10 7", "deal Carol 10 8", "stand Bob", "stand Carol"],
               bets=(("dp", "Carol", 5),))  # fmt: skip
    with pytest.raises(RuleError, match=r"^cannot hole 5: Carol Dealer's Pair needs the suits"):
        do(rnd, "hole 5")
    do(rnd, "hole 5d")
    do(rnd, "draw 5")  # a draw after his second card needs no suit
    assert rnd.done


def test_dealers_pair_under_no_hole_card_needs_the_suit_of_his_first_draw() -> None:
    """No hole card: the dealer's second card is his first draw, and Dealer's Pair looks at it."""
    rules = preset("box-21", **{"side_bets.dealer_pair": (25, 12, 6)})
    rnd = play(["up 9c", "deal Bob 10 7", "stand Bob"], rules=rules, stakes={"Bob": 10},
               bets=(("dp", "Bob", 5),))  # fmt: skip
    with pytest.raises(RuleError, match="Bob Dealer's Pair needs the suits"):
        do(rnd, "draw 9")
    do(rnd, "draw 9s")
    assert rnd.done and nets(rnd) == {"Mei": -50, "Bob": 50}  # 17 loses to 18; 9c 9s coloured +60


def test_a_live_dealers_pair_makes_the_dealer_turn_his_hole_card() -> None:
    """Every box busted: without a Dealer's Pair the round ends; with one it waits for the hole
    card, and the dealer draws nothing after it."""
    lines = ["up 9c", "deal Bob 10 6", "hit Bob 10d"]
    assert play(lines, stakes={"Bob": 10}).done
    rnd = play(lines, stakes={"Bob": 10}, bets=(("dp", "Bob", 5),))
    assert not rnd.done and rnd.pending() == "the dealer's hole card (hole CARD)"
    do(rnd, "hole 9c")
    assert rnd.done and nets(rnd) == {"Mei": 10 - 125, "Bob": -10 + 125}


def test_a_dealers_pair_waits_through_even_money_all_round() -> None:
    """Ace up, every box takes even money: no peek is needed, yet the hole card is turned, even
    a blackjack one."""
    rnd = play(["up Ah", "deal Bob A K", "even Bob"], stakes={"Bob": 10}, bets=(("dp", "Bob", 5),))
    assert not rnd.done
    do(rnd, "hole Kd")
    assert rnd.done and nets(rnd) == {"Mei": -5, "Bob": 5}


def test_side_bets_settle_whatever_happens_to_the_main_bet() -> None:
    """A dealer blackjack leaves the side bets as their cards made them."""
    rnd = play(["up 10h", "deal Bob 8h 8d", "hole Ac"], stakes={"Bob": 10},
               bets=(("pp", "Bob", 5), ("t3", "Bob", 5)))  # fmt: skip
    assert rnd.done and nets(rnd) == {"Mei": -(60 - 10 - 5), "Bob": 60 - 10 - 5}


# -- the words between rounds --------------------------------------------------------------------


def test_side_bets_stand_like_stakes_and_zero_takes_them_down() -> None:
    """`pp Bob 5` rides every round until `pp Bob 0`."""
    log = (
        "night blackjack-pro Mei Bob\nstake 10\npp Bob 5\n"
        "up 9h\ndeal Bob Qh Qd\nstand Bob\nhole 9c\n"  # +60, 20 beats 18 +10
        "up 9h\ndeal Bob 2h 3h\nstand Bob\nhole 9c\n"  # -5, 5 loses -10
        "pp Bob 0\nup 9\ndeal Bob Q Q\nstand Bob\nhole 9\n"  # +10, no side bet: no suits
    )
    night, _ = read_log(log, "x.log")
    assert night.balances == {"Mei": -65, "Bob": 65}
    assert [len(r.transfers) for r in night.rounds] == [2, 2, 1]
    assert night.seating.side.bets == ()


@pytest.mark.parametrize(
    ("lines", "says"),
    [
        (
            "night mini-blackjack Mei Bob\nstake 10\npp Bob 5\n",
            "x.log:3: cannot bet Perfect Pairs on Bob: not offered here"
            " (side_bets.perfect_pairs is [])",
        ),
        ("night blackjack-pro Mei Bob\nstake 10\nt3 Bob\n", "x.log:3: usage: t3 NAME AMOUNT"),
        (
            "night blackjack-pro Mei Bob\nstake 10\ndp Bob x\n",
            "x.log:3: dp bet 'x' is not a whole number",
        ),
        (
            "night blackjack-pro Mei Bob\nstake 10\nup 9\npp Bob 5\n",
            "x.log:4: `pp` comes between rounds",
        ),
        (
            "night blackjack-pro Mei Bob\nstake 10\npp Bob 5\nup 9h\ndeal Bob 8 8\n",
            "x.log:5: cannot deal Bob 8 8: Bob Perfect Pairs needs the suits",
        ),
    ],
)
def test_side_bet_words_are_refused_with_the_reason(lines: str, says: str) -> None:
    """A bet the house does not offer names its knob; a missing suit names the bet."""
    with pytest.raises(BanluckError) as exc:
        read_log(lines, "x.log")
    assert str(exc.value).startswith(says)


def test_a_leaving_seat_takes_its_side_bets_with_it() -> None:
    night, _ = read_log(
        "night blackjack-pro Mei Bob Carol\nstake 10\npp Bob 5\ndp Carol 5\nleave Bob\n", "x"
    )
    assert night.seating.side.bets == (("dp", "Carol", 5),)


def test_the_dealer_s_own_side_bets_wait_while_he_deals() -> None:
    """Like his stake, a seat's side bets ride only the rounds he plays."""
    night, _ = read_log(
        "night blackjack-pro Mei Bob\nstake 10\npp Mei 5\nup 9h\ndeal Bob 8h 8d\nstand Bob\n"
        "hole 9c\n",
        "x",
    )
    assert night.balances == {"Mei": 10, "Bob": -10}


# -- the bank's limit ---------------------------------------------------------------------------


def test_the_worst_case_of_each_bet() -> None:
    """Main: a blackjack, a double, or a full split doubled; side: its best payout the shoe can
    make (a perfect pair needs two decks, suited trips three)."""
    pro = preset()
    assert main_worst(10, pro) == 40  # split once, both doubled
    assert main_worst(10, preset("bjingo")) == 80  # four hands
    assert main_worst(10, preset(**{"split.max_hands": 1})) == 20
    assert main_worst(10, preset(**{"payouts.blackjack": "2:1", "split.max_hands": 1})) == 20
    assert main_worst(10, preset(**{"double.after_split": False, "split.max_hands": 4})) == 40
    assert side_worst("pp", 5, pro) == 125
    assert side_worst("t3", 5, pro) == 500
    assert side_worst("pp", 5, preset(decks=1)) == 60
    assert side_worst("t3", 5, preset(decks=2)) == 200
    assert worst_case(pro, {"Bob": 10, "Carol": 20}, (("pp", "Bob", 5), ("dp", "Mei", 5))) == 245


def test_a_bet_over_the_banks_limit_is_refused_with_the_figure() -> None:
    """limits.bank 600: Bob at 10 with Perfect Pairs 5 risks 40 + 125 = 165; a 21+3 of 5 more
    (500) makes 665 and is refused; one of 4 (400) makes 565 and stands."""
    head = "night blackjack-pro Mei Bob\nrule limits.bank 600\nstake 10\npp Bob 5\n"
    with pytest.raises(BanluckError) as exc:
        read_log(head + "t3 Bob 5\n", "x.log")
    assert str(exc.value) == (
        "x.log:5: the bank could lose 665 this round with this bet (now 165), over its limit"
        " of 600 (limits.bank)"
    )
    night, _ = read_log(head + "t3 Bob 4\n", "x.log")
    assert night.seating.side.bets == (("pp", "Bob", 5), ("t3", "Bob", 4))
    with pytest.raises(BanluckError, match=r"x.log:3: the bank could lose 800 this round"):
        read_log("night blackjack-pro Mei Bob\nrule limits.bank 600\nstake 200\n", "x.log")


def test_lowering_a_bet_is_never_refused_and_the_round_checks_the_limit_again() -> None:
    """The deal passes (no bet is placed, nothing is refused) to a seat whose players' bets are
    over the limit: the round refuses to start until a bet is lowered; lowering is accepted even
    while the table is still over, raising is not."""
    head = (
        "night blackjack-pro Mei Bob Carol\nrule limits.bank 600\nrule rotation.mode manual\n"
        "stake 10\npp Bob 20\n"  # Mei deals: Bob 40 + 500, Carol 40 = 580
        "pass\npp Mei 20\n"  # Bob deals: Mei 40 + 500, Carol 40 = 580
        "pass\n"  # Carol deals: Mei 540, Bob 540
    )
    with pytest.raises(BanluckError) as exc:
        read_log(head + "up 9h\n", "x.log")
    assert str(exc.value) == (
        "x.log:9: the bank could lose 1080 this round, over its limit of 600 (limits.bank):"
        " lower a stake or a side bet first"
    )
    night, _ = read_log(head + "pp Mei 10\npp Bob 0\nup 9h\n", "x.log")  # 290 + 40
    assert night.current is not None
    with pytest.raises(BanluckError, match=r"x.log:9: the bank could lose 1100 this round with"):
        read_log(head + "stake Bob 15\n", "x.log")


def test_the_panel_shows_the_banks_worst_case() -> None:
    from banluck.games.casino.panel import panel

    rnd = play(["up 9h"], stakes={"Bob": 10}, bets=(("pp", "Bob", 5),))
    shown = panel(rnd.state)
    assert "the bank risks at most 165 this round (no limit: limits.bank 0)" in shown.hints
    assert [r.name for r in shown.rows] == ["Bob", "Bob Perfect Pairs"]


def test_the_seats_line_lists_each_seats_side_bets() -> None:
    """Between rounds the panel shows each seat's stake and its standing side bets."""
    from banluck.cli.render import seats_line

    night, _ = read_log("night blackjack-pro Mei Bob Carol\nstake 10\npp Bob 5\nt3 Bob 2\n", "x")
    assert (
        seats_line(night.seating) == "Mei deals · Bob 10 pp 5 t3 2 · Carol 10 · next to deal: Bob"
    )


def test_between_rounds_the_panel_shows_what_the_bank_risks_next_round() -> None:
    """With side bets or a limit, the screen between rounds says the next round's worst case."""
    from rich.console import Console

    from banluck.cli.render import table_screen

    night, _ = read_log("night blackjack-pro Mei Bob Carol\nstake 10\npp Bob 5\n", "x")
    out = Console(width=100, record=True, color_system=None)
    out.print(table_screen(night, night.balances, 100))
    assert "the bank risks at most 205 this round (no limit: limits.bank 0)" in out.export_text()
    night, _ = read_log("night mini-blackjack Mei Bob Carol\nstake 10\n", "x")
    out = Console(width=100, record=True, color_system=None)
    out.print(table_screen(night, night.balances, 100))
    assert "the bank risks" not in out.export_text()


REFUSED = sorted((Path(__file__).parent / "transcripts" / "refused").glob("*.log"))


@pytest.mark.parametrize("path", REFUSED, ids=[p.stem for p in REFUSED])
def test_refused_lines_of_a_transcript_say_why_and_change_nothing(path: Path) -> None:
    """Each line a transcript expects refused is refused with exactly the sentence worked out by
    hand, and every other line is accepted; the night goes on as if a refused line had not been
    typed, to the balances worked out by hand."""
    text = path.read_text(encoding="utf-8")
    refused = {
        int(n): says for n, says in re.findall(r"^# expect refused: (\d+): (.*)$", text, re.M)
    }
    raw = text.splitlines()
    for number in range(1, len(raw) + 1):
        upto = [
            "" if n in refused and n != number else line
            for n, line in enumerate(raw[:number], start=1)
        ]
        if not any(line.strip() and not line.startswith("#") for line in upto):
            continue
        if number in refused:
            with pytest.raises(BanluckError) as exc:
                read_log("\n".join(upto) + "\n", path.name)
            assert str(exc.value) == f"{path.name}:{number}: {refused[number]}"
        else:
            read_log("\n".join(upto) + "\n", path.name)
    night, _ = read_log(
        "\n".join("" if n in refused else line for n, line in enumerate(raw, start=1)), path.name
    )
    balances = re.search(r"^# expect balances: (.*)$", text, re.M)
    assert balances is not None
    assert night.balances == {n: int(v) for n, v in re.findall(r"(\w+) (-?\d+)", balances.group(1))}
