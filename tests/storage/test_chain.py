"""The ledger is tamper-evident (schema v5): each entry carries a digest chained to the one before
it, each night's file the digest the night before ended with (`prior`), and the index each
night's last digest. A change of what is stored that banluck did not make is a problem naming
the night, the entry and the file (or a refusal naming the file), never a silent drop; stores
written by earlier versions open and check clean, and their first write chains them."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from banluck.app import checking
from banluck.core.errors import BanluckError
from banluck.storage import DamagedFile, Store, schema
from banluck.storage import files as storage_files
from banluck.storage.codec import chained, sealed
from tests.storage.test_storage import a_round, open_night, stored_bytes

FIXTURES = Path(__file__).parent.parent / "fixtures"


def _night(home: Path, night: int) -> Path:
    return home / "nights" / f"{night:04d}.json"


def _two_nights(home: Path) -> Store:
    """Night 1 closed (three rounds, a payment), night 2 open (a payment, then two rounds in its
    journal)."""
    store = Store(home)
    open_night(store)
    for n in (10, 20, 30):
        store.record_round(a_round(("Bob", "Ann", n)))
    store.add_payment("Cat", "Ann", 7, "cash")
    store.close_night()
    open_night(store)
    store.add_payment("Ann", "Bob", 3, "cash")
    for n in (40, 50):
        store.push_action("deal")
        store.record_round(a_round(("Bob", "Cat", n)))
    assert (home / "nights" / "0002.live").exists()
    return store


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _problems(home: Path) -> list[str]:
    """What `banluck check` says: its problems, or the one refusal every command gives."""
    try:
        return checking.check(Store(home))
    except BanluckError as exc:
        return [str(exc)]


def test_every_entry_is_chained_and_the_index_keeps_each_nights_last_digest(
    banluck_home: Path,
) -> None:
    store = _two_nights(banluck_home)
    assert store.check() == []
    one = orjson.loads(_night(banluck_home, 1).read_bytes())
    entries = [one["entries"][k] for k in sorted(one["entries"], key=int)]
    assert all(len(e["digest"]) == 32 for e in entries)
    assert "prior" not in one["meta"]["1"]
    two = orjson.loads(_night(banluck_home, 2).read_bytes())
    assert (
        two["meta"]["1"]["prior"]
        == sealed(one)
        == chained(entries[-1]["digest"], one["night"]["1"])
    )
    index = orjson.loads((banluck_home / "index.json").read_bytes())
    earlier = orjson.loads((banluck_home / "index-earlier.json").read_bytes())
    assert earlier["nights"]["1"]["digest"] == entries[-1]["digest"]
    assert index["nights"]["2"]["digest"] is not None
    assert all("digest" not in e for e in store.entries())  # the store's own: not handed out
    assert all("digest" not in r for r in store.nights(totals=True))


def _amount(night: int, seq: str, amount: int) -> Callable[[Path], None]:
    def change(data: dict[str, Any]) -> None:
        entry = data["entries"][seq]
        if "transfers" in entry:
            entry["transfers"][0]["amount"] = amount
        else:
            entry["amount"] = amount

    return lambda home: _edit(_night(home, night), change)


def _delete(night: int, seq: str) -> Callable[[Path], None]:
    return lambda home: _edit(_night(home, night), lambda d: d["entries"].pop(seq))


def _earlier_sums(home: Path) -> None:
    def inflate(data: dict[str, Any]) -> None:
        data["meta"]["1"]["earlier"]["totals"]["balance"]["Ann"] += 990

    _edit(home / "index.json", inflate)


def _live(change: Callable[[bytes], bytes]) -> Callable[[Path], None]:
    def damage(home: Path) -> None:
        path = home / "nights" / "0002.live"
        path.write_bytes(change(path.read_bytes()))

    return damage


def _swap(night: int) -> Callable[[Path], None]:
    return lambda home: shutil.copy(
        f"{_night(home, night)}.bak", _night(home, night)
    )  # the file as it was before its last write


def _rebuilt(damage: Callable[[Path], None]) -> Callable[[Path], None]:
    """`damage`, then the index made again from the night files: only the chain is left."""

    def both(home: Path) -> None:
        damage(home)
        Store(home).rebuild_index()

    return both


DAMAGES: dict[str, tuple[Callable[[Path], None], str]] = {
    "an amount edited": (_amount(1, "2", 25), "night 1, entry #2 in {n1}: its digest"),
    "a payment's amount edited": (_amount(1, "4", 70), "night 1, entry #4 in {n1}: its digest"),
    "an entry deleted": (_delete(1, "2"), "night 1, entry #3 in {n1}: its digest"),
    "an amount edited, the index rebuilt": (
        _rebuilt(_amount(1, "3", 35)),
        "night 1, entry #3 in {n1}: its digest",
    ),
    "an entry deleted, the index rebuilt": (
        _rebuilt(_delete(1, "2")),
        "night 1, entry #3 in {n1}: its digest",
    ),
    "an earlier night's last entry deleted, the index rebuilt": (
        _rebuilt(_delete(1, "4")),
        "night 2 ({n2}) was opened after night 1 was over, whose file then held other",
    ),
    "an earlier night's record edited, the index rebuilt": (
        _rebuilt(
            lambda home: _edit(_night(home, 1), lambda d: d["night"]["1"].update(date="2024-05-04"))
        ),
        "night 2 ({n2}) was opened after night 1 was over, whose file then held other",
    ),
    "the latest night's last entry deleted": (
        _delete(1, "4"),
        "the index's record of night 1 does not match its file",
    ),
    "the journal deleted": (
        lambda home: (home / "nights" / "0002.live").unlink(),
        "the journal {n2live} of night 2 is missing",
    ),
    "the journal cut": (
        _live(lambda raw: raw[: raw.rstrip(b"\n").rfind(b"\n") + 1]),
        "the journal {n2live} of night 2 holds 1",
    ),
    "the journal's token changed": (
        _live(lambda raw: raw.replace(b'"token":"', b'"token":"0', 1)),
        "the journal {n2live} of night 2 holds none of them",
    ),
    "the journal's round edited": (
        _live(lambda raw: raw.replace(b'"amount":50', b'"amount":55', 1)),
        "night 2, entry #7 in {n2}: its digest",
    ),
    "a closed night's file swapped for its backup": (
        _swap(1),
        "the index's record of night 1 does not match its file",
    ),
    "the open night's file swapped for its backup": (_swap(2), "{n2}"),
    "the earlier nights' sums edited": (
        _earlier_sums,
        "the index's sums of the nights before the latest ('totals' of 1 nights",
    ),
}


@pytest.mark.parametrize("name", DAMAGES)
def test_each_damage_is_a_problem_naming_the_file(banluck_home: Path, name: str) -> None:
    _two_nights(banluck_home)
    damage, said = DAMAGES[name]
    damage(banluck_home)
    problems = _problems(banluck_home)
    n1, n2 = _night(banluck_home, 1), _night(banluck_home, 2)
    want = said.format(n1=n1, n2=n2, n2live=n2.with_suffix(".live"))
    assert any(want in p for p in problems), problems
    assert all("\n" not in p for p in problems)


def test_the_latest_nights_last_entry_deleted_is_refused_by_every_command(
    banluck_home: Path,
) -> None:
    """The index counted entry #3 of the open night: a night file without it (an entry deleted
    by hand, an older file put back) is refused, nothing changed, until it is put back or the
    index is rebuilt (which says what it dropped)."""
    store = Store(banluck_home)
    open_night(store)
    for n in (10, 20, 30):
        store.record_round(a_round(("Bob", "Ann", n)))
    path = _night(banluck_home, 1)
    _edit(path, lambda d: d["entries"].pop("3"))
    before = stored_bytes(banluck_home)
    for command in (store.entries, store.balances, store.check):
        with pytest.raises(DamagedFile, match=f"{path} no longer holds entry #3 as the index"):
            command()
    assert stored_bytes(banluck_home) == before
    store.rebuild_index()
    assert any("the 1 that no night file holds" in w for w in store.warnings)
    assert store.check() == []


STORES = ["store-0.1", "store-schema-3", "store-0.2-casino", "store-0.2-casino-bank-limit"]
STORES.append("store-0.2-pre-renovation")


@pytest.mark.parametrize("fixture", STORES)
def test_an_earlier_store_checks_clean_and_its_first_write_chains_it(
    tmp_path: Path, fixture: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store written by an earlier version opens and checks clean and settles the same; its
    first write records every night's last digest in the index (the seal of what it held) and
    writes the night it changes at v5, each entry chained; an earlier banluck (one that reads
    up to v4) then refuses the store as newer, and changes nothing."""
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / fixture / "store", home)
    monkeypatch.setenv("BANLUCK_HOME", str(home))
    store = Store(home)
    balances = store.balances()
    assert checking.check(store, full=True) == []
    people = store.people()
    store.rebuild_index()  # nothing to drop
    assert not store.warnings
    entry = store.add_payment(people[0], people[1], 1, "chained")
    balances[people[0]] = balances.get(people[0], 0) + 1
    balances[people[1]] = balances.get(people[1], 0) - 1
    after = Store(home).balances()
    assert {n: v for n, v in after.items() if v} == {n: v for n, v in balances.items() if v}
    assert checking.check(Store(home), full=True) == []
    index = orjson.loads((home / "index.json").read_bytes())
    earlier = orjson.loads((home / "index-earlier.json").read_bytes())
    records = {**earlier["nights"], **index["nights"]}
    assert all(r["digest"] for r in records.values() if r["entries"])
    night = orjson.loads(_night(home, entry["night"]).read_bytes())
    assert night["meta"]["1"]["schema"] == schema.SCHEMA == 5
    assert all(len(e["digest"]) == 32 for e in night["entries"].values())
    assert index["meta"]["1"]["schema"] == 5
    before = stored_bytes(home)
    monkeypatch.setattr(schema, "SCHEMA", 4)  # what an earlier banluck reads (from scratch)
    monkeypatch.setattr(storage_files, "_CLEAN", {})
    with pytest.raises(DamagedFile, match=r"written by a newer banluck \(data schema 5; this"):
        Store(home).balances()
    with pytest.raises(DamagedFile, match="newer banluck"):
        Store(home).add_payment(people[0], people[1], 1)
    assert stored_bytes(home) == before


def test_a_rebuilt_index_names_the_nights_whose_entries_changed(tmp_path: Path) -> None:
    """The index rebuilt from the night files says which files no longer hold the entries it
    had counted: in a store of an earlier version too, whose files hold no digest yet (the index
    had recorded each night's last digest at its first write)."""
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / "store-0.2-pre-renovation" / "store", home)
    store = Store(home)
    store.add_payment("Bob", "Mei", 5)

    def more(entries: dict[str, Any]) -> None:
        payment = next(e for e in entries.values() if e["kind"] == "payment")
        payment["amount"] += 5

    _edit(_night(home, 6), lambda data: more(data["entries"]))
    rebuilt = Store(home)
    rebuilt.rebuild_index()
    assert [w for w in rebuilt.warnings if "are not those the index had counted" in w] == [
        f"the entries of {_night(home, 6)} are not those the index had counted (their last"
        " digest changed: an entry edited or deleted by hand, or an older file put back); the"
        " index now counts them as they are: if no banluck did that, put the data folder back"
        " from a copy and run `banluck check` again"
    ]


def test_banluck_check_says_each_problem_in_one_line_and_exits_1(
    banluck_home: Path, cli: Any
) -> None:
    _two_nights(banluck_home)
    assert cli("check")[0] == 0
    _amount(1, "2", 25)(banluck_home)
    Store(banluck_home).rebuild_index()
    code, out, err = cli("check")
    assert code == 1
    said = [line for line in (out + err).splitlines() if "entry #2" in line]
    assert said == [
        f"night 1, entry #2 in {_night(banluck_home, 1)}: its digest does not follow from its"
        " fields and entry #1 before it (the entry was edited, or one before it deleted or"
        " moved); it was changed since banluck wrote it: put it back from its backup (.bak) or"
        " a copy of the data folder"
    ]


def test_check_seals_the_nights_over_and_still_sees_them_changed(banluck_home: Path) -> None:
    """A clean `check` seals each night over (its record keeps the digest it found sound); the
    next plain `check` does not check a sealed night's rounds by the ledger's rules again, but
    still verifies its chain and record: a change is a problem all the same."""
    store = _two_nights(banluck_home)
    assert checking.check(store) == []
    earlier = orjson.loads((banluck_home / "index-earlier.json").read_bytes())
    record = earlier["nights"]["1"]
    assert record["sealed"] == record["digest"]
    assert "sealed" not in orjson.loads((banluck_home / "index.json").read_bytes())["nights"]["2"]
    assert checking.check(Store(banluck_home)) == []
    path = _night(banluck_home, 1)
    _edit(path, lambda d: d["entries"]["2"]["log"].append("Bob pays Ann 99"))
    problems = checking.check(Store(banluck_home))
    assert any(f"night 1, entry #2 in {path}: its digest" in p for p in problems), problems


def _sealed(home: Path) -> Store:
    """`_two_nights`, checked clean once: night 1 is sealed."""
    store = _two_nights(home)
    assert checking.check(store) == []
    earlier = orjson.loads((home / "index-earlier.json").read_bytes())
    assert earlier["nights"]["1"]["sealed"] == earlier["nights"]["1"]["digest"]
    return store


@pytest.mark.parametrize("full", [False, True])
def test_check_names_an_edited_entry_of_the_open_night(banluck_home: Path, full: bool) -> None:
    _sealed(banluck_home)
    path = _night(banluck_home, 2)
    _edit(path, lambda d: d["entries"]["5"].update(amount=30))
    problems = checking.check(Store(banluck_home), full=full)
    assert any(f"night 2, entry #5 in {path}: its digest" in p for p in problems), problems


def _prior(data: dict[str, Any]) -> None:
    data["meta"]["1"]["prior"] = "0" * 32


def _night_record(data: dict[str, Any]) -> None:
    data["night"]["1"]["players"].reverse()


@pytest.mark.parametrize("change", [_prior, _night_record], ids=["prior", "night record"])
def test_plain_check_names_a_changed_seal_of_a_sealed_night(
    banluck_home: Path, change: Callable[[dict[str, Any]], None]
) -> None:
    """The seal of night 1 (kept as night 2's `meta.prior`) no longer matches night 1's file:
    whether the seal kept or the night record it seals was changed."""
    _sealed(banluck_home)
    _edit(_night(banluck_home, 2 if change is _prior else 1), change)
    problems = checking.check(Store(banluck_home))
    said = f"night 2 ({_night(banluck_home, 2)}) was opened after night 1 was over"
    assert any(said in p for p in problems), problems


def test_check_full_names_an_edited_entry_of_a_sealed_night(banluck_home: Path) -> None:
    _sealed(banluck_home)
    path = _night(banluck_home, 1)
    _amount(1, "2", 25)(banluck_home)
    problems = checking.check(Store(banluck_home), full=True)
    assert any(f"night 1, entry #2 in {path}: its digest" in p for p in problems), problems


def _forged_without(home: Path, night: int, seqs: tuple[str, ...]) -> None:
    """Delete the entries `seqs` of `night` by hand and make every digest after them again (the
    next night's `prior` too), then rebuild the index: only the gap in the seqs is left."""

    def forge(data: dict[str, Any]) -> None:
        for seq in seqs:
            del data["entries"][seq]
        prev = str(data["meta"]["1"].get("prior") or "")
        for key in sorted(data["entries"], key=int):
            data["entries"][key]["digest"] = prev = chained(prev, data["entries"][key])

    _edit(_night(home, night), forge)
    one = orjson.loads(_night(home, night).read_bytes())
    later = _night(home, night + 1)
    if later.exists():
        _edit(later, lambda d: d["meta"]["1"].update(prior=sealed(one)))
    Store(home).rebuild_index()


@pytest.mark.parametrize(
    ("night", "seqs", "said"),
    [
        (1, ("2",), "night 1 ({path}): entry #2 is missing (its entries run from #1 to #4"),
        (
            1,
            ("1", "2"),
            "night 1 ({path}): entries #1 to #2 are missing (its entries run from #1 to #4",
        ),
        (2, ("6",), "night 2 ({path}): entry #6 is missing (its entries run from #5 to #7"),
    ],
)
def test_check_names_the_seqs_missing_from_a_night_even_with_its_chain_forged(
    banluck_home: Path, night: int, seqs: tuple[str, ...], said: str
) -> None:
    store = _two_nights(banluck_home)
    store.close_night()  # the journal's rounds in the night file, to be deleted from it
    _forged_without(banluck_home, night, seqs)
    problems = [p for p in _problems(banluck_home) if "missing" in p]
    assert problems == [
        said.format(path=_night(banluck_home, night))
        + f", and no undo removed {'it' if len(seqs) == 1 else 'them'}): the file was changed"
        " since banluck wrote it: put it back from its backup (.bak) or a copy of the data folder"
    ]


def test_an_undone_entry_is_no_gap(banluck_home: Path) -> None:
    store = _two_nights(banluck_home)
    store.add_payment("Ann", "Cat", 4, "cash")
    store.undo_last()
    store.add_payment("Cat", "Bob", 2, "cash")
    seqs = [e["seq"] for e in store.entries(2)]
    assert seqs == [5, 6, 7, 9]
    assert checking.check(Store(banluck_home), full=True) == []


def test_an_undone_round_of_the_journal_is_no_gap(banluck_home: Path) -> None:
    store = _two_nights(banluck_home)
    store.undo_last()
    store.push_action("deal")
    store.record_round(a_round(("Bob", "Cat", 60)))
    assert [e["seq"] for e in Store(banluck_home).entries(2)] == [5, 6, 8]
    assert checking.check(Store(banluck_home), full=True) == []
    store.close_night()
    assert checking.check(Store(banluck_home), full=True) == []
