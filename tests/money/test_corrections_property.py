"""Random nights with random amendments, reversals, payments and a rename: the ledger stays
zero-sum, `check` is clean, and every view (`ledger`, `stats`, `history`, `chart`, `settle`)
agrees with a recomputation from the stored entries written here, apart from the code."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banluck.app import amending
from banluck.app.nights import start_night
from banluck.app.session import Session
from banluck.cli.main import main
from banluck.storage import Store

SEATS = ["Ann", "Bo", "Cy"]
TOTALS = ["16", "17", "18", "19", "20", "A K"]  # of two hidden cards (21 is ban-luck: its cards)

step = st.one_of(
    st.tuples(
        st.just("round"), st.lists(st.sampled_from([*TOTALS, "bust"]), min_size=2, max_size=2)
    ),
    st.tuples(st.just("pay"), st.tuples(st.integers(0, 2), st.integers(1, 2), st.integers(1, 30))),
    st.tuples(
        st.just("amend"), st.tuples(st.integers(0, 50), st.integers(0, 1), st.sampled_from(TOTALS))
    ),
    st.tuples(st.just("reverse"), st.integers(0, 50)),
    st.tuples(st.just("close"), st.none()),
)


def run(*args: str) -> Any:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main([*args, "--json"])
    assert code == 0, args
    return json.loads(out.getvalue())


def recompute(
    entries: list[dict[str, Any]], names: dict[str, str]
) -> tuple[Counter[str], Counter[str], dict[int, Counter[str]]]:
    """Balances, results and each night's results, from the stored entries: a round's and a
    correction's transfers move balance; a payment moves it from payee to payer; results leave
    out payments and the corrections that reverse one."""
    kinds = {e["seq"]: e["kind"] for e in entries}
    balance: Counter[str] = Counter()
    result: Counter[str] = Counter()
    nightly: dict[int, Counter[str]] = {}
    for e in entries:
        moves = []
        if e["kind"] == "payment":
            moves = [(e["to"], e["from"], e["amount"])]
        elif e["kind"] in ("round", "correction"):
            moves = [(t["from"], t["to"], t["amount"]) for t in e["transfers"]]
        counts = e["kind"] == "round" or (
            e["kind"] == "correction" and kinds.get(e.get("reverses")) != "payment"
        )
        for src, dst, amount in moves:
            src, dst = names.get(src, src), names.get(dst, dst)
            balance[src] -= amount
            balance[dst] += amount
            if counts:
                result[src] -= amount
                result[dst] += amount
                night = nightly.setdefault(e["night"], Counter())
                night[src] -= amount
                night[dst] += amount
    return balance, result, nightly


def nonzero(counts: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in counts.items() if v}


def play(store: Store, steps: list[tuple[str, Any]]) -> None:
    session: Session | None = None
    for kind, arg in steps:
        if store.tonight() is None:
            start_night(store, "chinese", SEATS, 10)
        session = Session.open(store)
        rounds = [e for e in store.entries() if e["kind"] == "round"]
        if kind == "round":
            players = [n for n in SEATS if n != session.night.seating.dealer]
            lines = ["dealer 10 7"]
            lines += [f"hit {p}" for p, t in zip(players, arg, strict=True) if t == "bust"]
            lines += ["stand all", *(f"open {p} {t}" for p, t in zip(players, arg, strict=True))]
            for line in lines:
                session.act(line)
        elif kind == "pay":
            payer, hop, amount = arg
            store.add_payment(SEATS[payer], SEATS[(payer + hop) % 3], amount)
        elif kind == "amend" and rounds:
            entry = rounds[arg[0] % len(rounds)]
            now = amending.standing(store, entry)
            if now.reversed_by is not None:
                continue
            opens = [i for i, line in enumerate(now.log) if line.startswith("open ")]
            at = opens[arg[1] % len(opens)]
            lines = list(now.log)
            if lines[at].split()[-1] == "bust":
                continue  # a hand of three cards: the amendment keeps it
            lines[at] = " ".join([*lines[at].split()[:2], arg[2]])
            if lines != list(now.log):
                amending.amend(store, entry["night"], entry["round"], lines, "a card misread")
        elif kind == "reverse":
            entries = [e for e in store.entries() if e["kind"] in ("round", "payment")]
            reversed_ = {e.get("reverses") for e in store.entries()}
            left = [e for e in entries if e["seq"] not in reversed_]
            if left:
                amending.reverse(store, left[arg % len(left)]["seq"], "entered by mistake")
        elif kind == "close" and not store.live():
            store.close_night()


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(steps=st.lists(step, min_size=1, max_size=12), rename=st.booleans())
def test_random_corrections_keep_every_view_in_agreement(
    steps: list[tuple[str, Any]], rename: bool
) -> None:
    views_agree(steps, rename)


def test_a_night_with_every_kind_of_correction_agrees() -> None:
    """The property on one night known to hold an amendment, two reversals and a rename."""
    steps: list[tuple[str, Any]] = [
        ("round", ["18", "bust"]),
        ("round", ["20", "16"]),
        ("pay", (0, 1, 10)),
        ("amend", (0, 0, "A K")),
        ("amend", (1, 1, "19")),
        ("reverse", 1),
        ("close", None),
        ("round", ["17", "19"]),
        ("reverse", 0),
    ]
    kinds = Counter(
        "amendment" if "amends" in e else e["kind"] for e in views_agree(steps, rename=True)
    )
    assert kinds == Counter(round=3, payment=1, amendment=2, correction=2, rename=1)


def views_agree(steps: list[tuple[str, Any]], rename: bool) -> list[dict[str, Any]]:
    """Play `steps` into a fresh store, then compare every view with `recompute`; the entries."""
    saved = os.environ.get("BANLUCK_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["BANLUCK_HOME"] = home
        try:
            store = Store()
            play(store, steps)
            names: dict[str, str] = {}
            if rename:
                if store.tonight() is not None:
                    store.close_night()
                store.rename("Bo", "Bob")
                names = {"Bo": "Bob"}
            raw = store.entries()
            balance, result, nightly = recompute(raw, names)
            assert sum(balance.values()) == 0 and sum(result.values()) == 0
            assert store.check() == []
            assert nonzero(run("ledger", "--all")["balances"]) == nonzero(balance)
            stats = {r["name"]: r for r in run("stats")}
            assert nonzero({n: r["unpaid"] for n, r in stats.items()}) == nonzero(balance)
            assert nonzero({n: r["result"] for n, r in stats.items()}) == nonzero(result)
            history = run("history")
            for record in history:
                assert nonzero(record["result"]) == nonzero(nightly.get(record["id"], {}))
                chart = run("chart", "--night", str(record["id"]))["results"]
                assert nonzero({n: s[-1] for n, s in chart.items()}) == nonzero(
                    nightly.get(record["id"], {})
                )
            settle = run("settle")
            left = Counter(settle["balances"])
            for t in settle["transfers"]:
                left[t["from"]] += t["amount"]
                left[t["to"]] -= t["amount"]
            assert nonzero(left) == {}
            assert nonzero(settle["balances"]) == nonzero(balance)
            return raw
        finally:
            if saved is not None:
                os.environ["BANLUCK_HOME"] = saved
