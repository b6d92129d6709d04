"""What the night and the round machinery read of any game's preset (a protocol for the type
checker: imported under TYPE_CHECKING, so reading a preset does not build it)."""

from __future__ import annotations

import re
from typing import Any, Protocol

from banluck.table.rotation import Rotation


class TablePreset(Protocol):
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


def sections(*classes: type) -> dict[str, type]:
    """A preset's `SECTIONS`: each section's class under its key, the class's name in snake case
    (`FiveCard` is `five_card`), in the order given (the order of a preset file's sections)."""
    return {re.sub(r"(?<=[a-z])(?=[A-Z])", "_", cls.__name__).lower(): cls for cls in classes}
