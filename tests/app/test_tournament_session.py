"""A tournament night in the store: the buy-ins go in with the night, every line is stored as it
is typed (a closed terminal loses nothing), the prizes go in with the line that ends it, and the
ledger holds exactly the buy-ins and the prizes: the chips never reach it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from banluck.app.nights import start_tournament
from banluck.app.session import TOURNAMENT, Session
from banluck.core.errors import BanluckError, RuleError
from banluck.money.ledger import balances
from banluck.storage import Store
from banluck.storage.files import StoreError
from banluck.table.nightlog import parse_lines
from tests.games.tournament.driver import drawers, play_out

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "docs" / "examples" / "tournament-night.log"
SHORT = "short-tournament"


# The preset file `make_short` wrote for each set of rules, in this process: the same rules
# write the same file (it names no home and no date), so later calls put that file back.
_SHORT_FILES: dict[tuple[tuple[str, str], ...], str] = {}


def make_short(rules: dict[str, str]) -> None:
    """The user preset `short-tournament`: `rules new --from tournament`, then `rules set` for
    each of `rules` (once a process for the same rules; afterwards the file it wrote)."""
    import contextlib
    import io

    from banluck.app import presets
    from banluck.cli.main import main

    path = presets.user_dir() / f"{SHORT}.toml"
    made = _SHORT_FILES.get(tuple(rules.items()))
    if made is not None:
        assert not path.exists()  # as `rules new` refuses a name already taken
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(made, encoding="utf-8")
        return
    with contextlib.redirect_stdout(io.StringIO()):  # what it says is not what a test reads
        assert main(["rules", "new", SHORT, "--from", "tournament"]) == 0
        for key, value in rules.items():
            assert main(["rules", "set", SHORT, key, value]) == 0
    _SHORT_FILES[tuple(rules.items())] = path.read_text(encoding="utf-8")


def example_lines() -> list[str]:
    """The example night's lines after its first line and its rule lines."""
    lines = parse_lines(LOG.read_text(encoding="utf-8"))
    return [" ".join([x.word, *x.args]) for x in lines if x.word not in ("tournament", "rule")]


@pytest.fixture
def store() -> Store:
    make_short({"tournament.hands": "8", "tournament.cutoffs": "2,4,6"})
    return Store()


def kinds(store: Store) -> list[tuple[str, str, int]]:
    return [(e["kind"], e["player"], e["amount"]) for e in store.entries()]


def test_the_buy_ins_are_recorded_with_the_night(store: Store) -> None:
    record, played = start_tournament(store, SHORT, ["Ann", "Ben", "Cid", "Dee"], 20, 100)
    assert kinds(store) == [("buy-in", n, 20) for n in ("Ann", "Ben", "Cid", "Dee")]
    pool = f"pool:tournament-{record['id']}"
    assert balances(store.entries()) == {"Ann": -20, "Ben": -20, "Cid": -20, "Dee": -20, pool: 80}
    assert store.check() == [] and played.stacks["Ann"] == 100


def test_the_whole_example_night_stores_only_buy_ins_and_prizes(store: Store) -> None:
    record, _ = start_tournament(store, SHORT, ["Ann", "Ben", "Cid", "Dee"], 20, 100)
    for line in example_lines():
        Session.open(store, (TOURNAMENT,)).act(line)  # a fresh session each line: as after a crash
    session = Session.open(store, (TOURNAMENT,))
    assert session.night.stacks == {"Ann": 270, "Ben": 160, "Cid": 6, "Dee": 90}
    assert kinds(store) == [
        *[("buy-in", n, 20) for n in ("Ann", "Ben", "Cid", "Dee")],
        ("prize", "Ann", 56),
        ("prize", "Ben", 24),
    ]
    assert [e["note"] for e in session.prizes()] == ["1st place", "2nd place"]
    assert balances(store.entries()) == {
        "Ann": 36,
        "Ben": 4,
        "Cid": -20,
        "Dee": -20,
        f"pool:tournament-{record['id']}": 0,
    }
    assert store.check() == []
    store.close_night()  # nothing is left in play: the night closes as any other


def test_undo_of_the_last_line_takes_the_prizes_back_in_the_same_write(store: Store) -> None:
    start_tournament(store, SHORT, ["Ann", "Ben", "Cid", "Dee"], 20, 100)
    session = Session.open(store, (TOURNAMENT,))
    for line in example_lines():
        session.act(line)
    assert session.undo() == "undid `hole 10`; the prizes are taken back out of the ledger"
    assert [e["kind"] for e in store.entries()] == ["buy-in"] * 4
    again = Session.open(store, (TOURNAMENT,))
    assert not again.night.over and again.night.pending().startswith("the dealer")
    again.act("hole 10")
    assert [e["amount"] for e in again.prizes()] == [56, 24]


def test_a_refused_line_changes_nothing_stored(store: Store) -> None:
    start_tournament(store, SHORT, ["Ann", "Ben", "Cid", "Dee"], 20, 100)
    session = Session.open(store, (TOURNAMENT,))
    session.act("bet Ann 20")
    before = store.tonight()
    with pytest.raises(RuleError, match="Ben bets before Cid"):
        session.act("bet Cid 20")
    assert store.tonight() == before and session.night.lines == ["bet Ann 20"]


def test_a_usual_night_command_refuses_a_tournament_night(store: Store) -> None:
    start_tournament(store, SHORT, ["Ann", "Ben"], 20, 100)
    with pytest.raises(BanluckError, match="night 1 is a tournament: play it with `banluck table`"):
        Session.open(store)


def test_a_second_night_cannot_open_over_a_tournament(store: Store) -> None:
    start_tournament(store, SHORT, ["Ann", "Ben"], 20, 100)
    with pytest.raises(BanluckError, match="is still open"):
        start_tournament(store, SHORT, ["Cid", "Dee"], 20, 100)


def test_pool_entries_are_checked_before_they_are_stored(store: Store) -> None:
    from banluck.money.ledger import LedgerError, pool_entry

    start_tournament(store, SHORT, ["Ann", "Ben"], 20, 100)
    with pytest.raises(StoreError, match="player Zed is not a known person"):
        store.add_entries([pool_entry("prize", "Zed", "tournament-1", 10)])
    with pytest.raises(LedgerError, match="amount is 0, expected a positive whole number"):
        pool_entry("prize", "Ann", "tournament-1", 0)
    with pytest.raises(LedgerError, match="pool is 'pool:x', expected the name of a prize pool"):
        pool_entry("buy-in", "Ann", "pool:x", 10)
    with pytest.raises(StoreError, match="expected buy-in or prize"):
        store.add_entries([{"kind": "payment", "from": "Ann", "to": "Ben", "amount": 5}])
    assert len(store.entries()) == 2


def test_a_stored_buy_in_without_its_player_is_a_damaged_file(
    store: Store, banluck_home: Path
) -> None:
    start_tournament(store, SHORT, ["Ann", "Ben"], 20, 100)
    path = store.night_path(1)
    data = json.loads(path.read_text())
    del data["entries"]["1"]["player"]
    path.write_text(json.dumps(data))
    with pytest.raises(StoreError, match="player"):
        Store().entries()


@pytest.mark.slow
@settings(
    max_examples=8,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a failing night is read, not shrunk
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), players=st.integers(2, 4))
def test_the_ledger_holds_exactly_the_buy_ins_and_the_prizes(
    banluck_home: Path, data: st.DataObject, players: int
) -> None:
    """Any tournament played to its end through the store: its entries are one buy-in a player
    and one prize a winner, they net to zero, and the pool ends empty."""
    import shutil

    shutil.rmtree(banluck_home, ignore_errors=True)
    make_short({"tournament.hands": "5", "tournament.cutoffs": "2,4", "tournament.max_bet": "40"})
    store = Store()
    names = ["Ann", "Ben", "Cid", "Dee"][:players]
    record, _ = start_tournament(store, SHORT, names, 15, 60)
    session = Session.open(store, (TOURNAMENT,))
    draw, amount = drawers(data)
    play_out(lambda: session.night, session.act, draw, amount)
    played = Session.open(store, (TOURNAMENT,)).night
    assert played.over and played.stacks == session.night.stacks
    won = played.prizes()
    pool = f"pool:tournament-{record['id']}"
    entries = store.entries()
    assert [(e["kind"], e["player"], e["amount"]) for e in entries] == [
        *[("buy-in", n, 15) for n in names],
        *[("prize", n, won[n]) for group in played.standings() for n in group if n in won],
    ]
    owed = balances(entries)
    assert owed.get(pool, 0) == 0 and sum(owed.values()) == 0
    assert {n: owed.get(n, 0) for n in names} == {n: won.get(n, 0) - 15 for n in names}
    assert store.check() == []


def test_players_tied_at_the_end_share_their_prizes_in_the_ledger() -> None:
    """Ann and Ben push the only hand: tied first, they share 70 % + 30 % of 40 evenly."""
    make_short({"tournament.hands": "1", "tournament.cutoffs": "[]"})
    store = Store()
    start_tournament(store, SHORT, ["Ann", "Ben"], 20, 100)
    session = Session.open(store, (TOURNAMENT,))
    for line in ("bet Ann 20", "bet Ben 40", "up 7", "deal Ann 10 8", "deal Ben 9 9"):
        session.act(line)
    for line in ("stand Ann", "stand Ben", "hole A"):  # the dealer 7 A = 18: both push
        session.act(line)
    assert [(e["player"], e["amount"], e["note"]) for e in session.prizes()] == [
        ("Ann", 20, "1st place (tied)"),
        ("Ben", 20, "1st place (tied)"),
    ]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("lines", "bet Ann 20", "table.tournament'.lines is 'bet Ann 20', not a list of lines"),
        ("chips", 0, "table.tournament'.chips is 0, not a whole number above 0"),
        ("seats", ["Ann", 3], "table.tournament'.seats is ['Ann', 3], not a list of names"),
    ],
)
def test_a_damaged_tournament_record_is_a_damaged_file(
    store: Store, field: str, value: object, message: str
) -> None:
    """A hand-edited `table.tournament` is refused as a damaged file, naming the field, never
    played as something else."""
    start_tournament(store, SHORT, ["Ann", "Ben"], 20, 100)
    path = store.night_path(1)
    data = json.loads(path.read_text())
    data["night"]["1"]["table"]["tournament"][field] = value
    path.write_text(json.dumps(data))
    with pytest.raises(StoreError, match=re.escape(message)):
        Session.open(Store(), (TOURNAMENT,))
