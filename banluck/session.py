"""The open night in the store, driven by night-log lines: what `banluck act`, `banluck table`
and `banluck replay --save` share.

Between rounds the store keeps the table: seats, stakes, dealer and the rotation counters (the
night record's `table`). During a round it keeps the round's lines, one write per line, so a crash
loses at most the line being typed. A finished round is recorded, its live lines cleared and the
table moved on (rotation) in one atomic write; so is `undo` of the last round.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from banluck.errors import BanluckError, RuleError
from banluck.night import ROUND_WORDS, FinishedRound, Night, Seating
from banluck.nightlog import split_line
from banluck.preset import Preset
from banluck.round.actions import Action, Stand

if TYPE_CHECKING:
    from banluck.storage import Store


class NoNight(BanluckError):
    """There is no open night to play in."""


NIGHT_WORDS = ("stake", "seat", "leave", "pass")


def seating_from(record: Mapping[str, Any], next_round: int) -> Seating:
    """The table between rounds, from the stored night record."""
    preset = Preset.from_mapping(record["snapshot"], source=f"night {record['id']}")
    table = record.get("table") or {}
    default = table.get("default_stake")
    return Seating(
        preset=preset,
        seats=tuple(record["seats"]),
        dealer=record["dealer"],
        stakes=tuple(sorted((k, int(v)) for k, v in record.get("stakes", {}).items())),
        default_stake=int(default) if default is not None else None,
        dealt=int(table.get("dealt", 0)),
        won=int(table.get("won", 0)),
        next_round=next_round,
    )


def start_table(seating: Seating) -> dict[str, Any]:
    """The `table` of a night just started: it also keeps the opening seats for the night log."""
    return {
        **table_of(seating),
        "start": {"seats": list(seating.seats), "default_stake": seating.default_stake},
    }


def table_of(seating: Seating, words: list[Any] | None = None) -> dict[str, Any]:
    """The night record's `table`: what the night needs between rounds beyond seats and stakes,
    and the night-level lines so far (for `banluck export --log`)."""
    return {
        "default_stake": seating.default_stake,
        "dealt": seating.dealt,
        "won": seating.won,
        "words": [list(w) for w in words or []],
    }


def round_dict(r: FinishedRound) -> dict[str, Any]:
    """The engine's finished round as the store records it, with the table it started from
    (so that undoing it can put the table back)."""
    return {
        "round": r.number,
        "dealer": r.dealer,
        "stakes": dict(r.stakes),
        "log": list(r.lines),
        "transfers": [t.as_dict() for t in r.transfers],
        "hands": dict(r.kinds),
        "ended": r.ended,
        "table_before": dict(r.table_before),
    }


def _canonical(actions: list[Action]) -> str:
    """The stored spelling of a line: names as seated, cards as codes (`stand all` names them)."""
    if len(actions) == 1:
        return actions[0].line()
    if actions and all(isinstance(a, Stand) for a in actions):
        return "stand " + " ".join(a.line().split()[1] for a in actions)
    return ""


@dataclass(slots=True)
class Session:
    """The open night: its record, and a Night replayed from the table and the live lines."""

    store: Store
    record: dict[str, Any]
    night: Night
    live: list[str]

    @classmethod
    def open(cls, store: Store) -> Session:
        record = store.tonight()
        if record is None:
            raise NoNight(
                "no night is open: start one with `banluck night start PRESET SEAT SEAT...`"
            )
        rounds = [e for e in store.entries(record["id"]) if e.get("kind") == "round"]
        next_round = max((int(e.get("round", 0)) for e in rounds), default=0) + 1
        night = Night(seating_from(record, next_round))
        live = store.live()
        for line in live:
            word, *args = split_line(line)
            try:
                night.do_line(word, args)
            except BanluckError as exc:
                raise BanluckError(
                    f"the stored round line {line!r} no longer applies ({exc});"
                    " run `banluck undo` to drop it"
                ) from None
        night.lines.clear()
        return cls(store, record, night, live)

    def act(self, line: str) -> FinishedRound | None:
        """Apply one night-log line and store it. Returns the round it finished, if any.

        The line is checked against the rules before anything is written: a refused line changes
        nothing stored.
        """
        words = split_line(line)
        if not words:
            raise RuleError("an empty line: type a word such as `hit Bob` (see `help`)")
        word, args = words[0].lower(), words[1:]
        if word == "undo":
            self.undo()
            return None
        if word == "night":
            raise RuleError("a night is already open: `banluck night close` ends it")
        if word == "round" and self.night.current is None:
            return None  # a round starts with the dealer's cards: nothing to store yet
        rounds_before = len(self.night.rounds)
        actions_before = len(self.night.current.actions) if self.night.current else 0
        self.night.do_line(word, args)
        text = " ".join([word, *args])
        current = self.night.current
        if current is not None and word in ROUND_WORDS:
            text = _canonical(current.actions[actions_before:]) or text
        if word in NIGHT_WORDS:
            s = self.night.seating
            self.record = self.store.update_night(
                seats=list(s.seats),
                stakes=dict(s.stakes),
                dealer=s.dealer,
                table=self._table(s, text),
            )
            return None
        if word not in ROUND_WORDS and word != "round":
            return None
        if len(self.night.rounds) > rounds_before:
            finished = self.night.rounds[-1]
            s = self.night.seating
            self.store.record_round(
                round_dict(finished),
                night_update={"dealer": s.dealer, "table": self._table(s)},
            )
            self.live = []
            return finished
        self.live = self.store.push_action(text)
        return None

    def _table(self, s: Seating, word_line: str | None = None) -> dict[str, Any]:
        table = dict(self.record.get("table") or {})
        words = list(table.get("words", []))
        if word_line is not None:
            words.append([s.next_round, word_line])
        table.update(table_of(s, words))
        return table

    def undo(self) -> str:
        """Undo the last line of the live round, or else the last round of the night (which
        reopens it without its last line). Returns a sentence saying what was undone."""
        if self.live:
            line = self.store.pop_action()
            self.live = self.live[:-1]
            fresh = Session.open(self.store)
            self.night = fresh.night
            return f"undid `{line}`"
        last = self.store.last_entry()
        if last is None or last.get("kind") != "round" or last.get("night") != self.record["id"]:
            raise RuleError(
                "nothing to undo in tonight's play: a payment or an older night's round is"
                " corrected with `banluck ledger` corrections, not undone"
            )
        before = last.get("table_before") or {}
        lines = list(last.get("log", []))[:-1]
        table = dict(self.record.get("table") or {})
        table.update({k: v for k, v in before.items() if k != "dealer"})
        self.store.undo_last(
            night_update={"dealer": before.get("dealer", last["dealer"]), "table": table},
            live=lines,
        )
        fresh = Session.open(self.store)
        self.record, self.night, self.live = fresh.record, fresh.night, fresh.live
        return f"reopened round {last.get('round')} without `{last['log'][-1]}`"
