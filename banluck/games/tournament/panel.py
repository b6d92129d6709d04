"""The tournament at a glance, as plain data: the leaderboard, the hand in play, what is awaited.
The console decides how it looks (80 columns or 45)."""

from __future__ import annotations

from dataclasses import dataclass

from banluck.games.casino.panel import panel as hand_panel
from banluck.games.tournament.night import Tournament
from banluck.table.game import Panel, PanelRow

HIDDEN = "hidden"


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One player on the leaderboard."""

    place: int
    name: str
    stack: int
    bet: str  # this hand's bet, `hidden` for an unsettled secret bet, "" before it is made
    status: str  # `next to bet`, `in`, `out after hand 8: ...`, or the prize at the end
    out: bool


@dataclass(frozen=True, slots=True)
class Board:
    title: str  # `hand 9 of 30 · cut-off after hand 16 (8 to go)`
    rows: tuple[BoardRow, ...]
    dealer: str | None  # the dealer's line of the hand in play (`dealer 6 10 = 16`)
    hand: tuple[HandRow, ...]  # the hand in play, secret bets shown as hidden
    hints: tuple[str, ...]
    awaited: str


@dataclass(frozen=True, slots=True)
class HandRow:
    """One hand (or insurance bet) of the hand in play; `bet` is `hidden` for a secret bet."""

    name: str
    bet: str
    cards: str
    state: str
    amount: int | None


def _owner(row: PanelRow) -> str:
    return row.name.split(" ")[0].split(".")[0]


def _hand(t: Tournament) -> tuple[str | None, tuple[HandRow, ...], tuple[str, ...]]:
    if t.current is None:
        return None, (), ()
    shown: Panel = hand_panel(t.current.state)
    hidden = t.hidden()
    rows = tuple(
        HandRow(r.name, HIDDEN if _owner(r) in hidden else str(r.stake), r.cards, r.state, r.amount)
        for r in shown.rows
    )
    return shown.dealer, rows, shown.hints


def title(t: Tournament) -> str:
    section = t.preset.tournament
    if t.over:
        return f"the tournament is over after hand {len(t.hands)} of {section.hands}"
    text = f"hand {t.number} of {section.hands}"
    cutoff = t.next_cutoff()
    if cutoff is None:
        return f"{text} · no cut-off left"
    return f"{text} · cut-off after hand {cutoff} ({cutoff - len(t.hands)} to go)"


def board(t: Tournament) -> Board:
    won = t.prizes()
    bettor = t.next_bettor()
    hidden = t.hidden()
    rows = []
    for at, group in t.placed():
        for name in group:
            gone = t.is_out(name)
            bet = t.bets.get(name)
            shown = "" if bet is None else HIDDEN if name in hidden else str(bet)
            if t.over:
                out = f"out after hand {gone.hand}" if gone else ""
                status = f"prize {won[name]}" if name in won else out
            elif gone is not None:
                status = f"out after hand {gone.hand}: {gone.reason}"
            elif name == bettor:
                status = "next to bet"
            elif name == t.first:
                status = "bet first"
            else:
                status = "in"
            rows.append(BoardRow(at, name, t.stacks[name], shown, status, gone is not None))
    dealer, hand, hints = _hand(t)
    return Board(title(t), tuple(rows), dealer, hand, hints, t.pending())
