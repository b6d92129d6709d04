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
HEADS: tuple[str, ...] = ("bb", "bl", "777", "5D", "5-21", "bust")
CAPTION = "bb ban-ban · bl ban-luck · 777 7-7-7 · 5D five-dragon · 5-21 five-card 21"
