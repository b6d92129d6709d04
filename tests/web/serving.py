"""A real `banluck serve` for the tests: its own process, on 127.0.0.1 and a free port only,
stopped by the test (and by itself after `LIMIT` seconds whatever happens)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

LIMIT = 300  # seconds: a server a test forgot still stops


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    port: int
    token: str
    process: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/{self.token}/"

    def get(self, path: str) -> tuple[int, bytes, dict[str, str]]:
        """GET a path of this server: (status, body, headers), errors included."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=5) as r:
                return r.status, r.read(), dict(r.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read(), dict(exc.headers)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start(
    home: Path,
    token: str = "test-token-123",
    port: int | None = None,
    extra: tuple[str, ...] = (),
) -> Served:
    """Start `banluck serve` on BANLUCK_HOME=`home` and wait until it answers."""
    port = port or free_port()
    env = {**os.environ, "BANLUCK_HOME": str(home)}
    args = [sys.executable, "-m", "banluck", "serve", "--host", "127.0.0.1"]
    args += ["--port", str(port), "--token", token, "--no-qr", *extra]
    process = subprocess.Popen(
        ["timeout", str(LIMIT), *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    served = Served(port, token, process)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"serve stopped: {process.stderr.read().decode()}")  # type: ignore[union-attr]
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            if served.get(f"/{token}/view.json")[0] == 200:
                return served
        time.sleep(0.05)
    served.stop()
    raise AssertionError("serve did not answer within 20 s")


@contextlib.contextmanager
def serving(home: Path, token: str = "test-token-123", port: int | None = None) -> Iterator[Served]:
    served = start(home, token, port)
    try:
        yield served
    finally:
        served.stop()
