"""`banluck check --repair`: where the data to recover exists it recovers it and says exactly
what it did; where it does not, it says what is lost and changes nothing. And a night file that
cannot be read leaves every other night readable: `check`, `check --repair`, `night cancel`,
`ledger --all`, `settle` and `history` run, name the damaged file, exit non-zero where their
answer would be wrong, and never traceback."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from tests.helpers import digest, one_error

STORE = Path(__file__).parent.parent / "fixtures" / "store-0.2-pre-renovation" / "store"

Cli = Callable[..., tuple[int, str, str]]


@pytest.fixture
def home(banluck_home: Path, cli: Cli) -> Path:
    """The fixture store (both families, a tournament, an open night whose journal holds a
    round), checked clean once: its nights are sealed, its index current."""
    shutil.copytree(STORE, banluck_home)
    assert cli("check")[0] == 0
    return banluck_home


def _night(home: Path, night: int) -> Path:
    return home / "nights" / f"{night:04d}.json"


def _journal_header(home: Path, change: Callable[[dict[str, Any]], None]) -> None:
    path = home / "nights" / "0007.live"
    first, _, rest = path.read_bytes().partition(b"\n")
    header = json.loads(first)
    change(header)
    path.write_bytes(json.dumps(header).encode() + b"\n" + rest)


def _balances(cli: Cli) -> str:
    code, out, _ = cli("ledger", "--all", "--json")
    assert code == 0
    return out


def test_a_clean_store_needs_no_repair(home: Path, cli: Cli) -> None:
    before = digest(home)
    assert cli("check", "--repair") == (0, "", "")
    assert digest(home) == before


def test_repair_rebuilds_a_damaged_index_and_says_so(home: Path, cli: Cli) -> None:
    balances = _balances(cli)
    (home / "index.json").write_text("{not json")
    code, out, err = cli("check", "--repair")
    assert (code, err) == (0, "")
    assert out == (
        f"repaired: rebuilt {home / 'index.json'} from the night files, which hold all it counted\n"
    )
    assert cli("check") == (0, "", "")
    assert _balances(cli) == balances


def test_repair_rebuilds_an_index_whose_sums_were_edited(home: Path, cli: Cli) -> None:
    balances = _balances(cli)
    index = orjson.loads((home / "index.json").read_bytes())
    balance = index["meta"]["1"]["earlier"]["totals"]["balance"]
    balance["Bob"] += 990
    (home / "index.json").write_bytes(orjson.dumps(index))
    assert cli("check")[0] == 1
    code, out, _ = cli("check", "--repair")
    assert code == 0
    assert out.startswith(f"repaired: rebuilt {home / 'index.json'} from the night files")
    assert _balances(cli) == balances


def test_repair_recovers_the_rounds_of_a_journal_whose_token_was_changed(
    home: Path, cli: Cli
) -> None:
    balances = _balances(cli)
    token = orjson.loads(_night(home, 7).read_bytes())["meta"]["1"]["token"]
    _journal_header(home, lambda h: h.update(token="deadbeefdeadbeef"))
    code, _, err = cli("check")
    assert code == 1
    assert "if only its header was changed, `banluck check --repair` recovers them" in err
    code, out, err = cli("check", "--repair")
    assert (code, err) == (0, "")
    assert out == (
        f"repaired: recovered the 1 round of {home / 'nights' / '0007.live'}: its header named"
        f" the token 'deadbeefdeadbeef', not {token!r} of {_night(home, 7)}, on which they were"
        " recorded (the header's rev and CRC-32 are the file's); the header now names it\n"
    )
    assert cli("check") == (0, "", "")
    assert _balances(cli) == balances


@pytest.mark.parametrize(
    "damage",
    [
        lambda home: (home / "nights" / "0007.live").unlink(),
        lambda home: (home / "nights" / "0007.live").write_bytes(
            (home / "nights" / "0007.live").read_bytes().split(b"\n")[0] + b"\n"
        ),
        lambda home: _journal_header(home, lambda h: h.update(token="x", state=None)),
    ],
    ids=["journal deleted", "journal cut", "journal header replaced"],
)
def test_repair_says_what_is_lost_and_changes_nothing(
    home: Path, cli: Cli, damage: Callable[[Path], None]
) -> None:
    damage(home)
    before = digest(home)
    code, out, err = cli("check", "--repair")
    assert code == 1
    assert out.startswith("not repaired: the "), out
    assert str(home / "nights" / "0007.live") in out.splitlines()[0]
    assert "round" in out.splitlines()[0]
    assert one_error(err) == (
        "error: 1 thing(s) could not be repaired; nothing that would hide them was changed"
    )
    assert digest(home) == before


def test_repair_reseals_a_sealed_night_changed_but_sound(home: Path, cli: Cli) -> None:
    path = _night(home, 3)
    path.write_bytes(path.read_bytes() + b"\n")
    code, out, _ = cli("check")
    assert code == 1
    assert f"night 3 ({path}) changed since `check` found it sound and sealed it" in out
    code, out, _ = cli("check", "--repair")
    assert code == 0
    assert f"repaired: night 3 ({path}) changed since it was sealed, but holds the entries" in out
    assert cli("check") == (0, "", "")
    earlier = orjson.loads((home / "index-earlier.json").read_bytes())
    assert earlier["sealed"]["3"]["size"] == len(path.read_bytes())


def test_repair_does_not_count_a_sealed_night_whose_money_was_edited(home: Path, cli: Cli) -> None:
    """An amount edited by hand: the index is not rebuilt over it (that would count the new
    figure); what is wrong is said, and nothing is changed."""
    path = _night(home, 2)
    data = json.loads(path.read_text())
    entry = next(e for e in data["entries"].values() if e["kind"] == "round")
    entry["transfers"][0]["amount"] += 5
    path.write_text(json.dumps(data))
    before = digest(home)
    code, out, _ = cli("check", "--repair")
    assert code == 1
    assert f"not repaired: the entries of {path} are not those the index counted" in out
    assert digest(home) == before
    assert cli("check")[0] == 1


def test_repair_does_not_rebuild_the_index_over_an_edited_entry_before_the_last(
    banluck_home: Path, cli: Cli
) -> None:
    """A night of chained entries, sealed by a clean check, then an amount edited in place in
    its first round: the night's last digest is still the one the index recorded, but the
    entry's own digest no longer follows from its fields. The index is not rebuilt over it
    (that would count the new figure in every balance and settle-up); the entry is named, and
    nothing is changed."""
    assert cli("night", "start", "chinese", "Mei", "Bob", "Carol")[0] == 0
    for dealer in ("10 7", "10 8"):
        for line in (
            f"dealer {dealer}",
            "stand Bob",
            "stand Carol",
            "open Bob 10 9",
            "open Carol 10 5",
        ):
            assert cli("act", *line.split())[0] == 0, line
    assert cli("night", "close")[0] == 0
    assert cli("check")[0] == 0  # seals night 1
    assert cli("night", "start", "chinese", "Mei", "Bob")[0] == 0
    path = _night(banluck_home, 1)
    raw = path.read_bytes()
    data = orjson.loads(raw)
    first = min(data["entries"], key=int)
    assert first != max(data["entries"], key=int)
    one = orjson.dumps(data["entries"][first]["transfers"][0])
    amount = orjson.loads(one)["amount"]
    edited = one.replace(f'"amount":{amount}'.encode(), f'"amount":{amount + 5}'.encode())
    assert edited != one and raw.count(one) == 1
    path.write_bytes(raw.replace(one, edited))
    settled = cli("settle", "--json")[1]  # settle answers from the index
    before = digest(banluck_home)
    code, out, _ = cli("check", "--repair")
    assert code == 1
    assert f"not repaired: entry #{first} changed in the night files" in out
    assert digest(banluck_home) == before
    assert cli("settle", "--json")[1] == settled
    assert cli("check")[0] == 1


# -- a damaged earlier night file ---------------------------------------------------------


@pytest.fixture
def damaged(home: Path) -> Path:
    path = _night(home, 3)
    path.write_text("garbage")
    return path


def test_check_and_repair_name_a_damaged_earlier_night_file(
    home: Path, damaged: Path, cli: Cli
) -> None:
    before = digest(home)
    code, out, err = cli("check")
    assert code == 1
    assert out.startswith(f"the data file {damaged} is damaged (not valid JSON"), out
    assert "restore it from a copy of the data folder" in out
    assert "Traceback" not in err
    code, out, err = cli("check", "--repair")
    assert code == 1
    assert out.startswith(f"not repaired: the data file {damaged} is damaged"), out
    assert "Traceback" not in err
    assert digest(home) == before


def test_every_other_night_stays_readable(home: Path, damaged: Path, cli: Cli) -> None:
    code, _, err = cli("ledger", "--all")
    assert code == 1
    assert str(damaged) in one_error(err)  # every entry is asked for: that answer is wrong
    code, out, err = cli("history")
    assert (code, err) == (0, "")
    assert "night 7" in out and "night 2" in out
    code, out, err = cli("settle")
    assert (code, err) == (0, "")  # the index's sums of the earlier nights: right
    code, _, err = cli("night", "cancel")
    assert code == 1
    assert one_error(err).startswith("error: night 7 has entries")  # refused for its own reason
    code, _, err = cli("check", "--full")
    assert code == 1
    assert "Traceback" not in err


def test_the_open_night_can_be_cancelled_beside_a_damaged_earlier_night(
    banluck_home: Path, cli: Cli
) -> None:
    """The night before, sealed by a clean check, is counted as it was sealed; a command that
    needs its file then names it."""
    assert cli("night", "start", "chinese", "Ann", "Bob", "--stake", "10")[0] == 0
    assert cli("pay", "Ann", "Bob", "5", "--yes")[0] == 0
    assert cli("night", "close")[0] == 0
    assert cli("check")[0] == 0
    assert cli("night", "start", "chinese", "Ann", "Bob", "--stake", "10")[0] == 0
    _night(banluck_home, 1).write_text("garbage")
    code, out, err = cli("night", "cancel")
    assert (code, "night 2" in out) == (0, True), err
    assert f"the data file {_night(banluck_home, 1)} is damaged" in err
    assert not _night(banluck_home, 2).exists()
    code, _, err = cli("ledger", "--all")
    assert code == 1
    assert str(_night(banluck_home, 1)) in one_error(err)


def test_repair_says_what_it_did_as_json(home: Path, cli: Cli) -> None:
    (home / "index.json").write_text("{not json")
    code, out, _ = cli("check", "--repair", "--json")
    said = json.loads(out)
    assert (code, said["ok"], said["lost"], said["problems"]) == (0, True, [], [])
    assert said["repaired"] == [
        f"rebuilt {home / 'index.json'} from the night files, which hold all it counted"
    ]
    (home / "nights" / "0007.live").unlink()
    code, out, _ = cli("check", "--repair", "--json")
    said = json.loads(out)
    assert (code, said["ok"], said["repaired"]) == (1, False, [])
    assert "0007.live" in said["lost"][0]
