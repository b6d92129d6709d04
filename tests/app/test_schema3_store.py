"""A store written by the banluck before the index was split in two (data schema 3, with a
payment reversed, a round amended, a rename and an open round: tests/fixtures/store-schema-3)
opens, reads, exports and settles exactly as that banluck printed; its index is split once; its
open round can be finished; and a round played before the rename is reversed and amended under
the name its player has now."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_corrections_cli import use_editor

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "store-schema-3"

# what the earlier banluck printed (the files beside store/), and the command that printed it
PRINTED = {
    "ledger-all.json": ("ledger", "--all", "--json"),
    "settle.json": ("settle", "--json"),
    "settle-night2.json": ("settle", "--night", "2", "--json"),
    "stats.json": ("stats", "--json"),
    "history.json": ("history", "--json"),
    "chart.json": ("chart", "--json"),
    "night-show.json": ("night", "show", "--json"),
    "export.json": ("export", "--json"),
    "export.csv": ("export", "--csv"),
    "night2.log": ("export", "--log", "--night", "2"),
}


@pytest.fixture
def old_store(banluck_home: Path) -> Path:
    shutil.copytree(FIXTURE / "store", banluck_home)
    return banluck_home


def run(cli, *args: str) -> str:  # type: ignore[no-untyped-def]
    code, out, err = cli(*args)
    assert code == 0, (args, err)
    return str(out)


def balances(cli) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return dict(json.loads(run(cli, "settle", "--json"))["balances"])


def now_printed(name: str) -> str:
    """What the earlier banluck printed, and what `export --log` prints since a night log is the
    night as the ledger holds it: its people under their names now (Cid is Cyd) and round 3 as
    amended (#16), with a comment saying so."""
    text = (FIXTURE / name).read_text(encoding="utf-8")
    if name != "night2.log":
        return text
    lines = [
        " ".join("Cyd" if w == "Cid" else w for w in line.split(" ")) for line in text.split("\n")
    ]
    at = lines.index("round                   # round 3, dealer Ann")
    lines.insert(at + 1, "# as amended by #16: entry #11 was played otherwise")
    return "\n".join(lines).replace("open Ben 10 2 9", "open Ben 10 2 8")


def test_the_fixture_is_schema_3(old_store: Path) -> None:
    index = json.loads((old_store / "index.json").read_text(encoding="utf-8"))
    assert index["meta"]["1"]["schema"] == 3
    assert not (old_store / "index-earlier.json").exists()
    assert (old_store / "nights" / "0003.live").exists()


def test_it_checks_clean_and_reads_as_it_did_before_and_after_the_split(
    cli, old_store: Path
) -> None:  # type: ignore[no-untyped-def]
    assert cli("check")[0] == 0
    for _ in range(2):  # the first reads split the index; the second read the split one
        for name, args in PRINTED.items():
            printed = run(cli, *args)
            if name == "chart.json":  # the chart by round is added beside what it gave
                chart = json.loads(printed)
                assert set(chart.pop("by_round")) == set(chart["results"])
                assert chart.pop("rounds") == [1]
                printed = json.dumps(chart, ensure_ascii=False) + "\n"
            assert printed == now_printed(name), name
    index = json.loads((old_store / "index.json").read_text(encoding="utf-8"))
    assert index["meta"]["1"]["schema"] == 5
    assert (old_store / "index-earlier.json").exists()
    assert cli("check")[0] == 0


def test_its_open_round_is_finished_and_the_night_closed(cli, old_store: Path) -> None:  # type: ignore[no-untyped-def]
    before = balances(cli)
    for line in ("stand all", "draw 2", "open Ben 10 5 6", "open Cyd 10 9", "open Mei 8 8"):
        run(cli, "act", line)  # dealer 17: Ben's 21 pays 2, Cyd's 19 wins, Mei's 16 loses
    after = balances(cli)
    change = {k: after.get(k, 0) - before.get(k, 0) for k in set(after) | set(before)}
    assert {k: v for k, v in change.items() if v} == {"Ann": -20, "Ben": 20, "Cyd": 10, "Mei": -10}
    assert json.loads(run(cli, "night", "show", "--json"))["live"] == []
    assert sum(after.values()) == 0
    run(cli, "night", "close")
    assert cli("check")[0] == 0


def test_a_round_played_before_the_rename_is_reversed_under_the_new_name(
    cli, old_store: Path
) -> None:  # type: ignore[no-untyped-def]
    """Round 2 of night 2 (#10) moved money from Cid, renamed Cyd since: its reversal gives it
    back to Cyd, and no `Cid` comes back into the ledger."""
    before = balances(cli)
    out = run(cli, "correct", "10", "--reason", "played twice")
    assert "Cyd -20" in out and "Cid" not in out
    after = balances(cli)
    assert "Cid" not in after and sum(after.values()) == 0
    assert after["Cyd"] - before["Cyd"] == -20
    assert cli("check")[0] == 0


def test_a_round_played_before_the_rename_is_amended_under_the_new_name(
    cli, old_store: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Round 3 of night 2 (#11, amended once by #16) opens in the editor with Cyd in its lines;
    the dealer's last card a 4, not a 5, makes his 21 a 20: Cyd (17, stake 20) and Mei (18, stake
    10) lose one stake, not two (kampung pays a 21 double)."""
    seen = use_editor(monkeypatch, tmp_path, "draw 5", "draw 4")
    before = balances(cli)
    out = run(cli, "amend", "2", "3", "--reason", "Cyd's last card was an 8")
    text = seen.read_text(encoding="utf-8")
    assert "stand Cyd" in text and "open Cyd 10 7" in text and "Cid" not in text
    assert "Cyd +20" in out and "Cid" not in out
    after = balances(cli)
    assert "Cid" not in after and sum(after.values()) == 0
    change = {k: after[k] - before[k] for k in ("Ann", "Cyd", "Mei")}
    assert change == {"Ann": -30, "Cyd": 20, "Mei": 10}
    assert cli("check")[0] == 0
