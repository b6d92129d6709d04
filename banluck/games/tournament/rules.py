"""The tournament's rules on their own: its knobs checked, the standings and the prizes.

Integer money: each place's prize is `pool * percent // 100`; what the rounding leaves over goes
to the first place. Players tied at the end share the prizes of the places they hold, evenly,
the chips that do not divide going one each to the tied players in seat order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from banluck.core.errors import RuleError
from banluck.games.casino.preset import Preset
from banluck.games.casino.schema import tournament_problem


def check_start(preset: object, seats: Sequence[str], buy_in: int, chips: int) -> Preset:
    """The preset (a casino one with sound tournament knobs) for these seats, buy-in and chips."""
    if not isinstance(preset, Preset):
        game = getattr(preset, "game", "?")
        name = getattr(preset, "name", "?")
        raise RuleError(
            f"preset {name} is a {game} preset: a tournament is played under a casino preset"
            ' (game = "casino"), e.g. tournament'
        )
    section = preset.tournament
    problem = tournament_problem(
        section.prizes, section.cutoffs, section.hands, section.min_bet, section.max_bet
    )
    if problem is not None:  # knobs a tournament cannot be played under, the knob named
        raise RuleError(
            f"preset {preset.name}: {problem} (change it with `banluck rules set {preset.name}"
            " KEY VALUE`)"
        )
    if len(seats) < 2:
        raise RuleError("a tournament needs at least two players")
    if len(section.prizes) > len(seats):
        raise RuleError(
            f"tournament.prizes pays {len(section.prizes)} places but only {len(seats)} play:"
            " seat more players or use a preset with fewer prizes"
        )
    if buy_in <= 0:
        raise RuleError(f"buy-in {buy_in} must be above 0")
    if chips < section.min_bet:
        raise RuleError(
            f"chips {chips} are under the minimum bet {section.min_bet} (tournament.min_bet):"
            " give every player at least one bet"
        )
    return preset


def split(amount: int, parts: int) -> list[int]:
    """`amount` in `parts` whole shares, the first ones a chip larger when it does not divide."""
    share, left = divmod(amount, parts)
    return [share + (1 if i < left else 0) for i in range(parts)]


def place_prizes(pool: int, percents: Sequence[int]) -> list[int]:
    """Each place's prize: its percent of the pool rounded down, the first place taking what
    the rounding leaves."""
    amounts = [pool * p // 100 for p in percents]
    if amounts:
        amounts[0] += pool - sum(amounts)
    return amounts


def prizes(
    pool: int, percents: Sequence[int], standings: Sequence[Sequence[str]], seats: Sequence[str]
) -> dict[str, int]:
    """Each prize winner's prize: `standings` are groups of tied players, best first."""
    places = place_prizes(pool, percents)
    out: dict[str, int] = {}
    place = 0
    for group in standings:
        share = sum(places[place : place + len(group)])
        place += len(group)
        if share:
            ordered = sorted(group, key=seats.index)
            for name, amount in zip(ordered, split(share, len(ordered)), strict=True):
                if amount:
                    out[name] = amount
    return out


def lowest(
    stacks: Mapping[str, int], history: Sequence[Mapping[str, int]], betting_order: Sequence[str]
) -> tuple[str, str]:
    """Who goes out at a cut-off, and how a tie was broken ("" when there was none).

    The lowest stack is out. A tie goes to the stacks after the hand before, and so back hand by
    hand to the start (`history[k]` is the stacks after hand k); players tied all the way back go
    by the betting order of the cut-off hand: the one who bet last (he saw the others' bets)."""
    low = min(stacks.values())
    tied = [n for n, s in stacks.items() if s == low]
    if len(tied) == 1:
        return tied[0], ""
    others = tied
    for hand in range(len(history) - 1, -1, -1):
        least = min(history[hand][n] for n in tied)
        tied = [n for n in tied if history[hand][n] == least]
        if len(tied) == 1:
            rest = [n for n in others if n != tied[0]]
            after = f"after hand {hand}" if hand else "at the start"
            return tied[0], f"tied with {', '.join(rest)}: the lowest stack {after}"
    last = max(tied, key=lambda n: betting_order.index(n) if n in betting_order else -1)
    rest = [n for n in others if n != last]
    return last, f"tied with {', '.join(rest)} all the way back: bet last in the cut-off hand"
