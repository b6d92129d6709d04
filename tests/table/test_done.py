"""A line is read once (`Line`) and the night says what it did (`Done`): the session stores what
the night says, without classifying the line again."""

from __future__ import annotations

from banluck.app import presets
from banluck.app.session import new_night
from banluck.table.line import Line
from banluck.table.night import Night
from banluck.table.seating import seating_for


def night() -> Night:
    return new_night(seating_for(presets.load("chinese"), ["Kim", "Lee", "Max"]))


def test_a_line_is_read_once_with_its_alias_replaced() -> None:
    """The word lower-cased and its alias replaced, the comment left out."""
    assert Line.read("H lee 5  # a five", night().aliases()) == Line("hit", ("lee", "5"))
    assert Line.read("# only a comment") == Line("")
    assert Line.read("stake all 10").text() == "stake all 10"


def test_each_line_says_what_it_did() -> None:
    """A word between rounds, a line of the round (spelt as stored), the line that settles it,
    and undo."""
    n = night()
    assert n.do_line(Line("stake", ("all", "10"))).kind == "word"
    played = n.do_line(Line("dealer", ("10", "9")))
    assert (played.kind, played.line, played.settled) == ("play", "dealer 10 9", None)
    assert n.do_line(Line.read("s all", n.aliases())).line == "stand Lee Max"  # as seated
    n.do_line("open", ["lee", "10", "8"])
    last = n.do_line("open", ["Max", "10", "8"])
    assert last.kind == "settled" and last.settled is n.rounds[-1]
    assert n.do_line("undo", []).kind == "undo" and n.rounds == []
