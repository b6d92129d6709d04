"""Where banluck keeps the user's data: `BANLUCK_HOME`, else the platform's user data folder."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """The user's banluck folder (not created here)."""
    if env := os.environ.get("BANLUCK_HOME"):
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("banluck", appauthor=False))


def named_by() -> str:
    """How the user chose the data folder, for a message about it."""
    return "BANLUCK_HOME" if os.environ.get("BANLUCK_HOME") else "the platform's data folder"
