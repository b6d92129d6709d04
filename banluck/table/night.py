"""A night at the table: seats, stakes, the rotating deal and a sequence of rounds.

The night is its list of lines (the night log, docs/night-log.md). Its state is computed by replaying
them from a `Seating`: the table between rounds, which storage can keep so a long night never has to
be replayed from its first line. `undo` removes the last line.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from banluck.core.errors import RuleError
from banluck.core.money import Transfer, rule_amount
from banluck.core.suggest import close_to, unknown_word
from banluck.table.game import Game, HelpRow
from banluck.table.kind import Done
from banluck.table.line import DEALER, NIGHT_ALIASES, Line
from banluck.table.seating import (
    RESERVED,
    FinishedRound,
    Seating,
    Side,
    SideNotes,
    Table,
    check_name,
)

if TYPE_CHECKING:
    from banluck.table.action import Action
    from banluck.table.round import Round

__all__ = ["Done", "Night"]  # Done: what a line did (banluck.table.kind), as every night kind says

EVERYONE = ("all", "everyone")


def _next_seat(seats: Sequence[str], after: str, out: Sequence[str] = ()) -> str:
    """The seat after `after` that is in play (a seat sitting out is passed over)."""
    at = seats.index(after) + 1 if after in seats else 0
    ring = [*seats[at:], *seats[:at]]
    return next((n for n in ring if n not in out), ring[0])


# The night's words that may raise the next round's bets (a stake, a seat, a player back in);
# with a game's own standing words (boxes, bets behind), they are checked against its limits.
RAISES_BETS = ("stake", "seat", "back")


@dataclass(slots=True)
class Night:
    """The night's state after its lines; `do_line` applies one parsed line, `undo` removes one."""

    start: Seating
    game: Game[Any]
    seating: Seating = field(init=False)
    current: Round[Any] | None = field(init=False, default=None)
    rounds: list[FinishedRound] = field(init=False, default_factory=list)
    balances: dict[str, int] = field(init=False, default_factory=dict)
    lines: list[tuple[str, list[str]]] = field(init=False, default_factory=list)
    # night-level lines (stake, seat, leave, pass) with the number of the round they precede
    words: list[tuple[int, str]] = field(init=False, default_factory=list)
    # whether the lines are typed now: False while stored lines are played again (they were
    # accepted when typed, under the rules of then: the side does not check its limits again)
    typed: bool = field(init=False, default=True)
    # the meaning of the words: a night log's `version` line; 1 (banluck 0.1's, a stored night's)
    version: int = 1

    def __post_init__(self) -> None:
        if self.start.side is None and self.game.side is not None:  # a night just started
            self.start = replace(self.start, side=self.game.side({}, self.start.seats))
        self.seating = self.start
        self.balances = {name: 0 for name in self.start.seats}

    @property
    def record_key(self) -> str | None:
        """The usual night keeps its round lines live and its rounds as ledger entries."""
        return None

    # -- names --------------------------------------------------------------------------------
    def resolve(self, name: str) -> str:
        """A seated name, matched without regard to case; `dealer` stays `dealer`."""
        if name.lower() == DEALER:
            return DEALER
        players = self.current.state.players if self.current is not None else ()
        for seat in (*self.seating.seats, *players):
            if seat.lower() == name.lower():
                return str(seat)
        if (close := close_to(name, self.seating.seats)) is not None:
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
    def do_line(self, line: Line | str, args: Sequence[str] = ()) -> Done:
        """Apply one line of the night log (a `Line`, or its first word and the rest), and say
        what it did. Nothing changes on error."""
        word = line.word if isinstance(line, Line) else line.lower()
        args = line.args if isinstance(line, Line) else args
        if word == "undo":
            if args:
                raise RuleError("undo takes no arguments")
            self.undo()
            return Done("undo", "undo")
        side = self.seating.side
        if side is not None and word in side.words():
            done = self._side_line(side, word, list(args))
        elif (handler := _NIGHT_WORDS.get(word)) is not None:
            settled = len(self.rounds)
            with self._between_rounds(word) as seating:
                handler(self, list(args))
                if word in RAISES_BETS:  # what the next round puts at stake: the side's limits
                    self._check_bets(seating)
            text = " ".join([word, *args])
            if word == "round":
                done = Done("play", text)
            elif len(self.rounds) > settled:  # the bank passed closing the side: a settlement
                done = Done("settled", text, self.rounds[-1])
            else:
                done = self._word(text)
        elif (action_cls := self.game.words.get(word)) is not None:
            done = self._round_line(word, action_cls, list(args))
        else:
            raise RuleError(unknown_word(word, self.all_words()))
        self.lines.append((word, list(args)))
        return done

    def undo(self) -> None:
        if not self.lines:
            raise RuleError("nothing to undo")
        fresh = Night(self.start, self.game, self.version)
        for word, args in self.lines[:-1]:
            fresh.do_line(word, args)
        self.seating, self.current = fresh.seating, fresh.current
        self.rounds, self.balances, self.lines = fresh.rounds, fresh.balances, fresh.lines
        self.words = fresh.words

    # -- the game's side (banluck.table.seating.Side) ---------------------------------------------
    def _side_line(self, side: Side, word: str, args: list[str]) -> Done:
        """A between-rounds word of the game's side (`pp Bob 5`, `behind Carol Bob 5 follow`,
        `bingo Bob 5`). Money it moves is a settlement entry of its own: it takes the next place
        in the ledger but is no round (not numbered, counted or dealt as one)."""
        with self._between_rounds(word) as seating:
            done = side.word(word, args, self.seating, self.resolve)
            if not done.transfers:
                self.seating = replace(self.seating, side=done.side)
                if done.raises:  # it may raise what the next round puts at stake
                    self._check_bets(seating)
        if done.transfers:
            self._settle_between_rounds(done.side, list(done.transfers), done.line, word)
            return Done("settled", done.line, self.rounds[-1])
        return self._word(done.line)

    def _word(self, text: str) -> Done:
        """A word between rounds that moved no money: kept with the table."""
        self.words.append((self.seating.next_round, text))
        return Done("word", text)

    def _settle_between_rounds(
        self, after: Side, transfers: list[Transfer], text: str, word: str
    ) -> None:
        s = self.seating
        finished = FinishedRound(
            number=s.next_round,
            dealer=s.dealer,
            stakes={},
            lines=(text,),
            transfers=tuple(transfers),
            kinds={},
            ended=word,
            table_before=self._table_before(),
            counted=s.round_number - 1,
        )
        self._record(finished)
        self.seating = replace(s, side=after, next_round=s.next_round + 1, between=s.between + 1)

    def _record(self, finished: FinishedRound) -> None:
        self.rounds.append(finished)
        for name, amount in finished.nets().items():
            self.balances[name] = self.balances.get(name, 0) + amount

    def _table_before(self) -> dict[str, Any]:
        s = self.seating
        side = s.side.before() if s.side is not None else {}
        return {
            "dealer": s.dealer,
            "default_stake": s.default_stake,
            "dealt": s.dealt,
            "won": s.won,
            **side,
        }

    def side_notes(self) -> SideNotes:
        """What the console shows of the game's side: its live Bingo cards (during a round too),
        and between rounds who is on which box and what the bank risks in the next round."""
        side = self.seating.side
        if side is None:
            return SideNotes()
        between = self._next_table(self.seating) if self.current is None else None
        return side.notes(self.seating, between)

    @contextmanager
    def _between_rounds(self, word: str) -> Iterator[Seating]:
        """A word that comes between rounds, with the seating before it: on a refusal the night
        is as it was."""
        empty_round, seating = self.current, self.seating
        if self.current is not None and not self.current.actions:
            self.current = None  # a round with nothing in it yet: start it again afterwards
        if self.current is not None:
            raise RuleError(
                f"`{word}` comes between rounds: round {self.seating.round_number} is still being"
                f" played ({self.current.pending()})"
            )
        try:
            yield seating
        except RuleError:
            self.current = self.current or empty_round
            self.seating = seating
            raise

    # -- round lines ----------------------------------------------------------------------------
    def aliases(self) -> dict[str, str]:
        return {**NIGHT_ALIASES, **self.game.aliases}

    def all_words(self) -> list[str]:
        side = self.seating.side.words() if self.seating.side is not None else {}
        return sorted({*NIGHT_WORDS, *self.game.words, *side, "undo"})

    def words_now(self) -> list[str]:
        """The game's words that apply now; between rounds, with the side's offered words."""
        state = self.current.state if self.current is not None else None
        between = self.offered_words() if state is None else []
        return [*self.game.words_now(state), *between]

    def name_words(self) -> tuple[set[str], set[str]]:
        """The words followed by names: (any number of names, one name first)."""
        actions = self.game.words
        many = {"leave", "sit", "back", *(w for w, cls in actions.items() if cls.takes_names)}
        one = {"stake", *(w for w, cls in actions.items() if cls.takes_name)} - many
        return many, one

    def names_for(self, word: str, position: int) -> list[str]:
        """The names (or words) the word takes at that position of the line now."""
        state = self.current.state if self.current is not None else None
        if position == 1 or word in self.name_words()[0]:
            return list(self.game.names_for(word, state, list(self.seating.seats)))
        return ["bust"] if word == "open" and position == 2 else []

    def help_rows(self) -> tuple[HelpRow, ...]:
        """The game's help, less the words the night's preset refuses (no Bingo table, no bets
        behind a box...)."""
        preset = self.seating.preset
        return tuple(r for r in self.game.help_rows if r.allowed is None or r.allowed(preset))

    def news(self) -> list[tuple[str, str]]:
        """Nothing of its own: the console shows a finished round and the session says what
        changed at the table (`Session.said`)."""
        return []

    def pending(self) -> str:
        """What the night waits for: the round's next line, or the round's first."""
        if self.current is not None:
            return self.current.pending()
        return f"round {self.seating.round_number}: `{self.game.opening.usage}`"

    def offered_words(self) -> list[str]:
        """The game's between-rounds bets and night-long words that this night's preset offers
        (`pp` where Perfect Pairs pays, `bingo` where there is a Bingo table)."""
        preset, side = self.seating.preset, self.seating.side
        words = side.words() if side is not None else {}
        return [w for w, said in words.items() if said.offered is not None and said.offered(preset)]

    def _round_line(self, word: str, action_cls: type[Action[Any]], args: list[str]) -> Done:
        started = self.current is None
        if started:
            if action_cls is not self.game.opening:
                opening = self.game.opening
                raise RuleError(
                    f"the round starts with `{opening.usage}` ({opening.help}), before `{word}`"
                )
            self._start_round()
        rnd = self.current
        assert rnd is not None
        try:
            text = rnd.play(action_cls, args, self.resolve)
        except RuleError:
            if started:
                self.current = None
            raise
        if rnd.done:
            self._finish_round(rnd)
            return Done("settled", text, self.rounds[-1])
        return Done("play", text)

    def _start_round(self) -> None:
        s = self.seating
        stakes: dict[str, int] = {}
        for name in s.active():
            if name == s.dealer:
                continue
            stake = s.stake_of(name)
            if stake is None:
                raise RuleError(
                    f"no stake for {name}: set one first (stake 10, or stake {name} 10)"
                )
            stakes[name] = stake
        from banluck.table.round import Round  # what a round being dealt needs

        self.current = Round(self._table(s, stakes), self.game)

    def _next_table(self, s: Seating) -> Table | None:
        """The table the next round would be dealt with, the seats without a stake left out
        (None when nobody has a stake)."""
        stakes = {n: v for n in s.seats if n != s.dealer and (v := s.stake_of(n)) is not None}
        return self._table(s, stakes) if stakes else None

    def _table(self, s: Seating, stakes: dict[str, int]) -> Table:
        side = s.side.round_bets(stakes) if s.side is not None else None
        return Table(s.preset, s.dealer, stakes, side=side, typed=self.typed, seats=s.seats)

    def _check_bets(self, before: Seating) -> None:
        """The side's limits on the next round's bets (casino: limits.bank)."""
        side = self.seating.side
        if side is not None and (after := self._next_table(self.seating)) is not None:
            side.check(after, self._next_table(before))

    def _finish_round(self, rnd: Round[Any]) -> None:
        transfers = tuple(rnd.transfers())
        state = rnd.state
        kinds = state.kinds()
        table_before = self._table_before()
        after = self.seating.side
        if after is not None:  # the side after the round (Bingo marks)
            after, marks = after.after_round(state, state.dealer)
            transfers += tuple(marks)
        finished = FinishedRound(
            number=self.seating.next_round,
            dealer=state.dealer,
            stakes=dict(rnd.table.stakes),
            lines=tuple(rnd.lines()),
            transfers=transfers,
            kinds=kinds,
            ended=state.ended,
            side=rnd.table.side,
            table_before=table_before,
            counted=self.seating.round_number,
        )
        self.current = None
        s = replace(self.seating, next_round=self.seating.next_round + 1, side=after)
        # a round the same dealer deals again (its cards redealt) is not a round dealt
        if finished.ended not in self.game.redealt:
            dealt = s.dealt + 1
            won = s.won + (1 if finished.nets().get(s.dealer, 0) > 0 else 0)
            s = replace(s, dealt=dealt, won=won)
            if s.preset.rotation.passes(dealt, won):
                s, closes = self._bank_passes(s)  # the money it closes is the last round's
                finished = replace(finished, transfers=finished.transfers + tuple(closes))
                s = _pass_deal(s)
        self._record(finished)
        self.seating = s

    def _bank_passes(self, s: Seating) -> tuple[Seating, list[Transfer]]:
        """The bank passes: what the side closes then (Bingo cards); the seating after it, and
        the money that closing moves."""
        if s.side is None:
            return s, []
        after, closes = s.side.bank_passes(s)
        return replace(s, side=after), closes

    # -- night words ----------------------------------------------------------------------------
    def _stake(self, args: list[str]) -> None:
        # `stake all N` is every seat's stake (own stakes cleared): what a typed `stake N` is
        # stored as, and what `stake N` means in a log of version 2. Elsewhere a stored `stake N`
        # keeps the meaning banluck 0.1 gave it (the stake of the seats without their own), so
        # old nights replay as they were played.
        s = self.seating
        if self.version >= 2 and len(args) == 1:
            args = ["all", *args]
        if len(args) == 1:
            self.seating = replace(s, default_stake=rule_amount(args[0], "stake"))
        elif len(args) != 2:
            raise RuleError("usage: stake AMOUNT (everyone), or stake NAME AMOUNT")
        elif args[0].lower() in EVERYONE:
            amount = rule_amount(args[1], "stake")
            # every seat's stake, and every betting spot's of the side (`stake Bob:2`) with it
            side = s.side.with_stake(None, amount) if s.side is not None else None
            self.seating = replace(s, default_stake=amount, stakes=(), side=side)
        elif (spot := self._spot(args[0])) is not None:
            assert s.side is not None
            self.seating = replace(s, side=s.side.with_stake(spot, rule_amount(args[1], "stake")))
        else:
            name = self._stake_name(args[0])
            stakes = {**dict(s.stakes), name: rule_amount(args[1], "stake")}
            self.seating = replace(s, stakes=tuple(sorted(stakes.items())))

    def _round(self, args: list[str]) -> None:
        if args:
            raise RuleError("round takes no arguments")
        if self.current is None:
            self._start_round()

    def _pass(self, args: list[str]) -> None:
        if args:
            raise RuleError("pass takes no arguments: the deal goes to the next seat")
        passed, closes = self._bank_passes(self.seating)
        if closes:  # a settlement between rounds of its own
            assert passed.side is not None
            self._settle_between_rounds(passed.side, closes, "pass", "pass")
        else:
            self.seating = passed
        self.seating = _pass_deal(self.seating)

    def _seat(self, args: list[str]) -> None:
        usage = "usage: seat NAME [NAME...] [after NAME]"
        if not args:
            raise RuleError(usage)
        seats = list(self.seating.seats)
        at = len(seats)
        if len(args) >= 2 and args[-2].lower() == "after":
            at = seats.index(self._seated(args[-1])) + 1
            args = args[:-2]
        if not args or any(name.lower() == "after" for name in args):
            raise RuleError(usage)
        for name in args:
            check_name(name)
            if any(s.lower() == name.lower() for s in seats):
                raise RuleError(f"{name} is already seated")
            seats.insert(at, name)
            at += 1
            self.balances.setdefault(name, 0)
        self.seating = replace(self.seating, seats=tuple(seats))

    def _sit(self, args: list[str]) -> None:
        """`sit NAME...`: they stay seated but are dealt no hand; a dealer who sits out passes
        the deal to the next seat in play."""
        if not args:
            raise RuleError("usage: sit NAME [NAME...]: they sit out until `back NAME`")
        s = self.seating
        for raw in args:
            name = self._seated(raw)
            if name in s.out:
                raise RuleError(f"{name} is already sitting out: `back {name}` brings them back")
            out = (*s.out, name)
            if len([n for n in s.seats if n not in out]) < 2:
                raise RuleError(
                    f"{name} cannot sit out: a round needs a dealer and a player in play"
                )
            s = replace(s, out=out)
            if name == s.dealer:
                s = _pass_deal(s)
        self.seating = s

    def _back(self, args: list[str]) -> None:
        if not args:
            raise RuleError("usage: back NAME [NAME...]: they are dealt in again")
        s = self.seating
        for raw in args:
            name = self._seated(raw)
            if name not in s.out:
                raise RuleError(f"{name} is not sitting out: `sit {name}` sits them out")
            s = replace(s, out=tuple(n for n in s.out if n != name))
        self.seating = s

    def _seated(self, raw: str) -> str:
        """The seat a name of a night word is (between rounds: `dealer` is the dealer's)."""
        name = self.resolve(raw)
        return self.seating.dealer if name == DEALER else name

    def _leave(self, args: list[str]) -> None:
        if not args:
            raise RuleError("usage: leave NAME [NAME...]")
        s = self.seating
        for raw in args:
            name = self.resolve(raw)
            if name == DEALER:
                raise RuleError("usage: leave NAME: name the person who leaves")
            why = s.side.holds(name, s.dealer) if s.side is not None else None
            if why is not None:
                raise RuleError(why)
            seats = [x for x in s.seats if x != name]
            if len(seats) < 2:
                raise RuleError(f"{name} cannot leave: a table needs at least two seats")
            out = tuple(n for n in s.out if n != name)
            if len([n for n in seats if n not in out]) < 2:
                raise RuleError(
                    f"{name} cannot leave: a round needs a dealer and a player in play"
                    " (bring someone back first)"
                )
            if s.side is not None:  # the leaver's side bets, boxes and bets behind
                s = replace(s, side=s.side.leaving(s, name))
            if name == s.dealer:
                s = _pass_deal(s)
            stakes = tuple((k, v) for k, v in s.stakes if k != name)
            s = replace(s, seats=tuple(seats), stakes=stakes, out=out)
        self.seating = s

    def _stake_name(self, name: str) -> str:
        """The seat a stake is for; a name that is neither a seat nor one of the game's betting
        spots is refused, listing both."""
        try:
            return self.resolve(name)
        except RuleError:
            side = self.seating.side
            if side is None or close_to(name, self.seating.seats) is not None:
                raise
            spots = ", ".join(side.spots(self.seating)) or "none yet"
            raise RuleError(
                f"{name} is neither a seat nor a betting spot of this table"
                f" (seats: {', '.join(self.seating.seats)}; other spots: {spots})"
            ) from None

    def _spot(self, name: str) -> str | None:
        """A betting spot of the game that is not a seat (`Bob:2`), as the game spells it."""
        side = self.seating.side
        if side is None:
            return None
        return next((x for x in side.spots(self.seating) if x.lower() == name.lower()), None)

    def _rule(self, args: list[str]) -> None:
        raise RuleError("`rule` lines come right after the `night` line, before anything else")

    def _night(self, args: list[str]) -> None:
        raise RuleError("`night` starts a log and comes once, on its first line")


def changes(
    before: Seating, after: Seating, balances: Mapping[str, int] | None = None
) -> str | None:
    """One line saying what changed at the table between two seatings (stakes, seats, the
    deal), e.g. `Bob's stake is now 20` or `the deal passes to Bob`; None when nothing did.
    With tonight's `balances`, one who leaves is said with what he owes or is owed
    (`Dave leaves the table, owing 110`)."""
    said: list[str] = []
    came = [n for n in after.seats if n not in before.seats]
    went = [n for n in before.seats if n not in after.seats]
    for name in came:
        stake = after.stake_of(name)
        at = after.seats.index(name)
        place = f" after {after.seats[at - 1]}" if at < len(after.seats) - 1 else ""
        said.append(f"{name} sits down{place}" + (f" at {stake}" if stake is not None else ""))
    if balances is None:
        said += _names(went, "leaves the table", "leave the table")
    else:
        said += [f"{n} leaves the table{_owing(balances.get(n, 0))}" for n in went]
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
    said += _names([n for n in after.out if n not in before.out], "sits out", "sit out")
    back = [n for n in before.out if n not in after.out and n in after.seats]
    said += _names(back, "is back in", "are back in")
    if before.dealer != after.dealer:
        said.append(f"the deal passes to {after.dealer}")
    if after.side is not None and before.side is not None:  # the side's bets (`pp`, `behind`)
        said += after.side.changes(before.side, before.seats, after.seats)
    return "; ".join(said) if said else None


def _owing(balance: int) -> str:
    """`, owing 110`, `, owed 20`, or nothing for one who is even."""
    if balance < 0:
        return f", owing {-balance}"
    return f", owed {balance}" if balance else ""


def _names(names: Sequence[str], one: str, many: str) -> list[str]:
    """[`Bob sits out`], [`Bob and Carol sit out`]: the names, then what one or many do; []
    for nobody."""
    if len(names) < 2:
        return [f"{name} {one}" for name in names]
    return [f"{', '.join(names[:-1])} and {names[-1]} {many}"]


def _pass_deal(s: Seating) -> Seating:
    return replace(s, dealer=_next_seat(s.seats, s.dealer, s.out), dealt=0, won=0)


_NIGHT_WORDS = {
    "stake": Night._stake,
    "round": Night._round,
    "pass": Night._pass,
    "seat": Night._seat,
    "leave": Night._leave,
    "sit": Night._sit,
    "back": Night._back,
    "night": Night._night,
    "rule": Night._rule,
}
NIGHT_WORDS = tuple(_NIGHT_WORDS)
