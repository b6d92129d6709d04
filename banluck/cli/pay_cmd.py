"""`banluck pay FROM TO AMOUNT`: a payment recorded, asked about first when it looks like a slip
(app/payments.py)."""

import sys
from typing import Annotated

import typer

from banluck.cli.common import Amount, complete_people, open_store
from banluck.core.errors import BanluckError


def pay(
    payer: Annotated[
        str, typer.Argument(help="Who hands the money over.", autocompletion=complete_people)
    ],
    payee: Annotated[str, typer.Argument(help="Who receives it.", autocompletion=complete_people)],
    amount: Annotated[
        int, typer.Argument(help="How much, a whole number.", click_type=Amount("40"))
    ],
    note: Annotated[str, typer.Option(help="A note, e.g. 'PayNow'.")] = "",
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Record it without asking (overpaid, twice).")
    ] = False,
) -> None:
    """Record a payment between two people: it clears that much of their debt. A payment of
    more than the payer owes, or the same as the last one within ten minutes, is asked about
    first (--yes records it without asking).

    Example: banluck pay Dave Bob 40
    """
    from banluck.app import payments
    from banluck.core.errors import Doubt

    store = open_store()
    try:
        paid = payments.pay(store, payer, payee, amount, note, sure=yes)
    except Doubt as doubt:
        if not sys.stdin.isatty():
            raise BanluckError(f"{doubt}: add --yes to record it anyway") from None
        if not typer.confirm(f"{doubt}: record it anyway?", default=False):
            raise BanluckError(f"not recorded ({doubt})") from None
        paid = payments.pay(store, payer, payee, amount, note, sure=True)
    typer.echo(paid.sentence())


def register(root: typer.Typer) -> None:
    # `pay Bob Mei -5`: the amount is read as a (refused) amount, not as an unknown option
    root.command("pay", context_settings={"ignore_unknown_options": True})(pay)
