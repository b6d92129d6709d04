"""`banluck tournament start|act|show`, `banluck replay` of a tournament log, and docs/tournament.md
kept true: its whole night is the example log, and it replays to the prizes it states."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.app.test_tournament_session import example_lines, make_short

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "docs" / "examples" / "tournament-night.log"
DOC = ROOT / "docs" / "tournament.md"


@pytest.fixture
def started(cli):  # type: ignore[no-untyped-def]
    make_short({"tournament.hands": "8", "tournament.cutoffs": "2,4,6"})
    code, out, err = cli(
        "tournament", "start", "short-tournament", "Ann", "Ben", "Cid", "Dee",
        "--buy-in", "20", "--chips", "100",
    )  # fmt: skip
    assert code == 0, err
    return out


def test_start_says_the_pool_and_who_bets_first(started: str) -> None:
    assert started.strip() == (
        "night 1 started: tournament under short-tournament, players Ann, Ben, Cid, Dee, 100"
        " chips each; buy-ins of 20 into pool:tournament-1 (80); Ann bets first"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["chinese", "Ann", "Ben", "--buy-in", "20", "--chips", "100"],
            "chinese is a ban-luck preset",
        ),
        (
            ["tournament", "Ann", "Ben", "--buy-in", "0", "--chips", "100"],
            "--buy-in 0 must be above 0",
        ),
        (["tournament", "Ann", "--buy-in", "20", "--chips", "100"], "at least two players"),
        (["tournament", "Ann", "Ann", "--buy-in", "20", "--chips", "100"], "Ann is seated twice"),
        (["nosuch", "Ann", "Ben", "--buy-in", "20", "--chips", "100"], "nosuch"),
        (["tournament", "Ann", "Ben", "--buy-in", "20"], "--chips"),
    ],
)
def test_a_bad_start_is_one_error_line_and_stores_nothing(
    cli, args: list[str], message: str
) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("tournament", "start", *args)
    assert code != 0 and "Traceback" not in err
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err
    from banluck.storage import Store

    assert Store().tonight() is None and out == ""


def test_act_plays_a_line_and_a_refusal_changes_nothing(cli, started: str) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("tournament", "act", "bet", "ann", "20")
    assert code == 0 and out.splitlines() == [
        "ok: bet Ann 20",
        "Ben to bet (bet Ben AMOUNT, or secret Ben AMOUNT)",
    ]
    before = cli("tournament", "show", "--json")[1]
    code, _, err = cli("tournament", "act", "bet", "Ben", "7")
    assert code != 0 and err == "error: bet 7 is under the minimum bet 10 (tournament.min_bet)\n"
    assert cli("tournament", "show", "--json")[1] == before
    code, out, _ = cli("tournament", "act", "undo")
    assert code == 0 and out.startswith("undid `bet Ann 20`")


def test_the_usual_night_commands_refuse_a_tournament(cli, started: str) -> None:  # type: ignore[no-untyped-def]
    for args in (["act", "up", "7"], ["undo"], ["night", "show"]):
        code, _, err = cli(*args)
        assert code != 0 and "night 1 is a tournament" in err


def test_show_json_after_the_whole_night(cli, started: str) -> None:  # type: ignore[no-untyped-def]
    for line in example_lines():
        assert cli("tournament", "act", *line.split())[0] == 0
    shown = json.loads(cli("tournament", "show", "--json")[1])
    assert shown["over"] and shown["prizes"] == {"Ann": 56, "Ben": 24}
    assert [o["name"] for o in shown["out"]] == ["Dee", "Cid", "Ben"]
    code, out, _ = cli("export", "--json")
    assert code == 0
    assert [(e["kind"], e["player"], e["amount"]) for e in json.loads(out)][-2:] == [
        ("prize", "Ann", 56),
        ("prize", "Ben", 24),
    ]
    assert cli("check") == (0, "", "")


def test_a_finished_tournament_has_its_winner_and_results_where_results_are(
    cli, started: str
) -> None:  # type: ignore[no-untyped-def]
    """`history` shows the tournament's hands and winner, `stats` each player's result (the
    prize less the buy-in: Ann 56 - 20, Ben 24 - 20, Cid and Dee -20) and place; the pool is an
    account, never a person: no `pool:` in `stats`, `settle` or `history`."""
    for line in example_lines():
        assert cli("tournament", "act", *line.split())[0] == 0
    assert cli("night", "close")[0] == 0
    results = {"Ann": 36, "Ben": 4, "Cid": -20, "Dee": -20}
    night = json.loads(cli("history", "--json")[1])[-1]
    assert (night["rounds"], night["winner"], night["result"]) == (6, "Ann", results)
    assert night["place"] == {"Ann": 1, "Ben": 2, "Cid": 3, "Dee": 4}
    assert re.search(r"night 1 .* 6 +closed +Ann \+36", cli("history")[1])
    stats = {r["name"]: (r["result"], r["places"]) for r in json.loads(cli("stats", "--json")[1])}
    assert stats == {n: (v, {"1": night["place"][n]}) for n, v in results.items()}
    assert "tournament, night 1: 1 Ann, 2 Ben, 3 Cid, 4 Dee" in cli("stats")[1]
    for args in ("stats", "settle", "history"):
        assert "pool:" not in cli(args)[1] + cli(args, "--json")[1]


def test_replay_of_the_example_log(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("replay", str(LOG), "--json")
    assert code == 0
    replayed = json.loads(out)
    assert replayed["stacks"] == {"Ann": 270, "Ben": 160, "Cid": 6, "Dee": 90}
    assert replayed["prizes"] == {"Ann": 56, "Ben": 24}
    assert [h["dealer"] for h in replayed["hands"]] == [-10, -130, -20, 44, -110, 100]
    code, _, err = cli("replay", str(LOG), "--save")
    assert code != 0 and "a tournament is recorded as it is played" in err


def test_a_wrong_line_in_a_tournament_log_names_its_line(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "bad.log"
    log.write_text("tournament tournament Ann Ben buy-in 20 chips 100\nbet Ben 20\n")
    code, _, err = cli("replay", str(log))
    assert code != 0 and err.startswith(f"error: {log}:2: Ann bets before Ben this hand")


def test_the_docs_whole_night_is_the_example_log() -> None:
    """docs/tournament.md types the example log (without its comments) and states its prizes."""
    doc = DOC.read_text(encoding="utf-8")
    block = re.search(r"```\n(tournament tournament .*?)```", doc, re.S)
    assert block is not None
    bare = [
        line.split("#")[0].rstrip()
        for line in LOG.read_text(encoding="utf-8").splitlines()
        if not line.startswith("#")
    ]
    assert block.group(1).strip().splitlines() == "\n".join(bare).strip().splitlines()
    assert "**Ann 56, Ben 24**" in doc


def test_export_log_of_a_tournament_replays_to_the_same_night(
    cli, started: str, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """`banluck export --log` writes the tournament's own first line and its lines; replayed,
    they give the stacks and prizes of the stored night. The house preset short-tournament is
    written as the shipped tournament and its own rules, so that no preset file is needed."""
    for line in example_lines()[:30]:
        assert cli("tournament", "act", *line.split())[0] == 0
    code, out, _ = cli("export", "--log")
    assert code == 0
    assert out.splitlines()[1:5] == [
        "tournament tournament Ann Ben Cid Dee buy-in 20 chips 100",
        "# the house preset short-tournament: tournament with these rules",
        "rule tournament.hands 8",
        "rule tournament.cutoffs 2,4,6",
    ]
    log = tmp_path / "exported.log"
    log.write_text(out)
    replayed = json.loads(cli("replay", str(log), "--json")[1])
    stored = json.loads(cli("tournament", "show", "--json")[1])
    assert replayed["stacks"] == stored["stacks"] and replayed["unfinished"] == stored["awaited"]


def _stored(home: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()
    }


def test_an_unfinished_tournament_does_not_close_as_it_is(
    cli, started: str, banluck_home: Path
) -> None:  # type: ignore[no-untyped-def]
    """Closed as it is, its pool would keep the buy-ins and every player owe a party nobody is:
    one line says how to finish it or pay the buy-ins back, and nothing stored changes."""
    assert cli("tournament", "act", "bet Ann 20")[0] == 0
    before = _stored(banluck_home)
    code, out, err = cli("night", "close")
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert err == (
        "error: the tournament of night 1 is not over (4 players in, 0 of 8 hands played): play"
        " it to its end in `banluck table`, or `banluck night close --refund` to pay every"
        " buy-in back\n"
    )
    assert _stored(banluck_home) == before


def test_close_refund_pays_every_buy_in_back_in_the_same_write(cli, started: str) -> None:  # type: ignore[no-untyped-def]
    from banluck.money.ledger import balances
    from banluck.storage import Store

    assert cli("tournament", "act", "bet Ann 20")[0] == 0
    code, out, err = cli("night", "close", "--refund")
    assert code == 0, err
    assert out.splitlines() == [
        "buy-ins paid back out of pool:tournament-1: Ann 20, Ben 20, Cid 20, Dee 20",
        f"night 1 of {Store().nights()[-1]['date']} closed; `banluck settle` says who pays whom",
    ]
    store = Store()
    assert store.tonight() is None and store.check() == []
    refunds = [e for e in store.entries() if e["kind"] == "prize"]
    assert [(e["player"], e["amount"], e["note"]) for e in refunds] == [
        (n, 20, "buy-in back: closed before its end") for n in ("Ann", "Ben", "Cid", "Dee")
    ]
    assert {n: b for n, b in balances(store.entries()).items() if b} == {}
    code, out, _ = cli("settle")
    assert code == 0 and "nobody pays" in out


def test_refund_is_refused_where_there_is_nothing_to_pay_back(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    """On a usual night, and on a tournament that is over (its prizes paid): one line each, and
    nothing stored changes; the finished tournament then closes without it."""
    assert cli("night", "start", "chinese", "Mei", "Bob")[0] == 0
    before = _stored(banluck_home)
    code, _, err = cli("night", "close", "--refund")
    assert (
        code == 1 and err.startswith("error: night 1 is not a tournament") and err.count("\n") == 1
    )
    assert _stored(banluck_home) == before
    assert cli("night", "close")[0] == 0

    make_short({"tournament.hands": "8", "tournament.cutoffs": "2,4,6"})
    assert cli(
        "tournament", "start", "short-tournament", "Ann", "Ben", "Cid", "Dee",
        "--buy-in", "20", "--chips", "100",
    )[0] == 0  # fmt: skip
    for line in example_lines():
        code, out, _ = cli("tournament", "act", line)
        assert code == 0
    # the last line ends it: what the night waits for says how to close it
    assert out.endswith("\nthe tournament is over: close the night with `banluck night close`\n")
    before = _stored(banluck_home)
    code, _, err = cli("night", "close", "--refund")
    assert code == 1 and "the tournament is over and its prizes are paid" in err
    assert _stored(banluck_home) == before
    code, out, err = cli("night", "close")
    assert code == 0 and out.startswith("night 2 of "), err


def test_a_bet_of_half_chips_is_refused_in_plain_words(cli, started: str) -> None:  # type: ignore[no-untyped-def]
    """A bet whose blackjack would pay half a chip names the bettor and the bet in a sentence."""
    code, _, err = cli("tournament", "act", "bet", "Ann", "79")
    assert code == 1
    assert err.startswith(
        "error: a bet of 79 for Ann would make a blackjack pay 118.5: bets are multiples of 2"
    )
