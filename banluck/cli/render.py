"""Rendering with rich: the only place besides the commands that knows how things look."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from banluck.night import FinishedRound


def console(stderr: bool = False) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, no_color=bool(os.environ.get("NO_COLOR")), highlight=False)


def money(amount: int) -> str:
    if amount > 0:
        return f"[green]+{amount}[/]"
    if amount < 0:
        return f"[red]{amount}[/]"
    return "0"


def round_panel(r: FinishedRound) -> RenderableType:
    from rich.table import Table

    title = f"Round {r.number} · dealer {r.dealer}"
    if r.ended:
        title += f" · {r.ended}"
    table = Table(title=title, title_justify="left", show_header=True, expand=False)
    table.add_column("from")
    table.add_column("to")
    table.add_column("amount", justify="right")
    table.add_column("why", overflow="fold")
    for t in r.transfers:
        table.add_row(t.payer, t.payee, str(t.amount), t.reason)
    if not r.transfers:
        table.add_row("-", "-", "0", "no money moved")
    return table


def balances_table(balances: Mapping[str, int], title: str = "Balances") -> RenderableType:
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    table.add_column("who")
    table.add_column("balance", justify="right")
    for name, amount in sorted(balances.items(), key=lambda kv: (-kv[1], kv[0])):
        table.add_row(name, money(amount))
    return table
