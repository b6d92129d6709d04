"""How one bet of a casino round was settled: a hand, an insurance bet or a side bet."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Result:
    """How one bet was settled, in chips (+ the player wins), and why."""

    amount: int
    reason: str
