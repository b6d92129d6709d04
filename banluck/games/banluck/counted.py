"""The hand kinds a ban-luck ledger counts (`banluck stats`): its named hands and the bust.

A module of its own, with no round machinery behind it, so that `banluck stats` can ask for them
(`banluck.app.games.counted_kinds`) without loading the game; `Family.counted` is the same tuple.
"""

COUNTED: tuple[str, ...] = (
    "ban-ban",
    "ban-luck",
    "triple-seven",
    "five-dragon",
    "five-card-21",
    "bust",
)
