"""The open night in the store, of any kind, driven by night-log lines: what `banluck act`,
`banluck tournament act`, `banluck table` and `banluck replay --save` share.

Between rounds the store keeps the table: seats, stakes, dealer and the rotation counters (the
night record's `table`). During a round it keeps the round's lines, one write per line, so a crash
loses at most the line being typed. A finished round is recorded, its live lines cleared and the
table moved on (rotation) in one atomic write; so is `undo` of the last round.

A night kind with a `record_key` (a tournament, banluck.table.kind) keeps every line in the
night record's `table[record_key]["lines"]`, one write per line; the line that pays its prizes
writes them with it, and `undo` of that line takes them back out in the same write.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from banluck.app.records import (
    known_names,
    new_night,
    play_lines,
    replay_stored,
    seat_stakes,
    seating_from,
    stored_words,
    table_after,
)
from banluck.core.errors import BanluckError, RuleError
from banluck.table.kind import Done, NightKind
from banluck.table.line import Line
from banluck.table.night import Night, changes
from banluck.table.seating import FinishedRound, Seating

if TYPE_CHECKING:
    from banluck.storage import Store


class NoNight(BanluckError):
    """There is no open night to play in."""


class StaleLine(BanluckError):
    """A stored line of the live round that the rules refuse when it is replayed."""


USUAL, TOURNAMENT = "night", "tournament"  # the night kinds `Session.open` may be asked for


@dataclass(slots=True)
class Session:
    """The open night: its record, and its night (a `Night` replayed from the table and the
    live lines, or a night kind replayed from the lines its record keeps)."""

    store: Store
    record: dict[str, Any]
    night: NightKind
    live: list[str]
    undone: str | None = None  # what the last `undo` line undid, said back to the dealer
    said: str | None = None  # what the last line changed at the table, in one line
    done: Done | None = None  # what the night said the last line did
    # the night's data on disk (`Store.stamp`) when the record and live round were read: while
    # it is the same, nothing was written since and they need not be read again
    stamp: tuple[Any, ...] | None = None
    # the record and live round are those this session has just written itself (`_reread`)
    known: bool = False

    @classmethod
    def open(cls, store: Store, kinds: Collection[str] = (USUAL,)) -> Session:
        """The open night, of one of `kinds` (a usual night, a tournament)."""
        # one read of the store: the night's record, its rounds' count and live round, and the
        # stamp of its data taken before reading (a write in between shows)
        stamp, record, next_round, live, between = store.tonight_view()
        from banluck.app.tournament import replay, tournament_of

        tournament = tournament_of(record) is not None
        if tournament and TOURNAMENT in kinds:
            assert record is not None
            return cls(store, record, replay(record), live, stamp=stamp)
        if USUAL not in kinds:
            raise BanluckError(
                "no tournament is open: start one with"
                " `banluck tournament start PRESET NAME NAME... --buy-in N --chips N`"
            )
        if record is None:
            raise NoNight(
                "no night is open: start one with `banluck night start PRESET SEAT SEAT...`"
            )
        if tournament:
            raise BanluckError(
                f"night {record['id']} is a tournament: play it with `banluck table` or"
                " `banluck tournament act LINE`"
            )
        night = new_night(seating_from(record, next_round, between))
        play_lines(
            night,
            live,
            lambda line, exc: StaleLine(
                f"the stored round line {line!r} no longer applies ({exc});"
                " run `banluck undo` to drop it"
            ),
        )
        night.lines.clear()
        return cls(store, record, night, live, stamp=stamp)

    @property
    def usual(self) -> Night:
        """The usual night being played (what a usual night's command asks of it)."""
        assert isinstance(self.night, Night), "a usual night's question, asked of another kind"
        return self.night

    def act(self, line: str | Line) -> FinishedRound | None:
        """Apply one night-log line and store it. Returns the round it finished, if any.

        The line is checked against the rules before anything is written: a refused line changes
        nothing stored. It is checked and stored under the store's lock, against the round as
        stored: a line typed in a window whose round was changed by another command is refused.
        """
        with self.store.locked():
            self._check_fresh()
            try:
                return self._act(line)
            finally:
                self._reread()

    def _check_fresh(self) -> None:
        """Under the lock: refuse when the night (its record or its live round) was changed by
        another command since this session read it; a decision on a stale view changes nothing."""
        if self.stamp is not None and self.store.stamp(self.record["id"]) == self.stamp:
            return  # nothing was written since this session read the night
        if self.night.record_key is not None:
            if self.store.tonight() != self.record:
                raise RuleError(
                    "the tournament was changed from another window or command since this one"
                    " read it: look at it again and type the line again if it still applies"
                )
            return
        if self.store.live() != self.live:
            raise RuleError(
                "the round was changed from another window or command since this one read it:"
                " look at it again (it is shown as stored) and type the line again if it"
                " still applies"
            )
        if self.store.tonight() != self.record:
            raise RuleError(
                "the night (seats, stakes or dealer) was changed from another window or command"
                " since this one read it: look at it again (`banluck night show`) and type the line again"
                " if it still applies"
            )

    def _reread(self) -> None:
        """Under the lock, after a write: the record and live round as stored now. After a line
        this session stored itself (`known`: it holds the record and live round it wrote), only
        the stamp is taken: nothing else can have written under the lock."""
        if self.known:
            self.known = False
            self.stamp = self.store.stamp(self.record["id"])
            return
        stamp, record, _, live, _ = self.store.tonight_view()
        self.stamp = stamp
        if record is not None:
            self.record = record
            if self.night.record_key is not None:  # the night as stored (the truth)
                from banluck.app.tournament import replay, tournament_of

                if tournament_of(record) is not None:
                    self.night = replay(record)
        self.live = live

    def _act(self, line: str | Line) -> FinishedRound | None:
        if isinstance(line, str):
            line = Line.read(line, self.night.aliases())
        if self.night.record_key is not None:
            self.said = None
            self.done = self.night.do_line(line)
            self._keep(self.done)
            return None
        night = self.usual
        word, args = line.word, list(line.args)
        if not word:
            raise RuleError("an empty line: type a word such as `hit Bob` (see `help`)")
        if word in ("undo", "round") and args:
            raise RuleError(f"{word} takes no words after it: type `{word}` alone")
        if any(not a.strip() for a in args):
            raise RuleError("an empty word in the line: give each word (a name, a card) in full")
        if word == "undo":
            self.undone = self.undo()
            return None
        if word == "night":
            raise RuleError("a night is already open: `banluck night close` ends it")
        if word == "round" and night.current is None:
            return None  # a round starts with the dealer's cards: nothing to store yet
        if word == "seat":
            args = known_names(self.store, args)
        if word == "stake" and len(args) == 1:
            args = ["all", *args]  # typed `stake 10` is everyone's: stored so (docs/choices.md)
        seating_before = night.seating
        self.said = None
        done = self.done = night.do_line(word, args)
        went = set(seating_before.seats) - set(night.seating.seats)
        self.said = changes(seating_before, night.seating, self.balances() if went else None)
        s = night.seating
        if done.kind == "word":  # a word between rounds (the night's or the side's), no money
            self._store_table(s, [*stored_words(self.record), night.words[-1]])
            return None
        if done.settled is not None:  # a round, or a settlement between rounds
            table = table_after(self.record, s)
            self.store.record_round(
                done.settled.to_dict(), night_update={"dealer": s.dealer, "table": table}
            )
            import json  # the record as stored: the table as JSON keeps it (`_clean_table`)

            stored_table = json.loads(json.dumps(table))
            self.record = {**self.record, "dealer": s.dealer, "table": stored_table}
            self.live = []
            self.known = True
            return done.settled
        self.live = self.store.push_action(done.line)  # a line of the round being played
        self.known = True
        return None

    def _keep(self, done: Done) -> None:
        """Store what a line did at a night that keeps its lines in its record: its lines with
        the record, and the prizes the line pays (or, after `undo`, takes back) in that write."""
        from banluck.app.tournament import pool_of
        from banluck.money.ledger import pool_entry

        key = self.night.record_key
        assert key is not None
        table = dict(self.record.get("table") or {})
        table[key] = {**dict(table[key]), "lines": list(self.night.lines)}
        if done.kind == "undo":
            back = "; the prizes are taken back out of the ledger" if done.prizes else ""
            self.undone = f"undid `{done.line}`{back}"
        if not done.prizes:
            self.record = self.store.update_night(table=table)
        elif done.kind == "undo":
            seqs = [int(e["seq"]) for e in self.prizes()]
            self.store.drop_entries(seqs, night_update={"table": table})
        else:
            pool = pool_of(self.record["id"])
            entries = [pool_entry("prize", p.player, pool, p.amount, p.note) for p in done.prizes]
            self.store.add_entries(entries, night_update={"table": table})
        if done.prizes:
            record = self.store.tonight()
            assert record is not None
            self.record = record
        self.known = True

    def prizes(self) -> list[dict[str, Any]]:
        """Tonight's prize entries in the ledger."""
        return [e for e in self.store.entries(self.record["id"]) if e.get("kind") == "prize"]

    def balances(self) -> dict[str, int]:
        """Tonight's balances, every seat included: the night's totals in the index, made from
        its entries (`money.stats.night_totals`), so the night file is not read or decoded again
        however long the night."""
        return self._tonight("balance")

    def results(self) -> dict[str, int]:
        """Tonight's results (won or lost at the table, payments apart), every seat included,
        from the night's totals in the index as `balances`."""
        return self._tonight("result")

    def _tonight(self, key: str) -> dict[str, int]:
        seated = dict.fromkeys(self.usual.seating.seats, 0)
        return {**seated, **self.store.totals([self.record["id"]])[key]}

    def _store_table(self, s: Seating, words: Sequence[tuple[int, str]]) -> None:
        self.record = self.store.update_night(
            seats=list(s.seats),
            stakes=seat_stakes(s),
            dealer=s.dealer,
            table=table_after(self.record, s, words),
        )
        self.known = True  # the record as stored; the live round is unchanged

    def undo(self) -> str:
        """Undo the last line: of the live round; else a night-level line (`stake`, `seat`,
        `leave`, `pass`) typed after the last round; else the last round of the night (which
        reopens without its last line). Returns a sentence saying what was undone.

        The whole decision (what is last, then removing it) is taken under the store's lock,
        against the night as this session read it: another command's change in between refuses
        the undo (nothing changes) rather than undoing something else.
        """
        with self.store.locked():
            self._check_fresh()
            try:
                return self._undo()
            finally:
                self._reread()

    def _undo(self) -> str:
        if self.night.record_key is not None:
            self.done = self.night.do_line(Line("undo"))
            self._keep(self.done)
            assert self.undone is not None
            return self.undone
        if self.live:
            line = self.store.pop_action()
            self.live = self.live[:-1]
            self._reopen()
            return f"undid `{line}`"
        words = stored_words(self.record)
        rounds = [e for e in self.store.entries(self.record["id"]) if e.get("kind") == "round"]
        last_round = max((int(e["round"]) for e in rounds), default=0)
        if words and words[-1][0] > last_round:
            return self._undo_word(words, rounds)
        last = self.store.last_entry()
        if last is None or last.get("night") != self.record["id"]:
            raise RuleError(
                f"nothing to undo on night {self.record['id']}: no line has been played yet"
            )
        if last.get("kind") != "round":
            if last.get("kind") == "payment":
                raise RuleError(
                    f"the last entry is a payment (#{last['seq']}: {last['from']} paid"
                    f" {last['to']} {last['amount']}), not a line of play: to cancel it,"
                    f" reverse it with `banluck correct {last['seq']} --reason TEXT`"
                )
            raise RuleError(
                f"the last entry (#{last.get('seq')}) is a {last.get('kind')}, not a line of play:"
                " it cannot be undone"
            )
        before = last.get("table_before") or {}
        lines = list(last.get("log", []))[:-1]
        table = dict(self.record.get("table") or {})
        table.update({k: v for k, v in before.items() if k != "dealer"})
        self.store.undo_last(
            night_update={"dealer": before.get("dealer", last["dealer"]), "table": table},
            live=lines,
            expect_seq=last.get("seq"),
        )
        self._reopen()
        if not lines:  # a settlement between rounds (a Bingo cash-out): one line
            return f"undid `{last['log'][-1]}`"
        number = self.usual.seating.round_number  # the round reopened, as the table counts
        return f"reopened round {number} without `{last['log'][-1]}`"

    def _undo_word(self, words: list[tuple[int, str]], rounds: Sequence[Mapping[str, Any]]) -> str:
        """Undo the night-level line typed last: the table is what replaying the night without
        it gives (seats, stakes, dealer and rotation counters as they were)."""
        kept = words[:-1]
        self._store_table(replay_stored(self.record, rounds, kept).seating, kept)
        self._reopen()
        return f"undid `{words[-1][1]}`"

    def _reopen(self) -> None:
        """The night as stored now, after an undo."""
        fresh = Session.open(self.store)
        self.record, self.night, self.live = fresh.record, fresh.night, fresh.live
