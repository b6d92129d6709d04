"""Helpers shared by the tests."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from banluck.games.banluck.preset import Preset

BAN_LUCK_SHIPPED = ["chinese", "kampung", "singapore", "xi-dach"]
CASINO_SHIPPED = ["bjingo", "blackjack-pro", "box-21", "mini-blackjack", "tournament"]
ALL_SHIPPED = sorted(BAN_LUCK_SHIPPED + CASINO_SHIPPED)


def ban_luck_shipped() -> list[str]:
    """The shipped presets whose game is ban-luck (the tests of ban-luck's knobs iterate these)."""
    from banluck.app import presets

    return [name for name in presets.shipped_names() if presets.load(name).game == "ban-luck"]


def tweak(preset: Preset, **knobs: Any) -> Preset:
    """The preset with dotted knobs changed: `tweak(p, **{"points.ace": "one-or-eleven"})`."""
    for key, value in knobs.items():
        if "." not in key:
            preset = dataclasses.replace(preset, **{key: value})
            continue
        section, field = key.split(".")
        part = dataclasses.replace(getattr(preset, section), **{field: value})
        preset = dataclasses.replace(preset, **{section: part})
    return preset


def user_file(home: Path, name: str, text: str) -> Path:
    """Write a user preset file under BANLUCK_HOME."""
    folder = home / "house_rules"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def disk_fills_after_4_bytes(monkeypatch: Any) -> None:
    """Make `os.write` write 4 bytes of a longer write and then fail as a full disk does
    (undo with `monkeypatch.undo()`)."""
    import errno
    import os

    real = os.write

    def half(fd: int, data: Any) -> int:
        if len(data) > 4:
            return real(fd, bytes(data[:4]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", half)


def close_exited(child: Any) -> None:
    """Close a pexpect child that has reached EOF (it exited or was killed): reap it first, so
    the close needs none of pexpect's 0.1 s pause for the kernel to update the process's status
    (a pause a console, about 6 s of worker time over the terminal tests). The exit status and
    signal are read by the wait, as the close would read them."""
    child.wait()
    child.ptyproc.delayafterclose = 0
    child.close()


def digest(home: Path) -> str:
    """A digest of every stored byte of a data folder (the lock aside): equal before and after a
    command when it changed nothing."""
    import hashlib

    h = hashlib.sha256()
    for path in sorted(home.rglob("*")):
        if path.is_file() and path.name != "lock":
            h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


def one_error(err: str) -> str:
    """The one line `error: ...` a refused command prints (and no traceback)."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), err
    assert "Traceback" not in err
    return lines[0]
