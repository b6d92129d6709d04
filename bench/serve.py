"""`banluck serve` under a night's load: how soon a page hears of a write, and what the server
costs while the phones of a table watch a long night being typed.

1. Latency: one page (an event-stream client) is connected; a line of play is written through
   the application (`Session.act`, as `banluck act` and the console write it), and the time from
   the end of the write to the page's `view` event is taken (each write after a random pause of
   up to 0.3 s: a dealer types at no fixed phase of the server's polling); median and 90th percentile over 50
   writes (10 with --short). Each write waits for its event before the next.
2. Load: 20 pages connected at once (5 with --short) while a night of 300 rounds (30 with
   --short) is typed a line every 0.05 s (every look at the store finds a change), four lines a
   round; the server's CPU
   time over that wall time (from /proc), and the events each page received.

The server is a real `banluck serve` process on 127.0.0.1 and a free port, stopped at the end.

    python bench/serve.py
    python bench/serve.py --short

Targets: the median write-to-event time under 0.5 s (the page updates "within a second"), and the
server's CPU under one core while 20 phones watch the night being typed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "bench-token-1234"
LATENCY = 0.5  # seconds, median target
CPU = 1.0  # cores, while typing
# seconds between two lines typed in the load part: far faster than a dealer types, yet slower
# than the server's polling, so that nearly every look at the store finds a change to send
PACE = 0.05


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Page(threading.Thread):
    """One phone: an event-stream client that notes the time of each `view` event."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.events: queue.Queue[float] = queue.Queue()
        self.count = 0
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        request = (
            f"GET /{TOKEN}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        )
        self.sock.sendall(request.encode())

    def run(self) -> None:
        reader = self.sock.makefile("rb")
        try:
            for line in reader:
                if line.startswith(b"event: view"):
                    self.count += 1
                    self.events.put(time.perf_counter())
        except OSError:
            pass

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def round_lines(dealer: str, seats: list[str], n: int) -> list[str]:
    other = [s for s in seats if s != dealer]
    hands = ["10 8", "10 6", "9 9", "K Q"]
    return ["dealer 10 7", "stand all"] + [
        f"open {who} {hands[(n + k) % len(hands)]}" for k, who in enumerate(other)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", action="store_true", help="fewer writes, pages and rounds (CI)")
    args = parser.parse_args()
    writes, pages, rounds = (10, 5, 30) if args.short else (50, 20, 300)

    home = Path(tempfile.mkdtemp(prefix="banluck-bench-serve-"))
    os.environ["BANLUCK_HOME"] = str(home)
    sys.path.insert(0, str(ROOT))
    from banluck.app.nights import start_night
    from banluck.app.session import Session
    from banluck.storage import Store

    seats = ["Mei", "Bob", "Carol"]
    store = Store(home)
    start_night(store, "chinese", seats, 10, "2027-01-01")
    port = free_port()
    env = {**os.environ, "BANLUCK_HOME": str(home)}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "banluck",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--token",
            TOKEN,
            "--no-qr",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.05)
        session = Session.open(store)
        typed = 0

        def lines() -> list[str]:
            nonlocal typed
            typed += 1
            return round_lines(session.night.seating.dealer, seats, typed)

        # 1. latency: one page, one write at a time
        page = Page(port)
        page.start()
        page.events.get(timeout=10)  # the view as the page connects
        waits: list[float] = []
        pending: list[str] = []
        while len(waits) < writes:
            if not pending:
                pending = lines()
            time.sleep(random.uniform(0, 0.3))  # a dealer types at no fixed phase of the poll
            session.act(pending.pop(0))
            done = time.perf_counter()
            waits.append(page.events.get(timeout=10) - done)
        page.close()
        median = statistics.median(waits)
        p90 = sorted(waits)[int(len(waits) * 0.9) - 1]
        print(
            f"write to the page's event: median {median * 1000:.0f} ms, 90% {p90 * 1000:.0f} ms over {writes} writes"
        )

        # 2. load: many pages while a long night is typed
        phones = [Page(port) for _ in range(pages)]
        for p in phones:
            p.start()
        time.sleep(1.0)
        cpu0, wall0 = cpu_seconds(server.pid), time.perf_counter()
        for line in pending:  # the round the first part left open
            session.act(line)
        for _ in range(rounds):
            for line in lines():
                session.act(line)
                time.sleep(PACE)
        time.sleep(0.5)  # the last change reaches every page
        cpu, wall = cpu_seconds(server.pid) - cpu0, time.perf_counter() - wall0
        events = [p.count for p in phones]
        for p in phones:
            p.close()
        print(
            f"{pages} pages, {rounds} rounds ({rounds * (len(seats) + 1)} lines) typed in {wall:.1f} s:"
            f" server CPU {cpu:.1f} s ({cpu / wall:.0%} of one core),"
            f" {min(events)}-{max(events)} events a page"
        )
        ok = median < LATENCY and cpu / wall < CPU and min(events) > 1
        print("targets met" if ok else "TARGETS MISSED")
        return 0 if ok or args.short else 1
    finally:
        server.terminate()
        try:
            server.wait(5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
