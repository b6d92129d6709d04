"""`banluck demo`: the shipped sample night replayed into a demo store of its own, and shown."""

from pathlib import Path

import typer

from banluck.core.errors import BanluckError


def demo() -> None:
    """Replay the shipped sample night into a fresh demo store and show it: one round's
    transfers with their reasons, the balances, the settle-up, and how to start a night of your
    own. The commands it suggests name the demo's store (BANLUCK_HOME=...), never yours.

    Example: banluck demo
    """
    import shlex
    import shutil

    from banluck.app.exporting import save_night
    from banluck.app.presets import load
    from banluck.app.records import read_log
    from banluck.cli.ledger_cmd import show_settle
    from banluck.cli.render import balances_table, console, round_panel
    from banluck.core.home import data_dir
    from banluck.money.ledger import balances
    from banluck.storage import Store

    home = data_dir() / "demo"
    sample = Path(__file__).resolve().parent.parent / "data" / "demo-night.log"
    night, _ = read_log(sample.read_text(encoding="utf-8"), sample.name, load)
    try:
        if home.exists():
            shutil.rmtree(home)
        home.mkdir(parents=True)
    except OSError as exc:
        raise BanluckError(
            f"cannot make the demo store at {home}: {exc.strerror}; check that folder"
        ) from None
    store = Store(home)  # the demo's own store: the user's ledger is never opened
    save_night(store, night, "2027-02-06")
    demo_banluck = f"BANLUCK_HOME={shlex.quote(str(home))} banluck"
    out = console()
    out.print(
        f"The sample night ({sample.name}: {len(night.rounds)} rounds, six friends) is"
        f" recorded in a demo store at {home}",
        highlight=False,
    )
    out.print("Its first round, each transfer with the house rule that made it:")
    out.print(round_panel(night.rounds[0]))
    out.print(balances_table(balances(store.entries()), title="Balances after the night"))
    show_settle(store, None, None, None, True, None, False, hint=False)
    # each command on a line of its own, never wrapped: it is copied as it is
    for said, command in (
        ("Record a payment in the demo:", f"{demo_banluck} pay Mei Bob 260"),
        ("Look around the demo (or stats, chart, history):", f"{demo_banluck} ledger --round 3"),
        (
            "Next, a night of your own in the dealer's console (your preset and names; the"
            " first deals):",
            "banluck table chinese Mei Bob Carol --stake 10",
        ),
    ):
        out.print(said)
        out.print(f"  {command}", soft_wrap=True, highlight=False, markup=False)


def register(root: typer.Typer) -> None:
    root.command("demo")(demo)
