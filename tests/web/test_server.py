"""`banluck serve` over HTTP (a real server process): the token guards everything, nothing is
written or read outside the page's own routes, the page is banluck's own, the events follow
every write."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest

from tests.app.view_stores import both_families, run
from tests.web.serving import serving

pytestmark = pytest.mark.xdist_group("serve")


def test_without_the_token_every_request_gets_403_and_nothing_else(banluck_home: Path) -> None:
    both_families()
    with serving(banluck_home) as s:
        for path in (
            "/",
            "/x",
            "/test-token-12/",
            "/test-token-1234/",
            "/page.css",
            "/events",
            "/../test-token-123/",
            "/TEST-TOKEN-123/",
            "/etc/passwd",
        ):
            status, body, _ = s.get(path)
            assert (status, body) == (403, b""), path
        req = urllib.request.Request(f"http://127.0.0.1:{s.port}/{s.token}/", method="POST")
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(req, timeout=5)
        assert caught.value.code == 405  # no write route exists


def test_the_page_is_banlucks_own_with_a_strict_policy(banluck_home: Path) -> None:
    both_families()
    with serving(banluck_home) as s:
        status, body, headers = s.get(f"/{s.token}/")
        assert status == 200
        policy = headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script-src 'self'" in policy
        page = body.decode()
        assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "dealer 9 (up)" in page and "8 8 = 16" in page
        for name in ("page.css", "page.js"):
            status, body, headers = s.get(f"/{s.token}/{name}")
            assert status == 200 and body and headers["x-content-type-options"] == "nosniff"
        # a path of no route reads no file: the same 404 for a file that exists and one that not
        for path in ("static/page.css", "../pyproject.toml", "__init__.py", "index.json"):
            assert s.get(f"/{s.token}/{path}")[:2] == (404, b"")
        view = json.loads(s.get(f"/{s.token}/view.json")[1])
        assert view["night"]["id"] == 2 and view["live"]["kind"] == "round"


def test_names_and_reasons_are_escaped() -> None:
    """A name the store refuses today, or a reason of a future game, is still text on the page."""
    from banluck.app.people import NamedStore
    from banluck.app.view import players_view
    from banluck.web.html import body, report

    both_families()
    view = players_view(NamedStore())
    bad = "<script>alert(1)</script>"
    view["live"]["rows"][0]["name"] = bad
    view["live"]["hints"] = [bad]
    view["rounds"][0]["transfers"][0]["reason"] = bad
    view["settle"]["transfers"][0]["pay"] = bad
    view["results"] = {bad: 5}
    view["chart"]["series"] = {bad: [0, 5]}
    for page in (body(view), report(view)[0]):
        assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_events_follow_a_write_by_another_process(banluck_home: Path) -> None:
    both_families()
    with serving(banluck_home) as s:
        stream = urllib.request.urlopen(f"{s.url}events", timeout=10)
        first = _event(stream)
        assert "deal Carol" in first or "Carol" in first
        started = time.monotonic()
        run("act", "deal", "Carol", "10", "7")
        second = _event(stream)
        assert time.monotonic() - started < 2
        assert "10 7 = 17" in second
        stream.close()


def test_the_report_route_is_the_whole_night(banluck_home: Path) -> None:
    both_families()
    with serving(banluck_home) as s:
        status, body, headers = s.get(f"/{s.token}/report")
        assert status == 200 and "style-src 'sha256-" in headers["content-security-policy"]
        assert "<script" not in body.decode()


def _event(stream: object) -> str:
    """The data of the next `view` event on an open event stream."""
    data: list[str] = []
    name = ""
    while True:
        line = stream.readline().decode()  # type: ignore[attr-defined]
        if line in ("\n", ""):
            if name == "view" and data:
                return "\n".join(data)
            data, name = [], ""
            if line == "":
                raise AssertionError("the stream ended")
            continue
        if line.startswith("event: "):
            name = line[7:].strip()
        elif line.startswith("data: "):
            data.append(line[6:].rstrip("\n"))


def test_the_qr_code_of_a_lan_address_fits_45_columns() -> None:
    import secrets

    import segno

    from banluck.cli.serve_cmd import qr_lines

    url = f"http://192.168.100.200:65535/{secrets.token_urlsafe(16)}/"
    lines = qr_lines(url)
    assert max(len(line) for line in lines) <= 45
    assert set("".join(lines)) <= set("█▀▄ ")
    # the code is the address: two terminal rows a character, read back module for module
    modules = [list(r) for r in segno.make(url, error="l", micro=False).matrix_iter(border=2)]
    assert len(lines) == (len(modules) + 1) // 2 and len(lines[0]) == len(modules[0])


def test_serve_refuses_a_short_token(cli) -> None:
    code, out, err = cli("serve", "--token", "abc", "--host", "127.0.0.1")
    assert code == 1 and out == "" and "--token" in err
