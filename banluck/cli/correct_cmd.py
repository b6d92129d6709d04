"""Fixing what was recorded: `amend` (a round's lines, in the editor), `correct` (an entry
reversed entirely) and `rename` (a person). See docs/corrections.md."""

import os
from typing import Annotated, Any

import typer

from banluck.cli.common import open_store
from banluck.core.errors import BanluckError

ReasonOpt = Annotated[
    str | None, typer.Option("--reason", "-r", help="What was wrong (kept with the correction).")
]


def _reason(reason: str | None, what: str) -> str:
    if reason is None or not reason.strip():
        raise BanluckError(f"say what was wrong: add --reason TEXT, e.g. --reason '{what}'")
    return reason.strip()


def edit_in_editor(text: str) -> str:
    """`text` opened in the dealer's editor ($VISUAL, else $EDITOR); what was saved."""
    import shlex
    import subprocess
    import tempfile

    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if not editor or not editor.strip():
        raise BanluckError(
            "no editor to open: set EDITOR (e.g. `export EDITOR=nano`) and amend again"
        )
    with tempfile.TemporaryDirectory(prefix="banluck-amend-") as folder:
        path = os.path.join(folder, "round.log")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            done = subprocess.run([*shlex.split(editor), path], check=False)
        except (ValueError, OSError) as exc:  # ValueError: a quote left open in $EDITOR
            why = exc.strerror if isinstance(exc, OSError) else exc
            raise BanluckError(
                f"cannot start the editor {editor!r} ({why}): set EDITOR to one that runs"
            ) from None
        if done.returncode != 0:
            raise BanluckError(
                f"the editor {editor!r} exited with {done.returncode}: nothing was recorded"
            )
        from banluck.core.reading import read_bytes

        try:
            raw = read_bytes(path)
        except FileNotFoundError:
            raise BanluckError(
                "the editor removed the file of the round's lines: nothing was recorded; amend"
                " again and save the lines in place"
            ) from None
        except OSError as exc:
            raise BanluckError(
                f"cannot read the edited lines ({exc.strerror}): nothing was recorded"
            ) from None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BanluckError(
                f"the edited lines are not UTF-8 text (byte {exc.start}): nothing was recorded;"
                " amend again and save them as UTF-8"
            ) from None


def amend_round(store: Any, night_id: int, number: int, reason: str) -> str:
    """Open round `number` of night `night_id` in the editor and record the amendment; the
    one line that says what it changed."""
    from banluck.app import amending
    from banluck.cli.render import nets

    entry = amending.find_round(store, night_id, number)
    now = amending.standing(store, entry)
    if now.reversed_by is not None:
        raise BanluckError(
            f"round {number} of night {night_id} was reversed by #{now.reversed_by}:"
            " there is nothing left to amend"
        )
    date = store.night(night_id)["date"]
    saved = edit_in_editor(amending.edit_text(entry, now, date, number))
    lines = [line for line in saved.splitlines() if not line.lstrip().startswith("#")]
    stored = amending.amend(store, night_id, number, lines, reason)
    return (
        f"#{stored['seq']}: round {number} of night {night_id} amended ({stored['reason']}):"
        f" {nets(stored)}; #{entry['seq']} stays in the ledger as it was played"
    )


def amend(
    night: Annotated[str, typer.Argument(help="The night (see `banluck history`).")],
    round_number: Annotated[str, typer.Argument(metavar="ROUND", help="The round.")],
    reason: ReasonOpt = None,
) -> None:
    """Correct a recorded round's lines in your editor ($VISUAL or $EDITOR): they are played
    again under the night's stored rules, and the difference is recorded as a correction linked
    to the round (the round stays in the ledger as played). Closed nights too.

    Example: banluck amend 3 5 --reason "Bob's last card was a 9, not a 6"
    """
    numbers = [_number(night, "night"), _number(round_number, "round")]
    why = _reason(reason, "Bob's last card was a 9")
    typer.echo(amend_round(open_store(), numbers[0], numbers[1], why))


def _number(text: str, what: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise BanluckError(
            f"{text!r} is not a {what} number: give a whole number from 1, e.g. `banluck amend 3 5`"
        )
    return int(text)


def correct(
    entry: Annotated[str, typer.Argument(help="The entry's number (# in `banluck ledger`).")],
    reason: ReasonOpt = None,
) -> None:
    """Reverse a payment or a round entirely: a correction entry takes back what it moved (a
    round as its amendments left it). The entry stays in the ledger, marked as reversed.

    Example: banluck correct 41 --reason "typed twice"
    """
    from banluck.app.amending import parse_seq, reverse
    from banluck.cli.render import nets

    seq = parse_seq(entry)
    why = _reason(reason, "typed twice")
    stored = reverse(open_store(), seq, why)
    typer.echo(f"#{stored['seq']}: #{seq} reversed ({stored['reason']}): {nets(stored)}")


def rename(
    old: Annotated[str, typer.Argument(help="The name the ledger has now.")],
    new: Annotated[str, typer.Argument(help="The name from now on.")],
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Merge into a name that is taken, without asking.")
    ] = False,
) -> None:
    """Rename a person: every entry keeps its money, and every view shows the new name. A name
    someone already has merges the two people: that is asked first (--yes merges).

    Example: banluck rename Meii Mei
    """
    from banluck.table.seating import check_name

    store = open_store()
    known = {n.lower(): n for n in store.people()}
    if old.lower() not in known:
        people = ", ".join(sorted(known.values())) or "nobody yet"
        raise BanluckError(f"{old} never played here (people: {people}); check the spelling")
    old = known[old.lower()]
    check_name(new)
    taken = known.get(new.lower())
    if taken == old:
        taken = None
        if new == old:
            raise BanluckError(f"{old} is already called {new}")
    if taken is not None:
        doubt = f"{taken} is someone else already: {old} and {taken} become one person"
        if not yes:
            import sys

            if not sys.stdin.isatty():
                raise BanluckError(f"{doubt}; add --yes to merge them")
            if not typer.confirm(f"{doubt}. Merge them?", default=False):
                raise BanluckError(f"not renamed ({doubt})")
        new = taken
    stored = store.rename(old, new)
    typer.echo(f"#{stored['seq']}: {old} is now {new} in every entry and view")


def register(root: typer.Typer) -> None:
    root.command("amend")(amend)
    root.command("correct")(correct)
    root.command("rename")(rename)
