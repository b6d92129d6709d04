"""The night's pictures, drawn on the server as SVG (no chart library, no script): each player's
running result by round number, and the bank's turns. Colours come from classes (`s0`..`s7`,
`up`, `down`, `axis`) that the page's and the report's style sheets set, light and dark; every
text is escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

COLOURS = 8
WIDTH = 480


def signed(amount: int) -> str:
    """An amount with its sign: `+5`, `-3`, `0`."""
    return f"+{amount}" if amount > 0 else str(amount)


def _svg(height: int, title: str) -> list[str]:
    """The opening of a chart's picture, its title said to screen readers too."""
    return [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img"'
        f' aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]


def _ticks(low: int, high: int, count: int = 4) -> list[int]:
    """Round amounts from below `low` to above `high` for an axis (0 always among them)."""
    raw = max(high - low, 1) / count
    step = next(b * 10**p for p in range(13) for b in (1, 2, 5) if b * 10**p >= raw)
    first, end = (low // step) * step, -(-high // step) * step
    return list(range(first, end + step, step))


def results_chart(chart: Mapping[str, Any], title: str = "Running result by round") -> str:
    """A line a player: the running result (y, amounts) after each round (x, round numbers)."""
    xs: Sequence[int] = chart.get("rounds", [])
    series: Mapping[str, Sequence[int]] = chart.get("series", {})
    if len(xs) < 2 or not series:
        return ""
    values = [v for line in series.values() for v in line]
    low, high = min([*values, 0]), max([*values, 0])
    yt = _ticks(low, high)
    low, high = min(low, yt[0]), max(high, yt[-1])
    left, right, top, bottom = 56, 12, 12, 40
    legend_rows = (len(series) + 2) // 3
    height = 226 + 22 * legend_rows
    plot_h = 220 - top - bottom
    plot_w = WIDTH - left - right
    n = len(xs)

    def px(i: int) -> float:
        return left + plot_w * i / (n - 1)

    def py(v: float) -> float:
        return top + plot_h * (high - v) / max(high - low, 1)

    parts = _svg(height, title)
    for t in yt:
        y = py(t)
        cls = "axis zero" if t == 0 else "grid"
        parts.append(
            f'<line class="{cls}" x1="{left}" x2="{WIDTH - right}" y1="{y:.1f}" y2="{y:.1f}"/>'
        )
        parts.append(
            f'<text class="tick" x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{signed(t)}</text>'
        )
    step = max(1, (n - 1) // 10)
    for i in range(0, n, step):
        x = px(i)
        parts.append(
            f'<text class="tick" x="{x:.1f}" y="{top + plot_h + 18}" text-anchor="middle">{xs[i]}</text>'
        )
    parts.append(
        f'<text class="tick" x="{left + plot_w / 2:.1f}" y="{top + plot_h + 36}" text-anchor="middle">round</text>'
    )
    for k, (name, line) in enumerate(series.items()):
        points = " ".join(f"{px(i):.1f},{py(v):.1f}" for i, v in enumerate(line))
        parts.append(
            f'<polyline class="line s{k % COLOURS}" points="{points}"><title>{escape(name)} {line[-1]:+d}</title></polyline>'
        )
    for k, (name, line) in enumerate(series.items()):
        lx = 8 + (k % 3) * ((WIDTH - 16) / 3)
        ly = 220 + 6 + 22 * (k // 3)
        parts.append(
            f'<rect class="key s{k % COLOURS}" x="{lx:.1f}" y="{ly}" width="14" height="4"/>'
        )
        parts.append(
            f'<text class="label" x="{lx + 18:.1f}" y="{ly + 6}">{escape(name)} {signed(line[-1])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def turns_chart(turns: Sequence[Mapping[str, Any]], title: str = "The bank's turns") -> str:
    """One bar a turn of the bank, along the rounds: who dealt rounds first..last, and what the
    turn made the dealer (above the line: won; below: lost)."""
    if not turns:
        return ""
    first = min(int(t["first"]) for t in turns)
    last = max(int(t["last"]) for t in turns)
    made = [int(t["made"]) for t in turns]
    top_v = max([*made, 0, 1])
    low_v = min([*made, 0, -1])
    left, right, top, height = 12, 12, 22, 190
    plot_w = WIDTH - left - right
    mid_h = height - top - 40
    span = last - first + 1

    def px(r: float) -> float:
        return left + plot_w * (r - first) / span

    def py(v: float) -> float:
        return top + mid_h * (top_v - v) / (top_v - low_v)

    parts = _svg(height, title)
    parts.append(
        f'<line class="axis zero" x1="{left}" x2="{WIDTH - right}" y1="{py(0):.1f}" y2="{py(0):.1f}"/>'
    )
    for t in turns:
        x0, x1 = px(int(t["first"])), px(int(t["last"]) + 1)
        v = int(t["made"])
        y0, y1 = sorted((py(0), py(v)))
        cls = "up" if v > 0 else "down" if v < 0 else "even"
        rounds = f"{t['first']}" if t["first"] == t["last"] else f"{t['first']}-{t['last']}"
        label = f"{t['dealer']} rounds {rounds}: {signed(v)}"
        parts.append(
            f'<rect class="bar {cls}" x="{x0 + 1:.1f}" y="{y0:.1f}" width="{max(x1 - x0 - 2, 1):.1f}"'
            f' height="{max(y1 - y0, 1):.1f}"><title>{escape(label)}</title></rect>'
        )
        if x1 - x0 >= 40:
            ty = y0 - 4  # above the bar, or above the line for a loss
            parts.append(
                f'<text class="label" x="{(x0 + x1) / 2:.1f}" y="{ty:.1f}" text-anchor="middle">{signed(v)}</text>'
            )
            parts.append(
                f'<text class="tick" x="{(x0 + x1) / 2:.1f}" y="{height - 22}" text-anchor="middle">{escape(str(t["dealer"]))}</text>'
            )
        parts.append(
            f'<line class="grid" x1="{x0:.1f}" x2="{x0:.1f}" y1="{top}" y2="{height - 34}"/>'
        )
    for r in sorted({int(t["first"]) for t in turns} | {last}):
        parts.append(f'<text class="tick" x="{px(r) + 2:.1f}" y="{height - 6}">{r}</text>')
    parts.append("</svg>")
    return "".join(parts)
