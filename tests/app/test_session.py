"""The open night in the store (banluck.app.session): how the table, the words and the live round
are kept, and how they come back."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.app import presets
from banluck.app.records import seat_stakes, start_table
from banluck.app.session import NoNight, Session, StaleLine
from banluck.core.errors import BanluckError, RuleError
from banluck.storage import Store
from banluck.table.seating import seating_for

CHINESE = presets.load("chinese")


def open_session(home: Path, *seats: str, stake: int = 10) -> Session:
    from dataclasses import replace

    store = Store(home)
    seating = replace(seating_for(CHINESE, seats), default_stake=stake)
    store.open_night(
        "chinese",
        CHINESE.to_dict(),
        list(seating.seats),
        seating.dealer,
        stakes=seat_stakes(seating),
        date="2027-01-01",
        table=start_table(seating),
    )
    return Session.open(store)


def play(session: Session, *lines: str) -> None:
    for line in lines:
        session.act(line)


ROUND = ("dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7")


def test_no_open_night_is_a_one_sentence_error(banluck_home: Path) -> None:
    """Opening a session without a night says how to start one."""
    with pytest.raises(NoNight, match="banluck night start"):
        Session.open(Store(banluck_home))


def test_the_record_keeps_every_seats_stake_and_the_table_only_the_overrides(
    banluck_home: Path,
) -> None:
    """After `stake Bob 20` the night record says each seat's stake, while the table keeps just
    Bob's override; a typed `stake 30` is everyone's stake (Bob's own is cleared), stored as
    `stake all 30`."""
    session = open_session(banluck_home, "Mei", "Bob", "Carol")
    play(session, "stake Bob 20")
    record = Store(banluck_home).tonight()
    assert record is not None
    assert record["stakes"] == {"Mei": 10, "Bob": 20, "Carol": 10}
    assert record["table"]["stakes"] == {"Bob": 20}
    play(session, "stake 30")
    fresh = Session.open(Store(banluck_home))
    assert seat_stakes(fresh.night.seating) == {"Mei": 30, "Bob": 30, "Carol": 30}
    assert fresh.record["table"]["stakes"] == {}
    assert [w[1] for w in fresh.record["table"]["words"]] == ["stake Bob 20", "stake all 30"]


def test_a_night_stored_without_table_stakes_reads_its_overrides_from_the_record(
    banluck_home: Path,
) -> None:
    """A night written before the table kept its own stakes still opens with the record's."""
    store = Store(banluck_home)
    seating = seating_for(CHINESE, ["Mei", "Bob", "Carol"])
    table = {"default_stake": 10, "dealt": 0, "won": 0, "words": []}
    store.open_night(
        "chinese", CHINESE.to_dict(), list(seating.seats), "Mei", {"Bob": 20}, None, table
    )
    s = Session.open(store).night.seating
    assert (s.stake_of("Bob"), s.stake_of("Carol")) == (20, 10)


def test_seat_uses_the_ledger_spelling_of_someone_who_played_before(banluck_home: Path) -> None:
    """`seat eve` seats Eve as the ledger spells her, so her debts carry over."""
    session = open_session(banluck_home, "Mei", "Eve")
    play(session, "dealer 10 7", "stand Eve", "open Eve 10 9")
    session.store.close_night()
    session = open_session(banluck_home, "Mei", "Bob")
    play(session, "seat eve")
    assert session.night.seating.seats == ("Mei", "Bob", "Eve")
    assert Store(banluck_home).people() == ["Bob", "Eve", "Mei"]


def test_a_stored_line_that_no_longer_applies_is_dropped_by_undo(
    banluck_home: Path,
    cli,  # type: ignore[no-untyped-def]
) -> None:
    """A live line the rules refuse on replay stops the session with a sentence naming it;
    `banluck undo` drops it and the night opens again."""
    session = open_session(banluck_home, "Mei", "Bob", "Carol")
    play(session, "dealer 10 7")
    session.store.push_action("open Bob 10 9")  # Bob has not stood: refused on replay
    with pytest.raises(StaleLine, match="open Bob 10 9"):
        Session.open(Store(banluck_home))
    code, out, err = cli("undo")
    assert code == 0, err
    assert "open Bob 10 9" in out
    assert Session.open(Store(banluck_home)).live == ["dealer 10 7"]


def test_undo_with_nothing_played_says_so(banluck_home: Path) -> None:
    """Undo on a night with no line yet is refused with a sentence, changing nothing."""
    session = open_session(banluck_home, "Mei", "Bob")
    with pytest.raises(BanluckError, match="no line has been played"):
        session.undo()


def test_a_line_from_a_stale_window_is_refused_and_nothing_is_stored(banluck_home: Path) -> None:
    """Two sessions on one night: once one has stored a line, the other's next line is refused
    instead of being appended to a round it no longer knows."""
    first = open_session(banluck_home, "Mei", "Bob", "Carol")
    second = Session.open(first.store)
    first.act("dealer 10 6")
    with pytest.raises(RuleError, match="changed from another window"):
        second.act("dealer 9 7")
    assert first.store.live() == ["dealer 10 6"]
    Session.open(first.store).act("stand all")
    assert first.store.live() == ["dealer 10 6", "stand Bob Carol"]


def test_an_undone_seat_leaves_no_one_behind_to_pay(banluck_home: Path) -> None:
    """`seat Dave` then `undo`: Dave never sat, so a payment naming him is refused."""
    session = open_session(banluck_home, "Mei", "Bob")
    play(session, "dealer 10 7", "stand Bob", "open Bob 10 9", "seat Dave")
    assert "Dave" in session.store.people()
    session = Session.open(session.store)
    session.act("undo")
    assert "Dave" not in session.store.people()
    with pytest.raises(BanluckError, match="Dave"):
        session.store.add_payment("Dave", "Mei", 5)
    assert "Bob" in session.store.people() and "Mei" in session.store.people()
