"""`banluck serve`'s web application (Starlette, run by uvicorn): a read-only page over the store.

Routes, all under the token (`/TOKEN/...`); any other request gets 403 with an empty body, and
reads no file:

- `/TOKEN/`: the page; `/TOKEN/page.css`, `/TOKEN/page.js`: its own style and script (read from
  the package once, at start, and served from memory);
- `/TOKEN/events`: server-sent events, one `view` event (the page's live part as HTML) at once
  and again after each change of the store;
- `/TOKEN/view.json`: the players' view as data; `/TOKEN/report`: the night report.

No route writes. One watcher polls the store's stamp (`app.view.stamp`: a few stats) every
`POLL` seconds and, when it changed, reads the view once and hands it to every connected page.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from banluck.app.view import players_view, stamp
from banluck.web import html

POLL = 0.2  # seconds between two looks at the store's stamp
KEEPALIVE = 15.0  # seconds: a comment line keeps idle connections (and proxies) open
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}


class Hub:
    """The store as last read, shared by every connected page: `version` counts the changes,
    `changed` is set (and replaced) on each."""

    def __init__(
        self, read: Callable[[], dict[str, Any]], look: Callable[[], Any], poll: float = POLL
    ) -> None:
        self.read, self.look, self.poll = read, look, poll
        self.version = 0
        self.view: dict[str, Any] = {}
        self.fragment = ""
        self.seen: Any = object()
        self.changed = asyncio.Event()

    def refresh(self) -> bool:
        """Read the store again when its stamp changed; True when it did."""
        now = self.look()
        if now == self.seen:
            return False
        try:
            view = self.read()
        except Exception as exc:  # a damaged store: the page says so and keeps following
            view = {"night": None, "error": str(exc)}
        self.seen = now
        self.view, self.fragment = view, _fragment(view)
        return True

    async def watch(self) -> None:
        while True:
            if await asyncio.to_thread(self.refresh):
                self.version += 1
                event, self.changed = self.changed, asyncio.Event()
                event.set()
            await asyncio.sleep(self.poll)


def _fragment(view: dict[str, Any]) -> str:
    if view.get("error"):
        from html import escape

        return f'<section class="card"><h2>The store</h2><p class="warn">{escape(view["error"])}</p></section>'
    return html.body(view)


def _event(fragment: str, version: int) -> bytes:
    data = "".join(f"data: {line}\n" for line in fragment.split("\n"))
    return f"id: {version}\nevent: view\n{data}\n".encode()


class Guard:
    """Every request whose path does not start with `/TOKEN/` gets 403 and nothing else (the
    token compared in constant time); no file is looked at before this."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app, self.prefix = app, f"/{token}"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "lifespan":
                await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        head, _, rest = path[1:].partition("/")
        if not secrets.compare_digest(f"/{head}".encode(), self.prefix.encode()):
            refusal = Response(status_code=403)
        elif not rest and not path.endswith("/"):
            refusal = Response(status_code=307, headers={"Location": f"{self.prefix}/"})
        elif scope.get("method") not in ("GET", "HEAD"):
            refusal = Response(status_code=405, headers={"Allow": "GET"})
        else:
            scope = {**scope, "path": "/" + rest, "raw_path": ("/" + rest).encode()}
            await self.app(scope, receive, send)
            return
        await refusal(scope, receive, send)


def make_app(
    store: Any, token: str, *, poll: float | None = None, night: int | None = None
) -> ASGIApp:
    """The ASGI application over `store`, guarded by `token`."""
    files = {
        "page.css": (html.static("page.css"), "text/css; charset=utf-8"),
        "page.js": (html.static("page.js"), "text/javascript; charset=utf-8"),
    }

    def read() -> dict[str, Any]:
        notes = getattr(store, "warnings", None)
        if isinstance(notes, list):
            notes.clear()  # a server runs all night: what a read noted is not kept
        return players_view(store, night)

    hub = Hub(read, lambda: stamp(store), poll or POLL)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await asyncio.to_thread(hub.refresh)
        task = asyncio.create_task(hub.watch())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def index(request: Request) -> Response:
        return HTMLResponse(html.page(hub.view), headers=HEADERS)

    async def data(request: Request) -> Response:
        return JSONResponse(hub.view, headers=HEADERS)

    async def report(request: Request) -> Response:
        view = await asyncio.to_thread(players_view, store, night, last=None)
        page, policy = html.report(view)
        return HTMLResponse(page, headers={**HEADERS, "Content-Security-Policy": policy})

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[bytes]:
            yield b"retry: 1000\n\n"
            version = None  # the view is sent at once, then after each change
            while True:
                if hub.version == version:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(hub.changed.wait(), KEEPALIVE)
                if hub.version == version:
                    yield b": still here\n\n"
                else:
                    version = hub.version
                    yield _event(hub.fragment, version)

        headers = {**HEADERS, "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def asset(request: Request) -> Response:
        found = files.get(request.path_params["name"])
        if found is None:  # a path of no route: nothing is looked up, nothing read
            return Response(status_code=404, headers=HEADERS)
        return Response(found[0], media_type=found[1], headers=HEADERS)

    routes = [
        Route("/", index),
        Route("/events", events),
        Route("/view.json", data),
        Route("/report", report),
        Route("/{name:path}", asset),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return Guard(app, token)
