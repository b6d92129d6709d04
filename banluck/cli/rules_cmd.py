"""`banluck rules ...`: list, show, create, set, diff, validate and edit house-rule presets.

Where presets live and how they are read and written is banluck.app.presets' business; this module
only talks to the user. At module level it imports typer and the engine only; rich, json and the
editor's helpers are imported inside the commands that use them.
"""

import sys
from functools import reduce
from operator import getitem
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from banluck.app import presets
from banluck.app.games import knobs_of
from banluck.cli.common import complete_presets
from banluck.core.errors import PresetError
from banluck.core.knobs import Knob

if TYPE_CHECKING:
    from rich.text import Text

rules_app = typer.Typer(
    help="House-rule presets: list, show, new, set, diff, validate, edit, default.",
    no_args_is_help=True,
)

NameArg = Annotated[
    str,
    typer.Argument(
        help="A preset's name (see `banluck rules list`).", autocompletion=complete_presets
    ),
]


def register(app: typer.Typer) -> None:
    app.add_typer(rules_app, name="rules")


def _value(value: object) -> str:
    """A knob's value as it is written in TOML and typed on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# Knobs that name and describe a preset rather than set a rule: shown above the tables.
_LABELS = ("name", "description")


def _where(name: str) -> str:
    return "shipped" if presets.is_shipped(name) else "yours"


@rules_app.command("list")
def list_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """List the presets: name, the game it is for, shipped or yours, description.

    Example: banluck rules list
    """
    names = presets.all_names()
    rows: list[dict[str, Any]] = []
    for name in names:
        path = presets.path_of(name)
        description, game, problems = presets.listing_of(path)
        ok = description is not None and not problems
        rows.append({"name": name, "where": _where(name), "description": description, "ok": ok})
        rows[-1]["game"] = game if ok else None
    if as_json:
        import json

        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    from banluck.cli import render

    out = render.console()
    table = Table.grid(padding=(0, 2))
    for _ in range(3):
        table.add_column(no_wrap=True)
    table.add_column()  # the description, wrapped at words in what is left
    for row in rows:
        text = (
            row["description"]
            if row["ok"]
            else (f"(has problems: see `banluck rules validate {row['name']}`)")
        )
        if out.width < render.NARROW:  # a block a preset: its name, game and where, then it
            out.print(Text(f"{row['name']}  {row['game'] or '?'} · {row['where']}", "bold"))
            out.print(Padding(Text(text), (0, 0, 0, 2), expand=False))
        else:
            table.add_row(Text(row["name"]), row["game"] or "?", row["where"], Text(text))
    if out.width >= render.NARROW:
        out.print(table)


@rules_app.command("show")
def show(
    name: NameArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the preset as JSON, nested as in its file.")
    ] = False,
) -> None:
    """Every knob of a preset with its value and meaning.

    Example: banluck rules show kampung
    """
    if as_json:
        import json

        typer.echo(json.dumps(presets.load(name).to_dict(), indent=2, ensure_ascii=False))
        return
    from rich import box
    from rich.table import Table

    from banluck.cli import render

    schema, values = presets.read_knobs(name)  # no preset built: its knobs are all it shows
    knobs = [k for k in schema.knobs if k.key not in _LABELS]
    got = {k.key: reduce(getitem, k.key.split("."), values) for k in knobs}
    # a list as a preset holds it, a tuple
    shown = {key: _value(tuple(v) if isinstance(v, list) else v) for key, v in got.items()}
    out = render.console()
    if out.width < 60:
        from rich.padding import Padding
        from rich.text import Text

        out.print(Text(f"{name} ({_where(name)}: {presets.path_of(name)})", "bold"))
        out.print(Text(values["description"]))
        # narrow: one knob a block, its meaning and allowed values indented under it (a wrapped
        # line keeps the indent), wrapped at words
        for knob in knobs:
            out.print(Text(f"{knob.key} = {shown[knob.key]}", "bold"))
            out.print(Padding(Text(knob.help), (0, 0, 0, 2), expand=False))
            out.print(
                Padding(Text(f"allowed: {_allowed(knob)}", "dim"), (0, 0, 0, 2), expand=False)
            )
        return
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("knob", no_wrap=True)
    table.add_column("value")
    table.add_column("allowed")
    table.add_column("meaning")
    sections = [knob.key.rpartition(".")[0] for knob in knobs]
    for i, knob in enumerate(knobs):
        last_of_section = i + 1 < len(knobs) and sections[i + 1] != sections[i]
        table.add_row(
            *_cells(knob.key, shown[knob.key], _allowed(knob), knob.help),
            end_section=last_of_section,
        )
    from rich.text import Text

    head = Table.grid(padding=(0, 2))
    head.add_column(no_wrap=True)
    head.add_column()  # wrapped at words under itself
    head.add_row("name", Text(f"{name} ({_where(name)}: {presets.path_of(name)})"))
    head.add_row("description", Text(values["description"]))
    out.print(head)
    out.print(table)


def _cells(*texts: str) -> "list[Text]":
    """A table row's cells as plain text, drawn as written (rich reads no markup in them)."""
    from rich.text import Text

    return [Text(text) for text in texts]


def _allowed(knob: Knob) -> str:
    """A knob's allowed values, short: `off | free-hand | run`, `true | false`, `0 to 10`."""
    if knob.choices:
        return " | ".join(knob.choices)
    if knob.kind is bool:
        return "true | false"
    if knob.kind is str:
        return "text"
    if knob.kind is list:
        if knob.high is None:
            return "list of numbers"
        return f"list of {knob.low or 0} to {knob.high} ([] none)"
    low = "" if knob.low is None else str(knob.low)
    high = "" if knob.high is None else str(knob.high)
    if low and high:
        return f"{low} to {high}"
    return f"{low} or more" if low else (f"up to {high}" if high else "a whole number")


@rules_app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The new preset's name, e.g. our-house.")],
    base: Annotated[
        str, typer.Option("--from", help="The preset to copy.", show_default=True)
    ] = presets.DEFAULT_PRESET,
) -> None:
    """Make your own preset: a copy of another, comments kept, in your data folder.

    Example: banluck rules new our-house --from kampung
    """
    path = presets.create_from(name, base)
    typer.echo(f"created {name} from {base}: {path}")
    typer.echo(
        f"change it with `banluck rules set {name} KEY VALUE` or `banluck rules edit {name}`"
    )


@rules_app.command(
    "set",
    # a value such as -1 is a value, not an option (and is then reported as out of range)
    context_settings={"ignore_unknown_options": True},
)
def set_cmd(
    name: NameArg,
    key: Annotated[str, typer.Argument(help="A dotted key, e.g. payouts.triple_seven.")],
    value: Annotated[str, typer.Argument(help="The new value, e.g. 7, true or pay-all.")],
) -> None:
    """Change one knob of your preset; the file keeps its comments.

    Example: banluck rules set our-house payouts.triple_seven 7
    """
    old, new_value = presets.set_value(name, key, value)
    before = "(not set)" if old is None else _value(old)
    if old == new_value and type(old) is type(new_value):
        typer.echo(f"{name}: {key} is already {_value(new_value)}")
        return
    typer.echo(f"{name}: {key} {before} -> {_value(new_value)}")
    unusable = presets.unusable_note(name)  # a rule between knobs some command checks
    if unusable:
        typer.echo(unusable, err=True)
    note = presets.open_night_note(name)
    if note:
        typer.echo(note)


@rules_app.command("diff")
def diff(
    first: Annotated[str, typer.Argument(help="A preset.")],
    second: Annotated[str, typer.Argument(help="Another preset.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """The knobs on which two presets' rules differ, side by side (name and description aside).

    Example: banluck rules diff chinese kampung
    """
    a, b = presets.load(first), presets.load(second)
    if a.game != b.game:
        if as_json:
            import json

            typer.echo(json.dumps({"games": {first: a.game, second: b.game}}))
        else:
            typer.echo(
                f"{first} is a {a.game} preset and {second} a {b.game} one: different games,"
                " so no knob compares; diff two presets of one game"
            )
        return
    differing = [k for k in knobs_of(a) if k.key not in _LABELS and a.get(k.key) != b.get(k.key)]
    if as_json:
        import json

        rows = {k.key: {first: a.get(k.key), second: b.get(k.key)} for k in differing}
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    if not differing:
        typer.echo(f"{first} and {second} have the same rules: no knob differs")
        return
    from rich import box
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    from banluck.cli.render import NARROW, console

    out = console()
    many = "knobs differ" if len(differing) != 1 else "knob differs"
    out.print(Text(f"{len(differing)} {many} between {first} and {second}:"))
    if out.width < NARROW:  # a block a knob: its name, the two values, its meaning under them
        for knob in differing:
            values = f"{first} {_value(a.get(knob.key))} · {second} {_value(b.get(knob.key))}"
            out.print(Text(knob.key, "bold"))
            out.print(Padding(Text(values), (0, 0, 0, 2), expand=False))
            out.print(Padding(Text(knob.help, "dim"), (0, 0, 0, 2), expand=False))
        return
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("knob", no_wrap=True)
    table.add_column(first)
    table.add_column(second)
    table.add_column("meaning")
    for knob in differing:
        table.add_row(
            *_cells(knob.key, _value(a.get(knob.key)), _value(b.get(knob.key)), knob.help)
        )
    out.print(table)


@rules_app.command("validate")
def validate(
    name: Annotated[
        str | None, typer.Argument(help="The preset to check (default: every preset).")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print {file: [problems]} as JSON (exit 1 if any).")
    ] = False,
) -> None:
    """Check presets: every problem, one per line, with its file and key path.

    Example: banluck rules validate
    """
    files = [presets.path_of(name)] if name is not None else presets.all_files()
    found = {path: presets.problems_in_file(path) for path in files}
    lines = [f"{path}: {problem}" for path, problems in found.items() for problem in problems]
    if as_json:
        import json

        typer.echo(json.dumps({str(p): v for p, v in found.items()}, ensure_ascii=False))
        if lines:
            raise typer.Exit(1)
        return
    if lines:
        for line in lines:
            typer.echo(line)
        broken = sum(1 for problems in found.values() if problems)
        raise PresetError(
            f"{len(lines)} problem{'s' if len(lines) != 1 else ''} in {broken} of"
            f" {len(files)} preset file{'s' if len(files) != 1 else ''}"
        )
    if name is not None:
        typer.echo(f"OK: {name} is valid ({files[0]})")
    else:
        typer.echo(f"OK: all {len(files)} presets are valid")


@rules_app.command("edit")
def edit(name: NameArg) -> None:
    """Edit your preset in your editor ($VISUAL, else $EDITOR); it is saved only if it is valid.

    Example: EDITOR=nano banluck rules edit our-house
    """
    import os
    import shlex
    import tempfile

    path = presets.user_path_of(name)
    original = presets.read_text(path)
    editor = shlex.split(os.environ.get("VISUAL") or os.environ.get("EDITOR", "")) or ["vi"]
    fd, tmp_name = tempfile.mkstemp(prefix=f"banluck-{name}-", suffix=".toml")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(original)
        while True:
            _run_editor(editor, tmp, name)
            try:
                text = tmp.read_bytes().decode("utf-8")
            except OSError:
                raise PresetError(f"the edited copy {tmp} is gone: {name} is unchanged") from None
            except UnicodeDecodeError:
                text = None
            if text == original:
                typer.echo(f"no changes: {name} is unchanged")
                return
            if text is None:
                problems = ["not UTF-8 text: save it as UTF-8"]
            else:
                problems = presets.problems_in_text(text, path)
            if text is not None and not problems:
                presets.save_text(name, text)
                typer.echo(f"saved {name}: {path}")
                note = presets.open_night_note(name)
                if note:
                    typer.echo(note)
                return
            plural = "s" if len(problems) != 1 else ""
            typer.echo(f"your edit of {name} has {len(problems)} problem{plural}:", err=True)
            for problem in problems:
                typer.echo(f"  {path}: {problem}", err=True)
            if not sys.stdin.isatty() or not _again():
                raise PresetError(f"edit discarded: {name} is unchanged")
    finally:
        tmp.unlink(missing_ok=True)


@rules_app.command("default")
def default(
    name: Annotated[
        str | None,
        typer.Argument(
            help="The preset to use when none is named.", autocompletion=complete_presets
        ),
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Forget the default preset.")] = False,
) -> None:
    """The preset `night start` and `table` use when none is named: set it, show it, or clear it.

    Example: banluck rules default kampung   (then: banluck night start Mei Bob Carol)
    """
    if clear:
        presets.set_default(None)
        typer.echo("no default preset: `night start` and `table` take a preset first")
        return
    if name is None:
        now = presets.default_name()
        typer.echo(
            now
            if now is not None
            else "no default preset: set one with `banluck rules default NAME`"
        )
        return
    presets.set_default(name)
    typer.echo(f"{name} is the default preset: `banluck night start SEAT SEAT...` plays it")


def _run_editor(editor: list[str], tmp: Path, name: str) -> None:
    import subprocess

    try:
        done = subprocess.run([*editor, str(tmp)], check=False)
    except OSError as exc:
        raise PresetError(
            f"cannot start the editor {editor[0]!r} ({exc.strerror}): set EDITOR to your editor,"
            f" e.g. EDITOR=nano; {name} is unchanged"
        ) from None
    if done.returncode != 0:
        raise PresetError(f"the editor exited with code {done.returncode}: {name} is unchanged")


def _again() -> bool:
    """Ask whether to edit again (True) or discard (False)."""
    while True:
        answer = typer.prompt("edit again or discard? [e/d]", default="e").strip().lower()
        if answer in ("e", "edit"):
            return True
        if answer in ("d", "discard"):
            return False
