"""The casino's side (banluck.table.seating.Side): its between-round money, beside the stakes:
standing side bets (sidebets.py), boxes and bets behind (boxes.py), Bingo cards (bingo.py) and
the bank's limit on them all (risk.py).

Stored as before the side existed: under the night record's `table`, `standing` (the box and
behind lines by key), `bets` (`[word, seat, amount]`, absent when there are none) and `bingo`
(the live cards); in a round's entry, `bets` and `standing` where the round had any; in its
`table_before`, `bingo`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from banluck.core.errors import RuleError
from banluck.core.money import Transfer, rule_amount
from banluck.games.casino import bingo, boxes
from banluck.games.casino.preset import Preset
from banluck.games.casino.risk import check_limit, risk_line, table_worst
from banluck.games.casino.settlement import check_stake
from banluck.games.casino.sidebets import BY_WORD, KINDS
from banluck.table.action import DEALER
from banluck.table.seating import Seating, Side, SideDone, SideNotes, SideWord, Table

Bet = tuple[str, str, int]  # a standing side bet: (word, seat, amount)

BINGO_KEY = "bingo"  # the night record's `table` key of the live Bingo cards


def _bingo_offered(preset: Any) -> bool:
    return isinstance(preset, Preset) and preset.bingo.offered


WORDS: dict[str, SideWord] = {
    **{
        kind.word: SideWord(
            f"{kind.word} NAME AMOUNT",
            f"{kind.title} ({kind.knob}): a standing bet, 0 takes it down",
            kind.offered,
        )
        for kind in KINDS
    },
    "bingo": SideWord("bingo Bob 5", "a Bingo card for a seat, between rounds", _bingo_offered),
    "cashout": SideWord(
        "cashout Bob", "close a Bingo card: its best combination paid, else lost", _bingo_offered
    ),
    "behind": SideWord(
        "behind NAME BOX AMOUNT follow|stay",
        "bet behind a box, following or staying out of its doubles and splits",
    ),
    "box": SideWord("box NAME COUNT", "the boxes a player plays (Bob, Bob:2 ...)"),
}

_BINGO_WORDS = {"bingo": bingo.buy, "cashout": bingo.cashout}
_BOX_WORDS = {"behind": boxes.behind, "box": boxes.box}


@dataclass(frozen=True, slots=True)
class CasinoSide:
    """The casino's between-round money: its side bets, its boxes and bets behind, its Bingo
    cards."""

    bets: tuple[Bet, ...] = ()  # standing side bets, sorted: `pp Bob 5` is ("pp", "Bob", 5)
    # boxes, bets behind and the stakes of extra boxes: (key, line) pairs, sorted, e.g.
    # ("behind Carol", "behind Carol Bob 5 follow"), ("stake Bob:2", "stake Bob:2 20")
    standing: tuple[tuple[str, str], ...] = ()
    cards: bingo.Cards = ()  # the live Bingo cards

    def keys(self) -> tuple[str, ...]:
        return ("standing", "bets", BINGO_KEY)

    def standing_line(self, key: str) -> str | None:
        return dict(self.standing).get(key)

    def with_standing(self, key: str, line: str | None) -> CasinoSide:
        """The side with one standing line set to `line` (None: taken off)."""
        standing = {k: v for k, v in self.standing if k != key}
        if line is not None:
            standing[key] = line
        return replace(self, standing=tuple(sorted(standing.items())))

    # -- the words --------------------------------------------------------------------------
    def words(self) -> Mapping[str, SideWord]:
        return WORDS

    def word(
        self, word: str, args: list[str], seating: Seating, resolve: Callable[[str], str]
    ) -> SideDone:
        typed = " ".join([word, *args])
        if word in _BINGO_WORDS:
            cards, transfers, text = _BINGO_WORDS[word](
                self.cards, seating.preset, seating.dealer, resolve, args
            )
            return SideDone(replace(self, cards=cards), text, tuple(transfers))
        if word in _BOX_WORDS:
            return SideDone(_BOX_WORDS[word](self, seating, args, resolve), typed, raises=True)
        return SideDone(self._side_bet(word, args, seating, resolve), typed, raises=True)

    def _side_bet(
        self, word: str, args: list[str], seating: Seating, resolve: Callable[[str], str]
    ) -> CasinoSide:
        """`pp Bob 5`: a standing bet on a seat, riding every round until set to 0."""
        usage = WORDS[word].usage
        if len(args) != 2:
            raise RuleError(f"usage: {usage} (0 takes it down)")
        name = resolve(args[0])
        if name == DEALER:
            raise RuleError(f"usage: {usage}: name the player who bets")
        amount = 0 if args[1] == "0" else rule_amount(args[1], f"{word} bet")
        BY_WORD[word].check(boxes.casino_preset(seating), name, amount)
        kept = [b for b in self.bets if (b[0], b[1]) != (word, name)]
        if amount:
            kept.append((word, name, amount))
        return replace(self, bets=tuple(sorted(kept)))

    # -- a round ------------------------------------------------------------------------------
    def round_bets(self, stakes: Mapping[str, int]) -> CasinoSide:
        return replace(self, bets=tuple(b for b in self.bets if b[1] in stakes))

    def check(self, table: Table, before: Table | None) -> None:
        """A bet between rounds that would take the bank's worst case over limits.bank is
        refused (lines played again from the store are not checked again)."""
        preset = table.preset
        if not table.typed or not isinstance(preset, Preset):
            return
        was = _worst(preset, before) if before is not None else 0
        check_limit(preset, _worst(preset, table), was)
        old = before.stakes if before is not None else {}
        for name, stake in table.stakes.items():  # whole chips: refused when typed, not at `up`
            if old.get(name) != stake:
                check_stake(name, stake, preset)

    def after_round(self, state: Any, dealer: str) -> tuple[CasinoSide, list[Transfer]]:
        cards, marks = bingo.after_round(self.cards, state, dealer)
        return replace(self, cards=cards), marks

    def bank_passes(self, seating: Seating) -> tuple[CasinoSide, list[Transfer]]:
        cards, closes = bingo.bank_passes(self.cards, seating.preset, seating.dealer)
        return replace(self, cards=cards), closes

    # -- a player leaves ------------------------------------------------------------------------
    def holds(self, name: str, dealer: str) -> str | None:
        return bingo.holds(self.cards, name, dealer)

    def leaving(self, seating: Seating, name: str) -> CasinoSide:
        side = boxes.leaving(self, name)
        return replace(side, bets=tuple(b for b in side.bets if b[1] != name))

    # -- the spots beyond the seats ---------------------------------------------------------------
    def spots(self, seating: Seating) -> list[str]:
        return boxes.spots(self, seating)

    def with_stake(self, spot: str | None, amount: int) -> CasinoSide:
        if spot is None:  # `stake all N`: every extra box's own stake goes with the seats'
            kept = tuple((k, v) for k, v in self.standing if not k.startswith("stake "))
            return replace(self, standing=kept)
        return self.with_standing(f"stake {spot}", f"stake {spot} {amount}")

    # -- what the console shows -------------------------------------------------------------------
    def notes(self, seating: Seating, table: Table | None) -> SideNotes:
        warning = None
        preset = seating.preset
        if (
            table is not None
            and isinstance(preset, Preset)
            and (side_of(table).bets or preset.limits.bank)
        ):
            warning = risk_line(preset, _worst(preset, table))  # what the bank risks next round
        return SideNotes(tuple(bingo.lines(self.cards)), tuple(boxes.notes(self, seating)), warning)

    def seat_note(self, name: str) -> str:
        return "".join(f" {word} {amount}" for word, seat, amount in self.bets if seat == name)

    def changes(self, before: Side, seats: tuple[str, ...], now: tuple[str, ...]) -> list[str]:
        said: list[str] = []
        was = before if isinstance(before, CasinoSide) else CasinoSide()
        old = {(w, n): v for w, n, v in was.bets}
        new = {(w, n): v for w, n, v in self.bets}
        for (word, name), amount in sorted(new.items()):
            if old.get((word, name)) != amount and name in seats:
                said.append(f"{name}'s {word} is now {amount}")
        for word, name in sorted(old.keys() - new.keys()):
            if name in now:
                said.append(f"{name}'s {word} is taken down")
        lines, stands = dict(was.standing), dict(self.standing)
        said += [f"`{stands[k]}` stands" for k in stands if lines.get(k) != stands[k]]
        said += [f"`{lines[k]}` is off" for k in lines if k not in stands]
        return said

    # -- stored -----------------------------------------------------------------------------------
    def dump(self) -> dict[str, Any]:
        return {
            "standing": dict(self.standing),
            **({"bets": [list(b) for b in self.bets]} if self.bets else {}),
            BINGO_KEY: bingo.dump(self.cards),
        }

    def round_entry(self) -> dict[str, Any]:
        # only a round with standing bets has the key `standing` (older rounds keep their shape)
        return {
            **({"bets": [list(b) for b in self.bets]} if self.bets else {}),
            **({"standing": dict(self.standing)} if self.standing else {}),
        }

    def before(self) -> dict[str, Any]:
        return {BINGO_KEY: bingo.dump(self.cards)}


def load(table: Mapping[str, Any], seats: Sequence[str]) -> CasinoSide:
    """The side from the night record's `table` ({} for a night just started)."""
    return CasinoSide(
        bets=tuple(
            sorted((str(w), str(n), int(v)) for w, n, v in table.get("bets", []) if n in seats)
        ),
        standing=tuple(sorted((str(k), str(v)) for k, v in (table.get("standing") or {}).items())),
        cards=bingo.load(table.get(BINGO_KEY)),
    )


def side_of(table: Table) -> CasinoSide:
    """The side a round is dealt with (none: a table without side money, a tournament hand)."""
    return table.side if isinstance(table.side, CasinoSide) else CasinoSide()


def _worst(preset: Preset, table: Table) -> int:
    side = side_of(table)
    return table_worst(preset, table.stakes, side.bets, side.standing)
