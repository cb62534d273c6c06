"""Games for the store tests: hand-built partial games and (simple) complete ones.

``finished_game`` uses ``companion.engine.playout.random_game`` when it exists; until then a
small driver here plays legal, mostly passive moves (it asks the engine what it expects next
and keeps the first candidate the engine accepts), which is enough to reach the end of turn 8.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from companion.engine import EngineError, Game
from companion.rules.buildings import buildings_for

TWO_PLAYERS: dict[str, Any] = {
    "edition": "empires",
    "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}],
}
NATIONS_THREE: dict[str, Any] = {
    "edition": "empires",
    "options": {"nations": True},
    "players": [{"name": "Ann", "colour": "red", "nation": "england"},
                {"name": "Bob", "colour": "blue", "nation": "spain"},
                {"name": "Cy", "colour": "green", "nation": "france"}],
}
AOE3_FOUR: dict[str, Any] = {
    "edition": "aoe3",
    "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
                {"name": "Cy", "colour": "green"}, {"name": "Di", "colour": "white"}],
}
SETUPS = {"two": TWO_PLAYERS, "nations3": NATIONS_THREE, "aoe3_4": AOE3_FOUR}
REVEAL: dict[str, Any] = {
    "type": "reveal",
    "goods": ["fur", "rice", "gold", "fish"],
    "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"],
}
TRACKS = ("shipping", "dock", "trade_goods", "initiative", "discovery", "buildings")


def placements(n: int, players: tuple[str, ...] = ("Ann", "Bob")) -> list[dict[str, Any]]:
    """``n`` legal turn-1 placements, alternating players (each has 5 colonists)."""
    return [
        {"type": "place", "player": players[i % len(players)], "worker": "colonist",
         "track": "shipping"}
        for i in range(n)
    ]


def partial_game(n_events: int = 5, setup: dict[str, Any] | None = None) -> Game:
    """A game with a reveal then ``n_events - 1`` placements (at most 11 events for 2 players)."""
    setup = setup or TWO_PLAYERS
    names = tuple(p["name"] for p in setup["players"])
    game = Game.new(setup)
    for ev in [REVEAL, *placements(n_events - 1, names)][:n_events]:
        game = game.apply(ev)
    return game


def _candidates(game: Game, rng: random.Random) -> list[dict[str, Any]]:
    state = game.state
    wanted = game.pending()
    assert wanted is not None
    kind = wanted.kind
    if kind == "place":
        who = state.players[wanted.player]
        workers = [w for w, n in who.available.items() if n > 0]
        tracks = list(TRACKS)
        rng.shuffle(tracks)
        return [{"type": "place", "player": wanted.player, "worker": w, "track": t}
                for w in workers for t in tracks]
    if kind == "dock":
        regions = list(state.discovered)
        rng.shuffle(regions)
        return [{"type": "dock", "region": r} for r in regions] + [
            {"type": "dock", "region": None}]
    if kind == "take_good":
        offer = list(state.goods_offer)
        rng.shuffle(offer)
        return [{"type": "take_good", "good": g} for g in offer] + [
            {"type": "take_good", "good": None}]
    if kind == "buy":
        offer = list(state.buildings_offer)
        rng.shuffle(offer)
        return [{"type": "buy", "building": b} for b in offer[:2]] + [
            {"type": "buy", "building": None}]
    if kind == "training":
        return [{"type": "training", "specialist": None}]
    if kind == "warfare":
        return [{"type": "warfare", "kind": None}]
    if kind == "expedition":
        return [{"type": "expedition", "workers": {}}]
    if kind == "buy_vp":
        return [{"type": "buy_vp", "player": wanted.player, "vp": 0}]
    if kind == "refresh":
        goods = [g for g, n in state.supply.items() for _ in range(n)]
        rng.shuffle(goods)
        age = 1 if state.turn + 1 <= 3 else 2 if state.turn + 1 <= 6 else 3
        catalogue = buildings_for(state.setup.edition, state.setup.options.builders)
        pile = [b.id for b in catalogue.values() if b.age == age
                for _ in range(b.tiles - state.buildings_seen.count(b.id))]
        rng.shuffle(pile)
        keep = [] if age != state.age else state.buildings_offer
        n_buildings = min(5 - len(keep), len(pile))
        owners = [n for n in state.order if state.players[n].owns("west_indies_company")]
        drawn = dict(zip(owners, goods[4:], strict=False))
        if state.turn == 8:
            return [{"type": "refresh", "drawn": dict(zip(owners, goods, strict=False))}]
        return [{"type": "refresh", "goods": goods[:4], "buildings": pile[:n_buildings],
                 "drawn": drawn}]
    raise AssertionError(f"unexpected pending {kind}")


def simple_random_game(setup: dict[str, Any], seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(setup).apply(REVEAL)
    while game.state.phase != "over":
        for ev in _candidates(game, rng):
            try:
                game = game.apply(ev)
                break
            except EngineError:
                continue
        else:
            raise AssertionError(f"no legal move found at {game.state.describe()}")
    return game


def finished_game(setup: dict[str, Any] | None = None, seed: int = 1) -> Game:
    setup = setup or TWO_PLAYERS
    try:
        from companion.engine.playout import random_game  # written in parallel
    except ImportError:
        return simple_random_game(setup, seed)
    return random_game(setup, seed)


@cache
def finished(key: str = "two", seed: int = 1) -> Game:
    """A complete game (phase "over") for one of ``SETUPS``; cached, games are immutable."""
    return finished_game(SETUPS[key], seed)


def old_record_with_a_battle_against_nobody() -> tuple[dict, int]:
    """A version 2 record: Ann's soldier and colonist land in the Caribbean, then Ann's
    Warfare worker fights Bob there although Bob has nobody there (the older engine allowed
    it; a battle now needs the defender in the region). Returns the record and the index of
    the battle."""
    game = Game.new(TWO_PLAYERS).apply(REVEAL)
    game = game.apply({"type": "correction", "player": "Ann", "reason": "a soldier",
                       "available": {"soldier": 1, "colonist": -2}})
    game = game.apply({"type": "correction", "player": "Bob", "reason": "nothing to place",
                       "available": {"colonist": -4}})
    for ev in ({"type": "place", "player": "Ann", "worker": "soldier", "track": "dock"},
               {"type": "place", "player": "Bob", "worker": "colonist", "track": "shipping"},
               {"type": "place", "player": "Ann", "worker": "colonist", "track": "dock"},
               {"type": "place", "player": "Ann", "worker": "colonist", "track": "dock"},
               {"type": "place", "player": "Ann", "worker": "colonist", "track": "warfare"}):
        game = game.apply(ev)
    for _ in range(3):
        game = game.apply({"type": "dock", "region": "caribbean"})
    record = game.record()
    events = [{k: v for k, v in e.items() if k != "player" or e["type"] in ("place",
                                                                           "correction")}
              for e in record["events"]]
    battle = {"type": "warfare", "kind": "battle", "defender": "Bob",
              "losses": [{"region": "caribbean", "attacker": {}, "defender": {}}]}
    refresh = {"type": "refresh", "goods": ["silver", "sugar", "tobacco", "coffee"],
               "buildings": []}
    return {**record, "version": 2, "events": [*events, battle, refresh]}, len(events)
