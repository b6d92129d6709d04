"""`banluck odds` (the dealer's advisor) and `banluck judge` (a settlement on the spot): the
questions only ban-luck asks.

Start-up: only typer is imported here; the engine modules and rich are imported inside the
commands. Typer reads every command's signature on every run: without `from __future__ import
annotations` it does not have to evaluate the annotations from strings each time.
"""

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from banluck.app.presets import DEFAULT_PRESET
from banluck.cli.common import Amount, JsonOpt, POpt, RulesOpt, StandOpt, TableJsonOpt

if TYPE_CHECKING:
    from banluck.games.banluck.advice import Advice, ClosedPlayer
    from banluck.games.banluck.hands import Hand
    from banluck.games.banluck.preset import Preset


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
        typer.Option(
            "--stake",
            help="Each closed player's stake, for results in money.",
            click_type=Amount(),
        ),
    ] = 10,
    as_json: TableJsonOpt = False,
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


def judge_cmd(
    dealer: Annotated[str, typer.Option("--dealer", "-d", help='Dealer\'s cards, e.g. "10 6".')],
    player: Annotated[str, typer.Option("--player", "-p", help='Player\'s cards, e.g. "A K".')],
    stake: Annotated[
        int, typer.Option("--stake", "-s", help="The player's stake.", click_type=Amount(zero=True))
    ] = 1,
    rules: RulesOpt = DEFAULT_PRESET,
    as_json: JsonOpt = False,
) -> None:
    """What changes hands when this player is settled against this dealer hand.

    Example: banluck judge --dealer "10 6" --player "10 5 9" --stake 10
    """
    from banluck.app.presets import load_as
    from banluck.core.cards import parse_cards
    from banluck.games.banluck.preset import Preset
    from banluck.games.banluck.settlement import judge

    preset = load_as(rules, Preset)
    result = judge(parse_cards(player), parse_cards(dealer), preset)
    amount = result.verdict.amount(stake)
    if as_json:
        out = {
            "player": _hand_json(result.player),
            "dealer": _hand_json(result.dealer),
            "amount": amount,
            "reason": result.verdict.reason_at(stake),
        }
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    p, d = result.player, result.dealer
    typer.echo(f"player {' '.join(map(str, p.cards))}: {p.label}")
    typer.echo(f"dealer {' '.join(map(str, d.cards))}: {d.label}")
    sign = "+" if amount > 0 else ""
    typer.echo(f"player {sign}{amount}: {result.verdict.reason_at(stake)}")


def _hand_json(hand: "Hand") -> dict[str, Any]:
    return {"total": hand.total, "kind": str(hand.kind)}


def register(app: typer.Typer) -> None:
    app.command("odds")(odds)
    app.command("judge")(judge_cmd)
