"""A night at the table: seats, stakes, the rotating deal and a sequence of rounds.

The night is its list of lines (the night log, docs/night-log.md). Its state is computed by replaying
them from a `Seating`: the table between rounds, which storage can keep so a long night never has to
be replayed from its first line. `undo` removes the last line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from banluck.core.errors import BanluckError, RuleError
from banluck.core.money import Transfer, nets
from banluck.table.action import DEALER, Action
from banluck.table.family import Family
from banluck.table.line import NIGHT_ALIASES
from banluck.table.round import Round
from banluck.table.seats import Table

if TYPE_CHECKING:
    from banluck.table.preset import TablePreset

RESERVED = frozenset({DEALER, "all", "everyone"})
EVERYONE = ("all", "everyone")


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
    # The game's standing bets (Family.table_words): (key, line) pairs, sorted, e.g.
    # ("behind Carol", "behind Carol Bob 5 follow"). A key `stake SPOT` is the stake of a betting
    # spot that is not a seat (`stake Bob:2 20`, Family.spots). Empty for a night without any.
    standing: tuple[tuple[str, str], ...] = ()

    def stake_of(self, name: str) -> int | None:
        return dict(self.stakes).get(name, self.default_stake)

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
        _check_name(name)
        if name.lower() in seen:
            raise RuleError(f"{name} is seated twice: every seat needs its own name")
        seen.add(name.lower())
    return Seating(preset=preset, seats=tuple(names), dealer=names[0])


def _check_name(name: str) -> None:
    """A name is one word of the night log: a letter, then letters, digits, `-`, `_` or `.`."""
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


def _next_seat(seats: Sequence[str], after: str) -> str:
    if after not in seats:
        return seats[0]
    return seats[(seats.index(after) + 1) % len(seats)]


@dataclass(slots=True)
class Night:
    """The night's state after its lines; `do_line` applies one parsed line, `undo` removes one."""

    start: Seating
    family: Family[Any]
    seating: Seating = field(init=False)
    current: Round[Any] | None = field(init=False, default=None)
    rounds: list[FinishedRound] = field(init=False, default_factory=list)
    balances: dict[str, int] = field(init=False, default_factory=dict)
    lines: list[tuple[str, list[str]]] = field(init=False, default_factory=list)
    # night-level lines (stake, seat, leave, pass) with the number of the round they precede
    words: list[tuple[int, str]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.seating = self.start
        self.balances = {name: 0 for name in self.start.seats}

    # -- names --------------------------------------------------------------------------------
    def resolve(self, name: str) -> str:
        """A seated name, matched without regard to case; `dealer` stays `dealer`."""
        if name.lower() == DEALER:
            return DEALER
        for seat in self.seating.seats:
            if seat.lower() == name.lower():
                return seat
        if self.current is not None:
            player: str
            for player in self.current.state.players:
                if player.lower() == name.lower():
                    return player
        close = close_to(name, self.seating.seats)
        if close is not None:
            raise RuleError(f"{name} is not at the table: did you mean {close}?")
        if name.lower() in RESERVED:
            raise RuleError(
                f"`{name}` names nobody in this line: name a player"
                f" (seats: {', '.join(self.seating.seats)})"
            )
        raise RuleError(
            f"{name} is not at the table (seats: {', '.join(self.seating.seats)});"
            f" seat them between rounds with `seat {name}`"
        )

    # -- lines ----------------------------------------------------------------------------------
    def do_line(self, word: str, args: Sequence[str]) -> None:
        """Apply one line of the night log (its first word and the rest). Nothing changes on error."""
        word = word.lower()
        if word == "undo":
            if args:
                raise RuleError("undo takes no arguments")
            self.undo()
            return
        handler = _NIGHT_WORDS.get(word) or self._table_word(word)
        if handler is not None:
            empty_round = self.current
            self._between_rounds(word)
            try:
                handler(self, list(args))
            except RuleError:
                self.current = self.current or empty_round
                raise
            if word != "round":
                self.words.append((self.seating.next_round, " ".join([word, *args])))
        else:
            action_cls = self.family.words.get(word)
            if action_cls is None:
                raise RuleError(unknown_word(word, self.all_words()))
            self._round_line(word, action_cls, list(args))
        self.lines.append((word, list(args)))

    def _table_word(self, word: str) -> Callable[[Night, list[str]], None] | None:
        """A game's own night-level word (Family.table_words), run like `stake`."""
        table_word = self.family.table_words.get(word)
        if table_word is None:
            return None

        def run(night: Night, args: list[str]) -> None:
            night.seating = table_word.apply(night.seating, args, night.resolve)

        return run

    def undo(self) -> None:
        if not self.lines:
            raise RuleError("nothing to undo")
        lines = self.lines[:-1]
        fresh = Night(self.start, self.family)
        for word, args in lines:
            fresh.do_line(word, args)
        self.seating, self.current = fresh.seating, fresh.current
        self.rounds, self.balances, self.lines = fresh.rounds, fresh.balances, fresh.lines
        self.words = fresh.words

    def _between_rounds(self, word: str) -> None:
        if self.current is not None and not self.current.actions:
            self.current = None  # a round with nothing in it yet: start it again afterwards
        if self.current is not None:
            raise RuleError(
                f"`{word}` comes between rounds: round {self.seating.next_round} is still being"
                f" played ({self.current.pending()})"
            )

    # -- round lines ----------------------------------------------------------------------------
    def aliases(self) -> dict[str, str]:
        """The short words a line may start with, and the word each stands for."""
        return {**NIGHT_ALIASES, **self.family.aliases}

    def all_words(self) -> list[str]:
        """Every word a line of this night may start with: the night's and the game's."""
        return sorted({*NIGHT_WORDS, *self.family.table_words, *self.family.words, "undo"})

    def _round_line(self, word: str, action_cls: type[Action[Any]], args: list[str]) -> None:
        started = False
        if self.current is None:
            if action_cls is not self.family.opening:
                opening = self.family.opening
                raise RuleError(
                    f"the round starts with `{opening.usage}` ({opening.help}), before `{word}`"
                )
            self._start_round()
            started = True
        rnd = self.current
        assert rnd is not None
        done: list[Action[Any]] = []
        try:
            for action in action_cls.expand(args, rnd.state, self.resolve):
                done.append(rnd.do(action))
        except RuleError:
            for _ in done:
                rnd.undo()
            if started:
                self.current = None
            raise
        if rnd.done:
            self._finish_round(rnd)

    def _start_round(self) -> None:
        s = self.seating
        stakes: dict[str, int] = {}
        for name in s.seats:
            if name == s.dealer:
                continue
            stake = s.stake_of(name)
            if stake is None:
                raise RuleError(
                    f"no stake for {name}: set one first (stake 10, or stake {name} 10)"
                )
            stakes[name] = stake
        self.current = Round(Table(s.preset, s.dealer, stakes, s.standing), self.family)

    def _finish_round(self, rnd: Round[Any]) -> None:
        transfers = tuple(rnd.transfers())
        state = rnd.state
        kinds = state.kinds()
        finished = FinishedRound(
            number=self.seating.next_round,
            dealer=state.dealer,
            stakes=dict(rnd.table.stakes),
            lines=tuple(rnd.lines()),
            transfers=transfers,
            kinds=kinds,
            ended=state.ended,
            standing=rnd.table.standing,
            table_before={
                "dealer": self.seating.dealer,
                "default_stake": self.seating.default_stake,
                "dealt": self.seating.dealt,
                "won": self.seating.won,
            },
        )
        self.rounds.append(finished)
        for name, amount in finished.nets().items():
            self.balances[name] = self.balances.get(name, 0) + amount
        self.current = None
        s = replace(self.seating, next_round=self.seating.next_round + 1)
        if finished.ended == "void":
            self.seating = s  # the cards are dealt again by the same dealer: not a round dealt
            return
        dealt = s.dealt + 1
        won = s.won + (1 if finished.nets().get(s.dealer, 0) > 0 else 0)
        s = replace(s, dealt=dealt, won=won)
        self.seating = _pass_deal(s) if s.preset.rotation.passes(dealt, won) else s

    # -- night words ----------------------------------------------------------------------------
    def _stake(self, args: list[str]) -> None:
        # `stake all N` is every seat's stake (own stakes cleared): what a typed `stake N` is
        # stored as. A stored `stake N` keeps the meaning banluck 0.1 gave it (the stake of the
        # seats without their own), so old nights replay as they were played.
        if len(args) == 2 and args[0].lower() in EVERYONE:
            amount = _amount(args[1])
            # every seat's stake, and every betting spot's of the game (`stake Bob:2`) with it
            standing = tuple((k, v) for k, v in self.seating.standing if not k.startswith("stake "))
            self.seating = replace(self.seating, default_stake=amount, stakes=(), standing=standing)
        elif len(args) == 1:
            amount = _amount(args[0])
            self.seating = replace(self.seating, default_stake=amount)
        elif len(args) == 2 and self._spot(args[0]) is not None:
            spot = self._spot(args[0])
            amount = _amount(args[1])
            self.seating = self.seating.with_standing(f"stake {spot}", f"stake {spot} {amount}")
        elif len(args) == 2:
            name = self._stake_name(args[0])
            amount = _amount(args[1])
            stakes = dict(self.seating.stakes)
            stakes[name] = amount
            self.seating = replace(self.seating, stakes=tuple(sorted(stakes.items())))
        else:
            raise RuleError("usage: stake AMOUNT (everyone), or stake NAME AMOUNT")

    def _round(self, args: list[str]) -> None:
        if args:
            raise RuleError("round takes no arguments")
        if self.current is None:
            self._start_round()

    def _pass(self, args: list[str]) -> None:
        if args:
            raise RuleError("pass takes no arguments: the deal goes to the next seat")
        self.seating = _pass_deal(self.seating)

    def _seat(self, args: list[str]) -> None:
        if not args:
            raise RuleError("usage: seat NAME [NAME...]")
        seats = list(self.seating.seats)
        for name in args:
            _check_name(name)
            if any(s.lower() == name.lower() for s in seats):
                raise RuleError(f"{name} is already seated")
            seats.append(name)
            self.balances.setdefault(name, 0)
        self.seating = replace(self.seating, seats=tuple(seats))

    def _leave(self, args: list[str]) -> None:
        if not args:
            raise RuleError("usage: leave NAME [NAME...]")
        s = self.seating
        for raw in args:
            name = self.resolve(raw)
            if name == DEALER:
                raise RuleError("usage: leave NAME: name the person who leaves")
            seats = [x for x in s.seats if x != name]
            if len(seats) < 2:
                raise RuleError(f"{name} cannot leave: a table needs at least two seats")
            if self.family.leaving is not None:  # the game's standing bets of the leaver
                s = self.family.leaving(s, name)
            dealer, dealt, won = s.dealer, s.dealt, s.won
            if name == s.dealer:
                dealer, dealt, won = _next_seat(s.seats, name), 0, 0
            stakes = tuple((k, v) for k, v in s.stakes if k != name)
            s = replace(s, seats=tuple(seats), dealer=dealer, dealt=dealt, won=won, stakes=stakes)
        self.seating = s

    def _stake_name(self, name: str) -> str:
        """The seat a stake is for; a name that is neither a seat nor one of the game's betting
        spots is refused, listing both."""
        try:
            return self.resolve(name)
        except RuleError:
            if self.family.spots is None or close_to(name, self.seating.seats) is not None:
                raise
            spots = ", ".join(self.family.spots(self.seating)) or "none yet"
            raise RuleError(
                f"{name} is neither a seat nor a betting spot of this table"
                f" (seats: {', '.join(self.seating.seats)}; other spots: {spots})"
            ) from None

    def _spot(self, name: str) -> str | None:
        """A betting spot of the game that is not a seat (`Bob:2`), as the game spells it."""
        if self.family.spots is None:
            return None
        return next((x for x in self.family.spots(self.seating) if x.lower() == name.lower()), None)

    def _rule(self, args: list[str]) -> None:
        raise RuleError("`rule` lines come right after the `night` line, before anything else")

    def _night(self, args: list[str]) -> None:
        raise RuleError("`night` starts a log and comes once, on its first line")


def changes(before: Seating, after: Seating) -> str | None:
    """One line saying what changed at the table between two seatings (stakes, seats, the
    deal), e.g. `Bob's stake is now 20` or `the deal passes to Bob`; None when nothing did."""
    said: list[str] = []
    came = [n for n in after.seats if n not in before.seats]
    went = [n for n in before.seats if n not in after.seats]
    for name in came:
        stake = after.stake_of(name)
        said.append(f"{name} sits down" + (f" at {stake}" if stake is not None else ""))
    if went:
        said.append(f"{_names(went)} {'leaves' if len(went) == 1 else 'leave'} the table")
    moved = [
        n
        for n in after.seats
        if n not in came and before.stake_of(n) != after.stake_of(n) and after.stake_of(n)
    ]
    amounts = {after.stake_of(n) for n in after.seats}
    if moved and len(amounts) == 1 and len(moved) > 1:
        said.append(f"everyone's stake is now {after.stake_of(after.seats[0])}")
    else:
        said += [f"{n}'s stake is now {after.stake_of(n)}" for n in moved]
    if before.dealer != after.dealer:
        said.append(f"the deal passes to {after.dealer}")
    old, new = dict(before.standing), dict(after.standing)
    said += [f"`{new[k]}` stands" for k in new if old.get(k) != new[k]]
    said += [f"`{old[k]}` is off" for k in old if k not in new]
    return "; ".join(said) if said else None


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _pass_deal(s: Seating) -> Seating:
    return replace(s, dealer=_next_seat(s.seats, s.dealer), dealt=0, won=0)


def _amount(text: str) -> int:
    from banluck.core.money import parse_amount

    try:
        return parse_amount(text, "stake")
    except BanluckError as exc:
        raise RuleError(str(exc)) from None


_NIGHT_WORDS = {
    "stake": Night._stake,
    "round": Night._round,
    "pass": Night._pass,
    "seat": Night._seat,
    "leave": Night._leave,
    "night": Night._night,
    "rule": Night._rule,
}
NIGHT_WORDS = tuple(_NIGHT_WORDS)


def edits(a: str, b: str) -> int:
    """The typing slips between `a` and `b`: letters left out, added, changed or swapped."""
    a, b = a.lower(), b.lower()
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(
                rows[i - 1][j] + 1,
                row[j - 1] + 1,
                rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]),
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def close_to(word: str, options: Iterable[str]) -> str | None:
    """The option `word` is a slip of: one slip in a short word, two in a word of six letters
    or more; None when nothing is that close (a guess would be a different word, not a typo)."""
    limit = 1 if len(word) < 6 else 2
    scored = sorted((edits(word, o), i, o) for i, o in enumerate(options))
    if scored and scored[0][0] <= limit and (len(scored) == 1 or scored[1][0] > scored[0][0]):
        return scored[0][2]
    return None


def unknown_word(word: str, words: list[str]) -> str:
    close = close_to(word, words)
    hint = f"did you mean `{close}`?" if close else f"the words are {', '.join(words)}"
    return f"unknown word {word!r}: {hint}"
