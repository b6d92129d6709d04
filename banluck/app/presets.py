"""Finding, reading, checking and writing preset files: the one place that knows where they live.

Shipped presets live in `house_rules/` (inside the installed package, or at the top of a source
checkout); user presets live in `<data folder>/house_rules/NAME.toml` (`$BANLUCK_HOME` or the
platform's user data folder). A user preset may not take a shipped preset's name, so `chinese`
always means the same rules, and a preset's `name` is always its file's name.

Reading is strict: a file with any problem is refused with one line naming the file and every
problem with its key path. Writing keeps the file's comments and layout (tomlkit) and is atomic: a
temp file in the same folder, fsync, then `os.replace`, so a crash never leaves half a file. Nothing
is written that does not validate.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable, Sequence
from functools import cache, reduce
from operator import getitem
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from banluck.app.games import cross_problems_of, game_of, load_preset, problems_of, schema_for
from banluck.core.errors import PresetError
from banluck.core.suggest import close_to, key_hint
from banluck.core.text import plain_problem

if TYPE_CHECKING:
    from banluck.core.knobs import Schema
    from banluck.table.preset import TablePreset

DEFAULT_PRESET = "chinese"
P = TypeVar("P")
_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # the banluck package
_NAME_PATTERN = r"[a-z0-9][a-z0-9_-]{0,39}"  # compiled on first use: not every command needs it
_NAME_RULE = "lowercase letters, digits, - and _ (at most 40, starting with a letter or digit)"
MAX_PRESET_BYTES = 256 * 2**10
"""The largest preset file read: a preset is a few kilobytes; this refuses a runaway file."""
MAX_DEPTH = 16
"""The deepest nesting of tables and arrays in a preset (its knobs are two levels deep)."""
_MAX_FILE_NAME = 255  # bytes: the longest file name most file systems take


@cache
def shipped_dir() -> Path:
    """The folder of the shipped presets: in the wheel, or at the top of the source tree (found
    once a run: the package does not move)."""
    inside = _PACKAGE_DIR / "house_rules"
    return inside if inside.is_dir() else _PACKAGE_DIR.parent / "house_rules"


def _is_shipped_file(path: Path) -> bool:
    """Whether `path` is in the shipped presets' folder (as written, or once links resolve)."""
    return path.parent == shipped_dir() or path.parent.resolve() == shipped_dir().resolve()


def user_dir() -> Path:
    """The folder of the user's own presets (not created here)."""
    from banluck.core.home import data_dir  # only now: not every command needs the folder

    return data_dir() / "house_rules"


def _default_file() -> Path:
    from banluck.core.home import data_dir

    return data_dir() / "default-preset"


def default_name() -> str | None:
    """The preset `night start` and `table` use when none is named (`banluck rules default
    NAME`, kept in `<data folder>/default-preset`); None when none is set."""
    path = _default_file()
    try:
        name = path.read_text(encoding="utf-8").strip()
    except (FileNotFoundError, NotADirectoryError):  # a data folder that is a file: said later
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise PresetError(
            f"{path}: cannot read the default preset ({exc}): set it again with"
            " `banluck rules default NAME`"
        ) from None
    return name or None


def set_default(name: str | None) -> None:
    """Make `name` the default preset (it must load), or forget the default (None)."""
    if name is None:
        _default_file().unlink(missing_ok=True)
        return
    load(name)  # an unknown or broken preset is refused here, saying why
    _default_file().parent.mkdir(parents=True, exist_ok=True)
    write_atomic(_default_file(), name + "\n")


def preset_and_seats(words: Sequence[str]) -> tuple[str, list[str]]:
    """The preset and the seats of `night start WORDS` (and `table WORDS`): the first word when
    it names a preset; else, when a default preset is set, every word is a seat under it. A
    first word one slip from a preset's name is refused as that preset misspelt, never seated."""
    first, *rest = words
    names = all_names()
    default = default_name()
    if first in names or close_to(first, names) is not None:
        return first, rest
    if default is None:  # a seat, most likely: say how to name the preset, or set one
        _check_plain(first)  # a word that cannot be a preset's name is refused as that
        raise PresetError(
            f"{first!r} is no preset, and no default preset is set: name the preset before the"
            f" seats (`{DEFAULT_PRESET} {' '.join(words)}`; presets: {', '.join(names)}), or set the"
            " one to play when none is named with `banluck rules default NAME`"
        )
    return default, list(words)


def shipped_names() -> list[str]:
    return sorted(p.stem for p in shipped_dir().glob("*.toml"))


def user_names() -> list[str]:
    """The user's presets that can be used: shipped names, unusable names, and what is not a
    file (a folder or a dangling link named NAME.toml) are left out."""
    shipped = set(shipped_names())
    return [
        p.stem for p in _user_files() if p.stem not in shipped and _is_name(p.stem) and p.is_file()
    ]


def all_names() -> list[str]:
    return sorted(set(shipped_names()) | set(user_names()))


def is_shipped(name: str) -> bool:
    return (shipped_dir() / f"{name}.toml").is_file()


def all_files() -> list[Path]:
    """Every preset file: the shipped ones, then the user's (even those that cannot be used)."""
    return sorted(shipped_dir().glob("*.toml")) + _user_files()


def _user_files() -> list[Path]:
    folder = user_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.toml") if not p.name.startswith("."))


def _is_name(name: str) -> bool:
    return re.fullmatch(_NAME_PATTERN, name) is not None


def _check_plain(name: str) -> None:
    if "/" in name or "\\" in name or name.startswith("."):
        raise PresetError(f"preset name {name!r} may not contain a path: use a plain name")
    if len(f"{name}.toml".encode()) > _MAX_FILE_NAME or "\0" in name:
        raise PresetError(
            f"preset name {name[:20]!r}... ({len(name)} characters) is not a preset name: use "
            f"{_NAME_RULE}"
        )


def path_of(name: str) -> Path:
    """The file of preset `name`; PresetError listing the known names when there is none."""
    _check_plain(name)
    path = shipped_dir() / f"{name}.toml"
    if path.is_file():
        return path
    path = user_dir() / f"{name}.toml"  # only now: finding the user folder costs start-up time
    if path.is_file():
        if not _is_name(name):
            raise PresetError(
                f"{path}: {name!r} is not a preset name: rename the file, using {_NAME_RULE}"
            )
        return path
    known = all_names()
    close = close_to(name, known)
    hint = f" (did you mean `{close}`?)" if close else ""
    raise PresetError(
        f"unknown preset {name!r}{hint}: known presets are {', '.join(known)}"
        " (make one with `banluck rules new NAME --from chinese`)"
    )


def user_path_of(name: str) -> Path:
    """The file of the user's preset `name`, to change it; refuses shipped and unknown names."""
    _check_plain(name)
    if is_shipped(name):
        raise PresetError(
            f"{name} is a shipped preset and is not changed: copy it first with"
            f" `banluck rules new NAME --from {name}`, then change the copy"
        )
    return path_of(name)


# --- reading and checking -------------------------------------------------------------------


def problems_in_text(text: str, path: Path) -> list[str]:
    """Every problem with `text` as the content of preset file `path`; [] when it is valid."""
    return _parse(text, path)[1]


def problems_in_file(path: Path) -> list[str]:
    """Every problem with the preset file at `path`, each naming its key path."""
    return summary_of(path)[1]


def summary_of(path: Path) -> tuple[str | None, list[str]]:
    """`description_of(path)` and `problems_in_file(path)` from one reading of the file."""
    description, _, problems = listing_of(path)
    return description, problems


def listing_of(path: Path) -> tuple[str | None, str | None, list[str]]:
    """`summary_of(path)` with the game the file is for between them (None when it cannot be
    read), from one reading of the file: what `rules list` shows, building no preset."""
    try:
        text = read_text(path)
    except PresetError as exc:
        return None, None, [str(exc).removeprefix(f"{path}: ")]
    data, problems = _parse(text, path)
    game = game_of(data) if data is not None else None
    if data is not None and not problems:  # a preset is valid only if every command can use it
        problems = cross_problems_of(data)
    description = _description(data)
    if not _is_shipped_file(path):
        if path.stem in shipped_names():
            problems.append(
                f"{path.stem} is a shipped preset's name, so this file is never used:"
                " rename it (and its name key)"
            )
        elif not _is_name(path.stem):
            problems.append(f"the file name {path.stem!r} is not a preset name: use {_NAME_RULE}")
    return description, game if isinstance(game, str) else None, problems


def _checked(path: Path) -> dict[str, Any]:
    data, problems = _parse(read_text(path), path)
    if problems or data is None:
        raise problems_error(path, problems)
    return data


def read_file(path: Path) -> TablePreset:
    """Read and validate one preset file; every problem is reported with the file's name."""
    return load_preset(_checked(path), source=str(path))


def read_knobs(name: str) -> tuple[Schema, dict[str, Any]]:
    """The preset called `name` as its game's schema and its checked mapping at the schema's
    version, checked as `load` checks it but with no preset built (`rules show`)."""
    path = path_of(name)
    data = _checked(path)
    schema = schema_for(data, str(path))
    return schema, schema.load(data, str(path))


def load(name: str = DEFAULT_PRESET) -> TablePreset:
    """The preset called `name` (of any game), checked; PresetError with one line otherwise."""
    return read_file(path_of(name))


def with_rules(preset: TablePreset, rules: Sequence[tuple[str, str]]) -> TablePreset:
    """`preset` with knobs changed for one night (`rule KEY VALUE` lines of a night log), each
    value read and checked by its knob."""
    if not rules:
        return preset
    data = preset.to_dict()
    by_key = schema_for(data, preset.name).by_key
    for key, text in rules:
        knob = by_key.get(key)
        if knob is None or key in ("name", "description"):
            raise PresetError(
                f"rule {key}: not a knob of {preset.name}{key_hint(key, by_key)}"
                f" (see `banluck rules show {preset.name}`)"
            )
        value = knob.parse(text)
        if problem := knob.check(value):
            raise PresetError(f"rule {problem}")
        *sections, leaf = key.split(".")
        reduce(getitem, sections, data)[leaf] = value
    return load_preset(data, source=f"{preset.name} with the log's rules")


def load_as(name: str, kind: type[P]) -> P:
    """The preset called `name` where only one game's presets make sense (`hand`, `odds`)."""
    preset = load(name)
    if not isinstance(preset, kind):
        raise PresetError(
            f"{name} is a {preset.game} preset: this command reads {kind.game} rules"  # type: ignore[attr-defined]
        )
    return preset


def description_of(path: Path) -> str | None:
    """The description in a preset file, read without checking the rest; None when unreadable."""
    try:
        return _description(_parse(read_text(path), path)[0])
    except PresetError:
        return None


def _description(data: dict[str, Any] | None) -> str | None:
    value = data.get("description") if data is not None else None
    return value if isinstance(value, str) else None


def problems_error(path: Path, problems: list[str]) -> PresetError:
    """One line for a file with problems: `N problems in FILE: key: ...; key: ...`."""
    count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
    hint = ""
    if not _is_shipped_file(path):
        hint = f" (fix it with `banluck rules edit {path.stem}`)"
    return PresetError(
        f"{count} in {path}: {'; '.join(problems)}{hint}", [f"{path}: {p}" for p in problems]
    )


def read_text(path: Path) -> str:
    """The text of a preset file; PresetError (one line) when it cannot be read as UTF-8, is
    larger than MAX_PRESET_BYTES, or is not a file. A byte-order mark some editors write is not
    part of the text."""
    from banluck.core.reading import NotAFile, read_bytes

    try:
        raw = read_bytes(path, MAX_PRESET_BYTES)
    except NotAFile as exc:
        raise PresetError(f"{path}: is {exc.strerror}: move it out of {path.parent}") from None
    except IsADirectoryError:
        raise PresetError(
            f"{path}: is a folder, not a preset file: move it out of {path.parent}"
        ) from None
    except FileNotFoundError:
        if path.is_symlink():
            raise PresetError(
                f"{path}: is a link to a file that does not exist: remove the link or restore"
                " the file"
            ) from None
        raise PresetError(f"{path}: no such file") from None
    except OSError as exc:
        raise PresetError(f"{path}: cannot be read: {exc.strerror}") from None
    if len(raw) > MAX_PRESET_BYTES:
        raise PresetError(
            f"{path}: is larger than {MAX_PRESET_BYTES // 2**10} KiB, too large for a preset:"
            " a preset is a few lines of knobs (start again with `banluck rules new`)"
        )
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise PresetError(f"{path}: not UTF-8 text: save it as UTF-8") from None


def _parse(text: str, path: Path) -> tuple[dict[str, Any] | None, list[str]]:
    text = text.removeprefix("\ufeff")  # a byte-order mark an editor wrote is not TOML
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [f"not valid TOML: {exc}"]
    except RecursionError:
        data = None  # deeper than tomllib reads
    if data is None or _depth(data) > MAX_DEPTH:
        return None, [f"nested deeper than {MAX_DEPTH} levels: a preset's knobs are two deep"]
    problems = problems_of(data)
    # `x: missing` says nothing new when a misspelt key already points at x
    suggested = {
        p.rpartition(" (did you mean ")[2].removesuffix("?)") for p in problems if "?)" in p
    }
    problems = [p for p in problems if not (": missing (" in p and p.split(":")[0] in suggested)]
    for key in ("name", "description"):
        value = data.get(key)
        if isinstance(value, str) and (found := plain_problem(value, key)):
            problems.append(found)
    name = data.get("name")
    if isinstance(name, str) and name != path.stem:
        problems.append(
            f"name = {name!r} differs from the file's name: a preset's name is its file's"
            f' name, so set name = "{path.stem}"'
        )
    return data, problems


# --- writing ---------------------------------------------------------------------------------


def check_new_name(name: str) -> Path:
    """The file a new user preset `name` would take; PresetError when the name is not free."""
    _check_plain(name)
    if not _is_name(name):
        raise PresetError(f"preset name {name!r} is not allowed: use {_NAME_RULE}")
    if is_shipped(name):
        raise PresetError(f"{name} is a shipped preset's name: choose another name for yours")
    path = user_dir() / f"{name}.toml"
    if path.exists():
        raise PresetError(
            f"preset {name} already exists ({path}): choose another name, or change it with"
            f" `banluck rules set {name} KEY VALUE` or `banluck rules edit {name}`"
        )
    return path


def create_from(name: str, base: str) -> Path:
    """Copy preset `base` to the user's preset `name`, comments kept; returns the new file."""
    target = check_new_name(name)
    source = path_of(base)
    read_file(source)  # a broken base is reported as itself, not as the copy
    text = read_text(source)
    header = "# banluck house rules: "
    if text.startswith(header):
        rest = text.partition("\n")[2]
        text = f"{header}{name} (copied from {base})\n{rest}"
    doc = _toml_document(text, source)
    _set_in_document(doc, "name", name)
    if described := description_of(source):
        original = re.sub(r"^copy of [^:]+: ", "", described)
        _set_in_document(doc, "description", f"copy of {base}: {original}")
    new_text = doc.as_string()
    problems = problems_in_text(new_text, target)
    if problems:  # pragma: no cover - a valid base with its name changed stays valid
        raise problems_error(target, problems)
    write_atomic(target, new_text)
    return target


def set_value(name: str, key: str, text: str) -> tuple[object, object]:
    """Set knob `key` of the user's preset `name` to `text` read by the knob's type.

    The file keeps its comments and layout; the result is checked before it is written, and
    written atomically. Returns (old value or None, new value).
    """
    path = user_path_of(name)
    data, _ = _parse(read_text(path), path)
    by_key = schema_for(data or {}, str(path)).by_key
    knob = by_key.get(key)
    if knob is None:
        raise PresetError(
            f"unknown key {key!r}{key_hint(key, by_key)}: see the keys with `banluck rules show {name}`"
        )
    if key == "name":
        raise PresetError(
            "a preset's name is its file's name: make a renamed copy with"
            f" `banluck rules new NEW --from {name}`"
        )
    try:
        value = knob.parse(text)
    except PresetError as exc:
        raise PresetError(f"{exc}; {name} is unchanged") from None
    if problem := knob.check(value):
        raise PresetError(f"{problem}; {name} is unchanged")
    doc = _toml_document(read_text(path), path)
    old = _set_in_document(doc, key, value)
    new_text = doc.as_string()
    if problems := problems_in_text(new_text, path):
        error = problems_error(path, problems)
        raise PresetError(
            f"{name} would still not be valid, so it is unchanged: {error}", error.problems
        )
    write_atomic(path, new_text)
    return old, value


def unusable_note(name: str) -> str | None:
    """What a command of the game would refuse in preset `name` (a rule between its knobs,
    `tournament start`'s cut-offs before the last hand), with how to mend it; None when none."""
    path = user_path_of(name)
    data, problems = _parse(read_text(path), path)
    cross = cross_problems_of(data) if data is not None and not problems else []
    if not cross:
        return None
    return (
        f"note: {name} cannot be used for every command yet: {'; '.join(cross)} (set the"
        f" other knob too: `banluck rules set {name} KEY VALUE`; `banluck rules validate {name}`)"
    )


def open_night_note(name: str) -> str | None:
    """What to tell the dealer who just changed preset `name` while tonight's night plays it:
    the night keeps the rules it started with (its own copy); None otherwise."""
    from banluck.core.errors import BanluckError
    from banluck.storage import Store

    try:
        records = Store().nights()
    except BanluckError:  # the store's own troubles are reported by the commands that use it
        return None
    night = records[-1] if records else None
    if night is None or night["status"] != "open" or night["preset"] != name:
        return None
    return (
        f"night {night['id']} is open with {name} and keeps the rules it started with; the"
        " change applies from the next night"
    )


def save_text(name: str, text: str) -> Path:
    """Replace the user's preset `name` with `text` when it validates; PresetError otherwise."""
    path = user_path_of(name)
    text = text.removeprefix("\ufeff")
    if problems := problems_in_text(text, path):
        raise problems_error(path, problems)
    write_atomic(path, text)
    return path


def write_atomic(path: Path, text: str | Iterable[str], *, new_mode: int = 0o644) -> None:
    """Write `text` (or its pieces, made as they are written: an export streamed) to `path` so
    that it holds either the old or the new content, never half (a new file with `new_mode`).
    The folders made for it are removed again when the write fails: a failed write leaves
    nothing behind."""
    made = [p for p in Path(os.path.abspath(path)).parents if not os.path.lexists(p)]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        from banluck.core import atomic

        data = text.encode("utf-8") if isinstance(text, str) else (p.encode("utf-8") for p in text)
        atomic.write_atomic(path, data, new_mode=new_mode)
    except BaseException as exc:
        for folder in made:  # the deepest first
            with contextlib.suppress(OSError):
                folder.rmdir()
        if isinstance(exc, (NotADirectoryError, FileExistsError)):
            blocker = next((p for p in path.parents if p.exists() and not p.is_dir()), path.parent)
            raise PresetError(
                f"cannot write {path}: {blocker} is a file, not a folder; it is unchanged:"
                " move that file away, or set BANLUCK_HOME to a folder"
            ) from None
        if isinstance(exc, OSError):
            raise PresetError(f"cannot write {path}: {exc.strerror}; it is unchanged") from None
        raise


def _depth(value: object, level: int = 0) -> int:
    """How deep tables and arrays nest in `value` (stops counting past MAX_DEPTH)."""
    if level > MAX_DEPTH or not isinstance(value, dict | list):
        return level
    children = value.values() if isinstance(value, dict) else value
    return max((_depth(v, level + 1) for v in children), default=level + 1)


def _toml_document(text: str, path: Path) -> Any:
    import tomlkit
    from tomlkit.exceptions import ParseError

    try:
        return tomlkit.parse(text)
    except RecursionError:
        raise PresetError(f"{path}: nested deeper than {MAX_DEPTH} levels") from None
    except ParseError as exc:
        raise PresetError(
            f"{path}: not valid TOML: {exc}: fix it with `banluck rules edit {path.stem}`"
        ) from None


def _set_in_document(doc: Any, key: str, value: object) -> object:
    """Set dotted `key` in a tomlkit document; an inline comment keeps its column. Returns the
    old value, or None when the key was not there."""
    import tomlkit

    *sections, leaf = key.split(".")
    table = doc
    for section in sections:
        if section not in table or not isinstance(table[section], dict):
            table[section] = tomlkit.table()
        table = table[section]
    if leaf not in table:
        table[leaf] = value
        return None
    old_item = table.item(leaf)
    old_width = len(old_item.as_string())
    old = old_item.unwrap() if hasattr(old_item, "unwrap") else old_item
    table[leaf] = value
    new_item = table.item(leaf)
    trivia = new_item.trivia
    if trivia.comment and trivia.comment_ws:
        shift = old_width - len(new_item.as_string())
        trivia.comment_ws = " " * max(1, len(trivia.comment_ws) + shift)
    return old
