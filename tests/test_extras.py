"""The README's test command installs what the tests need and no more (issue 29): the linters
and the type checker are the `dev` extra, which `.ci/run` installs beside `test`."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=\[ ]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_test_extra_holds_no_linter_and_ci_installs_both() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert {"ruff", "mypy", "import-linter"} <= _names(extras["dev"])
    assert not {"ruff", "mypy", "import-linter"} & _names(extras["test"])
    assert {"pytest", "pytest-xdist", "hypothesis"} <= _names(extras["test"])
    assert (
        'pip install -e ".[test]" && python -m pytest -n auto' in (ROOT / "README.md").read_text()
    )
    assert '".[test,dev]"' in (ROOT / ".ci" / "run").read_text()
