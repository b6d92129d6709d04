"""The one atomic write: a temp file in the same folder, flushed and fsynced, then renamed over the
target, then the folder fsynced. A crash at any moment leaves the old file or the new one, never a
mix. Errors are left as OSError for the caller to say in its own words (a preset, the store)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path

TMP_SUFFIX = ".tmp"


def write_synced(path: Path, data: bytes | Iterable[bytes], mode: int = 0o644) -> None:
    """Write `data` (bytes, or chunks of them made as they are written) to a new file at
    `path` and fsync it."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        for chunk in (data,) if isinstance(data, bytes) else data:
            view = memoryview(chunk)
            while view:
                view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX); harmless where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - a platform without directory handles
        return
    try:
        with contextlib.suppress(OSError):  # some filesystems refuse to fsync a folder
            os.fsync(fd)
    finally:
        os.close(fd)


def new_file_mode() -> int:
    """The permissions a new file gets under the process's umask (as `open` would give it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomic(
    path: Path,
    data: bytes | Iterable[bytes],
    *,
    before_replace: Callable[[], None] | None = None,
    new_mode: int = 0o644,
) -> None:
    """Replace `path` with `data` atomically, keeping its permissions (`new_mode` for a new
    file). `before_replace` runs after the new content is safe on disk and before it takes the
    old one's place (the store keeps a backup there). On OSError the old file is untouched and
    the temp file removed."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}{TMP_SUFFIX}")  # hidden, in the same folder
    try:
        mode = path.stat().st_mode & 0o777 if path.exists() else new_mode
        write_synced(tmp, data, mode)
        os.chmod(tmp, mode)
        if before_replace is not None:
            before_replace()
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(path.parent)
