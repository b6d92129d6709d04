"""What the house rules allow right now, in short sentences for the dealer's panel."""

from __future__ import annotations

from banluck.games.banluck.hands import Kind
from banluck.games.banluck.settlement import dealer_offends, is_short
from banluck.games.banluck.state import RoundState


def hints(state: RoundState) -> list[str]:
    """A few sentences: what must happen next and what the rules allow now."""
    preset = state.preset
    phase = state.phase
    if phase == "done":
        return ["the round is settled: `round` or `dealer C C` starts the next"]
    if phase == "deal":
        if state.dealer_burned:
            waiting = [p.name for p in state.open_players() if p.stake_before_burn is not None]
            return [
                "the dealer burned: enter his new cards (dealer C C)",
                f"players may forfeit instead of doubling: {', '.join(waiting)}",
            ]
        return ["enter the dealer's two cards: dealer 9 7"]
    dealer = state.dealer_hand()
    out: list[str] = []
    if phase == "showdown":
        return [
            f"dealer holds {state.dealer_instant()}: every player shows two cards (show NAME C C)"
        ]
    max_cards = preset.points.max_cards
    if len(state.dealer_cards) == 2 and dealer.kind is Kind.FIFTEEN:
        mode = preset.fifteen.mode
        paid = any(p.settlement and p.settlement.amount for p in state.players.values())
        if mode == "free-hand" and not paid:
            out.append("dealer's two-card 15 may call the round off: void")
        if mode == "hard-15-surrender" and not any(c.is_ace for c in dealer.cards):
            out.append("dealer's hard 15 may void everything: void")
        if mode in ("run", "run-dealer-only"):
            out.append("dealer's two-card 15 may run: run dealer")
        if preset.fifteen.burn and not any(p.acted for p in state.players.values()):
            out.append("dealer's two-card 15 may burn: burn dealer")
    if phase == "players":
        playing = [p for p in state.open_players() if not p.stood and not p.shown_bust]
        if preset.five_card.settle == "at-once":
            out += [
                f"{p.name} has {p.count} cards: a {_nth(max_cards)} must be shown"
                f" (`show {p.name}` and all {max_cards} cards)"
                for p in playing
                if p.count == max_cards - 1
            ]
        to_play = [p.name for p in playing if p.count < max_cards]
        if to_play:
            out.append(f"to play: {', '.join(to_play)} (hit or stand)")
        out.extend(
            why for p in state.open_players() if p.count >= max_cards and (why := state.to_play(p))
        )
        two_card = [p.name for p in state.open_players() if p.count == 2 and not p.acted]
        out.extend(penalties(state))
        if two_card and len(state.dealer_cards) == 2:
            allowed = []
            if preset.fifteen.mode == "run":
                allowed.append("run")
            if preset.fifteen.burn:
                allowed.append("burn")
            if allowed:
                out.append(f"a two-card 15 may {' or '.join(allowed)}")
        return out
    why_done = state.dealer_done()
    closed = [p.name for p in state.open_players()]
    if why_done:
        out.append(f"{why_done}: open {', '.join(closed)}")
    elif dealer.total < preset.reveal.dealer_min:
        out.append(
            f"dealer at {dealer.total}: must draw to open (reveal.dealer_min {preset.reveal.dealer_min})"
        )
    else:
        out.append(f"dealer at {dealer.total}: may open ({', '.join(closed)}), draw or stop")
    under = preset.minimum.dealer_under
    if not why_done and under != "off" and is_short(dealer, preset.minimum.dealer):
        out.append(
            f"`stop` at {dealer.total} is under the dealer's minimum {preset.minimum.dealer}:"
            f" it pays every closed player (minimum.dealer_under {under})"
        )
    out.extend(penalties(state))
    late = [p.name for p in state.players.values() if p.settlement and p.settlement.shown_late]
    if late:
        out.append(
            f"busts are shown at once in this house: {', '.join(late)} settled as shown"
            " (bust.shown_at_once)"
        )
    return out


def penalties(state: RoundState) -> list[str]:
    """What an offence already made costs, said once it is made (after `stop` under the
    dealer's minimum, after `open` of a short hand): the panel's amounts include it."""
    preset = state.preset
    out: list[str] = []
    dealer = state.dealer_hand()
    if state.phase == "dealer" and state.dealer_done() and dealer_offends(dealer, preset):
        why = "bust heavy" if dealer.heavy_bust else f"under his minimum {preset.minimum.dealer}"
        short = preset.minimum.player
        push = f", but one under the minimum {short} too pushes" if short else ""
        out.append(
            f"the dealer stopped at {dealer.total}, {why}: every closed player he opens is"
            f" paid{push} (minimum.dealer_under {preset.minimum.dealer_under})"
        )
    if state.void_all:
        return out
    players = list(state.players.values())
    rule = preset.minimum.player_under
    for p in players:
        if p.settlement is None or not p.settlement.offence:
            continue
        if rule == "pay-all" and len(players) > 1:
            others = len(players) - 1
            out.append(
                f"{p.name} stood short: pays {p.stake} to each other seat ({others * p.stake}),"
                f" {p.stake * (others + 1)} in all (minimum.player_under pay-all)"
            )
        elif rule == "pay-for-dealer":
            cap = preset.minimum.pay_for_dealer_cap * p.stake
            out.append(
                f"{p.name} stood short: also covers what the dealer pays the others, up to"
                f" {cap} (minimum.player_under pay-for-dealer)"
            )
    return out


def _nth(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


def words_now(state: RoundState | None) -> list[str]:
    """The night-log words that can apply now (`state` is None between rounds), most useful
    first: what the console offers when the dealer presses Tab."""
    if state is None:
        return ["dealer", "round", "stake", "seat", "leave", "sit", "back", "pass", "undo"]
    phase = state.phase
    if phase == "deal":
        return ["dealer", "forfeit", "undo"] if state.dealer_burned else ["dealer", "undo"]
    if phase == "showdown":
        return ["show", "undo"]
    if phase == "dealer":
        return ["open", "draw", "stop", "show", "undo"]
    if phase == "done":
        return ["round", "dealer", "undo"]
    words = ["hit", "stand", "show"]
    fifteen = state.preset.fifteen
    if fifteen.mode in ("run", "run-dealer-only"):
        words.append("run")
    if fifteen.burn:
        words.append("burn")
    if fifteen.mode in ("free-hand", "hard-15-surrender"):
        words.append("void")
    return [*words, "undo"]


def names_for(word: str, state: RoundState | None, seats: list[str]) -> list[str]:
    """The names (and `all`, `dealer`, `bust`) that can follow `word` now, for completion."""
    if state is None or word in ("stake", "leave", "sit", "back"):
        return list(seats) if word in ("stake", "leave", "sit", "back") else []
    players = state.players.values()
    if word == "hit":
        return [p.name for p in players if state.to_play(p)]
    if word == "stand":
        return [*(p.name for p in players if state.to_play(p)), "all"]
    if word in ("open", "show"):
        return [p.name for p in players if not p.settled]
    if word in ("run", "burn"):
        return [*(p.name for p in players if not p.settled), "dealer"]
    if word == "forfeit":
        return [p.name for p in players if not p.settled and p.stake_before_burn is not None]
    return []
