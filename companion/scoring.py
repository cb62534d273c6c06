"""Pure scoring: income sets, New World colony scoring, end-of-game VP and ranking.

Nothing here knows about Streamlit or storage; the engine, the score sheet and the CLI all
call these functions.

>>> best_income({"indigo": 1, "silver": 1, "tobacco": 1}).dollars
1
>>> best_income({"indigo": 2}, ships=1).dollars
3
>>> best_income({"sugar": 4}).dollars
6
>>> colony_scores({"Adam": 5, "Matt": 4}, builders=3)
{'Adam': 18, 'Matt': 8}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from companion.rules.buildings import Building
from companion.rules.discoveries import Discovery
from companion.rules.editions import SCORING_REGION_MINIMUM
from companion.rules.goods import SHIP

# ---------------------------------------------------------------- income sets

SET_VALUES = {"mixed": 1, "triple": 3, "quad": 6}


@dataclass(frozen=True)
class IncomeSet:
    """One set of tokens: good names, with ``"ship"`` for a ship used as a wild card."""

    goods: tuple[str, ...]
    value: int


@dataclass(frozen=True)
class Income:
    dollars: int
    sets: tuple[IncomeSet, ...]
    unused: tuple[str, ...] = ()  # tokens in no set


def set_value(tokens: Sequence[str]) -> int:
    """Value of one group of tokens under the three set shapes (0 if it is no set).

    >>> set_value(("fur", "fur", "ship", "fur")), set_value(("fur", "gold", "ship", "rice"))
    (6, 0)
    """
    ships = sum(1 for t in tokens if t == SHIP)
    goods = [t for t in tokens if t != SHIP]
    if ships > 1 or len(tokens) not in (3, 4):
        return 0
    one_kind = len(set(goods)) <= 1
    if len(tokens) == 4:
        return SET_VALUES["quad"] if one_kind else 0
    return SET_VALUES["triple"] if one_kind else SET_VALUES["mixed"]


@lru_cache(maxsize=64)
def _kind_options(count: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """Ways to use ``count`` goods of one kind in one-kind sets.

    Items are (value, ships, leftover, quads, triples); at most one ship per set; at most two
    goods are left over (three leftovers of one kind always do at least as well as a triple).
    Only options not dominated (fewer ships, more leftovers, more value) are kept.
    """
    found: dict[tuple[int, int], tuple[int, int, int]] = {}
    for leftover in range(min(2, count) + 1):
        for ships in range(count // 2 + 1):
            tokens = count - leftover + ships
            best = None
            for quads in range(tokens // 4, -1, -1):
                rest = tokens - 4 * quads
                if rest % 3 == 0 and quads + rest // 3 >= ships:
                    best = (6 * quads + rest, quads, rest // 3)  # 6a + 3b
                    break
            if best is not None:
                found[(ships, leftover)] = best
    return tuple(
        (value, ships, leftover, quads, triples)
        for value, ships, leftover, (quads, triples) in _pareto(
            {key: (v, (q, t)) for key, (v, q, t) in found.items()}
        )
    )


def _mixed_sets(leftover: int, ships: int) -> int:
    """Sets of three different-or-any goods from leftovers, at most one ship each."""
    return min((leftover + ships) // 3, leftover // 2)


def _pareto(found: Mapping[tuple[int, int], tuple]) -> tuple[tuple, ...]:
    """Keep entries {(ships, leftover): (value, ...)} that no other entry beats outright."""
    kept = []
    for (ships, leftover), entry in found.items():
        if not any(
            s <= ships and l >= leftover and e[0] >= entry[0] and (s, l) != (ships, leftover)
            for (s, l), e in found.items()
        ):
            kept.append((entry[0], ships, leftover, entry[1]))
    return tuple(kept)


@lru_cache(maxsize=256)
def _group_options(count: int, kinds: int) -> tuple[tuple, ...]:
    """Ways to use ``kinds`` kinds holding ``count`` goods each: (value, ships, leftover,
    per-kind choices). Kinds with equal counts are interchangeable, so they are combined once."""
    if kinds == 1:
        return tuple((o[0], o[1], o[2], (o,)) for o in _kind_options(count))
    found: dict[tuple[int, int], tuple] = {}
    for v1, s1, l1, c1 in _group_options(count, kinds - 1):
        for option in _kind_options(count):
            key = (s1 + option[1], l1 + option[2])
            value = v1 + option[0]
            if key not in found or value > found[key][0]:
                found[key] = (value, (*c1, option))
    return _pareto(found)


def best_income(goods: Mapping[str, int], ships: int = 0) -> Income:
    """The maximum income from goods and ships, with the sets that earn it.

    Exact: a dynamic programme over groups of kinds with equal counts, whose state is
    (ships spent on one-kind sets, goods left over for mixed sets).

    >>> income = best_income({"gold": 3, "fur": 2}, ships=1)
    >>> income.dollars, sorted(s.value for s in income.sets)
    (9, [3, 6])
    """
    _check_holding(goods, ships)
    by_count: dict[int, list[str]] = {}
    for name, n in goods.items():
        if n > 0:
            by_count.setdefault(n, []).append(name)
    groups = list(by_count.items())
    layers: list[dict[tuple[int, int], tuple[int, tuple[int, int], tuple]]] = []
    values: dict[tuple[int, int], int] = {(0, 0): 0}
    for count, names in groups:
        layer: dict[tuple[int, int], tuple[int, tuple[int, int], tuple]] = {}
        options = _group_options(count, len(names))
        for key, value in values.items():
            spent, left = key
            for option in options:
                s = spent + option[1]
                if s > ships:
                    continue
                new_key = (s, left + option[2])
                v = value + option[0]
                old = layer.get(new_key)
                if old is None or v > old[0]:
                    layer[new_key] = (v, key, option)
        layers.append(layer)
        values = {key: entry[0] for key, entry in layer.items()}

    best_key, best_total = (0, 0), -1
    for key, value in values.items():
        total = value + _mixed_sets(key[1], ships - key[0])
        if total > best_total:
            best_key, best_total = key, total

    choices: dict[str, tuple] = {}
    key = best_key
    for (_, names), layer in zip(reversed(groups), reversed(layers), strict=True):
        _, key, option = layer[key]
        choices.update(zip(names, option[3], strict=True))
    return _rebuild(goods, ships, choices, best_key, best_total)


def _rebuild(
    goods: Mapping[str, int],
    ships: int,
    choices: Mapping[str, tuple],
    final: tuple[int, int],
    total: int,
) -> Income:
    sets: list[IncomeSet] = []
    leftovers: list[str] = []
    for kind, (_, ships_used, leftover, quads, triples) in choices.items():
        shapes = [4] * quads + [3] * triples
        for i, size in enumerate(shapes):
            wild = i < ships_used
            tokens = (kind,) * (size - wild) + ((SHIP,) if wild else ())
            sets.append(IncomeSet(tokens, set_value(tokens)))
        leftovers.extend([kind] * leftover)
    spare_ships = ships - final[0]
    mixed = _mixed_sets(final[1], spare_ships)
    ships_in_mixed = max(0, 3 * mixed - len(leftovers))
    # Deal leftovers round-robin so that no mixed set holds two of a kind with a ship.
    leftovers.sort(key=lambda g: (-leftovers.count(g), g))
    groups: list[list[str]] = [[] for _ in range(mixed)]
    slots = [3 - (1 if i < ships_in_mixed else 0) for i in range(mixed)]
    order = [i for rnd in range(3) for i in range(mixed) if slots[i] > rnd]
    used = 0
    for i, good in zip(order, leftovers, strict=False):
        groups[i].append(good)
        used += 1
    for i, group in enumerate(groups):
        tokens = tuple(group) + ((SHIP,) if i < ships_in_mixed else ())
        sets.append(IncomeSet(tokens, set_value(tokens)))
    unused = tuple(leftovers[used:]) + (SHIP,) * (spare_ships - ships_in_mixed)
    result = Income(sum(s.value for s in sets), tuple(sets), unused)
    if result.dollars != total:  # the rebuilt sets must earn what the search promised
        raise AssertionError(f"income sets add up to {result.dollars}, expected {total}")
    return result


def _check_holding(goods: Mapping[str, int], ships: int) -> None:
    for name, count in goods.items():
        if not isinstance(count, int) or isinstance(count, bool):
            raise ValueError(f"the count of {name} must be a whole number, not {count!r}")
        if count < 0:
            raise ValueError(f"a player cannot hold {count} {name}")
        if name == SHIP:
            raise ValueError("ships are counted apart from goods: pass ships=")
    if not isinstance(ships, int) or isinstance(ships, bool):
        raise ValueError(f"the number of ships must be a whole number, not {ships!r}")
    if ships < 0:
        raise ValueError(f"a player cannot hold {ships} ships")
