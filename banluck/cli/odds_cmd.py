"""`banluck odds` (the dealer's advisor) and `banluck edge` (the house-edge lab).

Start-up: only typer is imported here; the engine modules and rich are imported inside the
commands, so registering these commands costs the other commands nothing. Typer reads every
command's signature on every run: without `from __future__ import annotations` it does not have
to evaluate the annotations from strings each time (about 1 ms less per run for these two).
"""

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from banluck.app.presets import DEFAULT_PRESET

if TYPE_CHECKING:
    from banluck.games.banluck.advice import Advice, ClosedPlayer
    from banluck.games.banluck.edge import EdgeResult
    from banluck.games.banluck.preset import Preset

RulesOpt = Annotated[
    str, typer.Option("--rules", "-r", help="House-rule preset (see `banluck rules list`).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
POpt = Annotated[
    float,
    typer.Option("--p", help="Players' chance to draw at totals from the minimum to 17."),
]
StandOpt = Annotated[int, typer.Option("--stand-at", help="Players stand at this total or more.")]


def odds(
    dealer: Annotated[
        str, typer.Option("--dealer", "-d", help='The dealer\'s cards, e.g. "10 6".')
    ],
    closed: Annotated[
        list[str] | None,
        typer.Option(
            "--closed",
            "-c",
            help="A closed hand's card count, or NAME=COUNT; repeat for each closed player.",
        ),
    ] = None,
    seen: Annotated[
        str, typer.Option("--seen", "-s", help='Cards opened or shown this round, e.g. "K 5 9".')
    ] = "",
    declared: Annotated[
        str,
        typer.Option(
            "--declared",
            help="What the closed players declared: no-instant (the instant check has passed)"
            " or nothing.",
        ),
    ] = "no-instant",
    p: POpt = 0.5,
    stand_at: StandOpt = 18,
    rules: RulesOpt = DEFAULT_PRESET,
    as_json: JsonOpt = False,
) -> None:
    """Each closed player's odds, and whether to open him now or draw first.

    Expected results are in stakes, from the dealer's side (+ the dealer wins).

    Example: banluck odds -d "10 6" -s "K 5 9" -c 3 -c Bob=2 -c 4
    """
    from banluck.app.presets import load_as
    from banluck.core.cards import parse_cards
    from banluck.core.errors import RuleError
    from banluck.games.banluck.advice import ClosedPlayer, advise
    from banluck.games.banluck.odds import DECLARED, Policy
    from banluck.games.banluck.preset import Preset

    preset = load_as(rules, Preset)
    if declared not in DECLARED:
        raise RuleError(f"--declared {declared!r} is unknown: give one of {', '.join(DECLARED)}")
    if not closed:
        raise RuleError("no closed hand given: add one --closed COUNT per closed player")
    policy = Policy(p=p, stand_at=stand_at)
    players = [
        ClosedPlayer(name, count, policy, declared)  # type: ignore[arg-type]
        for name, count in (_closed_player(text, i) for i, text in enumerate(closed, 1))
    ]
    _load_models(preset, players)
    advice = advise(preset, parse_cards(dealer), parse_cards(seen), players)
    if as_json:
        typer.echo(json.dumps(_advice_json(advice), ensure_ascii=False))
        return
    from banluck.cli.render import print_advice

    print_advice(advice, preset)


def _load_models(preset: "Preset", players: "list[ClosedPlayer]") -> None:
    """The odds models the players need, read from the data folder's cache (built and written
    there the first time), so that a run does not rebuild them."""
    from banluck.core.home import data_dir
    from banluck.games.banluck.odds_cache import cached_model

    folder = data_dir()
    for player in players:
        cached_model(folder, preset, player.policy, player.declared)


def _closed_player(text: str, position: int) -> tuple[str, int]:
    from banluck.core.errors import RuleError

    name, _, count = text.rpartition("=")
    name = name.strip() or f"P{position}"
    try:
        return name, int(count)
    except ValueError:
        raise RuleError(
            f"--closed {text!r} is not a card count: give e.g. --closed 3 or --closed Bob=3"
        ) from None


def _advice_json(advice: "Advice") -> dict[str, Any]:
    return {
        "dealer": {
            "cards": [c.code() for c in advice.dealer.cards],
            "total": advice.dealer.total,
            "kind": str(advice.dealer.kind),
        },
        "can_open": advice.can_open,
        "can_draw": advice.can_draw,
        "players": [
            {
                "name": a.name,
                "cards": a.cards,
                "bust": a.odds.bust,
                "totals": {str(t): q for t, q in a.odds.totals().items()},
                "five_dragon": a.odds.five_dragon,
                "triple_seven": a.odds.triple_seven,
                "under": a.odds.under,
                "open_now": a.open_now,
                "draw_first": a.draw_first,
                "action": a.action,
            }
            for a in advice.players
        ],
        "order": list(advice.order),
        "then_draw": advice.then_draw,
        "advice": advice.summary(),
    }


def _percent(x: float) -> str:
    return "" if x == 0 else f"{100 * x:.2f}" if x < 0.001 else f"{100 * x:.1f}"


def _signed(x: float | None) -> str:
    return "-" if x is None else f"{x:+.3f}"


def edge(
    names: Annotated[list[str], typer.Argument(help="Presets to compare, e.g. chinese kampung.")],
    players: Annotated[
        int, typer.Option("--players", "-n", help="Players at the table (Monte Carlo when > 1).")
    ] = 1,
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds", help="Rounds to simulate (default: 100000 when --players > 1, else none)."
        ),
    ] = 0,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the simulation.")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", help="Processes for the simulation (0: one per core).")
    ] = 0,
    p: POpt = 0.5,
    stand_at: StandOpt = 18,
    as_json: JsonOpt = False,
) -> None:
    """The dealer's edge per player-round under each preset, side by side.

    Heads-up is exact; with --players N (or --rounds) the round is simulated with a 95 %
    confidence interval. "Fair turn" is how many rounds one dealer may keep the deal before his
    seat's expected profit exceeds one standard deviation of his luck over the turn.

    Example: banluck edge chinese kampung singapore xi-dach --players 4
    """
    import os

    from banluck.app.presets import load
    from banluck.core.errors import RuleError
    from banluck.games.banluck.edge import check_simulation, exact_edge, simulate_edge
    from banluck.games.banluck.odds import Policy
    from banluck.games.banluck.preset import Preset

    everything = [load(name) for name in names]
    loaded = [preset for preset in everything if isinstance(preset, Preset)]
    others = [preset for preset in everything if not isinstance(preset, Preset)]
    if others:
        _casino_edges(others, loaded, as_json)
        return
    policy = Policy(p=p, stand_at=stand_at)
    if players < 1:
        raise RuleError(f"--players {players} is too few: give 1 or more")
    if rounds < 0:
        raise RuleError(f"--rounds {rounds} is negative: give 0 (none) or more")
    if players > 1 and rounds == 0:
        rounds = 100_000
    for preset in loaded if rounds > 0 else ():
        check_simulation(preset, players, rounds)
    if workers <= 0:
        workers = os.cpu_count() or 1
    rows: list[tuple[str, EdgeResult, EdgeResult | None]] = []
    with _progress(enabled=rounds > 0 and not as_json) as advance:
        for preset in loaded:
            exact = exact_edge(preset, policy, table=rounds > 0)
            simulated = None
            if rounds > 0:
                task = advance(preset.name, rounds)
                simulated = simulate_edge(
                    preset,
                    players,
                    rounds,
                    policy,
                    seed=seed,
                    workers=workers,
                    progress=task,
                    table=exact.table,
                )
            rows.append((preset.name, exact, simulated))
    if as_json:
        out = [
            {
                "preset": name,
                "heads_up": _edge_json(ex),
                "simulated": _edge_json(mc) if mc else None,
            }
            for name, ex, mc in rows
        ]
        typer.echo(json.dumps(out))
        return
    _print_edges(rows, players)


def _casino_edges(presets: list[Any], others: list[Any], as_json: bool) -> None:
    """`banluck edge` for casino presets: the exact heads-up edge of the bank, per preset."""
    from banluck.core.errors import PresetError
    from banluck.core.money import fair_turn
    from banluck.games.casino.bingo_edge import bingo_report
    from banluck.games.casino.edge import edge_report, rules_of
    from banluck.games.casino.preset import Preset as CasinoPreset

    if others:
        raise PresetError(
            "ban-luck and casino presets are measured apart: give `banluck edge` presets of one"
            f" game ({', '.join(p.name for p in others)} are ban-luck)"
        )
    unknown = [p.name for p in presets if not isinstance(p, CasinoPreset)]
    if unknown:
        raise PresetError(f"no house-edge lab for {', '.join(unknown)}")
    reports = []
    with _spinner(enabled=not as_json) as say:
        for preset in presets:
            say(f"computing the exact edge of {preset.name} (a few seconds)")
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
                    "bingo": bingo_report(preset),  # the Bingo table, where offered (None)
                }
            )
    if as_json:
        typer.echo(json.dumps(reports))
        return
    from rich.table import Table

    from banluck.cli import render

    table = Table(title="the bank's edge per round (% of the initial bet)")
    table.add_column("")
    for r in reports:
        table.add_column(r["preset"], justify="right")
    table.add_row(
        "heads-up edge (exact)", *(f"{100 * r['heads_up']['edge']:+.3f} %" for r in reports)
    )
    table.add_row("  sd per round", *(f"{r['heads_up']['sd_round']:.3f}" for r in reports))
    table.add_row(
        "  fair turn (rounds)",
        *(
            "any" if r["heads_up"]["fair_turn"] is None else str(r["heads_up"]["fair_turn"])
            for r in reports
        ),
    )
    _bingo_rows(table, reports)
    render.console().print(table)
    typer.echo(
        "one box against the dealer, first round off a full shoe, each hand played to its best"
        " expectation given its cards and the up card (docs/casino-edge.md)"
    )
    if any(r["bingo"] for r in reports):
        typer.echo(
            "Bingo: the bank's edge per Bingo bet, each round's dealer total off the top, the card"
            " riding until it closes (docs/bingo.md)"
        )


def _bingo_rows(table: Any, reports: list[dict[str, Any]]) -> None:
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
        table.add_row(f"{label} (% of its bet)", *cells)


class _spinner:
    """A rich status line on stderr while a long computation runs; a no-op when disabled."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.status: Any = None

    def __enter__(self) -> Any:
        if self.enabled:
            from rich.console import Console

            self.status = Console(stderr=True).status("")
            self.status.__enter__()
        return self.say

    def say(self, text: str) -> None:
        if self.status is not None:
            self.status.update(text)

    def __exit__(self, *exc: object) -> None:
        if self.status is not None:
            self.status.__exit__(*exc)


def strategy(
    preset: Annotated[str, typer.Argument(help="A casino preset, e.g. blackjack-pro.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a grid.")] = False,
) -> None:
    """The basic-strategy chart of a casino preset: hard totals, soft totals and pairs against
    each up card (S stand, H hit, D double else hit, Ds double else stand, P split, Rh/Rs/Rp
    surrender else hit/stand/split), derived from the exact house-edge computation.

    Example: banluck strategy blackjack-pro
    """
    from banluck.app.presets import load
    from banluck.core.errors import PresetError
    from banluck.games.casino.edge import rules_of
    from banluck.games.casino.preset import Preset as CasinoPreset
    from banluck.games.casino.strategy import UP_NAMES, chart

    loaded = load(preset)
    if not isinstance(loaded, CasinoPreset):
        raise PresetError(
            f"{preset} is a {loaded.game} preset: basic strategy is for casino presets"
            " (e.g. `banluck strategy blackjack-pro`)"
        )
    with _spinner(enabled=not as_json) as say:
        say(f"computing {preset}'s chart (a few seconds)")
        grid = chart(rules_of(loaded))
    if as_json:
        typer.echo(json.dumps({"preset": preset, "ups": list(UP_NAMES), "chart": grid}))
        return
    from rich.table import Table
    from rich.text import Text

    from banluck.cli import render

    colours = {"S": "yellow", "H": "white", "D": "green", "P": "cyan", "R": "red"}
    table = Table(box=None, pad_edge=False, show_edge=False, title=f"{preset}: basic strategy")
    table.add_column("hand", no_wrap=True)
    for up in UP_NAMES:
        table.add_column(up, justify="center", no_wrap=True)
    section = ""
    for row, cells in grid.items():
        kind = row.split()[0] if " " in row else "pairs"
        if section and kind != section:
            table.add_section()
        section = kind
        table.add_row(
            row,
            *(Text(cells[up], style=colours.get(cells[up][0], "")) for up in UP_NAMES),
        )
    out = render.console()
    out.print(table)
    out.print(
        "S stand · H hit · D double (else hit) · Ds double (else stand) · P split ·"
        " Rh/Rs/Rp surrender (else hit/stand/split)"
    )


def _edge_json(result: "EdgeResult") -> dict[str, Any]:
    return {
        "method": result.method,
        "players": result.players,
        "edge": result.edge,
        "low": result.low,
        "high": result.high,
        "sd_player_round": result.sd_player_round,
        "sd_round": result.sd_round,
        "rounds": result.rounds,
        "fair_turn": result.fair_turn,
    }


class _progress:
    """A rich progress bar on stderr, one task per preset; a no-op when disabled."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.bar: Any = None

    def __enter__(self) -> Any:
        if self.enabled:
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.__enter__()
        return self.add

    def add(self, name: str, total: int) -> Any:
        if self.bar is None:
            return None
        task = self.bar.add_task(f"simulating {name}", total=total)

        def update(done: int, _total: int) -> None:
            self.bar.update(task, completed=done)

        return update

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _print_edges(rows: "list[tuple[str, EdgeResult, EdgeResult | None]]", players: int) -> None:
    from rich.table import Table

    from banluck.cli import render

    table = Table(title="the dealer's edge per player-round (% of the stake)")
    table.add_column("")
    for name, _, _ in rows:
        table.add_column(name, justify="right")

    def line(label: str, cells: list[str]) -> None:
        table.add_row(label, *cells)

    def turn(r: "EdgeResult") -> str:
        return "any" if r.fair_turn is None else str(r.fair_turn)

    line("heads-up edge (exact)", [f"{100 * ex.edge:+.2f} %" for _, ex, _ in rows])
    line("  sd per player-round", [f"{ex.sd_player_round:.3f}" for _, ex, _ in rows])
    line("  fair turn (rounds)", [turn(ex) for _, ex, _ in rows])
    sims = [mc for _, _, mc in rows if mc is not None]
    if len(sims) == len(rows):
        who = f"{players} player{'s' if players > 1 else ''}"
        line(
            f"{who}: edge (Monte Carlo)",
            [f"{100 * m.edge:+.2f} ± {100 * m.half_width:.2f} %" for m in sims],
        )
        line("  sd per player-round", [f"{m.sd_player_round:.3f}" for m in sims])
        line("  sd per round", [f"{m.sd_round:.3f}" for m in sims])
        line("  fair turn (rounds)", [turn(m) for m in sims])
        line("  rounds simulated", [f"{m.rounds:,}" for m in sims])
    render.console().print(table)


def register(app: typer.Typer) -> None:
    app.command("strategy")(strategy)
    app.command("odds")(odds)
    app.command("edge")(edge)
