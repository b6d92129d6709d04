"""The night's money: `ledger`, `history`, `stats`, `chart`, `export`, `settle` and `check`.
Everything here reads balances from the ledger's entries."""

import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from banluck.cli.common import JsonOpt, echo_json, open_store
from banluck.core.errors import BanluckError

if TYPE_CHECKING:
    from rich.console import RenderableType

NightOpt = Annotated[
    int | None, typer.Option("--night", "-n", help="One night's entries (see `banluck history`).")
]


def _scope(store: Any, night: int | None, all_nights: bool) -> tuple[int | None, str]:
    """The night to read (None: all of them) and its name in titles."""
    if all_nights:
        return None, "all nights"
    if night is None:
        record = store.tonight()
        if record is None:
            nights = store.nights()
            if not nights:
                raise BanluckError("the ledger is empty: start a night with `banluck night start`")
            record = nights[-1]
        night = record["id"]
    return night, f"night {night}"


def _counted(
    store: Any, shown: Iterable[Mapping[str, Any]], read: Mapping[int, list[dict[str, Any]]]
) -> dict[int, int]:
    """The number as the table counts it (`money.entries.numbered`) of each round shown and of
    each round an amendment shown names, by seq; the nights whose entries are `read` already
    are not read again."""
    from banluck.money.entries import numbered

    nights = {e["night"] for e in shown if e["kind"] == "round"}
    nights |= {e["round_night"] for e in shown if "amends" in e}
    entries = (e for night in sorted(nights) for e in read.get(night) or store.entries(night))
    return {e["seq"]: n for e, n in numbered(entries) if n is not None}


def _entry_line(entry: dict[str, Any], counted: dict[int, int]) -> tuple[str, str, str]:
    from banluck.money.entries import between_rounds, round_title

    kind = entry["kind"]
    if kind == "round":
        title = round_title(counted[entry["seq"]], between_rounds(entry))
        what = f"night {entry['night']} {title} · dealer {entry['dealer']}"
        if entry.get("ended"):
            what += f" · {entry['ended']}"
    elif kind == "payment":
        what = f"payment {entry['from']} → {entry['to']} {entry['amount']}"
        if entry.get("note"):
            what += f" ({entry['note']})"
    elif kind in ("buy-in", "prize"):
        to = "into" if kind == "buy-in" else "out of"
        what = f"{kind} {entry['player']} {entry['amount']} {to} pool:{entry['pool']}"
        if entry.get("note") and entry["note"] != kind:
            what += f" ({entry['note']})"
    elif kind == "rename":
        what = f"rename: {entry['from']} is now {entry['to']}"
    elif "amends" in entry:
        what = (
            f"correction of #{entry['amends']} (night {entry['round_night']} round"
            f" {counted.get(entry['amends'], entry['round'])}, lines amended): {entry['reason']}"
        )
    else:
        what = f"correction of #{entry['reverses']}: {entry['reason']}"
    from banluck.cli.render import nets

    return f"#{entry['seq']}", what, nets(entry)


def ledger(
    night: NightOpt = None,
    all_nights: Annotated[bool, typer.Option("--all", help="Every night.")] = False,
    as_json: JsonOpt = False,
    limit: Annotated[
        int, typer.Option(help="Show the last N entries (0: none).", min=0, max=10**9)
    ] = 30,
    round_number: Annotated[
        int | None,
        typer.Option(
            "--round", help="One round of the night: its transfers with their reasons.", min=1
        ),
    ] = None,
) -> None:
    """The ledger: entries (rounds, payments, corrections) and the balances they add up to.

    Entries taken back with `undo` leave their number unused: the list says so where one is
    missing. Example: banluck ledger --night 1
    """
    if all_nights and night is not None:
        raise BanluckError("give --night N or --all, not both")
    store = open_store()
    if round_number is not None:
        if all_nights:
            raise BanluckError("--round is a round of one night: give --night N (or none: tonight)")
        _show_round(store, night, round_number, as_json)
        return
    _show_ledger(store, night, all_nights, as_json, limit)


def _show_round(store: Any, night: int | None, number: int, as_json: bool) -> None:
    """One recorded round of a night: its transfers, each with the rule that made it."""
    night_id, scope = _scope(store, night, False)
    from banluck.money.entries import rounds_by_number

    rounds = rounds_by_number(store.entries(night_id))
    if number not in rounds:
        have = f"rounds 1 to {max(rounds)}" if rounds else "no round yet"
        raise BanluckError(f"{scope} has no recorded round {number} ({have}): see `banluck ledger`")
    entry = rounds[number]
    if as_json:
        echo_json(entry)
        return
    from banluck.cli.render import console, nets, transfers_panel

    title = f"{scope} round {number} · dealer {entry['dealer']} · entry #{entry['seq']}"
    if entry.get("ended"):
        title += f" · {entry['ended']}"
    moved = [(t["from"], t["to"], t["amount"], t.get("reason", "")) for t in entry["transfers"]]
    out = console()
    out.print(transfers_panel(title, moved))
    for later in store.iter_entries():  # its corrections, recorded on any night since
        linked = (later.get("amends"), later.get("reverses"))
        if later.get("kind") != "correction" or entry["seq"] not in linked:
            continue
        how = "amended" if "amends" in later else "reversed"
        out.print(f"{how} by #{later['seq']} ({later['reason']}): {nets(later)}")
        for t in later["transfers"]:
            out.print(f"  {t['from']} → {t['to']} {t['amount']}  {t.get('reason', '')}")


def _show_ledger(
    store: Any, night: int | None, all_nights: bool, as_json: bool, limit: int
) -> None:
    from collections import deque

    from banluck.money.ledger import balances

    night_id, scope = _scope(store, night, all_nights)
    if night_id is None:
        _show_all(store, scope, as_json, limit)
        return
    if as_json:
        entries = store.entries(night_id)
        echo_json({"scope": scope, "entries": entries, "balances": balances(entries)})
        return
    # Stream the entries once: the balances are summed from every one, only the last are kept.
    last: deque[dict[str, Any]] = deque(maxlen=limit)
    count = 0

    def every() -> Any:
        nonlocal count
        for entry in store.iter_entries(night_id):
            count += 1
            last.append(entry)
            yield entry

    totals = balances(every())
    _print_ledger(store, night_id, scope, list(last), count, totals)


def _show_all(store: Any, scope: str, as_json: bool, limit: int) -> None:
    """The whole ledger: the balances from the nights' totals in the index; the entries streamed
    one night file at a time (as JSON), or only the last `limit` read (as a table)."""
    totals = store.totals()["balance"]  # the index's sums: no night's record is read
    if as_json:
        dumps = json.JSONEncoder(ensure_ascii=False).encode
        sys.stdout.write(f'{{"scope": {dumps(scope)}, "entries": [')
        for i, entry in enumerate(store.iter_entries()):
            sys.stdout.write((", " if i else "") + dumps(entry))
        sys.stdout.write(f'], "balances": {dumps(totals)}}}\n')
        return
    count = store.count()
    from banluck.storage.index import last_of

    read = store.last_nights(limit) if limit else []
    _print_ledger(store, None, scope, last_of(read, limit), count, totals, dict(read))


def _print_ledger(
    store: Any,
    night_id: int | None,
    scope: str,
    last: list[dict[str, Any]],
    count: int,
    totals: dict[str, int],
    read: Mapping[int, list[dict[str, Any]]] | None = None,
) -> None:
    from rich.table import Column, Table

    from banluck.cli.render import balances_table, show, titled

    if count == 0:
        show(f"{scope}: no entries yet (a round is recorded when it is finished)")
        return
    parts: list[RenderableType] = []
    if last:
        table = Table("#", Column("entry", overflow="fold"), Column("nets", overflow="fold"))
        # Every number is used but those taken back with `undo`: a missing one is said. The
        # first shown entry follows the last entry of the nights before (unless --limit cut).
        previous: int | None = None
        if count == len(last):
            previous = 0 if night_id is None else store.seq_before(night_id)
        # how later entries corrected a shown one (they come after it, so they are shown too)
        fixed: dict[int, list[str]] = {}
        for entry in last:
            for key, how in (("reverses", "reversed"), ("amends", "amended")):
                if entry.get("kind") == "correction" and key in entry:
                    fixed.setdefault(entry[key], []).append(f"{how} by #{entry['seq']}")
        counted = _counted(store, last, read or {})
        for entry in last:
            seq = entry["seq"]
            if previous is not None and seq > previous + 1:
                gap = f"#{previous + 1}" + (f"–#{seq - 1}" if seq - 1 > previous + 1 else "")
                table.add_row(gap, "[dim]undone (taken back with `undo`)[/]", "")
            previous = seq
            number, what, moved = _entry_line(entry, counted)
            if seq in fixed:
                what += f" [dim]({', '.join(fixed[seq])})[/]"
            table.add_row(number, what, moved)
        parts.append(titled(f"Ledger, {scope}", table))
        if count > len(last):
            parts.append(f"[dim]{count - len(last)} earlier entries not shown (--limit)[/]")
    if totals:
        parts.append(balances_table(totals, title=f"Balances, {scope}"))
    else:  # void rounds, pushes: entries that moved no money
        parts.append(f"Balances, {scope}: no money has changed hands")
    show(*parts)


def history(
    as_json: JsonOpt = False,
    limit: Annotated[
        int, typer.Option(help="Show the last N nights (0: every one; --json has every one).")
    ] = 30,
) -> None:
    """Every night: date, preset, rounds, and who ended up or down. The table shows the last 30
    nights (--limit) and says how many came before; --json gives every night.

    Example: banluck history --limit 0
    """
    if limit < 0:
        raise BanluckError(f"--limit {limit} is not a count: give 0 (every night) or more")
    from banluck.app.tournament import outcomes, tournament_of
    from banluck.money.entries import people_only

    store = open_store()
    nights = store.nights(totals=True)
    # the table shows the last `limit` nights: only theirs are made ready to show
    earlier = max(0, len(nights) - limit) if limit and not as_json else 0
    shown = nights[earlier:]
    played = outcomes(store, [r["id"] for r in shown if tournament_of(r) is not None])
    for rec in shown:
        # `net` is the night's balance (its payments included); `result` what was won and lost
        # at the table, `unpaid` what of the night's balance is still owed; `rounds` the rounds
        # dealt as `stats` counts them (docs/choices.md), a tournament's hands played
        totals = rec.pop("totals")
        rec["rounds"] = sum(p["dealt"] for p in totals["players"].values())
        rec["result"], rec["unpaid"] = totals["result"], dict(rec.get("net") or {})
        if rec["id"] in played:  # a tournament: its winner, places and results (prize - buy-in)
            won = played[rec["id"]]
            for name, amount in won["result"].items():
                rec["result"][name] = rec["result"].get(name, 0) + amount
            rec.update(rounds=won["hands"], winner=won["winner"], place=won["place"])
        for key in ("net", "result", "unpaid"):
            rec[key] = people_only(rec.get(key) or {})
    if as_json:
        echo_json(nights, default=str)
        return
    from banluck.cli.render import console, records

    cells = []
    for rec in shown:
        nets = {k: v for k, v in rec["result"].items() if v}
        top = max(nets.items(), key=lambda kv: (kv[1], kv[0]), default=None)
        owed = sum(v for v in rec["unpaid"].values() if v > 0)
        cells.append(
            [
                f"night {rec['id']}",
                rec["date"],
                rec["preset"],
                str(rec["rounds"]),
                rec["status"],
                f"{top[0]} {top[1]:+d}" if top else "",
                str(owed) if owed else "",
            ]
        )
    heads = ["night", "date", "preset", "rounds", "status", "top", "unpaid"]
    out = console()
    out.print(records("Nights", heads, cells, out.width))
    if earlier:
        out.print(f"[dim]{earlier} earlier nights not shown (--limit 0 shows every one)[/]")


def _games_of(store: Any, night: int | None) -> dict[int, str]:
    """The game each night in scope was played by, from its preset's file, read once a name
    (the index keeps no snapshot, and a preset's game is the one it was made from); from the
    night's own snapshot when no readable file has the name any more."""
    from banluck.app import presets

    chosen = [r for r in store.nights() if night is None or r["id"] == night]
    known: dict[str, str | None] = {}
    out: dict[int, str] = {}
    for record in chosen:
        name = record["preset"]
        if name not in known:
            try:
                known[name] = presets.listing_of(presets.path_of(name))[1]
            except BanluckError:
                known[name] = None
        game = known[name]
        if game is None:
            game = store.night(record["id"])["snapshot"].get("game", "ban-luck")
        out[record["id"]] = game
    return out


def stats(night: NightOpt = None, as_json: JsonOpt = False) -> None:
    """Per player: rounds, result (won or lost at the table), unpaid (still owed, + to him),
    rounds dealt and net as dealer, and the hands that came up: ban-luck's named hands on its
    nights; blackjacks, splits, doubles, surrenders and side bets won on casino nights.

    Example: banluck stats --night 1
    """
    from banluck.app.games import counted_heads, counted_kinds, tally_of
    from banluck.app.tournament import outcomes, pool_nights
    from banluck.money.entries import POOL_PREFIX
    from banluck.money.stats import player_stats, stats_of

    store = open_store()
    counted = counted_kinds()
    rows = stats_of(store.totals(None if night is None else [night]), counted)
    played = outcomes(store, pool_nights(r.name for r in rows))  # the tournaments in scope
    rows = [r for r in rows if not r.name.startswith(POOL_PREFIX)]  # an account, no person
    places: dict[str, dict[int, int]] = {}  # each player's place in each tournament
    for night_id, won in played.items():
        for r in rows:
            r.result += won["result"].get(r.name, 0)  # the prizes less the buy-in
            if r.name in won["place"]:
                places.setdefault(r.name, {})[night_id] = won["place"][r.name]
    games = _games_of(store, night) if rows else {}
    casino_nights = [n for n, game in games.items() if game == "casino"]
    casino: dict[str, dict[str, int]] = {}  # each player's casino counts, on casino nights
    casino_kinds = counted_kinds("casino")
    if casino_nights:
        entries = (e for n in casino_nights for e in store.iter_entries(n))
        for s in player_stats(entries, casino_kinds, tally_of("casino")):
            casino[s.name] = s.kinds
    if as_json:
        echo_json(
            [
                r.as_dict()
                | ({"places": places[r.name]} if r.name in places else {})
                | (
                    {"casino": {k.replace("-", "_"): n for k, n in casino[r.name].items()}}
                    if r.name in casino
                    else {}
                )
                for r in rows
            ]
        )
        return
    from banluck.cli.render import console, money, records

    ban_luck = len(casino_nights) < len(games) or not games  # a ban-luck night in scope
    if ban_luck and casino_nights:  # ban-luck's hands counted on its own nights only
        others = [n for n in games if n not in casino_nights]
        hands = {s.name: s.kinds for s in stats_of(store.totals(others), counted)}
    else:
        hands = {r.name: r.kinds for r in rows}
    heads = ["who", "rounds", "result", "unpaid", "dealt", "as dealer"]
    kinds, caption = counted_heads() if ban_luck else counted_heads("casino")
    heads += kinds
    order = sorted(rows, key=lambda r: (-r.result, r.name))
    zero = dict.fromkeys(counted if ban_luck else casino_kinds, 0)
    cells = [
        [
            r.name,
            str(r.rounds),
            money(r.result),
            money(r.net),
            str(r.dealt),
            money(r.net_as_dealer),
            *(str(n) for n in (hands if ban_luck else casino).get(r.name, zero).values()),
        ]
        for r in order
    ]
    title = "Stats" + (f", night {night}" if night else ", all nights")
    if ban_luck and casino_nights:
        caption += "\n(these hands: on ban-luck nights)"
    for night_id, won in played.items():  # each tournament's standings
        board = ", ".join(f"{p} {n}" for n, p in won["place"].items())
        caption += f"\ntournament, night {night_id}: {board}"
    out = console()
    out.print(records(title, heads, cells, out.width, caption))
    if ban_luck and casino_nights:  # both families: the casino's hands in a table of their own
        kinds, caption = counted_heads("casino")
        zero = dict.fromkeys(casino_kinds, 0)
        cells = [
            [r.name, *(str(n) for n in casino[r.name].values())] for r in order if r.name in casino
        ]
        out.print(records("Casino nights", ["who", *kinds], cells, out.width, caption))


def chart(night: NightOpt = None, as_json: JsonOpt = False) -> None:
    """Each player's result after every round of the night, a bar a round over the rounds'
    numbers (payments, renames and corrections take no step: a correction moves its round's).

    Example: banluck chart --night 1
    """
    from banluck.money.stats import results_by_round, running_balances, running_results

    store = open_store()
    night_id, scope = _scope(store, night, False)
    entries = list(store.iter_entries(night_id))
    series = running_balances(entries)  # balances, payments included (what 0.1 charted)
    won = running_results(entries)  # results at the table, an entry a step
    rounds, by_round = results_by_round(entries)  # the same, a round a step: what it shows
    if as_json:
        echo_json(
            {"scope": scope, "series": series, "results": won}
            | {"rounds": rounds, "by_round": by_round}
        )
        return
    if not by_round:
        typer.echo(f"{scope}: no round has been played yet")
        return
    from banluck.cli.render import console, round_chart

    out = console()
    title = f"Running results, {scope}"
    out.print(round_chart(rounds, by_round, title=title, width=out.width))


def export(
    csv_out: Annotated[bool, typer.Option("--csv", help="One row per transfer.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Every entry as JSON.")] = False,
    log_out: Annotated[bool, typer.Option("--log", help="A night as a night log.")] = False,
    night: NightOpt = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to a file instead of stdout.")
    ] = None,
) -> None:
    """Export the ledger as CSV or JSON, or a night as a night log that replays to it.

    Example: banluck export --csv --night 1 -o night1.csv
    """
    chosen = [n for n, on in (("--csv", csv_out), ("--json", json_out), ("--log", log_out)) if on]
    if len(chosen) != 1:
        raise BanluckError(
            "choose one format: --csv (one row per transfer), --json (every entry) or --log"
            " (a night as a night log), e.g. `banluck export --csv -o ledger.csv`"
        )
    store = open_store()
    if output is not None:
        from banluck.app.exporting import check_export_path

        check_export_path(output, store.home)  # before anything is read or made
    text: str | Iterator[str]
    if log_out:
        from banluck.app.exporting import night_log

        text = night_log(store, night)
    else:
        # streamed: one night file in memory at a time, the text made and written an entry at
        # a time (to a file: through a temp file that takes its place only when whole)
        from banluck.app.exporting import entries_json_parts, transfers_csv_parts

        entries = store.iter_entries(night)
        text = entries_json_parts(entries) if json_out else transfers_csv_parts(entries)
    if output is None:  # to the terminal: control characters an earlier store holds, escaped
        from banluck.core.text import shown

        sys.stdout.writelines(map(shown, [text] if isinstance(text, str) else text))
    else:
        from banluck.app.exporting import write_export

        write_export(output, text, store.home)
        typer.echo(f"wrote {output}")


def settle(
    night: NightOpt = None,
    date_from: Annotated[
        str | None, typer.Option("--from", help="First date (YYYY-MM-DD).")
    ] = None,
    date_to: Annotated[str | None, typer.Option("--to", help="Last date (YYYY-MM-DD).")] = None,
    explain: Annotated[bool, typer.Option(help="Show who settles among themselves.")] = False,
    via: Annotated[str | None, typer.Option(help="Route every payment through one banker.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Who pays whom, in the fewest transfers. By default all unpaid balances (every night, less
    the payments recorded); --night, or --from/--to (the nights dated in that range, with the
    payments recorded in their files), for part of the ledger. --via names any person of the
    ledger, even one who is even.

    Example: banluck settle --explain
    """
    if night is not None and (date_from is not None or date_to is not None):
        raise BanluckError("give --night N or --from/--to, not both")
    lo = _date(date_from, "--from") if date_from is not None else None  # '' is no date either
    hi = _date(date_to, "--to") if date_to is not None else None
    if lo and hi and lo > hi:
        raise BanluckError(f"--from {lo} is after --to {hi}: give the earlier date first")
    show_settle(open_store(), night, lo, hi, explain, via, as_json)


def _date(text: str, option: str) -> str:
    import datetime

    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise BanluckError(
            f"{option} {text!r} is not a date: write it as YYYY-MM-DD, e.g. 2027-02-06"
        ) from None


def show_settle(
    store: Any,
    night: int | None,
    lo: str | None,
    hi: str | None,
    explain: bool,
    via: str | None,
    as_json: bool,
    hint: bool = True,
) -> None:
    """The settle-up of a scope (`banluck settle`, and the demo's), drawn or as JSON."""
    from banluck.app.payments import settle_up
    from banluck.app.view import read_handles

    settling = settle_up(store, night, lo, hi, via)
    result = settling.plan
    # how each payee is paid (`banluck people set NAME --pay ...`): shown only where one is set
    known = read_handles(store)
    handles = {t.payee: known[t.payee] for t in result.transfers if t.payee in known}
    if as_json:
        out = {
            "scope": settling.scope,
            "method": result.method,
            "balances": settling.balances,
            "transfers": [
                {"from": t.payer, "to": t.payee, "amount": t.amount}
                | ({"pay": handles[t.payee]} if t.payee in handles else {})
                for t in result.transfers
            ],
            "groups": [list(g) for g in result.groups],
        }
        echo_json(out)
        return
    from rich.table import Column, Table

    from banluck.cli.render import show, titled

    scope = settling.scope
    if not result.transfers:
        show(f"{scope}: everyone is even, nobody pays")
        return
    label = {
        "exact": "fewest transfers",
        "greedy": "GREEDY (not proven fewest)",
        "via": f"via {settling.via}",
    }
    pay_by = [Column("pay by", overflow="fold")] if handles else []
    table = Table("who pays", "whom", Column("amount", justify="right"), *pay_by)
    for t in result.transfers:
        table.add_row(
            t.payer, t.payee, str(t.amount), *([handles.get(t.payee, "")] if handles else [])
        )
    parts: list[RenderableType] = [titled(f"Settle-up, {scope} · {label[result.method]}", table)]
    if explain:
        parts += [f"· {sentence}" for sentence in result.explain()]
    if hint:
        parts.append("[dim]record each payment made with `banluck pay FROM TO AMOUNT`[/]")
    show(*parts)


def check(
    rebuild_index: Annotated[
        bool,
        typer.Option(
            "--rebuild-index",
            help="First rebuild index.json from the night files (a damaged index).",
        ),
    ] = False,
    full: Annotated[
        bool,
        typer.Option(
            "--full",
            help="Play every night's rounds again, not only the latest night's.",
        ),
    ] = False,
    repair: Annotated[
        bool,
        typer.Option(
            "--repair",
            help="First recover what the data to recover exists for (a journal's rounds, the"
            " index from the night files), saying what was done and what is lost.",
        ),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Check every invariant of the stored ledger; silent with exit 0 when all hold.

    Example: banluck check --repair
    """
    from banluck.app.checking import check as check_all

    store = open_store()
    done: list[str] = []
    lost: list[str] = []
    if repair:
        done, lost = store.repair()
        if not as_json:
            for line in done:
                typer.echo(f"repaired: {line}")
            for line in lost:
                typer.echo(f"not repaired: {line}")
    if rebuild_index:
        store.rebuild_index()
        if not as_json:
            typer.echo(f"rebuilt {store.index_path} from the night files")
    problems = [] if lost else check_all(store, full=full)
    if as_json:
        out: dict[str, object] = {
            "ok": not problems and not lost,
            "problems": list(problems),
            "rebuilt_index": rebuild_index,
        }
        if repair:
            out.update(repaired=done, lost=lost)
        echo_json(out)
        if problems or lost:
            raise typer.Exit(1)
        return
    if lost:
        raise BanluckError(
            f"{len(lost)} thing(s) could not be repaired; nothing that would hide them was changed"
        )
    if problems:
        for p in problems:
            typer.echo(p)
        raise BanluckError(f"{len(problems)} problem(s) in the ledger")


def register(root: typer.Typer) -> None:
    for command in (ledger, history, stats, chart, export, settle, check):
        root.command(command.__name__)(command)
