"""A shell command's error on a terminal is wrapped at words to its width, as the console's are
(issue 29); through a pipe it stays one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_table_terminal import ROOT, environment

pexpect = pytest.importorskip("pexpect")

ARGS = ["-m", "banluck", "rules", "show", "kampng"]


def test_an_error_on_a_45_column_terminal_is_wrapped_at_words(tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        ARGS,
        cwd=str(ROOT),
        env=environment(tmp_path),
        dimensions=(24, 45),
        encoding="utf-8",
        timeout=60,
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus != 0
    lines = child.before.replace("\r\n", "\n").strip().split("\n")
    assert len(lines) > 1 and lines[0].startswith("error: unknown preset 'kampng'")
    assert all(len(line) <= 45 for line in lines), lines
    piped = subprocess.run(
        [sys.executable, *ARGS],
        cwd=ROOT,
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        check=False,
    )
    assert piped.returncode != 0
    assert " ".join(lines) == piped.stderr.strip()  # the same words, one line through a pipe
    assert piped.stderr.count("\n") == 1
