"""Dataclass methods compiled once, kept beside the bytecode, like the bytecode.

`@dataclass` writes the source of each class's `__init__`, `__repr__`, `__eq__`, `__hash__`,
`__setattr__`... and compiles it on every run: about 1 ms a frozen class on a 2-core machine, and a
command that replays a night builds some 60 of them. Python caches the bytecode of modules, not of
this generated text. `install()` (called by the command line's entry point only) gives the
dataclasses module an `exec` that looks the exact text up in a table of code objects compiled
before, and compiles (as `exec` would) what it has not seen; the table is written at exit, next to
banluck's bytecode (`__pycache__`, or under PYTHONPYCACHEPREFIX), and not at all where bytecode is
not written (PYTHONDONTWRITEBYTECODE). The same text compiles to the same code, so the classes are
exactly those `@dataclass` builds; a table of another Python, or a damaged one, is ignored and
written anew.
"""

import atexit
import builtins
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER, cache_from_source
from pathlib import Path
from typing import Any

_FORMAT = b"banluck-dataclasses-2"
_MOST = 4000  # entries kept: far above banluck's own methods; a runaway table starts again
_stored: dict[str, bytes] = {}  # text -> its code, marshalled: each read only when used
_used: set[str] = set()
_new = False
_CODE = type(compile("", "<string>", "exec"))


def cache_path() -> Path:
    """Where the table lives: beside banluck's bytecode (honouring PYTHONPYCACHEPREFIX)."""
    anchor = cache_from_source(str(Path(__file__).resolve()))
    return Path(anchor).with_name(f"dataclass-methods.{sys.implementation.cache_tag}.marshal")


def _load(path: Path) -> dict[str, bytes]:
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    head = _FORMAT + MAGIC_NUMBER
    if not data.startswith(head):
        return {}
    try:
        table = marshal.loads(data[len(head) :])
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict) or not all(
        isinstance(k, str) and isinstance(v, bytes) for k, v in table.items()
    ):
        return {}
    return table


def _save(path: Path) -> None:
    if not _new or sys.dont_write_bytecode:
        return
    # the classes of older versions pile up: past the limit, only this run's are kept
    table = _stored if len(_stored) <= _MOST else {k: _stored[k] for k in _used}
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(_FORMAT + MAGIC_NUMBER + marshal.dumps(table))
        os.replace(tmp, path)
    except OSError:  # a read-only install: the classes are simply compiled each run
        tmp.unlink(missing_ok=True)


def _code(source: str) -> Any:
    """The code of a text: read from the table, else compiled (and kept for the table)."""
    global _new
    _used.add(source)
    stored = _stored.get(source)
    if stored is not None:
        try:
            code = marshal.loads(stored)
        except (EOFError, ValueError, TypeError):
            code = None
        if isinstance(code, _CODE):
            return code
    # as exec(text) in the dataclasses module compiles it: no __future__ flag of this module
    code = compile(source, "<string>", "exec", dont_inherit=True)
    _stored[source] = marshal.dumps(code)
    _new = True
    return code


def _exec(source: Any, globals_: Any = None, locals_: Any = None, /) -> None:
    """`exec` for the dataclasses module: a text seen before runs its code compiled before."""
    if isinstance(source, str):
        source = _code(source)
    builtins.exec(source, globals_, locals_)


def install() -> None:
    """Use the table for every dataclass built from now on in this process."""
    import dataclasses

    if getattr(dataclasses, "exec", None) is _exec:
        return
    path = cache_path()
    _stored.update(_load(path))
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    atexit.register(_save, path)
