"""The night record's codec and the replay of a stored night (banluck.app.records): a table
between rounds goes into the record's `table` and comes back the same."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from banluck.app import presets
from banluck.app.records import (
    in_order,
    replay_stored,
    seat_stakes,
    seating_from,
    start_seating,
    start_table,
    stored_words,
    table_after,
    table_of,
)
from banluck.app.session import Session
from banluck.games.casino.side import CasinoSide
from banluck.table.night import Night
from banluck.table.seating import seating_for
from tests.app.test_session import ROUND, open_session, play

CHINESE = presets.load("chinese")
PRO = presets.load("blackjack-pro")


def _record(seating, words=()):  # type: ignore[no-untyped-def]
    """A night record as the store keeps it, from a table between rounds."""
    return {
        "id": 7,
        "snapshot": seating.preset.to_dict(),
        "seats": list(seating.seats),
        "dealer": seating.dealer,
        "stakes": seat_stakes(seating),
        "table": {**start_table(seating), **table_of(seating, list(words))},
    }


def test_the_table_between_rounds_comes_back_from_its_record() -> None:
    """Stakes that differ from the default, who sits out, the rotation counters and the dealer
    are written into the record's `table` and read back to the same seating."""
    seating = replace(
        seating_for(CHINESE, ["Mei", "Bob", "Carol", "Dave"]),
        dealer="Bob",
        default_stake=10,
        stakes=(("Carol", 25),),
        dealt=2,
        won=1,
        out=("Dave",),
    )
    record = _record(seating)
    assert record["stakes"] == {"Mei": 10, "Bob": 10, "Carol": 25, "Dave": 10}
    assert record["table"]["stakes"] == {"Carol": 25}
    back = seating_from(record, seating.next_round)
    assert back == seating


def test_the_casinos_standing_bets_travel_in_the_record() -> None:
    """A casino table's standing bets (`bets`) and standing lines come back as they went in; a
    table without bets writes no `bets` key."""
    plain = seating_for(PRO, ["Mei", "Bob"])
    assert "bets" not in table_of(plain)
    seating = replace(
        plain,
        default_stake=10,
        side=CasinoSide(
            bets=(("pp", "Bob", 5),), standing=(("behind Bob", "behind Bob Mei 5 follow"),)
        ),
    )
    table = table_of(seating)
    assert table["bets"] == [["pp", "Bob", 5]]
    assert table["standing"] == {"behind Bob": "behind Bob Mei 5 follow"}
    back = seating_from(_record(seating), 1)
    assert (back.side, back.stakes) == (seating.side, ())


def test_a_new_table_keeps_the_records_start_and_drops_bets_no_longer_standing() -> None:
    """After a round the record's `table` is the new seating's; the opening seats stay, the
    night-level lines stay unless others are given, and bets taken down leave no `bets` key."""
    seating = replace(
        seating_for(PRO, ["Mei", "Bob"]),
        default_stake=10,
        side=CasinoSide(bets=(("pp", "Bob", 5),)),
    )
    record = _record(seating, [(1, "pp Bob 5")])
    down = replace(seating, side=CasinoSide(), dealt=1)
    table = table_after(record, down)
    assert "bets" not in table and table["dealt"] == 1
    assert table["start"] == record["table"]["start"]
    assert table["words"] == [[1, "pp Bob 5"]]
    assert table_after(record, down, [(1, "pp Bob 5"), (2, "pp Bob 0")])["words"] == [
        [1, "pp Bob 5"],
        [2, "pp Bob 0"],
    ]


def test_the_start_and_the_words_are_kept_for_the_night_log() -> None:
    """The record keeps the opening seats, dealer and stake (what `export --log` writes first)
    and the night-level lines with the round they precede."""
    start = replace(seating_for(CHINESE, ["Mei", "Bob"]), default_stake=20)
    later = replace(start, dealer="Bob", seats=("Mei", "Bob", "Eve"))
    record = _record(later, [(3, "seat Eve"), (3, "pass")])
    record["table"]["start"] = start_table(start)["start"]
    begun = start_seating(record)
    assert (begun.seats, begun.dealer, begun.default_stake) == (("Mei", "Bob"), "Mei", 20)
    assert stored_words(record) == [(3, "seat Eve"), (3, "pass")]


def test_words_come_before_their_round_and_the_last_ones_at_the_end() -> None:
    """A word numbered n is played just before round n (or the first round after it); words
    numbered past the last round come last."""
    rounds = [{"round": 1}, {"round": 2}, {"round": 4}]
    words = [(1, "stake 10"), (2, "pass"), (3, "seat Eve"), (5, "leave Bob")]
    order = [
        (kind, item if kind == "word" else item["round"]) for kind, item in in_order(words, rounds)
    ]
    assert order == [
        ("word", "stake 10"),
        ("round", 1),
        ("word", "pass"),
        ("round", 2),
        ("word", "seat Eve"),
        ("round", 4),
        ("word", "leave Bob"),
    ]


def test_replay_stored_gives_the_table_of_the_night(banluck_home: Path) -> None:
    """The stored night replayed from its start gives the same seating as the live session."""
    session = open_session(banluck_home, "Mei", "Bob", "Carol")
    play(session, *ROUND, "stake Bob 20", *ROUND, "seat Dave", *ROUND, "open Dave 10 8")
    play(session, "pass", "leave Mei")  # Mei dealt three rounds: Bob deals, then passes
    store = session.store
    record = store.tonight()
    assert record is not None
    rounds = [e for e in store.entries(record["id"]) if e["kind"] == "round"]
    night = replay_stored(record, rounds)
    assert isinstance(night, Night)
    assert night.seating == Session.open(store).night.seating
    assert (night.seating.dealer, night.seating.seats) == ("Carol", ("Bob", "Carol", "Dave"))
    assert [[t.as_dict() for t in r.transfers] for r in night.rounds] == [
        e["transfers"] for e in rounds
    ]
