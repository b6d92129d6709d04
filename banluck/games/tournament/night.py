"""A tournament night: its first line, its stacks and eliminations, replayed from its lines.

The night is its list of lines (`bet`, `secret`, the casino words, `undo`) after the first line
`tournament PRESET Ann Ben Cid Dee buy-in 20 chips 1000`; its state is never stored but replayed,
so a closed terminal loses nothing that was typed. A hand, the bets, the stacks out and the
cut-offs: docs/tournament.md, "A hand".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate, groupby
from typing import Any

from banluck.core.errors import RuleError
from banluck.core.money import nets, rule_amount
from banluck.core.suggest import mean, unknown_word
from banluck.games.casino.family import CASINO
from banluck.games.casino.preset import Preset
from banluck.games.casino.settlement import check_stake
from banluck.games.casino.state import RoundState
from banluck.games.tournament.rules import check_start, lowest, prizes
from banluck.table.action import DEALER, Action
from banluck.table.game import HelpRow
from banluck.table.kind import Done, Prize
from banluck.table.line import Line
from banluck.table.round import Round
from banluck.table.seating import Table, seating_for

START_WORD = "tournament"
USAGE = "tournament PRESET NAME NAME... buy-in N chips N"
EXAMPLE = "tournament tournament Ann Ben Cid Dee buy-in 20 chips 1000"
BET_WORDS = ("bet", "secret")
ALIASES = {**CASINO.aliases, "u": "undo"}
ORDINALS = ("1st", "2nd", "3rd")

# What `help` lists at a tournament: a line's example and its meaning (no aliases shown).
HELP = (
    HelpRow("bet Ann 100", "", "Ann's bet this hand (in turn, from the first bettor)"),
    HelpRow("secret Ann 300", "", "a hidden bet: one a player between cut-offs"),
    HelpRow("up 6", "", "the dealer's up card: starts the hand once every bet is in"),
    HelpRow("deal Ann 10 7", "", "a box's first two cards"),
    HelpRow("hit Ann 5 | stand Ann", "", "a card to a hand | the hand stands"),
    HelpRow("double Ann 9 | split Ann", "", "double, one card | split a pair"),
    HelpRow("even | insure | surrender", "", "as at a casino night"),
    HelpRow("peek | hole K | draw 5", "", "the dealer's peek, hole card and draws"),
    HelpRow("undo", "", "take back the last line (and the prizes, after the last hand)"),
    HelpRow("help | quit", "", "this list | leave (everything is already stored)"),
)


def place(n: int) -> str:
    return ORDINALS[n - 1] if n <= len(ORDINALS) else f"{n}th"


@dataclass(frozen=True, slots=True)
class Start:
    """The first line: the preset, the players in seat order, the buy-in and the chips each."""

    preset: Preset
    seats: tuple[str, ...]
    buy_in: int
    chips: int

    def line(self) -> str:
        names = " ".join(self.seats)
        return f"{START_WORD} {self.preset.name} {names} buy-in {self.buy_in} chips {self.chips}"

    @property
    def pool(self) -> int:
        return self.buy_in * len(self.seats)


def parse_start(args: Sequence[str]) -> tuple[str, list[str], int, int]:
    """`PRESET Ann Ben ... buy-in 20 chips 1000` (the words after `tournament`) as the preset's
    name, the seats, the buy-in and the chips."""
    words = list(args)
    lower = [w.lower() for w in words]
    usage = f"usage: {USAGE}, e.g. {EXAMPLE}"
    if "buy-in" not in lower or "chips" not in lower:
        raise RuleError(usage)
    at, chips_at = lower.index("buy-in"), lower.index("chips")
    if chips_at != at + 2 or len(words) != chips_at + 2 or at < 3:
        raise RuleError(usage)
    buy_in = rule_amount(words[at + 1], "buy-in", "20")
    chips = rule_amount(words[chips_at + 1], "chips", "1000")
    return words[0], words[1:at], buy_in, chips


def start_for(preset: object, seats: Sequence[str], buy_in: int, chips: int) -> Start:
    """The checked first line: a casino preset with sound tournament knobs, good names."""
    checked = check_start(preset, seats, buy_in, chips)
    seating_for(checked, seats)  # names: one word each, none twice
    return Start(checked, tuple(seats), buy_in, chips)


@dataclass(frozen=True, slots=True)
class Out:
    """A player eliminated after hand `hand`, and why."""

    name: str
    hand: int
    reason: str


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand played: its bets (in betting order), the secret ones, its casino lines, each
    player's chips won (+) or lost (-), the dealer's side of them, and the stacks after it."""

    number: int
    bets: dict[str, int]
    secret: frozenset[str]
    lines: tuple[str, ...]
    chips: dict[str, int]
    dealer: int
    stacks: dict[str, int]


@dataclass(slots=True)
class Tournament:
    """The tournament's state after its lines; `do_line` applies one, `undo` removes the last."""

    start: Start
    lines: list[str] = field(default_factory=list)
    stacks: dict[str, int] = field(init=False)
    out: list[Out] = field(init=False)
    hands: list[Hand] = field(init=False)
    history: list[dict[str, int]] = field(init=False)  # the stacks after hand k (0: the start)
    first: str = field(init=False)  # the first bettor of the hand being bet or played
    bets: dict[str, int] = field(init=False)
    secret: set[str] = field(init=False)
    secrets: dict[str, int] = field(init=False)  # who made his secret bet, in which stretch
    current: Round[RoundState] | None = field(init=False)

    def __post_init__(self) -> None:
        """The state from the first line, then every line replayed (again after `undo`)."""
        seats = self.start.seats
        lines, self.lines = list(self.lines), []
        self.stacks = {name: self.start.chips for name in seats}
        self.out, self.hands, self.history = [], [], [dict(self.stacks)]
        self.first = seats[0]
        self.bets, self.secret, self.secrets = {}, set(), {}
        self.current = None
        for line in lines:
            self.do_line(line)

    # -- what the night is now ------------------------------------------------------------------
    @property
    def preset(self) -> Preset:
        return self.start.preset

    @property
    def number(self) -> int:
        """The hand being bet or played (1 for the first)."""
        return len(self.hands) + 1

    def is_out(self, name: str) -> Out | None:
        return next((gone for gone in self.out if gone.name == name), None)

    @property
    def still_in(self) -> list[str]:
        gone = {o.name for o in self.out}
        return [n for n in self.start.seats if n not in gone]

    @property
    def over(self) -> bool:
        return len(self.hands) >= self.preset.tournament.hands or len(self.still_in) <= 1

    def order(self) -> list[str]:
        """This hand's betting order: the players still in, from the first bettor."""
        players = self.still_in
        at = players.index(self.first) if self.first in players else 0
        return players[at:] + players[:at]

    def next_bettor(self) -> str | None:
        if self.over or self.current is not None:
            return None
        return next((n for n in self.order() if n not in self.bets), None)

    def stretch(self) -> int:
        """Which stretch between cut-offs this hand is in (0 before the first cut-off)."""
        return sum(1 for c in self.preset.tournament.cutoffs if c < self.number)

    def next_cutoff(self) -> int | None:
        """The hand after which the next cut-off comes, None when there is none left."""
        return next((c for c in self.preset.tournament.cutoffs if c >= self.number), None)

    def standings(self) -> list[list[str]]:
        """The players best first, in groups of those tied: those still in by stack, then those
        out, the last out first; those out after the same hand by stack (a cut-off's loser had
        at least the minimum bet, so he ranks above those out under it)."""
        rank: dict[str, tuple[int, ...]] = {n: (0, -self.stacks[n]) for n in self.still_in}
        rank |= {o.name: (1, -o.hand, -self.stacks[o.name]) for o in self.out}
        ordered = sorted(rank, key=rank.__getitem__)  # stable: seat order, then order out
        return [list(group) for _, group in groupby(ordered, key=rank.__getitem__)]

    def prizes(self) -> dict[str, int]:
        """The prizes from the pool, once the tournament is over ({} before)."""
        if not self.over:
            return {}
        section = self.preset.tournament
        return prizes(self.start.pool, section.prizes, self.standings(), self.start.seats)

    def hidden(self) -> set[str]:
        """The secret bets not yet settled: shown as hidden."""
        if self.current is None:
            return set(self.secret)
        boxes = self.current.state.players
        return {n for n in self.secret if n not in boxes or not boxes[n].settled}

    def pending(self) -> str:
        """What the night waits for, in a few words."""
        if self.over:
            return "the tournament is over: close the night with `banluck night close`"
        bettor = self.next_bettor()
        if bettor is not None:
            return f"{bettor} to bet (bet {bettor} AMOUNT, or secret {bettor} AMOUNT)"
        if self.current is None:
            return f"hand {self.number}: the dealer's up card (up CARD)"
        return self.current.pending()

    def paid(self) -> tuple[Prize, ...]:
        """The prizes with their places (`1st place (tied)`), best first; () before the end."""
        won = self.prizes()
        return tuple(
            Prize(name, won[name], f"{place(at)} place" + (" (tied)" if len(group) > 1 else ""))
            for at, group in self.placed()
            for name in group
            if name in won
        )

    def placed(self) -> list[tuple[int, list[str]]]:
        """The standings with each group's place: tied players share one."""
        groups = self.standings()
        return list(zip(accumulate(map(len, groups), initial=1), groups, strict=False))

    # -- what a night kind answers (banluck.table.kind.NightKind) --------------------------------
    @property
    def record_key(self) -> str | None:
        """Its start and lines are kept in the night record's `table.tournament`."""
        return START_WORD

    def aliases(self) -> dict[str, str]:
        return dict(ALIASES)

    def all_words(self) -> list[str]:
        return sorted({*BET_WORDS, *CASINO.words, "undo"})

    def words_now(self) -> list[str]:
        return self.all_words()

    def names_for(self, word: str, position: int) -> list[str]:
        return self.still_in

    def help_rows(self) -> tuple[HelpRow, ...]:
        return HELP

    def news(self) -> list[tuple[str, str]]:
        """After the line that ended a hand: the chips it moved and who is out after it."""
        if not self.hands or self.current is not None or self.bets:
            return []
        last = self.hands[-1]
        moved = ", ".join(f"{n} {c:+d}" for n, c in last.chips.items())
        out = [
            (f"{o.name} is out: {o.reason}", "yellow") for o in self.out if o.hand == last.number
        ]
        return [(f"hand {last.number}: {moved} (dealer {last.dealer:+d})", "green"), *out]

    # -- lines ----------------------------------------------------------------------------------
    def do_line(self, line: Line | str) -> Done:
        """Apply one line (typed, or read here); say what it did, the line as the night log
        stores it. The line that ends the tournament pays the prizes; `undo` after it takes them
        back. Nothing changes on error."""
        typed = line if isinstance(line, Line) else Line.read(line, ALIASES)
        word, args = typed.word, list(typed.args)
        if not word:
            raise RuleError("an empty line: type a word such as `bet Ann 100` (see `help`)")
        was_over = self.over
        if word == "undo":
            if args:
                raise RuleError("undo takes no words after it: type `undo` alone")
            paid = self.paid() if was_over else ()
            return Done("undo", self.undo(), prizes=paid)
        stored = self._do(word, args)  # each word checks everything before it changes anything
        self.lines.append(stored)
        if self.over and not was_over:
            return Done("settled", stored, prizes=self.paid())
        return Done("play", stored)

    def undo(self) -> str:
        """Remove the last line (the state is replayed without it); return it."""
        if not self.lines:
            raise RuleError("nothing to undo: no line has been played since the first")
        last = self.lines.pop()
        self.__post_init__()
        return last

    def _do(self, word: str, args: list[str]) -> str:
        if word == START_WORD:
            raise RuleError("`tournament` starts a night log and comes once, on its first line")
        if self.over:
            raise RuleError(f"the tournament is over after hand {len(self.hands)}: no more lines")
        if word in BET_WORDS:
            return self._bet(args, secret=word == "secret")
        action_cls = CASINO.words.get(word)
        if action_cls is None:
            raise RuleError(unknown_word(word, self.all_words()))
        return self._play(word, action_cls, args)

    def resolve(self, name: str) -> str:
        """A player's name as seated, matched without regard to case (`dealer` stays)."""
        if name.lower() == DEALER:
            return DEALER
        for seat in self.start.seats:
            if seat.lower() == name.lower():
                return seat
        hint = mean(name, self.start.seats, f"players: {', '.join(self.start.seats)}")
        raise RuleError(f"{name} does not play in this tournament: {hint}")

    def _bet(self, args: list[str], secret: bool) -> str:
        word = "secret" if secret else "bet"
        if len(args) != 2:
            raise RuleError(f"usage: {word} NAME AMOUNT, e.g. {word} Ann 100")
        name = self.resolve(args[0])
        gone = self.is_out(name)
        if gone is not None:
            raise RuleError(f"{name} is out (after hand {gone.hand}: {gone.reason})")
        if self.current is not None:
            raise RuleError(
                f"cannot bet {name}: hand {self.number} is being played ({self.current.pending()})"
            )
        if name in self.bets:
            raise RuleError(f"{name} has bet this hand already: `undo` takes a bet back")
        bettor = self.next_bettor()
        if bettor != name:
            raise RuleError(
                f"{bettor} bets before {name} this hand (the first bettor is {self.first}):"
                f" bet {bettor} AMOUNT"
            )
        amount = rule_amount(args[1], "bet", "100")
        section = self.preset.tournament
        if amount < section.min_bet:
            raise RuleError(
                f"bet {amount} is under the minimum bet {section.min_bet} (tournament.min_bet)"
            )
        if amount > section.max_bet:
            raise RuleError(
                f"bet {amount} is over the maximum bet {section.max_bet} (tournament.max_bet)"
            )
        if amount > self.stacks[name]:
            raise RuleError(f"{name} has {self.stacks[name]} chips: bet {amount} is more")
        check_stake(name, amount, self.preset, "bet")
        if secret:
            stretch = self.stretch()
            if self.secrets.get(name) == stretch:
                raise RuleError(
                    f"{name} has made the secret bet of this stretch already: one a player"
                    f" between cut-offs ({self._stretch_text(stretch)})"
                )
            self.secrets[name] = stretch
            self.secret.add(name)
        self.bets[name] = amount
        return f"{word} {name} {amount}"

    def _stretch_text(self, stretch: int) -> str:
        cutoffs = list(self.preset.tournament.cutoffs)
        first = cutoffs[stretch - 1] + 1 if stretch else 1
        last = cutoffs[stretch] if stretch < len(cutoffs) else self.preset.tournament.hands
        return f"hands {first} to {last}"

    def _play(self, word: str, action_cls: type[Action[Any]], args: list[str]) -> str:
        bettor = self.next_bettor()
        if bettor is not None:
            raise RuleError(
                f"every player still in bets before the cards: {bettor} is next"
                f" (bet {bettor} AMOUNT)"
            )
        rnd = self.current
        if rnd is None:
            if action_cls is not CASINO.opening:
                raise RuleError(
                    f"hand {self.number} starts with `{CASINO.opening.usage}`, before `{word}`"
                )
            rnd = Round(Table(self.preset, DEALER, dict(self.bets)), CASINO)
        typed = " ".join([word, *args])
        stored = rnd.play(action_cls, args, self.resolve, lambda: self._check_risk(rnd, typed))
        self.current = rnd
        if rnd.done:
            self._finish(rnd)
        return stored

    def _check_risk(self, rnd: Round[RoundState], line: str) -> None:
        """A double, a split or insurance needs the chips: everything on a box counts against
        the stack it had before the hand."""
        for box in rnd.state.players.values():
            risk = sum(h.bet for h in box.hands) + box.insurance
            stack = self.stacks[box.name]
            if risk > stack:
                raise RuleError(
                    f"cannot `{line}`: {box.name} would have {risk} on the hand and has"
                    f" {stack} chips"
                )

    def _finish(self, rnd: Round[RoundState]) -> None:
        moved = nets(rnd.transfers())
        chips = {name: moved.get(name, 0) for name in self.bets}
        for name, change in chips.items():
            self.stacks[name] += change
        number = self.number
        self.hands.append(
            Hand(
                number=number,
                bets=dict(self.bets),
                secret=frozenset(self.secret),
                lines=tuple(rnd.lines()),
                chips=chips,
                dealer=moved.get(DEALER, 0),
                stacks=dict(self.stacks),
            )
        )
        section = self.preset.tournament
        under = [
            Out(name, number, f"stack {self.stacks[name]} under the minimum bet {section.min_bet}")
            for name in self.still_in
            if self.stacks[name] < section.min_bet
        ]
        self.out += under
        players = self.still_in
        if number in section.cutoffs and not under and len(players) > 1:
            # a stack that went under the minimum bet in this hand was the lowest: the cut-off
            # takes nobody else
            stacks = {n: self.stacks[n] for n in players}
            loser, tie = lowest(stacks, self.history, list(self.bets))
            why = f"lowest stack {stacks[loser]} at the cut-off after hand {number}"
            self.out.append(Out(loser, number, f"{why} ({tie})" if tie else why))
        self.history.append(dict(self.stacks))
        self.first = self._after(self.first)
        self.bets, self.secret, self.current = {}, set(), None

    def _after(self, name: str) -> str:
        """The next seat still in after `name`, in seat order."""
        seats = self.start.seats
        at = seats.index(name) + 1
        return next((s for s in seats[at:] + seats[:at] if self.is_out(s) is None), name)

    def log(self) -> str:
        """The whole night log: the first line and every line since."""
        return "\n".join([self.start.line(), *self.lines]) + "\n"
