"""Ban-luck's lab: a hand's total and kind, and the dealer's edge under each preset with how
long to keep the deal, as report data (`banluck.table.lab`). The engine is imported inside the
methods, so reaching the lab loads no round machinery."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the report types are imported where a report is made
    from banluck.games.banluck.edge import EdgeResult
    from banluck.games.banluck.preset import Preset
    from banluck.table.lab import EdgeAsk, Figures, Report


MAX_ROUNDS = 10**9
"""The most rounds `edge` simulates: hours of the machine's time already."""

MAX_WORKERS = 256
"""The most processes `edge` starts for a simulation."""


class BanLuckLab:
    """`banluck hand` and `banluck edge` for ban-luck presets."""

    def hand(self, preset: Preset, cards: list[str]) -> Report:
        from banluck.core.cards import check_deck, parse_cards
        from banluck.games.banluck.hands import Hand
        from banluck.games.banluck.settlement import check_hand_size
        from banluck.table.lab import Report

        parsed = parse_cards(cards)
        check_hand_size(parsed, preset, "the hand")
        check_deck(parsed, preset.decks)
        value = Hand.of(parsed, preset)
        data = {"cards": [c.code() for c in parsed], "total": value.total, "kind": str(value.kind)}
        shown = " ".join(str(c) for c in parsed)
        soft = " (soft)" if value.soft else ""
        return Report(data, lines=(f"{shown}: {value.total}{soft}, {value.kind}",))

    def edge(self, presets: list[Preset], ask: EdgeAsk) -> Report:
        """The dealer's edge per player-round under each preset: heads-up exact, and simulated
        with `ask.players` at the table (or `ask.rounds`); notes on how long to keep the deal
        at the stakes."""
        import os

        from banluck.core.errors import RuleError
        from banluck.games.banluck.edge import check_simulation, exact_edge, simulate_edge
        from banluck.games.banluck.odds import Policy
        from banluck.table.lab import Report

        policy = Policy(p=ask.p, stand_at=ask.stand_at)
        players, rounds, workers = ask.players, ask.rounds, ask.workers
        if players < 1:
            raise RuleError(f"--players {players} is too few: give 1 or more")
        if rounds < 0:
            raise RuleError(f"--rounds {rounds} is negative: give 0 (none) or more")
        if rounds > MAX_ROUNDS:
            raise RuleError(
                f"--rounds {rounds} is too many: give up to {MAX_ROUNDS:,} (100000 already gives"
                " the edge to a few hundredths of a percent)"
            )
        if players > 1 and rounds == 0:
            rounds = 100_000
        for preset in presets if rounds > 0 else ():
            check_simulation(preset, players, rounds)
        if workers > MAX_WORKERS:
            raise RuleError(
                f"--workers {workers} is too many: give up to {MAX_WORKERS} (0: one per core)"
            )
        if workers <= 0:
            workers = os.cpu_count() or 1
        progress = ask.progress
        rows: list[tuple[Preset, EdgeResult, EdgeResult | None]] = []
        exact_done = (
            progress.bar("computing exact heads-up edge", len(presets)) if progress else None
        )
        for n, preset in enumerate(presets):
            exact = exact_edge(preset, policy, table=rounds > 0)
            if exact_done is not None:
                exact_done(n + 1, len(presets))
            simulated = None
            if rounds > 0:
                task = progress.bar(f"simulating {preset.name}", rounds) if progress else None
                simulated = simulate_edge(
                    preset,
                    players,
                    rounds,
                    policy,
                    seed=ask.seed,
                    workers=workers,
                    progress=task,
                    table=exact.table,
                )
            rows.append((preset, exact, simulated))
        data = [
            {
                "preset": preset.name,
                "heads_up": _edge_json(ex),
                "simulated": _edge_json(mc) if mc else None,
            }
            for preset, ex, mc in rows
        ]
        if not ask.drawn:
            return Report(data)
        at = ask.stakes(players)
        notes = tuple(f"{p.name}: {keep_the_deal(p, mc or ex, at)}" for p, ex, mc in rows)
        return Report(data, _figures(rows, players), notes)


LAB = BanLuckLab()


def _edge_json(result: EdgeResult) -> dict[str, Any]:
    keys = "method players edge low high sd_player_round sd_round rounds fair_turn"
    return {key: getattr(result, key) for key in keys.split()}


def _figures(rows: list[tuple[Preset, EdgeResult, EdgeResult | None]], players: int) -> Figures:
    from banluck.table.lab import Figures

    grid: list[tuple[str, tuple[str, ...]]] = []

    def line(label: str, cells: list[str]) -> None:
        grid.append((label, tuple(cells)))

    def turn(r: EdgeResult) -> str:
        return "any" if r.fair_turn is None else str(r.fair_turn)

    line("heads-up edge (exact)", [f"{100 * ex.edge:+.2f} %" for _, ex, _ in rows])
    line("  sd per player-round", [f"{ex.sd_player_round:.3f}" for _, ex, _ in rows])
    line("  turn within 1 sd (rounds)", [turn(ex) for _, ex, _ in rows])
    sims = [mc for _, _, mc in rows if mc is not None]
    if len(sims) == len(rows):
        line(
            f"{_count(players, 'player')}: edge (Monte Carlo)",
            [f"{100 * m.edge:+.2f} ± {100 * m.half_width:.2f} %" for m in sims],
        )
        line("  sd per player-round", [f"{m.sd_player_round:.3f}" for m in sims])
        line("  sd per round", [f"{m.sd_round:.3f}" for m in sims])
        line("  turn within 1 sd (rounds)", [turn(m) for m in sims])
        line("  rounds simulated", [f"{m.rounds:,}" for m in sims])
    return Figures(
        "the dealer's edge per player-round (% of the stake)",
        tuple(p.name for p, _, _ in rows),
        tuple(grid),
    )


def keep_the_deal(preset: Any, result: EdgeResult, stakes: list[int]) -> str:
    """How long to keep the deal, in plain words at the stakes: what the dealer expects a round,
    and how many rounds keep a turn's expected gain under one stake."""
    one = round(sum(stakes) / len(stakes))
    same = len(set(stakes)) == 1
    at = f"at {one} a hand" if same else f"at the night's stakes (about {one} a hand)"
    gain = result.edge * sum(stakes)
    said = f"{at} with {_count(len(stakes), 'player')} the dealer expects {gain:+.1f} a round"
    rotation = preset.rotation
    if gain <= 0:
        return f"{said}; the deal is no advantage here: keep it as long as the house likes"
    if gain >= one:
        said += "; that is a stake or more each round: pass the deal every round"
    else:
        rounds = math.ceil(one / gain) - 1  # the most rounds with rounds * gain < one
        said += (
            f"; rotating every {rounds} round{'s' if rounds != 1 else ''} keeps a turn's"
            f" expected gain under one stake ({rounds * gain:+.2f} a turn)"
        )
    if rotation.mode == "rounds":
        said += (
            f"; {preset.name} rotates every {rotation.every}: {rotation.every * gain:+.1f} a turn"
        )
    return said


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int, noun: str) -> str:
    """`four players`, `one player`, `12 players`."""
    word = NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)
    return f"{word} {noun}{'' if n == 1 else 's'}"
