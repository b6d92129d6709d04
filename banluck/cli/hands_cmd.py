"""`banluck hand`: a hand's total and kind under any game's preset, through the game's lab."""

from typing import Annotated

import typer

from banluck.app.presets import DEFAULT_PRESET
from banluck.cli.common import JsonOpt, RulesOpt, echo_json


def hand(
    cards: Annotated[list[str], typer.Argument(help="The cards, e.g. A K or 10h 5 6.")],
    rules: RulesOpt = DEFAULT_PRESET,
    as_json: JsonOpt = False,
) -> None:
    """The total and kind of a hand under a preset (a casino preset: hard or soft total).

    Example: banluck hand A 6 4 --rules kampung
    """
    from banluck.app.games import lab_for
    from banluck.app.presets import load
    from banluck.cli.render import print_report
    from banluck.core.errors import PresetError

    preset = load(rules)
    lab = lab_for(preset)
    if lab is None:
        raise PresetError(f"{rules} is a {preset.game} preset: no game lab reads its hands")
    report = lab.hand(preset, cards)
    if as_json:
        echo_json(report.data)
        return
    print_report(report)


def register(app: typer.Typer) -> None:
    app.command("hand")(hand)
