"""Stores for the players' view tests (app, web and browser): real nights written through
banluck's own commands."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from banluck.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "banluck" / "data" / "demo-night.log"
CASINO_ROUND = ("up 7", "deal Bob 10 9", "deal Carol 10 6", "stand Bob", "hit Carol 5", "hole 10")
CASINO_OPEN = ("up 9", "deal Bob 8 8")


def run(*args: str) -> str:
    """`banluck ARGS` in this process; its output (it must succeed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(list(args))
    assert code == 0, out.getvalue()
    return out.getvalue()


def both_families() -> None:
    """Night 1: the demo's ban-luck night (closed, 8 rounds); night 2: a casino night
    (blackjack-pro) with one round played and the next one open."""
    run("replay", str(DEMO), "--save", "--date", "2027-01-01")
    run(
        "night",
        "start",
        "blackjack-pro",
        "Mei",
        "Bob",
        "Carol",
        "--stake",
        "10",
        "--date",
        "2027-01-02",
    )
    for line in (*CASINO_ROUND, *CASINO_OPEN):
        run("act", *line.split())


def long_log(rounds: int = 30) -> str:
    """A ban-luck night log of `rounds` rounds at four seats (the deal passing every 3 rounds)."""
    seats = ["Mei", "Bob", "Carol", "Dave"]
    hands = ["10 8", "10 6", "9 9", "10 7", "K Q", "9 8"]
    lines = ["night chinese " + " ".join(seats), "stake 10"]
    for n in range(rounds):
        dealer = seats[(n // 3) % len(seats)]
        lines += ["round", "dealer 10 7", "stand all"]
        others = [s for s in seats if s != dealer]
        lines += [f"open {who} {hands[(n + k) % len(hands)]}" for k, who in enumerate(others)]
    return "\n".join(lines) + "\n"


def long_night(tmp: Path, rounds: int = 30) -> None:
    """A closed ban-luck night of `rounds` rounds (for the report's pages)."""
    log = tmp / "long-night.log"
    log.write_text(long_log(rounds), encoding="utf-8")
    run("replay", str(log), "--save", "--date", "2027-02-01")
