"""Casino blackjack as a game: its actions, fresh round state, transfers and console pieces."""

from __future__ import annotations

from banluck.core.errors import RuleError
from banluck.games.casino import boxes
from banluck.games.casino.actions import ROUND_ACTIONS
from banluck.games.casino.hints import hints, names_for, words_now
from banluck.games.casino.lab import LAB
from banluck.games.casino.panel import panel
from banluck.games.casino.preset import Preset
from banluck.games.casino.risk import check_limit, table_worst
from banluck.games.casino.schema import GAME
from banluck.games.casino.side import WORDS, load, side_of
from banluck.games.casino.sidebet_round import open_side_bets
from banluck.games.casino.state import RoundState, dealers_left
from banluck.games.casino.transfers import round_transfers
from banluck.table.game import Game, HelpRow
from banluck.table.seating import Table


def fresh_state(table: Table) -> RoundState:
    """The boxes of a new round; a stake that would make half chips is refused here."""
    preset = table.preset
    if not isinstance(preset, Preset):
        raise TypeError(f"a casino round needs a casino preset, not {preset.game}")
    side = side_of(table)  # its side bets, boxes and Bingo cards (side.py)
    if table.typed:  # limits.bank (risk.py); not for stored lines played again
        check_limit(preset, table_worst(preset, table.stakes, side.bets, side.standing))
    plays_out = bool(side.cards)  # a live Bingo card (bingo.py)
    spots, waiting = boxes.fresh_boxes(preset, dict(table.stakes), side.standing)
    if not spots and side.standing:
        raise RuleError("a round needs at least one box: everyone bets behind a box that waits")
    state = RoundState(preset, table.dealer, spots, waiting_bets=waiting, plays_out=plays_out)
    state.order = dealers_left(table.seats, table.dealer, spots)  # the suggested order of play
    state.side_bets = open_side_bets(preset, table.dealer, list(spots), side.bets)  # sidebets.py
    return state


SIDE_BET_HELP = {
    "pp": "Perfect Pairs on Bob's box, every round until `pp Bob 0`",
    "t3": "21+3: Bob's two cards and the up card, until `t3 Bob 0`",
    "dp": "Dealer's Pair: the dealer's up and hole cards, until `dp Bob 0`",
}
HELP = (
    HelpRow("up 6", "", "the dealer's up card (starts a round)"),
    HelpRow("deal Bob 10 7", "dl", "a box's first two cards; every box before any decision"),
    HelpRow("even Bob", "", "a blackjack against an ace takes even money"),
    HelpRow("insure Bob [Carol]", "ins", "insurance, half the bet, before the peek"),
    HelpRow("peek", "pk", "the dealer has no blackjack under his ace or ten"),
    HelpRow("hole K", "", "the hole card: at the peek when blackjack, else at his turn"),
    HelpRow("surrender Bob", "sur", "late surrender: half the bet back"),
    HelpRow("hit Bob 5 | hit Bob.2 5", "h", "a card to a hand"),
    HelpRow("stand Bob", "s, st", "the hand stands"),
    HelpRow("double Bob 9", "dbl", "double the bet, one card"),
    HelpRow("split Bob", "sp", "split a pair: Bob.1, Bob.2"),
    HelpRow("draw 5", "d", "the dealer draws to 17"),
    HelpRow("round", "r", "a new round (optional: `up` starts one)"),
    *(HelpRow(f"{w} Bob 5", "", said, WORDS[w].offered) for w, said in SIDE_BET_HELP.items()),
    *(HelpRow(WORDS[w].usage, "", WORDS[w].help, WORDS[w].offered) for w in ("bingo", "cashout")),
    HelpRow(
        "behind Carol Bob 5 follow|stay",
        "",
        "Carol bets behind Bob's box (behind Carol 0)",
        lambda preset: preset.boxes.bettors > 1,
    ),
    HelpRow(
        "box Bob 2 | stake Bob:2 20",
        "",
        "Bob plays a second box, Bob:2, at its own stake",
        lambda preset: preset.boxes.per_seat > 1,
    ),
)

CASINO: Game[RoundState] = Game(
    name=GAME,
    actions=lambda: ROUND_ACTIONS,
    new_state=fresh_state,
    transfers=round_transfers,
    hints=hints,
    words_now=words_now,
    names_for=names_for,
    panel=panel,
    lab=LAB,
    idle="between rounds: `up CARD` starts a round",
    help_rows=HELP,
    aliases={
        "h": "hit",
        "s": "stand",
        "st": "stand",
        "d": "draw",
        "dl": "deal",
        "dbl": "double",
        "sp": "split",
        "sur": "surrender",
        "ins": "insure",
        "pk": "peek",
    },
    side=load,
)

FAMILY = CASINO  # what banluck.app.games looks up by a preset's `game`
