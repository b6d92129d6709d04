"""The night's money end to end through the CLI: a night played with `act` lines, `undo`,
`export`, `settle` and `pay`, `stats`/`chart`/`history`, `check`, `demo`, `replay --save`, and
bad input refused with one line and nothing stored. Every command runs in-process with
BANLUCK_HOME in a temp folder."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random
import shlex
import tempfile
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banluck.app import presets
from banluck.app.exporting import night_log
from banluck.app.records import read_log
from banluck.app.session import Session
from banluck.core.cards import RANKS, SUITS, Card
from banluck.money import ledger
from banluck.storage import Store
from tests.games.banluck.test_round_properties import (
    candidates,  # the round engine's random legal actions
)
from tests.helpers import ban_luck_shipped

Cli = Callable[..., tuple[int, str, str]]

# A night of the chinese preset (the deal rotates every 3 rounds) with a stake change, a seat,
# a pass and a leave. The dealer after it: Carol (Mei dealt rounds 1-3, Bob round 4, then pass).
NIGHT_LINES = [
    "stake 10",
    "dealer 10 6",
    "show Bob A K",
    "stand Carol",
    "open Carol 10 9",
    "dealer 9 7",
    "stand Bob",
    "stand Carol",
    "draw 2",
    "open Bob 10 8",
    "open Carol 10 5",
    "stake Bob 20",
    "dealer 10 8",
    "stand Bob Carol",
    "open Bob 10 10",
    "open Carol 7 9",
    "seat Dave",
    "dealer 10 9",
    "stand all",
    "open Mei 10 8",
    "open Carol 10 10",
    "open Dave 9 9",
    "pass",
    "leave Mei",
    "dealer 10 7",
    "stand Bob",
    "stand Dave",
    "open Bob 10 8",
    "open Dave 10 7",
]
NIGHT_LOG = "night chinese Mei Bob Carol\n" + "\n".join(NIGHT_LINES) + "\n"
NIGHT_BALANCES = {"Mei": -40, "Bob": 70, "Carol": -20, "Dave": -10}


def act(cli: Cli, *lines: str) -> None:
    for line in lines:
        code, _, err = cli("act", *shlex.split(line))
        assert code == 0, f"act {line}: {err}"


def run_json(cli: Cli, *args: str) -> Any:
    code, out, err = cli(*args)
    assert code == 0, f"{args}: {err}"
    return json.loads(out)


def replay_json(cli: Cli, path: Path, text: str) -> dict[str, Any]:
    path.write_text(text, encoding="utf-8")
    return run_json(cli, "replay", str(path), "--json")  # type: ignore[no-any-return]


def hashes(home: Path) -> dict[str, str]:
    """Every file under `home` (data, backups, index, lock) by relative path."""
    return {
        str(p.relative_to(home)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(home.rglob("*"))
        if p.is_file()
    }


def nonzero(balances: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in balances.items() if v}


def round_entries(cli: Cli, *args: str) -> list[dict[str, Any]]:
    return [e for e in run_json(cli, "ledger", "--json", *args)["entries"] if e["kind"] == "round"]


def play_night(cli: Cli, date: str = "2027-01-01") -> None:
    code, _, err = cli("night", "start", "chinese", "Mei", "Bob", "Carol", "--date", date)
    assert code == 0, err
    act(cli, *NIGHT_LINES)


# -- a whole night with act -------------------------------------------------------------------


def test_a_night_played_with_act_equals_its_replay(cli: Cli, tmp_path: Path) -> None:
    """The ledger of a night typed line by line holds the balances and, round by round, the
    transfers of the same lines replayed; the table ends rotated, passed and re-seated."""
    play_night(cli)
    stored = run_json(cli, "ledger", "--json")
    replayed = replay_json(cli, tmp_path / "night.log", NIGHT_LOG)
    assert replayed["balances"] == NIGHT_BALANCES
    assert stored["balances"] == nonzero(replayed["balances"])
    rounds = [e for e in stored["entries"] if e["kind"] == "round"]
    assert [(e["round"], e["dealer"], e["transfers"]) for e in rounds] == [
        (r["number"], r["dealer"], r["transfers"]) for r in replayed["rounds"]
    ]
    assert [e["dealer"] for e in rounds] == ["Mei", "Mei", "Mei", "Bob", "Carol"]
    assert rounds[2]["stakes"] == {"Bob": 20, "Carol": 10}  # the stake change applied

    show = run_json(cli, "night", "show", "--json")
    assert show["seats"] == ["Bob", "Carol", "Dave"]
    assert show["dealer"] == "Carol"
    assert show["stakes"] == {"Bob": 20, "Carol": 10, "Dave": 10}
    assert show["live"] == []
    assert show["balances"] == NIGHT_BALANCES


def test_night_close_is_refused_while_a_round_is_live(cli: Cli) -> None:
    """`night close` refuses a night with a round being played, and closes it once the round
    is recorded; `history` then says it is closed."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol")
    act(cli, "dealer 10 7", "stand Bob")
    code, out, err = cli("night", "close")
    assert code != 0 and err.startswith("error:") and "round" in err
    assert run_json(cli, "night", "show", "--json")["live"] == ["dealer 10 7", "stand Bob"]
    act(cli, "stand Carol", "open Bob 10 9", "open Carol 10 8")
    code, out, err = cli("night", "close")
    assert code == 0, err
    assert "night 1" in out and "closed" in out
    assert [n["status"] for n in run_json(cli, "history", "--json")] == ["closed"]


# -- undo -------------------------------------------------------------------------------------


def test_undo_in_a_live_round_drops_its_last_line(cli: Cli) -> None:
    """Within a round, `undo` removes the last live line and the round goes on from there."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol")
    act(cli, "dealer 10 7", "hit Bob", "stand Bob")
    code, out, _ = cli("undo")
    assert code == 0 and "stand Bob" in out
    assert run_json(cli, "night", "show", "--json")["live"] == ["dealer 10 7", "hit Bob"]
    act(cli, "hit Bob", "stand Bob")  # Bob may draw again: the stand is gone
    assert run_json(cli, "night", "show", "--json")["live"][-2:] == ["hit Bob", "stand Bob"]
    code, out, _ = cli("act", "undo")  # the night-log word does the same, and says what it did
    assert code == 0 and out == "undid `stand Bob`\n"
    assert run_json(cli, "night", "show", "--json")["live"][-1] == "hit Bob"


def test_act_takes_a_whole_line_quoted_as_the_console_reads_it(cli: Cli) -> None:
    """`banluck act "hit Bob"` is the line `hit Bob` (aliases too, stored spelt out); a name quoted among other
    words is still one word (refused: a name has no space), and an empty line is refused."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol")
    for line in ("dealer 10 7", "h Bob", "  s Bob  "):
        code, _, err = cli("act", line)
        assert code == 0, f"act {line!r}: {err}"
    assert run_json(cli, "night", "show", "--json")["live"] == [
        "dealer 10 7",
        "hit Bob",
        "stand Bob",
    ]
    code, _, err = cli("act", "hit", "Carol X")
    assert code == 1 and "not at the table" in err and err.count("\n") == 1
    code, _, err = cli("act", "   ")
    assert code == 1 and "empty word" in err
    code, _, err = cli("act", "undo now")
    assert code == 1 and "undo takes no words" in err
    assert run_json(cli, "night", "show", "--json")["live"] == [
        "dealer 10 7",
        "hit Bob",
        "stand Bob",
    ]
    code, out, _ = cli("act", "undo")
    assert code == 0 and out == "undid `stand Bob`\n"


def test_undo_of_the_round_that_rotated_the_deal_puts_the_dealer_back(cli: Cli) -> None:
    """Undoing the third round (after which the deal passed to Bob) removes its entry, reopens it
    without its last line and gives the deal back to Mei with her counters; playing the line
    again records the same round and rotates again."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol")
    act(cli, *NIGHT_LINES[:16])  # three rounds and the stake change
    before = run_json(cli, "ledger", "--json")
    assert run_json(cli, "night", "show", "--json")["dealer"] == "Bob"

    code, out, err = cli("undo")
    assert code == 0, err
    assert "reopened round 3" in out and "open Carol 7 9" in out
    show = run_json(cli, "night", "show", "--json")
    assert show["dealer"] == "Mei"
    assert show["live"] == ["dealer 10 8", "stand Bob", "stand Carol", "open Bob 10 10"]
    assert len(round_entries(cli)) == 2

    act(cli, "open Carol 7 9")
    after = run_json(cli, "ledger", "--json")
    assert after["balances"] == before["balances"]
    assert run_json(cli, "night", "show", "--json")["dealer"] == "Bob"
    # Bob deals three rounds from here: the counters were put back, not carried over
    act(cli, "dealer 10 9", "stand all", "open Mei 10 8", "open Carol 10 10")
    act(cli, "dealer 10 9", "stand all", "open Mei 10 8", "open Carol 10 10")
    assert run_json(cli, "night", "show", "--json")["dealer"] == "Bob"
    act(cli, "dealer 10 9", "stand all", "open Mei 10 8", "open Carol 10 10")
    assert run_json(cli, "night", "show", "--json")["dealer"] == "Carol"


def test_undo_after_a_stake_change_undoes_the_stake_not_the_round(cli: Cli) -> None:
    """The last line typed was `stake Bob 50`: undo takes it back (Bob's stake is 10 again) and
    leaves the round before it recorded; the next undo reopens that round at the old stakes."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol")
    act(cli, "dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7", "stake Bob 50")
    code, out, _ = cli("undo")
    assert code == 0 and "stake Bob 50" in out
    show = run_json(cli, "night", "show", "--json")
    assert show["stakes"]["Bob"] == 10
    assert len(round_entries(cli)) == 1
    code, out, _ = cli("undo")
    assert "reopened round 1" in out
    act(cli, "open Carol 10 7")
    assert round_entries(cli)[0]["transfers"][0] == {
        "from": "Mei",
        "to": "Bob",
        "amount": 10,
        "reason": "19 beats 16: pays 1 × 10",
    }


def test_undo_of_seat_pass_and_leave_restores_the_table(cli: Cli) -> None:
    """`seat`, `pass` and `leave` typed after a round are undone one by one, last first, each
    putting back the seats and the dealer as they were."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol")
    act(cli, "dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7")
    tables = [run_json(cli, "night", "show", "--json")]
    for line in ("seat Dave", "pass", "leave Mei"):
        act(cli, line)
        tables.append(run_json(cli, "night", "show", "--json"))
    assert tables[-1]["seats"] == ["Bob", "Carol", "Dave"] and tables[-1]["dealer"] == "Bob"
    for expected in reversed(tables[:-1]):
        assert cli("undo")[0] == 0
        show = run_json(cli, "night", "show", "--json")
        assert (show["seats"], show["dealer"], show["stakes"]) == (
            expected["seats"],
            expected["dealer"],
            expected["stakes"],
        )


def test_undo_does_not_cancel_a_payment(cli: Cli) -> None:
    """A payment is not a line of play: undo refuses it and names the correction that reverses
    it, by the entry's number as the ledger shows it (a payment back would leave two entries)."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol")
    act(cli, "dealer 10 6", "stand all", "open Bob 10 9", "open Carol 10 7")
    code, out, _ = cli("pay", "Mei", "Bob", "10")
    assert code == 0 and out.startswith("#2: ")
    code, _, err = cli("undo")
    assert code != 0
    assert err.startswith("error: the last entry is a payment (#2: Mei paid Bob 10)")
    assert "`banluck correct 2 --reason TEXT`" in err and "banluck pay" not in err
    code, out, err = cli("correct", "2", "--reason", "typed twice")
    assert code == 0, err
    assert out.startswith("#3: #2 reversed (typed twice)")


def test_one_who_leaves_is_said_with_what_he_owes_or_is_owed(cli: Cli) -> None:
    """`leave Dave` says where Dave stands tonight, payments counted; one who is even leaves
    as before."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol", "Dave", "Eve", "--stake", "10")
    act(cli, "dealer 9 8", "stand all", "open Bob 10 8", "open Carol 10 6", "open Dave 9 5")
    act(cli, "open Eve K 7")
    assert cli("pay", "Carol", "Bob", "4")[0] == 0
    assert cli("act", "leave", "Eve")[1] == "Eve leaves the table\n"
    assert cli("act", "leave", "Dave")[1] == "Dave leaves the table, owing 10\n"
    assert cli("act", "leave", "Bob")[1] == "Bob leaves the table, owed 6\n"


# -- export -----------------------------------------------------------------------------------


def test_export_log_replays_to_the_same_balances_and_transfers(cli: Cli, tmp_path: Path) -> None:
    """`export --log` of a stored night (a round still live) replays to the stored balances and
    the same transfers round by round; the live round comes back unfinished."""
    play_night(cli)
    act(cli, "dealer 9 9", "stand Bob")
    out_file = tmp_path / "out.log"
    code, _, err = cli("export", "--log", "-o", str(out_file))
    assert code == 0, err
    replayed = run_json(cli, "replay", str(out_file), "--json")
    assert nonzero(replayed["balances"]) == run_json(cli, "ledger", "--json")["balances"]
    assert [r["transfers"] for r in replayed["rounds"]] == [
        e["transfers"] for e in round_entries(cli)
    ]
    assert "unfinished" in replayed
    code, text, _ = cli("export", "--log", "--night", "1")
    assert text == out_file.read_text(encoding="utf-8")


def test_export_csv_rows_net_to_zero_per_entry(cli: Cli) -> None:
    """`export --csv` has one row per transfer: per seq the rows net to zero, they give each
    round's nets, and the payments are rows from payer to payee."""
    play_night(cli)
    assert cli("pay", "Mei", "Bob", "40", "--note", "cash")[0] == 0
    code, out, _ = cli("export", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows, "the night has transfers"
    per_seq: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in rows:
        amount = int(row["amount"])
        assert amount > 0
        per_seq[int(row["seq"])][row["from"]] -= amount
        per_seq[int(row["seq"])][row["to"]] += amount
    entries = run_json(cli, "ledger", "--json")["entries"]
    assert sorted(per_seq) == [e["seq"] for e in entries]
    for entry in entries:
        nets = dict(per_seq[entry["seq"]])
        assert sum(nets.values()) == 0
        if entry["kind"] == "round":
            assert nonzero(nets) == nonzero(ledger.net_of(entry))
    payment = [r for r in rows if r["kind"] == "payment"]
    assert [(r["from"], r["to"], r["amount"], r["reason"]) for r in payment] == [
        ("Mei", "Bob", "40", "cash")
    ]


def test_export_json_lists_every_entry(cli: Cli) -> None:
    """`export --json` lists the ledger's entries: the five rounds and the payment, in seq order."""
    play_night(cli)
    cli("pay", "Mei", "Bob", "40")
    entries = run_json(cli, "export", "--json")
    assert [e["kind"] for e in entries] == ["round"] * 5 + ["payment"]
    assert [e["seq"] for e in entries] == sorted(e["seq"] for e in entries)
    assert entries == run_json(cli, "ledger", "--json", "--all")["entries"]


# -- settle and pay ---------------------------------------------------------------------------


def test_settle_then_pay_every_transfer_leaves_everyone_even(cli: Cli) -> None:
    """The settle-up's transfers clear the balances; once each is recorded with `pay`, the next
    settle says everyone is even."""
    play_night(cli)
    cli("night", "close")
    plan = run_json(cli, "settle", "--json")
    assert plan["scope"] == "all unpaid" and plan["method"] == "exact"
    assert plan["balances"] == NIGHT_BALANCES | {}
    left = dict(plan["balances"])
    for t in plan["transfers"]:
        left[t["from"]] += t["amount"]
        left[t["to"]] -= t["amount"]
    assert set(left.values()) == {0}
    assert len(plan["transfers"]) == 3  # three debtors, one creditor
    for t in plan["transfers"]:
        code, out, err = cli("pay", t["from"], t["to"], str(t["amount"]))
        assert code == 0, err
    code, out, _ = cli("settle")
    assert code == 0 and "everyone is even" in out
    assert run_json(cli, "settle", "--json")["transfers"] == []


def test_settle_explain_and_via(cli: Cli) -> None:
    """--explain says who settles among themselves; --via routes every payment through one
    banker (named in any case), even one whose balance is zero."""
    play_night(cli)
    code, out, _ = cli("settle", "--explain")
    assert code == 0 and "settle among themselves: 3 transfers" in out
    via = run_json(cli, "settle", "--via", "carol", "--json")
    assert via["method"] == "via"
    assert all("Carol" in (t["from"], t["to"]) for t in via["transfers"])
    left = dict(via["balances"])
    for t in via["transfers"]:
        left[t["from"]] += t["amount"]
        left[t["to"]] -= t["amount"]
    assert set(left.values()) == {0}
    # Carol pays her own 20 and is even: she can still bank
    cli("pay", "Carol", "Bob", "20")
    via = run_json(cli, "settle", "--via", "Carol", "--json")
    assert via["balances"]["Carol"] == 0 and via["transfers"]


def test_unpaid_debts_carry_over_and_settle_picks_nights_and_dates(cli: Cli) -> None:
    """Night 1's unpaid debts are in the next night's settle-up; --night and --from/--to pick
    parts of the ledger by night or by date."""
    play_night(cli, date="2027-01-01")
    cli("night", "close")
    cli("pay", "Dave", "Bob", "10")
    # the second night spells Bob in lower case: he is the same person
    code, out, err = cli("night", "start", "chinese", "bob", "Mei", "--date", "2027-02-01")
    assert code == 0 and "Bob" in out, err
    act(cli, "dealer 10 7", "stand Mei", "open Mei 10 9")  # Mei wins 10 from Bob
    night2 = {"Bob": -10, "Mei": 10}

    everything = run_json(cli, "settle", "--json")
    assert everything["balances"] == {"Bob": 50, "Carol": -20, "Dave": 0, "Mei": -30}
    assert run_json(cli, "settle", "--night", "2", "--json")["balances"] == night2
    by_date = run_json(cli, "settle", "--from", "2027-01-15", "--json")
    assert by_date["balances"] == night2
    first = run_json(cli, "settle", "--from", "2027-01-01", "--to", "2027-01-01", "--json")
    assert first["balances"] == {"Bob": 60, "Carol": -20, "Dave": 0, "Mei": -40}
    assert first["scope"] == "2027-01-01 to 2027-01-01"
    assert run_json(cli, "settle", "--night", "1", "--json")["balances"] == first["balances"]


# -- stats, chart, history --------------------------------------------------------------------

# Worked by hand (chinese, stake 10): R1 Bob ban-ban +30, Carol busts -10; R2 Bob ban-luck +20,
# Carol 7-7-7 +210; R3 Bob five-dragon +20, Carol 19 v 18 +10; the deal rotates to Bob; R4 Bob
# busts and pays Mei and Carol 10 each.
STATS_LINES = [
    "dealer 10 7",
    "show Bob A A",
    "hit Carol",
    "stand Carol",
    "open Carol 10 5 9",
    "dealer 10 9",
    "show Bob A K",
    "hit Carol 7",
    "stand Carol",
    "open Carol 7 7 7",
    "dealer 10 8",
    "hit Bob",
    "hit Bob",
    "hit Bob",
    "show Bob 2 3 4 5 6",
    "stand Carol",
    "open Carol 10 9",
    "dealer 10 6",
    "stand Mei",
    "stand Carol",
    "draw 9",
    "open Mei 10 8",
    "open Carol 10 7",
]


def stats_row(name: str, **values: int) -> dict[str, Any]:
    kinds = ("ban_ban", "ban_luck", "triple_seven", "five_dragon", "five_card_21", "bust")
    # no payments in these nights: the result is the net, all of it unpaid
    net = values.get("net", 0)
    return {"name": name, **{k: 0 for k in kinds}, "result": net, "unpaid": net, **values}


def test_stats_of_a_hand_worked_night(cli: Cli) -> None:
    """`stats --json` gives per person the rounds, net, rounds dealt, net as dealer and the
    named hands, as worked out by hand."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol")
    act(cli, *STATS_LINES)
    rows = run_json(cli, "stats", "--json")
    assert rows == [
        stats_row("Carol", rounds=4, net=220, dealt=0, net_as_dealer=0, triple_seven=1, bust=1),
        stats_row(
            "Bob",
            rounds=4,
            net=50,
            dealt=1,
            net_as_dealer=-20,
            ban_ban=1,
            ban_luck=1,
            five_dragon=1,
            bust=1,
        ),
        stats_row("Mei", rounds=4, net=-270, dealt=3, net_as_dealer=-280),
    ]
    assert run_json(cli, "stats", "--night", "1", "--json") == rows


def test_stats_and_chart_keep_results_apart_from_payments(cli: Cli) -> None:
    """A payment moves the stats' net and unpaid (the ledger's balance), not the result: Mei
    paying Carol 200 of the 220 she lost to her leaves Carol's result at +220, 20 unpaid. The
    chart shows the results."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol")
    act(cli, *STATS_LINES)
    cli("pay", "Mei", "Carol", "200")
    rows = run_json(cli, "stats", "--json")
    nets = {r["name"]: r["net"] for r in rows}
    balances = run_json(cli, "ledger", "--json")["balances"]
    assert nets == balances == {"Bob": 50, "Carol": 20, "Mei": -70}
    assert {r["name"]: r["unpaid"] for r in rows} == balances
    assert {r["name"]: r["result"] for r in rows} == {"Bob": 50, "Carol": 220, "Mei": -270}
    code, out, _ = cli("chart")
    assert code == 0
    last = {line.split()[0]: line.split()[-1] for line in out.splitlines() if line[:1] == " "}
    assert last.pop("round") == "4"  # the axis: the rounds' numbers, the last at its end
    assert last == {"Bob": "+50", "Carol": "+220", "Mei": "-270"}
    chart = run_json(cli, "chart", "--json")
    assert {k: v[-1] for k, v in chart["series"].items()} == balances
    assert {k: v[-1] for k, v in chart["results"].items()} == {
        "Bob": 50,
        "Carol": 220,
        "Mei": -270,
    }
    # once every debt is paid, the winners still show what they won
    cli("pay", "Mei", "Carol", "20")
    cli("pay", "Mei", "Bob", "50")
    rows = run_json(cli, "stats", "--json")
    assert {r["name"]: (r["result"], r["unpaid"]) for r in rows} == {
        "Bob": (50, 0),
        "Carol": (220, 0),
        "Mei": (-270, 0),
    }
    (night,) = run_json(cli, "history", "--json")
    assert night["result"] == {"Bob": 50, "Carol": 220, "Mei": -270}
    assert night["unpaid"] == {}
    code, out, _ = cli("history")
    assert "Carol +220" in out
    assert cli("check")[0] == 0


def test_chart_has_a_row_per_person_and_history_lists_nights(cli: Cli) -> None:
    """`chart` prints one row per person of the night; `history` lists every night."""
    play_night(cli, date="2027-01-01")
    code, out, _ = cli("chart")
    assert code == 0
    rows = [line.split()[0] for line in out.splitlines() if line.startswith(" ")]
    assert sorted(rows) == ["Bob", "Carol", "Dave", "Mei", "round"]  # and the rounds' axis
    cli("night", "close")
    cli("night", "start", "kampung", "Ann", "Bob", "--date", "2027-02-01")
    nights = run_json(cli, "history", "--json")
    assert [(n["id"], n["date"], n["preset"], n["rounds"], n["status"]) for n in nights] == [
        (1, "2027-01-01", "chinese", 5, "closed"),
        (2, "2027-02-01", "kampung", 0, "open"),
    ]
    code, out, _ = cli("history")
    assert code == 0 and "2027-01-01" in out and "kampung" in out and "Bob +70" in out


# -- check ------------------------------------------------------------------------------------

READERS = [
    ("ledger",),
    ("history",),
    ("stats",),
    ("chart",),
    ("export", "--csv"),
    ("export", "--log"),
    ("settle",),
    ("pay", "Bob", "Mei", "5"),
    ("check",),
    ("night", "show"),
    ("undo",),
    ("act", "dealer", "10", "7"),
    ("night", "start", "chinese", "Ann", "Ben"),
]


def test_check_is_silent_on_a_good_store(cli: Cli) -> None:
    """`check` on a store with a night, a live round and a payment: no output, exit 0."""
    play_night(cli)
    cli("pay", "Mei", "Bob", "5")
    act(cli, "dealer 10 7")
    assert cli("check") == (0, "", "")


def test_a_truncated_night_file_stops_every_reader_with_one_line(
    cli: Cli, banluck_home: Path
) -> None:
    """With the night file cut short, every command that reads says in one line which file is
    damaged and which backup to use, exits non-zero, and changes nothing."""
    play_night(cli)
    night_file = banluck_home / "nights" / "0001.json"
    night_file.write_bytes(night_file.read_bytes()[:100])
    before = hashes(banluck_home)
    for args in READERS:
        code, _, err = cli(*args)
        assert code != 0, args
        assert err.count("\n") == 1 and err.startswith("error:"), (args, err)
        assert str(night_file) in err and f"{night_file}.bak" in err, (args, err)
        assert "Traceback" not in err
    assert hashes(banluck_home) == before


def test_check_rebuild_index_mends_a_damaged_index(cli: Cli, banluck_home: Path) -> None:
    """A damaged index.json stops commands with a hint at `check --rebuild-index`, which
    rebuilds it from the night files; the ledger is then the same as before."""
    play_night(cli)
    before = run_json(cli, "ledger", "--json")
    (banluck_home / "index.json").write_text("{not json", encoding="utf-8")
    (banluck_home / "index.json.bak").write_text("{not json", encoding="utf-8")
    code, _, err = cli("ledger")
    assert code != 0 and "--rebuild-index" in err
    code, out, err = cli("check", "--rebuild-index")
    assert code == 0, err
    assert "rebuilt" in out and out.count("\n") == 1
    assert run_json(cli, "ledger", "--json") == before
    assert cli("check") == (0, "", "")


# -- demo -------------------------------------------------------------------------------------


def test_demo_uses_its_own_store_and_starts_fresh(cli: Cli, banluck_home: Path) -> None:
    """`demo` prints the sample night's first round with its reasons, the balances and the
    settle-up from `<data>/demo`, leaves the user's own store as it was (also for the commands
    that follow in the same process), and a second run prints the same."""
    cli("night", "start", "chinese", "Ann", "Ben")
    act(cli, "dealer 10 7", "stand Ben", "open Ben 10 9")
    mine = hashes(banluck_home)
    code, first, err = cli("demo")
    assert code == 0, err
    assert "Round 1 · dealer Mei" in first and "Settle-up" in first and "Balances" in first
    assert (
        "ban-luck pays 2 × 10 = 20 at once (payouts.ban_luck)" in first
    )  # a transfer with its reason
    assert "Mei" in first and "Fay" in first
    assert str(banluck_home / "demo") in first
    assert {k: v for k, v in hashes(banluck_home).items() if not k.startswith("demo")} == mine
    assert run_json(cli, "ledger", "--json")["balances"] == {"Ann": -10, "Ben": 10}
    code, second, _ = cli("demo")
    assert code == 0 and second == first
    demo = Store(banluck_home / "demo")
    assert len(demo.nights()) == 1 and demo.check() == []


def test_the_demo_hints_act_on_the_demo_store_and_it_ends_with_the_next_step(
    cli: Cli, banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command the demo suggests names the demo's store: run as printed, its `pay`
    records the payment there and the user's own ledger is untouched. The last line is the
    command that opens a night in the console, and it works."""
    import shlex

    cli("night", "start", "chinese", "Ann", "Ben")
    code, out, _ = cli("demo")
    commands = [line.strip() for line in out.splitlines() if line.startswith("  ")]
    suggested = [c for c in commands if "banluck " in c]
    assert any("banluck pay" in c for c in suggested)
    assert "`banluck pay FROM TO AMOUNT`" not in out  # the hint that would write to the user's
    for command in suggested[:-1]:
        words = shlex.split(command)
        assert words[0] == f"BANLUCK_HOME={banluck_home / 'demo'}", command
    pay = shlex.split(next(c for c in suggested if " pay " in c))
    with monkeypatch.context() as m:
        m.setenv("BANLUCK_HOME", pay[0].split("=", 1)[1])
        code, said, err = cli(*pay[2:])
        assert code == 0, err
        assert "Mei paid Bob 260" in said
        assert run_json(cli, "settle", "--json")["balances"]["Mei"] == 0
    assert run_json(cli, "settle", "--json")["balances"] == {}
    last = shlex.split(suggested[-1])
    assert last[:2] == ["banluck", "table"] and out.rstrip().endswith(suggested[-1])
    cli("night", "close")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no terminal, no line: it opens the night
    code, _, err = cli(*last[1:])
    assert code == 0, err
    assert run_json(cli, "night", "show", "--json")["seats"] == last[3:-2]


# -- replay --save ----------------------------------------------------------------------------


def test_replay_save_records_the_whole_night(cli: Cli, tmp_path: Path) -> None:
    """`replay --save` records every round of a night that seats a newcomer (history shows it,
    closed) with the balances of the replay; the saved night exports back to the same replay."""
    path = tmp_path / "night.log"
    path.write_text(NIGHT_LOG, encoding="utf-8")
    code, out, err = cli("replay", str(path), "--save", "--date", "2027-03-01", "--json")
    assert code == 0, err
    assert "saved as night 1 (closed)" in err
    nights = run_json(cli, "history", "--json")
    assert [(n["date"], n["rounds"], n["status"]) for n in nights] == [("2027-03-01", 5, "closed")]
    assert run_json(cli, "ledger", "--json")["balances"] == NIGHT_BALANCES
    assert cli("check") == (0, "", "")
    exported = replay_json(cli, tmp_path / "back.log", cli("export", "--log")[1])
    assert exported == json.loads(out)


def test_replay_save_is_refused_while_a_night_is_open(
    cli: Cli, tmp_path: Path, banluck_home: Path
) -> None:
    """With a night open, `replay --save` says so in one line and stores nothing."""
    cli("night", "start", "chinese", "Ann", "Ben")
    before = hashes(banluck_home)
    path = tmp_path / "night.log"
    path.write_text(NIGHT_LOG, encoding="utf-8")
    code, out, err = cli("replay", str(path), "--save")
    assert code != 0 and out == ""
    assert err.startswith("error:") and "night close" in err and err.count("\n") == 1
    assert hashes(banluck_home) == before


def test_replay_save_refuses_a_name_the_night_log_cannot_write_back(
    cli: Cli, tmp_path: Path, banluck_home: Path
) -> None:
    """A quoted name with a space could not be written back to a night log: the replay and the
    save are both refused, and nothing is stored."""
    path = tmp_path / "night.log"
    path.write_text(
        'night chinese "Mary Ann" Bob\nstake 10\ndealer 10 7\nstand Bob\nopen Bob 10 9\n',
        encoding="utf-8",
    )
    code, _, err = cli("replay", str(path))
    assert code == 1 and "cannot be a player's name" in err
    code, _, err = cli("replay", str(path), "--save")
    assert code != 0 and "e.g. MaryAnn" in err and err.count("\n") == 1
    assert not banluck_home.exists() or hashes(banluck_home) == {}


def test_replay_save_of_a_log_ending_mid_round_leaves_the_night_open(
    cli: Cli, tmp_path: Path
) -> None:
    """A log that stops in the middle of a round is saved open, with that round's lines live;
    the round is then finished with `act` and the night closed."""
    path = tmp_path / "night.log"
    path.write_text(NIGHT_LOG + "dealer 9 8\nstand Bob\n", encoding="utf-8")
    code, _, err = cli("replay", str(path), "--save")
    assert code == 0 and "open, a round in play" in err
    show = run_json(cli, "night", "show", "--json")
    assert show["live"] == ["dealer 9 8", "stand Bob"]
    assert (show["dealer"], show["seats"]) == ("Carol", ["Bob", "Carol", "Dave"])
    act(cli, "stand Dave", "open Bob 10 10", "open Dave 10 7")  # Bob's 20 wins 20, Dave pushes
    assert cli("night", "close")[0] == 0
    assert run_json(cli, "ledger", "--json")["balances"] == {
        "Bob": 90,
        "Carol": -40,
        "Dave": -10,
        "Mei": -40,
    }


# -- bad input --------------------------------------------------------------------------------

BAD = [
    (("pay", "Bob", "Mei", "ten"), "not a whole number"),
    (("pay", "Bob", "Mei", "-5"), "must be above 0"),
    (("pay", "Zed", "Mei", "5"), "Zed never played here"),
    (("act", "hit", "Zed"), "Zed is not at the table"),
    (("act", "open", "Bob"), "Bob is still to play"),
    (("act", "hitt", "Bob"), "did you mean `hit`"),
    (("night", "start", "nope", "A", "B"), "'nope' is no preset"),
    (("night", "start", "chinese", "A"), "at least two seats"),
    (("night", "start", "chinese", "Ann", "Ben"), "still open"),
    (("night", "start", "chinese", "Mary Ann", "Ben"), "one word"),
    (("act", "seat", "Eve Li"), "comes between rounds"),
    (("settle", "--via", "Zed"), "Zed never played here"),
    (("settle", "--from", "May 1"), "not a date"),
    (("settle", "--night", "1", "--from", "2027-01-01"), "not both"),
    (("settle", "--from", "2027-02-01", "--to", "2027-01-01"), "is after --to"),
    (("export",), "choose one format: --csv (one row per transfer), --json"),
    (("ledger", "--night", "1", "--all"), "not both"),
    (("ledger", "--night", "99"), "no night 99"),
    (("undo", "now"), "unexpected extra argument"),
]


@pytest.mark.parametrize(("args", "says"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_and_changes_nothing(
    cli: Cli, banluck_home: Path, args: tuple[str, ...], says: str
) -> None:
    """Each bad command: one `error:` line naming the problem, a non-zero exit, no traceback,
    and every stored file byte for byte as it was."""
    cli("night", "start", "chinese", "Mei", "Bob", "Carol", "--date", "2027-01-01")
    act(cli, "dealer 10 6", "show Bob A K", "stand Carol", "open Carol 10 9", "dealer 10 7")
    before = hashes(banluck_home)
    code, out, err = cli(*args)
    assert code != 0
    assert err.startswith("error:") and err.count("\n") == 1, err
    assert says in err
    assert "Traceback" not in err + out
    assert hashes(banluck_home) == before


# -- property: random nights through the store ------------------------------------------------

SHIPPED = {name: presets.load(name) for name in ban_luck_shipped()}
POOL = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def _round_candidates(session: Session, deck: list[Card], rng: random.Random) -> list[str]:
    rnd = session.night.current
    assert rnd is not None
    return [a.line() for a in candidates(rnd.state, list(deck), rng) if rnd.can(a)]


def _word_candidates(session: Session) -> list[str]:
    s = session.night.seating
    out = ["stake 10", "stake 25", f"stake {s.seats[-1]} 5", "pass"]
    out += [f"seat {n}" for n in POOL if n not in s.seats][:1]
    if len(s.seats) > 2:
        out.append(f"leave {s.seats[0]}")
    return out


def _play(session: Session, data: st.DataObject, rounds: int, end_live: bool) -> list[str]:
    """Random lines through `Session.act`: words, then a round of random legal actions, `rounds`
    times; then a round left unfinished (`end_live`) or more words. Returns the lines acted."""
    done: list[str] = []

    def do(line: str) -> None:
        session.act(line)
        done.append(line)

    for number in range(rounds + (1 if end_live else 0)):
        for _ in range(data.draw(st.integers(0, 2), label="words")):
            do(data.draw(st.sampled_from(_word_candidates(session)), label="word"))
        rng = random.Random(data.draw(st.integers(0, 2**16), label="seed"))
        deck = [Card(r, s) for r in RANKS for s in SUITS]
        rng.shuffle(deck)
        do(f"dealer {deck[-1].code()} {deck[-2].code()}")
        deck = deck[:-2]
        last = number == rounds
        steps = data.draw(st.integers(0, 4), label="live steps") if last else 200
        for _ in range(steps):
            if session.night.current is None:
                break
            line = data.draw(st.sampled_from(_round_candidates(session, deck, rng)), label="line")
            do(line)
            if session.night.current is not None:
                used = session.night.current.state.all_cards()
                deck = [c for c in deck if c not in used]
        assert last or session.night.current is None, "a round did not end"
    if not end_live:  # the night may end on words typed after its last round
        for _ in range(data.draw(st.integers(0, 2), label="last words")):
            do(data.draw(st.sampled_from(_word_candidates(session)), label="word"))
    return done


def _snapshot(store: Store) -> tuple[Any, ...]:
    entries = [{k: v for k, v in e.items() if k not in ("seq", "at")} for e in store.entries()]
    record = store.tonight()
    return entries, record, store.live()


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    preset=st.sampled_from(sorted(SHIPPED)),
    seats=st.integers(2, 4),
    rounds=st.integers(1, 3),
    end_live=st.booleans(),
    data=st.data(),
)
def test_random_nights_through_the_store_add_up(
    monkeypatch: pytest.MonkeyPatch,
    preset: str,
    seats: int,
    rounds: int,
    end_live: bool,
    data: st.DataObject,
) -> None:
    """A random night played with `Session.act`: every round entry nets to zero, `check` finds
    nothing, the exported night log replays to the stored balances and transfers, and undoing
    the last line then typing it again changes nothing stored."""
    with tempfile.TemporaryDirectory() as home, monkeypatch.context() as m:
        m.setenv("BANLUCK_HOME", home)
        store = Store(Path(home))
        from banluck.cli.main import main

        assert main(["night", "start", preset, *POOL[:seats], "--date", "2027-01-01"]) == 0
        session = Session.open(store)
        lines = _play(session, data, rounds, end_live)

        entries = store.entries()
        assert all(sum(ledger.net_of(e).values()) == 0 for e in entries)
        assert store.check() == []
        night, _ = read_log(night_log(store), "export", presets.load)
        assert nonzero(night.balances) == nonzero(store.balances())
        assert [[t.as_dict() for t in r.transfers] for r in night.rounds] == [
            e["transfers"] for e in entries
        ]
        assert [list(r.lines) for r in night.rounds] == [e["log"] for e in entries]
        assert night.current is None or night.current.lines() == store.live()

        before = _snapshot(store)
        Session.open(store).undo()
        assert _snapshot(store) != before
        Session.open(store).act(lines[-1])
        assert _snapshot(store) == before
        assert store.check() == []
