"""Side bets kept with the night in the store: they survive a closed terminal, undo takes a side
bet word back, and the stored night replays and exports to the same money."""

from __future__ import annotations

from pathlib import Path

from banluck.app.exporting import night_log
from banluck.app.nights import start_night
from banluck.app.records import read_log, replay_stored
from banluck.app.session import Session
from banluck.storage import Store

ROUND = ("up 9h", "deal Bob Qh Qd", "deal Carol 7h 8h", "stand Bob", "stand Carol", "hole 9d")


def test_side_bets_survive_a_closed_terminal_and_undo(banluck_home: Path) -> None:
    """`pp`, `t3` and `dp` are kept with the table; a new session reads them back; undo removes
    the last one; the stored night replays and exports to the same transfers."""
    store = Store(banluck_home)
    start_night(store, "blackjack-pro", ["Mei", "Bob", "Carol"], 10, date="2027-01-01")
    session = Session.open(store)
    for line in ("pp Bob 5", "t3 Carol 5", "dp Carol 2"):
        session.act(line)
    assert session.said == "Carol's dp is now 2"
    again = Session.open(Store(banluck_home))
    assert again.night.seating.side.bets == (
        ("dp", "Carol", 2),
        ("pp", "Bob", 5),
        ("t3", "Carol", 5),
    )
    assert again.undo() == "undid `dp Carol 2`"
    again = Session.open(Store(banluck_home))
    assert again.night.seating.side.bets == (("pp", "Bob", 5), ("t3", "Carol", 5))
    for line in ROUND:
        again.act(line)
    # Bob: 20 beats 18 +10, coloured pair +60; Carol: 15 loses -10, straight flush +200
    assert again.balances() == {"Mei": -260, "Bob": 70, "Carol": 190}
    record = store.tonight()
    assert record is not None
    assert record["table"]["bets"] == [["pp", "Bob", 5], ["t3", "Carol", 5]]
    rounds = [e for e in store.entries(record["id"]) if e["kind"] == "round"]
    assert rounds[0]["bets"] == [["pp", "Bob", 5], ["t3", "Carol", 5]]
    replayed = replay_stored(record, rounds)
    assert [[t.as_dict() for t in r.transfers] for r in replayed.rounds] == [
        e["transfers"] for e in rounds
    ]
    exported, _ = read_log(night_log(store), "export")
    assert exported.balances == {"Mei": -260, "Bob": 70, "Carol": 190}
    again.act("pp Bob 0")
    record = store.tonight()
    assert record is not None and record["table"]["bets"] == [["t3", "Carol", 5]]
    again.act("t3 Carol 0")
    record = store.tonight()
    assert record is not None and "bets" not in record["table"]


def test_a_refused_side_bet_stores_nothing(banluck_home: Path) -> None:
    """A side bet the house does not offer is refused and the stored night is unchanged."""
    import pytest

    from banluck.core.errors import RuleError

    store = Store(banluck_home)
    start_night(store, "mini-blackjack", ["Mei", "Bob"], 10, date="2027-01-01")
    before = store.tonight()
    session = Session.open(store)
    with pytest.raises(RuleError, match=r"side_bets.perfect_pairs is \[\]"):
        session.act("pp Bob 5")
    assert store.tonight() == before


def test_a_night_file_with_damaged_side_bets_is_named_and_left_alone(banluck_home: Path) -> None:
    """The table's `bets` are [word, seat, amount] triples with a whole positive amount; anything
    else is a damaged file, named in one sentence."""
    import pytest

    from banluck.storage import DamagedFile

    store = Store(banluck_home)
    start_night(store, "blackjack-pro", ["Mei", "Bob"], 10, date="2027-01-01")
    Session.open(store).act("pp Bob 5")
    path = banluck_home / "nights" / "0001.json"
    raw = path.read_bytes()
    assert b'"bets":[["pp","Bob",5]]' in raw
    path.write_bytes(raw.replace(b'"bets":[["pp","Bob",5]]', b'"bets":[["pp","Bob",-5]]'))
    with pytest.raises(DamagedFile, match=r"night field 'table.bets' is \[\['pp', 'Bob', -5\]\]"):
        Store(banluck_home).tonight()
