"""When the deal passes (docs/rules.md §7): a section every game's preset shares, with the same
dotted knob names in every game. What the night reads of a preset is `table.preset.TablePreset`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
