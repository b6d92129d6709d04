"""The one console behind `banluck table`, for every night kind: read a line, act on the stored
night, redraw its screen (a usual night's panel, a tournament's leaderboard).

`TableConsole.handle(line)` is one turn of the loop (what bench/table.py times); `run_console`
adds the terminal: readline (history, completion), the prompt and the loop (`read_and_handle`).
A usual night adds the console's money words (odds, settle, pay, amend) and its typo hints; a
night that keeps its lines in its record (a tournament) has only its own words, `help` and `quit`.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from banluck.app.session import TOURNAMENT, USUAL, Session
from banluck.core.errors import BanluckError
from banluck.core.suggest import close_to, mean
from banluck.table.game import HelpRow
from banluck.table.line import Line
from banluck.table.night import Night
from banluck.table.seating import RESERVED

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from banluck.storage import Store

# The console's own words (not lines of the night log), and their aliases.
CONSOLE_WORDS = ("help", "quit", "odds", "settle", "pay", "amend")
KEPT_WORDS = CONSOLE_WORDS[:2]  # at a night that keeps its lines in its record: no money words
CONSOLE_ALIASES = {"?": "help", "q": "quit", "exit": "quit"}

NIGHT_HELP = (
    HelpRow("stake 10 | stake Bob 20", "", "stakes, between rounds"),
    HelpRow("seat Eve | leave Dave", "", "seats, between rounds (`seat Eve after Bob`: her place)"),
    HelpRow("sit Bob | back Bob", "", "Bob sits out (no hand, not the deal) / plays again"),
    HelpRow("pass", "p", "the deal passes to the next seat, between rounds"),
    HelpRow("undo", "u", "take back the last line (or reopen the last round)"),
    HelpRow("odds", "", "the advisor: whom to open, draw first or not"),
    HelpRow("settle", "", "who pays whom: every unpaid balance (`settle tonight`: tonight's)"),
    HelpRow("pay Bob Mei 10", "", "record a payment (`--yes` for more than owed, or twice)"),
    HelpRow("amend 3 REASON", "", "correct tonight's round 3 in the editor ($EDITOR)"),
    HelpRow("help", "?", "this list"),
    HelpRow("quit", "q, exit", "leave (everything is already stored)"),
)

HISTORY_LENGTH = 1000
KINDS = (USUAL, TOURNAMENT)  # the night kinds the console plays


def shell_commands() -> set[str]:
    """The words of `banluck` itself (`pay`, `ledger`, ...): typed here, they are not typos."""
    from banluck.cli.main import MODULES

    return {w for words in MODULES.values() for w in words}


class TableConsole:
    """The dealer's console over the stored night: one line in, the panel (or a message) out."""

    def __init__(self, store: Store, out: Console) -> None:
        self.store = store
        self.out = out
        self.session = Session.open(store, KINDS)
        self._balances: dict[str, int] | None = None
        self._stamp = self.stamp()

    def balances(self) -> dict[str, int]:
        """Tonight's results (the panel's `tonight`) from the stored entries. A line inside a round adds no entry, so
        they are read again only after a round ends, an undo, an error or a night word."""
        if self._balances is None:
            self._balances = self.session.results()
        return self._balances

    @property
    def kept(self) -> bool:
        """The night keeps its lines in its record (a tournament): none of the money words."""
        return self.session.night.record_key is not None

    def screen(self) -> RenderableType:
        from banluck.cli.render import table_screen

        s = self.session
        if not isinstance(s.night, Night):
            from banluck.app.tournament import as_tournament
            from banluck.cli.games.tournament_cmd import tournament_screen

            return tournament_screen(as_tournament(s.night), self.out.width, s.record["id"])
        return table_screen(s.night, self.balances(), self.out.width, s.record["id"])

    def redraw(self) -> None:
        self.out.print(self.screen())

    # -- the words of this night's game ---------------------------------------------------------
    def aliases(self) -> dict[str, str]:
        return {**self.session.night.aliases(), **CONSOLE_ALIASES}

    def console_words(self) -> tuple[str, ...]:
        return KEPT_WORDS if self.kept else CONSOLE_WORDS

    def words(self) -> list[str]:
        return [*self.session.night.all_words(), *self.console_words()]

    def help_rows(self) -> list[HelpRow]:
        rows = self.session.night.help_rows()
        return list(rows) if self.kept else [*rows, *NIGHT_HELP]

    def handle(self, line: str) -> bool:
        """Act on one typed line and show the result; False when the dealer quits."""
        if self.kept:
            return self._handle_kept(line)
        typed = Line.read(line, self.aliases())  # the line is read once, here
        word, rest = typed.word, list(typed.args)
        if not word:
            return True
        if word == "quit":
            return False
        try:
            if word == "help":
                rows, actions = self.help_rows(), self.session.usual.game.words
                _help(self.out, rows, self.aliases(), actions, rest)
                return True
            if word == "night":
                raise BanluckError(
                    f"night {self.session.record['id']} is open: a `night` line starts the next"
                    " one after `banluck night close`"
                )
            typo = self.typo(word, rest)
            if typo:  # refused before anything was tried: the session is as stored
                self.out.print(_error(typo))
                return True
            if self.changed_elsewhere():
                return True
            if word == "odds":
                _odds(self.out, self.session)
                return True
            if word == "settle":
                _settle(self.out, self.session, rest)
                return True
            if word in ("amend", "pay"):
                said = (_amend if word == "amend" else _pay)(self.session, rest)
                self.out.print(Text(said, "green"))
                self._balances = None
                self._stamp = self.stamp()
                return True
            night = self.session.usual
            in_round = night.current is not None and word in night.game.words
            if not in_round:
                self._balances = None
            if word == "undo":
                self.out.print(Text(self.session.undo(), "green"))
            else:
                finished = self.session.act(typed)
                if finished is not None:
                    from banluck.cli.render import round_panel

                    self._balances = None
                    self.out.print(round_panel(finished))
                if self.session.said:
                    self.out.print(Text(self.session.said, "green"))
            # the stamp the session took under the lock after its own write: not read again
            # (a write by another command since then shows on the next line)
            stamp = self.session.stamp
            self._stamp = tuple(stamp) if stamp is not None else self.stamp()
        except BanluckError as exc:
            self.out.print(_error(exc))
            self.reopen()
            return True
        self.redraw()
        return True

    def _handle_kept(self, line: str) -> bool:
        """One line at a night that keeps its lines in its record: its own words, `help` and
        `quit`; after the line, what it did (a hand's chips, who is out, the prizes paid)."""
        words = line.split()
        if not words:
            return True
        word = self.aliases().get(words[0].lower(), words[0].lower())
        if word == "quit":
            return False
        if word == "help":
            _brief_help(self.out, self.help_rows())
            return True
        try:
            self.session.act(line)
        except BanluckError as exc:
            self.out.print(_error(exc))
            self.reopen()
            return True
        done = self.session.done
        assert done is not None
        if done.kind == "undo":
            self.out.print(Text(self.session.undone or "", "green"))
        else:
            for text, style in self.session.night.news():
                self.out.print(Text(text, style))
        if done.kind == "settled" and done.prizes:
            for entry in self.session.prizes():
                self.out.print(
                    Text(f"#{entry['seq']}: prize {entry['amount']} to {entry['player']}", "green")
                )
        self.redraw()
        return True

    def stamp(self) -> tuple[Any, ...]:
        """The identity of tonight's data on disk (`Store.stamp`): every write changes it, so a
        stamp that differs from the one after our own last write means another command
        (`banluck act`, `pay`, a second console) wrote in between."""
        return tuple(self.store.stamp(self.session.record["id"]))

    def changed_elsewhere(self) -> bool:
        """Catch up with a write made by another command; True when it changed the round being
        played, so the line just typed (meant for the round as it was) is not applied."""
        if self.stamp() == self._stamp:
            return False
        live = self.session.live
        self.reopen()
        if self.session.live == live:
            return False  # a payment, say: the round is as it was
        self.out.print(Text("the round was changed by another command: this is what is stored"))
        self.redraw()
        self.out.print(_error("the line was not applied; type it again if it still applies"))
        return True

    def reopen(self, why: str | None = None) -> None:
        """Read the night again from the store (the truth), after a refusal or an interruption;
        with `why`, say so and redraw."""
        self._balances = None
        try:
            self.session = Session.open(self.store, KINDS)
        except BanluckError as exc:
            self.out.print(_error(exc))
            return
        self._stamp = self.stamp()
        if why is not None:
            self.out.print(Text(why, "yellow"))
            self.redraw()

    def typo(self, word: str, rest: Sequence[str]) -> str | None:
        """A refusal with the line it probably meant, for a misspelled word or name; else None
        (the engine judges everything else)."""
        known = self.words()
        if word not in known:
            if word in shell_commands():
                return (
                    f"`{word}` is a command of the shell, not a line of the table:"
                    f" `banluck {word}` in another terminal (or after `quit`); `help` lists the"
                    " words here"
                )
            close = close_to(word, known)
            if not close:
                return f"unknown word {word!r}: `help` lists the words"
            return f"unknown word {word!r}: did you mean `{' '.join([close, *rest])}`?"
        night = self.session.usual
        many, one = night.name_words()
        if word in many:
            at = list(range(len(rest)))
        elif word in one and rest and not (word == "stake" and len(rest) == 1):
            at = [0]
        else:
            return None
        names = self.names()
        state = night.current.state if night.current is not None else None
        # and the names the game expects after the word now (a split hand `Bob:2.1`)
        now = night.game.names_for(word, state, list(night.seating.seats))
        names.update({n.lower(): n for n in now})
        fixed, wrong = list(rest), []
        for i in at:
            name = rest[i]
            if name.lower() in names or (word == "stand" and name.lower() == "all"):
                continue
            close = close_to(name.lower(), [n for n in names if n not in RESERVED])
            if not close:
                return None  # not a typo of a seat: the engine says what is wrong
            wrong.append(name)
            fixed[i] = names[close]
        if not wrong:
            return None
        return (
            f"{' and '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not at the table:"
            f" did you mean `{' '.join([word, *fixed])}`?"
        )

    def names(self) -> dict[str, str]:
        """Every name a line may use now, lower-cased -> as seated."""
        night = self.session.usual
        names = {n.lower(): n for n in night.seating.seats}
        if night.current is not None:
            names.update({n.lower(): n for n in night.current.state.players})
        names.update({n: n for n in RESERVED})
        return names

    def completions(self, buffer: str) -> list[str]:
        """What Tab offers for the line typed so far: the words that apply now (falling back to
        every word), then the names that fit the word."""
        words = buffer.split()
        night = self.session.night
        if not words or (len(words) == 1 and not buffer.endswith(" ")):
            text = words[0].lower() if words else ""
            now = [*night.words_now(), *self.console_words()]
            found = [w for w in now if w.startswith(text)]
            if not found:
                found = [w for w in sorted(self.words()) if w.startswith(text)]
            return [w + " " for w in dict.fromkeys(found)]
        word = self.aliases().get(words[0].lower(), words[0].lower())
        text = "" if buffer.endswith(" ") else words[-1]
        position = len(words) - (0 if buffer.endswith(" ") else 1)
        options = night.names_for(word, position)
        return [o + " " for o in options if o.lower().startswith(text.lower())]


def _complete_with(options: Callable[[str], list[str]]) -> None:
    """Tab offers what `options` gives for the line typed so far (ImportError: no readline)."""
    import readline

    found: list[str] = []

    def complete(text: str, state: int) -> str | None:
        if state == 0:
            found[:] = options(readline.get_line_buffer()[: readline.get_endidx()])
        return found[state] if state < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")


def _setup_readline(tc: TableConsole) -> None:
    try:
        import readline
    except ImportError:  # pragma: no cover - no readline on this platform: plain input()
        return
    from banluck.core.home import data_dir

    _complete_with(tc.completions)
    if tc.kept:  # a tournament offers no earlier night's lines (each line is still remembered)
        return
    history = data_dir() / "table-history"
    with contextlib.suppress(OSError):
        readline.read_history_file(history)
    readline.set_history_length(HISTORY_LENGTH)
    import atexit

    def save() -> None:  # keeps the file to the last HISTORY_LENGTH lines
        with contextlib.suppress(OSError):
            readline.write_history_file(history)

    atexit.register(save)


def run_console(preset: str | None, seats: Sequence[str], stake: int) -> None:
    from banluck.cli.common import open_store
    from banluck.cli.render import console

    store = open_store()
    interactive = sys.stdin.isatty()
    if preset is None and store.tonight() is None:
        asked = _ask_night(store, interactive)
        if asked is None:
            return
        preset, seats = asked
    if preset is not None:
        if store.tonight() is not None:
            raise BanluckError(
                "a night is already open: run `banluck table` without a preset to continue it,"
                " or `banluck night close` first"
            )
        from banluck.app.nights import start_night
        from banluck.app.presets import preset_and_seats

        preset, seats = preset_and_seats([preset, *seats])
        record, seating = start_night(store, preset, seats, stake)
        console().print(
            Text(
                f"night {record['id']} started: {preset}, seats {', '.join(seating.seats)},"
                f" stake {stake}; {seating.dealer} deals first"
            )
        )
    tc = TableConsole(store, console())
    if interactive:
        _setup_readline(tc)
    tc.redraw()
    read_and_handle(tc, interactive)


def read_and_handle(tc: TableConsole, interactive: bool) -> None:
    """Read lines and hand each to the console until it quits or the input ends; an interrupted
    line leaves the console showing what is stored."""
    import typer

    while True:
        try:
            line = input("> " if interactive else "")
        except EOFError:  # Ctrl-D, or the end of piped input
            tc.out.print()
            return
        except KeyboardInterrupt:  # Ctrl-C drops the line being typed
            tc.out.print()
            if not interactive:
                raise typer.Exit(130) from None
            continue
        if interactive:
            _remember(line)
        try:
            if not tc.handle(line):
                return
        except KeyboardInterrupt:
            if not interactive:
                raise typer.Exit(130) from None
            tc.reopen("interrupted: the panel shows what is stored")


def _remember(line: str) -> None:
    """Add the line to the history file at once: a killed terminal keeps its history too."""
    from banluck.core.home import data_dir

    if line.strip():
        history = data_dir() / "table-history"
        with contextlib.suppress(ImportError, OSError):  # no readline on this platform: no history
            import readline

            history.parent.mkdir(parents=True, exist_ok=True)
            history.touch()
            readline.append_history_file(1, history)


NIGHT_USAGE = "night PRESET SEAT SEAT..."


def night_completions(buffer: str, presets: Sequence[str], people: Sequence[str]) -> list[str]:
    """Tab at the `night` prompt: the word, then a preset, then the people of earlier nights."""
    words = buffer.split()
    text = "" if buffer.endswith(" ") or not words else words[-1]
    position = len(words) - (0 if buffer.endswith(" ") or not words else 1)
    if position == 0:
        options: list[str] = ["night"]
    elif position == 1:
        options = list(presets)
    else:
        named = {w.lower() for w in words[2:]}
        options = [p for p in people if p.lower() not in named]
    return [o + " " for o in options if o.lower().startswith(text.lower())]


def parse_night_line(line: str, presets: Sequence[str]) -> tuple[str, list[str]]:
    """`night chinese Mei Bob Carol` (the night log's first line; `night` may be left out) as
    the preset and the seats; a refusal says what to type."""
    words = line.split()
    if words and words[0].lower() == "night":
        words = words[1:]
    if len(words) < 3:
        raise BanluckError(
            f"usage: {NIGHT_USAGE} (at least two seats; the first deals first),"
            f" e.g. `night {presets[0] if presets else 'chinese'} Mei Bob Carol`"
        )
    name = {p.lower(): p for p in presets}.get(words[0].lower(), words[0])
    if name not in presets:
        hint = mean(name, presets, f"the presets are {', '.join(presets)}", quote="`")
        raise BanluckError(f"no preset {name!r}: {hint}")
    return name, words[1:]


def _ask_night(store: Store, interactive: bool) -> tuple[str, list[str]] | None:
    """No night is open: ask for the night log's first line (preset and seats), with Tab
    completion; None when the dealer leaves instead."""
    from banluck.app.presets import all_names, load
    from banluck.cli.render import console
    from banluck.table.seating import seating_for

    out = console()
    presets = sorted(all_names())
    if interactive:
        people = store.people()
        with contextlib.suppress(ImportError):
            _complete_with(lambda buffer: night_completions(buffer, presets, people))
    out.print(
        Text(
            f"no night is open: type `{NIGHT_USAGE}` to start one (the first seat deals;"
            f" Tab completes), `quit` to leave. Presets: {', '.join(presets)}",
            "yellow",
        )
    )
    while True:
        try:
            line = input("> " if interactive else "")
        except (EOFError, KeyboardInterrupt):
            out.print()
            return None
        if line.strip().lower() in ("q", "quit", "exit"):
            return None
        if not line.strip():
            continue
        try:
            preset, seats = parse_night_line(line, presets)
            seating_for(load(preset), seats)  # a bad seat list is refused before the night opens
        except BanluckError as exc:
            out.print(_error(exc))
            continue
        return preset, seats


def _error(exc: BanluckError | str) -> RenderableType:
    return Text.assemble(("error:", "red"), " ", str(exc))


def _help(
    out: Console,
    rows: Sequence[HelpRow],
    aliases: dict[str, str],
    actions: Mapping[str, Any],
    about: Sequence[str] = (),
) -> None:
    """The words with their aliases and meanings; on a narrow terminal the words and aliases
    only (`help WORD` gives one word's meaning and usage)."""
    from rich.table import Table

    if about:
        word = aliases.get(about[0].lower(), about[0].lower())
        found = [r for r in rows if word in {alt.split()[0] for alt in r.example.split("|")}]
        if not found:
            raise BanluckError(f"no word {about[0]!r}: `help` lists the words")
        for r in found:
            out.print(
                Text.assemble(
                    (r.example, "bold"), f" ({r.aliases})" if r.aliases else "", ": ", r.meaning
                )
            )
        action = actions.get(word)
        if action is not None:
            out.print(Text(f"usage: {action.usage}: {action.help}", "dim"))
        return
    if out.width < 60:
        # narrow: each word on its line with its aliases, its meaning indented under it
        from rich.padding import Padding

        for r in rows:
            out.print(
                Text.assemble((r.example, "bold"), (f"  {r.aliases}" if r.aliases else "", "cyan"))
            )
            out.print(Padding(Text(r.meaning, "dim"), (0, 0, 0, 2)))
        out.print(Text("help WORD: a word's usage", "dim"))
        return
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(overflow="fold")
    table.add_column(style="cyan", no_wrap=True)
    table.add_column(overflow="fold", style="dim")
    for r in rows:
        table.add_row(r.example, r.aliases, r.meaning)
    out.print(table)


def _brief_help(out: Console, rows: Sequence[HelpRow]) -> None:
    """A night's own words and their meanings, without aliases (a tournament's `help`)."""
    for r in rows:
        if out.width < 60:
            out.print(Text(r.example, style="bold"))
            out.print(Text("  " + r.meaning, style="dim"))
        else:
            out.print(Text.assemble((f"{r.example:<28}", "bold"), (r.meaning, "dim")))


def _settle(out: Any, session: Session, rest: Sequence[str] = ()) -> None:
    """`settle`: every unpaid balance, as `banluck settle`; `settle tonight`: tonight's."""
    from banluck.app.payments import settle_tonight, settle_up

    if [w.lower() for w in rest] not in ([], ["tonight"]):
        raise BanluckError("usage: settle (every unpaid balance), or settle tonight")
    tonight = bool(rest)
    result = (settle_tonight(session) if tonight else settle_up(session.store)).plan
    if not result.transfers:
        out.print("everyone is even tonight" if tonight else "everyone is even")
    for t in result.transfers:
        out.print(f"{t.payer} pays {t.payee} {t.amount}")


def _pay(session: Session, rest: Sequence[str]) -> str:
    """`pay FROM TO AMOUNT [--yes]`: a payment recorded as `banluck pay` records it."""
    from banluck.app import payments
    from banluck.core.errors import Doubt
    from banluck.core.money import parse_amount

    words = [w for w in rest if w.lower() != "--yes"]
    if len(words) != 3:
        raise BanluckError("usage: pay FROM TO AMOUNT, e.g. pay Bob Mei 10")
    store = session.store
    payer, payee = payments.person(store, words[0]), payments.person(store, words[1])
    value = parse_amount(words[2], "amount", "10")
    try:
        paid = payments.pay(store, payer, payee, value, sure=len(words) < len(rest))
    except Doubt as doubt:
        raise BanluckError(f"{doubt}: type it again with --yes to record it anyway") from None
    return paid.sentence()


def _amend(session: Session, rest: Sequence[str]) -> str:
    """`amend ROUND REASON...`: tonight's round corrected in the editor, as `banluck amend`."""
    from banluck.cli.correct_cmd import amend_round

    if len(rest) < 2 or not rest[0].isdigit() or int(rest[0]) < 1:
        raise BanluckError(
            "usage: amend ROUND REASON, e.g. amend 3 Bob's last card was a 9"
            " (a round of tonight; `banluck amend NIGHT ROUND` for another night)"
        )
    return amend_round(session.store, session.record["id"], int(rest[0]), " ".join(rest[1:]))


def _odds(out: Any, session: Session) -> None:
    from banluck.cli.render import print_advice

    rnd = session.usual.current
    advise = session.usual.game.advise
    if advise is None:
        raise BanluckError("this game has no advisor")
    if rnd is None:
        raise BanluckError("odds are for the dealer's turn: when every player has stood")
    stakes = {name: p.stake for name, p in rnd.state.players.items()}
    print_advice(advise(rnd.state), rnd.state.preset, out, stakes=stakes)
