"""Final VP (digest section 12): the four categories and the tie-break chain."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from companion.rules.discoveries import CARDS, TOKENS
from companion.scoring import ScoreBreakdown, discovery_vp, rank


def test_total_adds_every_category():
    s = ScoreBreakdown(
        "Red",
        colony=(6, 8, 10),
        discoveries=11,
        buildings={"navy": 12, "taxation": 2, "wealth": 4},
        economy=9,
        bought=3,
    )
    assert s.colony_total == 24
    assert s.buildings_total == 18
    assert s.total == 24 + 11 + 18 + 9 + 3


def test_money_and_goods_are_not_vp():
    s = ScoreBreakdown("Red", colony=(2, 0, 6), money=99, tie_goods=20)
    assert s.total == 8


def test_empty_breakdown_is_zero():
    assert ScoreBreakdown("Red").total == 0


def test_discovery_vp_sums_printed_vp():
    # digest section 9: token rows 1 and 16 are worth 4 and 7; China 6, The Pampas 4
    picked = [TOKENS["t01"], TOKENS["t16"], CARDS["china"], CARDS["pampas"]]
    assert discovery_vp(picked) == 4 + 7 + 6 + 4
    assert discovery_vp([]) == 0


def _places(scores):
    return [(place, s.player) for place, s in rank(scores)]


def test_rank_by_total():
    a = ScoreBreakdown("A", colony=(6, 0, 0))
    b = ScoreBreakdown("B", colony=(0, 0, 2), money=50, tie_goods=30)
    c = ScoreBreakdown("C", economy=10)
    assert _places([a, b, c]) == [(1, "C"), (2, "A"), (3, "B")]


def test_tie_break_1_turn_8_colony_vp():
    # equal totals; B scored more at the turn-8 scoring, A has more money and goods
    a = ScoreBreakdown("A", colony=(6, 6, 2), money=40, tie_goods=20)
    b = ScoreBreakdown("B", colony=(2, 6, 6), money=1, tie_goods=0)
    assert a.total == b.total
    assert _places([a, b]) == [(1, "B"), (2, "A")]


def test_tie_break_1_ignores_colony_total_and_bought_vp():
    # same total and same turn-8 colony VP: A's extra colony VP from turn 3 are offset by
    # B's bought VP, so the turn-8 scoring does not split them and money decides
    a = ScoreBreakdown("A", colony=(6, 0, 2), money=3)
    b = ScoreBreakdown("B", colony=(0, 0, 2), bought=6, money=4)
    assert a.total == b.total
    assert _places([a, b]) == [(1, "B"), (2, "A")]


def test_tie_break_2_money():
    a = ScoreBreakdown("A", colony=(0, 0, 6), economy=4, money=12, tie_goods=0)
    b = ScoreBreakdown("B", colony=(4, 0, 6), money=13, tie_goods=0)
    assert (a.total, a.colony[2]) == (b.total, b.colony[2])
    assert _places([a, b]) == [(1, "B"), (2, "A")]


def test_tie_break_3_goods_and_ships():
    a = ScoreBreakdown("A", colony=(0, 2, 6), money=7, tie_goods=5)
    b = ScoreBreakdown("B", colony=(2, 0, 6), money=7, tie_goods=6)
    assert _places([a, b]) == [(1, "B"), (2, "A")]


def test_still_tied_players_share_a_place():
    a = ScoreBreakdown("A", colony=(0, 2, 6), money=7, tie_goods=5)
    b = ScoreBreakdown("B", colony=(2, 0, 6), discoveries=0, money=7, tie_goods=5)
    c = ScoreBreakdown("C", colony=(0, 0, 6), money=100)
    d = ScoreBreakdown("D", economy=20)
    standings = _places([c, b, a, d])
    assert standings[0] == (1, "D")
    assert {p for _, p in standings[1:3]} == {"A", "B"}
    assert standings[1][0] == standings[2][0] == 2
    assert standings[3][1] == "C"
    assert standings[3][0] > 2


def test_everyone_tied_shares_first():
    players = [ScoreBreakdown(n, colony=(2, 2, 2), money=5, tie_goods=3) for n in "ABCD"]
    assert [place for place, _ in rank(players)] == [1, 1, 1, 1]


def test_rank_keeps_every_player_and_empty_is_empty():
    assert rank([]) == []
    players = [ScoreBreakdown(n, colony=(i, 0, 0)) for i, n in enumerate("ABCDEF")]
    assert sorted(s.player for _, s in rank(players)) == list("ABCDEF")


breakdowns = st.builds(
    ScoreBreakdown,
    player=st.text(min_size=1, max_size=3),
    colony=st.tuples(*[st.integers(0, 4)] * 3),
    discoveries=st.integers(0, 3),
    economy=st.integers(0, 3),
    money=st.integers(0, 3),
    tie_goods=st.integers(0, 3),
)


@given(st.lists(breakdowns, max_size=6), st.randoms())
def test_rank_orders_by_the_tie_break_chain(scores, rnd: random.Random):
    shuffled = list(scores)
    rnd.shuffle(shuffled)
    standings = rank(shuffled)

    def key(s):
        return (s.total, s.colony[2], s.money, s.tie_goods)

    for (p1, s1), (p2, s2) in zip(standings, standings[1:], strict=False):
        assert key(s1) >= key(s2)
        if key(s1) == key(s2):
            assert p1 == p2
        else:
            assert p2 > p1
    if standings:
        assert standings[0][0] == 1
    assert sorted(map(id, (s for _, s in standings))) == sorted(map(id, scores))
