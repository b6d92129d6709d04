"""Presets as files: where they live, strict reading, careful writing, and their docs."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from banluck.app import presets
from banluck.core.errors import PresetError
from banluck.games.banluck.preset import (
    KNOBS,
)
from tests.helpers import ALL_SHIPPED, BAN_LUCK_SHIPPED, CASINO_SHIPPED, ban_luck_shipped, user_file

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = BAN_LUCK_SHIPPED


def shipped_text(name: str) -> str:
    return (presets.shipped_dir() / f"{name}.toml").read_text(encoding="utf-8")


def copy_of(base: str, name: str) -> str:
    """The text of shipped preset `base` under another name."""
    return shipped_text(base).replace(f'name = "{base}"', f'name = "{name}"')


# --- finding ---------------------------------------------------------------------------------


def test_the_shipped_presets_are_found_and_valid() -> None:
    """The shipped presets are the four ban-luck ones of docs/rules.md §8 and the five casino ones
    of docs/casino.md; each loads, is of its game and is named as its file."""
    assert presets.shipped_names() == ALL_SHIPPED
    assert ban_luck_shipped() == SHIPPED
    assert [n for n in ALL_SHIPPED if presets.load(n).game == "casino"] == CASINO_SHIPPED
    for name in ALL_SHIPPED:
        assert presets.load(name).name == name
        assert presets.problems_in_file(presets.path_of(name)) == []


def test_unknown_preset_lists_the_known_ones() -> None:
    """An unknown name says which presets exist and how to make one."""
    with pytest.raises(PresetError, match=r"unknown preset 'nope'.*chinese, kampung.*rules new"):
        presets.load("nope")


@pytest.mark.parametrize("name", ["../chinese", "a/b", ".hidden", "..\\x"])
def test_a_preset_name_is_never_a_path(name: str) -> None:
    """Names with path parts are refused before any file is touched."""
    with pytest.raises(PresetError, match="may not contain a path"):
        presets.path_of(name)


def test_user_preset_is_found_in_banluck_home(banluck_home: Path) -> None:
    """A valid file in $BANLUCK_HOME/house_rules is a preset of its own name."""
    user_file(banluck_home, "ours", copy_of("kampung", "ours"))
    assert presets.user_names() == ["ours"]
    assert "ours" in presets.all_names()
    assert presets.path_of("ours") == banluck_home / "house_rules" / "ours.toml"
    assert presets.load("ours").to_dict() == {**presets.load("kampung").to_dict(), "name": "ours"}


def test_user_file_with_a_shipped_name_is_never_used(banluck_home: Path) -> None:
    """`chinese` always means the shipped rules; the shadowing file is reported by validate."""
    path = user_file(banluck_home, "chinese", copy_of("kampung", "chinese"))
    assert presets.load("chinese").payouts.triple_seven == 21
    assert presets.user_names() == []
    assert any("shipped preset's name" in p for p in presets.problems_in_file(path))


def test_user_file_with_a_bad_name_is_refused(banluck_home: Path) -> None:
    """A hand-made file whose name is not a preset name is refused with the rule for names."""
    user_file(banluck_home, "Ours", copy_of("kampung", "Ours"))
    with pytest.raises(PresetError, match="not a preset name"):
        presets.load("Ours")
    assert presets.user_names() == []


# --- strict reading --------------------------------------------------------------------------


def test_misspelt_key_and_negative_multiple_are_reported_together(banluck_home: Path) -> None:
    """Both problems in one line with their key paths and the file; the misspelt key's
    'did you mean' makes a separate `missing` line for the real key unnecessary."""
    text = (
        copy_of("kampung", "broken")
        .replace("triple_seven = 7 ", "trple_seven = 7 ")
        .replace("ban_ban = 3 ", "ban_ban = -3")
    )
    path = user_file(banluck_home, "broken", text)
    with pytest.raises(PresetError) as caught:
        presets.load("broken")
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"2 problems in {path}: ")
    assert "payouts.ban_ban = -3 is out of range" in message
    assert "payouts.trple_seven: unknown key (did you mean payouts.triple_seven?)" in message
    assert "missing" not in message
    assert "rules edit broken" in message
    assert caught.value.problems == [
        f"{path}: payouts.ban_ban = -3 is out of range: expected a whole number from 1 to 1000",
        f"{path}: payouts.trple_seven: unknown key (did you mean payouts.triple_seven?)",
    ]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("decks = 1 ", 'decks = "one"', "decks = 'one' has the wrong type"),
        ("ban_luck = 2 ", "ban_luck = 2.0", "payouts.ban_luck = 2.0 has the wrong type"),
        ("shown_at_once = true", "shown_at_once = 1", "bust.shown_at_once = 1 has the wrong type"),
        ('ace = "by-count"', 'ace = "eleven"', "points.ace = 'eleven' is not allowed"),
        ("max_cards = 5 ", "max_cards = 6 ", "points.max_cards = 6 is out of range"),
        ("every = 3 ", "", "rotation.every: missing"),
        ("[ties]", "[ties]\nextra = 1", "ties.extra: unknown key"),
    ],
)
def test_each_kind_of_problem_names_its_key(
    banluck_home: Path, old: str, new: str, expected: str
) -> None:
    """Wrong types, choices, ranges, missing and unknown keys each name the key path."""
    text = copy_of("kampung", "ours")
    assert old in text
    user_file(banluck_home, "ours", text.replace(old, new, 1))
    with pytest.raises(PresetError, match=r"^1 problem in .*ours\.toml: ") as caught:
        presets.load("ours")
    assert expected in str(caught.value)


def test_bad_toml_is_one_line_with_its_place(banluck_home: Path) -> None:
    """A file that is not TOML says so, with the line, in one line."""
    path = user_file(banluck_home, "ours", 'name = "ours"\ndecks = [1,\n')
    with pytest.raises(PresetError) as caught:
        presets.load("ours")
    message = str(caught.value)
    assert message.startswith(f"1 problem in {path}: not valid TOML: ")
    assert "\n" not in message


def test_file_that_is_not_utf8_is_refused(banluck_home: Path) -> None:
    """Bytes that are not UTF-8 are a clear error, not a UnicodeDecodeError."""
    folder = banluck_home / "house_rules"
    folder.mkdir(parents=True)
    (folder / "ours.toml").write_bytes(b'name = "\xff"\n')
    with pytest.raises(PresetError, match="not UTF-8"):
        presets.load("ours")
    assert presets.problems_in_file(folder / "ours.toml") == ["not UTF-8 text: save it as UTF-8"]


def test_name_must_be_the_file_name(banluck_home: Path) -> None:
    """A copied file that still says name = "kampung" would lie in the ledger: refused."""
    user_file(banluck_home, "ours", shipped_text("kampung"))
    with pytest.raises(PresetError, match="name = 'kampung' differs from the file's name"):
        presets.load("ours")


def test_list_description_survives_a_broken_file(banluck_home: Path) -> None:
    """A description can be read from a file with other problems, and not from bad TOML."""
    good = user_file(banluck_home, "ours", copy_of("kampung", "ours").replace("decks = 1", "x=1"))
    bad = user_file(banluck_home, "bad", "[[[")
    assert presets.description_of(good) == presets.load("kampung").description
    assert presets.description_of(bad) is None


# --- writing ---------------------------------------------------------------------------------


def test_create_from_copies_comments_and_sets_the_name(banluck_home: Path) -> None:
    """The copy is the base with its name changed: comments kept, rules equal."""
    path = presets.create_from("our-house", "kampung")
    assert path == banluck_home / "house_rules" / "our-house.toml"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# banluck house rules: our-house (copied from kampung)\n")
    assert "max_cards = 5                      # most cards a hand may hold" in text
    assert 'name = "our-house"' in text
    copy, base = presets.load("our-house"), presets.load("kampung")
    assert copy.to_dict() == {
        **base.to_dict(),
        "name": "our-house",
        "description": f"copy of kampung: {base.description}",
    }


def test_a_copy_of_a_copy_names_its_own_base(banluck_home: Path) -> None:
    """The header comment of a copy says which preset it was copied from."""
    presets.create_from("first", "kampung")
    path = presets.create_from("second", "first")
    assert path.read_text().splitlines()[0] == "# banluck house rules: second (copied from first)"
    assert presets.load("second").to_dict() == {
        **presets.load("kampung").to_dict(),
        "name": "second",
        "description": f"copy of first: {presets.load('kampung').description}",
    }


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("kampung", "shipped preset's name"),
        ("Our House", "not allowed"),
        ("-x", "not allowed"),
        ("a" * 41, "not allowed"),
        ("../x", "may not contain a path"),
    ],
)
def test_create_from_refuses_names_that_are_not_free(
    banluck_home: Path, name: str, message: str
) -> None:
    """Shipped names and names that are not plain are refused and nothing is written."""
    with pytest.raises(PresetError, match=message):
        presets.create_from(name, "chinese")
    assert not (banluck_home / "house_rules").exists()


def test_create_from_refuses_an_existing_preset(banluck_home: Path) -> None:
    """An existing preset is never overwritten by `new`."""
    path = presets.create_from("ours", "kampung")
    before = path.read_bytes()
    with pytest.raises(PresetError, match="already exists"):
        presets.create_from("ours", "chinese")
    assert path.read_bytes() == before


def test_set_value_keeps_comments_in_their_column(banluck_home: Path) -> None:
    """The value changes, the comment and its column stay, and the old value comes back."""
    path = presets.create_from("ours", "kampung")
    old_line = next(x for x in path.read_text().splitlines() if x.startswith("triple_seven"))
    assert presets.set_value("ours", "payouts.triple_seven", "21") == (7, 21)
    new_line = next(x for x in path.read_text().splitlines() if x.startswith("triple_seven"))
    assert new_line.startswith("triple_seven = 21 ")
    assert new_line.index("#") == old_line.index("#")
    assert new_line[new_line.index("#") :] == old_line[old_line.index("#") :]
    assert "# banluck house rules: ours (copied from kampung)" in path.read_text()
    assert presets.load("ours").payouts.triple_seven == 21


@pytest.mark.parametrize(
    ("key", "text", "value"),
    [
        ("bust.shown_at_once", "no", False),
        ("points.ace", "one-or-eleven", "one-or-eleven"),
        ("description", "Our table on Fridays", "Our table on Fridays"),
        ("decks", " 2 ", 2),
    ],
)
def test_set_value_reads_text_by_the_knobs_type(
    banluck_home: Path, key: str, text: str, value: object
) -> None:
    """Booleans, choices, text and numbers typed on a command line become TOML values."""
    presets.create_from("ours", "kampung")
    presets.set_value("ours", key, text)
    assert presets.load("ours").get(key) == value


@pytest.mark.parametrize(
    ("key", "text", "message"),
    [
        ("payouts.triple_seven", "seven", "takes a whole number from 0 to 1000, not 'seven'"),
        ("payouts.triple_seven", "7.5", "not '7.5'"),
        ("payouts.triple_seven", "5000", "= 5000 is out of range"),
        ("payouts.ban_ban", "-1", "= -1 is out of range"),
        ("bust.shown_at_once", "maybe", "takes true or false"),
        ("fifteen.mode", "sometimes", "is not allowed: expected one of off, free-hand"),
        ("payouts.trple_seven", "7", "unknown key 'payouts.trple_seven' (did you mean"),
        ("payouts", "7", "unknown key 'payouts'"),
        ("name", "other", "a preset's name is its file's name"),
    ],
)
def test_set_value_refuses_bad_input_and_leaves_the_file(
    banluck_home: Path, key: str, text: str, message: str
) -> None:
    """Every refused `set` is one line and the file's bytes are unchanged."""
    path = presets.create_from("ours", "kampung")
    before = path.read_bytes()
    with pytest.raises(PresetError) as caught:
        presets.set_value("ours", key, text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)
    assert path.read_bytes() == before


def test_set_value_refuses_shipped_presets() -> None:
    """A shipped preset is never changed: the message says to copy it first."""
    path = presets.path_of("kampung")
    before = path.read_bytes()
    with pytest.raises(PresetError, match=r"shipped preset.*rules new NAME --from kampung"):
        presets.set_value("kampung", "payouts.triple_seven", "21")
    assert path.read_bytes() == before


def test_set_value_refuses_to_write_a_file_that_stays_invalid(banluck_home: Path) -> None:
    """Fixing one knob of a file with another problem writes nothing and names the problem."""
    text = copy_of("kampung", "ours").replace("every = 3 ", "every = 0 ")
    path = user_file(banluck_home, "ours", text)
    with pytest.raises(PresetError, match=r"would still not be valid.*rotation\.every = 0"):
        presets.set_value("ours", "payouts.triple_seven", "21")
    assert path.read_text(encoding="utf-8") == text


def test_set_value_fixes_the_only_problem(banluck_home: Path) -> None:
    """The result is what is checked, so `set` can repair an out-of-range knob."""
    text = copy_of("kampung", "ours").replace("every = 3 ", "every = 0 ")
    user_file(banluck_home, "ours", text)
    presets.set_value("ours", "rotation.every", "4")
    assert presets.load("ours").rotation.every == 4


def test_set_value_adds_a_key_that_was_missing(banluck_home: Path) -> None:
    """A knob missing from the file is added to its section."""
    text = copy_of("kampung", "ours").replace("heavy = 0 ", "")
    path = user_file(banluck_home, "ours", text)
    assert presets.set_value("ours", "bust.heavy", "28") == (None, 28)
    assert presets.load("ours").bust.heavy == 28
    assert "[bust]" in path.read_text()


def test_write_atomic_leaves_the_old_file_when_the_rename_fails(
    banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed write keeps the old bytes and leaves no temp file behind."""
    path = presets.create_from("ours", "kampung")
    before = path.read_bytes()

    def fail(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(PresetError, match=r"cannot write .*No space left on device"):
        presets.set_value("ours", "payouts.triple_seven", "21")
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["ours.toml"]


def test_write_atomic_replaces_whole_and_cleans_up(tmp_path: Path) -> None:
    """The new content replaces the old; only the target file remains."""
    path = tmp_path / "x" / "a.toml"
    presets.write_atomic(path, "one\n")
    presets.write_atomic(path, "two\n")
    assert path.read_text() == "two\n"
    assert [p.name for p in path.parent.iterdir()] == ["a.toml"]


def test_save_text_refuses_invalid_text(banluck_home: Path) -> None:
    """`save_text` (used by `rules edit`) writes only valid text."""
    path = presets.create_from("ours", "kampung")
    before = path.read_bytes()
    with pytest.raises(PresetError, match="not valid TOML"):
        presets.save_text("ours", "[[[")
    assert path.read_bytes() == before


# --- the preset's records stay dataclasses ---------------------------------------------------


def knob_table() -> str:
    rows = ["| knob | allowed values | meaning |", "|---|---|---|"]
    rows += [f"| `{k.key}` | {k.describe_allowed()} | {k.help} |" for k in KNOBS]
    return "\n".join(rows)


def shipped_table() -> str:
    loaded = [presets.load(n) for n in SHIPPED]

    def fmt(value: object) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    rows = ["| knob | " + " | ".join(f"`{n}`" for n in SHIPPED) + " |"]
    rows.append("|---|" + "---|" * len(SHIPPED))
    for knob in KNOBS:
        if knob.key not in ("name", "description"):
            values = " | ".join(fmt(p.get(knob.key)) for p in loaded)
            rows.append(f"| `{knob.key}` | {values} |")
    return "\n".join(rows)


@pytest.mark.parametrize(("marker", "make"), [("knobs", knob_table), ("shipped", shipped_table)])
def test_docs_tables_match_the_code(marker: str, make: object) -> None:
    """docs/presets.md lists every knob (and the shipped values) exactly as the code has them."""
    text = (ROOT / "docs" / "presets.md").read_text(encoding="utf-8")
    found = re.search(rf"<!-- {marker}:start[^>]*-->\n(.*?)\n<!-- {marker}:end -->", text, re.S)
    assert found, f"docs/presets.md has no {marker} table"
    expected = make()
    assert found.group(1) == expected, f"replace the {marker} table with:\n{expected}"
    for knob in KNOBS:
        assert f"`{knob.key}`" in text


def test_docs_mention_every_rules_command() -> None:
    """Each `banluck rules` command appears in docs/presets.md."""
    from banluck.cli.rules_cmd import rules_app

    text = (ROOT / "docs" / "presets.md").read_text(encoding="utf-8")
    for info in rules_app.registered_commands:
        assert f"banluck rules {info.name}" in text


# --- installed from a wheel ------------------------------------------------------------------


@pytest.mark.slow
def test_shipped_presets_load_from_a_built_wheel(tmp_path: Path) -> None:
    """A regular install finds the shipped presets inside the package (about 1 s).

    The wheel is unpacked (which is what installing it does) and imported from a folder away
    from the checkout, so `house_rules/` at the top of the source tree cannot be what is found.
    """
    wheels = tmp_path / "wheels"
    # With the build backend installed (the test extra), pip builds with it where it is rather
    # than installing it into a fresh build environment first (2 s of the test's 2.7 s).
    isolation = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            *isolation,
            "-q",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("banluck-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    assert sorted(p.name for p in (site / "banluck" / "house_rules").glob("*.toml")) == [
        f"{n}.toml" for n in ALL_SHIPPED
    ]
    code = (
        "import banluck, banluck.app.presets as p; "
        "print(banluck.__file__); print(p.shipped_dir()); print(','.join(p.shipped_names())); "
        "print(p.load('kampung').payouts.triple_seven)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    env["BANLUCK_HOME"] = str(tmp_path / "home")
    ran = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    module, folder, names, triple = ran.stdout.splitlines()
    assert Path(module).is_relative_to(site)
    assert Path(folder) == site / "banluck" / "house_rules"
    assert names == ",".join(ALL_SHIPPED)
    assert triple == "7"
    for name in ALL_SHIPPED:
        packed = (site / "banluck" / "house_rules" / f"{name}.toml").read_text(encoding="utf-8")
        assert tomllib.loads(packed) == tomllib.loads(shipped_text(name))
