"""`banluck rules ...` as a user meets it, and the entry point's lazy loading of commands."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import typer

from banluck.app import presets
from banluck.cli import main as main_module
from banluck.cli.rules_cmd import rules_app
from banluck.games.banluck.preset import KNOBS
from tests.helpers import ALL_SHIPPED, close_exited, user_file

ROOT = Path(__file__).resolve().parents[2]
RULES_COMMANDS = ["list", "show", "new", "set", "diff", "validate", "edit", "default"]


def example_of(command: str) -> list[str]:
    """The words after `banluck` in the `Example:` line of `banluck rules COMMAND --help`."""
    (info,) = [c for c in rules_app.registered_commands if c.name == command]
    doc = info.callback.__doc__ or ""
    (line,) = [x.strip() for x in doc.splitlines() if x.strip().startswith("Example:")]
    words = shlex.split(line.removeprefix("Example:"))
    while "=" in words[0]:  # EDITOR=... in front
        words.pop(0)
    assert words[0] == "banluck", line
    return words[1:]


def editor(tmp_path: Path, body: str, name: str = "editor.py") -> str:
    """A small editor for $EDITOR: a Python script run on the file to edit (sys.argv[1])."""
    script = tmp_path / name
    script.write_text(
        f"#!{sys.executable}\nimport sys, pathlib\npath = pathlib.Path(sys.argv[1])\n{body}\n",
        encoding="utf-8",
    )
    script.chmod(0o755)
    return shlex.quote(str(script))


def broken_preset(home: Path) -> Path:
    """A user preset with a misspelt key and a negative multiple."""
    text = (
        (presets.shipped_dir() / "kampung.toml")
        .read_text(encoding="utf-8")
        .replace('name = "kampung"', 'name = "broken"')
        .replace("triple_seven = 7 ", "trple_seven = 7 ")
        .replace("ban_ban = 3 ", "ban_ban = -3")
    )
    return user_file(home, "broken", text)


# --- every documented example runs -----------------------------------------------------------


def test_every_rules_command_has_an_example() -> None:
    """Each command's help carries an `Example:` line (the docs test relies on the same list)."""
    assert [c.name for c in rules_app.registered_commands] == RULES_COMMANDS
    for command in RULES_COMMANDS:
        assert example_of(command)[:2] == ["rules", command]


def test_documented_examples_run(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The examples, in the order a user would try them, all succeed."""
    monkeypatch.setenv("EDITOR", editor(tmp_path, "path.write_text(path.read_text() + '\\n')"))
    for command in ["new", "list", "show", "set", "diff", "validate", "edit"]:
        code, out, err = cli(*example_of(command))
        assert (code, err) == (0, ""), (command, out)
        assert out.strip(), command
    assert presets.load("our-house").payouts.triple_seven == 7


# --- list, show, diff ------------------------------------------------------------------------


def test_list_shows_where_each_preset_comes_from(cli, banluck_home: Path) -> None:
    """Name, the game it is for, shipped/yours and description, a row each (the description
    wrapped at words under itself); a broken preset says so."""
    cli("rules", "new", "ours", "--from", "singapore")
    broken_preset(banluck_home)
    code, out, _ = cli("rules", "list")
    assert code == 0
    lines: dict[str, list[str]] = {}
    for line in out.splitlines():
        if line[:1] != " ":
            name, game, where, text = line.split(None, 3)
            lines[name] = [game, where, text.strip()]
        else:  # the description goes on under itself
            lines[name][2] += " " + line.strip()
    assert list(lines) == sorted(["broken", "ours", *ALL_SHIPPED])
    assert lines["kampung"] == ["ban-luck", "shipped", presets.load("kampung").description]
    assert lines["blackjack-pro"][:2] == ["casino", "shipped"]
    copy = "copy of singapore: " + presets.load("singapore").description
    assert lines["ours"] == ["ban-luck", "yours", copy]
    assert lines["broken"][:2] == ["?", "yours"]
    assert "rules validate broken" in lines["broken"][2]


def test_show_lists_every_knob_with_value_and_meaning(cli) -> None:
    """Each knob appears with its value and the start of its meaning."""
    code, out, _ = cli("rules", "show", "xi-dach")
    assert code == 0
    preset = presets.load("xi-dach")
    assert "xi-dach (shipped" in out
    head = out.split("\nknob")[0]  # the name and the description, wrapped at words
    assert " ".join(preset.description.split()) in " ".join(head.split()[3:])
    lines = out.splitlines()
    for knob in KNOBS[2:]:
        (line,) = [x for x in lines if x.split()[:1] == [knob.key]]
        value = preset.get(knob.key)
        shown = ("true" if value else "false") if isinstance(value, bool) else str(value)
        assert line.split()[1] == shown
        assert knob.help.split()[0] in line


@pytest.mark.parametrize("name", presets.shipped_names())
def test_show_json_is_the_files_nested_dict(cli, name: str) -> None:
    """`--json` is the preset as in its TOML file, nothing more or less."""
    code, out, _ = cli("rules", "show", name, "--json")
    assert code == 0
    with presets.path_of(name).open("rb") as f:
        assert json.loads(out) == tomllib.load(f)


def test_diff_lists_only_the_knobs_that_differ(cli) -> None:
    """Exactly the differing rule knobs appear, each with both values."""
    code, out, _ = cli("rules", "diff", "chinese", "kampung")
    assert code == 0
    a, b = presets.load("chinese"), presets.load("kampung")
    differing = {k.key for k in KNOBS[2:] if a.get(k.key) != b.get(k.key)}
    assert differing == {
        "minimum.player",
        "minimum.dealer",
        "minimum.player_under",
        "reveal.dealer_min",
        "payouts.triple_seven",
        "bust.both_bust",
        "bust.shown_at_once",
        "fifteen.mode",
        "fifteen.burn",
    }
    shown = {line.split()[0] for line in out.splitlines() if line.split()[:1][0:1] != []}
    assert {k.key for k in KNOBS} & shown == differing
    assert "9 knobs differ between chinese and kampung" in out
    (row,) = [x for x in out.splitlines() if x.startswith("payouts.triple_seven")]
    assert row.split()[1:3] == ["21", "7"]


def test_diff_says_so_when_nothing_differs(cli) -> None:
    """A fresh copy has the same rules as its base."""
    cli("rules", "new", "ours", "--from", "kampung")
    code, out, _ = cli("rules", "diff", "kampung", "ours")
    assert code == 0
    assert out.strip() == "kampung and ours have the same rules: no knob differs"


def test_diff_of_one_knob_says_it_differs(cli) -> None:
    """One knob apart: `1 knob differs`, the verb agreeing with the count."""
    cli("rules", "new", "ours", "--from", "kampung")
    assert cli("rules", "set", "ours", "fifteen.burn", "false")[0] == 0
    code, out, err = cli("rules", "diff", "kampung", "ours")
    assert code == 0, err
    assert out.startswith("1 knob differs between kampung and ours:\n")


# --- new, set --------------------------------------------------------------------------------


def test_new_copies_into_the_users_folder(cli, banluck_home: Path) -> None:
    """`rules new` writes $BANLUCK_HOME/house_rules/NAME.toml with comments and the new name."""
    code, out, _ = cli("rules", "new", "ours", "--from", "xi-dach")
    path = banluck_home / "house_rules" / "ours.toml"
    assert code == 0
    assert str(path) in out
    text = path.read_text(encoding="utf-8")
    assert 'name = "ours"' in text
    assert "# decks in the shoe" in text


def test_new_defaults_to_copying_chinese(cli) -> None:
    """Without --from the copy is of the default preset."""
    assert cli("rules", "new", "ours")[0] == 0
    assert presets.load("ours").payouts.triple_seven == 21


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("kampung",), "shipped preset's name"),
        (("ours", "--from", "nope"), "unknown preset 'nope'"),
        (("Ours",), "not allowed"),
    ],
)
def test_new_refuses_with_one_line(cli, args: tuple[str, ...], message: str) -> None:
    """Refusals are one `error:` line and a non-zero exit."""
    code, out, err = cli("rules", "new", *args)
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err
    assert out == ""


def test_set_keeps_comments(cli, banluck_home: Path) -> None:
    """After `rules set` every comment line of the file is still there."""
    cli("rules", "new", "ours", "--from", "kampung")
    path = banluck_home / "house_rules" / "ours.toml"
    comments_before = [x for x in path.read_text().splitlines() if x.startswith("#")]
    code, out, _ = cli("rules", "set", "ours", "payouts.triple_seven", "21")
    assert (code, out) == (0, "ours: payouts.triple_seven 7 -> 21\n")
    text = path.read_text()
    assert [x for x in text.splitlines() if x.startswith("#")] == comments_before
    assert "# Every knob is described in docs/rules.md" in text
    assert "# 7-7-7 (0: no such hand, it is a plain 21)" in text
    assert presets.load("ours").payouts.triple_seven == 21


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("payouts.triple_seven", "seven"), "takes a whole number from 0 to 1000, not 'seven'"),
        (("payouts.trple_seven", "7"), "unknown key 'payouts.trple_seven'"),
        (("payouts.triple_seven", "1001"), "= 1001 is out of range"),
        (("payouts.ban_ban", "-2"), "= -2 is out of range"),
        (("bust.shown_at_once", "2"), "takes true or false"),
    ],
)
def test_set_refuses_bad_input_leaving_the_file(
    cli, banluck_home: Path, args: tuple[str, ...], message: str
) -> None:
    """Bad values and keys: one line, non-zero exit, the file's bytes unchanged."""
    cli("rules", "new", "ours", "--from", "kampung")
    path = banluck_home / "house_rules" / "ours.toml"
    before = path.read_bytes()
    code, out, err = cli("rules", "set", "ours", *args)
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err
    assert "Traceback" not in out + err
    assert path.read_bytes() == before


def test_set_refuses_a_shipped_preset(cli) -> None:
    """The message says to make a copy with `rules new` first; the shipped file is untouched."""
    path = presets.path_of("kampung")
    before = path.read_bytes()
    code, _, err = cli("rules", "set", "kampung", "payouts.triple_seven", "21")
    assert code != 0
    assert "rules new" in err and err.count("\n") == 1
    assert path.read_bytes() == before


# --- broken presets, used by any command ------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("hand", "A", "K", "--rules", "broken"),
        ("judge", "--dealer", "10 6", "--player", "A K", "--rules", "broken"),
        ("rules", "show", "broken"),
        ("rules", "diff", "chinese", "broken"),
        ("rules", "new", "ours", "--from", "broken"),
    ],
)
def test_broken_preset_is_one_line_naming_file_and_problems(
    cli, banluck_home: Path, args: tuple[str, ...]
) -> None:
    """Whatever command uses it: one line with the file and both problems, exit 1."""
    path = broken_preset(banluck_home)
    code, out, err = cli(*args)
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"error: 2 problems in {path}: ")
    assert "payouts.ban_ban = -3 is out of range" in err
    assert "payouts.trple_seven: unknown key" in err


def test_broken_preset_as_a_subprocess_has_no_traceback(banluck_home: Path) -> None:
    """The real entry point: exit code 1, one line on stderr, nothing on stdout."""
    broken_preset(banluck_home)
    env = {**os.environ, "BANLUCK_HOME": str(banluck_home)}
    done = subprocess.run(
        [sys.executable, "-m", "banluck", "hand", "A", "K", "--rules", "broken"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "broken.toml" in done.stderr


def test_unknown_preset_is_one_line(cli) -> None:
    """An unknown name lists the known ones."""
    code, _, err = cli("rules", "show", "nope")
    assert code == 1
    assert err == (
        f"error: unknown preset 'nope': known presets are {', '.join(ALL_SHIPPED)}"
        " (make one with `banluck rules new NAME --from chinese`)\n"
    )


def test_a_misspelt_preset_or_value_gets_a_did_you_mean(
    cli, banluck_home: Path, tmp_path: Path
) -> None:
    """`rules show kampng`, a night log's `night chinees` and `night start chinees` suggest the
    preset; `rules set mine fifteen.mode freehand` suggests the value; a name close to nothing
    gets the list alone."""
    code, _, err = cli("rules", "show", "kampng")
    assert code == 1
    assert err.startswith("error: unknown preset 'kampng' (did you mean `kampung`?): known presets")
    log = tmp_path / "night.log"
    log.write_text("night chinees Mei Bob\n", encoding="utf-8")
    code, _, err = cli("replay", str(log))
    assert code == 1 and "unknown preset 'chinees' (did you mean `chinese`?)" in err
    code, _, err = cli("night", "start", "chinees", "Mei", "Bob")
    assert code == 1 and "(did you mean `chinese`?)" in err
    assert "did you mean" not in cli("rules", "show", "zzz")[2]
    assert cli("rules", "new", "mine", "--from", "chinese")[0] == 0
    code, _, err = cli("rules", "set", "mine", "fifteen.mode", "freehand")
    assert code == 1
    assert err.startswith(
        "error: fifteen.mode = 'freehand' is not allowed (did you mean free-hand?): expected one"
    )
    assert "did you mean" not in cli("rules", "set", "mine", "fifteen.mode", "zzz")[2]


# --- validate ----------------------------------------------------------------------------------


def test_validate_all_ok(cli) -> None:
    """With only good presets: exit 0 and one short OK line."""
    cli("rules", "new", "ours")
    code, out, err = cli("rules", "validate")
    assert (code, err) == (0, "")
    assert out == f"OK: all {len(ALL_SHIPPED) + 1} presets are valid\n"


def test_validate_lists_every_problem_with_file_and_key(cli, banluck_home: Path) -> None:
    """Exit 1; one line per problem, each starting with the file, then the key path."""
    path = broken_preset(banluck_home)
    bad = user_file(banluck_home, "bad", "[[[\n")
    code, out, err = cli("rules", "validate")
    assert code == 1
    assert out.splitlines() == [
        f"{bad}: not valid TOML: Invalid initial character for a key part (at line 1, column 3)",
        f"{path}: payouts.ban_ban = -3 is out of range: expected a whole number from 1 to 1000",
        f"{path}: payouts.trple_seven: unknown key (did you mean payouts.triple_seven?)",
    ]
    assert err == f"error: 3 problems in 2 of {len(ALL_SHIPPED) + 2} preset files\n"


def test_validate_one_preset(cli, banluck_home: Path) -> None:
    """`validate NAME` checks that preset only."""
    broken_preset(banluck_home)
    assert cli("rules", "validate", "kampung")[:2] == (
        0,
        f"OK: kampung is valid ({presets.path_of('kampung')})\n",
    )
    code, out, _ = cli("rules", "validate", "broken")
    assert code == 1
    assert len(out.splitlines()) == 2


# --- edit ------------------------------------------------------------------------------------


def test_edit_saves_a_valid_change(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An editor that makes a valid change: the preset has it, comments kept."""
    cli("rules", "new", "ours", "--from", "kampung")
    body = "path.write_text(path.read_text().replace('every = 3 ', 'every = 5 '))"
    monkeypatch.setenv("EDITOR", editor(tmp_path, body))
    code, out, err = cli("rules", "edit", "ours")
    assert (code, err) == (0, "")
    assert out.startswith("saved ours: ")
    assert presets.load("ours").rotation.every == 5
    assert "# rounds (or won rounds)" in presets.path_of("ours").read_text()


def test_edit_reads_visual_before_editor(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rules edit` opens $VISUAL when it is set, as `amend` does, and $EDITOR otherwise."""
    cli("rules", "new", "ours", "--from", "kampung")
    change = "path.write_text(path.read_text().replace('every = 3 ', 'every = 5 '))"
    monkeypatch.setenv("VISUAL", editor(tmp_path, change))
    monkeypatch.setenv("EDITOR", "false")  # never run while VISUAL is set
    code, out, err = cli("rules", "edit", "ours")
    assert (code, err) == (0, "") and out.startswith("saved ours: ")
    assert presets.load("ours").rotation.every == 5
    monkeypatch.delenv("VISUAL")
    again = "path.write_text(path.read_text().replace('every = 5 ', 'every = 4 '))"
    monkeypatch.setenv("EDITOR", editor(tmp_path, again, "editor2.py"))
    assert cli("rules", "edit", "ours")[0] == 0
    assert presets.load("ours").rotation.every == 4  # no VISUAL: EDITOR ran


def test_edit_discards_an_invalid_change_without_a_terminal(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Invalid edit, stdin not a terminal: every problem said, exit 1, the file untouched,
    the temp copy gone."""
    cli("rules", "new", "ours", "--from", "kampung")
    path = presets.path_of("ours")
    before = path.read_bytes()
    body = (
        "path.write_text(path.read_text().replace('every = 3 ', 'evry = 3 ')"
        ".replace('ban_luck = 2 ', 'ban_luck = -2'))"
    )
    monkeypatch.setenv("EDITOR", editor(tmp_path, body))
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(temp))
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    code, _, err = cli("rules", "edit", "ours")
    assert code == 1
    assert "rotation.evry: unknown key (did you mean rotation.every?)" in err
    assert "payouts.ban_luck = -2 is out of range" in err
    assert err.splitlines()[-1] == "error: edit discarded: ours is unchanged"
    assert path.read_bytes() == before
    assert list(temp.iterdir()) == []


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [
        ("", 0, "no changes: ours is unchanged"),
        ("sys.exit(3)", 1, "the editor exited with code 3: ours is unchanged"),
        ("path.write_bytes(b'name = \"\\xff\"')", 1, "not UTF-8 text"),
        ("path.unlink()", 1, "is gone: ours is unchanged"),
    ],
)
def test_edit_without_a_change_or_with_a_failing_editor(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, code: int, message: str
) -> None:
    """Nothing is written when the editor changes nothing, fails, writes bytes that are not
    UTF-8 or removes the copy."""
    cli("rules", "new", "ours")
    before = presets.path_of("ours").read_bytes()
    monkeypatch.setenv("EDITOR", editor(tmp_path, body))
    result = cli("rules", "edit", "ours")
    assert result[0] == code
    assert message in result[1] + result[2]
    assert presets.path_of("ours").read_bytes() == before


def test_edit_refuses_shipped_presets(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """A shipped preset is not opened at all."""
    monkeypatch.setenv("EDITOR", "false")
    code, _, err = cli("rules", "edit", "chinese")
    assert code == 1
    assert "rules new" in err


@pytest.mark.parametrize(("answer", "saved"), [("e", True), ("d", False)])
def test_edit_at_a_terminal_asks_to_edit_again_or_discard(
    tmp_path: Path, banluck_home: Path, answer: str, saved: bool
) -> None:
    """At a terminal an invalid edit is shown and the user chooses: edit again (the editor
    gets the invalid text back; the second, valid edit is saved) or discard (the file stays as
    it was, exit 1)."""
    pexpect = pytest.importorskip("pexpect")
    presets.create_from("ours", "kampung")
    path = presets.path_of("ours")
    before = path.read_bytes()
    count = tmp_path / "count"
    body = (
        f"count = pathlib.Path({str(count)!r})\n"
        "n = int(count.read_text()) if count.exists() else 0\n"
        "count.write_text(str(n + 1))\n"
        "old, new = ('every = 3 ', 'every = 0 ') if n == 0 else ('every = 0 ', 'every = 6 ')\n"
        "path.write_text(path.read_text().replace(old, new))"
    )
    env = {**os.environ, "BANLUCK_HOME": str(banluck_home), "EDITOR": editor(tmp_path, body)}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "banluck", "rules", "edit", "ours"],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=20,
    )
    child.expect("rotation.every = 0 is out of range")
    child.expect(r"edit again or discard\? \[e/d\]")
    child.sendline(answer)
    child.expect(pexpect.EOF)
    close_exited(child)
    if saved:
        assert child.exitstatus == 0
        assert presets.load("ours").rotation.every == 6
    else:
        assert child.exitstatus == 1
        assert "edit discarded" in (child.before or "")
        assert path.read_bytes() == before


# --- the entry point ---------------------------------------------------------------------------


def test_modules_table_matches_what_each_module_registers() -> None:
    """main.MODULES names, for each command module, exactly the words it adds."""
    for module, words in main_module.MODULES.items():
        app = typer.Typer()
        __import__(f"banluck.cli.{module}", fromlist=["register"]).register(app)
        added = [c.name for c in app.registered_commands] + [g.name for g in app.registered_groups]
        assert sorted(added) == sorted(words), module


def test_help_lists_every_command(cli) -> None:
    """`banluck --help` builds every module."""
    code, out, _ = cli("--help")
    assert code == 0
    for words in main_module.MODULES.values():
        for word in words:
            assert f"  {word} " in out


def test_unknown_command_is_one_line(cli) -> None:
    """A mistyped command is a usage error with a suggestion (so every module is built for an
    unknown word), not a traceback."""
    code, _, err = cli("rulez")
    assert code == 2
    assert err == "error: No such command 'rulez'. Did you mean 'rules'? (see `banluck --help`)\n"


def test_hand_loads_only_what_it_needs() -> None:
    """The start-up rule: `banluck hand A K` imports no other command module, no rich, no
    tomlkit, no tinydb and (with a shipped preset) does not look for the user's data folder."""
    code = (
        "import sys\n"
        "from banluck.cli.main import main\n"
        "assert main(['hand', 'A', 'K']) == 0\n"
        "heavy = ['banluck.cli.rules_cmd', 'rich', 'tomlkit', 'tinydb', 'platformdirs']\n"
        "print(','.join(m for m in heavy if m in sys.modules))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "BANLUCK_HOME"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["A K: 21 (soft), ban-luck", ""]


def test_rules_list_json_names_every_preset(cli) -> None:  # type: ignore[no-untyped-def]
    """`rules list --json` lists the shipped presets with where they live and whether they load."""
    import json

    code, out, _ = cli("rules", "list", "--json")
    assert code == 0
    rows = {r["name"]: r for r in json.loads(out)}
    assert set(rows) >= {"chinese", "kampung", "singapore", "xi-dach"}
    assert rows["kampung"]["where"] == "shipped" and rows["kampung"]["ok"] is True


def test_rules_diff_and_validate_speak_json(cli) -> None:  # type: ignore[no-untyped-def]
    """`rules diff --json` gives each differing knob's two values; `rules validate --json` every
    file with its (empty) list of problems."""
    import json

    code, out, _ = cli("rules", "diff", "chinese", "kampung", "--json")
    diff = json.loads(out)
    assert code == 0 and diff["payouts.triple_seven"] == {"chinese": 21, "kampung": 7}
    assert "decks" not in diff
    code, out, _ = cli("rules", "validate", "--json")
    found = json.loads(out)
    assert code == 0 and len(found) >= 4 and all(v == [] for v in found.values())


def test_set_a_list_knob_and_turn_it_off(cli, banluck_home: Path) -> None:
    """A pay table is typed as numbers with commas; `[]` turns the bet off."""
    cli("rules", "new", "ours", "--from", "blackjack-pro")
    code, out, _ = cli("rules", "set", "ours", "side_bets.perfect_pairs", "30,10,5")
    assert (code, out) == (0, "ours: side_bets.perfect_pairs [25, 12, 6] -> [30, 10, 5]\n")
    assert presets.load("ours").side_bets.perfect_pairs == (30, 10, 5)
    code, out, _ = cli("rules", "set", "ours", "side_bets.dealer_pair", "[]")
    assert code == 0
    assert presets.load("ours").side_bets.dealer_pair == ()
    path = banluck_home / "house_rules" / "ours.toml"
    before = path.read_text()
    code, _, err = cli("rules", "set", "ours", "side_bets.perfect_pairs", "1,2,3,4")
    assert code != 0 and err.startswith("error: ") and "4 numbers" in err
    assert path.read_text() == before


def test_a_preset_tournament_start_refuses_is_not_valid(cli, banluck_home: Path) -> None:
    """Issue 27: `tournament.cutoffs 2,6` with `tournament.hands 6` cannot start a tournament:
    `rules set` says so at once (the other knob may be set next), and `rules validate` no longer
    calls it valid."""
    cli("rules", "new", "short-t", "--from", "tournament")
    code, out, err = cli("rules", "set", "short-t", "tournament.hands", "6")
    assert (code, out) == (0, "short-t: tournament.hands 30 -> 6\n")
    assert err == (
        "note: short-t cannot be used for every command yet: tournament.cutoffs [8, 16, 25]:"
        " cut-off 8 is not before the last hand (tournament.hands 6) (set the other knob too:"
        " `banluck rules set short-t KEY VALUE`; `banluck rules validate short-t`)\n"
    )
    code, _, err = cli("rules", "set", "short-t", "tournament.cutoffs", "2,6")
    assert code == 0 and "cut-off 6 is not before the last hand (tournament.hands 6)" in err
    path = banluck_home / "house_rules" / "short-t.toml"
    code, out, _ = cli("rules", "validate", "short-t")
    assert code == 1
    assert out == (
        f"{path}: tournament.cutoffs [2, 6]: cut-off 6 is not before the last hand"
        " (tournament.hands 6)\n"
    )
    code, out, err = cli("rules", "set", "short-t", "tournament.cutoffs", "2,4")
    assert (code, err) == (0, "")
    assert cli("rules", "validate", "short-t")[:2] == (0, f"OK: short-t is valid ({path})\n")


def test_rules_show_completes_the_presets(banluck_home: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """`banluck rules show ⇥` offers every preset (the user's too), not the folder's files."""
    from tests.cli.test_pay_cli import completed

    assert completed(monkeypatch, capsys, "banluck rules show ") == ALL_SHIPPED
    user_file(banluck_home, "kampung-ours", 'name = "kampung-ours"\n')
    assert completed(monkeypatch, capsys, "banluck rules show kam") == ["kampung", "kampung-ours"]
