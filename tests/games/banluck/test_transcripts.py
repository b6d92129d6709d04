"""Whole nights replayed from night logs whose balances were worked out by hand from docs/rules.md.

Each file in transcripts/ beside this test says what it expects in comments:
`# expect balances: Name N, ...`, `# expect dealer: Name`, `# expect rounds: N`, and
`# with key=value ...` changes knobs of the named preset for that night.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banluck.app import presets
from banluck.app.records import read_log
from banluck.games.banluck.family import BAN_LUCK
from banluck.games.banluck.preset import KNOB_BY_KEY, Preset
from banluck.table.night import Night

HERE = Path(__file__).parent / "transcripts"
LOGS = sorted(HERE.glob("*.log"))


def with_overrides(preset: Preset, pairs: list[str]) -> Preset:
    data = preset.to_dict()
    for pair in pairs:
        key, _, text = pair.partition("=")
        section, _, field = key.partition(".")
        data[section][field] = KNOB_BY_KEY[key].parse(text)
    return Preset.from_mapping(data, source="override")


def replay_file(path: Path) -> tuple[Night, str]:
    text = path.read_text(encoding="utf-8")
    overrides = [w for m in re.findall(r"^# with (.*)$", text, re.M) for w in m.split()]
    night, _ = read_log(text, path.name, lambda n: with_overrides(presets.load(n), overrides))
    return night, text


def expected_balances(text: str) -> dict[str, int]:
    line = re.search(r"^# expect balances: (.*)$", text, re.M)
    assert line, "a transcript says which balances it expects"
    return {name: int(v) for name, v in re.findall(r"(\w+) (-?\d+)", line.group(1))}


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_transcript_balances(path: Path) -> None:
    """The night's balances equal the ones worked out by hand, and every round nets to zero."""
    night, text = replay_file(path)
    assert night.current is None, f"a round is left unfinished: {night.current}"
    assert night.balances == expected_balances(text)
    for r in night.rounds:
        assert sum(r.nets().values()) == 0
        assert all(isinstance(t.amount, int) and t.amount > 0 for t in r.transfers)
    rounds = re.search(r"^# expect rounds: (\d+)$", text, re.M)
    assert rounds and len(night.rounds) == int(rounds.group(1))
    dealer = re.search(r"^# expect dealer: (\w+)$", text, re.M)
    assert dealer and night.seating.dealer == dealer.group(1)


def test_there_are_thirty_whole_rounds() -> None:
    """The transcripts cover at least 30 whole rounds."""
    assert sum(len(replay_file(p)[0].rounds) for p in LOGS) >= 30


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_saved_round_lines_replay_to_the_same_transfers(path: Path) -> None:
    """A finished round's own lines, replayed on a fresh table, give the same transfers."""
    from banluck.table.nightlog import split_line
    from banluck.table.round import Round
    from banluck.table.seating import Table

    night, _ = replay_file(path)
    for r in night.rounds:
        rnd = Round(Table(night.seating.preset, r.dealer, dict(r.stakes)), BAN_LUCK)
        for line in r.lines:
            word, *args = split_line(line)
            rnd.do(BAN_LUCK.words[word].parse(args))
        assert tuple(rnd.transfers()) == r.transfers
