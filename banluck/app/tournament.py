"""A tournament night in the store: what `banluck tournament` and `banluck table` share.

A tournament is a night of the store like any other (its preset's snapshot, its seats, its
ledger entries), whose night record's `table` holds `tournament`: `{buy_in, chips, seats,
lines}`, `lines` being every line typed since the first (the night log without its first line).
Its stacks and eliminations are never stored: they are what replaying those lines gives, so a
closed terminal loses nothing. The ledger holds only money: each player's buy-in, recorded with
the night in one write, and the prizes, recorded with the line that ends the tournament in one
write. Chips never reach it. The prize pool is the ledger's party `pool:tournament-<night id>`.

The night record's `dealer` is the first seat (the store wants one of the seats): at a
tournament the dealer is neutral and plays no seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from banluck.app.games import load_preset, night_kind
from banluck.core.errors import BanluckError, RuleError

if TYPE_CHECKING:
    from banluck.games.tournament.night import Tournament
    from banluck.money.entries import BuyInEntry, PrizeEntry
    from banluck.storage import Store
    from banluck.table.preset import TablePreset

KEY = "tournament"
ORDINALS = ("1st", "2nd", "3rd")


def _kind() -> Any:
    return night_kind(KEY)


def tournament_of(record: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The stored tournament of a night record, None for a usual night."""
    if record is None:
        return None
    found = (record.get("table") or {}).get(KEY)
    return found if isinstance(found, Mapping) else None


def pool_of(night_id: int) -> str:
    """The prize pool's name (its ledger account is `pool:<name>`)."""
    return f"tournament-{night_id}"


REFUND_NOTE = "buy-in back: closed before its end"


def close_night(
    store: Store, refund: bool = False
) -> tuple[dict[str, Any], list[BuyInEntry | PrizeEntry]]:
    """Close the open night (`banluck night close`): its record, and the entries recorded with
    the close.

    A tournament's pool must be empty when its night closes, or every player would owe a party
    nobody is. Over, it is: its prizes went in with the line that ended it. Before its end, the
    night closes only with `refund`: each buy-in is paid back out of the pool (a prize entry of
    the buy-in, noted `REFUND_NOTE`) in the same write as the close. The lock is held from the
    check to the write, so a line ending the tournament in another process cannot come between."""
    with store.locked():
        record = store.tonight()
        if record is None or tournament_of(record) is None:
            if refund and record is not None:
                raise BanluckError(
                    f"night {record['id']} is not a tournament: `--refund` pays a tournament's"
                    " buy-ins back; close it with `banluck night close`"
                )
            return store.close_night(), []
        played = replay(record)
        if played.over:
            if refund:
                raise BanluckError(
                    "the tournament is over and its prizes are paid: close it with"
                    " `banluck night close`, without `--refund`"
                )
            return store.close_night(), []
        if not refund:
            raise BanluckError(
                f"the tournament of night {record['id']} is not over ({len(played.still_in)}"
                f" players in, {len(played.hands)} of {played.preset.tournament.hands} hands"
                " played): play it to its end in `banluck table`, or `banluck night close"
                " --refund` to pay every buy-in back"
            )
        from banluck.money.ledger import pool_entry

        pool = pool_of(record["id"])
        back = [
            pool_entry("prize", str(e["player"]), pool, int(e["amount"]), REFUND_NOTE)
            for e in store.entries(record["id"])
            if e.get("kind") == "buy-in"
        ]
        return store.close_night(back), back


def place(n: int) -> str:
    return ORDINALS[n - 1] if n <= len(ORDINALS) else f"{n}th"


def replay(record: Mapping[str, Any], lines: Sequence[str] | None = None) -> Tournament:
    """The stored tournament played again from its first line (with `lines` instead of its own)."""
    stored = tournament_of(record)
    if stored is None:
        raise BanluckError(f"night {record['id']} is not a tournament")
    kind = _kind()
    preset = load_preset(record["snapshot"], source=f"night {record['id']}")
    try:
        start = kind.start_for(preset, list(stored["seats"]), stored["buy_in"], stored["chips"])
        played: Tournament = kind.Tournament(
            start, list(stored["lines"] if lines is None else lines)
        )
    except RuleError as exc:
        raise BanluckError(
            f"night {record['id']} does not replay from its stored lines ({exc});"
            " run `banluck check`"
        ) from None
    return played


def start_tournament(
    store: Store,
    preset_name: str,
    seats: Sequence[str],
    buy_in: int,
    chips: int,
    date: str | None = None,
) -> tuple[dict[str, Any], Tournament]:
    """Open a tournament night: the preset's rules kept with it, every buy-in in the ledger."""
    from banluck.app.presets import load
    from banluck.money.ledger import pool_entry

    kind = _kind()
    rules = load(preset_name)
    known = {n.lower(): n for n in store.people()}
    names = [known.get(n.lower(), n) for n in seats]
    start = kind.start_for(rules, names, buy_in, chips)
    tonight = store.tonight()
    if tonight is not None:
        raise BanluckError(
            f"night {tonight['id']} of {tonight['date']} is still open:"
            " end it with `banluck night close` first"
        )
    table = {KEY: {"buy_in": buy_in, "chips": chips, "seats": list(names), "lines": []}}

    def buy_ins(night_id: int) -> list[BuyInEntry | PrizeEntry]:
        return [pool_entry("buy-in", n, pool_of(night_id), buy_in, "buy-in") for n in names]

    record = store.open_night(
        preset_name, rules.to_dict(), names, names[0], {}, date, table, entries=buy_ins
    )
    played: Tournament = kind.Tournament(start)
    return record, played


@dataclass(slots=True)
class TournamentSession:
    """The open tournament night: its record and the tournament replayed from its lines."""

    store: Store
    record: dict[str, Any]
    tournament: Tournament

    @classmethod
    def open(cls, store: Store) -> TournamentSession:
        record = store.tonight()
        if record is None or tournament_of(record) is None:
            raise BanluckError(
                "no tournament is open: start one with"
                " `banluck tournament start PRESET NAME NAME... --buy-in N --chips N`"
            )
        return cls(store, record, replay(record))

    def _table(self, lines: Sequence[str]) -> dict[str, Any]:
        table = dict(self.record.get("table") or {})
        table[KEY] = {**dict(table[KEY]), "lines": list(lines)}
        return table

    def _check_fresh(self) -> None:
        if self.store.tonight() != self.record:
            raise RuleError(
                "the tournament was changed from another window or command since this one read"
                " it: look at it again and type the line again if it still applies"
            )

    def prizes(self) -> list[dict[str, Any]]:
        """Tonight's prize entries in the ledger."""
        return [e for e in self.store.entries(self.record["id"]) if e.get("kind") == "prize"]

    def act(self, line: str) -> str:
        """Apply one line and store it; return it as stored. A refused line changes nothing."""
        from banluck.table.line import read_line

        with self.store.locked():
            self._check_fresh()
            word, args = read_line(line, _kind().ALIASES)
            try:
                if word == "undo" and not args:
                    return self._undo()
                return self._act(line)
            except BanluckError:
                self._reread()
                raise

    def _reread(self) -> None:
        """After a refusal: the tournament as stored (the truth)."""
        record = self.store.tonight()
        if record is not None and tournament_of(record) is not None:
            self.record, self.tournament = record, replay(record)

    def _act(self, line: str) -> str:
        played = self.tournament
        was_over = played.over
        stored: str = played.do_line(line)
        table = self._table(played.lines)
        if played.over and not was_over:
            self.record = self._pay_prizes(table)
        else:
            self.record = self.store.update_night(table=table)
        return stored

    def _pay_prizes(self, table: Mapping[str, Any]) -> dict[str, Any]:
        """The line that ends the tournament and its prizes, in one write."""
        from banluck.money.ledger import pool_entry

        pool = pool_of(self.record["id"])
        played = self.tournament
        won = played.prizes()
        entries = []
        ahead = 0  # players placed before this group: tied players share a place
        for group in played.standings():
            for name in group:
                if name in won:
                    note = f"{place(ahead + 1)} place" + (" (tied)" if len(group) > 1 else "")
                    entries.append(pool_entry("prize", name, pool, won[name], note))
            ahead += len(group)
        self.store.add_entries(entries, night_update={"table": dict(table)})
        record = self.store.tonight()
        assert record is not None
        return record

    def undo(self) -> str:
        with self.store.locked():
            self._check_fresh()
            return self._undo()

    def _undo(self) -> str:
        played = self.tournament
        was_over = played.over
        last = played.undo()
        table = self._table(played.lines)
        if was_over:
            seqs = [int(e["seq"]) for e in self.prizes()]
            self.store.drop_entries(seqs, night_update={"table": table})
            record = self.store.tonight()
            assert record is not None
            self.record = record
            return f"undid `{last}`; the prizes are taken back out of the ledger"
        self.record = self.store.update_night(table=table)
        return f"undid `{last}`"


def is_tournament_log(text: str) -> bool:
    """The night log starts with a night kind's word (`tournament ...`), not `night`."""
    from banluck.table.nightlog import parse_lines

    lines = parse_lines(text)
    return bool(lines) and lines[0].word == KEY


def read_tournament_log(
    text: str, source: str, load: Callable[[str], TablePreset] | None = None
) -> Tournament:
    """A whole tournament log played: its first line, `rule KEY VALUE` lines right after it
    (knobs of the named preset changed for this night), then its lines. LogError names the
    first wrong line."""
    from banluck.app import presets
    from banluck.table.nightlog import LogError, parse_lines, read_rules

    lines = parse_lines(text)
    first = lines[0]
    rules, body = read_rules(lines[1:], source, "tournament.hands 8")
    kind = _kind()
    try:
        name, seats, buy_in, chips = kind.parse_start(first.args)
        preset = presets.with_rules((load or presets.load)(name), rules)
        played: Tournament = kind.Tournament(kind.start_for(preset, seats, buy_in, chips))
    except BanluckError as exc:
        raise LogError(source, first.number, str(exc)) from None
    for line in body:
        try:
            played.do_line(" ".join([line.word, *line.args]))
        except BanluckError as exc:
            raise LogError(source, line.number, str(exc)) from None
    return played
