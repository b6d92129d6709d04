"""The people's payment handles (`banluck people set Bob --pay "PayNow 9123 4567"`): one small
file beside the nights, `handles.json`, `{"version": 1, "handles": {name: handle}}`.

A file of its own, so that no night file, index or entry changes shape: a store written before
handles existed has no such file and reads as no handle set (version 0 of this shape), and opens,
reads and settles exactly as before. Each write is atomic (`core.atomic.write_atomic`) under the
store's lock.
"""

from __future__ import annotations

import json
from pathlib import Path

from banluck.core.atomic import write_atomic
from banluck.storage.files import StoreError

VERSION = 1
LONGEST = 80


def load(path: Path) -> dict[str, str]:
    """The handles stored at `path`: {} when there is no file (a store of an earlier version)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(raw)
        found = data["handles"]
        if data.get("version") != VERSION or not isinstance(found, dict):
            raise ValueError(f"version {data.get('version')!r}")
        return {str(k): str(v) for k, v in found.items()}
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StoreError(
            f"{path} is not a file of payment handles ({exc}); move it away and set them again"
        ) from None


def save(path: Path, handles: dict[str, str]) -> None:
    """Store `handles` at `path` (atomically); an empty mapping still leaves a file."""
    data = {"version": VERSION, "handles": dict(sorted(handles.items()))}
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1).encode() + b"\n")
