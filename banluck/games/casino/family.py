"""Casino blackjack as a game family: its actions, fresh round state, transfers and console pieces."""

from __future__ import annotations

from banluck.core.errors import RuleError
from banluck.games.casino import boxes
from banluck.games.casino.actions import ROUND_ACTIONS, Up
from banluck.games.casino.bingo import BINGO, live_cards
from banluck.games.casino.hints import hints, names_for, words_now
from banluck.games.casino.lab import LAB
from banluck.games.casino.panel import panel
from banluck.games.casino.preset import Preset
from banluck.games.casino.risk import check_limit, risk_line, table_worst
from banluck.games.casino.schema import GAME
from banluck.games.casino.settlement import check_stake
from banluck.games.casino.sidebet_round import open_side_bets
from banluck.games.casino.sidebets import KINDS
from banluck.games.casino.state import Box, HandState, RoundState
from banluck.games.casino.transfers import round_transfers
from banluck.table.family import Family, HelpRow, StandingBet, TableWord
from banluck.table.seats import Table


def fresh_state(table: Table) -> RoundState:
    """The boxes of a new round; a stake that would make half chips is refused here."""
    preset = table.preset
    if not isinstance(preset, Preset):
        raise TypeError(f"a casino round needs a casino preset, not {preset.game}")
    if table.limits:  # limits.bank (risk.py); not for stored lines played again
        check_limit(preset, table_worst(preset, table.stakes, table.bets, table.standing))
    plays_out = bool(live_cards(table.carry))  # a live Bingo card (bingo.py)
    if not table.standing:  # one box a player, nobody behind: as before boxes existed
        for name, stake in table.stakes.items():
            check_stake(name, stake, preset)
        spots = {
            name: Box(name, stake, [HandState(name, stake)]) for name, stake in table.stakes.items()
        }
        state = RoundState(preset, table.dealer, spots, plays_out=plays_out)
    else:
        spots, waiting = boxes.fresh_boxes(preset, dict(table.stakes), table.standing)
        if not spots:
            raise RuleError("a round needs at least one box: everyone bets behind a box that waits")
        state = RoundState(preset, table.dealer, spots, waiting_bets=waiting, plays_out=plays_out)
    state.side_bets = open_side_bets(preset, table.dealer, list(spots), table.bets)  # sidebets.py
    return state


def check_bets(table: Table, before: Table | None) -> None:
    """A bet between rounds that would take the bank's worst case over limits.bank is refused."""
    preset = table.preset
    if not isinstance(preset, Preset):
        return
    was = (
        table_worst(preset, before.stakes, before.bets, before.standing)
        if before is not None
        else 0
    )
    check_limit(preset, table_worst(preset, table.stakes, table.bets, table.standing), was)


def table_note(table: Table) -> str | None:
    """Between rounds: what the bank risks in the next round, when it has side bets or a limit."""
    preset = table.preset
    if not isinstance(preset, Preset) or not (table.bets or preset.limits.bank):
        return None
    return risk_line(preset, table_worst(preset, table.stakes, table.bets, table.standing))


# The side bets (sidebets.py): standing bets like stakes, `pp Bob 5`, 0 takes one down.
SIDE_BETS = tuple(
    StandingBet(
        kind.word,
        f"{kind.word} NAME AMOUNT",
        f"{kind.title} ({kind.knob}): a standing bet, 0 takes it down",
        kind.check,
        kind.offered,
    )
    for kind in KINDS
)


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
    HelpRow("pp Bob 5", "", "Perfect Pairs on Bob's box, every round until `pp Bob 0`"),
    HelpRow("t3 Bob 5", "", "21+3: Bob's two cards and the up card, until `t3 Bob 0`"),
    HelpRow("dp Bob 5", "", "Dealer's Pair: the dealer's up and hole cards, until `dp Bob 0`"),
    *(HelpRow(w.example, "", w.meaning) for w in BINGO.words.values()),
    HelpRow("behind Carol Bob 5 follow|stay", "", "Carol bets behind Bob's box (behind Carol 0)"),
    HelpRow("box Bob 2 | stake Bob:2 20", "", "Bob plays a second box, Bob:2, at its own stake"),
)

TABLE_WORDS = {
    "behind": TableWord(
        "behind",
        "behind NAME BOX AMOUNT follow|stay",
        "bet behind a box, following or staying out of its doubles and splits",
        boxes.behind,
    ),
    "box": TableWord(
        "box", "box NAME COUNT", "the boxes a player plays (Bob, Bob:2 ...)", boxes.box
    ),
}

CASINO: Family[RoundState] = Family(
    name=GAME,
    actions=ROUND_ACTIONS,
    opening=Up,
    new_state=fresh_state,
    transfers=round_transfers,
    hints=hints,
    words_now=words_now,
    names_for=names_for,
    panel=panel,
    lab=LAB,
    idle="between rounds: `up CARD` starts a round",
    help_rows=HELP,
    carry=BINGO,
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
    standing=SIDE_BETS,
    check_bets=check_bets,
    table_words=TABLE_WORDS,
    spots=boxes.spots,
    leaving=boxes.leaving,
    standing_notes=boxes.notes,
    table_note=table_note,
)

FAMILY = CASINO  # what banluck.app.games looks up by a preset's `game`
