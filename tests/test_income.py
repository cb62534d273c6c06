"""Income from trade-good sets (digest section 6), checked against independent searches.

The rule, in the digest's words: any 3 goods = $1, 3 of one kind = $3, 4 of one kind = $6;
a ship stands for any good, at most one ship per set; every token is in at most one set;
no other shapes exist. The maximum income is wanted, not a greedy one.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules.goods import GOODS, SHIP
from companion.scoring import (
    Income,
    best_income,
    best_income_dollars,
    economy_vp,
    set_value,
    trusted_income_dollars,
)

GOOD_NAMES = tuple(GOODS)

# ---------------------------------------------------------------- our own reading of the rule


def shape_value(tokens: tuple[str, ...]) -> int:
    """Value of one group of tokens, written from the digest's table (0 = not a set)."""
    ships = tokens.count(SHIP)
    kinds = {t for t in tokens if t != SHIP}
    if ships > 1:
        return 0
    if len(tokens) == 3:
        return 3 if len(kinds) == 1 else 1
    if len(tokens) == 4:
        return 6 if len(kinds) == 1 else 0
    return 0


@cache
def _brute(tokens: tuple[str, ...]) -> int:
    """Exhaustive search over every way to cut a sorted multiset into disjoint sets."""
    if not tokens:
        return 0
    first, rest = tokens[0], tokens[1:]
    best = _brute(rest)  # the first token stays out of every set
    for size in (2, 3):  # partners of the first token in a set of 3 or 4
        tried = set()
        for picked in combinations(range(len(rest)), size):
            group = (first, *(rest[i] for i in picked))
            key = tuple(sorted(group))
            if key in tried:
                continue
            tried.add(key)
            value = shape_value(group)
            if value:
                remaining = tuple(t for i, t in enumerate(rest) if i not in picked)
                best = max(best, value + _brute(remaining))
    return best


def brute_income(goods: dict[str, int], ships: int) -> int:
    tokens = [g for g, n in goods.items() for _ in range(n)] + [SHIP] * ships
    return _brute(tuple(sorted(tokens)))


def dp_income(goods: dict[str, int], ships: int) -> int:
    """Exact optimum by a different route, fast enough for the whole supply.

    Every set is either one-kind (a quad or a triple, each with or without one ship) or holds
    goods of at least two kinds ("mixed", $1). For each kind enumerate every mix of one-kind
    sets; what is left over (goods L, ships S) makes at most min((L+S)//3, L//2) more sets
    (each needs 3 tokens with at least 2 goods), and that many are always possible, each worth
    at least $1 -- so the best over all one-kind choices of (one-kind value + that count) is
    the maximum. No pruning, no cap on leftovers.
    """
    states = {(0, 0): 0}  # (ships used in one-kind sets, goods left over) -> best value
    for count in goods.values():
        options: dict[tuple[int, int], int] = {}
        for q1 in range(min(ships, count // 3) + 1):  # quads with a ship: 3 goods
            for t1 in range(min(ships - q1, (count - 3 * q1) // 2) + 1):  # triples + ship
                rest = count - 3 * q1 - 2 * t1
                for q0 in range(rest // 4 + 1):
                    for t0 in range((rest - 4 * q0) // 3 + 1):
                        left = rest - 4 * q0 - 3 * t0
                        value = 6 * (q0 + q1) + 3 * (t0 + t1)
                        key = (q1 + t1, left)
                        options[key] = max(options.get(key, -1), value)
        new: dict[tuple[int, int], int] = {}
        for (s, left), value in states.items():
            for (s2, left2), value2 in options.items():
                if s + s2 <= ships:
                    key = (s + s2, left + left2)
                    new[key] = max(new.get(key, -1), value + value2)
        states = new
    return max(
        value + min((left + ships - s) // 3, left // 2) for (s, left), value in states.items()
    )


def check_legal(income: Income, goods: dict[str, int], ships: int) -> None:
    """The sets returned must be a real arrangement of the holding worth ``dollars``."""
    holding = Counter({g: n for g, n in goods.items() if n}) + Counter({SHIP: ships})
    used = Counter()
    for s in income.sets:
        assert s.goods.count(SHIP) <= 1, s
        assert len(s.goods) in (3, 4), s
        assert s.value == shape_value(s.goods), s
        assert s.value > 0, s
        used += Counter(s.goods)
    assert used + Counter(income.unused) == holding
    assert sum(s.value for s in income.sets) == income.dollars


# ---------------------------------------------------------------- the digest's examples


def test_worked_example_three_different_goods():
    income = best_income({"indigo": 1, "silver": 1, "tobacco": 1})
    assert income.dollars == 1
    check_legal(income, {"indigo": 1, "silver": 1, "tobacco": 1}, 0)


def test_worked_example_pair_and_ship():
    income = best_income({"indigo": 2}, ships=1)
    assert income.dollars == 3
    assert [sorted(s.goods) for s in income.sets] == [["indigo", "indigo", SHIP]]
    check_legal(income, {"indigo": 2}, 1)


def test_worked_example_four_sugar():
    income = best_income({"sugar": 4})
    assert income.dollars == 6
    check_legal(income, {"sugar": 4}, 0)


def test_four_mixed_goods_earn_one_dollar_not_more():
    holding = {"fur": 1, "gold": 1, "rice": 1, "fish": 1}
    income = best_income(holding)
    assert income.dollars == 1
    assert len(income.unused) == 1
    check_legal(income, holding, 0)
    assert set_value(("fur", "gold", "rice", "fish")) == 0


def test_ships_alone_earn_nothing():
    for ships in range(0, 11):
        assert best_income({}, ships=ships).dollars == 0
        assert best_income({}, ships=ships).unused == (SHIP,) * ships
    assert set_value((SHIP, SHIP, SHIP)) == 0


def test_one_ship_per_set():
    # {fur, ship, ship} is no set; only one ship can join the pair
    assert best_income({"fur": 1}, ships=2).dollars == 0
    assert best_income({"fur": 2}, ships=2).dollars == 3
    # three of a kind + ship = a quad; a second ship cannot make it better
    assert best_income({"fur": 3}, ships=1).dollars == 6
    assert best_income({"fur": 3}, ships=2).dollars == 6
    assert set_value(("fur", "fur", SHIP, SHIP)) == 0


def test_not_greedy():
    # 5 fur + gold + ship: quad + (fur, gold, ship) = $7; spending the ship on a fur triple
    # gives only (fur, fur, ship) + (fur, fur, fur) = $6
    assert best_income({"fur": 5, "gold": 1}, ships=1).dollars == 7
    # 6 of a kind: a quad + 2 left ($6) vs two triples ($6); with 2 ships: two quads ($12)
    assert best_income({"fur": 6}, ships=2).dollars == 12
    # 7 of a kind: quad + triple = $9
    assert best_income({"fur": 7}).dollars == 9


def test_economy_vp_is_income():
    holding = {"sugar": 4, "gold": 2, "rice": 1}
    assert economy_vp(holding, ships=1) == best_income(holding, ships=1).dollars == 6 + 3


@pytest.mark.parametrize(
    ("goods", "ships"),
    [
        ({"fur": -1}, 0),
        ({"fur": 1}, -1),
        ({"fur": 1.0}, 0),
        ({"fur": "2"}, 0),
        ({"fur": None}, 0),
        ({"fur": 2}, 1.5),
        ({"fur": 2}, "1"),
        ({SHIP: 1}, 0),
    ],
)
def test_bad_holdings_raise(goods, ships):
    with pytest.raises(ValueError):
        best_income(goods, ships=ships)
    with pytest.raises(ValueError):
        best_income_dollars(goods, ships=ships)


def test_zero_counts_are_allowed():
    assert best_income({"fur": 0, "gold": 3}).dollars == 3
    assert best_income({}).dollars == 0


# ---------------------------------------------------------------- set_value vs the table


@given(st.lists(st.sampled_from((*GOOD_NAMES[:3], SHIP)), min_size=0, max_size=5))
def test_set_value_matches_the_table(tokens):
    assert set_value(tuple(tokens)) == shape_value(tuple(tokens))


# ---------------------------------------------------------------- reference self-checks


def test_references_agree_on_hand_cases():
    cases = [
        ({"indigo": 1, "silver": 1, "tobacco": 1}, 0, 1),
        ({"indigo": 2}, 1, 3),
        ({"sugar": 4}, 0, 6),
        ({"fur": 1, "gold": 1, "rice": 1, "fish": 1}, 0, 1),
        ({}, 3, 0),
        ({"fur": 2, "gold": 2}, 2, 6),  # two triples, one ship each
        ({"fur": 2, "gold": 2, "rice": 2}, 0, 2),  # two mixed sets
    ]
    for goods, ships, expected in cases:
        assert brute_income(goods, ships) == expected, (goods, ships)
        assert dp_income(goods, ships) == expected, (goods, ships)


# ---------------------------------------------------------------- property tests


@st.composite
def small_holdings(draw, max_tokens=9):
    names = draw(st.sampled_from([GOOD_NAMES[:2], GOOD_NAMES[:4], GOOD_NAMES]))
    ships = draw(st.integers(0, 3))
    picked = draw(st.lists(st.sampled_from(names), max_size=max_tokens - ships))
    goods = dict(Counter(picked))
    if draw(st.booleans()):
        goods.setdefault(names[-1], 0)  # a zero entry must be harmless
    return goods, ships


@st.composite
def realistic_holdings(draw):
    goods = {
        name: draw(st.integers(0, count))
        for name, count in GOODS.items()
        if draw(st.booleans())
    }
    return goods, draw(st.integers(0, 10))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_holdings())
def test_best_income_matches_exhaustive_partition_search(holding):
    goods, ships = holding
    income = best_income(goods, ships)
    assert income.dollars == brute_income(goods, ships)
    check_legal(income, goods, ships)


@settings(max_examples=300, deadline=None)
@given(small_holdings())
def test_dp_reference_matches_exhaustive_search(holding):
    goods, ships = holding
    assert dp_income(goods, ships) == brute_income(goods, ships)


@settings(max_examples=400, deadline=None)
@given(realistic_holdings())
def test_best_income_matches_reference_on_large_holdings(holding):
    goods, ships = holding
    income = best_income(goods, ships)
    assert income.dollars == dp_income(goods, ships)
    assert best_income_dollars(goods, ships) == income.dollars
    assert trusted_income_dollars(goods, ships) == income.dollars
    check_legal(income, goods, ships)


@settings(max_examples=200, deadline=None)
@given(realistic_holdings())
def test_counted_profile_is_the_grouped_one(holding):
    """``best_income_dollars`` counts the profile in C: the groups ``best_income`` plans
    with, in the same order (it then plans them sorted: the dollars do not depend on it,
    ``test_best_income_matches_reference_on_large_holdings``)."""
    from companion.scoring import _by_count, _counted_profile, _profile

    goods, _ships = holding
    assert _counted_profile(goods) == _profile(_by_count(goods))


@settings(max_examples=200, deadline=None)
@given(realistic_holdings())
def test_income_never_drops_when_a_token_is_added(holding):
    goods, ships = holding
    base = best_income(goods, ships).dollars
    assert best_income(goods, ships + 1).dollars >= base
    for name in GOOD_NAMES:
        more = dict(goods)
        more[name] = more.get(name, 0) + 1
        assert best_income(more, ships).dollars >= base


# ---------------------------------------------------------------- the whole supply


def test_whole_supply_with_all_ships():
    goods, ships = dict(GOODS), 10
    income = best_income(goods, ships)
    check_legal(income, goods, ships)
    # Bound: the best rate is $6 for 4 tokens, so 56 tokens earn at most 56 * 1.5 = $84.
    assert income.dollars <= (46 + 10) * 6 // 4
    # A hand-built arrangement reaches $81:
    #   cattle, cocoa, fish, rice (3 each) + 1 ship each  -> 4 quads   = 24  (4 ships)
    #   silver, sugar (6 each) + 2 ships each              -> 4 quads   = 24  (4 ships)
    #   coffee, indigo, fur (4 each)                       -> 3 quads   = 18
    #   gold 5 + 2 ships -> quad (3 + ship) + triple (2 + ship)        =  9  (2 ships)
    #   tobacco 5 -> quad, 1 tobacco unused                            =  6
    assert income.dollars >= 81
    # and the exhaustive per-kind search says nothing does better
    assert income.dollars == dp_income(goods, ships) == 81


@pytest.mark.parametrize("ships", range(0, 11))
def test_whole_supply_for_each_ship_count(ships):
    goods = dict(GOODS)
    income = best_income(goods, ships)
    check_legal(income, goods, ships)
    assert income.dollars == dp_income(goods, ships)
