"""Many short-lived processes without paying Python's start-up for each one.

The crash tests kill real processes at many points. Starting a fresh interpreter and importing
banluck for each costs a third of a second; a fork of a process that has already imported it
costs a few milliseconds. `ForkServer` runs one such process: each `run` forks it into a real,
separate process that runs a script with its own argv and environment and its output in a file;
the test kills it (or lets it end) and `wait` gives its exit code as `subprocess` does
(-9 for a SIGKILL).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

SERVER = r"""
import json, os, sys

for name in sys.argv[1:]:
    __import__(name)
requests, replies = sys.stdin, sys.stdout
for line in requests:
    job = json.loads(line)
    if job["op"] == "wait":
        _, status = os.waitpid(job["pid"], 0)
        replies.write(f"{os.waitstatus_to_exitcode(status)}\n")
        replies.flush()
        continue
    pid = os.fork()
    if pid:
        replies.write(f"{pid}\n")
        replies.flush()
        continue
    # the child: its own argv, environment, folder and output file; no stdin
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    out = os.open(job["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(out, 1)
    os.dup2(out if job["err"] is None else os.open(job["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
    sys.stdin = open(os.devnull)
    sys.stdout = os.fdopen(1, "w", buffering=1)
    sys.stderr = os.fdopen(2, "w", buffering=1)
    os.environ.clear()
    os.environ.update(job["env"])
    os.chdir(job["cwd"])
    sys.argv = ["-c", *job["argv"]]
    code = 0
    try:
        exec(compile(job["script"], "<forked>", "exec"), {"__name__": "__main__"})
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        import traceback
        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
"""


class ForkServer:
    """One interpreter with `preload` imported, forked into a process per `run`."""

    def __init__(self, preload: list[str], cwd: Path) -> None:
        self.cwd = cwd
        self.server = subprocess.Popen(
            [sys.executable, "-c", SERVER, *preload],
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        )

    def _ask(self, job: dict[str, Any]) -> int:
        assert self.server.stdin is not None and self.server.stdout is not None
        self.server.stdin.write(json.dumps(job) + "\n")
        self.server.stdin.flush()
        reply = self.server.stdout.readline()
        assert reply, "the fork server died"
        return int(reply)

    def run(
        self,
        script: str,
        args: list[str],
        out: Path,
        err: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> int:
        """Start `python -c script *args` as a forked process; its pid. Its stdout goes to
        `out` (stderr too, unless `err` is given)."""
        out.write_text("")  # there before the process writes to it
        job = {
            "op": "run",
            "script": script,
            "argv": args,
            "out": str(out),
            "err": None if err is None else str(err),
            "env": dict(os.environ if env is None else env),
            "cwd": str(self.cwd),
        }
        return self._ask(job)

    def wait(self, pid: int) -> int:
        """The exit code of a process started by `run` (negative: the signal that ended it)."""
        return self._ask({"op": "wait", "pid": pid})

    def close(self) -> None:
        assert self.server.stdin is not None
        self.server.stdin.close()
        self.server.wait(timeout=30)

    def __enter__(self) -> ForkServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
