"""The strict, versioned loader of preset knobs, shared by every game.

A `Knob` is one setting: its dotted key, type, allowed values and meaning. A game's `Schema` is its
knobs, its version and the migration steps between versions. Every preset file and every stored
snapshot of one carries `game` and `version`; a mapping without them is version 1 of ban-luck's
(what banluck wrote before presets were versioned).

The loader stays strict: unknown keys, wrong types, out-of-range values and knobs missing from a
file of the current version are all reported at once, each with its key path. A knob added after
a file's version takes its documented default, so old presets and old stored nights keep loading
and keep settling exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import reduce
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, Self, TypeGuard

from banluck.core.errors import PresetError
from banluck.core.suggest import close_to, key_hint

META = ("game", "version")  # the keys that say which schema a mapping is read with
FIRST_GAME = "ban-luck"  # a mapping without `game` was written before there was another game


def choices(alias: Any) -> tuple[str, ...]:
    """The allowed strings of a `Literal[...]` alias."""
    return tuple(alias.__args__)


class Knob(NamedTuple):
    """One setting of a preset: its dotted key, type, allowed values and meaning.

    `since` is the schema version that added it; a file of an earlier version takes `default`.
    """

    key: str
    kind: type
    help: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    since: int = 1
    default: object = None
    most: int | None = None  # a list knob: the most numbers it may hold

    def describe_allowed(self) -> str:
        if self.choices:
            return "one of " + ", ".join(self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is str:
            return "text"
        span = f"from {self.low}" if self.low is not None else ""
        if self.high is not None:
            span += f" to {self.high}"
        if self.kind is list:
            count = f"at most {self.most} " if self.most is not None else ""
            return f"a list of {count}whole numbers {span}".rstrip() + " ([] for none)"
        return f"a whole number {span}".rstrip()

    def check(self, value: object) -> str | None:
        """Return a problem with `value`, or None when it is allowed."""
        if self.kind is list:
            return self._check_list(value)
        if not (_is_int(value) if self.kind is int else isinstance(value, self.kind)):
            return f"{self.key} = {value!r} has the wrong type: expected {self.describe_allowed()}"
        if self.choices and value not in self.choices:
            close = close_to(str(value), self.choices)
            hint = f" (did you mean {close}?)" if close else ""
            return (
                f"{self.key} = {value!r} is not allowed{hint}: expected {self.describe_allowed()}"
            )
        if _is_int(value) and not self._within(value):
            return f"{self.key} = {value} is out of range: expected {self.describe_allowed()}"
        return None

    def _within(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def _check_list(self, value: object) -> str | None:
        if not isinstance(value, list | tuple) or not all(_is_int(v) for v in value):
            return f"{self.key} = {value!r} has the wrong type: expected {self.describe_allowed()}"
        if self.most is not None and len(value) > self.most:
            return f"{self.key} has {len(value)} numbers: expected {self.describe_allowed()}"
        for v in value:
            if not self._within(v):
                return f"{self.key}: {v} is out of range: expected {self.describe_allowed()}"
        return None

    def parse(self, text: str) -> object:
        """Read a value typed on the command line (`7`, `true`, `pay-all`, `25,12,6`, `[]`) for
        this knob."""
        if self.kind is list:
            words = text.strip().strip("[]").replace(",", " ").split()
            if not all(w.isascii() and w.isdigit() for w in words):
                raise PresetError(f"{self.key} takes {self.describe_allowed()}, not {text!r}")
            return [int(w) for w in words]
        if self.kind is bool:
            found = _BOOLS.get(text.strip().lower())
            if found is None:
                raise PresetError(f"{self.key} takes true or false, not {text!r}")
            return found
        if self.kind is int:
            try:
                return int(text.strip())
            except ValueError:
                raise PresetError(
                    f"{self.key} takes {self.describe_allowed()}, not {text!r}"
                ) from None
        return text.strip()


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# the words `Knob.parse` reads as true and as false
_BOOLS = dict.fromkeys(("true", "yes", "on", "1"), True) | dict.fromkeys(
    ("false", "no", "off", "0"), False
)
Migration = Callable[[dict[str, Any]], dict[str, Any]]


class Schema(NamedTuple):
    """The knobs of one game at its current `version`, and how older mappings are brought up.

    `migrations[v]` turns a mapping of version v into one of version v + 1 (renamed keys, changed
    values); knobs whose `since` is above a mapping's version are filled with their default after
    the steps have run.
    """

    game: str
    version: int
    knobs: tuple[Knob, ...]
    migrations: Mapping[int, Migration] = MappingProxyType({})
    # the rules between knobs that some command of the game checks (a tournament's cut-offs
    # before its last hand): each returns its problems with a checked mapping; a preset file is
    # valid only if every command can use it (`cross_problems`), while a night's stored snapshot
    # is read by `load` alone, as it was played
    rules: tuple[Callable[[Mapping[str, Any]], list[str]], ...] = ()

    @property
    def by_key(self) -> dict[str, Knob]:
        return {k.key: k for k in self.knobs}

    @property
    def sections(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(k.key.split(".")[0] for k in self.knobs if "." in k.key))

    def upgrade(self, data: Mapping[str, Any], source: str = "preset") -> dict[str, Any]:
        """`data` brought to this schema's version: migration steps, then defaults for knobs added
        since. The result carries `game` and `version`. Not yet checked: see `load`."""
        version = data.get("version", 1)
        if not _is_int(version) or version < 1:
            raise PresetError(f"{source}: version = {version!r} must be a whole number from 1")
        if version > self.version:
            raise PresetError(
                f"{source}: written for {self.game} rules version {version}, but this banluck"
                f" reads up to version {self.version}: upgrade banluck to use it"
            )
        out = _copy(data)
        for step in range(version, self.version):
            if (migrate := self.migrations.get(step)) is not None:
                out = migrate(out)
        for knob in self.knobs:
            if knob.since > version:
                _set_default(out, knob.key, knob.default)
        out["game"] = data.get("game", FIRST_GAME)
        out["version"] = self.version
        return out

    def problems(self, data: Mapping[str, Any]) -> list[str]:
        """Every problem with a mapping of this schema's version, each naming its dotted key."""
        problems: list[str] = []
        seen: set[str] = set()
        by_key = self.by_key
        sections = set(self.sections)

        def walk(node: Mapping[str, Any], prefix: str) -> None:
            for key, value in node.items():
                path = f"{prefix}{key}"
                if prefix == "" and key in META:
                    continue
                if isinstance(value, Mapping):
                    if prefix == "" and key in sections:
                        walk(value, path + ".")
                    else:
                        problems.append(f"{path}: unknown section")
                    continue
                knob = by_key.get(path)
                if knob is None:
                    problems.append(f"{path}: unknown key{key_hint(path, by_key)}")
                    continue
                seen.add(path)
                if problem := knob.check(value):
                    problems.append(problem)

        game = data.get("game", FIRST_GAME)
        if game != self.game:
            problems.append(f"game = {game!r}: this is a {self.game} preset")
        walk(data, "")
        for knob in self.knobs:
            if knob.key not in seen and not any(p.startswith(knob.key + " ") for p in problems):
                problems.append(f"{knob.key}: missing ({knob.help}; {knob.describe_allowed()})")
        return problems

    def cross_problems(self, data: Mapping[str, Any]) -> list[str]:
        """The problems between knobs (`rules`) of a mapping whose knobs are each valid."""
        return [problem for rule in self.rules for problem in rule(data)]

    def load(self, data: Mapping[str, Any], source: str = "preset") -> dict[str, Any]:
        """The complete mapping at this version, or PresetError listing every problem."""
        if not isinstance(data, Mapping):
            raise PresetError(f"{source}: a preset is a table of knobs, not {type(data).__name__}")
        upgraded = self.upgrade(data, source)
        if problems := self.problems(upgraded):
            raise PresetError(
                f"{source}: {len(problems)} problem(s): " + "; ".join(problems),
                [f"{source}: {p}" for p in problems],
            )
        return upgraded


def _frozen(value: Any) -> Any:
    """A list knob's value as a tuple, so that a preset stays frozen and hashable."""
    return tuple(value) if isinstance(value, list) else value


def _thawed(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _copy(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _copy(v) if isinstance(v, Mapping) else v for k, v in data.items()}


def _set_default(out: dict[str, Any], key: str, default: object) -> None:
    *path, leaf = key.split(".")
    node = out
    for part in path:
        child = node.setdefault(part, {})  # a section added with the knob
        if not isinstance(child, dict):
            return  # a broken section: the check reports it
        node = child
    node.setdefault(leaf, default)


class SectionedPreset:
    """What every game's preset dataclass shares: `name`, `description`, `decks` and sections of
    knobs (each a frozen dataclass, listed in `SECTIONS`), built by the game's `SCHEMA`.

    A game's preset is `@dataclass(frozen=True, slots=True) class Preset(SectionedPreset)` with
    those fields and the class attributes `game`, `version`, `SCHEMA` and `SECTIONS`.
    """

    __slots__ = ()
    game: ClassVar[str]
    version: ClassVar[int]
    SCHEMA: ClassVar[Schema]
    SECTIONS: ClassVar[Mapping[str, type]]

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "preset") -> Self:
        """Check `data` with the versioned loader and build the preset; every problem at once.

        A mapping of an older version (a user's preset, a night's stored snapshot) is brought up
        to this version first: knobs added since take their documented defaults."""
        full = cls.SCHEMA.load(data, source)
        sections = {
            section: kind(**{f.name: _frozen(full[section][f.name]) for f in fields(kind)})
            for section, kind in cls.SECTIONS.items()
        }
        return cls(  # type: ignore[call-arg]
            name=str(full["name"]),
            description=str(full["description"]),
            decks=int(full["decks"]),
            **sections,
        )

    def to_dict(self) -> dict[str, Any]:
        """A plain nested dict, as in the TOML file (and stored with every night)."""
        out: dict[str, Any] = {"game": self.game, "version": self.version}
        out.update((key, getattr(self, key)) for key in ("name", "description", "decks"))
        for section in self.SECTIONS:
            obj = getattr(self, section)
            out[section] = {f.name: _thawed(getattr(obj, f.name)) for f in fields(obj)}
        return out

    def get(self, key: str) -> object:
        """The value of a dotted key, e.g. `payouts.triple_seven`."""
        return reduce(getattr, key.split("."), self)
