"""A request for any path outside the page's own routes, with or without the token, reads no
file: the application is called directly (as uvicorn calls it) under an audit hook that notes
every file opened."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from banluck.app.people import NamedStore
from banluck.web.server import make_app
from tests.app.view_stores import both_families

TOKEN = "audit-token-123"
OPENED: list[str] = []
WATCHING = [False]


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if WATCHING[0] and event in ("open", "os.listdir", "os.scandir", "pathlib.Path.glob"):
        OPENED.append(f"{event} {args[0]!r}")


sys.addaudithook(_hook)


def call(app: Any, path: str, method: str = "GET") -> tuple[int, bytes]:
    """One HTTP request through the ASGI application: (status, body)."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8021),
        "root_path": "",
    }
    WATCHING[0] = True
    try:
        asyncio.run(app(scope, receive, send))
    finally:
        WATCHING[0] = False
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, body


def test_no_path_outside_the_routes_reads_a_file() -> None:
    both_families()
    app = make_app(NamedStore(), TOKEN)
    call(app, f"/{TOKEN}/nothing-yet")  # the first request imports what a request needs
    paths = [
        "/",
        "/etc/passwd",
        "/index.json",
        "/nights/0001.json",
        "/page.css",
        f"/{TOKEN}x/page.css",
        f"/{TOKEN}/../../etc/passwd",
        f"/{TOKEN}/static/page.css",
        f"/{TOKEN}/index.json",
        f"/{TOKEN}/nights/0001.json",
        f"/{TOKEN}/__init__.py",
        f"/{TOKEN}/web/static/page.js",
        f"/{TOKEN}/%2e%2e/pyproject.toml",
    ]
    for path in paths:
        OPENED.clear()
        status, body = call(app, path)
        assert status in (403, 404) and body == b"", path
        assert OPENED == [], (path, OPENED)
    for method in ("POST", "PUT", "DELETE"):
        OPENED.clear()
        assert call(app, f"/{TOKEN}/", method)[0] == 405 and OPENED == []
    # the page's own files come from memory too
    OPENED.clear()
    status, body = call(app, f"/{TOKEN}/page.css")
    assert status == 200 and body and OPENED == []
    # and the hook does see a read: the report reads the store
    OPENED.clear()
    assert call(app, f"/{TOKEN}/report")[0] == 200
    assert any("index.json" in o or "0002.json" in o for o in OPENED), OPENED
