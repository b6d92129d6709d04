"""What must always hold for shared boxes and several boxes, over random legal rounds under random
house rules: the money nets to zero in whole chips; a bettor who follows is paid exactly the
owner's result on the box scaled to his stake; one who stays never wins or loses more than his one
bet allows; the replay of the round's lines equals the live round."""

from __future__ import annotations

import random
from contextlib import suppress

from hypothesis import given
from hypothesis import strategies as st

from banluck.core.money import nets
from banluck.games.casino.preset import Preset
from banluck.games.casino.state import RoundState
from banluck.table.round import Round
from tests.games.casino import test_casino_properties as properties
from tests.games.casino.helpers_casino import assert_replays
from tests.games.casino.test_casino_properties import SETTINGS, house_rules

AMOUNTS = st.sampled_from([10, 20, 30])


@st.composite
def tables(draw: st.DrawFn) -> tuple[dict[str, int], tuple[tuple[str, str], ...]]:
    """Ann's box with Ben behind it (follows) and Cid (stays); Ann may play a second box, Eve
    plays her own."""
    ann, ben, cid = draw(AMOUNTS), draw(AMOUNTS), draw(AMOUNTS)
    standing = {
        "behind Ben": f"behind Ben Ann {ben} follow",
        "behind Cid": f"behind Cid Ann {cid} stay",
    }
    if draw(st.booleans()):
        standing["box Ann"] = "box Ann 2"
        standing["stake Ann:2"] = f"stake Ann:2 {draw(AMOUNTS)}"
    stakes = {"Ann": ann, "Ben": 10, "Cid": 10, "Eve": draw(AMOUNTS)}
    return stakes, tuple(sorted(standing.items()))


def random_round(
    rules: Preset, seed: int, stakes: dict[str, int], standing: tuple[tuple[str, str], ...]
) -> Round[RoundState]:
    return properties.random_round(rules, random.Random(seed), stakes, standing)


def _first_box_net(rnd: Round[RoundState]) -> int:
    """Ann's money on her first box: the lines `Ann: ...`, `Ann.2: ...`, `Ann insurance: ...`."""
    total = 0
    for t in rnd.transfers():
        label = t.reason.split(": ", 1)[0]
        if label == "Ann" or label.startswith(("Ann.", "Ann insurance")):
            total += t.amount if t.payee == "Ann" else -t.amount
    return total


@SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32), table=tables())
def test_every_bettor_is_settled_in_whole_chips_and_the_round_nets_to_zero(
    rules: Preset, seed: int, table: tuple[dict[str, int], tuple[tuple[str, str], ...]]
) -> None:
    stakes, standing = table
    rnd = random_round(rules, seed, stakes, standing)
    transfers = rnd.transfers()
    assert all(type(t.amount) is int and t.amount > 0 for t in transfers)
    assert sum(nets(transfers).values()) == 0
    assert {t.payer for t in transfers} | {t.payee for t in transfers} <= {*stakes, "Dee"}


@SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32), table=tables())
def test_a_follower_is_paid_the_owners_result_scaled_to_his_stake(
    rules: Preset, seed: int, table: tuple[dict[str, int], tuple[tuple[str, str], ...]]
) -> None:
    """Ben follows everything Ann does on her first box: his net times Ann's stake is Ann's net
    on that box times his stake. Cid stays out: he never moves more than his one bet at the
    blackjack's price."""
    stakes, standing = table
    rnd = random_round(rules, seed, stakes, standing)
    got = nets(rnd.transfers())
    ben = int(dict(standing)["behind Ben"].split()[3])
    cid = int(dict(standing)["behind Cid"].split()[3])
    assert got.get("Ben", 0) * stakes["Ann"] == _first_box_net(rnd) * ben
    num, den = rules.payouts.ratio
    assert abs(got.get("Cid", 0)) * den <= cid * max(num, den)


@SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32), table=tables())
def test_replay_of_the_lines_equals_the_live_round(
    rules: Preset, seed: int, table: tuple[dict[str, int], tuple[tuple[str, str], ...]]
) -> None:
    stakes, standing = table
    rnd = random_round(rules, seed, stakes, standing)
    assert_replays(rnd)


SEATS = ("Dee", "Ann", "Ben", "Cid", "Eve")
WORDS = st.lists(
    st.one_of(
        st.tuples(
            st.just("behind"),
            st.sampled_from(SEATS),
            st.sampled_from([*SEATS, "Ann:2", "Eve:2"]),
            st.sampled_from(["0", "4", "5", "10"]),
            st.sampled_from(["follow", "stay"]),
        ),
        st.tuples(st.just("box"), st.sampled_from(SEATS), st.sampled_from(["1", "2", "3"])),
        st.tuples(st.just("stake"), st.sampled_from(["Ann", "Ann:2", "Eve:2"]), st.just("20")),
        st.tuples(st.just("pass")),
    ),
    max_size=12,
)


@SETTINGS
@given(words=WORDS)
def test_a_night_of_standing_words_replays_to_the_same_table_and_money(
    words: list[tuple[str, ...]],
) -> None:
    """Random `behind`, `box`, `stake` and `pass` lines (a refused one changes nothing), then a
    round where every box is dealt A K against a 7: every box and every bet riding behind one is
    paid 3:2 at once. The night's own lines replayed give the same table and money."""
    from banluck.app.records import read_log
    from banluck.core.errors import RuleError

    night, _ = read_log(
        "night box-21 Dee Ann Ben Cid Eve\nrule boxes.per_seat 2\nstake 10\n", "property"
    )
    for word, *args in words:
        if word == "behind" and args[2] == "0":
            args = args[:2]
        with suppress(RuleError):  # a refused line changes nothing
            night.do_line(word, list(args))
    seating = night.seating
    night.do_line("up", ["7"])
    state = night.current
    assert state is not None
    riding = {
        **{b.name: b.stake for b in state.state.players.values()},
        **{x.name: x.stake for b in state.state.players.values() for x in b.bettors},
    }
    for name in list(state.state.players):
        night.do_line("deal", [name, "A", "K"])
    assert night.current is None
    expected: dict[str, int] = {}
    for name, stake in riding.items():
        expected[name.split(":")[0]] = expected.get(name.split(":")[0], 0) + stake * 3 // 2
    got = {n: v for n, v in night.rounds[-1].nets().items() if v}
    assert got == {**expected, seating.dealer: -sum(expected.values())}
    again, _ = read_log(
        "night box-21 Dee Ann Ben Cid Eve\nrule boxes.per_seat 2\nstake 10\n"
        + "\n".join(" ".join([w, *a]) for w, a in night.lines),
        "again",
    )
    assert again.seating == night.seating
    assert again.balances == night.balances
