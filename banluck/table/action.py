"""The base of every table action, whatever the game: a frozen record with a night-log spelling.

Every action class has `verify(state)` (raises RuleError with a sentence naming the rule and the
state) and `apply(state)` (changes the state; called only after verify). `Round` adds the `can` of
the trio. A game is a vocabulary of such classes over its own round state `S`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from banluck.core.cards import Card, check_deck, parse_cards
from banluck.core.errors import BanluckError, RuleError
from banluck.table.line import DEALER as DEALER  # the actions' word for the dealer's seat

S = TypeVar("S")


class Action(Generic[S]):
    """Base of every round action, generic in the round state `S` of its game."""

    word: ClassVar[str] = ""
    usage: ClassVar[str] = ""
    help: ClassVar[str] = ""
    takes_name: ClassVar[bool] = False  # the first argument names a player (or `dealer`)
    takes_names: ClassVar[bool] = False  # every argument names a player (`stand Bob Carol`)

    def verify(self, state: S) -> None:
        raise NotImplementedError

    def apply(self, state: S) -> None:
        raise NotImplementedError

    def can(self, state: S) -> bool:
        """Whether `verify` lets it be done now."""
        try:
            self.verify(state)
        except RuleError:
            return False
        return True

    def line(self) -> str:
        """The night-log line that reads back as this action."""
        raise NotImplementedError

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[Any]:
        raise NotImplementedError

    @classmethod
    def expand(
        cls, args: Sequence[str], state: S, resolve: Callable[[str], str]
    ) -> list[Action[Any]]:
        """The actions one typed line stands for (most lines are one action; `stand all` is
        several). Names are resolved against the table with `resolve`."""
        if args and cls.takes_name:
            args = [resolve(args[0]), *args[1:]]
        return [cls.parse(args)]

    @classmethod
    def spell(cls, actions: Sequence[Action[Any]]) -> str:
        """The stored spelling of the actions one typed line became ("" when there is none)."""
        return actions[0].line() if len(actions) == 1 else ""


class BareAction(Action[S]):
    """An action with no arguments: `void`, `stop`."""

    def line(self) -> str:
        return self.word

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[Any]:
        if args:
            raise RuleError(f"{cls.word} takes no arguments")
        return cls()


@dataclass(frozen=True, slots=True)
class NamedAction(Action[S]):
    """An action on one person: `stand Carol`, `forfeit Uma`."""

    name: str
    takes_name: ClassVar[bool] = True

    def line(self) -> str:
        return f"{self.word} {self.name}"

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[Any]:
        if len(args) != 1:
            raise RuleError(f"usage: {cls.usage}")
        return cls(args[0])

    @classmethod
    def spell(cls, actions: Sequence[Action[Any]]) -> str:
        """A line that named several (`takes_names`: `stand Bob Carol`, `stand all`) is stored
        with every name it stood for."""
        if len(actions) == 1 or not cls.takes_names:
            return super(NamedAction, cls).spell(actions)  # slots: super() names its class
        return f"{cls.word} " + " ".join(a.line().split()[1] for a in actions)


@dataclass(frozen=True, slots=True)
class NamedCardsAction(Action[S]):
    """An action on one person with his cards, optional where the rules allow: `run Tom 8 7`."""

    name: str
    cards: tuple[Card, ...]
    takes_name: ClassVar[bool] = True
    least: ClassVar[int] = 0  # the fewest cards a line names (fewer: its usage)

    def line(self) -> str:
        return f"{self.word} {self.name}" + (f" {cards_text(self.cards)}" if self.cards else "")

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[Any]:
        if len(args) < 1 + cls.least:
            raise RuleError(f"usage: {cls.usage}")
        return cls(args[0], parse_cards(args[1:]))


@dataclass(frozen=True, slots=True)
class CardAction(Action[S]):
    """An action of one card and no name, the dealer's: `up 7`, `hole K`, `draw 5`."""

    card: Card
    one_card: ClassVar[str] = ""  # the refusal of a line without exactly one card ("": usage)

    def line(self) -> str:
        return f"{self.word} {self.card.code()}"

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[Any]:
        return cls(_one_card(cls, args))


@dataclass(frozen=True, slots=True)
class NamedCardAction(Action[S]):
    """An action on one hand with one card: `hit Bob 5`, `double Bob 9`."""

    name: str
    card: Card
    takes_name: ClassVar[bool] = True
    usage_note: ClassVar[str] = ""  # after the usage, when the line has not two words
    one_card: ClassVar[str] = ""  # the refusal of more cards than one ("": usage)

    def line(self) -> str:
        return f"{self.word} {self.name} {self.card.code()}"

    @classmethod
    def parse(cls, args: Sequence[str]) -> Action[Any]:
        if len(args) != 2:
            raise RuleError(f"usage: {cls.usage}{cls.usage_note}")
        return cls(args[0], _one_card(cls, args[1:]))


def _one_card(cls: type[CardAction[Any]] | type[NamedCardAction[Any]], args: Sequence[str]) -> Card:
    """The one card of a line; its `one_card` refusal (else its usage) for more or fewer."""
    cards = parse_cards(args)
    if len(cards) != 1:
        raise RuleError(cls.one_card or f"usage: {cls.usage}")
    return cards[0]


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the night log spells them."""
    return " ".join(c.code() for c in cards)


def check_new_cards(state: Any, new: Sequence[Card], replacing: Sequence[Card] = ()) -> None:
    """Refuse `new` cards the shoe cannot hold beside the round's (`state.all_cards()`), less the
    seen cards they replace (a hand shown or opened)."""
    pool = Counter(state.all_cards())
    pool.subtract(replacing)
    try:
        check_deck([*pool.elements(), *new], state.preset.decks)
    except BanluckError as exc:
        raise RuleError(str(exc)) from None
