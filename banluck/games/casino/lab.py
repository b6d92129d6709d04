"""The casino's lab: a hand's hard or soft total, and the bank's exact edge under each preset
with its side bets and Bingo, as report data (`banluck.table.lab`). The solvers (numpy) are
imported inside the methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the report types are imported where a report is made
    from banluck.games.casino.preset import Preset
    from banluck.table.lab import EdgeAsk, Report


class CasinoLab:
    """`banluck hand` and `banluck edge` for casino presets."""

    def hand(self, preset: Preset, cards: list[str]) -> Report:
        """A casino hand: its hard or soft total, a bust, or a two-card 21 (a blackjack when it
        is a box's first two cards)."""
        from banluck.core.cards import check_deck, parse_cards
        from banluck.games.casino.hands import is_two_card_21, total
        from banluck.table.lab import Report

        parsed = parse_cards(cards)
        check_deck(parsed, preset.decks)
        value, soft = total(parsed)
        if is_two_card_21(parsed):
            kind, said = "blackjack", "blackjack (on a box's first two cards; 21 on a split hand)"
        elif value > 21:
            kind = said = "bust"
        else:
            kind = "soft" if soft else "hard"
            said = f"{kind} {value}"
        data = {"cards": [c.code() for c in parsed], "total": value, "soft": soft, "kind": kind}
        shown = " ".join(str(c) for c in parsed)
        return Report(data, lines=(f"{shown}: {value}, {said}",))

    def edge(self, presets: list[Preset], ask: EdgeAsk) -> Report:
        """The exact heads-up edge of the bank, per preset, with its side bets and Bingo."""
        from banluck.core.money import fair_turn
        from banluck.games.casino.bingo_edge import bingo_report
        from banluck.games.casino.edge import edge_report, rules_of
        from banluck.games.casino.sidebet_edge import side_bet_worths
        from banluck.table.lab import Figures, Report

        reports: list[dict[str, Any]] = []
        for preset in presets:
            if ask.progress is not None:
                ask.progress.say(f"computing the exact edge of {preset.name} (a few seconds)")
            report = edge_report(rules_of(preset))
            heads = report["heads_up"]
            reports.append(
                {
                    "preset": preset.name,
                    "heads_up": {
                        "method": "exact",
                        "players": 1,
                        "edge": heads["edge"],
                        "sd_round": heads["sd"],
                        "sd_player_round": heads["sd"],
                        "fair_turn": fair_turn(heads["edge"], heads["sd"], 1),
                        "split_hands": report["split_hands"],
                    },
                    "simulated": None,
                    "side_bets": [w.to_json() for w in side_bet_worths(preset)],
                    "bingo": bingo_report(preset),  # the Bingo table, where offered (None)
                }
            )
        rows: list[tuple[str, tuple[str, ...]]] = []

        def row(label: str, cells: Any) -> None:
            rows.append((label, tuple(cells)))

        row("heads-up edge (exact)", (f"{100 * r['heads_up']['edge']:+.3f} %" for r in reports))
        row("  sd per round", (f"{r['heads_up']['sd_round']:.3f}" for r in reports))
        row(
            "  turn within 1 sd (rounds)",
            (
                "any" if r["heads_up"]["fair_turn"] is None else str(r["heads_up"]["fair_turn"])
                for r in reports
            ),
        )
        _side_bet_rows(row, reports)
        _bingo_rows(row, reports)
        lines = [
            "one box against the dealer, first round off a full shoe, each hand played to its"
            " best expectation given its cards and the up card (docs/casino-edge.md)"
        ]
        if any(r["side_bets"] for r in reports):
            lines.append(
                "side bets: exact, by counting every combination of their cards at the preset's"
                " deck count; edge per unit bet (docs/side-bets.md)"
            )
        if any(r["bingo"] for r in reports):
            lines.append(
                "Bingo: the bank's edge per Bingo bet, each round's dealer total off the top, the"
                " card riding until it closes (docs/bingo.md)"
            )
        figures = Figures(
            "the bank's edge per round (% of the initial bet)",
            tuple(r["preset"] for r in reports),
            tuple(rows),
            whole=False,
        )
        return Report(reports, figures, lines=tuple(lines))


LAB = CasinoLab()


def _side_bet_rows(row: Any, reports: list[dict[str, Any]]) -> None:
    """A row group for each side bet any of the presets offers: edge, hit rate, sd."""
    names = list(dict.fromkeys(b["name"] for r in reports for b in r["side_bets"]))
    for name in names:
        bets = [next((b for b in r["side_bets"] if b["name"] == name), None) for r in reports]
        row(
            f"{name} (side bet)",
            (
                f"{100 * b['edge']:+.3f} % ({'/'.join(map(str, b['pays']))})" if b else "-"
                for b in bets
            ),
        )
        row("  hit rate", (f"{100 * b['hit_rate']:.3f} %" if b else "-" for b in bets))
        row("  sd per bet", (f"{b['sd']:.3f}" if b else "-" for b in bets))


def _bingo_rows(row: Any, reports: list[dict[str, Any]]) -> None:
    """The Bingo table's rows of `banluck edge` (docs/bingo.md), for presets that offer it."""
    if not any(r["bingo"] for r in reports):
        return
    names = {"hold": "Bingo held to the end", "first": "Bingo cashed at the first pay"}
    for policy, label in names.items():
        cells = [
            "-"
            if r["bingo"] is None
            else f"{100 * r['bingo']['policies'][policy]['house_edge']:+.3f} %"
            for r in reports
        ]
        row(f"{label} (% of its bet)", cells)
