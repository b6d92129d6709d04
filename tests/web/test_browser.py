"""The players' page in a real browser: Debian's headless Chromium driven by Playwright (its own
browser download is never used). Skipped, saying why, where Chromium or Playwright is missing;
CI installs both (.ci/run)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app.view_stores import ROOT, both_families, long_night, run
from tests.web.serving import serving, start

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENS = ROOT / "docs" / "screens"

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no {CHROMIUM}: apt-get install chromium chromium-driver (.ci/run does)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed: pip install -e '.[test]'")
    with sync_playwright() as p:
        found = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield found
        finally:
            found.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2)
    page = context.new_page()
    yield page
    context.close()


def banluck(*args: str) -> None:
    """`banluck ARGS` in a process of its own (another window at the table)."""
    subprocess.run([sys.executable, "-m", "banluck", *args], check=True, capture_output=True)


def text_of(page: Any, selector: str) -> str:
    return str(page.inner_text(selector))


def test_the_page_shows_the_nights_numbers(browser: Any, banluck_home: Path) -> None:
    both_families()
    with serving(banluck_home) as s:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        assert page.goto(s.url).status == 200
        head = text_of(page, "header h1")
        assert head == "night 2 · blackjack-pro · 2027-01-02 · round 2 · dealer Mei (1/5)"
        live = text_of(page, ".live")
        assert "dealer 9 (up)" in live and "8 8 = 16" in live and "waits" in live
        assert "awaited: the deal: Carol" in live
        rows = page.eval_on_selector_all(
            "table.results tbody tr",
            "rows => rows.map(r => [...r.cells].map(c => c.textContent))",
        )
        assert rows == [["Bob", "+10", "+340"], ["Carol", "+10", "+130"], ["Mei", "-20", "-280"]]
        settle = text_of(page, "ul.settle")
        assert "Mei pays Bob\n10" in settle or "Mei pays Bob 10" in settle
        assert page.locator("svg.chart").count() == 2
        assert "Bob: 19 beats the dealer's 17" in text_of(page, ".rounds")
        page.close()
    served = start(banluck_home, token="ban-luck-night-1", extra=("--night", "1"))
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(served.url)
        assert text_of(page, "h1") == "night 1 · chinese · 2027-01-01 · closed after 8 rounds"
        rows = page.eval_on_selector_all(
            "table.results tbody tr", "rows => rows.map(r => r.cells[1].textContent)"
        )
        assert rows == ["+330", "+120", "-30", "-80", "-80", "-260"]
        assert "ban-luck pays 2 × 10 = 20 at once" in text_of(page, ".rounds")
        page.close()
    finally:
        served.stop()


def test_a_write_in_another_process_shows_within_2_s_without_a_reload(
    phone: Any, banluck_home: Path
) -> None:
    both_families()
    with serving(banluck_home) as s:
        phone.goto(s.url)
        phone.wait_for_function(
            "() => document.getElementById('status').textContent.startsWith('live')"
        )
        phone.evaluate("window.notReloaded = true")
        banluck("act", "deal", "Carol", "10", "7")
        written = time.monotonic()  # the write is done: the other process has exited
        phone.wait_for_function(
            "() => document.querySelector('.live').textContent.includes('10 7 = 17')", timeout=5000
        )
        assert time.monotonic() - written < 2, time.monotonic() - written
        assert phone.evaluate("window.notReloaded") is True


def test_after_the_server_restarts_the_page_reconnects(phone: Any, banluck_home: Path) -> None:
    both_families()
    served = start(banluck_home)
    try:
        phone.goto(served.url)
        phone.wait_for_function(
            "() => document.getElementById('status').textContent.startsWith('live')"
        )
        phone.evaluate("window.notReloaded = true")
        served.stop()
        phone.wait_for_function(
            "() => document.getElementById('status').textContent.startsWith('reconnecting')"
        )
        banluck("act", "deal", "Carol", "10", "7")  # written while no server runs
        served = start(banluck_home, port=served.port)
        phone.wait_for_function(
            "() => document.querySelector('.live').textContent.includes('10 7 = 17')", timeout=10000
        )
        banluck("act", "stand", "Bob")
        phone.wait_for_function(
            "() => !document.querySelector('.live').textContent.includes('Bob to play')",
            timeout=2000,
        )
        assert phone.evaluate("window.notReloaded") is True
    finally:
        served.stop()


def test_without_the_token_the_browser_gets_403(phone: Any, banluck_home: Path) -> None:
    both_families()
    with serving(banluck_home) as s:
        phone.goto(s.url)
        for path in ("/", "/wrong-token/", "/wrong-token/events", "/page.css", "/test-token-12/"):
            got = phone.evaluate(
                "async path => { const r = await fetch(path); return [r.status, await r.text()] }",
                path,
            )
            assert got == [403, ""], path


def test_at_360_by_740_nothing_scrolls_sideways(phone: Any, banluck_home: Path) -> None:
    both_families()
    banluck("people", "set", "Bob", "--pay", "PayNow 9123 4567 (Bob's very long handle here)")
    with serving(banluck_home) as s:
        phone.goto(s.url)
        wide = phone.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert wide[0] <= wide[1] == 360
        assert "PayNow 9123 4567" in text_of(phone, "ul.settle")
        font = phone.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        assert font >= 16


def test_the_report_of_a_30_round_night_prints_on_at_most_two_a4_pages(
    browser: Any, banluck_home: Path, tmp_path: Path
) -> None:
    long_night(tmp_path, 30)
    out = tmp_path / "night.html"
    run("report", "-o", str(out))
    page = browser.new_page()
    page.goto(out.as_uri())
    assert "round 30 · dealer Bob" in text_of(page, ".rounds")
    pdf = page.pdf(format="A4", print_background=False)
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert 1 <= pages <= 2, pages
    page.close()


def test_screenshots_at_360_and_1280(browser: Any, banluck_home: Path) -> None:
    """docs/screens/: the page of a casino night with a round open, as a phone and a laptop
    show it (kept in the repository, made again by this test)."""
    both_families()
    run("people", "set", "Bob", "--pay", "PayNow 9123 4567")
    run("people", "set", "Carol", "--pay", "PayLah carol88")
    SCREENS.mkdir(parents=True, exist_ok=True)
    with serving(banluck_home) as s:
        for width, height in ((360, 740), (1280, 800)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(s.url)
            page.wait_for_function(
                "() => document.getElementById('status').textContent.startsWith('live')"
            )
            page.screenshot(path=str(SCREENS / f"serve-{width}.png"), full_page=True)
            page.close()
    assert (SCREENS / "serve-360.png").stat().st_size > 10_000
