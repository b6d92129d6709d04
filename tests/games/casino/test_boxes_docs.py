"""docs/boxes.md shows what banluck does: its night is the transcript whose balances were worked
out by hand (and checked by test_casino_transcripts.py), its screens are the console's."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "boxes.md").read_text(encoding="utf-8")


def test_the_night_in_the_doc_is_the_checked_transcript() -> None:
    log = (ROOT / "tests/games/casino/transcripts/boxes-night.log").read_text(encoding="utf-8")
    lines = [line for line in log.splitlines() if not line.startswith("# ")]
    assert "```\n" + "\n".join(lines).strip() + "\n```" in DOC


def test_the_screens_in_the_doc_are_the_consoles() -> None:
    for name in ("boxes-80.txt", "boxes-45.txt", "two-boxes-45.txt"):
        screen = (ROOT / "docs" / "screens" / name).read_text(encoding="utf-8")
        assert "```\n" + screen.rstrip() + "\n```" in DOC, name


def test_the_docs_totals_are_the_transcripts_balances() -> None:
    from tests.games.casino.test_casino_transcripts import expected_balances

    log = (ROOT / "tests/games/casino/transcripts/boxes-night.log").read_text(encoding="utf-8")
    row = next(line for line in DOC.splitlines() if line.startswith("| the night |"))
    cells = [c.strip() for c in row.strip("|").split("|")][1:]
    header = next(line for line in DOC.splitlines() if line.startswith("| round | Ann"))
    names = [c.strip() for c in header.strip("|").split("|")][1:]
    assert {n: int(c) for n, c in zip(names, cells, strict=True)} == expected_balances(log)
