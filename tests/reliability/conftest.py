"""The reliability suite's figures: each test records what it tried (`tally(...)`), and a run
ends with one line in the form of the closing note of a reliability issue:

    bad inputs tried N / tracebacks T / wrong W; crash points N / survived S;
    concurrent lines acknowledged N / lost L

Counts are recorded before a test's assertions, so a failing test still counts what went wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

KEYS = ("bad", "tracebacks", "wrong", "crash_points", "survived", "acknowledged", "lost")


@pytest.fixture
def tally(record_property: Callable[[str, object], None]) -> Callable[..., None]:
    """`tally(bad=1, wrong=0, ...)`: add to the run's figures (KEYS)."""

    def add(**counts: int) -> None:
        unknown = set(counts) - set(KEYS)
        assert not unknown, unknown
        record_property("tally", counts)

    return add


@pytest.fixture
def night(cli, banluck_home: Path) -> Path:  # type: ignore[no-untyped-def]
    """An open night of ban-luck with one round played (Mei deals; Bob and Carol open)."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    for line in ("dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7"):
        assert cli("act", *line.split())[0] == 0
    return banluck_home


def figures(reports: list[Any]) -> Counter[str]:
    totals: Counter[str] = Counter()
    for report in reports:
        if getattr(report, "when", None) == "call":
            for name, value in getattr(report, "user_properties", ()):
                if name == "tally":
                    totals.update(value)
    return totals


def pytest_terminal_summary(terminalreporter: Any) -> None:
    totals = figures([r for rs in terminalreporter.stats.values() for r in rs])
    if not totals:
        return
    t = totals
    terminalreporter.write_line(
        f"reliability: bad inputs tried {t['bad']} / tracebacks {t['tracebacks']} / wrong "
        f"{t['wrong']}; crash points {t['crash_points']} / survived {t['survived']}; concurrent "
        f"lines acknowledged {t['acknowledged']} / lost {t['lost']}"
    )
