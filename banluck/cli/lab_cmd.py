"""`banluck edge`: the house-edge lab of any game, through the game's lab (`Family.lab`).

Start-up: only typer is imported here; the lab, the engine and rich are imported inside the
command. Typer reads every command's signature on every run: without `from __future__ import
annotations` it does not have to evaluate the annotations from strings each time.
"""

from typing import Annotated

import typer

from banluck.cli.common import Amount, POpt, StandOpt, TableJsonOpt, echo_json


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
            "--stake",
            help="A player's stake (default: the open night's stakes, else 10).",
            click_type=Amount(),
        ),
    ] = None,
    as_json: TableJsonOpt = False,
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
    from banluck.app.games import GAMES, lab_for
    from banluck.app.presets import load
    from banluck.cli.render import Progress, print_report
    from banluck.core.errors import PresetError
    from banluck.table.lab import EdgeAsk

    everything = [load(name) for name in names]
    games = [game for game in GAMES if any(p.game == game for p in everything)]
    if len(games) > 1:
        first = [p.name for p in everything if p.game == games[0]]
        raise PresetError(
            f"{' and '.join(games)} presets are measured apart: give `banluck edge` presets of"
            f" one game ({', '.join(first)} are {games[0]})"
        )
    lab = lab_for(everything[0])
    if lab is None:
        raise PresetError(f"no house-edge lab for {', '.join(p.name for p in everything)}")
    with Progress(enabled=not as_json) as progress:
        report = lab.edge(
            everything,
            EdgeAsk(
                players=players,
                rounds=rounds,
                seed=seed,
                workers=workers,
                p=p,
                stand_at=stand_at,
                stakes=lambda count: _table_stakes(stake, count),
                progress=progress,
                drawn=not as_json,
            ),
        )
    if as_json:
        echo_json(report.data, ascii=True)
        return
    print_report(report)


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


def register(app: typer.Typer) -> None:
    app.command("edge")(edge)
