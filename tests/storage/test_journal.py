"""The live round's journal: a line of play is one append beside the night file, the night file
takes the live round in when it is written, and a journal that does not extend the night file as
it is (stale, copied, cut short, damaged) never changes what is stored."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from banluck.storage import DamagedFile, Store, StoreError, journal
from banluck.storage import files as storage_files
from tests.helpers import disk_fills_after_4_bytes
from tests.storage.test_storage import a_round, open_night, stored_bytes


@pytest.fixture
def store(banluck_home: Path) -> Store:
    return Store(banluck_home)


def night_file(home: Path) -> Path:
    return home / "nights" / "0001.json"


def test_lines_of_play_leave_the_night_file_alone(store: Store, banluck_home: Path) -> None:
    """After the first line of a round (which begins the journal), a line changes only the
    journal: the night file keeps its bytes and is not even read."""
    open_night(store)
    store.push_action("deal")
    night = night_file(banluck_home).read_bytes()

    def unread(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the night file was read")

    original = storage_files.read_tables_crc
    storage_files.read_tables_crc = unread  # type: ignore[assignment]
    try:
        assert store.push_action("Bob draws 7") == ["deal", "Bob draws 7"]
        assert store.pop_action() == "Bob draws 7"
        assert store.push_action("Bob stands") == ["deal", "Bob stands"]
        assert store.live() == ["deal", "Bob stands"]
    finally:
        storage_files.read_tables_crc = original
    assert night_file(banluck_home).read_bytes() == night
    assert store.tonight() is not None and store.live() == ["deal", "Bob stands"]
    assert store.nights()[0]["live"] == 2
    assert store.check() == []


def test_a_write_of_the_night_takes_the_live_round_in(store: Store, banluck_home: Path) -> None:
    """A seat changed mid-round writes the night file with the live round in it; the journal is
    gone, and the next line begins a new one from there."""
    open_night(store)
    store.push_action("deal")
    store.push_action("Bob draws 7")
    store.update_night(stakes={"Cat": 20})
    assert not journal.journal_path(night_file(banluck_home)).exists()
    assert store.live() == ["deal", "Bob draws 7"]
    assert store.push_action("Cat stands") == ["deal", "Bob draws 7", "Cat stands"]
    assert [store.pop_action() for _ in range(3)] == ["Cat stands", "Bob draws 7", "deal"]
    assert store.live() == []
    store.push_action("deal")
    store.record_round(a_round(("Bob", "Ann", 10)))
    assert store.live() == [] and store.check() == []


def test_a_stale_journal_is_ignored(store: Store, banluck_home: Path) -> None:
    """A journal left beside a newer night file (a crash between writing the night and removing
    the journal) gives nothing: the night file's own live round holds."""
    open_night(store)
    store.push_action("deal")
    store.push_action("Bob busts")
    path = journal.journal_path(night_file(banluck_home))
    kept = path.read_bytes()
    store.record_round(a_round(("Bob", "Ann", 10)))
    store.update_night(stakes={"Cat": 20})  # the night file written, with the round in it
    path.write_bytes(kept)  # as if the removal had been lost
    assert store.live() == []
    assert store.push_action("deal") == ["deal"]
    assert store.check() == []


def test_a_line_cut_short_was_never_played(store: Store, banluck_home: Path) -> None:
    """A writer killed in the middle of appending leaves a line without its newline: it was
    never acknowledged, and it is not part of the round; the next line goes after the others."""
    open_night(store)
    store.push_action("deal")
    store.push_action("Bob draws 7")
    path = journal.journal_path(night_file(banluck_home))
    with path.open("ab") as f:
        f.write(b'{"push":"Cat dr')
    assert store.live() == ["deal", "Bob draws 7"]
    # the next line cuts the broken one off and goes after the others
    assert store.push_action("Cat stands") == ["deal", "Bob draws 7", "Cat stands"]
    assert Store(banluck_home).live() == ["deal", "Bob draws 7", "Cat stands"]


def test_a_copied_data_folder_keeps_the_round_in_progress(
    store: Store, banluck_home: Path, tmp_path: Path
) -> None:
    """A copy of the folder (another inode for the night file) still has the round: the journal
    extends the night file by its token, and the copy's next line begins it again."""
    open_night(store)
    store.push_action("deal")
    store.push_action("Bob draws 7")
    copy = tmp_path / "copy"
    shutil.copytree(banluck_home, copy)
    other = Store(copy)
    assert other.live() == ["deal", "Bob draws 7"]
    assert other.push_action("Bob stands") == ["deal", "Bob draws 7", "Bob stands"]
    assert store.live() == ["deal", "Bob draws 7"]


def test_a_damaged_journal_is_named(store: Store, banluck_home: Path) -> None:
    open_night(store)
    store.push_action("deal")
    path = journal.journal_path(night_file(banluck_home))
    path.write_bytes(path.read_bytes() + b"not json\n")
    before = stored_bytes(banluck_home)
    with pytest.raises(DamagedFile, match=r"0001.live is damaged .*remove it to go on"):
        store.live()
    with pytest.raises(DamagedFile):
        store.push_action("Bob stands")
    assert stored_bytes(banluck_home) == before


def test_a_full_disk_in_the_middle_of_a_line_leaves_the_journal_as_it_was(
    store: Store, banluck_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Part of the line written, then the disk is full: the journal is cut back, the error names
    the night, and the line can be played again once there is room."""
    open_night(store)
    store.push_action("deal")
    before = stored_bytes(banluck_home)
    disk_fills_after_4_bytes(monkeypatch)
    with pytest.raises(StoreError, match=r"cannot save .*0001.json: the disk is full"):
        store.push_action("Bob draws 7")
    monkeypatch.undo()
    assert stored_bytes(banluck_home) == before
    assert store.push_action("Bob draws 7") == ["deal", "Bob draws 7"]
