"""The players' view and the night report as HTML, from the plain data of `app.view`.

One renderer for both: `body(view)` is the page's live part (sent again, whole, on every change),
`page(view, token)` the page around it (its style sheet and script are banluck's own files,
`banluck/web/static/`), `report(view)` one self-contained page to keep (inline style and SVG, a
print style sheet, no script). Every text from the store (names, reasons, hints) is escaped.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from importlib import resources
from typing import Any

from banluck.money.entries import round_title
from banluck.web.svg import results_chart, signed, turns_chart


def static(name: str) -> bytes:
    """A file shipped in the package's `static` folder (read once by the server)."""
    return resources.files("banluck.web").joinpath("static", name).read_bytes()


def _amount(amount: int | None) -> str:
    if amount is None:
        return '<td class="num"></td>'
    cls = "up" if amount > 0 else "down" if amount < 0 else "even"
    return f'<td class="num {cls}">{escape(signed(amount))}</td>'


def _section(title: str, inner: str, cls: str = "") -> str:
    extra = f" {cls}" if cls else ""
    return f'<section class="card{extra}"><h2>{escape(title)}</h2>{inner}</section>'


def _list(items: Iterable[str], cls: str) -> str:
    rows = "".join(f"<li>{escape(i)}</li>" for i in items)
    return f'<ul class="{cls}">{rows}</ul>' if rows else ""


def _table(head: Sequence[str], rows: Iterable[str], cls: str = "") -> str:
    th = "".join(
        f'<th class="num">{escape(h[1:])}</th>' if h.startswith(">") else f"<th>{escape(h)}</th>"
        for h in head
    )
    return (
        f'<table class="{cls}"><thead><tr>{th}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def headline(view: Mapping[str, Any]) -> str:
    night = view["night"]
    live = view.get("live") or {}
    bits = [f"night {night['id']}", night["preset"], night["date"]]
    if night["status"] == "open" and live.get("kind") in ("round", "idle"):
        turn = f" ({live['turn']})" if live.get("turn") else ""
        bits += [f"round {live['round']}", f"dealer {live['dealer']}{turn}"]
    elif night["status"] != "open":
        bits.append(f"closed after {view['rounds_played']} rounds")
    return " · ".join(bits)


def _stakes(night: Mapping[str, Any]) -> str:
    stakes = night["stakes"]
    if not stakes:
        return ""
    same = set(stakes.values())
    if len(same) == 1:
        return f"stake {next(iter(same))} each"
    return "stakes " + ", ".join(f"{n} {v}" for n, v in stakes.items())


def _live(view: Mapping[str, Any]) -> str:
    live = view.get("live")
    if not live:
        return ""
    kind = live["kind"]
    if kind == "error":
        return _section("The round", f'<p class="warn">{escape(live["text"])}</p>', "live")
    if kind == "tournament":
        board = _table(
            ["#", "player", ">stack", "bet", "status"],
            (
                f'<tr class="{"out" if r["out"] else ""}"><td>{r["place"]}</td>'
                f'<td>{escape(r["name"])}</td><td class="num">{r["stack"]}</td>'
                f"<td>{escape(r['bet'])}</td><td>{escape(r['status'])}</td></tr>"
                for r in live["board"]
            ),
            "board",
        )
        inner = f'<p class="big">{escape(live["title"])}</p>{board}'
        inner += _hand(live, "bet")
        return _section("The tournament", inner, "live")
    if kind == "idle":
        seats = ", ".join(f"{s['name']} {s['stake']}" for s in live["seats"])
        inner = f'<p class="big">between rounds · dealer {escape(live["dealer"])}</p>'
        inner += f"<p>seats: {escape(seats)}</p>"
        inner += _list([*live.get("carry", []), *live.get("notes", [])], "notes")
        inner += f'<p class="dim">{escape(live["idle"])}</p>'
        return _section(f"Round {live['round']}", inner, "live")
    inner = _hand(live, "stake")
    inner += _list(live.get("carry", []), "notes")
    return _section(f"Round {live['round']} · dealer {live['dealer']}", inner, "live")


def _hand(live: Mapping[str, Any], bet: str) -> str:
    inner = ""
    if live.get("dealer_line"):
        inner += f'<p class="big dealer">{escape(live["dealer_line"])}</p>'
    if live.get("rows"):
        inner += _table(
            ["player", bet, ">cards", "state", ">+/-"],
            (
                f"<tr><td>{escape(r['name'])}</td><td>{escape(str(r[bet]))}</td>"
                f'<td class="num">{escape(r["cards"])}</td><td>{escape(r["state"])}</td>'
                f"{_amount(r['amount'])}</tr>"
                for r in live["rows"]
            ),
            "hand",
        )
    inner += _list(live.get("hints", []), "hints")
    if live.get("awaited"):
        inner += f'<p class="awaited">awaited: {escape(live["awaited"])}</p>'
    return inner


def _results(view: Mapping[str, Any]) -> str:
    rows = (
        f"<tr><td>{escape(n)}</td>{_amount(v)}{_amount(view['unpaid'].get(n, 0))}</tr>"
        for n, v in view["results"].items()
        if ":" not in n
    )
    inner = _table(["player", ">tonight", ">unpaid"], rows, "results")
    inner += '<p class="dim">unpaid: every night\'s balance less the payments recorded</p>'
    if view.get("payments"):
        inner += _list(
            (f"{p['from']} paid {p['to']} {p['amount']}" for p in view["payments"]), "notes"
        )
    return _section("Tonight", inner)


def _transfers(transfers: Sequence[Mapping[str, Any]]) -> str:
    if not transfers:
        return '<p class="dim">no money moved</p>'
    rows = "".join(
        f'<li><span class="who">{escape(t["from"])} → {escape(t["to"])}</span>'
        f' <span class="num">{t["amount"]}</span>'
        f' <span class="why">{escape(t["reason"])}</span></li>'
        for t in transfers
    )
    return f'<ul class="transfers">{rows}</ul>'


def _rounds(rounds: Sequence[Mapping[str, Any]], title: str) -> str:
    if not rounds:
        return ""
    parts = []
    for r in rounds:
        head = f"{round_title(r['round'], 'between' in r)} · dealer {r['dealer']}"
        if r.get("ended"):
            head += f" · {r['ended']}"
        if r.get("reversed") is not None:
            head += f" · reversed: {r['reversed']}"
        parts.append(
            f'<div class="round"><h3>{escape(head)}</h3>{_transfers(r["transfers"])}</div>'
        )
    return _section(title, "".join(parts), "rounds")


def _settle(view: Mapping[str, Any]) -> str:
    settle = view["settle"]
    if not settle["transfers"]:
        return _section(
            "Settle-up", f"<p>{escape(settle['scope'])}: everyone is even, nobody pays</p>"
        )
    rows = "".join(
        f'<li><span class="who">{escape(t["from"])} pays {escape(t["to"])}</span>'
        f' <span class="num">{t["amount"]}</span>'
        + (f' <span class="pay">{escape(t["pay"])}</span>' if t.get("pay") else "")
        + "</li>"
        for t in settle["transfers"]
    )
    label = {
        "exact": "fewest transfers",
        "greedy": "not proven fewest",
        "via": "through one banker",
    }
    inner = f'<p class="dim">{escape(settle["scope"])} · {escape(label.get(settle["method"], settle["method"]))}</p>'
    inner += f'<ul class="settle">{rows}</ul>' + _list(settle["explain"], "notes")
    return _section("Settle-up", inner)


def _turns(view: Mapping[str, Any]) -> str:
    turns = view["turns"]
    if not turns:
        return ""
    rows = (
        f"<tr><td>{escape(t['dealer'])}</td><td>{t['first']}"
        + (f"–{t['last']}" if t["last"] != t["first"] else "")
        + f"</td>{_amount(t['made'])}</tr>"
        for t in turns
    )
    inner = turns_chart(turns) + _table(["dealer", "rounds", ">made"], rows, "turns")
    return _section("The bank's turns", inner)


def _chart(view: Mapping[str, Any]) -> str:
    svg = results_chart(view["chart"])
    return _section("Through the night", svg) if svg else ""


NO_NIGHT = (
    '<section class="card"><h2>No night yet</h2><p>the dealer has not started one</p></section>'
)
HEAD = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
)


def body(view: Mapping[str, Any]) -> str:
    """The page's live part: everything that changes when the store does."""
    if view.get("night") is None:
        return NO_NIGHT
    foot = '<p class="foot"><a href="report">the night report (to keep or print)</a></p>'
    return _night(view, _stakes(view["night"]), "Last rounds", _live(view), foot)


def _night(view: Mapping[str, Any], note: str, rounds: str, live: str = "", foot: str = "") -> str:
    """A night's header (`note` under its headline), its sections and its rounds."""
    head = f'<header><h1>{escape(headline(view))}</h1><p class="dim">{escape(note)}</p></header>'
    parts = [head, live, _results(view), _settle(view), _chart(view), _turns(view)]
    return "".join(p for p in [*parts, _rounds(view["rounds"], rounds), foot] if p)


def page(view: Mapping[str, Any]) -> str:
    """The whole page as first served; its script then follows the events (`events`)."""
    title = escape(headline(view)) if view.get("night") else "banluck"
    return (
        f'{HEAD}<meta name="color-scheme" content="light dark">'
        '<link rel="icon" href="data:,">'
        f"<title>{title}</title>"
        '<link rel="stylesheet" href="page.css"><script src="page.js" defer></script></head>'
        f'<body><main id="view">{body(view)}</main>'
        '<p id="status" class="status" aria-live="polite">connecting…</p></body></html>'
    )


def report(view: Mapping[str, Any]) -> tuple[str, str]:
    """The night report: one self-contained page (inline style and SVG, no script), and the
    Content-Security-Policy that allows just its style."""
    css = static("page.css").decode() + static("report.css").decode()
    digest = base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()
    policy = f"default-src 'none'; style-src 'sha256-{digest}'; img-src data:; base-uri 'none'; form-action 'none'"
    night = view.get("night")
    if night is None:
        inner, title = NO_NIGHT, "banluck"
    else:
        title = escape(f"banluck · {headline(view)}")
        inner = _night(view, f"{night['description']} · {_stakes(night)}", "Every round")
    html = (
        f'{HEAD}<meta http-equiv="Content-Security-Policy" content="{escape(policy)}">'
        f"<title>{title}</title><style>{css}</style></head>"
        f'<body class="report"><main>{inner}</main></body></html>'
    )
    return html, policy
