"""What every game's preset shares with the night: its name, its deck count and when the deal
passes (docs/rules.md §7). The knobs keep the same dotted names in every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

from banluck.core.knobs import Knob, choices

RotationMode = Literal["manual", "rounds", "dealer-wins", "every-round"]

ROTATION_KNOBS: tuple[Knob, ...] = (
    Knob("rotation.mode", str, "when the deal passes", choices=choices(RotationMode)),
    Knob("rotation.every", int, "rounds (or won rounds) before the deal passes", low=1, high=1000),
)


@dataclass(frozen=True, slots=True)
class Rotation:
    """When the deal passes to the next dealer (docs/rules.md §7)."""

    mode: RotationMode
    every: int

    def passes(self, dealt: int, won: int) -> bool:
        """Whether the deal passes after a dealer has dealt `dealt` rounds and won `won`."""
        return (
            self.mode == "every-round"
            or (self.mode == "rounds" and dealt >= self.every)
            or (self.mode == "dealer-wins" and won >= self.every)
        )


class TablePreset(Protocol):
    """What the night and the round machinery read of any game's preset."""

    @property
    def name(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def decks(self) -> int: ...

    @property
    def rotation(self) -> Rotation: ...

    def get(self, key: str) -> object:
        """The value of a dotted knob, e.g. `rotation.every`."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The preset as a plain mapping with its `game` and `version` (a night keeps it)."""
        ...
