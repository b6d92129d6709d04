"""The open night's journal: what changed since the night file was last written, appended to a
small file beside it (`nights/NNNN.live`): the lines of play of the round in progress, and the
rounds recorded since. Each is one `write` and one fsync, without reading the night file.

    line 1   {"token": str, "file": [inode, size, mtime_ns], "base": [line, ...],
              "state": {"rev", "crc", "night", "presets", "next_seq", "round"}}
    then     {"push": line} | {"pop": 1} | {"clear": 1}       a line of play
             {"entry": stored entry, "night": {field: value}, "preset": [id, snapshot]}
                                                               a round recorded

The header names the night file it extends: its `token` (what the night file's `meta` holds)
and its `file` (that file's identity on disk). The live round is `base` with the operations
applied. `state` is what a round needs of the night file without reading it: the file's rev and
CRC-32, the night record, the preset snapshots, the next seq and the last round's number (a
journal begun by an earlier banluck has no `state`, and holds lines of play only). A round's
line is the entry exactly as the night file would store it (its preset as the id of a
snapshot), the fields of the night record it changes (the dealer passed, the table), and the
preset snapshot when the night has no copy of it yet; it clears the live round. Whoever reads
the night file reads it with the journal's rounds in it (`banluck.storage.index.with_journal`), as
if the file held them; the index's record of the night says how many of the journal's rounds it
counts and the CRC-32 of their lines (`journal`), so a reader whose index is behind the journal
(a writer killed between the two) totals the night again from the file and the journal.

When the night file is written for any other reason (a seat changed, undo, a payment, the night
closed; or a round when the journal is longer than `BOUND`), it takes the journal's rounds and
live round into its own tables and gets a new token: the journal no longer matches it and is
ignored (and removed). So there is never a moment when the two disagree:

- a journal whose token is not the night file's is stale: the night file holds all it had;
- a last line without its newline (a writer killed in the middle of it) was never acknowledged and
  is ignored, a round's as a line of play's; a full disk leaves the journal as it was (the
  partial line is cut off again);
- a writer holding the lock that finds the journal's `file` to be the night file on disk appends
  without reading the night file at all (nothing but this journal can have changed the night);
  one that finds another file there (a copied folder) and a journal holding rounds writes the
  night file with them first.

A banluck from before rounds were journaled reads a journal holding rounds as damaged: such a
journal must be kept (it holds recorded rounds), and read with this banluck or later.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import zlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson

from banluck.core.reading import read_bytes
from banluck.storage.files import _write_error, damaged, read_error, write_atomic


def journal_path(night_path: Path) -> Path:
    return night_path.with_suffix(".live")


def file_id(path: Path) -> list[int] | None:
    """The identity of the file at `path` on disk (a replaced or edited file has another)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns]


BOUND = 1 << 14
"""Bytes: a round is appended to a journal shorter than this; at this length the next round is
written into the night file with the journal's (one rewrite, every dozen rounds or so). Every
reader parses the journal whole, so it is kept short."""


@dataclasses.dataclass(slots=True, eq=False)
class Journal:
    """A journal as read: its header, the live round it gives, and its length in bytes; and, when
    it holds rounds, the entries it adds to the night file, with the night's state after them."""

    path: Path
    token: str | None
    file: list[int] | None
    lines: list[str]
    size: int
    # the night file's state when the journal began (its rev, crc, night record, presets, next
    # seq and last round number), brought up to date with each round: None in a journal of an
    # earlier banluck, which holds lines of play only
    state: dict[str, Any] | None = None
    # the rounds, as the night file would store them, and the preset snapshots they added
    entries: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    presets: dict[str, Any] = dataclasses.field(default_factory=dict)
    night: dict[str, Any] | None = None  # the night record as the last round left it
    crc: int = 0  # CRC-32 of the rounds' lines, one after the other

    @property
    def folded(self) -> list[int] | None:
        """What the index records of the rounds it counted from this journal: [rounds, CRC-32
        of their lines], or None when the journal holds no round."""
        return [len(self.entries), self.crc] if self.entries else None

    def take(self, op: Mapping[str, Any], raw: bytes) -> None:
        """Apply one operation, read or just appended (`raw`: its line without the newline)."""
        if "entry" not in op:
            self.lines = apply(self.lines, op)
            return
        entry, state = op["entry"], self.state
        if state is None or not isinstance(entry, dict):
            raise ValueError("a round in a journal that does not name the night's state")
        seq, number = entry.get("seq"), entry.get("round")
        whole = isinstance(number, int) and not isinstance(number, bool)
        if entry.get("kind") != "round" or not isinstance(seq, int) or not whole:
            raise ValueError(f"{raw[:40]!r} is not a round")
        if seq < state["next_seq"]:
            raise ValueError(f"round seq {seq} comes before the next seq {state['next_seq']}")
        preset = op.get("preset")
        if preset is not None:
            key, snapshot = preset
            self.presets[str(key)] = state["presets"][str(key)] = snapshot
        if str(entry.get("preset")) not in state["presets"]:
            raise ValueError(f"round seq {seq} refers to a preset snapshot that is not there")
        if op.get("night") is not None:
            if not isinstance(op["night"], dict):
                raise ValueError(f"round seq {seq} carries a night update that is not one")
            self.night = state["night"] = {**state["night"], **op["night"]}
        state["next_seq"] = seq + 1
        state["round"] = max(state["round"], number)
        self.entries.append(entry)
        self.lines = []
        self.crc = zlib.crc32(raw + b"\n", self.crc)


def read(night_path: Path) -> Journal | None:
    """The journal beside `night_path`, or None when there is none (whatever it extends)."""
    path = journal_path(night_path)
    try:
        raw = read_bytes(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise read_error(path, exc) from None
    end = raw.rfind(b"\n") + 1  # a last line without its newline was never acknowledged
    records = raw[:end].splitlines()
    try:
        if not records:
            raise ValueError("it has no header")
        header = orjson.loads(records[0])
        lines = [str(line) for line in header["base"]]
        state = header.get("state")
        if state is not None:
            state = {
                **state,
                "presets": dict(state["presets"]),
                "next_seq": int(state["next_seq"]),
                "round": int(state["round"]),
            }
            if not isinstance(state["night"], dict):
                raise ValueError("its header's night record is not one")
        journal = Journal(path, header.get("token"), header.get("file"), lines, end, state)
        for record in records[1:]:
            journal.take(orjson.loads(record), record)
    except (orjson.JSONDecodeError, ValueError, KeyError, TypeError, AttributeError) as exc:
        detail = (
            "it holds rounds recorded since the night file was written: keep it, and restore"
            " the data folder from a copy or repair the line by hand"
            if any(record.startswith(b'{"entry"') for record in records[1:])
            else "it holds only the round in progress: remove it to go on without that round"
        )
        raise damaged(path, f"{exc}; {detail}", None) from None
    return journal


def apply(lines: Sequence[str], op: Mapping[str, Any]) -> list[str]:
    """The live round after one operation of the journal; ValueError for what is not one."""
    if isinstance(op.get("push"), str):
        return [*lines, op["push"]]
    if "pop" in op:
        return list(lines[:-1])
    if "clear" in op or "entry" in op:  # a round recorded clears the round in progress
        return []
    raise ValueError(f"{orjson.dumps(op)[:40]!r} is not a line of play")


def current(night_path: Path) -> Journal | None:
    """The journal, when it extends the night file as it is on disk now (no need to read it)."""
    journal = read(night_path)
    if journal is None or journal.file is None or journal.file != file_id(night_path):
        return None
    return journal


def start(
    night_path: Path,
    token: str,
    base: Sequence[str],
    op: dict[str, Any],
    state: Mapping[str, Any] | None = None,
) -> None:
    """Begin a journal for the night file (with `token`, whose live round is `base`) with `op`;
    `state` is the night file's (`Journal.state`), which lets rounds be appended."""
    header: dict[str, Any] = {"token": token, "file": file_id(night_path), "base": list(base)}
    if state is not None:
        header["state"] = state
    data = orjson.dumps(header) + b"\n" + orjson.dumps(op) + b"\n"
    write_atomic(journal_path(night_path), data, backup=False)


def append(journal: Journal, night_path: Path, op: dict[str, Any]) -> None:
    """Append `op` to the journal and make it durable (one write, one fsync), then apply it to
    `journal`; on a full disk the journal is cut back to what it was and a StoreError names the
    night (nothing changed)."""
    line = orjson.dumps(op)
    data = line + b"\n"
    try:
        fd = os.open(journal.path, os.O_WRONLY | os.O_APPEND)
    except OSError as exc:
        raise _write_error(night_path, exc) from None
    try:
        if os.fstat(fd).st_size != journal.size:  # a line cut short by a killed writer
            os.ftruncate(fd, journal.size)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, journal.size)
        raise _write_error(night_path, exc) from None
    finally:
        os.close(fd)
    journal.size += len(data)
    journal.take(op, line)


def remove(night_path: Path) -> None:
    """Remove a journal the night file has taken in (it is stale either way)."""
    with contextlib.suppress(OSError):
        os.unlink(journal_path(night_path))
