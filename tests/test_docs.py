"""The docs stay true: the night-log example replays, and every word is documented."""

from __future__ import annotations

import re
from pathlib import Path

from banluck import presets
from banluck.night import WORDS
from banluck.nightlog import read_night

ROOT = Path(__file__).resolve().parent.parent


def test_night_log_example_is_the_shipped_demo_and_replays() -> None:
    """docs/night-log.md's full example is the demo night, and it replays without an error."""
    doc = (ROOT / "docs" / "night-log.md").read_text(encoding="utf-8")
    demo = (ROOT / "banluck" / "data" / "demo-night.log").read_text(encoding="utf-8")
    assert demo.strip() in doc
    night, _ = read_night(demo, "demo", presets.load)
    assert night.current is None and len(night.rounds) >= 8
    assert sum(night.balances.values()) == 0


def test_every_night_log_word_is_documented() -> None:
    """A word the engine accepts but the docs do not name fails here."""
    doc = (ROOT / "docs" / "night-log.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"\| `(\w+)", doc)) | set(re.findall(r"/ `(\w+)", doc))
    assert set(WORDS) <= documented, set(WORDS) - documented
