"""Reading a file that must be a plain file: a FIFO, a device or a folder is refused at once
(opened without waiting, then asked what it is), so that no reader blocks on a pipe nobody
writes to or reads a device without end."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class NotAFile(OSError):
    """The path names a FIFO, a device, a socket (not a plain file); `strerror` says which."""


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe), not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file"
    return "a socket, not a file" if stat.S_ISSOCK(mode) else "not a plain file"


def read_bytes(path: Path | str, limit: int | None = None) -> bytes:
    """The bytes of the plain file at `path` (at most `limit` + 1 of them when a limit is
    given, so that the caller can tell a file larger than it). IsADirectoryError for a folder,
    NotAFile for a FIFO, a device or a socket; other OSErrors as `open` raises them."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
        if not stat.S_ISREG(mode):
            raise NotAFile(errno.EINVAL, _kind(mode), str(path))
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read() if limit is None else handle.read(limit + 1)
    finally:
        os.close(fd)
