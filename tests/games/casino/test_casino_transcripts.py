"""Whole casino nights replayed from night logs whose balances were worked out by hand from
CASINO.md (§1 the rules, §8 the worked cases), in the format of tests/games/banluck/transcripts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banluck.app import presets
from banluck.app.records import read_log
from banluck.games.casino import bingo
from banluck.games.casino.family import CASINO
from banluck.games.casino.preset import Preset
from banluck.games.casino.schema import SCHEMA
from banluck.games.casino.side import CasinoSide
from banluck.table.line import split_line
from banluck.table.night import Night
from banluck.table.round import Round
from banluck.table.seating import Table

HERE = Path(__file__).parent / "transcripts"
LOGS = sorted(HERE.glob("*.log"))


def with_overrides(preset: Preset, pairs: list[str]) -> Preset:
    data = preset.to_dict()
    for pair in pairs:
        key, _, text = pair.partition("=")
        section, _, field = key.partition(".")
        data[section][field] = SCHEMA.by_key[key].parse(text)
    return Preset.from_mapping(data, source="override")


def load(name: str, overrides: list[str]) -> Preset:
    preset = presets.load(name)
    assert isinstance(preset, Preset)
    return with_overrides(preset, overrides)


def replay_file(path: Path) -> tuple[Night, str]:
    text = path.read_text(encoding="utf-8")
    overrides = [w for m in re.findall(r"^# with (.*)$", text, re.M) for w in m.split()]
    night, _ = read_log(text, path.name, lambda n: load(n, overrides))
    return night, text


def expected_balances(text: str) -> dict[str, int]:
    line = re.search(r"^# expect balances: (.*)$", text, re.M)
    assert line, "a transcript says which balances it expects"
    return {name: int(v) for name, v in re.findall(r"(\w+) (-?\d+)", line.group(1))}


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_casino_transcript_balances(path: Path) -> None:
    """The night's balances equal the ones worked out by hand; every round nets to zero in
    whole chips, and the deal is where the rotation puts it."""
    night, text = replay_file(path)
    assert night.current is None, f"a round is left unfinished: {night.current}"
    assert night.balances == expected_balances(text)
    for r in night.rounds:
        assert sum(r.nets().values()) == 0
        assert all(isinstance(t.amount, int) and t.amount > 0 for t in r.transfers)
    rounds = re.search(r"^# expect rounds: (\d+)$", text, re.M)
    # rounds as the table counts them: a settlement between rounds (a cash-out) is none
    assert rounds and sum(not r.between for r in night.rounds) == int(rounds.group(1))
    dealer = re.search(r"^# expect dealer: (\w+)$", text, re.M)
    assert dealer and night.seating.dealer == dealer.group(1)


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_saved_casino_round_lines_replay_to_the_same_transfers(path: Path) -> None:
    """A finished round's own lines, replayed on a fresh table holding the Bingo cards and the
    standing bets it started with, give the same transfers: the round's, then its Bingo marks, then (when the bank
    passed after it) the cards it closed. A settlement between rounds (a cash-out) deals no
    cards."""
    night, _ = replay_file(path)
    for r in night.rounds:
        if r.ended in ("bingo", "cashout") or r.ended == "pass":
            assert not r.stakes and len(r.lines) == 1
            continue
        cards = bingo.load(r.table_before.get("bingo"))
        table = Table(
            night.seating.preset,
            r.dealer,
            dict(r.stakes),
            side=CasinoSide(r.side.bets, r.side.standing, cards),
        )
        rnd = Round(table, CASINO)
        for line in r.lines:
            word, *args = split_line(line)
            rnd.do(CASINO.words[word].parse(args))
        _, marks = bingo.after_round(cards, rnd.state, r.dealer)
        played = (*rnd.transfers(), *marks)
        assert r.transfers[: len(played)] == played
        assert all(t.reason.endswith("the bank passes") for t in r.transfers[len(played) :])
