"""A new entry, typed as the ledger's builders make it, is stored by the storage alone with the
keys, in the order, that every earlier version wrote."""

from __future__ import annotations

from pathlib import Path

from banluck.app.amending import reverse
from banluck.money import ledger
from banluck.storage import Store
from banluck.storage.codec import stored_form
from tests.storage.test_storage import a_round, open_night


def test_each_new_entry_is_stored_with_the_keys_of_before(banluck_home: Path) -> None:
    """A payment, a correction, a rename and a prize keep their stored keys and their order; a
    correction adds the kind of the entry it reverses (`reversed_kind`), last."""
    store = Store(banluck_home)
    open_night(store)
    rnd = store.record_round(a_round(("Bob", "Ann", 10)))
    paid = store.add_payment("Ann", "Bob", 5, "cash")
    fix = reverse(store, rnd["seq"], "misread")
    head = ["seq", "kind", "night", "at"]
    assert list(paid) == [*head, "from", "to", "amount", "note"]
    assert list(fix) == [*head, "reverses", "reason", "transfers", "reversed_kind"]
    assert fix["reversed_kind"] == "round"
    assert fix["transfers"] == [
        {"from": "Ann", "to": "Bob", "amount": 10, "reason": "reverses: Bob pays Ann"}
    ]
    assert [list(e) for e in store.entries()][1:] == [list(paid), list(fix)]
    prize = stored_form(ledger.pool_entry("prize", "Ann", "tournament-1", 10, "1st"))
    assert prize == {
        "kind": "prize",
        "player": "Ann",
        "pool": "tournament-1",
        "amount": 10,
        "note": "1st",
    }
    assert list(stored_form(ledger.rename("Ann", "Anna"))) == ["kind", "from", "to"]
