"""`banluck hand` and `banluck judge`: the rules engine on the spot."""

from typing import Annotated, Any

import typer

from banluck.app.presets import DEFAULT_PRESET, load_as
from banluck.core.cards import check_deck, parse_cards
from banluck.games.banluck.hands import Hand
from banluck.games.banluck.preset import Preset
from banluck.games.banluck.settlement import check_hand_size, judge

RulesOpt = Annotated[
    str, typer.Option("--rules", "-r", help="House-rule preset (see `banluck rules list`).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def _hand_json(hand: Hand) -> dict[str, Any]:
    return {"total": hand.total, "kind": str(hand.kind)}


def hand(
    cards: Annotated[list[str], typer.Argument(help="The cards, e.g. A K or 10h 5 6.")],
    rules: RulesOpt = DEFAULT_PRESET,
    as_json: JsonOpt = False,
) -> None:
    """The total and kind of a hand under a preset (a casino preset: hard or soft total).

    Example: banluck hand A 6 4 --rules kampung
    """
    from banluck.app.presets import load

    preset = load(rules)
    if not isinstance(preset, Preset):
        from banluck.games.casino.preset import Preset as CasinoPreset

        if isinstance(preset, CasinoPreset):
            _casino_hand(cards, preset, as_json)
            return
        preset = load_as(rules, Preset)  # says which game this preset is for
    parsed = parse_cards(cards)
    check_hand_size(parsed, preset, "the hand")
    check_deck(parsed, preset.decks)
    value = Hand.of(parsed, preset)
    if as_json:
        import json

        out = {"cards": [c.code() for c in parsed], **_hand_json(value)}
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    shown = " ".join(str(c) for c in parsed)
    soft = " (soft)" if value.soft else ""
    typer.echo(f"{shown}: {value.total}{soft}, {value.kind}")


def _casino_hand(cards: list[str], preset: Any, as_json: bool) -> None:
    """A casino hand: its hard or soft total, a bust, or a two-card 21 (a blackjack when it is a
    box's first two cards)."""
    from banluck.games.casino.hands import is_two_card_21, total

    parsed = parse_cards(cards)
    check_deck(parsed, preset.decks)
    value, soft = total(parsed)
    kind = (
        "blackjack"
        if is_two_card_21(parsed)
        else "bust"
        if value > 21
        else "soft"
        if soft
        else "hard"
    )
    if as_json:
        import json

        out = {"cards": [c.code() for c in parsed], "total": value, "soft": soft, "kind": kind}
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    shown = " ".join(str(c) for c in parsed)
    words = {
        "blackjack": "blackjack (on a box's first two cards; 21 on a split hand)",
        "bust": "bust",
        "soft": f"soft {value}",
        "hard": f"hard {value}",
    }
    typer.echo(f"{shown}: {value}, {words[kind]}")


def judge_cmd(
    dealer: Annotated[str, typer.Option("--dealer", "-d", help='Dealer\'s cards, e.g. "10 6".')],
    player: Annotated[str, typer.Option("--player", "-p", help='Player\'s cards, e.g. "A K".')],
    stake: Annotated[int, typer.Option("--stake", "-s", help="The player's stake.", min=0)] = 1,
    rules: RulesOpt = DEFAULT_PRESET,
    as_json: JsonOpt = False,
) -> None:
    """What changes hands when this player is settled against this dealer hand.

    Example: banluck judge --dealer "10 6" --player "10 5 9" --stake 10
    """
    preset = load_as(rules, Preset)
    result = judge(parse_cards(player), parse_cards(dealer), preset)
    amount = result.verdict.amount(stake)
    if as_json:
        import json

        out = {
            "player": _hand_json(result.player),
            "dealer": _hand_json(result.dealer),
            "amount": amount,
            "reason": result.verdict.reason,
        }
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    p, d = result.player, result.dealer
    typer.echo(f"player {' '.join(map(str, p.cards))}: {p.label}")
    typer.echo(f"dealer {' '.join(map(str, d.cards))}: {d.label}")
    sign = "+" if amount > 0 else ""
    typer.echo(f"player {sign}{amount}: {result.verdict.reason}")


def register(app: typer.Typer) -> None:
    app.command("hand")(hand)
    app.command("judge")(judge_cmd)
