"""The page's own files ship inside the package: a built wheel holds them, and the page reads
them from the package (never from the source tree)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ("page.css", "page.js", "report.css")


@pytest.mark.slow
def test_the_wheel_holds_the_pages_files(tmp_path: Path) -> None:
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
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("banluck-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in STATIC:
        assert f"banluck/web/static/{name}" in names
    assert "banluck/web/server.py" in names and "banluck/cli/serve_cmd.py" in names


def test_the_static_files_are_read_from_the_package() -> None:
    from banluck.web.html import static

    for name in STATIC:
        assert static(name) == (ROOT / "banluck" / "web" / "static" / name).read_bytes()
