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
from banluck.core.money import MAX_AMOUNT

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
    stake: Annotated[
        int,
        typer.Option("--stake", help="Each closed player's stake, for results in money.", min=1),
    ] = 10,
    as_json: JsonOpt = False,
) -> None:
    """Each closed player's odds, and whether to open him now or draw first.

    Expected results are in money at --stake, from the dealer's side (+ the dealer wins);
    --json gives them in stakes. A total no closed hand can reach is not listed.

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

    print_advice(advice, preset, stake=stake)


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


MAX_ROUNDS = 10**9
"""The most rounds `edge` simulates: hours of the machine's time already."""

MAX_WORKERS = 256
"""The most processes `edge` starts for a simulation."""


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
    stake: Annotated[
        int | None,
        typer.Option(
            "--stake", help="A player's stake (default: the open night's stakes, else 10).", min=1
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """The dealer's edge per player-round under each preset, side by side, and how long a
    dealer should keep the deal, in money at the stakes.

    Heads-up is exact; with --players N (or --rounds) the round is simulated with a 95 %
    confidence interval. "Fair turn" is how many rounds one dealer may keep the deal before his
    seat's expected profit exceeds one standard deviation of his luck over the turn. The last
    lines say it in money: what the dealer expects a round at the stakes (the open night's
    players and stakes unless --players or --stake are given), and how often to rotate so that
    a turn's expected gain stays under one stake.

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
    if rounds > MAX_ROUNDS:
        raise RuleError(
            f"--rounds {rounds} is too many: give up to {MAX_ROUNDS:,} (100000 already gives"
            " the edge to a few hundredths of a percent)"
        )
    if players > 1 and rounds == 0:
        rounds = 100_000
    for preset in loaded if rounds > 0 else ():
        check_simulation(preset, players, rounds)
    if stake is not None and stake > MAX_AMOUNT:
        raise RuleError(f"--stake {stake} is too large: banluck takes amounts up to {MAX_AMOUNT:,}")
    if workers > MAX_WORKERS:
        raise RuleError(
            f"--workers {workers} is too many: give up to {MAX_WORKERS} (0: one per core)"
        )
    if workers <= 0:
        workers = os.cpu_count() or 1
    rows: list[tuple[str, EdgeResult, EdgeResult | None]] = []
    with _progress(enabled=not as_json) as advance:
        exact_done = advance("exact heads-up edge", len(loaded), "computing")
        for n, preset in enumerate(loaded):
            exact = exact_edge(preset, policy, table=rounds > 0)
            if exact_done is not None:
                exact_done(n + 1, len(loaded))
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
    at = _table_stakes(stake, players)
    out_console = _console()
    for (_, ex, mc), preset in zip(rows, loaded, strict=True):
        out_console.print(f"{preset.name}: {keep_the_deal(preset, mc or ex, at)}")


def _casino_edges(presets: list[Any], others: list[Any], as_json: bool) -> None:
    """`banluck edge` for casino presets: the exact heads-up edge of the bank, per preset."""
    from banluck.core.errors import PresetError
    from banluck.core.money import fair_turn
    from banluck.games.casino.bingo_edge import bingo_report
    from banluck.games.casino.edge import edge_report, rules_of
    from banluck.games.casino.preset import Preset as CasinoPreset
    from banluck.games.casino.sidebet_edge import side_bet_worths

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
                    "side_bets": [w.to_json() for w in side_bet_worths(preset)],
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
    _side_bet_rows(table, reports)
    _bingo_rows(table, reports)
    render.console().print(table)
    typer.echo(
        "one box against the dealer, first round off a full shoe, each hand played to its best"
        " expectation given its cards and the up card (docs/casino-edge.md)"
    )
    if any(r["side_bets"] for r in reports):
        typer.echo(
            "side bets: exact, by counting every combination of their cards at the preset's"
            " deck count; edge per unit bet (docs/side-bets.md)"
        )
    if any(r["bingo"] for r in reports):
        typer.echo(
            "Bingo: the bank's edge per Bingo bet, each round's dealer total off the top, the card"
            " riding until it closes (docs/bingo.md)"
        )


def _side_bet_rows(table: Any, reports: list[dict[str, Any]]) -> None:
    """A row group for each side bet any of the presets offers: edge, hit rate, sd."""
    names = list(dict.fromkeys(b["name"] for r in reports for b in r["side_bets"]))
    for name in names:
        bets = [next((b for b in r["side_bets"] if b["name"] == name), None) for r in reports]
        table.add_row(
            f"{name} (side bet)",
            *(
                f"{100 * b['edge']:+.3f} % ({'/'.join(map(str, b['pays']))})" if b else "-"
                for b in bets
            ),
        )
        table.add_row("  hit rate", *(f"{100 * b['hit_rate']:.3f} %" if b else "-" for b in bets))
        table.add_row("  sd per bet", *(f"{b['sd']:.3f}" if b else "-" for b in bets))


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

    def add(self, name: str, total: int, doing: str = "simulating") -> Any:
        if self.bar is None:
            return None
        task = self.bar.add_task(f"{doing} {name}", total=total)

        def update(done: int, _total: int) -> None:
            self.bar.update(task, completed=done)

        return update

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _console() -> Any:
    from banluck.cli import render

    return render.console()


def _table_stakes(stake: int | None, players: int) -> list[int]:
    """Each player's stake for the money lines of `edge`: the open night's players and stakes,
    unless --players (more than 1) or --stake say otherwise; 10 a player with no night."""
    from banluck.cli.common import open_store
    from banluck.core.errors import BanluckError

    night: list[int] = []
    try:
        record = open_store().tonight()
    except (BanluckError, OSError):  # a damaged store, no data folder: the lab works without
        record = None
    if record is not None:
        from banluck.app.records import seating_from

        seating = seating_from(record, 1)
        night = [
            seating.stake_of(n) or seating.default_stake or 10
            for n in seating.seats
            if n != seating.dealer
        ]
    count = players if players > 1 or not night else len(night)
    if stake is not None:
        return [stake] * count
    if len(night) == count:
        return night
    return [round(sum(night) / len(night)) if night else 10] * count


def keep_the_deal(preset: Any, result: "EdgeResult", stakes: list[int]) -> str:
    """How long to keep the deal, in plain words at the stakes: what the dealer expects a round,
    and how many rounds keep a turn's expected gain under one stake."""
    import math

    count = len(stakes)
    one = round(sum(stakes) / count)
    same = all(s == stakes[0] for s in stakes)
    at = f"at {one} a hand" if same else f"at the night's stakes (about {one} a hand)"
    who = _count(count, "player")
    gain = result.edge * sum(stakes)
    said = f"{at} with {who} the dealer expects {gain:+.1f} a round"
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


def _print_edges(rows: "list[tuple[str, EdgeResult, EdgeResult | None]]", players: int) -> None:

    grid: list[tuple[str, list[str]]] = []

    def line(label: str, cells: list[str]) -> None:
        grid.append((label, cells))

    def turn(r: "EdgeResult") -> str:
        return "any" if r.fair_turn is None else str(r.fair_turn)

    line("heads-up edge (exact)", [f"{100 * ex.edge:+.2f} %" for _, ex, _ in rows])
    line("  sd per player-round", [f"{ex.sd_player_round:.3f}" for _, ex, _ in rows])
    line("  fair turn (rounds)", [turn(ex) for _, ex, _ in rows])
    sims = [mc for _, _, mc in rows if mc is not None]
    if len(sims) == len(rows):
        line(
            f"{_count(players, 'player')}: edge (Monte Carlo)",
            [f"{100 * m.edge:+.2f} ± {100 * m.half_width:.2f} %" for m in sims],
        )
        line("  sd per player-round", [f"{m.sd_player_round:.3f}" for m in sims])
        line("  sd per round", [f"{m.sd_round:.3f}" for m in sims])
        line("  fair turn (rounds)", [turn(m) for m in sims])
        line("  rounds simulated", [f"{m.rounds:,}" for m in sims])
    _print_grid(
        "the dealer's edge per player-round (% of the stake)", [n for n, _, _ in rows], grid
    )


def _print_grid(title: str, names: list[str], grid: "list[tuple[str, list[str]]]") -> None:
    """Rows of figures with a column a preset where they fit the terminal; else a block a
    preset, every figure whole (a narrow terminal)."""
    from rich.table import Table

    from banluck.cli import render

    out = render.console()
    cells = [[label, *values] for label, values in grid]
    if out.width >= render.NARROW and render.fits(["", *names], cells, out.width, boxed=True):
        table = Table()
        table.add_column("")
        for name in names:
            table.add_column(name, justify="right", no_wrap=True)
        for row in cells:
            table.add_row(*row)
        out.print(render.titled(title, table))
        return
    heads = ["", *(label.strip() for label, _ in grid)]
    per_preset = [[name, *(values[i] for _, values in grid)] for i, name in enumerate(names)]
    out.print(render.records(title, heads, per_preset, out.width))


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int, noun: str) -> str:
    """`four players`, `one player`, `12 players`."""
    word = NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)
    return f"{word} {noun}{'' if n == 1 else 's'}"


def register(app: typer.Typer) -> None:
    app.command("strategy")(strategy)
    app.command("odds")(odds)
    app.command("edge")(edge)
