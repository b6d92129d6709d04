"""A round is its list of actions. State, undo and the settlement are computed from that list."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from banluck.errors import RuleError
from banluck.preset import Preset
from banluck.round.actions import Action
from banluck.round.family import Family
from banluck.round.state import RoundState
from banluck.round.transfers import Transfer, nets


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits at a round: the dealer, the players in seat order, and each player's stake."""

    preset: Preset
    dealer: str
    stakes: Mapping[str, int]  # player -> stake, in seat order

    def __post_init__(self) -> None:
        if not self.stakes:
            raise RuleError("a round needs at least one player besides the dealer")
        if self.dealer in self.stakes:
            raise RuleError(f"{self.dealer} cannot deal and play in the same round")
        for name, stake in self.stakes.items():
            if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
                raise RuleError(f"{name}'s stake must be a whole number above 0, not {stake!r}")


def _ban_luck() -> Family:
    from banluck.round.banluck_family import BAN_LUCK

    return BAN_LUCK


@dataclass(slots=True)
class Round:
    """One round: `table` plus the actions done so far. `state` is always the replay of `actions`."""

    table: Table
    actions: list[Action] = field(default_factory=list)
    family: Family = field(default_factory=_ban_luck)
    state: RoundState = field(init=False)

    def __post_init__(self) -> None:
        actions, self.actions = self.actions, []
        self.state = self.family.new_state(self.table)
        for action in actions:
            self.do(action)

    # The trio of every action: verify raises a sentence, can answers yes/no, do changes state.
    def verify(self, action: Action) -> None:
        if self.state.done:
            raise RuleError(f"cannot {action.line()}: the round is over")
        action.verify(self.state)

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except RuleError:
            return False
        return True

    def do(self, action: Action) -> Action:
        self.verify(action)
        action.apply(self.state)
        self.actions.append(action)
        return action

    def undo(self) -> Action:
        """Remove the last action; the state is replayed from the rest."""
        if not self.actions:
            raise RuleError("nothing to undo in this round")
        last = self.actions[-1]
        self.state = self.family.new_state(self.table)
        rest, self.actions = self.actions[:-1], []
        for action in rest:
            self.do(action)
        return last

    @property
    def done(self) -> bool:
        return self.state.done

    def transfers(self) -> list[Transfer]:
        """The round's transfers; only for a finished round."""
        if not self.done:
            raise RuleError(f"the round is not finished: {self.pending()}")
        out = self.family.transfers(self.state)
        total = sum(nets(out).values())
        if total != 0:  # pragma: no cover - guarded by construction
            raise AssertionError(f"round transfers net to {total}, not zero")
        return out

    def pending(self) -> str:
        s = self.state
        if s.phase == "deal":
            return "the dealer's two cards are not entered"
        waiting = s.waiting_for()
        if waiting:
            return "; ".join(waiting)
        closed = ", ".join(p.name for p in s.open_players())
        return f"still to be opened: {closed}"

    def lines(self) -> list[str]:
        return [a.line() for a in self.actions]


def replay(table: Table, actions: Iterable[Action], family: Family | None = None) -> Round:
    return Round(table, list(actions), family or _ban_luck())
