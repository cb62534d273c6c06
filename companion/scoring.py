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

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from companion.rules.buildings import Building
from companion.rules.discoveries import Discovery
from companion.rules.editions import EDITIONS, SCORING_REGION_MINIMUM
from companion.rules.goods import GOODS, SHIP

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
    """Keep entries {(ships, leftover): (value, ...)} that no other entry beats outright
    (no more ships, at least the leftovers and the value). One sweep: by ships, then by most
    leftovers first, remembering the best value seen for each leftover count or more."""
    if not found:
        return ()
    best_from = [-1] * (max(left for _, left in found) + 1)
    kept = []
    for ships, leftover in sorted(found, key=lambda k: (k[0], -k[1])):
        entry = found[(ships, leftover)]
        if best_from[leftover] >= entry[0]:
            continue
        kept.append((entry[0], ships, leftover, entry[1]))
        for i in range(leftover, -1, -1):  # best_from never grows with the leftover count
            if best_from[i] >= entry[0]:
                break
            best_from[i] = entry[0]
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


def _fill_option_tables() -> None:
    """Work out at import the options of every group a real holding can have (up to the
    whole supply of each kind): a few milliseconds once, so that no table is built during
    the first income a process asks for."""
    for count in range(1, max(GOODS.values()) + 1):
        _group_options(count, sum(1 for n in GOODS.values() if n >= count))  # and fewer


_fill_option_tables()


def best_income(goods: Mapping[str, int], ships: int = 0) -> Income:
    """The maximum income from goods and ships, with the sets that earn it.

    Exact: a dynamic programme over groups of kinds with equal counts, whose state is
    (ships spent on one-kind sets, goods left over for mixed sets). Which goods they are
    does not matter, only how many kinds hold how many: the plan for such a profile is
    worked out once (``_plan``) and the sets are then dealt with the holding's own goods.

    >>> income = best_income({"gold": 3, "fur": 3}, ships=1)
    >>> income.dollars, sorted(s.value for s in income.sets)
    (9, [3, 6])
    """
    _check_holding(goods, ships)
    by_count = _by_count(goods)
    total, final, picked = _plan(_profile(by_count), ships)
    choices: dict[str, tuple] = {}
    for (_, names), option in zip(reversed(by_count.items()), reversed(picked), strict=True):
        choices.update(zip(names, option[3], strict=True))
    return _rebuild(goods, ships, choices, final, total)


def best_income_dollars(goods: Mapping[str, int], ships: int = 0) -> int:
    """``best_income(goods, ships).dollars``, without dealing out the sets that earn it
    (the fold wants only the sum: every income phase, every turn's standings).

    >>> best_income_dollars({"gold": 3, "fur": 3}, ships=1)
    9
    """
    _check_holding(goods, ships)
    return trusted_income_dollars(goods, ships)


def trusted_income_dollars(goods: Mapping[str, int], ships: int = 0) -> int:
    """``best_income_dollars`` of counts known to be whole numbers >= 0 (the engine's own
    players, every income phase), without checking them again.

    >>> trusted_income_dollars({"gold": 3, "fur": 3}, ships=1)
    9
    """
    # (the dollars do not depend on the groups' order: sorted, more holdings share a plan)
    return _plan(tuple(sorted(_counted_profile(goods))), ships)[0]


def _by_count(goods: Mapping[str, int]) -> dict[int, list[str]]:
    """The goods held, grouped by how many of each are held."""
    by_count: dict[int, list[str]] = {}
    for name, n in goods.items():
        if n > 0:
            by_count.setdefault(n, []).append(name)
    return by_count


def _profile(by_count: Mapping[int, list[str]]) -> tuple[tuple[int, int], ...]:
    return tuple((count, len(names)) for count, names in by_count.items())


def _counted_profile(goods: Mapping[str, int]) -> tuple[tuple[int, int], ...]:
    """``_profile(_by_count(goods))`` counted in C (every income phase asks it of each
    player): each count held once, in the order it first appears (a ``Counter`` keeps
    it), with how many kinds hold that many."""
    return tuple(Counter(filter(None, goods.values())).items())


@lru_cache(maxsize=4096)
def _plan(profile: tuple[tuple[int, int], ...],
          ships: int) -> tuple[int, tuple[int, int], tuple[tuple, ...]]:
    """The best income of a holding with ``profile`` ((count, kinds holding that many) per
    group) and ``ships``: its dollars, the final (ships spent, leftover) state, and the
    option taken for each group, in the profile's order.

    States (ships spent, leftover) are numbered ``ships_spent * width + leftover``. A state
    whose most optimistic outcome cannot reach a whole solution already found is dropped
    (branch and bound): optimistically, each later group adds its best value plus a third of
    a dollar per good it leaves over and minus a third per ship it spends, and every good
    left over or ship spare at the end earns a third of a dollar in a mixed set.
    """
    groups = [_group_options(count, kinds) for count, kinds in profile]
    width = sum(max(o[2] for o in options) for options in groups) + 1
    # thirds of a dollar the groups from i on can add at most
    ahead = [0] * (len(groups) + 1)
    for i in range(len(groups) - 1, -1, -1):
        ahead[i] = ahead[i + 1] + max(3 * o[0] + o[2] - o[1] for o in groups[i])
    floor = _greedy_income(groups, ships)
    states: dict[int, int] = {0: 0}
    layers: list[dict[int, tuple[int, tuple]]] = []
    for i, options in enumerate(groups):
        hope = ahead[i] + ships - 3 * floor  # kept: 3v + left - spent + hope >= 0
        states = {k: v for k, v in states.items()
                  if 3 * v + k % width - k // width + hope >= 0}
        moves = [(o[1] * width + o[2], o[0], (ships - o[1] + 1) * width, o) for o in options]
        reached: dict[int, int] = {}
        came: dict[int, tuple[int, tuple]] = {}
        get = reached.get
        for k, v in states.items():
            for step, value, limit, option in moves:
                if k < limit:  # no more ships than there are
                    j, w = k + step, v + value
                    if get(j, -1) < w:
                        reached[j] = w
                        came[j] = (k, option)
        layers.append(came)
        states = reached

    best_key, best_total = 0, -1
    for k, v in states.items():
        spent, left = divmod(k, width)
        total = v + _mixed_sets(left, ships - spent)
        if total > best_total:
            best_key, best_total = k, total
    picked: list[tuple] = []
    k = best_key
    for came in reversed(layers):
        k, option = came[k]
        picked.append(option)
    return best_total, divmod(best_key, width), tuple(reversed(picked))


def _greedy_income(groups: list[tuple[tuple, ...]], ships: int) -> int:
    """The income of one whole arrangement, picked group by group on the measure ``_plan``
    bounds with: a floor for the search (the best is at least this)."""
    spare, value, left = ships, 0, 0
    for options in groups:
        o = max((o for o in options if o[1] <= spare), key=lambda o: 3 * o[0] + o[2] - o[1])
        spare, value, left = spare - o[1], value + o[0], left + o[2]
    return value + _mixed_sets(left, spare)


def _rebuild(
    goods: Mapping[str, int],
    ships: int,
    choices: Mapping[str, tuple],
    final: tuple[int, int],
    total: int,
) -> Income:
    sets: list[IncomeSet] = []
    leftovers: list[str] = []
    quad, triple = SET_VALUES["quad"], SET_VALUES["triple"]
    for kind, (_, ships_used, leftover, quads, triples) in choices.items():
        # One kind, at most one ship each: quads and triples by construction.
        for i in range(quads + triples):
            size, value = (4, quad) if i < quads else (3, triple)
            wild = i < ships_used
            sets.append(IncomeSet((kind,) * (size - wild) + ((SHIP,) if wild else ()), value))
        leftovers.extend([kind] * leftover)
    spare_ships = ships - final[0]
    mixed = _mixed_sets(final[1], spare_ships)
    ships_in_mixed = max(0, 3 * mixed - len(leftovers))
    # Deal leftovers round-robin so that no mixed set holds two of a kind with a ship.
    held = {g: leftovers.count(g) for g in set(leftovers)}
    leftovers.sort(key=lambda g: (-held[g], g))
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


_WHOLE = frozenset((int,))  # (``bool`` is a type of its own here: True is not a count)


def _check_holding(goods: Mapping[str, int], ships: int) -> None:
    counts = goods.values()  # (the usual holding passes in a few passes made in C)
    if (type(ships) is int and ships >= 0 and SHIP not in goods
            and set(map(type, counts)) <= _WHOLE and min(counts, default=0) >= 0):
        return
    given: Mapping[str, object] = goods  # (checked as passed: any value may come in)
    for name, count in given.items():
        if not isinstance(count, int) or isinstance(count, bool):
            raise ValueError(f"the count of {name} must be a whole number, not {count!r}")
        if count < 0:
            raise ValueError(f"a player cannot hold {count} {name}")
        if name == SHIP:
            raise ValueError("ships are counted apart from goods: pass ships=")
    ships_given: object = ships
    if not isinstance(ships_given, int) or isinstance(ships_given, bool):
        raise ValueError(f"the number of ships must be a whole number, not {ships!r}")
    if ships < 0:
        raise ValueError(f"a player cannot hold {ships} ships")


# ---------------------------------------------------------------- colony scoring

FIRST_VP, SECOND_VP, TIED_FIRST_VP = 6, 2, 2
BUILDER_FIRST_VP, BUILDER_SECOND_VP = 4, 2


def colony_scores(workers: Mapping[str, int], builders: int = 0) -> dict[str, int]:
    """VP each player earns in one region at one colony scoring, Builder bonus included.

    ``workers`` counts every worker of each player in the region (builders included);
    ``builders`` is the number of builders of any colour there. Every key gets a score.

    >>> colony_scores({"George": 5, "Matt": 5, "Ernie": 2, "Adam": 1}, builders=3)
    {'George': 14, 'Matt': 14, 'Ernie': 6, 'Adam': 0}
    >>> colony_scores({"Red": 2, "Blue": 2})
    {'Red': 0, 'Blue': 0}
    """
    given: Mapping[str, object] = workers  # (checked as passed: any value may come in)
    for player, count in given.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ValueError(f"{player} cannot have {count!r} workers in a region")
    builders_given: object = builders
    if not isinstance(builders_given, int) or isinstance(builders_given, bool) or builders < 0:
        raise ValueError(f"a region cannot hold {builders!r} builders")
    if builders > sum(workers.values()):
        raise ValueError(
            f"{builders} builders cannot stand in a region holding only "
            f"{sum(workers.values())} workers"
        )
    return trusted_colony_scores(workers, builders)


def trusted_colony_scores(workers: Mapping[str, int], builders: int = 0) -> dict[str, int]:
    """``colony_scores`` of counts known to be whole numbers >= 0, with no more builders
    than workers (the engine's own board), without checking them again.

    >>> trusted_colony_scores({"Red": 3, "Blue": 1}, builders=1)
    {'Red': 10, 'Blue': 4}
    """
    scores = dict.fromkeys(workers, 0)
    present = {p: n for p, n in workers.items() if n > 0}
    if not present or max(present.values()) < SCORING_REGION_MINIMUM:
        return scores
    first, second = _places(present)
    if len(first) == 1:
        scores[first[0]] += FIRST_VP
        if len(second) == 1:
            scores[second[0]] += SECOND_VP
    elif len(first) == 2:
        for p in first:
            scores[p] += TIED_FIRST_VP
    for p in first:
        scores[p] += BUILDER_FIRST_VP * builders
    for p in second:
        scores[p] += BUILDER_SECOND_VP * builders
    return scores


def _places(present: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """The players with the most workers, and those with the next distinct count."""
    levels = sorted(set(present.values()), reverse=True)
    first = [p for p, n in present.items() if n == levels[0]]
    second = [p for p, n in present.items() if len(levels) > 1 and n == levels[1]]
    return first, second


@dataclass(frozen=True)
class RegionScoring:
    """One region judged at a colony scoring: each player's workers there (every player,
    in the order given), the builders of any colour there, who stood first and second
    (more than one: tied), and the VP each player won (Builder bonus included)."""

    region: str
    workers: tuple[tuple[str, int], ...]
    builders: int
    first: tuple[str, ...]
    second: tuple[str, ...]
    vp: tuple[tuple[str, int], ...]

    def place(self, player: str) -> int | None:
        """1 or 2 for a player in first or second place, else None."""
        return 1 if player in self.first else 2 if player in self.second else None

    def tied(self, player: str) -> bool:
        """Whether ``player`` shares their place with another player."""
        return (player in self.first and len(self.first) > 1) or (
            player in self.second and len(self.second) > 1)


def region_scoring(region: str, workers: Mapping[str, int],
                   builders: int = 0) -> RegionScoring | None:
    """The breakdown of one region at a colony scoring (None: nobody has the workers that
    make the region count). Counts as for ``colony_scores``, checked the same way.

    >>> judged = region_scoring("brazil", {"Ann": 3, "Bob": 3, "Cy": 1})
    >>> judged.first, judged.second, judged.vp
    (('Ann', 'Bob'), ('Cy',), (('Ann', 2), ('Bob', 2), ('Cy', 0)))
    >>> region_scoring("peru", {"Ann": 2, "Bob": 1}) is None
    True
    """
    vp = colony_scores(workers, builders)
    present = {p: n for p, n in workers.items() if n > 0}
    if not present or max(present.values()) < SCORING_REGION_MINIMUM:
        return None
    first, second = _places(present)
    return RegionScoring(region, tuple(workers.items()), builders, tuple(first),
                         tuple(second), tuple(vp.items()))


# ---------------------------------------------------------------- end of game


@dataclass(frozen=True)
class EndFacts:
    """What one player has at the end of turn 8: the inputs of every end-VP formula.

    The names match ``companion.rules.buildings.END_VP_QUANTITIES``.
    """

    goods: int = 0  # goods owned (ships not included)
    ships: int = 0
    money: int = 0
    buildings: int = 0  # capital buildings owned, War Chests and Plagues included
    discoveries: int = 0  # tokens and cards owned
    new_world_workers: int = 0
    new_world_soldiers: int = 0
    new_world_builders: int = 0
    specialists_track_workers: int = 0
    glory_regions: int = 0  # regions that count for Glory under the edition's rule

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name.replace('_', ' ')} must be a whole number >= 0")

    def as_mapping(self) -> dict[str, int]:
        return dict(vars(self))


def glory_regions(
    player: str,
    regions: Mapping[str, Mapping[str, int]],
    rule: str,
) -> int:
    """Regions that count for Glory. ``regions`` maps region -> player -> workers there.

    ``rule`` is the edition's reading: ``"other_has_three"`` (`empires`: the player has a
    worker and some other player has at least 3) or ``"present"`` (`aoe3`: a worker is enough).

    >>> regions = {"peru": {"Red": 1, "Blue": 3}, "brazil": {"Red": 4}}
    >>> glory_regions("Red", regions, "other_has_three"), glory_regions("Red", regions, "present")
    (1, 2)
    """
    if rule not in ("other_has_three", "present"):
        raise ValueError(f"unknown Glory rule {rule!r}")
    count = 0
    for workers in regions.values():
        if workers.get(player, 0) < 1:
            continue
        if rule == "present" or any(
            n >= SCORING_REGION_MINIMUM for p, n in workers.items() if p != player
        ):
            count += 1
    return count


def discovery_vp(discoveries: Iterable[Discovery]) -> int:
    """VP printed on the tokens and cards a player owns."""
    return sum(d.vp for d in discoveries)


def building_vp(building: Building, facts: EndFacts) -> int:
    """A building's VP at the end: its fixed VP plus its end-VP formula, if any.

    >>> from companion.rules.buildings import building
    >>> building_vp(building("empires", "navy"), EndFacts(ships=3))
    12
    """
    formula = building.effect.end_vp
    return building.fixed_vp + (formula.score(facts.as_mapping()) if formula else 0)


def tie_goods(edition_id: str, goods: int, ships: int) -> int:
    """What tie-break 3 compares: goods plus merchant ships in Empires (`000_…`, "Égalités"),
    goods only in Age of Empires III (`001_…`, "Egalités": "le plus de marchandises").

    >>> tie_goods("empires", 3, 2), tie_goods("aoe3", 3, 2)
    (5, 3)
    """
    return goods + (ships if EDITIONS[edition_id].ties_count_ships else 0)


def economy_vp(goods: Mapping[str, int], ships: int = 0) -> int:
    """Economy VP: the income of turn 8's Income phase (Mayflower ships already removed)."""
    return best_income(goods, ships).dollars


@dataclass(frozen=True)
class ScoreBreakdown:
    """One player's final VP by category, with the values the tie-breaks use."""

    player: str
    colony: tuple[int, int, int] = (0, 0, 0)  # VP from the scorings of turns 3, 6 and 8
    discoveries: int = 0
    buildings: dict[str, int] = field(default_factory=dict)  # building id -> VP
    economy: int = 0
    bought: int = 0  # VP bought with the optional "buy VP" rule
    money: int = 0  # tie-break 2
    tie_goods: int = 0  # tie-break 3: goods and ships (Empires), goods only (AoE III)

    @property
    def colony_total(self) -> int:
        return sum(self.colony)

    @property
    def buildings_total(self) -> int:
        return sum(self.buildings.values())

    @property
    def total(self) -> int:
        return self.colony_total + self.discoveries + self.buildings_total + self.economy + (
            self.bought
        )

    def tie_key(self) -> tuple[int, int, int, int]:
        """Higher is better: total, then turn-8 colony VP, money, then goods (plus ships in
        Empires)."""
        return (self.total, self.colony[2], self.money, self.tie_goods)


def rank(scores: Iterable[ScoreBreakdown]) -> list[tuple[int, ScoreBreakdown]]:
    """Standings as (place, breakdown), best first; players still tied share a place.

    >>> a = ScoreBreakdown("A", colony=(6, 6, 6), money=3)
    >>> b = ScoreBreakdown("B", colony=(6, 8, 4), money=3)
    >>> c = ScoreBreakdown("C", colony=(6, 8, 4), money=3)
    >>> [(place, s.player) for place, s in rank([b, c, a])]
    [(1, 'A'), (2, 'B'), (2, 'C')]
    """
    ordered = sorted(scores, key=lambda s: s.tie_key(), reverse=True)
    standings: list[tuple[int, ScoreBreakdown]] = []
    for i, score in enumerate(ordered):
        if i and score.tie_key() == ordered[i - 1].tie_key():
            standings.append((standings[-1][0], score))
        else:
            standings.append((i + 1, score))
    return standings
