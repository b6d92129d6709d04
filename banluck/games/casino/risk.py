"""What the bank risks in one round, and the house's limit on it (`limits.bank`, CASINO.md §4).

The bank's worst case is the sum, over its bets, of the most each can win, since every one of
them can happen at once (docs/side-bets.md, "What the bank risks"); a bet that would take it over
`limits.bank` is refused with the figure; 0 is no limit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from banluck.core.errors import RuleError
from banluck.games.casino.boxes import planned_boxes
from banluck.games.casino.preset import Preset
from banluck.games.casino.settlement import blackjack_pays
from banluck.games.casino.sidebet_edge import category_counts
from banluck.games.casino.sidebets import BY_WORD


def main_worst(stake: int, preset: Preset) -> int:
    """The most one main bet can win: a blackjack, a double, or a full split all doubled."""
    hands = preset.split.max_hands
    per_split_hand = 2 * stake if preset.double.after_split else stake
    split = hands * per_split_hand if hands > 1 else 0
    return max(blackjack_pays(stake, preset), 2 * stake, split)


def side_worst(word: str, amount: int, preset: Preset) -> int:
    """The most one side bet can win: its largest payout the preset's shoe can make."""
    kind = BY_WORD[word]
    pays = kind.pays(preset)
    counts = category_counts(kind.cards, preset.decks)
    possible = [p for p, n in zip(pays, counts, strict=False) if n]
    return amount * max(possible, default=0)


def worst_case(
    preset: Preset,
    stakes: Mapping[str, int],
    bets: Sequence[tuple[str, str, int]],
    behind: Sequence[tuple[int, bool]] = (),
) -> int:
    """The bank's worst case for a round of these boxes (each box that plays -> its stake), the
    bets behind them ((stake, follows) each: a follower doubles and splits with the box, one who
    stays rides the first hand only) and the standing side bets (those of seats without a box,
    the dealer's among them, do not play)."""
    total = sum(main_worst(stake, preset) for stake in stakes.values())
    for stake, follows in behind:
        total += main_worst(stake, preset) if follows else max(blackjack_pays(stake, preset), stake)
    for word, name, amount in bets:
        if name in stakes and word in BY_WORD and amount > 0:
            total += side_worst(word, amount, preset)
    return total


def table_worst(
    preset: Preset,
    stakes: Mapping[str, int],
    bets: Sequence[tuple[str, str, int]],
    standing: tuple[tuple[str, str], ...] = (),
) -> int:
    """The worst case of the next round from the table between rounds: the seats' stakes and
    their standing lines (a second box `Bob:2` with its own stake, bets behind a box)."""
    if not standing:
        return worst_case(preset, stakes, bets)
    boxes, behind = planned_boxes(stakes, standing)
    riding = [(bet.stake, bet.follow) for bet in behind if bet.box in boxes]
    return worst_case(preset, {box: stake for box, (_, stake) in boxes.items()}, bets, riding)


def check_limit(preset: Preset, worst: int, before: int | None = None) -> None:
    """Refuse a round whose worst case `worst` is over `limits.bank` (or, given the worst case
    `before` a bet, a bet that raises it over)."""
    limit = preset.limits.bank
    if not limit:
        return
    if worst <= limit or (before is not None and worst <= before):
        return
    if before is None:
        raise RuleError(
            f"the bank could lose {worst} this round, over its limit of {limit} (limits.bank):"
            " lower a stake or a side bet first"
        )
    raise RuleError(
        f"the bank could lose {worst} this round with this bet (now {before}), over its limit"
        f" of {limit} (limits.bank)"
    )


def risk_line(preset: Preset, worst: int) -> str:
    """The panel's line: `the bank risks at most 620 this round (limits.bank 1000)`; between
    rounds it is the next round's."""
    limit = preset.limits.bank
    said = f"limits.bank {limit}" if limit else "no limit: limits.bank 0"
    return f"the bank risks at most {worst} this round ({said})"
