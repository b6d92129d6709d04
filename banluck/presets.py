"""Finding, reading and writing preset files.

Shipped presets live in `house_rules/` (inside the installed package, or at the top of a source
checkout); user presets live in `<data folder>/house_rules/`. A user preset may not take a shipped
preset's name, so `chinese` always means the same rules.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from banluck.errors import PresetError
from banluck.home import data_dir
from banluck.preset import Preset

DEFAULT_PRESET = "chinese"
_PACKAGE_DIR = Path(__file__).resolve().parent


def shipped_dir() -> Path:
    """The folder of the shipped presets: in the wheel, or at the top of the source tree."""
    inside = _PACKAGE_DIR / "house_rules"
    if inside.is_dir():
        return inside
    return _PACKAGE_DIR.parent / "house_rules"


def user_dir() -> Path:
    return data_dir() / "house_rules"


def shipped_names() -> list[str]:
    return sorted(p.stem for p in shipped_dir().glob("*.toml"))


def user_names() -> list[str]:
    folder = user_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.toml"))


def all_names() -> list[str]:
    return sorted(set(shipped_names()) | set(user_names()))


def is_shipped(name: str) -> bool:
    return (shipped_dir() / f"{name}.toml").is_file()


def path_of(name: str) -> Path:
    """The file of preset `name`; PresetError listing the known names when there is none."""
    if "/" in name or "\\" in name or name.startswith("."):
        raise PresetError(f"preset name {name!r} may not contain a path: use a plain name")
    for folder in (shipped_dir(), user_dir()):
        path = folder / f"{name}.toml"
        if path.is_file():
            return path
    raise PresetError(
        f"unknown preset {name!r}: known presets are {', '.join(all_names())}"
        " (make one with `banluck rules new NAME --from chinese`)"
    )


def read_file(path: Path) -> Preset:
    """Read and validate one preset file; every problem is reported with the file's name."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise PresetError(
            f"{path}: not valid TOML: {exc}", [f"{path}: not valid TOML: {exc}"]
        ) from None
    except OSError as exc:
        raise PresetError(f"{path}: cannot be read: {exc.strerror}") from None
    return Preset.from_mapping(data, source=str(path))


def load(name: str = DEFAULT_PRESET) -> Preset:
    return read_file(path_of(name))
