"""Stakes and the table between rounds: `stake N` is every seat's stake, `stake NAME N` one
seat's; each night-level line and each rotation says in one line what changed; a night stored
with banluck 0.1's `stake N` (the stake of the seats without their own) replays as it did."""

from __future__ import annotations

import json
from pathlib import Path

from banluck.storage import Store


def start(cli, *seats: str) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("night", "start", "chinese", *seats, "--stake", "10")
    assert code == 0, err


def stakes(cli) -> dict[str, int]:  # type: ignore[no-untyped-def]
    code, out, err = cli("night", "show", "--json")
    assert code == 0, err
    return dict(json.loads(out)["stakes"])


def act(cli, line: str) -> str:  # type: ignore[no-untyped-def]
    code, out, err = cli("act", *line.split())
    assert code == 0, (line, err)
    return str(out)


def test_stake_n_is_everyones_stake_and_clears_the_players_own(cli, banluck_home: Path) -> None:
    start(cli, "Mei", "Bob", "Carol")
    assert act(cli, "stake Bob 20") == "Bob's stake is now 20\n"
    assert stakes(cli) == {"Mei": 10, "Bob": 20, "Carol": 10}
    # the bug: Bob stayed at 20 after `stake 10`
    assert act(cli, "stake 10") == "Bob's stake is now 10\n"
    assert stakes(cli) == {"Mei": 10, "Bob": 10, "Carol": 10}
    assert act(cli, "stake 15") == "everyone's stake is now 15\n"
    assert stakes(cli) == {"Mei": 15, "Bob": 15, "Carol": 15}
    record = Store(banluck_home).tonight()
    assert record is not None
    assert [w[1] for w in record["table"]["words"]] == [
        "stake Bob 20",
        "stake all 10",
        "stake all 15",
    ]
    # the exported log spells it so too, and replays to the same stakes
    _code, log, _ = cli("export", "--log")
    assert "stake all 10\n" in log
    assert cli("check")[0] == 0


def test_seat_leave_pass_and_a_rotation_each_say_what_changed(cli, banluck_home: Path) -> None:
    start(cli, "Mei", "Bob", "Carol")
    assert act(cli, "seat Eve") == "Eve sits down at 10\n"
    assert act(cli, "leave Eve") == "Eve leaves the table\n"
    assert act(cli, "pass") == "the deal passes to Bob\n"
    assert act(cli, "leave Bob") == "Bob leaves the table; the deal passes to Carol\n"
    assert act(cli, "seat Bob") == "Bob sits down at 10\n"
    # seats now Mei, Carol, Bob (Bob sat again at the end); chinese passes the deal every 3
    # rounds; Carol deals to Mei and Bob:
    # dealer 17; Mei 18 wins 10, Bob 16 loses 10: Carol nets 0 each round
    for n in range(3):
        for line in ("dealer 10 7", "stand all", "open Mei 10 8"):
            assert act(cli, line).startswith("ok: ")
        out = act(cli, "open Bob 10 6")
        assert out.startswith("╭") or "Round" in out
        assert out.endswith("the deal passes to Bob\n") == (n == 2)
    _code, out, _ = cli("night", "show", "--json")
    shown = json.loads(out)
    assert shown["dealer"] == "Bob"
    assert shown["balances"] == {"Mei": 30, "Carol": 0, "Bob": -30}
    assert cli("check")[0] == 0


def test_night_show_lists_the_seats_in_dealing_order(cli, banluck_home: Path) -> None:
    start(cli, "Mei", "Bob", "Carol", "Dave")
    act(cli, "stake Carol 20")
    act(cli, "pass")
    code, out, _ = cli("night", "show")
    assert code == 0
    assert "Bob deals · Carol 20 · Dave 10 · Mei 10 · next to deal: Carol" in out


def test_a_refused_stake_is_one_line_and_changes_nothing(cli, banluck_home: Path) -> None:
    start(cli, "Mei", "Bob")
    before = {p: p.read_bytes() for p in banluck_home.rglob("*") if p.is_file()}
    for line in ("stake all", "stake 0", "stake Zed 10", "stake all ten"):
        code, _out, err = cli("act", *line.split())
        assert code == 1, line
        assert err.startswith("error: ") and err.count("\n") == 1, err
    after = {p: p.read_bytes() for p in banluck_home.rglob("*") if p.is_file()}
    assert after == before


def test_an_old_nights_stake_n_keeps_its_old_meaning(cli, banluck_home: Path) -> None:
    """banluck 0.1 stored `stake 10` after `stake Bob 20`, leaving Bob at 20: undo (which
    replays the stored night-level lines) and check still read it so."""
    start(cli, "Mei", "Bob", "Carol")
    act(cli, "stake Bob 20")
    store = Store(banluck_home)
    record = store.tonight()
    assert record is not None
    table = dict(record["table"])
    table["words"] = [[1, "stake Bob 20"], [1, "stake 10"]]  # as 0.1 wrote them
    store.update_night(table=table)
    assert cli("check")[0] == 0
    act(cli, "stake Carol 15")
    assert stakes(cli) == {"Mei": 10, "Bob": 20, "Carol": 15}
    code, out, err = cli("act", "undo")
    assert (code, out) == (0, "undid `stake Carol 15`\n"), err
    assert stakes(cli) == {"Mei": 10, "Bob": 20, "Carol": 10}
    assert cli("check")[0] == 0
