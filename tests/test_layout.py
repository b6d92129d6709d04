"""The package's rooms stay a size one can read: no module over 900 lines (docs/engine.md)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "banluck"
LIMIT = 900


def test_no_module_is_over_900_lines() -> None:
    sizes = {
        str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }
    assert len(sizes) > 100  # the whole package was read
    over = {name: lines for name, lines in sizes.items() if lines > LIMIT}
    assert not over, f"split these modules (over {LIMIT} lines): {over}"
