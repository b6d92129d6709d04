"""`banluck people set NAME --pay HANDLE`: a payment handle stored with the people (a file of its
own, handles.json) and shown beside each transfer to that person in `banluck settle`; where none
is set, `settle` prints exactly what it printed before."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.app.view_stores import both_families

OLD = Path(__file__).resolve().parents[1] / "fixtures" / "store-0.1"


def test_a_handle_shows_beside_the_transfers_to_that_person_only(cli) -> None:
    both_families()
    code, before, _ = cli("settle")
    _, before_json, _ = cli("settle", "--json")
    assert "pay by" not in before
    assert all(set(t) == {"from", "to", "amount"} for t in json.loads(before_json)["transfers"])
    assert cli("people", "set", "bob", "--pay", "PayNow 9123 4567") == (
        0,
        "Bob is paid by: PayNow 9123 4567\n",
        "",
    )
    code, out, _ = cli("settle")
    assert code == 0 and "pay by" in out and "PayNow 9123 4567" in out
    transfers = json.loads(cli("settle", "--json")[1])["transfers"]
    assert {t.get("pay") for t in transfers if t["to"] == "Bob"} == {"PayNow 9123 4567"}
    assert all("pay" not in t for t in transfers if t["to"] != "Bob")
    assert cli("people", "list")[1].splitlines()[0] == "Bob: PayNow 9123 4567"
    assert cli("people", "set", "Bob", "--pay", "") == (0, "Bob has no payment handle now\n", "")
    assert cli("settle") == (0, before, "")
    assert cli("settle", "--json") == (0, before_json, "")


def test_a_stranger_gets_no_handle(cli) -> None:
    both_families()
    code, _, err = cli("people", "set", "Zed", "--pay", "cash")
    assert code == 1 and "Zed never played here" in err


def test_an_old_store_settles_as_before_and_takes_a_handle(cli, banluck_home: Path) -> None:
    shutil.copytree(OLD / "store", banluck_home)
    _, out, _ = cli("settle", "--json")
    assert json.loads(out) == json.loads((OLD / "settle.json").read_text(encoding="utf-8"))
    name = json.loads(out)["transfers"][0]["to"]
    assert cli("people", "set", name, "--pay", "cash")[0] == 0
    assert cli("check") == (0, "", "")
    transfers = json.loads(cli("settle", "--json")[1])["transfers"]
    assert transfers[0]["pay"] == "cash"
    assert cli("people", "set", name, "--pay", "")[0] == 0
    assert json.loads(cli("settle", "--json")[1]) == json.loads(
        (OLD / "settle.json").read_text(encoding="utf-8")
    )
