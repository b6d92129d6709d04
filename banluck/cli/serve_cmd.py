"""`banluck serve` (the night live on every phone at the table, read-only) and `banluck report`
(one self-contained HTML page of a night, to keep or print). docs/serve.md says how.

The web stack (starlette, uvicorn) and the QR code (segno) are imported inside `serve` only, so
no other command's start-up changes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from banluck.cli.common import open_store
from banluck.core.errors import BanluckError

QR_BORDER = 2


def lan_address() -> str:
    """This machine's address on the local network, as the other phones reach it: the first
    address of its own name that is not a loopback one, else the first global address `ip`
    lists (Linux); 127.0.0.1 when there is none. Nothing is sent on the network."""
    import socket
    import subprocess

    try:
        found = [
            str(a[4][0]) for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        ]
    except OSError:
        found = []
    for address in found:
        if not address.startswith("127."):
            return address
    try:
        listed = subprocess.run(
            ["ip", "-4", "-o", "addr", "show", "scope", "global"],
            capture_output=True,
            text=True,
            timeout=2,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        listed = ""
    for line in listed.splitlines():
        words = line.split()
        if "inet" in words and words.index("inet") + 1 < len(words):
            return words[words.index("inet") + 1].split("/")[0]
    return "127.0.0.1"


def qr_lines(text: str) -> list[str]:
    """A QR code of `text` for a terminal: two modules a character (half blocks), dark on light,
    the quiet zone `QR_BORDER` modules wide; a URL of the page fits 45 columns."""
    import segno

    code = segno.make(text, error="l", micro=False)
    rows = [list(r) for r in code.matrix_iter(scale=1, border=QR_BORDER)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    chars = {(0, 0): "█", (1, 0): "▄", (0, 1): "▀", (1, 1): " "}
    return [
        "".join(chars[(bool(a), bool(b))] for a, b in zip(top, low, strict=True))
        for top, low in zip(rows[::2], rows[1::2], strict=True)
    ]


def serve(
    host: Annotated[
        str | None,
        typer.Option(help="The address to listen on (default: this machine's LAN address)."),
    ] = None,
    port: Annotated[int, typer.Option(help="The port to listen on.", min=1, max=65535)] = 8021,
    token: Annotated[
        str | None,
        typer.Option(help="The page's token (default: a new unguessable one each run)."),
    ] = None,
    night: Annotated[
        int | None, typer.Option("--night", "-n", help="Serve this night (default: the latest).")
    ] = None,
    qr: Annotated[bool, typer.Option(help="Print a QR code of the page's address.")] = True,
) -> None:
    """Show the night live on the players' phones: a read-only page on the table's network,
    guarded by a token in its address; it follows every write to the store. Ctrl-C stops it.

    Example: banluck serve
    """
    import secrets

    if token is not None and (
        len(token) < 8 or not token.replace("-", "").replace("_", "").isalnum()
    ):
        raise BanluckError("--token: give at least 8 letters, digits, - or _")
    token = token or secrets.token_urlsafe(16)
    host = host or lan_address()
    store = open_store()
    store.nights()  # a damaged store is said now, before anything listens
    import uvicorn

    from banluck.web.server import make_app

    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/{token}/"
    out = [f"banluck serve: the night on every phone at {url}"]
    if host.startswith("127."):
        out.append("(this machine only: give --host with its address on the table's network)")
    if qr:
        out += qr_lines(url)
    out.append("read-only; anyone with this address (the QR code) sees the page · Ctrl-C stops")
    sys.stdout.write("\n".join(out) + "\n")
    sys.stdout.flush()
    config = uvicorn.Config(
        make_app(store, token, night=night),
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=1,
        lifespan="on",
    )
    try:
        uvicorn.Server(config).run()
    except OSError as exc:
        raise BanluckError(f"cannot listen on {host}:{port}: {exc.strerror}") from None


def report(
    night: Annotated[
        int | None, typer.Option("--night", "-n", help="The night (default: the latest).")
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the page to this file (default: stdout)."),
    ] = None,
) -> None:
    """Write one night as a self-contained HTML page to keep or print: the results, every
    round's transfers with their reasons, the bank's turns, the chart and the settle-up.

    Example: banluck report -o night.html
    """
    from banluck.app.view import players_view
    from banluck.web.html import report as page

    view = players_view(open_store(), night, last=None)
    if view.get("night") is None:
        raise BanluckError("no night is recorded yet: start one with `banluck night start`")
    text, _ = page(view)
    if output is None:
        sys.stdout.write(text + "\n")
        return
    try:
        output.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise BanluckError(f"cannot write {output}: {exc.strerror}") from None
    typer.echo(f"night {view['night']['id']} written to {output}")


def register(root: typer.Typer) -> None:
    root.command("serve")(serve)
    root.command("report")(report)
