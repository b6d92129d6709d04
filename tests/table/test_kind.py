"""The usual night and the tournament answer the same questions (banluck.table.kind.NightKind):
what they wait for, the words and names a line may use now, where the session keeps them."""

from __future__ import annotations

from banluck.app import presets
from banluck.app.records import new_night
from banluck.games.tournament.night import Tournament, start_for
from banluck.table.kind import NightKind
from banluck.table.line import Line
from banluck.table.seating import seating_for


def test_the_usual_night_answers_as_a_night_kind() -> None:
    night: NightKind = new_night(seating_for(presets.load("chinese"), ["Mei", "Bob", "Carol"]))
    assert night.record_key is None
    assert night.pending() == "round 1: `dealer CARD CARD`"
    assert "stake" in night.all_words() and "dealer" in night.words_now()
    assert night.names_for("leave", 2) == night.names_for("leave", 1)
    assert night.names_for("stake", 2) == []
    assert night.do_line(Line("stake", ("all", "10"))).kind == "word"


def test_the_tournament_answers_as_a_night_kind() -> None:
    played: NightKind = Tournament(start_for(presets.load("tournament"), ["Ann", "Ben"], 20, 100))
    assert played.record_key == "tournament"
    assert played.pending() == "Ann to bet (bet Ann AMOUNT, or secret Ann AMOUNT)"
    assert played.words_now() == played.all_words() and "bet" in played.all_words()
    assert played.names_for("bet", 1) == ["Ann", "Ben"]
    done = played.do_line(Line("bet", ("ann", "20")))
    assert (done.kind, done.line, done.prizes) == ("play", "bet Ann 20", ())
    assert list(played.lines) == ["bet Ann 20"] and played.news() == []
    undone = played.do_line(Line("undo"))
    assert (undone.kind, undone.line) == ("undo", "bet Ann 20") and list(played.lines) == []
