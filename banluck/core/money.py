"""Money that changes hands, whatever the game: the one `Transfer` type and the one net computation.

Amounts are whole chips (integers); every round's transfers net to zero.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from banluck.core.errors import BanluckError, RuleError

MAX_AMOUNT = 10**12
"""The largest stake or payment banluck takes: far above any night among friends, far below what
the store and the index can hold exactly."""

MAX_TRANSFER = MAX_AMOUNT * 10**4
"""The largest transfer an entry may hold: a stake at the highest odds a game pays (100 to 1, a
side bet), or a prize of a pool of buy-ins, with room to spare; far enough below 2^63 that the sums
of a lifetime of them still fit in the index."""

MAX_SUM = 2**63 - 1
"""The largest sum the index can hold (a 64-bit whole number): a sum past it is refused before it
is written."""


def parse_amount(text: str, what: str, example: str = "10") -> int:
    """A stake or an amount typed anywhere (a command line's option, a word at the table, a
    night log's line): ASCII digits only (no `1_000`, no other scripts, no `+`, no space), above
    0 and at most MAX_AMOUNT. BanluckError with one plain sentence otherwise."""
    body = text[1:] if text[:1] == "-" else text
    if not body or not body.isascii() or not body.isdigit():
        raise BanluckError(
            f"{what} {text!r} is not a whole number: write it with the digits 0-9 only, e.g. {example}"
        )
    amount = int(text)
    if amount <= 0:
        raise BanluckError(f"{what} {amount} must be above 0, e.g. {example}")
    if amount > MAX_AMOUNT:
        raise BanluckError(
            f"{what} {text} is too large: banluck takes amounts up to {MAX_AMOUNT:,}"
        )
    return amount


def rule_amount(text: str, what: str, example: str = "10") -> int:
    """`parse_amount` for a line typed at the table: the same sentence, as a RuleError (the line
    is refused, nothing is stored)."""
    try:
        return parse_amount(text, what, example)
    except BanluckError as exc:
        raise RuleError(str(exc)) from None


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


def fair_turn(edge: float, sd_round: float, players: int) -> int | None:
    """Rounds one dealer (or bank) may keep the deal before his expected gain outgrows his luck:
    the largest k with k*N*|edge| <= sd_round*sqrt(k), for any game (N players, the edge per
    player-round, the standard deviation of his result per round).

    None when the edge is zero (any turn is fair).
    """
    if edge == 0.0 or players <= 0:
        return None
    return max(1, math.floor((sd_round / (players * abs(edge))) ** 2))


def staked(multiple: int, stake: int | None) -> str:
    """A multiple as the table counts it: `1 × 20`, `2 × 10 = 20`; bare without a stake."""
    if stake is None:
        return str(multiple)
    if multiple == 1:
        return f"1 × {stake}"
    return f"{multiple} × {stake} = {multiple * stake}"
