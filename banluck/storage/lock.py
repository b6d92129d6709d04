"""The store's lock: fcntl.flock on `<home>/lock`, so two processes never interleave their writes.

The holder writes its pid and command into the lock file; a second process waits up to a few
seconds and then raises StoreBusy naming the holder. The operating system releases the lock when
its holder dies, so a killed command never leaves the store locked. Within one process the lock is
re-entrant and shared by every Store on the same folder.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import stat
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from banluck.core.reading import read_bytes
from banluck.storage.files import READ_ONLY_ERRNOS, ReadOnly, StoreError, make_folder

DEFAULT_TIMEOUT = 3.0
_POLL = 0.02
_RECORD = 256


class StoreBusy(StoreError):
    """Another process held the store's lock for longer than we were willing to wait."""


class _Held:
    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.depth = 0


_held: dict[str, _Held] = {}
_guard = threading.RLock()


def _command() -> str:
    import shlex  # what only a write (which takes the lock) needs

    argv = list(sys.argv) or ["python"]
    argv[0] = "banluck" if argv[0].endswith(("__main__.py", "banluck")) else Path(argv[0]).name
    text = shlex.join(argv)
    return text if len(text) <= 200 else text[:197] + "..."


def holder(path: Path) -> str:
    """Who holds (or last held) the lock, as written in the lock file: `process 123 (banluck …)`."""
    try:
        text = read_bytes(path, 4096).decode("utf-8", errors="replace").strip()
    except OSError:
        text = ""
    pid, _, command = text.partition(" ")
    if not pid.isdigit():
        return "another process"
    return f"process {pid} ({command})" if command else f"process {pid}"


@contextlib.contextmanager
def locked(path: Path, timeout: float = DEFAULT_TIMEOUT) -> Iterator[None]:
    """Hold the exclusive lock on `path` for the duration of the block (re-entrant)."""
    make_folder(path.parent)
    key = str(path.resolve())
    with _guard:
        held = _held.get(key)
        if held is None:
            held = _Held(_acquire(path, timeout))
            _held[key] = held
        held.depth += 1
        try:
            yield
        finally:
            held.depth -= 1
            if held.depth == 0:
                del _held[key]
                fcntl.flock(held.fd, fcntl.LOCK_UN)
                os.close(held.fd)


def _acquire(path: Path, timeout: float) -> int:
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        kind = ReadOnly if exc.errno in READ_ONLY_ERRNOS else StoreError
        raise kind(
            f"cannot open the lock file {path}: {exc.strerror}; make the folder writable"
        ) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise StoreError(
            f"the lock file {path} is not a plain file (a FIFO, a device or a folder): remove"
            " it; banluck makes it again"
        )
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise StoreBusy(
                    f"the banluck data in {path.parent} is busy: {holder(path)} has held it for "
                    f"more than {timeout:g} s; wait for that command to finish (or stop it) and "
                    "try again"
                ) from None
            time.sleep(_POLL)
    # Overwrite in place, padded to a fixed size: cheaper than truncating on every write.
    record = f"{os.getpid()} {_command()}".encode()[: _RECORD - 1].ljust(_RECORD - 1) + b"\n"
    with contextlib.suppress(OSError):  # who holds the lock is a courtesy, not a need
        os.pwrite(fd, record, 0)
    return fd
