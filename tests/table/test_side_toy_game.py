"""The side seam alone: a toy game defined here, with a side of its own (a standing `ante`), played
by the one night. Nothing of the casino or ban-luck is imported: the night, its undo and the side's
stored form work for any game that brings a `Side`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import pytest

from banluck.core.errors import RuleError
from banluck.core.money import Transfer
from banluck.table.action import Action
from banluck.table.game import Game, Panel
from banluck.table.night import Night, changes
from banluck.table.rotation import Rotation
from banluck.table.seating import Seating, SideDone, SideNotes, SideWord, Table, seating_for


@dataclass(frozen=True, slots=True)
class ToyPreset:
    name: str = "toy"
    game: str = "toy"
    description: str = "a coin decides every round"
    decks: int = 1
    rotation: Rotation = field(default_factory=lambda: Rotation("rounds", 2))

    def get(self, key: str) -> object:
        return getattr(self, key)

    def to_dict(self) -> dict[str, Any]:
        return {"game": "toy", "version": 1}


@dataclass(slots=True)
class ToyState:
    dealer: str
    players: dict[str, int]  # player -> stake
    antes: dict[str, int]  # player -> the ante he pays the dealer this round
    winner: str | None = None
    ended: str | None = None

    @property
    def done(self) -> bool:
        return self.winner is not None

    def pending(self) -> str:
        return "the coin" if self.winner is None else "nothing"

    def kinds(self) -> dict[str, str]:
        return {}


@dataclass(frozen=True, slots=True)
class Flip(Action[ToyState]):
    """`flip NAME`: the coin says who wins: the dealer (every stake), or a player (and with him
    every player wins his stake from the dealer)."""

    name: str
    word: ClassVar[str] = "flip"
    usage: ClassVar[str] = "flip NAME"
    help: ClassVar[str] = "the coin names the winner"
    takes_name: ClassVar[bool] = True

    def verify(self, state: ToyState) -> None:
        if self.name not in (state.dealer, *state.players, "dealer"):
            raise RuleError(f"{self.name} is not in this round")

    def apply(self, state: ToyState) -> None:
        state.winner = state.dealer if self.name == "dealer" else self.name

    def line(self) -> str:
        return f"flip {self.name}"

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[Any]:
        if len(args) != 1:
            raise RuleError("usage: flip NAME")
        return cls(args[0])


@dataclass(frozen=True, slots=True)
class AnteSide:
    """The toy's side: a standing ante each player pays the dealer every round he is dealt, and
    the count of rounds anted (night-long state the rounds move on)."""

    antes: tuple[tuple[str, int], ...] = ()
    anted: int = 0

    def keys(self) -> tuple[str, ...]:
        return ("antes", "anted")

    def words(self) -> Mapping[str, SideWord]:
        return {"ante": SideWord("ante NAME AMOUNT", "a standing ante, 0 takes it down", bool)}

    def word(
        self, word: str, args: list[str], seating: Seating, resolve: Callable[[str], str]
    ) -> SideDone:
        if len(args) != 2:
            raise RuleError("usage: ante NAME AMOUNT")
        name, amount = resolve(args[0]), int(args[1])
        kept = {**dict(self.antes), name: amount}
        antes = tuple(sorted((n, v) for n, v in kept.items() if v))
        return SideDone(replace(self, antes=antes), f"ante {name} {amount}")

    def round_bets(self, stakes: Mapping[str, int]) -> AnteSide:
        return replace(self, antes=tuple((n, v) for n, v in self.antes if n in stakes))

    def check(self, table: Table, before: Table | None) -> None:
        return None

    def after_round(self, state: Any, dealer: str) -> tuple[AnteSide, list[Transfer]]:
        paid = [Transfer(n, dealer, v, "ante") for n, v in sorted(state.antes.items())]
        return replace(self, anted=self.anted + (1 if paid else 0)), paid

    def bank_passes(self, seating: Seating) -> tuple[AnteSide, list[Transfer]]:
        return self, []

    def holds(self, name: str, dealer: str) -> str | None:
        return None

    def leaving(self, seating: Seating, name: str) -> AnteSide:
        return replace(self, antes=tuple((n, v) for n, v in self.antes if n != name))

    def spots(self, seating: Seating) -> list[str]:
        return []

    def with_stake(self, spot: str | None, amount: int) -> AnteSide:
        return self

    def notes(self, seating: Seating, table: Table | None) -> SideNotes:
        return SideNotes(standing=tuple(f"{n} antes {v}" for n, v in self.antes))

    def seat_note(self, name: str) -> str:
        return "".join(f" ante {v}" for n, v in self.antes if n == name)

    def changes(self, before: Any, seats: tuple[str, ...], now: tuple[str, ...]) -> list[str]:
        was = dict(before.antes)
        return [f"{n}'s ante is now {v}" for n, v in self.antes if was.get(n) != v]

    def dump(self) -> dict[str, Any]:
        return {"antes": dict(self.antes), "anted": self.anted}

    def round_entry(self) -> dict[str, Any]:
        return {"antes": dict(self.antes)} if self.antes else {}

    def before(self) -> dict[str, Any]:
        return {"anted": self.anted}


def load_side(table: Mapping[str, Any], seats: Sequence[str]) -> AnteSide:
    antes = table.get("antes") or {}
    return AnteSide(
        tuple(sorted((n, int(v)) for n, v in antes.items() if n in seats)),
        int(table.get("anted", 0)),
    )


def fresh(table: Table) -> ToyState:
    side = table.side if isinstance(table.side, AnteSide) else AnteSide()
    return ToyState(table.dealer, dict(table.stakes), dict(side.antes))


def transfers(state: ToyState) -> list[Transfer]:
    if state.winner == state.dealer:
        return [Transfer(n, state.dealer, v, "flip") for n, v in state.players.items()]
    return [Transfer(state.dealer, n, v, "flip") for n, v in state.players.items()]


TOY: Game[ToyState] = Game(
    name="toy",
    actions=lambda: (Flip,),
    new_state=fresh,
    transfers=transfers,
    hints=lambda state: [],
    words_now=lambda state: ["flip"],
    names_for=lambda word, state, seats: seats,
    panel=lambda state: Panel(None, (), ()),
    side=load_side,
)


@dataclass
class Played:
    night: Night = field(
        default_factory=lambda: Night(seating_for(ToyPreset(), ["Ann", "Bo", "Cy"]), TOY)
    )

    def line(self, text: str) -> None:
        word, *args = text.split()
        self.night.do_line(word, args)


def test_a_new_night_gets_the_games_empty_side() -> None:
    """A night of a game with a side starts with the side loaded from nothing stored."""
    assert Played().night.seating.side == AnteSide()


def test_the_sides_word_stands_and_its_money_moves_after_each_round() -> None:
    """`ante Bo 2` is a word between rounds, kept as a night word; each round the side's
    after_round moves the ante, beside the round's own money."""
    p = Played()
    p.line("stake 10")
    before = p.night.seating
    p.line("ante Bo 2")
    assert p.night.words[-1] == (1, "ante Bo 2")
    assert changes(before, p.night.seating) == "Bo's ante is now 2"
    assert "ante" in p.night.all_words() and p.night.offered_words() == ["ante"]
    p.line("flip Bo")
    [done] = p.night.rounds
    assert done.transfers[-1] == Transfer("Bo", "Ann", 2, "ante")
    assert p.night.balances == {"Ann": -10 - 10 + 2, "Bo": 10 - 2, "Cy": 10}
    assert done.to_dict()["antes"] == {"Bo": 2}
    assert done.table_before["anted"] == 0
    assert p.night.seating.side == AnteSide((("Bo", 2),), 1)
    assert p.night.side_notes().standing == ("Bo antes 2",)


def test_undo_puts_the_side_back() -> None:
    """Undoing the round, then the ante, gives back the side each line found."""
    p = Played()
    p.line("stake 10")
    p.line("ante Cy 3")
    anted = p.night.seating.side
    p.line("flip dealer")
    assert p.night.seating.side != anted
    p.night.undo()
    assert p.night.seating.side == anted and p.night.rounds == []
    p.night.undo()
    assert p.night.seating.side == AnteSide()


def test_the_side_round_trips_through_its_stored_form() -> None:
    """What the side writes under the night record's `table` reads back as the same side."""
    p = Played()
    p.line("stake 10")
    p.line("ante Bo 2")
    p.line("ante Cy 1")
    p.line("flip Cy")
    side = p.night.seating.side
    assert side is not None
    assert load_side(side.dump(), p.night.seating.seats) == side


def test_a_leaver_takes_his_ante_with_him_and_a_bad_word_changes_nothing() -> None:
    """Leaving asks the side (the ante goes); a refused side word leaves the night as it was."""
    p = Played()
    p.line("stake 10")
    p.line("ante Cy 1")
    p.line("leave Cy")
    assert p.night.seating.side == AnteSide()
    seating = p.night.seating
    with pytest.raises(RuleError, match="usage: ante NAME AMOUNT"):
        p.line("ante Bo")
    assert p.night.seating == seating
