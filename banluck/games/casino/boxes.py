"""Shared boxes and several boxes a player (CASINO.md §6, docs/boxes.md).

Between rounds, standing like stakes (the casino side's `standing`, side.py): `behind Carol Bob 5
follow|stay` (key `behind Carol`), `box Bob 2` (key `box Bob`) and `stake Bob:2 20` (key `stake
Bob:2`). In a round the owner decides every action of his box; each bettor behind it is settled on
his own bet at the hand's result, scaled (every payout is a fixed multiple of the hand's bet).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from banluck.core.errors import RuleError
from banluck.games.casino.preset import Preset
from banluck.games.casino.settlement import check_stake
from banluck.games.casino.state import Bettor, Box, HandState
from banluck.table.seating import Seating

_S = TypeVar("_S", bound="StandingLines")


class StandingLines(Protocol):
    """What the box words read and change of the casino's side (side.py): its standing lines."""

    @property
    def standing(self) -> tuple[tuple[str, str], ...]: ...

    def standing_line(self, key: str) -> str | None: ...

    def with_standing(self: _S, key: str, line: str | None) -> _S: ...


FOLLOW = ("follow", "stay")


@dataclass(frozen=True, slots=True)
class Behind:
    """A standing bet behind a box: `behind Carol Bob:2 5 follow`."""

    bettor: str
    box: str
    stake: int
    follow: bool

    def line(self) -> str:
        return f"behind {self.bettor} {self.box} {self.stake} {FOLLOW[0 if self.follow else 1]}"


def owner_of(box: str) -> str:
    """The player of a box: `Bob` for `Bob` and for `Bob:2`."""
    return box.split(":", 1)[0]


# -- the standing bets, read from the seating -------------------------------------------------


def behind_bets(standing: tuple[tuple[str, str], ...]) -> dict[str, Behind]:
    """Bettor -> his bet behind a box, from the standing lines."""
    out: dict[str, Behind] = {}
    for key, line in standing:
        if key.startswith("behind "):
            _, bettor, box, stake, follow = line.split()
            out[bettor] = Behind(bettor, box, int(stake), follow == "follow")
    return out


def box_counts(standing: tuple[tuple[str, str], ...]) -> dict[str, int]:
    """Player -> how many boxes he plays, where more than one."""
    return {
        line.split()[1]: int(line.split()[2]) for key, line in standing if key.startswith("box ")
    }


def spot_stakes(standing: tuple[tuple[str, str], ...]) -> dict[str, int]:
    """A second (third...) box -> its own stake, where one was set (`stake Bob:2 20`)."""
    return {
        line.split()[1]: int(line.split()[2])
        for key, line in standing
        if key.startswith("stake ") and ":" in key
    }


def spots(side: StandingLines, seating: Seating) -> list[str]:
    """The boxes beyond each player's first (`Bob:2`), in seat order: what `stake` may name."""
    counts = box_counts(side.standing)
    return [f"{name}:{k}" for name in seating.seats for k in range(2, counts.get(name, 1) + 1)]


def boxes_of(name: str, seating_standing: tuple[tuple[str, str], ...]) -> list[str]:
    count = box_counts(seating_standing).get(name, 1)
    return [name, *(f"{name}:{k}" for k in range(2, count + 1))]


# -- the night-level words --------------------------------------------------------------------


def casino_preset(seating: Seating) -> Preset:
    preset = seating.preset
    if not isinstance(preset, Preset):  # pragma: no cover - a casino game has a casino preset
        raise TypeError(f"a casino table needs a casino preset, not {preset.game}")
    return preset


def _amount(text: str, what: str) -> int:
    from banluck.core.money import rule_amount

    if text.strip() == "0":
        return 0
    return rule_amount(text, what)


def box_name(arg: str, side: StandingLines, resolve: Callable[[str], str]) -> str:
    """`bob` -> `Bob`, `bob:2` -> `Bob:2`: a box as a betting spot between rounds, for any word
    that bets on a box (`behind`, a per-box side bet); a box the player does not play is refused."""
    base, colon, number = arg.partition(":")
    owner = resolve(base)
    if not colon:
        return owner
    name = f"{owner}:{number}"
    if name not in boxes_of(owner, side.standing):
        count = box_counts(side.standing).get(owner, 1)
        raise RuleError(
            f"there is no box {name}: {owner} plays {count} box{'es' if count > 1 else ''}"
            f" (`box {owner} {number}` first)"
        )
    return name


def behind(side: _S, seating: Seating, args: list[str], resolve: Callable[[str], str]) -> _S:
    """`behind Carol Bob 5 follow`, `behind Carol 0`."""
    usage = "usage: behind NAME BOX AMOUNT follow|stay (behind NAME 0: back on an own box)"
    if len(args) == 2:
        bettor = resolve(args[0])
        if _amount(args[1], "bet behind") != 0:
            raise RuleError(usage)
        if side.standing_line(f"behind {bettor}") is None:
            raise RuleError(f"{bettor} bets behind no box: {bettor} plays an own box already")
        return side.with_standing(f"behind {bettor}", None)
    if len(args) != 4:
        raise RuleError(usage)
    preset = casino_preset(seating)
    bettor = resolve(args[0])
    box = box_name(args[1], side, resolve)
    owner = owner_of(box)
    stake = _amount(args[2], "bet behind")
    follow = args[3].lower()
    if follow not in FOLLOW:
        raise RuleError(
            f"follow or stay, not {args[3]!r}: does {bettor} follow {owner}'s doubles and splits?"
        )
    if preset.boxes.bettors <= 1:
        raise RuleError(
            f"nobody bets behind a box here (boxes.bettors {preset.boxes.bettors}): to allow it,"
            f" copy the rules and raise the knob (`banluck rules new mine --from {preset.name}`,"
            " then `banluck rules set mine boxes.bettors 3`)"
        )
    if bettor == owner:
        raise RuleError(
            f"{bettor} cannot bet behind {bettor}'s own box: `box {bettor} 2` gives a second box"
        )
    if stake == 0:
        raise RuleError(f"{usage}; a bet of 0 is `behind {bettor} 0`")
    bets = behind_bets(side.standing)
    if owner in bets:
        raise RuleError(
            f"{owner} bets behind {bets[owner].box} and so plays no box: behind {owner} 0 first"
        )
    on_mine = [b.bettor for b in bets.values() if owner_of(b.box) == bettor]
    if on_mine:
        raise RuleError(
            f"{', '.join(on_mine)} bet{'s' if len(on_mine) == 1 else ''} behind {bettor}'s box:"
            f" take {'that bet' if len(on_mine) == 1 else 'those bets'} off first"
            f" (behind {on_mine[0]} 0)"
        )
    if box_counts(side.standing).get(bettor, 1) > 1:
        raise RuleError(
            f"{bettor} plays {box_counts(side.standing)[bettor]} boxes: box {bettor} 1 first"
            " (a bettor behind a box plays none)"
        )
    on_box = [b.bettor for b in bets.values() if b.box == box and b.bettor != bettor]
    if len(on_box) + 1 >= preset.boxes.bettors:
        raise RuleError(
            f"{box}'s box has {len(on_box) + 1} bettors already, {owner} included: at most"
            f" {preset.boxes.bettors} a box (boxes.bettors {preset.boxes.bettors})"
        )
    check_stake(f"{bettor} behind {box}", stake, preset)
    return side.with_standing(
        f"behind {bettor}", Behind(bettor, box, stake, follow == "follow").line()
    )


def box(side: _S, seating: Seating, args: list[str], resolve: Callable[[str], str]) -> _S:
    """`box Bob 2`: Bob plays two boxes; `box Bob 1`: one again."""
    if len(args) != 2:
        raise RuleError("usage: box NAME COUNT (box Bob 2: Bob plays two boxes, Bob and Bob:2)")
    preset = casino_preset(seating)
    name = resolve(args[0])
    count = _amount(args[1], "boxes")
    most = preset.boxes.per_seat
    if count < 1:
        raise RuleError(f"box {name} {count}: a player plays at least one box (box {name} 1)")
    if count > most:
        raise RuleError(
            f"box {name} {count}: at most {most} box{'es' if most > 1 else ''} a player here"
            f" (boxes.per_seat {most})"
        )
    bets = behind_bets(side.standing)
    if name in bets and count > 1:
        raise RuleError(
            f"{name} bets behind {bets[name].box} and so plays no box: behind {name} 0 first"
        )
    dropped = [f"{name}:{k}" for k in range(count + 1, box_counts(side.standing).get(name, 1) + 1)]
    riding = [b.bettor for b in bets.values() if b.box in dropped]
    if riding:
        raise RuleError(
            f"{riding[0]} bets behind {bets[riding[0]].box}: take that bet off first"
            f" (behind {riding[0]} 0)"
        )
    for spot in dropped:
        side = side.with_standing(f"stake {spot}", None)
    return side.with_standing(f"box {name}", f"box {name} {count}" if count > 1 else None)


def leaving(side: _S, name: str) -> _S:
    """A player leaves: refused while a friend bets behind one of the leaver's boxes; else the
    leaver's own bet behind a box, extra boxes and their stakes go too."""
    bets = behind_bets(side.standing)
    riding = [b for b in bets.values() if owner_of(b.box) == name]
    if riding:
        who = riding[0].bettor
        raise RuleError(
            f"{name} cannot leave while {who} bets behind the box {riding[0].box}: take {who}'s"
            f" bet off first (behind {who} 0, or behind {who} ANOTHER-BOX {riding[0].stake}"
            f" {FOLLOW[0 if riding[0].follow else 1]})"
        )
    for spot in boxes_of(name, side.standing)[1:]:
        side = side.with_standing(f"stake {spot}", None)
    side = side.with_standing(f"box {name}", None)
    return side.with_standing(f"behind {name}", None)


def notes(side: StandingLines, seating: Seating) -> list[str]:
    """Who is on which box, between rounds: `Bob: 2 boxes, Bob 10, Bob:2 20`, `Carol: 5 behind
    Bob, follows` (follows doubles and splits; `stays (not in doubles or splits)`)."""
    out = []
    stakes = spot_stakes(side.standing)
    for name, count in box_counts(side.standing).items():
        own = seating.stake_of(name)
        spots = ", ".join(f"{b} {stakes.get(b, own)}" for b in boxes_of(name, side.standing))
        out.append(f"{name}: {count} boxes, {spots}")
    for bet in behind_bets(side.standing).values():
        how = "follows" if bet.follow else "stays (not in doubles or splits)"
        out.append(f"{bet.bettor}: {bet.stake} behind {bet.box}, {how}")
    return out


# -- the round --------------------------------------------------------------------------------


def planned_boxes(
    stakes: Mapping[str, int], standing: tuple[tuple[str, str], ...]
) -> tuple[dict[str, tuple[str, int]], list[Behind]]:
    """The boxes the next round deals, in seat order (box -> (its player, its stake)), and the
    bets behind them, in seat order (riding or waiting): what `fresh_boxes` makes, unchecked."""
    bets = behind_bets(standing)
    own = spot_stakes(standing)
    boxes: dict[str, tuple[str, int]] = {}
    for name, stake in stakes.items():
        if name in bets:
            continue  # he bets behind a box and plays none of his own
        for spot in boxes_of(name, standing):
            boxes[spot] = (name, own.get(spot, stake))
    return boxes, [bets[name] for name in stakes if name in bets]  # not the dealer


def fresh_boxes(
    preset: Preset, stakes: dict[str, int], standing: tuple[tuple[str, str], ...]
) -> tuple[dict[str, Box], list[str]]:
    """The boxes of a new round in seat order (each player's boxes together), the bettors behind
    them, and the standing bets that do not ride this round (and why)."""
    planned, behind = planned_boxes(stakes, standing)
    boxes: dict[str, Box] = {}
    for spot, (name, amount) in planned.items():
        check_stake(spot, amount, preset)
        boxes[spot] = Box(spot, amount, [HandState(spot, amount)], owner=name)
    waiting: list[str] = []
    for bet in behind:
        target = boxes.get(bet.box)
        if target is None:
            waiting.append(
                f"{bet.bettor}'s {bet.stake} behind {bet.box} waits: {owner_of(bet.box)} deals"
            )
            continue
        check_stake(f"{bet.bettor} behind {bet.box}", bet.stake, preset)
        target.bettors.append(Bettor(bet.bettor, bet.stake, bet.follow))
        target.hands[0].shares[bet.bettor] = bet.stake
    return boxes, waiting


def on_split(box: Box, new: HandState) -> None:
    """A split: each bettor who follows puts his stake on the new hand; the others stay on the
    first."""
    for bettor in box.bettors:
        if bettor.follow:
            new.shares[bettor.name] = bettor.stake


def on_double(box: Box, hand: HandState) -> None:
    for bettor in box.bettors:
        if bettor.follow and bettor.name in hand.shares:
            hand.shares[bettor.name] *= 2


def on_insure(box: Box) -> None:
    for bettor in box.bettors:
        if bettor.follow:
            bettor.insurance = bettor.stake // 2
