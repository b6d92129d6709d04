"""Parsed preset texts kept between runs: the command line sets `table` (a table beside its
bytecode, banluck.cli.dataclass_cache); banluck.app.presets reads a shipped preset from it when
its text is one parsed before. Nothing else sets it: a library user and the tests parse every file.
(No imports at run time: every command loads this module.)
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import Protocol

    class ParsedTexts(Protocol):
        """`get` gives a fresh mapping for a text parsed before (else None); `put` keeps one."""

        def get(self, text: str) -> Any: ...

        def put(self, text: str, value: Any) -> None: ...


table: "ParsedTexts | None" = None
