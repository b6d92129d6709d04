"""A round is its list of actions. State, undo and the settlement are computed from that list.

Generic over the game: the game gives the fresh state, the actions and the transfers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from banluck.core.errors import RuleError
from banluck.core.money import Transfer, nets
from banluck.table.action import Action
from banluck.table.game import Game, S
from banluck.table.seating import Table


@dataclass(slots=True)
class Round(Generic[S]):
    """One round of a game `game`: `table` plus the actions done so far. `state` is always the
    replay of `actions`."""

    table: Table
    game: Game[S]
    actions: list[Action[S]] = field(default_factory=list)
    state: S = field(init=False)

    def __post_init__(self) -> None:
        actions, self.actions = self.actions, []
        self.state = self.game.new_state(self.table)
        for action in actions:
            self.do(action)

    # The trio of every action: verify raises a sentence, can answers yes/no, do changes state.
    def verify(self, action: Action[S]) -> None:
        if self.state.done:
            raise RuleError(f"cannot {action.line()}: the round is over")
        action.verify(self.state)

    def can(self, action: Action[S]) -> bool:
        return not self.state.done and action.can(self.state)

    def do(self, action: Action[S]) -> Action[S]:
        self.verify(action)
        action.apply(self.state)
        self.actions.append(action)
        return action

    def play(
        self,
        cls: type[Action[S]],
        args: Sequence[str],
        resolve: Callable[[str], str],
        check: Callable[[], None] | None = None,
    ) -> str:
        """Do the actions one typed line stands for (`cls.expand`), all or none: a refusal of
        one, or of `check` after them, undoes the others. The line as stored: names as seated,
        cards as codes (`stand all` names them)."""
        done: list[Action[S]] = []
        try:
            for action in cls.expand(args, self.state, resolve):
                done.append(self.do(action))
            if check is not None:
                check()
        except RuleError:
            for _ in done:
                self.undo()
            raise
        return cls.spell(done) or " ".join([cls.word, *args])

    def undo(self) -> Action[S]:
        """Remove the last action; the state is replayed from the rest."""
        if not self.actions:
            raise RuleError("nothing to undo in this round")
        last = self.actions[-1]
        self.state = self.game.new_state(self.table)
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
        out = self.game.transfers(self.state)
        total = sum(nets(out).values())
        if total != 0:  # pragma: no cover - guarded by construction
            raise AssertionError(f"round transfers net to {total}, not zero")
        return out

    def pending(self) -> str:
        return self.state.pending()

    def lines(self) -> list[str]:
        return [a.line() for a in self.actions]


def replay(table: Table, actions: Iterable[Action[Any]], game: Game[Any]) -> Round[Any]:
    return Round(table, game, list(actions))
