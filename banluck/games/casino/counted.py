"""What a casino ledger counts (`banluck stats`), from its stored rounds alone.

A module of its own, with no round machinery behind it, so that `banluck stats` can ask for them
(`banluck.app.games.counted_kinds`, `banluck.app.games.tally_of`) without loading the game:

- `blackjack` and `bust`: the hand kinds a round stores (`hands`: each person's first box, and
  the dealer's own hand);
- `split`, `double` and `surrender`: the lines of the round that split, double or surrender one
  of the player's boxes or hands (`split Bob`, `double Bob:2 9`, `surrender Bob.1`), counted for
  the box's owner;
- `side-bet`: each side bet of the player's that won (a transfer from the bank to him whose
  reason names a side bet: `Bob Perfect Pairs: ...`).
"""

from __future__ import annotations

from collections.abc import Iterable

from banluck.core.money import Transfer

COUNTED: tuple[str, ...] = ("blackjack", "split", "double", "surrender", "side-bet", "bust")
HEADS: tuple[str, ...] = ("bj", "split", "dbl", "sur", "side", "bust")
CAPTION = "bj blackjack · dbl double · sur surrender · side a side bet won"

_LINE_KINDS = {"split": "split", "double": "double", "surrender": "surrender"}
_SIDE_BETS = ("Perfect Pairs", "21+3", "Dealer's Pair")  # sidebets.KINDS' titles


def _owner(box: str) -> str:
    """The player whose box or hand `box` is: `Bob:2.1` is Bob's."""
    return box.split(":")[0].split(".")[0]


def tally(log: Iterable[str], transfers: Iterable[Transfer]) -> dict[str, dict[str, int]]:
    """Each player's splits, doubles, surrenders and side bets won in one round, from its
    stored lines and transfers (`hands` gives the rest)."""
    out: dict[str, dict[str, int]] = {}

    def add(name: str, kind: str) -> None:
        counts = out.setdefault(name, {})
        counts[kind] = counts.get(kind, 0) + 1

    for line in log:
        words = line.split("#")[0].split()
        if len(words) >= 2 and words[0] in _LINE_KINDS:
            add(_owner(words[1]), _LINE_KINDS[words[0]])
    for t in transfers:
        label = t.reason.split(": ", 1)[0]
        bet = any(label.endswith(f" {title}") for title in _SIDE_BETS)
        if bet and _owner(label.split(" ", 1)[0]) == t.payee:
            add(t.payee, "side-bet")
    return out
