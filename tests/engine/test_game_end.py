"""Final scoring (digest sections 6, 7, 10 and 12) recomputed independently on whole games.

The expected numbers come from the digest's tables and rules written out again here, applied
to the states the games passed through; only the game itself is produced by the engine.
"""

from __future__ import annotations

from functools import cache

import pytest
from helpers import correct, finish_turn, new_game, only_workers, pass_turn, place, resolve

from companion.engine import Game, final_scores, standings
from companion.engine.playout import random_game
from companion.rules.goods import GOODS

# digest section 9: VP of the 16 tokens (in table order) and of the cards
TOKEN_VP = dict(zip([f"t{i:02d}" for i in range(1, 17)],
                    [4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 7, 7], strict=True))
CARD_VP = {"mississippi": 4, "great_lakes": 4, "pampas": 4, "california": 4, "philippines": 5,
           "south_seas": 5, "ethiopia": 5, "amazon": 4, "northwest_territory": 4,
           "australia": 5, "japan": 5, "siam": 5, "spice_islands": 6, "india": 6,
           "circumnavigate": 6, "china": 6}
FIXED_VP = {"cartography": 4, "taxation": 2, "university": 5, "factory": 5}


# ---------------------------------------------------------------- independent rules


@cache
def _income(counts: tuple[int, ...], ships: int) -> int:
    """Best income by exhaustive search over sets containing the first remaining good."""
    kinds = [i for i, n in enumerate(counts) if n]
    if not kinds:
        return 0
    first = kinds[0]

    def minus(*taken: int) -> tuple[int, ...]:
        rest = list(counts)
        for k in taken:
            rest[k] -= 1
        return tuple(rest)

    best = _income(minus(first), ships)  # the first good stays out of every set
    after = minus(first)
    others = [i for i, n in enumerate(after) for _ in range(n)]
    pairs = {(a, b) for x, a in enumerate(others) for b in others[x + 1:]}
    for a, b in pairs:  # three goods
        value = 3 if a == b == first else 1
        best = max(best, value + _income(minus(first, a, b), ships))
    if ships:
        for a in set(others):  # two goods and a ship
            value = 3 if a == first else 1
            best = max(best, value + _income(minus(first, a), ships - 1))
    if counts[first] >= 4:  # four of a kind
        best = max(best, 6 + _income(minus(first, first, first, first), ships))
    if counts[first] >= 3 and ships:  # three of a kind and a ship
        best = max(best, 6 + _income(minus(first, first, first), ships - 1))
    return best


def income(goods: dict[str, int], ships: int) -> int:
    return _income(tuple(goods.get(g, 0) for g in GOODS), min(ships, sum(goods.values())))


def test_independent_income_agrees_with_the_digest_examples():
    assert income({"indigo": 1, "silver": 1, "tobacco": 1}, 0) == 1
    assert income({"indigo": 2}, 1) == 3
    assert income({"sugar": 4}, 0) == 6
    assert income({"sugar": 1, "gold": 1, "fur": 1, "rice": 1}, 0) == 1
    assert income({}, 3) == 0


def colony(workers: dict[str, int], builders: int) -> dict[str, int]:
    """Digest section 7, written out again."""
    present = {p: n for p, n in workers.items() if n}
    scores = dict.fromkeys(workers, 0)
    if not present or max(present.values()) < 3:
        return scores
    counts = sorted(set(present.values()), reverse=True)
    first = [p for p, n in present.items() if n == counts[0]]
    second = [p for p, n in present.items() if len(counts) > 1 and n == counts[1]]
    if len(first) == 1:
        scores[first[0]] = 6
        if len(second) == 1:
            scores[second[0]] = 2
    elif len(first) == 2:
        scores[first[0]] = scores[first[1]] = 2
    for p in first:
        scores[p] += 4 * builders
    for p in second:
        scores[p] += 2 * builders
    return scores


def building_vp(state, name: str, building: str) -> int:
    who = state.players[name]
    regions = state.regions
    mine = [r for r in regions if sum(regions[r].get(name, {}).values())]

    def in_new_world(worker=None):
        return sum(n for r in regions for w, n in regions[r].get(name, {}).items()
                   if worker is None or w == worker)

    if state.setup.edition == "empires":
        glory = sum(1 for r in mine if any(
            sum(c.values()) >= 3 for p, c in regions[r].items() if p != name))
    else:
        glory = len(mine)
    end = {
        "mercantilism": sum(who.goods.values()),
        "population": in_new_world() // 2,
        "navy": 4 * who.ships,
        "power": 2 * in_new_world("soldier"),
        "prosperity": 2 * len(who.buildings),
        "glory": 2 * glory,
        "wealth": who.money // 5,
        "age_of_discovery": 4 * len(who.discoveries),
        "new_world_capital": 3 * in_new_world("builder"),
        "age_of_reason": 4 * sum(1 for s in state.tracks["specialists"] if s.player == name),
    }
    return FIXED_VP.get(building, 0) + end.get(building, 0)


# ---------------------------------------------------------------- whole games


def _walk(game: Game):
    """The states before each colony scoring and right after turn 8's income."""
    before_scoring = {}
    after_income = None
    step = Game.new(game.setup)
    for event in game.events:
        if event.type == "refresh" and step.state.turn in (3, 6, 8):
            before_scoring[step.state.turn] = step.state
        step = step.apply(event)
        if after_income is None and step.state.turn == 8 and step.state.phase == "benefits":
            after_income = step.state
    assert step.state == game.state
    return before_scoring, after_income


CONFIGS = [
    ({"edition": "empires", "players": [{"name": n} for n in ("A", "B", "C", "D")],
      "options": {"builders": True, "buy_vp": True}}, 3),
    ({"edition": "aoe3", "players": [{"name": n} for n in ("A", "B", "C")]}, 5),
    ({"edition": "empires", "players": [{"name": n} for n in ("A", "B")]}, 11),
    ({"edition": "empires", "players": [{"name": n} for n in "ABCDEF"],
      "options": {"builders": True}}, 7),
    ({"edition": "aoe3", "players": [{"name": n} for n in "ABCDE"]}, 2),
]


@pytest.mark.parametrize(("setup", "seed"), CONFIGS)
def test_final_breakdown_matches_an_independent_recount(setup, seed):
    game = random_game(setup, seed=seed)
    state = game.state
    assert state.phase == "over"
    before_scoring, after_income = _walk(game)
    scores = {s.player: s for s in final_scores(state)}
    bought = dict.fromkeys(state.players, 0)
    for event in game.events:
        if event.type in ("buy_vp", "correction"):
            bought[event.player] += event.vp
    for name, who in state.players.items():
        s = scores[name]
        expected_colony = []
        for turn in (3, 6, 8):
            seen = before_scoring[turn]
            per_region = [colony({p: sum(seen.regions[r].get(p, {}).values())
                                  for p in seen.players},
                                 sum(c.get("builder", 0) for c in seen.regions[r].values()))
                          for r in seen.regions]
            expected_colony.append(sum(scores_[name] for scores_ in per_region))
        assert s.colony == tuple(expected_colony)
        assert s.discoveries == sum({**TOKEN_VP, **CARD_VP}[d] for d in who.discoveries)
        assert s.buildings == {b: building_vp(state, name, b) for b in who.buildings}
        busy = after_income.mayflower_ships.get(name, 0)
        held = after_income.players[name]
        assert s.economy == income(held.goods, held.ships - busy)
        assert s.bought == bought[name]
        assert s.total == (sum(expected_colony) + s.discoveries + sum(s.buildings.values())
                           + s.economy + bought[name])
        assert s.money == who.money
        ships_count = setup["edition"] == "empires"  # tie-break 3: AoE III counts goods only
        assert s.tie_goods == sum(who.goods.values()) + (who.ships if ships_count else 0)
    # standings: best first by total, turn-8 colony VP, money, goods and ships
    table = standings(state)
    keys = [(s.total, s.colony[2], s.money, s.tie_goods) for _, s in table]
    assert keys == sorted(keys, reverse=True)
    for i, (place_, _) in enumerate(table):
        expected_place = table[i - 1][0] if i and keys[i] == keys[i - 1] else i + 1
        assert place_ == expected_place


def test_economy_is_turn_8_income_not_the_final_holding():
    game = new_game(goods=["silver", "silver", "coffee", "coffee"])
    while game.state.turn < 8:
        game = pass_turn(game)
    game = correct(game, "Red", goods={"sugar": 3})
    game = pass_turn(game)
    assert game.state.phase == "over"
    game = correct(game, "Red", ships=1)  # after the end: no effect on economy
    red = next(s for s in final_scores(game.state) if s.player == "Red")
    assert red.economy == 3 and red.total == 3


# ---------------------------------------------------------------- tie-breaks


def _empty_game_over():
    game = new_game()
    while game.state.phase != "over":
        game = pass_turn(game)
    return game


def _places(game):
    return [(place_, s.player) for place_, s in standings(game.state)]


def test_tie_break_money_then_goods_and_ships_then_shared():
    game = _empty_game_over()
    assert [s.total for s in final_scores(game.state)] == [0, 0]
    assert _places(game) == [(1, "Blue"), (2, "Red")]  # $11 against $10
    game = correct(game, "Red", money=1)
    assert _places(game) in ([(1, "Red"), (1, "Blue")], [(1, "Blue"), (1, "Red")])
    game = correct(game, "Red", ships=1)
    assert _places(game) == [(1, "Red"), (2, "Blue")]
    game = correct(game, "Blue", ships=1)
    assert sorted(_places(game)) == [(1, "Blue"), (1, "Red")]


def test_tie_break_turn_8_colony_vp_before_money():
    game = new_game()
    game = only_workers(game, {"Red": {"missionary": 1, "colonist": 1},
                               "Blue": {"colonist": 1}})
    game = place(game, ("Red", "missionary", "dock"), ("Blue", "colonist", "dock"),
                 ("Red", "colonist", "dock"))
    for _ in range(3):
        game = resolve(game, {"type": "dock", "region": "caribbean"})
    game = finish_turn(game)
    while game.state.phase != "over":
        game = pass_turn(game)
    scores = {s.player: s for s in final_scores(game.state)}
    assert scores["Red"].colony == (6, 6, 6) and scores["Blue"].colony == (2, 2, 2)
    game = correct(game, "Blue", reason="house rule bonus", vp=12)
    scores = {s.player: s for s in final_scores(game.state)}
    assert scores["Red"].total == scores["Blue"].total == 18
    assert scores["Blue"].money > scores["Red"].money
    assert _places(game) == [(1, "Red"), (2, "Blue")]
