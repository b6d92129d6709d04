"""Who sits at the table: the seats between rounds (`Seating`), the table a round is dealt with
(`Table`), a settled round (`FinishedRound`), and the names a seat may have."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from banluck.core.errors import RuleError
from banluck.core.money import Transfer, nets
from banluck.table.action import DEALER

if TYPE_CHECKING:
    from banluck.table.preset import TablePreset

RESERVED = frozenset({DEALER, "all", "everyone"})


@dataclass(frozen=True, slots=True)
class Seating:
    """The table between rounds: everything the next round needs, and nothing of the past."""

    preset: TablePreset
    seats: tuple[str, ...]
    dealer: str
    stakes: tuple[tuple[str, int], ...] = ()  # per-player stakes that differ from the default
    default_stake: int | None = None
    dealt: int = 0  # rounds dealt by the current dealer since he took the deal
    won: int = 0  # of those, rounds he won on balance
    next_round: int = 1
    # standing bets besides the stake, (word, seat, amount) sorted: casino's `pp Bob 5`
    bets: tuple[tuple[str, str, int], ...] = ()
    out: tuple[str, ...] = ()  # seated but sitting out: dealt no hand, passed over for the deal
    carry: Any = None  # the game's night-long state (Game.carry: the casino's Bingo cards)
    # The game's standing bets (Game.table_words): (key, line) pairs, sorted, e.g.
    # ("behind Carol", "behind Carol Bob 5 follow"). A key `stake SPOT` is the stake of a betting
    # spot that is not a seat (`stake Bob:2 20`, Game.spots). Empty for a night without any.
    standing: tuple[tuple[str, str], ...] = ()

    def stake_of(self, name: str) -> int | None:
        return dict(self.stakes).get(name, self.default_stake)

    def active(self) -> tuple[str, ...]:
        """The seats in play, in seat order (those sitting out left out)."""
        return tuple(n for n in self.seats if n not in self.out)

    def standing_line(self, key: str) -> str | None:
        return dict(self.standing).get(key)

    def with_standing(self, key: str, line: str | None) -> Seating:
        """The seating with one standing bet set to `line` (None: taken off)."""
        standing = {k: v for k, v in self.standing if k != key}
        if line is not None:
            standing[key] = line
        return replace(self, standing=tuple(sorted(standing.items())))


@dataclass(frozen=True, slots=True)
class FinishedRound:
    """A settled round: what the ledger stores."""

    number: int
    dealer: str
    stakes: dict[str, int]  # at the start of the round (a burn doubles them inside the round)
    lines: tuple[str, ...]
    transfers: tuple[Transfer, ...]
    kinds: dict[str, str]  # person -> hand kind, where known
    ended: str | None = None
    table_before: dict[str, Any] = field(default_factory=dict)  # dealer and counters at the start
    bets: tuple[
        tuple[str, str, int], ...
    ] = ()  # standing bets besides the stakes (word, seat, amount)
    standing: tuple[tuple[str, str], ...] = ()  # the game's standing bets the round was dealt with

    def nets(self) -> dict[str, int]:
        out = {name: 0 for name in (self.dealer, *self.stakes)}
        out.update({k: v for k, v in nets(list(self.transfers)).items()})
        return out

    def to_dict(self) -> dict[str, Any]:
        """The round as the ledger records it, with the table it started from (so that undoing
        it can put the table back)."""
        out = {
            "round": self.number,
            "dealer": self.dealer,
            "stakes": dict(self.stakes),
            "log": list(self.lines),
            "transfers": [t.as_dict() for t in self.transfers],
            "hands": dict(self.kinds),
            "ended": self.ended,
            "table_before": dict(self.table_before),
            **({"bets": [list(b) for b in self.bets]} if self.bets else {}),
        }
        if self.standing:  # only a round with standing bets has the key (older rounds keep
            out["standing"] = dict(self.standing)  # their shape)
        return out


def seating_for(preset: TablePreset, seats: Sequence[str]) -> Seating:
    names = list(seats)
    if len(names) < 2:
        raise RuleError("a night needs at least two seats: the first deals, the others play")
    seen: set[str] = set()
    for name in names:
        check_name(name)
        if name.lower() in seen:
            raise RuleError(f"{name} is seated twice: every seat needs its own name")
        seen.add(name.lower())
    return Seating(preset=preset, seats=tuple(names), dealer=names[0])


def check_name(name: str) -> None:
    """A name is one word of the night log: a letter, then letters, digits, `-`, `_` or `.`;
    not one ending in `.` and a number, which is the name of a hand after a split (`Bob.1`)."""
    head, dot, number = name.rpartition(".")
    if dot and head and number.isascii() and number.isdigit():
        raise RuleError(
            f"{name!r} cannot be a player's name: {head}.{number} is the name of {head}'s hand"
            f" {number} after a split; use another, e.g. {head}{number} or {head}-{number}"
        )
    if (
        not name
        or name.lower() in RESERVED
        or not name[0].isalpha()
        or not all(ch.isalnum() or ch in "-_." for ch in name)
    ):
        raise RuleError(
            f"{name!r} cannot be a player's name: use one word starting with a letter"
            " (letters, digits, - _ .), e.g. MaryAnn or Mary-Ann"
        )


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits at a round: the dealer, the players in seat order, and each player's stake."""

    preset: TablePreset
    dealer: str
    stakes: Mapping[str, int]  # player -> stake, in seat order
    # standing bets besides the stake (word, seat, amount), e.g. casino's ("pp", "Bob", 5)
    bets: tuple[tuple[str, str, int], ...] = ()
    carry: Any = None  # the game's night-long state at the start of the round (Game.carry)
    # the game's standing bets (Seating.standing): (key, night-log line) pairs
    standing: tuple[tuple[str, str], ...] = ()
    # whether the game checks its limits on the round's bets (casino: limits.bank); not for
    # stored lines played again, which were accepted when they were typed
    limits: bool = True

    def __post_init__(self) -> None:
        if not self.stakes:
            raise RuleError("a round needs at least one player besides the dealer")
        if self.dealer in self.stakes:
            raise RuleError(f"{self.dealer} cannot deal and play in the same round")
        for name, stake in self.stakes.items():
            if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
                raise RuleError(f"{name}'s stake must be a whole number above 0, not {stake!r}")
