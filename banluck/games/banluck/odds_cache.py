"""The odds models kept between runs: one file a model in the data folder's `cache/`.

Building a `Model` (the policy weights of every multiset) takes tens of milliseconds, and
`banluck odds` would otherwise pay that on every run. A cache file holds one model with the key it
was built for: the preset's every knob, the policy, the declaration, the file format and a digest
of the source of the modules the model is computed by. A file whose key differs (a knob changed,
banluck upgraded) or that cannot be read (damaged, truncated, another shape) is ignored and the
model is built and written again. Files are written atomically (`banluck.core.atomic`); a folder
that cannot be written only costs the next run the build.
"""

from __future__ import annotations

import json
import marshal
import sys
import zlib
from dataclasses import asdict
from functools import cache
from pathlib import Path
from typing import Any

from banluck.games.banluck.odds import Declared, Model, Policy, known_model, model_for, remember
from banluck.games.banluck.preset import Preset

FORMAT = 2
FOLDER = "cache"


@cache
def _code_digest() -> str:
    """A digest of the source the model is computed from: a new banluck invalidates the cache."""
    from banluck import __version__
    from banluck.core import cards
    from banluck.games.banluck import hands, odds, preset, settlement

    digest = zlib.crc32(__version__.encode())
    for module in (cards, hands, odds, preset, settlement):
        try:
            digest = zlib.crc32(Path(module.__file__ or "").read_bytes(), digest)
        except OSError:
            digest = zlib.crc32(module.__name__.encode(), digest)
    return f"{digest:08x}"


def cache_key(preset: Preset, policy: Policy, declared: Declared) -> dict[str, Any]:
    """Everything a model depends on, as plain data."""
    return {
        "format": FORMAT,
        "python": [*sys.version_info[:2], marshal.version],
        "code": _code_digest(),
        "preset": preset.to_dict(),
        "policy": asdict(policy),
        "declared": declared,
    }


def cache_path(folder: Path, key: dict[str, Any]) -> Path:
    """The file of a key in `folder` (named by the key's CRC-32: a file of another key is not used)."""
    text = json.dumps(key, sort_keys=True, separators=(",", ":"))
    return folder / FOLDER / f"odds-{zlib.crc32(text.encode()):08x}.cache"


def cached_model(folder: Path, preset: Preset, policy: Policy, declared: Declared) -> Model:
    """The model for preset, policy and declaration: from memory, from its cache file in `folder`,
    or built (and then written there). `model_for` returns it from then on."""
    model = known_model(preset, policy, declared)
    if model is not None:
        return model
    if type(policy) is not Policy:  # a subclass draws its own way: nothing to key it by
        return model_for(preset, policy, declared)
    key = cache_key(preset, policy, declared)
    path = cache_path(folder, key)
    model = _read(path, key, preset, policy, declared)
    if model is None:
        model = model_for(preset, policy, declared)
        _write(path, key, model)
    remember(model)
    return model


def _read(
    path: Path, key: dict[str, Any], preset: Preset, policy: Policy, declared: Declared
) -> Model | None:
    """The model in `path` if it was written for `key` and is whole, else None."""
    from banluck.core.reading import read_bytes

    try:
        header, _, body = read_bytes(path).partition(b"\n")  # a FIFO there: refused at once
        head = json.loads(header)
        if not isinstance(head, dict) or head.get("key") != key:
            return None
        if head.get("crc32") != zlib.crc32(body):
            return None
        return Model.from_data(preset, policy, declared, marshal.loads(body))
    except (OSError, EOFError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None


def _write(path: Path, key: dict[str, Any], model: Model) -> None:
    """A line of JSON (the key and the CRC-32 of the rest), then the model in `marshal`'s format
    (`Model.to_data`; it loads many times faster than JSON). The key holds the Python version."""
    from banluck.core.atomic import write_atomic

    body = marshal.dumps(model.to_data())
    header = json.dumps({"key": key, "crc32": zlib.crc32(body)})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, header.encode() + b"\n" + body)
    except OSError:
        pass  # a cache that cannot be written is only slower next time
