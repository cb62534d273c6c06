"""Helpers for the engine tests: build a Game and drive it to the point a test needs.

Everything goes through ``Game.apply`` with ordinary event dicts, so a helper can never
put the game into a state the engine itself would refuse.

>>> game = new_game()
>>> game.pending().type, game.pending().player
('place', 'Red')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from companion.engine import Decision, Game, GameState
from companion.engine.playout import random_step
from companion.rules.editions import age_of_turn
from companion.rules.goods import GOODS

# The two kinds that belong to no region (so every copy starts in the supply).
OPENING_GOODS = ("indigo", "indigo", "rice", "silver")
OPENING_BUILDINGS = ("settlers", "monastery", "trade_routes", "trading_post", "navigator")

Placement = tuple[str, str, str] | tuple[str, str, str, str]


def setup(names: Sequence[str] = ("Red", "Blue"), edition: str = "empires",
          **options: bool) -> dict[str, Any]:
    return {"edition": edition, "players": [{"name": n} for n in names], "options": options}


def new_game(names: Sequence[str] = ("Red", "Blue"), edition: str = "empires", *,
             goods: Sequence[str] = OPENING_GOODS,
             buildings: Sequence[str] = OPENING_BUILDINGS, **options: bool) -> Game:
    """A game just after the opening reveal: turn 1, first player to place."""
    game = Game.new(setup(names, edition, **options))
    return game.apply({"type": "reveal", "goods": list(goods), "buildings": list(buildings)})


def act(game: Game, *events: Mapping[str, Any]) -> Game:
    for event in events:
        game = game.apply(event)
    return game


def place(game: Game, *placements: Placement) -> Game:
    """Place workers: each item is (player, worker, track) or (player, worker, track, box)."""
    for item in placements:
        player, worker, track, *box = item
        event: dict[str, Any] = {"type": "place", "player": player, "worker": worker,
                                 "track": track}
        if box:
            event["box"] = box[0]
        game = game.apply(event)
    return game


def correct(game: Game, player: str, reason: str = "test set-up", **changes: Any) -> Game:
    return game.apply({"type": "correction", "player": player, "reason": reason, **changes})


def set_workers(game: Game, player: str, **counts: int) -> Game:
    """Make ``player``'s workers still to place exactly ``counts`` (others become 0)."""
    have = game.state.players[player].available
    delta = {w: counts.get(w, 0) - n for w, n in have.items() if counts.get(w, 0) != n}
    if not delta:
        return game
    return correct(game, player, "test: workers for this turn", available=delta)


def only_workers(game: Game, workers: Mapping[str, Mapping[str, int]]) -> Game:
    """Give every player exactly the listed workers this turn (unlisted players: none).

    Players are set in reverse turn order so that the placer stays the first player.
    """
    for name in reversed(game.state.order):
        game = set_workers(game, name, **workers.get(name, {}))
    return game


def play_plan(game: Game, plan: Mapping[str, Sequence[tuple]]) -> Game:
    """This turn each player has exactly the workers of its ``plan`` list and places them,
    in that order, whenever its turn to place comes: ``(worker, track[, box])`` items."""
    game = only_workers(game, {name: dict(Counter(item[0] for item in items))
                               for name, items in plan.items()})
    queue = {name: list(items) for name, items in plan.items()}
    while game.state.phase == "placement":
        who = game.pending().player
        worker, track, *box = queue[who].pop(0)
        game = place(game, (who, worker, track, *box))
    return game


def decline(game: Game) -> dict[str, Any]:
    """The 'do nothing' answer to what the game waits for now."""
    wanted = game.pending()
    assert wanted is not None, "the game is over"
    return {
        "dock": {"type": "dock", "region": None},
        "take_good": {"type": "take_good", "good": None},
        "buy": {"type": "buy", "building": None},
        "expedition": {"type": "expedition", "workers": {}},
        "training": {"type": "training", "specialist": None},
        "warfare": {"type": "warfare", "kind": None},
        "buy_vp": {"type": "buy_vp", "player": wanted.player, "vp": 0},
        "resolve": {"type": "resolve"},
    }[wanted.type]


def resolve(game: Game, *answers: Mapping[str, Any]) -> Game:
    """Answer the pending decisions in order; each answer must be of the awaited kind."""
    for answer in answers:
        wanted = game.pending()
        assert wanted is not None and wanted.type == answer["type"], (
            f"the game waits for {wanted}, not {answer['type']}")
        game = game.apply(answer)
    return game


def decline_until(game: Game, kind: str) -> Game:
    """Decline every decision until the game waits for ``kind``."""
    while (wanted := game.pending()) is not None and wanted.type != kind:
        assert wanted.type not in ("place", "reveal", "refresh"), f"cannot decline {wanted}"
        game = game.apply(decline(game))
    return game


# Kinds drawn by ``next_goods``, one of each in turn, the rare kinds first: passing a few turns
# uses up rice, fish, cocoa, cattle and fur and leaves sugar, gold and silver for the tests.
DRAW_ORDER = tuple(reversed(GOODS))


def next_goods(state: Any, n: int = 4) -> list[str]:
    """A deterministic draw of ``n`` goods from the supply (round robin over ``DRAW_ORDER``)."""
    supply = dict(state.supply)
    drawn: list[str] = []
    while len(drawn) < n and sum(supply.values()):
        for good in DRAW_ORDER:
            if supply[good] and len(drawn) < n:
                supply[good] -= 1
                drawn.append(good)
    return drawn


def next_buildings(state: Any, prefer: Iterable[str] = ()) -> list[str]:
    """Buildings to turn up at this turn's refresh: ``prefer`` first, then catalogue order."""
    age = age_of_turn(state.turn + 1)
    wanted = 5 if age != state.age else 5 - len(state.buildings_offer)
    left = {b.id: b.tiles - state.buildings_seen.count(b.id)
            for b in state.catalogue.values() if b.age == age}
    chosen: list[str] = []
    for building_id in [*prefer, *left]:
        if len(chosen) < wanted and left.get(building_id, 0) > 0:
            left[building_id] -= 1
            chosen.append(building_id)
    return chosen


def refresh(game: Game, goods: Sequence[str] | None = None,
            buildings: Sequence[str] | None = None, prefer: Iterable[str] = (),
            drawn: Mapping[str, str] | None = None) -> Game:
    state = game.state
    event: dict[str, Any] = {"type": "refresh", "drawn": dict(drawn or {})}
    if state.turn < 8:
        event["goods"] = list(goods) if goods is not None else next_goods(state)
        event["buildings"] = (list(buildings) if buildings is not None
                              else next_buildings(state, prefer))
    return resolve(game, event)


def finish_turn(game: Game, goods: Sequence[str] | None = None,
                buildings: Sequence[str] | None = None, prefer: Iterable[str] = (),
                buy_vp: bool = False) -> Game:
    """Decline every remaining decision, refresh, and (unless ``buy_vp``) pass the VP buying."""
    game = decline_until(game, "refresh")
    game = refresh(game, goods, buildings, prefer)
    if not buy_vp:
        while (wanted := game.pending()) is not None and wanted.type == "buy_vp":
            game = game.apply(decline(game))
    return game


def pass_turn(game: Game, **refresh_args: Any) -> Game:
    """A turn in which nobody places anything (workers handed back by corrections)."""
    assert game.state.phase == "placement", game.state.describe()
    game = only_workers(game, {})
    return finish_turn(game, **refresh_args)


def to_turn(game: Game, turn: int, offers: Mapping[int, Iterable[str]] | None = None) -> Game:
    """Pass turns until ``turn`` starts; ``offers[t]`` are preferred at the refresh of turn t."""
    offers = offers or {}
    while game.state.turn < turn:
        game = pass_turn(game, prefer=offers.get(game.state.turn, ()))
    return game


def money(game: Game) -> dict[str, int]:
    return {name: p.money for name, p in game.state.players.items()}


def region(game: Game, region_id: str) -> dict[str, dict[str, int]]:
    return {p: dict(c) for p, c in game.state.regions[region_id].items()}


def random_questions(setup: Mapping[str, Any], seeds: Iterable[int] = range(4)
                     ) -> Iterator[tuple[GameState, Decision]]:
    """Every question a seeded random game of ``setup`` waits for, with its state (each
    game played on by ``random_step`` after the question is looked at)."""
    for seed in seeds:
        rng, game = random.Random(seed), Game.new(setup)
        while game.state.phase != "over":
            yield game.state, game.pending()
            game = random_step(game, rng)
