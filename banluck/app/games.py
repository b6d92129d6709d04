"""The games by name: a preset's `game` chooses its `Game` and its preset loader.

This is the one place that lists the games. Each game's `preset` module offers `PRESET` (its
preset class, with `from_mapping` and `SCHEMA`), its `schema` module `SCHEMA` (the knobs alone),
its `family` module `FAMILY` (its `Game`) and its `lab` module `LAB` (the game's `lab`); each
is imported only when needed, so a command that only reads rules never loads a round engine, and
one that only checks files no preset class.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, cast

from banluck.core.errors import PresetError
from banluck.core.knobs import FIRST_GAME

if TYPE_CHECKING:  # types only: reading a preset loads no round machinery
    from banluck.core.knobs import Knob, Schema
    from banluck.money.stats import Tally
    from banluck.table.game import Game
    from banluck.table.lab import Lab
    from banluck.table.preset import TablePreset

GAMES: dict[str, str] = {
    "ban-luck": "banluck.games.banluck",
    "casino": "banluck.games.casino",
}

# Nights of their own kind, by the first word of their night log (`night` is the usual night,
# played by its preset's game). Each module offers `START_WORD`, `parse_start`,
# `start_for` and the night's class.
NIGHT_KINDS: dict[str, str] = {
    "tournament": "banluck.games.tournament.night",
}


def night_kind(word: str) -> Any:
    """The module of the night kind whose log starts with `word`, or None for a usual night."""
    path = NIGHT_KINDS.get(word.lower())
    return None if path is None else import_module(path)


def _module(game: object, source: str, part: str = "preset") -> Any:
    if not isinstance(game, str) or game not in GAMES:
        raise PresetError(
            f"{source}: game = {game!r} is not a game banluck plays (games: {', '.join(GAMES)})"
        )
    return import_module(f"{GAMES[game]}.{part}")


def game_of(data: Mapping[str, Any]) -> object:
    """The game a preset mapping is for (a mapping written before `game` existed: ban-luck)."""
    return data.get("game", FIRST_GAME)


def schema_for(data: Mapping[str, Any], source: str = "preset") -> Schema:
    """The schema of a preset mapping's game: its `schema` module only, not the preset's
    classes (checking a file builds no preset)."""
    return cast("Schema", _module(game_of(data), source, "schema").SCHEMA)


def knobs_of(preset: TablePreset) -> tuple[Knob, ...]:
    """Every knob of the preset's game, in the schema's order."""
    return schema_for(preset.to_dict(), preset.name).knobs


def load_preset(data: Mapping[str, Any], source: str = "preset") -> TablePreset:
    """The preset of any game from its mapping (a file or a stored snapshot, of any version)."""
    if not isinstance(data, Mapping):
        raise PresetError(f"{source}: a preset is a table of knobs, not {type(data).__name__}")
    return cast("TablePreset", _module(game_of(data), source).PRESET.from_mapping(data, source))


def game_for(preset: TablePreset) -> Game[Any]:
    """The game that plays rounds under `preset`."""
    return cast("Game[Any]", _module(preset.game, preset.name, "family").FAMILY)


def counted_kinds(game: str = FIRST_GAME) -> tuple[str, ...]:
    """The hand kinds the ledger's statistics count (`banluck stats`): the game's
    `Game.counted`, read from its `counted` module so that no round engine is loaded."""
    return cast("tuple[str, ...]", _module(game, "stats", "counted").COUNTED)


def tally_of(game: str = FIRST_GAME) -> Tally | None:
    """What the game counts in a round beyond its hand kinds (`money.stats.Tally`: a casino's
    splits, doubles, surrenders and side bets won), from its `counted` module; None for a game
    that counts its hand kinds only."""
    return cast("Tally | None", getattr(_module(game, "stats", "counted"), "tally", None))


def counted_heads(game: str = FIRST_GAME) -> tuple[tuple[str, ...], str]:
    """The column heads of the game's counted kinds (`counted_kinds`' order) and the caption
    that spells them out, for `banluck stats`."""
    module = _module(game, "stats", "counted")
    return cast("tuple[str, ...]", module.HEADS), cast("str", module.CAPTION)


def lab_for(preset: TablePreset) -> Lab | None:
    """The lab of the preset's game (its game's `lab`), read from the game's `lab` module
    alone: `banluck hand` and `banluck edge` load no round engine."""
    _module(preset.game, preset.name, "schema")  # a game banluck plays
    try:
        module = import_module(f"{GAMES[preset.game]}.lab")
    except ModuleNotFoundError as exc:
        if exc.name != f"{GAMES[preset.game]}.lab":
            raise
        return None  # a game without a lab
    return cast("Lab | None", getattr(module, "LAB", None))


def cross_problems_of(data: Mapping[str, Any]) -> list[str]:
    """The rules between knobs a command of the game checks (`Schema.rules`) that a preset
    mapping whose knobs are each valid breaks: [] when every command can use it."""
    try:
        schema = schema_for(data)
        upgraded = schema.upgrade(data)
        return [] if schema.problems(upgraded) else schema.cross_problems(upgraded)
    except PresetError:
        return []


def problems_of(data: Mapping[str, Any]) -> list[str]:
    """Every problem with a preset mapping of any game and version, each naming its key."""
    try:
        schema = schema_for(data)
        return schema.problems(schema.upgrade(data))
    except PresetError as exc:
        return [str(exc).removeprefix("preset: ")]
