"""What a run would otherwise compile or parse again, kept beside the bytecode, like the bytecode.

Two tables, each keyed by an exact text, so that an entry is used only for the very text it was
made from:

- dataclass methods: `@dataclass` writes the source of each class's `__init__`, `__repr__`,
  `__eq__`, `__hash__`, `__setattr__`... and compiles it on every run, about 1 ms a frozen class
  on a 2-core machine (a command that replays a night builds some 60 of them); Python caches the
  bytecode of modules, not of this generated text. `install()` gives the dataclasses module an
  `exec` that runs the code compiled before for a text it has seen, and compiles (as `exec` would)
  what it has not. The same text compiles to the same code: the classes are exactly those
  `@dataclass` builds.
- the shipped presets, parsed: reading a preset needs `tomllib` (about 3 ms to import) and a parse;
  a shipped preset whose text is the text parsed before is read from the table
  (`banluck.core.parsed`, read by banluck.app.presets). A user's preset is always parsed from its file.

`install()` is called by the command line's entry point only. The tables are written at exit when
something was added, next to banluck's bytecode (`__pycache__`, or under PYTHONPYCACHEPREFIX), and
not at all where bytecode is not written (PYTHONDONTWRITEBYTECODE) or the folder is read-only. A
table of another Python, or a damaged one, is ignored and written anew; a damaged entry is made
again.
"""

import atexit
import builtins
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER, cache_from_source
from pathlib import Path
from types import CodeType
from typing import Any

_CODE = CodeType


class Table:
    """Marshalled values by exact text, read from and written to one file beside the bytecode;
    each value unmarshalled only when asked for (so every get returns a fresh object)."""

    def __init__(self, name: str, most: int) -> None:
        self.name = name
        self.most = most  # past this many, only the entries of this run are kept
        self.stored: dict[str, bytes] = {}
        self.used: set[str] = set()
        self.new = False

    def path(self) -> Path:
        """Beside this module's bytecode (where the import system put it, prefix and all)."""
        anchor = globals().get("__cached__") or cache_from_source(str(Path(__file__).resolve()))
        return Path(anchor).with_name(f"{self.name}.{sys.implementation.cache_tag}.marshal")

    def _head(self) -> bytes:
        return b"banluck-" + self.name.encode() + b"-1" + MAGIC_NUMBER

    def load(self, path: Path) -> None:
        try:
            data = path.read_bytes()
        except OSError:
            return
        head = self._head()
        if not data.startswith(head):
            return
        try:
            table = marshal.loads(data[len(head) :])
        except (EOFError, ValueError, TypeError):
            return
        if isinstance(table, dict) and all(
            isinstance(k, str) and isinstance(v, bytes) for k, v in table.items()
        ):
            self.stored.update(table)

    def get(self, text: str) -> Any:
        """The value kept for `text`, or None (none kept, or damaged)."""
        self.used.add(text)
        stored = self.stored.get(text)
        if stored is None:
            return None
        try:
            return marshal.loads(stored)
        except (EOFError, ValueError, TypeError):
            return None

    def put(self, text: str, value: Any) -> None:
        """Keep `value` (of marshal's plain types) for `text`; a value marshal cannot keep is not
        kept."""
        try:
            self.stored[text] = marshal.dumps(value)
        except ValueError:
            return
        self.used.add(text)
        self.new = True

    def save(self, path: Path) -> None:
        if not self.new or sys.dont_write_bytecode:
            return
        table = self.stored
        if len(table) > self.most:  # the entries of older versions pile up: start again
            table = {k: v for k, v in table.items() if k in self.used}
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(self._head() + marshal.dumps(table))
            os.replace(tmp, path)
        except OSError:  # a read-only install: simply made again on each run
            tmp.unlink(missing_ok=True)


METHODS = Table("dataclass-methods", most=4000)
PRESETS = Table("shipped-presets", most=200)


def _code(source: str) -> Any:
    """The code of a text: from the table, else compiled (and kept for the table)."""
    code = METHODS.get(source)
    if isinstance(code, _CODE):
        return code
    # as exec(text) in the dataclasses module compiles it: no __future__ flag of this module
    code = compile(source, "<string>", "exec", dont_inherit=True)
    METHODS.put(source, code)
    return code


def _exec(source: Any, globals_: Any = None, locals_: Any = None, /) -> None:
    """`exec` for the dataclasses module: a text seen before runs its code compiled before."""
    if isinstance(source, str):
        source = _code(source)
    builtins.exec(source, globals_, locals_)


def install() -> None:
    """Use the tables from now on in this process; write what was added at exit."""
    import dataclasses

    if getattr(dataclasses, "exec", None) is _exec:
        return
    for table in (METHODS, PRESETS):
        path = table.path()
        table.load(path)
        atexit.register(table.save, path)
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    from banluck.core import parsed

    parsed.table = PRESETS
