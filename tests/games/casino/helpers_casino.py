"""Rounds of casino blackjack typed line by line, for the casino tests."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from banluck.app import presets
from banluck.games.casino.family import CASINO
from banluck.games.casino.preset import Preset
from banluck.games.casino.side import CasinoSide
from banluck.games.casino.state import RoundState
from banluck.table.line import split_line
from banluck.table.round import Round
from banluck.table.seating import Table

SHIPPED = frozenset(presets.shipped_names())


@functools.cache
def _shipped(name: str) -> Preset:
    """A shipped preset, read once: its file never changes, and a Preset is frozen."""
    loaded = presets.load(name)
    assert isinstance(loaded, Preset)
    return loaded


def preset(name: str = "blackjack-pro", **knobs: Any) -> Preset:
    """A shipped casino preset with dotted knobs changed: `preset(**{"split.max_hands": 3})`."""
    loaded = _shipped(name) if name in SHIPPED else presets.load(name)
    assert isinstance(loaded, Preset)
    for key, value in knobs.items():
        if "." not in key:
            loaded = dataclasses.replace(loaded, **{key: value})
            continue
        section, field = key.split(".")
        part = dataclasses.replace(getattr(loaded, section), **{field: value})
        loaded = dataclasses.replace(loaded, **{section: part})
    return loaded


def resolve(state: RoundState) -> Any:
    def run(name: str) -> str:
        for seat in [state.dealer, *state.players]:
            if seat.lower() == name.lower():
                return seat
        from banluck.core.errors import RuleError

        raise RuleError(f"{name} is not at the table")

    return run


def play(
    lines: str | list[str],
    rules: Preset | None = None,
    stakes: dict[str, int] | None = None,
    dealer: str = "Mei",
    bets: tuple[tuple[str, str, int], ...] = (),
) -> Round[RoundState]:
    """A round with `lines` typed in order (each through its word's expand, as at the table);
    `bets` are the table's standing side bets, e.g. (("pp", "Bob", 5),)."""
    rnd: Round[RoundState] = Round(
        Table(rules or preset(), dealer, stakes or {"Bob": 10, "Carol": 10}, side=CasinoSide(bets)),
        CASINO,
    )
    for text in lines.splitlines() if isinstance(lines, str) else lines:
        do(rnd, text)
    return rnd


def do(rnd: Round[RoundState], text: str) -> None:
    words = split_line(text)
    if not words:
        return
    cls = CASINO.words[CASINO.aliases.get(words[0], words[0])]
    for action in cls.expand(words[1:], rnd.state, resolve(rnd.state)):
        rnd.do(action)


def nets(rnd: Round[RoundState]) -> dict[str, int]:
    from banluck.core.money import nets as money_nets

    return money_nets(rnd.transfers())


def assert_replays(rnd: Round[RoundState]) -> None:
    """The round's lines, typed again on a fresh round of its table, give the same state and
    transfers (replay equals live)."""
    replayed: Round[RoundState] = Round(rnd.table, CASINO)
    for line in rnd.lines():
        word, *args = split_line(line)
        replayed.do(CASINO.words[word].parse(args))
    assert replayed.state == rnd.state
    assert replayed.transfers() == rnd.transfers()
