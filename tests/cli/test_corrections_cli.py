"""Corrections, worked out by hand (docs/corrections.md): an amended round in a closed night, a
reversed duplicate payment, a rename, a sit-out that skips a dealer, a cancelled night; `check`
clean after each, and every refusal one line, exit 1, the stored bytes unchanged."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest


def stored(home: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in home.rglob("*") if p.is_file() and p.name != "lock"}


def night_one(cli) -> None:  # type: ignore[no-untyped-def]
    """Mei deals 17 to Bob (18: +10) and Carol (16: -10): Bob +10, Carol -10, Mei 0."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol", "--stake", "10")[0] == 0
    for line in ("dealer 10 7", "stand all", "open Bob 10 8", "open Carol 10 6"):
        assert cli("act", *line.split())[0] == 0, line


def use_editor(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str) -> Path:
    """A fake editor that changes the line `old` to `new` (`new` empty: leaves the file as it
    is); it keeps a copy of what it was given."""
    script = tmp_path / "editor.py"
    seen = tmp_path / "seen.txt"
    script.write_text(
        "import sys, pathlib\n"
        "path = pathlib.Path(sys.argv[1])\n"
        "text = path.read_text()\n"
        f"pathlib.Path({str(seen)!r}).write_text(text)\n"
        f"path.write_text(text.replace({old!r} + '\\n', {new!r} + '\\n') if {new!r} else text)\n",
        encoding="utf-8",
    )
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    return seen


def data(cli, *args: str):  # type: ignore[no-untyped-def]
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def refused(cli, home: Path, *args: str) -> str:  # type: ignore[no-untyped-def]
    before = stored(home)
    code, out, err = cli(*args)
    assert (code, out) == (1, ""), (args, out, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert stored(home) == before, args
    return err.removeprefix("error: ").rstrip("\n")


def test_an_amended_round_in_a_closed_night(
    cli, banluck_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Carol's cards were 10 9, not 10 6: 19 beats Mei's 17, so Carol wins 10 instead of losing
    10 (Carol +20, Mei -20 on what stood). Night 1 is closed and night 2 open: the correction is
    recorded in night 2 today, and night 1's round entry stays as it was played."""
    night_one(cli)
    assert cli("night", "close")[0] == 0
    assert cli("night", "start", "chinese", "Mei", "Bob", "--stake", "10")[0] == 0
    round_before = data(cli, "ledger", "--night", "1")["entries"][0]
    seen = use_editor(monkeypatch, tmp_path, "open Carol 10 6", "open Carol 10 9")
    code, out, err = cli("amend", "1", "1", "--reason", "Carol had 19")
    assert (code, err) == (0, "")
    assert out == (
        "#2: round 1 of night 1 amended (Carol had 19): Carol +20, Mei -20;"
        " #1 stays in the ledger as it was played\n"
    )
    assert seen.read_text().splitlines()[2:] == [
        "dealer 10 7",
        "stand Bob",
        "stand Carol",
        "open Bob 10 8",
        "open Carol 10 6",
    ]
    assert data(cli, "ledger", "--night", "1")["entries"] == [round_before]
    fix = data(cli, "ledger", "--night", "2")["entries"][0]
    assert (fix["kind"], fix["night"], fix["amends"], fix["round_night"]) == ("correction", 2, 1, 1)
    assert fix["log"][-1] == "open Carol 10 9"
    assert fix["transfers"] == [
        {
            "from": "Mei",
            "to": "Carol",
            "amount": 10,
            "reason": "reverses: dealer's 17 beats 16: collects 1 × 10",
        },
        {"from": "Mei", "to": "Carol", "amount": 10, "reason": "19 beats 17: pays 1 × 10"},
    ]
    assert data(cli, "ledger", "--all")["balances"] == {"Bob": 10, "Carol": 10, "Mei": -20}
    rows = {r["name"]: r for r in data(cli, "stats")}
    assert {n: (r["result"], r["unpaid"]) for n, r in rows.items()} == {
        "Bob": (10, 10),
        "Carol": (10, 10),
        "Mei": (-20, -20),
    }
    assert (rows["Mei"]["dealt"], rows["Mei"]["net_as_dealer"]) == (1, -20)
    settle = data(cli, "settle")
    assert settle["transfers"] == [
        {"from": "Mei", "to": "Bob", "amount": 10},
        {"from": "Mei", "to": "Carol", "amount": 10},
    ]
    history = data(cli, "history")
    assert history[0]["result"] == {"Bob": 10, "Carol": -10, "Mei": 0}  # night 1 as played
    assert history[1]["result"] == {"Carol": 20, "Mei": -20}  # its correction, recorded today
    assert data(cli, "chart", "--night", "2")["results"] == {"Carol": [0, 20], "Mei": [0, -20]}
    code, out, _ = cli("ledger", "--round", "1", "--night", "1")
    assert "amended by #2 (Carol had 19): Carol +20, Mei -20" in out
    assert cli("check") == (0, "", "")

    # amended again, from where the first amendment left it: Bob's 18 was 19 (no money moves,
    # the reason of his transfer changes)
    use_editor(monkeypatch, tmp_path, "open Bob 10 8", "open Bob 10 9")
    code, out, _ = cli("amend", "1", "1", "-r", "Bob had 19")
    assert out.startswith("#3: round 1 of night 1 amended (Bob had 19): no money moved;")
    assert data(cli, "ledger", "--all")["balances"] == {"Bob": 10, "Carol": 10, "Mei": -20}
    assert cli("check") == (0, "", "")


def test_amend_refusals_are_one_line_and_change_nothing(
    cli, banluck_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    night_one(cli)
    assert cli("night", "close")[0] == 0
    home = banluck_home
    use_editor(monkeypatch, tmp_path, "open Carol 10 6", "")
    why = refused(cli, home, "amend", "1", "1", "--reason", "nothing")
    assert why == "the lines of round 1 of night 1 are unchanged: nothing to amend"
    assert refused(cli, home, "amend", "1", "1").startswith("say what was wrong: add --reason")
    assert refused(cli, home, "amend", "1", "2", "-r", "x") == (
        "night 1 has no recorded round 2 (rounds 1 to 1)"
    )
    assert refused(cli, home, "amend", "7", "1", "-r", "x").startswith("there is no night 7")
    assert refused(cli, home, "amend", "0", "1", "-r", "x").startswith("'0' is not a night number")
    assert refused(cli, home, "amend", "1", "x", "-r", "x").startswith("'x' is not a round number")
    use_editor(monkeypatch, tmp_path, "open Carol 10 6", "open Carol 10 6 5 4")
    assert refused(cli, home, "amend", "1", "1", "-r", "x").startswith(
        "line 5 `open Carol 10 6 5 4`: "
    )
    use_editor(monkeypatch, tmp_path, "open Carol 10 6", "stake 20")
    assert refused(cli, home, "amend", "1", "1", "-r", "x").startswith(
        "line 5 `stake 20`: only the round's own lines can be amended"
    )
    use_editor(monkeypatch, tmp_path, "open Carol 10 6", "# open Carol 10 6")
    assert refused(cli, home, "amend", "1", "1", "-r", "x") == (
        "the lines do not finish round 1 of night 1 (still to be opened: Carol)"
    )
    monkeypatch.setenv("EDITOR", f"{sys.executable} -c 'raise SystemExit(3)'")
    assert refused(cli, home, "amend", "1", "1", "-r", "x").endswith(
        "exited with 3: nothing was recorded"
    )
    monkeypatch.delenv("EDITOR")
    assert refused(cli, home, "amend", "1", "1", "-r", "x").startswith("no editor to open")
    # a round reversed entirely has nothing left to amend
    assert cli("correct", "1", "--reason", "never played")[0] == 0
    assert refused(cli, home, "amend", "1", "1", "-r", "x") == (
        "round 1 of night 1 was reversed by #2: there is nothing left to amend"
    )
    assert cli("check") == (0, "", "")


def test_a_duplicate_payment_is_reversed(cli, banluck_home: Path) -> None:
    """Carol owes Bob 10 and pays it; the same payment typed again (--yes) leaves Carol owed 10
    and Bob owing 10; reversing it puts everyone back to even."""
    night_one(cli)
    assert cli("night", "close")[0] == 0
    assert cli("pay", "Carol", "Bob", "10")[1].endswith("now Carol is even, Bob is even\n")
    code, out, _ = cli("pay", "Carol", "Bob", "10", "--yes")
    assert out == "#3: Carol paid Bob 10; now Carol is owed 10, Bob owes 10\n"
    code, out, err = cli("correct", "#3", "--reason", "typed twice")
    assert (code, out, err) == (0, "#4: #3 reversed (typed twice): Bob +10, Carol -10\n", "")
    assert data(cli, "ledger", "--all")["balances"] == {"Bob": 0, "Carol": 0, "Mei": 0}
    shown = " ".join(cli("ledger", "--all")[1].split())
    assert "payment Carol → Bob 10 (reversed by #4)" in shown  # the original stays visible
    assert data(cli, "settle")["transfers"] == []
    rows = {r["name"]: (r["result"], r["unpaid"]) for r in data(cli, "stats")}
    assert rows == {"Bob": (10, 0), "Carol": (-10, 0), "Mei": (0, 0)}  # payments move no result
    assert cli("check") == (0, "", "")
    home = banluck_home
    assert refused(cli, home, "correct", "3", "-r", "again") == "#3 is already reversed by #4"
    assert refused(cli, home, "correct", "4", "-r", "x").startswith(
        "#4 is itself a correction and cannot be corrected"
    )
    assert refused(cli, home, "correct", "3").startswith("say what was wrong")
    assert refused(cli, home, "correct", "99", "-r", "x").startswith("there is no entry #99")
    assert refused(cli, home, "correct", "x1", "-r", "x").startswith("'x1' is not an entry number")


def test_a_round_is_reversed_as_amended(
    cli, banluck_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Amended (Carol +20, Mei -20), then reversed entirely: the reversal takes back the round
    as it stood (Bob -10, Carol -10, Mei +20), and the round counts nowhere in stats."""
    night_one(cli)
    use_editor(monkeypatch, tmp_path, "open Carol 10 6", "open Carol 10 9")
    assert cli("amend", "1", "1", "-r", "Carol had 19")[0] == 0
    _code, out, _ = cli("correct", "1", "-r", "a practice round")
    assert out == "#3: #1 reversed (a practice round): Bob -10, Carol -10, Mei +20\n"
    rows = {r["name"]: r for r in data(cli, "stats")}
    assert {
        n: (r["rounds"], r["result"], r["dealt"], r["net_as_dealer"]) for n, r in rows.items()
    } == {
        "Bob": (0, 0, 0, 0),
        "Carol": (0, 0, 0, 0),
        "Mei": (0, 0, 0, 0),
    }
    assert cli("check") == (0, "", "")


def test_rename(cli, banluck_home: Path) -> None:
    """Bob becomes Robert in every view; a rename onto Mei merges Carol into her (asked first)."""
    night_one(cli)
    home = banluck_home
    assert refused(cli, home, "rename", "Bob", "Robert") == (
        "Bob is seated at the open night: rename after `banluck night close`"
    )
    assert cli("night", "close")[0] == 0
    code, out, err = cli("rename", "bob", "Robert")
    assert (code, out, err) == (0, "#2: Bob is now Robert in every entry and view\n", "")
    assert data(cli, "ledger", "--all")["balances"] == {"Carol": -10, "Mei": 0, "Robert": 10}
    assert {r["name"] for r in data(cli, "stats")} == {"Carol", "Mei", "Robert"}
    assert data(cli, "history")[0]["players"] == ["Mei", "Robert", "Carol"]
    assert data(cli, "history")[0]["result"] == {"Carol": -10, "Mei": 0, "Robert": 10}
    assert data(cli, "chart", "--night", "1")["results"]["Robert"] == [0, 10, 10]
    assert data(cli, "settle")["transfers"] == [{"from": "Carol", "to": "Robert", "amount": 10}]
    assert "Bob" not in cli("ledger", "--round", "1", "--night", "1")[1]
    assert refused(cli, home, "pay", "Carol", "Bob", "5").startswith("Bob never played here")
    assert cli("pay", "Carol", "Robert", "5")[1].endswith("now Carol owes 5, Robert is owed 5\n")
    assert cli("check") == (0, "", "")
    assert refused(cli, home, "rename", "Carol", "mei") == (
        "Mei is someone else already: Carol and Mei become one person; add --yes to merge them"
    )
    assert refused(cli, home, "rename", "Zed", "Zak").startswith("Zed never played here")
    assert refused(cli, home, "rename", "Carol", "2x").startswith("'2x' cannot be a player's name")
    assert refused(cli, home, "rename", "Robert", "Robert") == "Robert is already called Robert"
    code, out, _ = cli("rename", "Carol", "mei", "--yes")
    assert out == "#4: Carol is now Mei in every entry and view\n"
    assert data(cli, "ledger", "--all")["balances"] == {"Mei": -5, "Robert": 5}
    assert cli("check") == (0, "", "")
    # a later night seats the new names, and their debts carry over
    assert cli("night", "start", "chinese", "robert", "Mei")[0] == 0
    assert data(cli, "night", "show")["seats"] == ["Robert", "Mei"]


def test_a_sit_out_skips_a_dealer(cli, banluck_home: Path) -> None:
    """Kim deals; Lee sits out; `pass` skips him and gives the deal to Max, who deals to Ned and
    Kim only. Max 19: Ned 18 and Kim 18 lose 5 each (Max +10). Lee comes back; Dave is seated
    after Kim, so he is dealt between Kim and Lee."""
    assert cli("night", "start", "chinese", "Kim", "Lee", "Max", "Ned", "--stake", "5")[0] == 0
    assert cli("act", "sit", "lee") == (0, "Lee sits out\n", "")
    assert cli("act", "pass") == (0, "the deal passes to Max\n", "")
    shown = cli("night", "show")[1]
    assert "Max deals · Ned 5 · Kim 5 · Lee sits out · next to deal: Ned" in " ".join(shown.split())
    for line in ("dealer 10 9", "stand all", "open Ned 10 8", "open Kim 9 9"):
        assert cli("act", *line.split())[0] == 0, line
    assert data(cli, "ledger")["balances"] == {"Kim": -5, "Max": 10, "Ned": -5}
    assert cli("act", "back", "Lee") == (0, "Lee is back in\n", "")
    assert cli("act", "seat", "Dave", "after", "Kim") == (0, "Dave sits down after Kim at 5\n", "")
    assert data(cli, "night", "show")["seats"] == ["Kim", "Dave", "Lee", "Max", "Ned"]
    # the dealer himself sits out: the deal passes at once to the next seat in play
    assert cli("act", "sit", "Max") == (0, "Max sits out; the deal passes to Ned\n", "")
    assert cli("check") == (0, "", "")
    home = banluck_home
    assert refused(cli, home, "act", "sit", "Max") == (
        "Max is already sitting out: `back Max` brings them back"
    )
    assert (
        refused(cli, home, "act", "back", "Kim")
        == "Kim is not sitting out: `sit Kim` sits them out"
    )
    assert refused(cli, home, "act", "seat", "Eve", "after", "Zed").startswith(
        "Zed is not at the table"
    )
    assert cli("act", "undo") == (0, "undid `sit Max`\n", "")
    assert data(cli, "night", "show")["dealer"] == "Max"


def test_night_cancel(cli, banluck_home: Path) -> None:
    """`night start mine Ah Beng` for AhBeng: cancelled, it leaves no trace; a night with a round
    is refused."""
    home = banluck_home
    assert refused(cli, home, "night", "cancel") == "no night is open; open a night first"
    night_one(cli)
    assert cli("night", "close")[0] == 0
    assert cli("night", "start", "chinese", "Ah", "Beng")[0] == 0
    _code, out, _ = cli("night", "cancel")
    assert out.startswith("night 2 of ") and "cancelled: nothing of it is kept" in out
    assert [r["id"] for r in data(cli, "history")] == [1]
    assert not (home / "nights" / "0002.json").exists()
    assert cli("check") == (0, "", "")
    assert cli("night", "start", "chinese", "AhBeng", "Mei")[0] == 0
    assert data(cli, "night", "show")["night"] == 2
    assert cli("act", "dealer", "10", "7")[0] == 0
    assert refused(cli, home, "night", "cancel").startswith("night 2 has a round in play")
    for line in ("stand Mei", "open Mei 10 8"):
        assert cli("act", *line.split())[0] == 0
    assert refused(cli, home, "night", "cancel").startswith("night 2 has entries (#2 first)")
    assert cli("check") == (0, "", "")


def test_amend_in_the_console(
    cli, banluck_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from rich.console import Console

    from banluck.cli.common import open_store
    from banluck.cli.console import TableConsole

    night_one(cli)
    use_editor(monkeypatch, tmp_path, "open Carol 10 6", "open Carol 10 9")
    out = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    tc = TableConsole(open_store(), out)
    before = stored(banluck_home)
    tc.handle("amend 1")
    assert "usage: amend ROUND REASON" in out.export_text(clear=True)
    assert stored(banluck_home) == before
    tc.handle("amend 1 Carol had 19")
    assert "#2: round 1 of night 1 amended (Carol had 19): Carol +20, Mei -20" in " ".join(
        out.export_text(clear=True).split()
    )
    assert data(cli, "night", "show")["results"] == {"Mei": -20, "Bob": 10, "Carol": 10}
    assert cli("check") == (0, "", "")


def test_a_casino_round_is_amended_the_same_way(
    cli, banluck_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mini blackjack: the bank's 10 6 then A is 17 and loses to Ben's and Cid's 18 (Ann -20);
    the card drawn was a 5: 21 beats both (Ann +20), so the correction moves 40 to Ann."""
    assert cli("night", "start", "mini-blackjack", "Ann", "Ben", "Cid", "--stake", "10")[0] == 0
    lines = ("up 10", "deal Ben 10 8", "deal Cid 9 9", "peek", "stand Ben", "stand Cid")
    for line in (*lines, "hole 6", "draw A"):
        assert cli("act", *line.split())[0] == 0, line
    assert data(cli, "ledger")["balances"] == {"Ann": -20, "Ben": 10, "Cid": 10}
    use_editor(monkeypatch, tmp_path, "draw A", "draw 5")
    _code, out, _ = cli("amend", "1", "1", "-r", "the bank drew a 5")
    assert out.startswith(
        "#2: round 1 of night 1 amended (the bank drew a 5): Ann +40, Ben -20, Cid -20;"
    )
    assert data(cli, "ledger")["balances"] == {"Ann": 20, "Ben": -10, "Cid": -10}
    use_editor(monkeypatch, tmp_path, "draw 5", "deal Ben 9 9")
    assert refused(cli, banluck_home, "amend", "1", "1", "-r", "x").startswith(
        "line 8 `deal Ben 9 9`"
    )
    assert cli("check") == (0, "", "")
