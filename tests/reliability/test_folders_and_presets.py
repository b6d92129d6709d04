"""Reliability: the data folder, the nights folder and the user's presets when they are not what
banluck expects. Each case is one `error:` line naming what is wrong, a non-zero exit, no
traceback, and a bad preset file never breaks `rules list` for the others."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.reliability


def _run(cli, args: list[str], tally) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    try:
        return cli(*args)  # type: ignore[no-any-return]
    except Exception:  # a traceback
        tally(bad=1, tracebacks=1)
        raise


STORE_COMMANDS = [
    ["night", "start", "chinese", "Mei", "Bob"],
    ["history"],
    ["ledger"],
    ["settle"],
    ["check"],
    ["pay", "Bob", "Mei", "5"],
    ["night", "show"],
]


def _one_error(result: tuple[int, str, str], *says: str, tally=None) -> None:  # type: ignore[no-untyped-def]
    code, out, err = result
    lines = err.strip().splitlines()
    if tally is not None:
        ok = code == 1 and len(lines) == 1 and lines[0].startswith("error:")
        tally(bad=1, wrong=int(not (ok and all(part in lines[0] for part in says))))
    assert code == 1, (code, out, err)
    assert len(lines) == 1 and lines[0].startswith("error:"), err
    assert all(part in lines[0] for part in says), (says, err)


@pytest.mark.parametrize("args", STORE_COMMANDS, ids=" ".join)
def test_nights_being_a_file_is_named(cli, banluck_home: Path, args: list[str], tally) -> None:  # type: ignore[no-untyped-def]
    banluck_home.mkdir()
    (banluck_home / "nights").write_text("not a folder")
    says = (str(banluck_home / "nights"), "is not a folder", "move that file")
    _one_error(_run(cli, args, tally), *says, tally=tally)
    assert (banluck_home / "nights").read_text() == "not a folder"


@pytest.mark.parametrize("args", STORE_COMMANDS, ids=" ".join)
def test_banluck_home_being_a_file_is_named(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], tally
) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "a-file"
    home.write_text("x")
    monkeypatch.setenv("BANLUCK_HOME", str(home))
    _one_error(_run(cli, args, tally), str(home), "BANLUCK_HOME", "not a folder", tally=tally)
    assert home.read_text() == "x"


def test_a_preset_written_under_a_home_that_is_a_file_is_refused(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "a-file"
    home.write_text("x")
    monkeypatch.setenv("BANLUCK_HOME", str(home))
    _one_error(cli("rules", "new", "mine", "--from", "chinese"), f"{home} is a file")


LONG = "a" * 300


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "show", LONG],
        ["rules", "set", LONG, "decks", "2"],
        ["rules", "new", LONG, "--from", "chinese"],
        ["rules", "new", "mine", "--from", LONG],
        ["rules", "validate", LONG],
        ["night", "start", LONG, "Mei", "Bob"],
        ["hand", "A", "K", "--rules", LONG],
    ],
    ids=lambda a: " ".join(a)[:30],
)
def test_a_preset_name_over_255_bytes_is_one_line(cli, args: list[str], tally) -> None:  # type: ignore[no-untyped-def]
    _one_error(_run(cli, args, tally), "is not a preset name", tally=tally)


def _user_presets(cli, home: Path) -> Path:  # type: ignore[no-untyped-def]
    assert cli("rules", "new", "mine", "--from", "chinese")[0] == 0
    return home / "house_rules"


def _deep_arrays(folder: Path) -> None:
    (folder / "x.toml").write_text("a = " + "[" * 3000 + "]" * 3000 + "\n")


def _deep_tables(folder: Path) -> None:
    (folder / "x.toml").write_text("a = " + "{b = " * 500 + "1" + "}" * 500 + "\n")


BAD_FILES: dict[str, tuple[Callable[[Path], object], str]] = {
    "folder": (lambda f: (f / "x.toml").mkdir(), "is a folder, not a preset file"),
    "dangling link": (
        lambda f: os.symlink(f / "nowhere", f / "x.toml"),
        "is a link to a file that does not exist",
    ),
    "deep arrays": (_deep_arrays, "nested deeper than"),
    "deep tables": (_deep_tables, "nested deeper than"),
    "too large": (
        lambda f: (f / "x.toml").write_bytes(b"# " + b"x" * 2**20 + b"\n"),
        "too large for a preset",
    ),
    "not utf-8": (lambda f: (f / "x.toml").write_bytes(b'name = "\xff"\n'), "not UTF-8"),
}


@pytest.mark.parametrize("bad", sorted(BAD_FILES))
def test_a_bad_preset_file_leaves_the_others_listed(
    cli, banluck_home: Path, bad: str, tally
) -> None:  # type: ignore[no-untyped-def]
    make, says = BAD_FILES[bad]
    make(_user_presets(cli, banluck_home))
    code, out, err = _run(cli, ["rules", "list"], tally)
    tally(bad=1, wrong=int(code != 0 or "mine" not in out))
    assert code == 0 and "Traceback" not in err, err
    assert "mine" in out and "chinese" in out
    code, out, err = cli("rules", "validate")
    assert code == 1 and says in out + err, out + err
    assert "Traceback" not in out + err
    if bad in ("folder", "dangling link"):  # not preset files at all: there is no preset x
        _one_error(cli("rules", "show", "x"), "unknown preset 'x'")
    else:
        _one_error(cli("rules", "show", "x"), says)
    assert cli("night", "start", "mine", "Mei", "Bob")[0] == 0


def test_a_byte_order_mark_in_a_preset_is_not_part_of_it(cli, banluck_home: Path) -> None:  # type: ignore[no-untyped-def]
    path = _user_presets(cli, banluck_home) / "mine.toml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, _, err = cli("rules", "validate", "mine")
    assert code == 0, err
    assert cli("rules", "set", "mine", "decks", "2")[0] == 0
    assert cli("rules", "show", "mine", "--json")[0] == 0


def test_a_night_log_over_32_mib_is_refused_in_one_line(cli, tmp_path: Path, tally) -> None:  # type: ignore[no-untyped-def]
    from banluck.cli.replay_cmd import MAX_LOG_BYTES

    log = tmp_path / "huge.log"
    with log.open("wb") as out:
        out.write(b"night chinese Mei Bob\n")
        out.write(b"# " + b"x" * MAX_LOG_BYTES + b"\n")
    for args in (["replay", str(log)], ["replay", "--save", str(log)]):
        _one_error(_run(cli, args, tally), "larger than 32 MiB", tally=tally)
    assert not (tmp_path / "banluck-home" / "nights").exists()
