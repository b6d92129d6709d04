"""The odds models kept in the data folder: used, rebuilt when their inputs change, and a damaged
file is ignored (the model is built again and the answers do not change)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from banluck.app import presets
from banluck.core.cards import parse_cards
from banluck.games.banluck import odds, odds_cache
from banluck.games.banluck.advice import ClosedPlayer, advise
from banluck.games.banluck.odds import Model, Policy
from banluck.games.banluck.preset import Preset


@pytest.fixture(autouse=True)
def fresh_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts with no model in memory, as a new run does."""
    monkeypatch.setattr(odds, "_MODELS", {})


def _preset(name: str = "chinese") -> Preset:
    preset = presets.load(name)
    assert isinstance(preset, Preset)
    return preset


def _files(home: Path) -> list[Path]:
    return sorted((home / odds_cache.FOLDER).glob("odds-*.cache"))


def _advice(preset: Preset, policy: Policy = odds.DEFAULT_POLICY) -> object:
    players = [ClosedPlayer("P1", 3, policy), ClosedPlayer("P2", 2, policy)]
    return advise(preset, parse_cards(["10", "6"]), parse_cards(["K", "5", "9"]), players)


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    builds: list[int] = []
    real_init = Model.__init__

    def counting(self: Model, *args: object) -> None:
        builds.append(1)
        real_init(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Model, "__init__", counting)
    return builds


def test_a_cached_model_is_read_back_and_gives_the_same_advice(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    preset = _preset()
    built = odds_cache.cached_model(banluck_home, preset, odds.DEFAULT_POLICY, "no-instant")
    assert len(_files(banluck_home)) == 1
    fresh = _advice(preset)

    monkeypatch.setattr(odds, "_MODELS", {})  # a new run
    builds = _count_builds(monkeypatch)
    read = odds_cache.cached_model(banluck_home, preset, odds.DEFAULT_POLICY, "no-instant")
    assert builds == []  # read from the file, not built
    assert read is not built
    assert odds.model_for(preset, odds.DEFAULT_POLICY, "no-instant") is read
    assert read.draw == built.draw and read.left_out == built.left_out
    assert read.closed.keys() == built.closed.keys()
    for n, entries in built.closed.items():
        assert read.closed[n].entries == entries.entries
        assert read.closed[n].ranks == entries.ranks
    assert read.shown == built.shown
    assert _advice(preset) == fresh


def test_the_odds_command_writes_the_cache_once_and_answers_alike(
    cli, banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ("odds", "-d", "10 6", "-s", "K 5 9", "-c", "3", "-c", "2", "-c", "4")
    code, first, _ = cli(*args)
    assert code == 0
    assert len(_files(banluck_home)) == 1
    monkeypatch.setattr(odds, "_MODELS", {})
    builds = _count_builds(monkeypatch)
    code, second, _ = cli(*args)
    assert code == 0 and second == first
    assert builds == []


@pytest.mark.parametrize(
    "change",
    [
        lambda p, pol: (replace(p, payouts=replace(p.payouts, twenty_one=3)), pol, "no-instant"),
        lambda p, pol: (replace(p, bust=replace(p.bust, shown_at_once=True)), pol, "no-instant"),
        lambda p, pol: (p, Policy(p=0.3), "no-instant"),
        lambda p, pol: (p, Policy(stand_at=17), "no-instant"),
        lambda p, pol: (p, pol, "nothing"),
    ],
    ids=["payout", "bust knob", "policy p", "policy stand_at", "declared"],
)
def test_a_change_of_any_input_builds_another_model(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch, change: object
) -> None:
    preset = _preset()
    odds_cache.cached_model(banluck_home, preset, odds.DEFAULT_POLICY, "no-instant")
    other_preset, other_policy, declared = change(preset, odds.DEFAULT_POLICY)  # type: ignore[operator]
    monkeypatch.setattr(odds, "_MODELS", {})
    builds = _count_builds(monkeypatch)
    model = odds_cache.cached_model(banluck_home, other_preset, other_policy, declared)
    assert builds == [1]
    assert model.preset == other_preset and model.policy == other_policy
    assert len(_files(banluck_home)) == 2
    assert _advice(other_preset, other_policy) == _advice_fresh(other_preset, other_policy)


def _advice_fresh(preset: Preset, policy: Policy) -> object:
    odds._MODELS.clear()
    odds.remember(Model(preset, policy, "no-instant"))
    return _advice(preset, policy)


def test_a_stale_key_in_the_file_is_not_trusted(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file whose key is not this run's (another banluck wrote it) is rebuilt and rewritten."""
    preset = _preset()
    odds_cache.cached_model(banluck_home, preset, odds.DEFAULT_POLICY, "no-instant")
    (path,) = _files(banluck_home)
    monkeypatch.setattr(odds_cache, "_code_digest", lambda: "another banluck")
    monkeypatch.setattr(odds, "_MODELS", {})
    builds = _count_builds(monkeypatch)
    odds_cache.cached_model(banluck_home, preset, odds.DEFAULT_POLICY, "no-instant")
    assert builds == [1]

    # the same file name with another key inside: not used
    key = odds_cache.cache_key(preset, odds.DEFAULT_POLICY, "no-instant")
    target = odds_cache.cache_path(banluck_home, key)
    target.write_bytes(path.read_bytes())
    monkeypatch.setattr(odds, "_MODELS", {})
    odds_cache.cached_model(banluck_home, preset, odds.DEFAULT_POLICY, "no-instant")
    assert builds == [1, 1]


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[: len(b) // 2],  # truncated
        lambda b: b"",  # empty
        lambda b: b"\x00\xff garbage",
        lambda b: b[:-40] + bytes([b[-40] ^ 0x55]) + b[-39:],  # one byte of the model changed
        lambda b: b.split(b"\n")[0] + b"\n{}",  # a body of another shape
        lambda b: b.split(b"\n")[0] + b"\n[1,2]",
        lambda b: b.split(b"\n")[0] + b"\n",  # no body
    ],
    ids=["truncated", "empty", "garbage", "edited body", "empty body", "list body", "no body"],
)
def test_a_damaged_cache_file_is_ignored_and_rewritten(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch, damage: object
) -> None:
    preset = _preset("kampung")
    odds_cache.cached_model(banluck_home, preset, odds.DEFAULT_POLICY, "no-instant")
    expected = _advice(preset)
    (path,) = _files(banluck_home)
    good = path.read_bytes()
    path.write_bytes(damage(good))  # type: ignore[operator]
    monkeypatch.setattr(odds, "_MODELS", {})
    builds = _count_builds(monkeypatch)
    odds_cache.cached_model(banluck_home, preset, odds.DEFAULT_POLICY, "no-instant")
    assert builds == [1]
    assert _advice(preset) == expected
    assert path.read_bytes() == good  # written again, whole


def test_an_unwritable_data_folder_only_costs_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    preset = _preset()
    model = odds_cache.cached_model(blocker, preset, odds.DEFAULT_POLICY, "no-instant")
    assert model is odds.model_for(preset, odds.DEFAULT_POLICY, "no-instant")


def test_a_policy_subclass_is_built_not_cached(banluck_home: Path) -> None:
    class Cautious(Policy):
        def draw_probability(self, hand, preset):  # type: ignore[no-untyped-def]
            return 0.0 if hand.total >= 15 else super().draw_probability(hand, preset)

    odds_cache.cached_model(banluck_home, _preset(), Cautious(), "no-instant")
    assert _files(banluck_home) == []
