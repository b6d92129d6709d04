"""Ban-luck as a game: its actions, fresh round state, transfers and console pieces.

The round's pieces (actions, state, hints, panel, transfers) are imported when a round needs
them: a night shown between rounds loads none of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from banluck.games.banluck.counted import COUNTED
from banluck.games.banluck.lab import LAB
from banluck.games.banluck.schema import GAME
from banluck.table.game import Game, HelpRow, later

if TYPE_CHECKING:
    from banluck.games.banluck.state import RoundState
    from banluck.table.action import Action

HERE = "banluck.games.banluck"


def round_actions() -> tuple[type[Action[RoundState]], ...]:
    from banluck.games.banluck.actions import ROUND_ACTIONS

    return ROUND_ACTIONS


HELP = (
    HelpRow("dealer 9 7", "dl", "the dealer's first two cards (starts a round)"),
    HelpRow("show Bob A K", "sh", "a player shows cards: instant hand, five cards, a bust"),
    HelpRow("hit Carol [5]", "h", "a player draws a hidden (or a seen) card"),
    HelpRow("stand Carol | stand all", "s, st", "players stop drawing"),
    HelpRow("draw 5", "d", "the dealer draws"),
    HelpRow("open Carol 10 5 9 | open Dave bust", "o", "the dealer opens a player"),
    HelpRow("stop", "", "the dealer stops; open the rest"),
    HelpRow("run Tom 8 7 | run dealer", "", "a two-card 15 runs (where the house allows)"),
    HelpRow("void", "", "the dealer's two-card 15 calls the round off"),
    HelpRow("burn Tom 8 7 | burn dealer", "", "a two-card 15 burns (fifteen.burn)"),
    HelpRow("forfeit Uma", "", "after the dealer burns: give up the stake"),
    HelpRow("round", "r", "a new round (optional: `dealer` starts one)"),
)

BAN_LUCK: Game[RoundState] = Game(
    name=GAME,
    actions=round_actions,
    new_state=later(f"{HERE}.state", "fresh_state"),
    transfers=later(f"{HERE}.transfers", "round_transfers"),
    hints=later(f"{HERE}.hints", "hints"),
    words_now=later(f"{HERE}.hints", "words_now"),
    names_for=later(f"{HERE}.hints", "names_for"),
    panel=later(f"{HERE}.panel", "panel"),
    lab=LAB,
    advise=later(f"{HERE}.advice", "advise_round"),  # the console's `odds`
    idle="between rounds: `dealer C C` starts a round",
    help_rows=HELP,
    redealt=frozenset({"void"}),  # the dealer's two-card 15 calls the round off: dealt again
    aliases={
        "h": "hit",
        "s": "stand",
        "st": "stand",
        "sh": "show",
        "o": "open",
        "d": "draw",
        "dl": "dealer",
    },
    counted=COUNTED,
)

FAMILY = BAN_LUCK  # what banluck.app.games looks up by a preset's `game`
