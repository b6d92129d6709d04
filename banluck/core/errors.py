"""Domain errors. The engine raises these; only the CLI turns them into messages and exit codes."""

from __future__ import annotations


class BanluckError(Exception):
    """A problem a user can fix. Its message is one sentence: what was wrong and what to do."""

    exit_code = 1


class CardError(BanluckError):
    """A card that does not exist, or a hand the deck cannot hold."""


class PresetError(BanluckError):
    """A house-rule preset that cannot be found or does not validate."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


class RuleError(BanluckError):
    """An action the house rules do not allow in the current state."""


class Doubt(BanluckError):
    """A request that looks like a slip (a payment made twice, more than is owed): carried out
    only once the user says it is meant. Its message is the doubt, e.g. `Carol owes 6, less than
    7`; the command line says how to confirm it."""
