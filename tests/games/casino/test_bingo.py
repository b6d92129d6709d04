"""The Bingo table (CASINO.md §5, docs/bingo.md): the combinations a card holds, the words and
their refusals, the dealer playing out his hand for a live card, the cards kept in the store and
put back by undo, and random nights with random cards staying zero-sum and replaying as played."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from banluck.app.nights import start_night
from banluck.app.records import read_log
from banluck.app.session import Session
from banluck.core.errors import RuleError
from banluck.core.money import Transfer
from banluck.games.banluck.counted import COUNTED
from banluck.games.casino import bingo
from banluck.games.casino.bingo import BingoCard, best, held, live_cards
from banluck.games.casino.family import CASINO
from banluck.games.casino.preset import Preset
from banluck.games.casino.side import CasinoSide
from banluck.storage import Store
from banluck.table.line import split_line
from banluck.table.night import Night
from banluck.table.seating import seating_for
from tests.games.casino.helpers_casino import play, preset
from tests.games.casino.test_casino_properties import SETTINGS, pick, shoe

BJINGO = preset("bjingo")


@pytest.mark.parametrize(
    ("marks", "holds", "paid"),
    [
        ((), [], None),
        (("20",), [], None),
        (("18", "19", "20"), ["Up Corner"], "Up Corner"),
        (("17", "21", "BJ"), ["Down Corner"], "Down Corner"),
        (("BJ", "19", "18"), ["Down"], "Down"),
        (("21", "20", "17"), ["Up"], "Up"),
        (("17", "18", "19", "21"), ["4 Corners"], "4 Corners"),
        (("17", "18", "19", "20", "21"), ["4 Corners", "Up Corner", "Up"], "4 Corners"),
        (
            ("18", "17", "19", "20", "21", "BJ"),
            ["Full House", "4 Corners", "Up Corner", "Down Corner", "Down", "Up"],
            "Full House",
        ),
        (
            ("17", "18", "19", "20", "21", "BJ"),
            ["Jackpot", "Full House", "4 Corners", "Up Corner", "Down Corner", "Down", "Up"],
            "Jackpot",
        ),
    ],
)
def test_a_card_holds_the_combinations_of_its_marks(
    marks: tuple[str, ...], holds: list[str], paid: str | None
) -> None:
    """The table of §5: each combination by its marks; a Jackpot only in the exact order; the
    best single one is the highest pay."""
    assert [c.name for c in held(marks)] == holds
    found = best(marks, BJINGO)
    assert (found.name if found else None) == paid


def test_best_follows_the_pays_of_the_preset() -> None:
    """With Up paying more than 4 Corners, Up is the best of 17 18 19 20 21."""
    rules = preset("bjingo", **{"bingo.up": 9})
    found = best(("17", "18", "19", "20", "21"), rules)
    assert found is not None and found.name == "Up"


def night(rules: Preset = BJINGO, *lines: str) -> Night:
    seating = replace(seating_for(rules, ["Mei", "Bob", "Carol"]), default_stake=10)
    out = Night(seating, CASINO)
    for line in lines:
        word, *args = split_line(line)
        out.do_line(word, args)
    return out


ROUND_17 = ("up 9", "deal Bob 10 9", "deal Carol 10 8", "stand Bob", "stand Carol", "hole 8")


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [
        ((), "bingo Mei 5", "Mei banks the Bingo table"),
        (("bingo Bob 5",), "bingo Bob 5", "Bob already holds a live Bingo card"),
        ((), "bingo Bob 0", "must be above 0"),
        ((), "bingo Bob five", "not a whole number"),
        ((), "bingo Bob", "usage: bingo NAME AMOUNT"),
        ((), "bingo Zed 5", "Zed is not at the table"),
        ((), "cashout Bob", "Bob holds no live Bingo card"),
        (("bingo Bob 5",), "leave Bob", "Bob holds a live Bingo card.*cashout Bob"),
        (("bingo Bob 5",), "leave Mei", "Mei banks the live Bingo cards of Bob"),
        (("up 9",), "bingo Bob 5", "comes between rounds"),
        (("bingo Bob 5", "up 9"), "cashout Bob", "comes between rounds"),
    ],
)
def test_bingo_words_are_refused_with_the_reason(
    lines: tuple[str, ...], line: str, message: str
) -> None:
    """Each refusal names what is wrong; nothing changes."""
    table = night(BJINGO, *lines)
    before = (table.seating, list(table.rounds), dict(table.balances), list(table.lines))
    word, *args = split_line(line)
    with pytest.raises(RuleError, match=message):
        table.do_line(word, args)
    assert (table.seating, table.rounds, table.balances, table.lines) == before


def test_a_card_is_refused_where_bingo_is_not_offered() -> None:
    """blackjack-pro has no Bingo table: the refusal names the knob."""
    table = night(preset("blackjack-pro"))
    with pytest.raises(RuleError, match=r"no Bingo table here \(bingo.offered false\)"):
        table.do_line("bingo", ["Bob", "5"])


def test_a_live_card_makes_the_dealer_play_out_his_hand() -> None:
    """Every box busts: without a card the round is over at once; with one the dealer turns
    his hole card and draws to 17, and that total is marked."""
    lines = "up 6\ndeal Bob 10 6\ndeal Carol 10 5\nhit Bob 10\nhit Carol 7"
    assert play(lines, BJINGO).done
    cards = (BingoCard("Bob", 5),)
    from banluck.games.casino.state import RoundState
    from banluck.table.round import Round
    from banluck.table.seating import Table

    rnd: Round[RoundState] = Round(
        Table(BJINGO, "Mei", {"Bob": 10, "Carol": 10}, side=CasinoSide(cards=cards)), CASINO
    )
    from tests.games.casino.helpers_casino import do

    for line in lines.splitlines():
        do(rnd, line)
    assert not rnd.done and "hole card" in rnd.pending()
    do(rnd, "hole 10")
    assert not rnd.done and "must draw: 16" in rnd.pending()
    do(rnd, "draw 2")
    assert rnd.done
    after, money = bingo.after_round(cards, rnd.state, "Mei")
    assert after == (BingoCard("Bob", 5, ("18",)),) and money == []


def test_a_live_card_makes_the_dealer_peek_and_show_a_blackjack_after_even_money() -> None:
    """Bob takes even money against an ace: the box is settled, but Carol's live card waits
    for the dealer's hand: his blackjack is marked BJ."""
    table = night(BJINGO, "bingo Carol 5", "up A", "deal Bob A K", "deal Carol 10 9", "even Bob")
    assert table.current is not None and "peek" in table.current.pending()
    table.do_line("hole", ["Q"])
    assert table.current is None
    assert live_cards(table.seating.side.cards) == (BingoCard("Carol", 5, ("BJ",)),)


def test_pass_closes_the_cards_paying_the_best_held_else_giving_the_bet_back() -> None:
    """A `pass` typed by hand is the bank passing: Bob's 17 18 19 21 pays 4 Corners 5 to 1 as a
    settlement of its own; Carol's card with nothing held is given back (no money)."""
    rounds = []
    for total in ("8", "9", "10"):  # 17, 18, 19
        rounds += ["up 9", "deal Bob 10 9", "deal Carol 10 8", "stand Bob", "stand Carol"]
        rounds += [f"hole {total}"]
    rounds += ["up 9", "deal Bob 10 9", "deal Carol 10 8", "stand Bob", "stand Carol", "hole 2"]
    rounds += ["draw K"]  # 21
    table = night(BJINGO, "bingo Bob 3", *rounds[:-7], "bingo Carol 2", *rounds[-7:])
    assert live_cards(table.seating.side.cards) == (
        BingoCard("Bob", 3, ("17", "18", "19", "21")),
        BingoCard("Carol", 2, ("21",)),
    )
    before = dict(table.balances)
    table.do_line("pass", [])
    settled = table.rounds[-1]
    assert settled.ended == "pass" and settled.lines == ("pass",)
    assert [(t.payer, t.payee, t.amount, t.reason) for t in settled.transfers] == [
        ("Mei", "Bob", 15, "Bingo 4 Corners pays 5 (bingo.four_corners): the bank passes")
    ]
    assert table.balances["Bob"] == before["Bob"] + 15
    assert table.seating.dealer == "Bob" and live_cards(table.seating.side.cards) == ()
    assert "pass" not in [w.split()[0] for _, w in table.words]  # stored as the settlement


# -- the store -----------------------------------------------------------------------------------


def open_session(home: Path) -> Session:
    store = Store(home)
    start_night(store, "bjingo", ["Mei", "Bob", "Carol"], 10, date="2027-01-01")
    return Session.open(store)


def up_corner(session: Session) -> None:
    """Three rounds against a 9 up whose dealer ends on 18, 19, then 20: the Up Corner."""
    for ending in (["hole 9"], ["hole 10"], ["hole 2", "draw 9"]):
        for line in [*ROUND_17[:-1], *ending]:
            session.act(line)


def cards_of(session: Session) -> tuple[BingoCard, ...]:
    return live_cards(session.night.seating.side.cards)


def test_cards_survive_a_closed_terminal_and_undo_takes_a_rounds_marks_back(
    banluck_home: Path,
) -> None:
    """The cards are kept with the night: a new session reads them marked; undoing the round
    that marked them reopens it and the mark is gone; playing its last line again marks it."""
    session = open_session(banluck_home)
    for line in ("bingo Bob 5", *ROUND_17):
        session.act(line)
    fresh = Session.open(Store(banluck_home))
    assert cards_of(fresh) == (BingoCard("Bob", 5, ("17",)),)
    assert fresh.undo() == "reopened round 1 without `hole 8`"
    assert cards_of(fresh) == (BingoCard("Bob", 5),)
    again = Session.open(Store(banluck_home))
    assert cards_of(again) == (BingoCard("Bob", 5),)
    again.act("hole 9")  # 18 this time
    assert cards_of(Session.open(Store(banluck_home))) == (BingoCard("Bob", 5, ("18",)),)


def test_a_cash_out_is_a_ledger_entry_of_its_own_and_undo_puts_the_card_back(
    banluck_home: Path,
) -> None:
    """`cashout` pays at once (its own entry with the combination and knob in its reason);
    undo removes that entry and the card is live again with its marks."""
    session = open_session(banluck_home)
    session.act("bingo Carol 4")
    up_corner(session)
    finished = session.act("cashout Carol")
    assert finished is not None and finished.ended == "cashout"
    entry = session.store.entries(session.record["id"])[-1]
    assert entry["log"] == ["cashout Carol"]
    assert entry["transfers"] == [
        {
            "from": "Mei",
            "to": "Carol",
            "amount": 12,
            "reason": "Bingo Up Corner pays 3 (bingo.up_corner): cashed out",
        }
    ]
    assert cards_of(session) == ()
    assert session.undo() == "undid `cashout Carol`"
    assert cards_of(Session.open(Store(banluck_home))) == (
        BingoCard("Carol", 4, ("18", "19", "20")),
    )
    assert session.store.check() == []


def test_a_bought_card_is_a_word_of_the_table_and_undo_takes_it_back(banluck_home: Path) -> None:
    session = open_session(banluck_home)
    session.act("bingo bob 5")  # the name as seated
    assert cards_of(Session.open(Store(banluck_home))) == (BingoCard("Bob", 5),)
    assert session.undo() == "undid `bingo Bob 5`"
    assert cards_of(Session.open(Store(banluck_home))) == ()


# -- random nights -------------------------------------------------------------------------------


def random_night(seed: int) -> tuple[Night, list[str]]:
    """A bjingo night of random rounds, with cards bought and cashed out at random between them."""
    rng = random.Random(seed)
    seating = replace(seating_for(BJINGO, ["Dee", "Ann", "Ben", "Cid"]), default_stake=10)
    table = Night(seating, CASINO)
    typed: list[str] = []

    def do(line: str) -> None:
        word, *args = split_line(line)
        table.do_line(word, args)
        typed.append(line)

    for _ in range(rng.randrange(3, 9)):
        holders = {c.name for c in live_cards(table.seating.side.cards)}
        for name in table.seating.seats:
            if name == table.seating.dealer:
                continue
            if name not in holders and rng.random() < 0.5:
                do(f"bingo {name} {rng.randrange(1, 8)}")
            elif name in holders and rng.random() < 0.15:
                do(f"cashout {name}")
        if rng.random() < 0.1:
            do("pass")
        deck = shoe(rng, BJINGO.decks)
        do(f"up {deck.pop(0).code()}")
        while table.current is not None:
            act = pick(table.current, deck, rng)
            do(act.line())
            for card in (*getattr(act, "cards", ()), getattr(act, "card", None)):
                if card is not None:
                    deck.remove(card)
    return table, typed


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_random_nights_with_bingo_cards_are_zero_sum_and_replay_as_played(seed: int) -> None:
    """Every round and settlement nets to zero in whole chips, the balances add up to zero, and
    the night log read back gives the same rounds, balances and live cards."""
    table, typed = random_night(seed)
    assert sum(table.balances.values()) == 0
    for r in table.rounds:
        assert all(type(t.amount) is int and t.amount > 0 for t in r.transfers)
        assert sum(r.nets().values()) == 0
    text = "night bjingo Dee Ann Ben Cid\nstake 10\n" + "\n".join(typed)
    again, _ = read_log(text, "random", lambda name: BJINGO)
    assert again.rounds == table.rounds
    assert again.balances == table.balances
    assert again.seating == table.seating


def test_a_cash_out_counts_in_the_money_not_in_the_rounds_dealt_or_played() -> None:
    """The statistics count a cash-out's money (the dealer's net as dealer included) but not as
    a round dealt or played: no cards were dealt."""
    from banluck.money.ledger import summarise
    from banluck.money.stats import player_stats

    table = night(BJINGO, "bingo Carol 4", *ROUND_17, "cashout Carol")
    entries = [
        {"seq": i + 1, "night": 1, "at": "", "kind": "round", "preset": {}, **r.to_dict()}
        for i, r in enumerate(table.rounds)
    ]
    season = summarise(entries)
    assert season["Mei"]["dealt"] == 1 and season["Carol"]["rounds"] == 1
    assert season["Carol"]["net"] == 10 - 4
    stats = {s.name: s for s in player_stats(entries, COUNTED)}
    assert stats["Mei"].dealt == 1 and stats["Carol"].rounds == 1
    assert stats["Mei"].net_as_dealer == -20 + 4


def test_an_exported_night_log_with_cards_replays_to_the_same_night(banluck_home: Path) -> None:
    """`banluck export --log` writes the cards bought, the cash-outs (one line each) and the
    bank's passing: read back, it gives the same rounds, balances and live cards."""
    from banluck.app.exporting import night_log

    session = open_session(banluck_home)
    lines = ["bingo Bob 5", "bingo Carol 2", *ROUND_17, "cashout Carol", "bingo Carol 3"]
    lines += [*ROUND_17[:-1], "hole 10", "pass", "bingo Mei 4", "bingo Carol 1"]
    for line in lines:
        session.act(line)
    text = night_log(session.store)
    assert "\ncashout Carol  # after round 1, dealer Mei\n" in text
    again, _ = read_log(text, "export")
    played = session.night
    fresh = Session.open(Store(banluck_home)).night
    assert again.balances == session.balances()
    assert again.seating.side.cards == played.seating.side.cards == fresh.seating.side.cards
    assert [r.transfers for r in again.rounds] == [
        tuple(Transfer(t["from"], t["to"], t["amount"], t["reason"]) for t in e["transfers"])
        for e in session.store.entries(session.record["id"])
    ]


def test_a_pass_that_pays_closed_cards_is_stored_and_undone_as_one_settlement(
    banluck_home: Path,
) -> None:
    """`pass` with a card holding the Up Corner: the payment is an entry of its own, the deal
    has passed; undo gives the deal back to Mei and the card is live again."""
    session = open_session(banluck_home)
    session.act("bingo Bob 2")
    up_corner(session)
    finished = session.act("pass")
    assert finished is not None and finished.ended == "pass"
    assert [(t.payer, t.payee, t.amount) for t in finished.transfers] == [("Mei", "Bob", 6)]
    fresh = Session.open(Store(banluck_home))
    assert fresh.night.seating.dealer == "Bob" and cards_of(fresh) == ()
    assert fresh.undo() == "undid `pass`"
    again = Session.open(Store(banluck_home))
    assert again.night.seating.dealer == "Mei"
    assert cards_of(again) == (BingoCard("Bob", 2, ("18", "19", "20")),)
    assert again.store.check() == []


def test_a_casino_night_stored_without_cards_opens_plays_and_undoes_as_before(
    banluck_home: Path,
) -> None:
    """A night stored before the Bingo table (no `bingo` in its table, rounds without it in
    `table_before`) reads as having no cards; a round plays, and undoing it reopens it."""
    session = open_session(banluck_home)
    for line in ROUND_17:
        session.act(line)
    store = session.store
    table = {k: v for k, v in store.tonight()["table"].items() if k != "bingo"}
    store.update_night(table=table)
    old = Session.open(Store(banluck_home))
    assert cards_of(old) == () and "bingo" not in old.record["table"]
    old.act("bingo Bob 3")
    for line in ROUND_17[:-1]:
        old.act(line)
    old.act("hole 9")  # 18
    assert cards_of(Session.open(Store(banluck_home))) == (BingoCard("Bob", 3, ("18",)),)
    assert old.undo() == "reopened round 2 without `hole 9`"
    assert cards_of(Session.open(Store(banluck_home))) == (BingoCard("Bob", 3),)
    assert old.store.check() == []
