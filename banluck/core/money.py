"""Money that changes hands, whatever the game: the one `Transfer` type and the one net computation.

Amounts are whole chips (integers); every round's transfers net to zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from banluck.core.errors import BanluckError


@dataclass(frozen=True, slots=True)
class Transfer:
    """Money that changes hands: `amount` (> 0) from `payer` to `payee`, and why."""

    payer: str
    payee: str
    amount: int
    reason: str = ""

    def __post_init__(self) -> None:
        if type(self.amount) is not int or self.amount <= 0:
            raise BanluckError(
                f"transfer from {self.payer!r} to {self.payee!r} has amount {self.amount!r}: "
                "an amount must be a positive whole number"
            )
        if self.payer == self.payee:
            raise BanluckError(
                f"transfer from {self.payer!r} to himself: payer and payee must be different people"
            )

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"

    def as_dict(self) -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}


def nets(transfers: Iterable[Transfer]) -> dict[str, int]:
    """Each person's net from transfers (+ received), in order of first appearance."""
    out: dict[str, int] = {}
    for t in transfers:
        out[t.payer] = out.get(t.payer, 0) - t.amount
        out[t.payee] = out.get(t.payee, 0) + t.amount
    return out
