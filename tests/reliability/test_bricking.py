"""Reliability: no input bricks a store. Each amount is bounded like a stake before anything is
written, and a store holding an amount past what the index can hold (written by hand, or by an
earlier banluck) is named as damaged by every command, `check`, `night cancel` and `ledger
--all` included, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banluck.money import ledger
from tests.helpers import digest as _digest
from tests.helpers import one_error as _one_error

pytestmark = pytest.mark.reliability

HUGE = str(2**63 - 1)


@pytest.fixture
def played(cli, night: Path) -> Path:  # type: ignore[no-untyped-def]
    """A closed night with a round and a payment."""
    assert cli("pay", "Bob", "Mei", "5", "--yes")[0] == 0
    assert cli("night", "close")[0] == 0
    return night


def _still_runs(cli) -> None:  # type: ignore[no-untyped-def]
    """`check`, `night cancel` and `ledger --all` run: an answer or one line of error."""
    for args in (["check"], ["night", "cancel"], ["ledger", "--all"]):
        code, _, err = cli(*args)
        assert code in (0, 1), (args, err)
        assert "Traceback" not in err
        if code:
            _one_error(err)


@pytest.mark.parametrize(
    "amounts",
    [
        ["--buy-in", HUGE, "--chips", "100"],
        ["--buy-in", "20", "--chips", HUGE],
        ["--buy-in", str(10**12 + 1), "--chips", "100"],
    ],
)
def test_a_tournament_buy_in_or_chips_past_a_stake_is_refused_and_changes_nothing(
    cli, played: Path, amounts: list[str]
) -> None:  # type: ignore[no-untyped-def]
    before = _digest(played)
    code, _, err = cli("tournament", "start", "tournament", "Mei", "Bob", "Carol", *amounts)
    assert code in (1, 2)
    _one_error(err)
    assert _digest(played) == before
    _still_runs(cli)
    assert cli("ledger", "--all")[0] == 0


@pytest.mark.parametrize("stake", ["+ 5", "ten", "-"])
def test_night_start_refuses_a_stake_that_is_not_a_number(
    cli, banluck_home: Path, stake: str
) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("night", "start", "chinese", "Mei", "Bob", "--stake", stake)
    assert code == 2
    _one_error(err)
    assert not (banluck_home / "nights").exists()


def test_a_night_whose_sums_the_index_cannot_hold_is_named_by_every_command(
    cli, played: Path
) -> None:  # type: ignore[no-untyped-def]
    """A buy-in of 2^63-1 (as an earlier banluck wrote it): the night file is named as damaged,
    with the way to recover, by `check`, `ledger --all` and `night cancel`."""
    assert cli("tournament", "start", "tournament", "Mei", "Bob", "Carol", "--buy-in", "20",
               "--chips", "100")[0] == 0  # fmt: skip
    path = played / "nights" / "0002.json"
    path.write_text(path.read_text().replace('"amount":20', f'"amount":{HUGE}'))
    (played / "index.json").unlink()
    for args in (["check"], ["ledger", "--all"], ["night", "cancel"]):
        code, _, err = cli(*args)
        assert code == 1, args
        line = _one_error(err)
        assert str(path) in line and "restore" in line


def test_the_ledger_bounds_every_amount_it_takes() -> None:
    """A payment or a buy-in up to a stake's bound, a transfer or a prize up to MAX_TRANSFER."""
    from banluck.core.money import MAX_AMOUNT, MAX_TRANSFER

    pay = {"kind": "payment", "from": "Ann", "to": "Bob", "amount": MAX_AMOUNT + 1}
    assert any("too large" in p for p in ledger.entry_problems(pay))
    assert not ledger.entry_problems({**pay, "amount": MAX_AMOUNT})
    prize = {"kind": "prize", "player": "Ann", "pool": "t-1", "amount": MAX_TRANSFER}
    assert not ledger.entry_problems(prize)
    assert any(
        re.search("too large", p)
        for p in ledger.entry_problems({**prize, "amount": MAX_TRANSFER + 1})
    )
    with pytest.raises(ledger.LedgerError, match="too large"):
        ledger.pool_entry("buy-in", "Ann", "t-1", MAX_AMOUNT + 1)


BRICKS = [
    ["pay", "Bob", "Mei", HUGE, "--yes"],
    ["pay", "Bob", "Mei", str(10**12 + 1), "--yes"],
    ["night", "start", "chinese", "Mei", "Bob", "--stake", HUGE],
    ["tournament", "start", "tournament", "Mei", "Bob", "Carol", "--buy-in", HUGE, "--chips", "1"],
    ["tournament", "start", "tournament", "Mei", "Bob", "--buy-in", "1", "--chips", HUGE],
    ["act", "stake", "Bob", HUGE],
    ["edge", "chinese", "--stake", HUGE],
]


@pytest.mark.parametrize("args", BRICKS, ids=lambda a: " ".join(a[:2]))
def test_after_each_bricking_input_check_cancel_and_ledger_still_run(
    cli, played: Path, args: list[str]
) -> None:  # type: ignore[no-untyped-def]
    """Each of the inputs that once bricked a store is refused, and the store still answers."""
    before = _digest(played)
    code, _, err = cli(*args)
    assert code in (1, 2) and "Traceback" not in err
    _one_error(err)
    assert _digest(played) == before
    _still_runs(cli)
    assert cli("check")[0] == 0
    assert cli("ledger", "--all")[0] == 0


def test_an_export_over_a_night_file_is_refused_and_the_store_still_runs(cli, played: Path) -> None:  # type: ignore[no-untyped-def]
    before = _digest(played)
    code, _, err = cli("export", "--csv", "-o", str(played / "nights" / "0001.json"))
    assert code == 1
    _one_error(err)
    assert _digest(played) == before
    _still_runs(cli)
    assert cli("check")[0] == 0
