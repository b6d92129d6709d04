"""One data file: read whole with orjson, replaced atomically, its previous version kept as `.bak`.

A write goes to a temp file in the same folder (flushed and fsynced), the current file is hard
linked to `<name>.bak`, the temp file replaces the current one (os.replace) and the folder is
fsynced. A crash at any moment leaves either the old or the new file, never a mix; a full disk
leaves the old file as it was and raises StoreError. `FileStorage` is the TinyDB storage on top:
it holds the database in memory for one transaction and writes it once, on `commit()`.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import gc
import os
import re
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import orjson
from tinydb.storages import Storage

from banluck.core import atomic
from banluck.core.atomic import TMP_SUFFIX, fsync_dir
from banluck.core.errors import BanluckError
from banluck.core.reading import NotAFile, read_bytes

Tables = dict[str, dict[str, Any]]


class StoreError(BanluckError):
    """The stored data cannot be read or written; the message says which file and what to do."""


class ReadOnly(StoreError):
    """The data folder cannot be written (permissions, a read-only disk): nothing was changed."""


READ_ONLY_ERRNOS = (errno.EACCES, errno.EPERM, errno.EROFS)


class DamagedFile(StoreError):
    """A data file that is not what banluck wrote: bad JSON, wrong shape, or a newer schema."""

    def __init__(self, message: str, path: Path, backup: Path | None) -> None:
        super().__init__(message)
        self.path = path
        self.backup = backup


class Shape(Exception):
    """Raised by a file's validator: the file parses but does not have the expected shape."""


class Newer(Shape):
    """Raised by a file's validator: the file was written by a newer banluck."""


def read_error(path: Path, exc: OSError) -> StoreError:
    """The error for a data file that cannot be read: a folder, a FIFO or a device where the
    file should be (refused at once), or the system's reason."""
    if isinstance(exc, (NotAFile, IsADirectoryError)):
        return StoreError(
            f"cannot read {path}: it is {(exc.strerror or 'not a file').removeprefix('is ')}; move it out of"
            f" {path.parent} (banluck wrote a plain file there)"
        )
    return StoreError(
        f"cannot read {path}: {exc.strerror}; check the file's permissions and try again"
    )


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


_CLEAN: dict[tuple[str, str, int, int], None] = {}
"""Files whose exact bytes were validated and needed no upgrade, in this process: reading the same
bytes again (a command reads tonight's file several times) skips the deep check."""


def read_tables_crc(
    path: Path,
    validate: Callable[[Any, Path], Tables],
    *,
    hint: str = "",
    trusted: Callable[[Any, int], bool] | None = None,
) -> tuple[Tables | None, int | None]:
    """The parsed, validated content of `path` and the CRC-32 of its bytes; (None, None) when it
    does not exist.

    `validate` checks the shape (and upgrades an old schema); it raises Shape, or DamagedFile for
    a schema newer than this code. Anything wrong becomes a DamagedFile naming the backup.
    `trusted(data, crc)` says whether the parsed bytes are known to be what banluck wrote at
    the current schema (their CRC-32 is the one recorded when they were written): such a file
    is not checked field by field again, which would cost a walk through every entry."""
    try:
        raw = read_bytes(path)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        raise read_error(path, exc) from None
    crc = zlib.crc32(raw)
    raw = raw.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark an editor wrote: not JSON
    try:
        if not raw:
            raise Shape("the file is empty")
        with no_gc():
            data = orjson.loads(raw)
        # the bytes banluck wrote, as it wrote them; or these very bytes were checked and needed
        # no upgrade
        as_written = trusted is not None and trusted(data, crc)
        if as_written or _clean_key(path, validate, raw) in _CLEAN:
            return data, crc
        checked = validate(data, path)
        if orjson.dumps(checked) == raw:
            _remember_clean(path, validate, raw)
        return checked, crc
    except orjson.JSONDecodeError as exc:
        raise damaged(path, f"not valid JSON: {exc}", validate, hint) from None
    except Newer as exc:
        bak = backup_of(path)
        state = _backup_state(bak, validate)
        raise DamagedFile(
            f"cannot read {path}: {exc}; nothing was changed: upgrade banluck to use this data "
            f"(its previous version {bak} {state or 'is readable by this banluck'})",
            path,
            None if state else bak,
        ) from None
    except Shape as exc:
        raise damaged(path, str(exc), validate, hint) from None


def _clean_key(
    path: Path, validate: Callable[[Any, Path], Tables], raw: bytes
) -> tuple[str, str, int, int]:
    return (str(path), getattr(validate, "__qualname__", ""), len(raw), hash(raw))


def _remember_clean(path: Path, validate: Callable[[Any, Path], Tables], raw: bytes) -> None:
    """These bytes of `path` need no check when read again in this process: they were checked
    and needed no upgrade, or this process wrote them from tables it had checked (a long
    session writes the index after each round and reads it back before the next)."""
    if len(_CLEAN) >= 64:
        _CLEAN.clear()
    _CLEAN[_clean_key(path, validate, raw)] = None


@contextlib.contextmanager
def no_gc() -> Iterator[None]:
    """Pause the cycle collector while parsing: JSON makes no cycles, and a large file makes
    hundreds of thousands of objects that would each trigger a pointless collection."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        # Move what was parsed out of the collector's sight: re-enabling would otherwise scan
        # every one of those objects once more, for nothing (refcounting still frees them).
        gc.freeze()
        if was_on:
            gc.enable()


def damaged(
    path: Path, detail: str, validate: Callable[[Any, Path], Tables] | None, hint: str = ""
) -> DamagedFile:
    """The error for a damaged file: what is wrong, the last good backup, and what to do.

    `hint` is a further remedy; a file that has one (the index) is a cache that loses nothing.
    """
    bak = backup_of(path)
    state = _backup_state(bak, validate)
    if state is None:
        rounds = 0 if hint else _journaled_rounds(path)
        loss = (
            "and the index catches up with the night files"
            if hint
            else f"losing the last change to that file and the {rounds} round"
            f"{'s' if rounds > 1 else ''} its journal {path.with_suffix('.live').name} may hold"
            " since (keep a copy of it)"
            if rounds
            else "losing only the last change to that file"
        )
        advice = (
            f"its previous version {bak} is good (saved {_mtime(bak)}): to go back to it, "
            f"copy it over the damaged file (cp '{bak}' '{path}'), {loss}"
        )
        if hint:
            advice += f", or {hint}"
    elif hint:
        advice = f"it is a cache that loses nothing when rebuilt ({bak} {state}): {hint}"
    else:
        advice = (
            f"it has no good backup ({bak} {state}): restore it from a copy of the data folder "
            "or repair the JSON by hand"
        )
    return DamagedFile(
        f"the data file {path} is damaged ({detail}); nothing was changed: {advice}",
        path,
        bak if state is None else None,
    )


def _journaled_rounds(path: Path) -> int:
    """The rounds that a night file's journal (`banluck.storage.journal`) holds beside it."""
    if path.suffix != ".json":
        return 0
    try:
        raw = path.with_suffix(".live").read_bytes()
    except OSError:
        return 0
    return sum(1 for line in raw.splitlines()[1:] if line.startswith(b'{"entry"'))


def _backup_state(bak: Path, validate: Callable[[Any, Path], Tables] | None) -> str | None:
    try:
        raw = bak.read_bytes()
    except FileNotFoundError:
        return "does not exist"
    except OSError as exc:
        return f"cannot be read: {exc.strerror}"
    if validate is None:
        return None
    try:
        validate(orjson.loads(raw.removeprefix(b"\xef\xbb\xbf")), bak)
    except Newer:
        return "is from a newer banluck too"
    except (orjson.JSONDecodeError, Shape, DamagedFile):
        return "is damaged too"
    return None


def _mtime(path: Path) -> str:
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return "at an unknown time"
    return datetime.datetime.fromtimestamp(stamp).isoformat(sep=" ", timespec="seconds")


def write_atomic(path: Path, data: bytes, *, backup: bool = True) -> None:
    """Replace `path` with `data` atomically, keeping the previous version as `<path>.bak`.

    On any OSError (a full disk, a read-only folder) the old file is untouched, the temp file is
    removed and a StoreError says what happened.
    """
    keep = (lambda: _keep_backup(path)) if backup and path.exists() else None
    try:
        atomic.write_atomic(path, data, before_replace=keep)
    except OSError as exc:
        raise _write_error(path, exc) from None


def _keep_backup(path: Path) -> None:
    """Make `<path>.bak` the current version of `path` (a hard link; a copy where links fail)."""
    bak = backup_of(path)
    tmp = path.with_name(f".{bak.name}.{os.getpid()}{TMP_SUFFIX}")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    try:
        os.link(path, tmp)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS):
            raise
        atomic.write_synced(tmp, path.read_bytes())
    os.replace(tmp, bak)


def _write_error(path: Path, exc: OSError) -> StoreError:
    kind, why, fix = StoreError, f"{exc.strerror or exc}", "fix the cause"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        why, fix = "the disk is full", "free some space"
    elif exc.errno in READ_ONLY_ERRNOS:
        kind, why, fix = ReadOnly, f"{exc.strerror}", "make the folder writable"
    return kind(f"cannot save {path}: {why}; nothing was changed, so {fix} and do it again")


def make_folder(folder: Path) -> None:
    """Create `folder` (and its parents) durably: the new entry is fsynced in its parent."""
    if folder.is_dir():
        return
    try:
        make_folder(folder.parent)
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise _write_error(folder, exc) from None
    fsync_dir(folder.parent)


def remove_stale_temps(folder: Path) -> None:
    """Remove temp files a killed writer left behind (call only while holding the store lock)."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return
    if TMP_SUFFIX not in "\0".join(names):  # one scan of the listing: none, almost always
        return
    for name in names:
        if name.startswith(".") and name.endswith(TMP_SUFFIX):
            with contextlib.suppress(OSError):
                os.unlink(folder / name)


class FileStorage(Storage):
    """A TinyDB storage: one orjson file, validated when read, held in memory, written on commit.

    Every TinyDB operation reads and writes the in-memory tables; `commit()` writes the file once,
    atomically, if anything changed. A store opens a new TinyDB on this storage for each
    transaction, after taking the lock, so it always starts from what is on disk.
    """

    def __init__(
        self,
        path: Path,
        validate: Callable[[Any, Path], Tables],
        hint: str = "",
        preloaded: Tables | None = None,
        after_read: Callable[[Path, Tables], Any] | None = None,
        trusted: Callable[[Any, int], bool] | None = None,
    ) -> None:
        super().__init__()
        self._trusted = trusted
        self.path = path
        self._validate = validate
        self._hint = hint
        self._after_read = after_read
        self._data: Tables | None = preloaded
        self._loaded = preloaded is not None
        self.dirty = False
        self.crc: int | None = None  # CRC-32 of the file's bytes as read or last written
        # what `after_read` said of what it added to the file's tables (a night's journal): None
        # once they are written in the file
        self.added: Any = None

    def read(self) -> Tables | None:
        if not self._loaded:
            self._data, self.crc = read_tables_crc(
                self.path, self._validate, hint=self._hint, trusted=self._trusted
            )
            self._loaded = True
            if self._data is not None and self._after_read is not None:
                self.added = self._after_read(self.path, self._data)
        return self._data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self._data = data
        self._loaded = True
        self.dirty = True

    def commit(self) -> None:
        if not self.dirty or self._data is None:
            return
        try:
            data = orjson.dumps(self._data)
        except orjson.JSONEncodeError as exc:
            raise StoreError(f"cannot save {self.path}: {exc}; nothing was changed") from None
        make_folder(self.path.parent)
        write_atomic(self.path, data)
        _remember_clean(self.path, self._validate, data)  # what banluck wrote, checked
        self.crc = zlib.crc32(data)
        self.added = None
        self.dirty = False


_NIGHT_FILES = re.compile(r"(?:^|(?<=\0))(\d{4,})\.json(?=\0|$)", re.ASCII)


def night_ids_in(names: Iterable[str]) -> list[int]:
    """The nights of a listing of the nights' folder: `NNNN.json`, four digits or more (one
    regular expression over the listing, not a test a name)."""
    return sorted(map(int, _NIGHT_FILES.findall("\0".join(names))))


def folder_error(home: Path, named_by: str, folder: Path, exc: OSError) -> StoreError:
    """The refusal for a data folder (`home`, named by `named_by`) or its `nights` folder that
    is not a folder or cannot be read."""
    if folder != home and os.path.lexists(home) and not home.is_dir():
        folder = home  # the data folder itself is not a folder: name it, not `nights`
    if folder == home:
        what = f"the data folder {folder} ({named_by})"
        fix = "set BANLUCK_HOME to a folder, or move that file away"
    else:
        what = f"{folder}, where banluck keeps one file a night,"
        fix = f"move that file away (mv '{folder}' '{folder}.moved') and try again"
    if isinstance(exc, NotADirectoryError) or (folder.exists() and not folder.is_dir()):
        return StoreError(f"{what} is not a folder; nothing was changed: {fix}")
    return StoreError(
        f"cannot read {what.rstrip(',')}: {exc.strerror}; check its permissions and try again"
    )
