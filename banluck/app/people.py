"""The store as every view reads it: people under the names they have now.

`NamedStore` is the `Store` with the renames applied to what it reads (entries, balances,
people, the nights' records); writes and `check` see the stored names. A rename applies to the
entries recorded before it and to the records of the nights up to the one it was recorded in
(docs/corrections.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from banluck.money.names import Rename, names_after, renamed
from banluck.storage import Store

if TYPE_CHECKING:
    from banluck.money.stats import Totals


class NamedStore(Store):
    """A Store whose reads show each person under the name they have now."""

    _known: tuple[tuple[int, int], list[Rename]] | None = None

    def renames(self) -> list[Rename]:
        """Every rename, in order: (seq, old, new), from the index's night records (read again
        whenever the index file has changed since)."""
        try:
            stat = self.index_path.stat()
            key = (stat.st_mtime_ns, stat.st_size)
        except OSError:
            key = (0, 0)
        if self._known is not None and self._known[0] == key and key != (0, 0):
            return self._known[1]
        found = super().renamed()
        self._known = (key, found)
        return found

    def iter_entries(self, night: int | None = None) -> Iterator[dict[str, Any]]:
        found = self.renames()
        for entry in super().iter_entries(night):
            yield renamed(entry, names_after(found, entry["seq"])) if found else entry

    def last_entry(self) -> dict[str, Any] | None:
        entry = super().last_entry()
        if entry is None:
            return None
        return renamed(entry, names_after(self.renames(), entry["seq"]))

    def people(self) -> list[str]:
        names = names_after(self.renames(), 0)
        return sorted({names.get(name, name) for name in super().people()})

    def nights(self, *, totals: bool = False) -> list[dict[str, Any]]:
        records = super().nights(totals=totals)
        found = [
            (int(r["id"]), int(seq), str(old), str(new))
            for r in records
            for seq, old, new in r.get("renamed", [])
        ]
        if not found:
            return records
        out = []
        for record in records:
            names = names_after([(n, o, w) for night, n, o, w in found if night >= record["id"]], 0)
            fixed = dict(record)
            for key in ("seats", "players"):
                fixed[key] = list(dict.fromkeys(names.get(n, n) for n in record[key]))
            fixed["dealer"] = names.get(record["dealer"], record["dealer"])
            fixed["stakes"] = {names.get(k, k): v for k, v in record["stakes"].items()}
            net: Counter[str] = Counter()
            for name, amount in (record.get("net") or {}).items():
                net[names.get(name, name)] += amount
            fixed["net"] = {k: v for k, v in net.items() if v}
            if "totals" in record:
                fixed["totals"] = _renamed_totals(record["totals"], names)
            out.append(fixed)
        return out

    def totals(self, nights: Iterable[int] | None = None) -> Totals:
        """The index's totals (`Store.totals`) with every person under the name they have now."""
        if not self.renames():
            return super().totals(nights)
        records = {int(r["id"]): r for r in self.nights(totals=True)}
        chosen = sorted(records) if nights is None else list(nights)
        for night_id in chosen:
            if night_id not in records:
                return super().totals(chosen)  # the store's own refusal, naming the night
        from banluck.money.stats import add_totals  # what only the commands that sum nights need

        return add_totals(*(records[i]["totals"] for i in chosen))


def _renamed_totals(totals: Mapping[str, Any], names: Mapping[str, str]) -> Totals:
    """`totals` with each name as it is now; two names that became one are added together."""
    from banluck.money.stats import add_totals

    empty: dict[str, Any] = {"players": {}, "result": {}, "balance": {}}
    return add_totals(
        *({**empty, key: {names.get(n, n): v}} for key in empty for n, v in totals[key].items())
    )
