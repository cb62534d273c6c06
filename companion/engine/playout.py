"""Seeded random play: legal random games to the end, for tests, benchmarks and demos.

Candidates are proposed at random and the engine decides: whatever it refuses is simply
not played, so this module never duplicates a rule.

>>> game = random_game({"players": [{"name": "A"}, {"name": "B"}]}, seed=1)
>>> game.state.phase, game.state.turn
('over', 8)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from companion.engine.errors import IllegalAction
from companion.engine.game import Game
from companion.engine.placement import placement_options
from companion.engine.refresh import building_pile
from companion.engine.resolution import accounted_tokens, battle_regions, expected_losses, pending
from companion.engine.state import GameState
from companion.rules.discoveries import CARDS, TOKENS
from companion.rules.editions import SPECIALIST_TYPES, TRADE_GOODS_SLOTS, age_of_turn
from companion.rules.regions import REGIONS, neighbours

MAX_EVENTS = 5000


def _draw_goods(state: GameState, rng: random.Random, n: int) -> list[str]:
    bag = [g for g, k in state.supply.items() for _ in range(k)]
    return rng.sample(bag, min(n, len(bag)))


def _draw_buildings(state: GameState, rng: random.Random, age: int, n: int) -> list[str]:
    pile = [b.id for b in building_pile(state, age)
            for _ in range(b.tiles - state.buildings_seen.count(b.id))]
    return rng.sample(pile, min(n, len(pile)))


def _workers(state: GameState, region: str, name: str) -> list[str]:
    return [w for w, n in state.regions[region].get(name, {}).items() for _ in range(n)]


def _pick_losses(rng: random.Random, present: list[str], n: int) -> dict[str, int]:
    lost: dict[str, int] = {}
    for worker in rng.sample(present, n):
        lost[worker] = lost.get(worker, 0) + 1
    return lost


def _losses(state: GameState, rng: random.Random, region: str, attacker: str,
            defender: str) -> dict[str, Any]:
    lose_a, lose_d = expected_losses(state, region, attacker, defender)
    return {"region": region,
            "attacker": _pick_losses(rng, _workers(state, region, attacker), lose_a),
            "defender": _pick_losses(rng, _workers(state, region, defender), lose_d)}


def _purchase_choice(state: GameState, rng: random.Random, name: str,
                     building_id: str) -> dict[str, Any]:
    effect = state.catalogue[building_id].effect
    mine = [r for r in REGIONS if state.workers_in_region(r, name)]
    discovered = list(state.discovered)
    choice: dict[str, Any] = {}
    if effect.specialists_once:
        kinds = [w for w in SPECIALIST_TYPES if w != "builder" or state.setup.options.builders]
        choice["specialists"] = [rng.choice(kinds) for _ in range(effect.specialists_once)]
    if effect.random_goods_once:
        choice["goods"] = _draw_goods(state, rng, effect.random_goods_once)
    action = effect.action
    if action == "indian_allies" and mine:
        choice["region"] = rng.choice(mine)
    elif action == "overpopulation":
        split: dict[str, int] = {}
        for _ in range(3):
            r = rng.choice(discovered)
            split[r] = split.get(r, 0) + 1
        choice["regions"] = split
    elif action == "papal_edict":
        others = [n for n in state.order if n != name]
        other = rng.choice(others)
        theirs = [r for r in REGIONS if state.workers_in_region(r, other)]
        if mine and theirs:
            choice.update(region=rng.choice(mine), opponent=other,
                          opponent_region=rng.choice(theirs))
    elif action == "plague_thin":
        losses: dict[str, dict[str, str]] = {}
        for r in REGIONS:
            for p in state.regions[r]:
                if state.workers_in_region(r, p) >= 3:
                    losses.setdefault(r, {})[p] = rng.choice(_workers(state, r, p))
        choice["losses"] = losses
    elif action == "plague_strike":
        targets = [(r, p) for r in REGIONS for p in state.regions[r]]
        if targets:
            r, p = rng.choice(targets)
            colonists = state.regions[r][p].get("colonist", 0)
            choice.update(region=r, player=p, colonists=min(3, colonists))
    elif action == "rewrite_history":
        owners = [n for n in state.order if n != name
                  and any(d in TOKENS for d in state.players[n].discoveries)]
        picks = rng.sample(owners, min(2, len(owners)))
        choice["tokens"] = {p: rng.choice([d for d in state.players[p].discoveries
                                            if d in TOKENS]) for p in picks}
    elif action == "free_discovery" and rng.random() < 0.5:
        _free_discovery_choice(state, rng, choice)
    return choice


def _free_discovery_choice(state: GameState, rng: random.Random, choice: dict) -> None:
    undiscovered = [r for r in REGIONS if r not in state.discovered]
    if undiscovered:
        region = rng.choice(undiscovered)
        choice.update(region=region, token=state.known_tokens.get(region) or rng.choice(
            [t for t in TOKENS if t not in accounted_tokens(state)]))


def _expedition(state: GameState, rng: random.Random, name: str) -> Iterator[dict]:
    who = state.players[name]
    pool = [w for w, n in who.discovery.items() for _ in range(n)]
    undiscovered = [r for r in REGIONS if r not in state.discovered]
    if rng.random() < 0.8:
        sent = rng.sample(pool, rng.randint(1, len(pool)))
        workers: dict[str, int] = {}
        for w in sent:
            workers[w] = workers.get(w, 0) + 1
        if undiscovered:
            region = rng.choice(undiscovered)
            found = state.known_tokens.get(region) or rng.choice(
                [t for t in TOKENS if t not in accounted_tokens(state)])
            yield {"type": "expedition", "workers": workers, "target": region, "found": found}
        owned = {d for p in state.players.values() for d in p.discoveries}
        free = [c for c in CARDS if c not in owned]
        if free and (not undiscovered or who.nation == "portugal"):
            yield {"type": "expedition", "workers": workers, "target": "card",
                   "found": rng.choice(free), "nation_power": bool(undiscovered)}
    yield {"type": "expedition", "workers": {}}


def _warfare(state: GameState, rng: random.Random, attacker: str) -> Iterator[dict]:
    if rng.random() < 0.7:
        others = [n for n in state.order if n != attacker]
        rng.shuffle(others)
        for defender in others:
            regions = battle_regions(state, attacker, defender)
            if regions and rng.random() < 0.3 and state.players[attacker].money >= 10:
                yield {"type": "warfare", "kind": "war", "defender": defender,
                       "losses": [_losses(state, rng, r, attacker, defender) for r in regions]}
            if regions:
                r = rng.choice(regions)
                yield {"type": "warfare", "kind": "battle", "defender": defender,
                       "losses": [_losses(state, rng, r, attacker, defender)]}
    yield {"type": "warfare", "kind": None}


def _benefits(state: GameState, rng: random.Random) -> Iterator[dict]:
    for name in state.order:
        who = state.players[name]
        for b in who.buildings:
            if rng.random() > 0.5:
                continue
            mine = [r for r in REGIONS if state.regions[r].get(name, {}).get("colonist")]
            choice: dict[str, Any] | None = None
            if b == "mint":
                choice = {"good": rng.choice(["gold", "silver"])}
            elif b == "broker" and any(who.goods.values()):
                good = rng.choice([g for g, n in who.goods.items() if n])
                choice = {"goods": {good: 1}}
            elif b == "migration" and mine:
                src = rng.choice(mine)
                choice = {"from": src, "to": rng.choice(state.discovered), "colonists": 1}
            elif b == "smuggler":
                other = rng.choice([n for n in state.order if n != name])
                mine_g = [g for g, n in who.goods.items() if n]
                theirs = [g for g, n in state.players[other].goods.items() if n]
                if mine_g and theirs:
                    choice = {"other": other, "give": rng.choice(mine_g),
                              "take": rng.choice(theirs)}
            elif b == "stables":
                soldiers = [r for r in REGIONS if state.regions[r].get(name, {}).get("soldier")]
                if soldiers:
                    src = rng.choice(soldiers)
                    choice = {"from": src, "to": rng.choice(sorted(neighbours(src)))}
            elif b == "cartography":
                choice = {}
                _free_discovery_choice(state, rng, choice)
            if choice:
                yield {"type": "benefit", "player": name, "building": b, "choice": choice}
    drawn = {}
    for name in state.order:
        if state.players[name].owns("west_indies_company"):
            goods = _draw_goods(state, rng, 1)
            if goods:
                drawn[name] = goods[0]
    if state.turn == 8:
        yield {"type": "refresh", "drawn": drawn}
        return
    goods = _draw_goods(state, rng, TRADE_GOODS_SLOTS + len(drawn))
    for good in drawn.values():
        if good in goods:
            goods.remove(good)
    goods = goods[:TRADE_GOODS_SLOTS]
    next_age = age_of_turn(state.turn + 1)
    keep = 0 if next_age != state.age else len(state.buildings_offer)
    yield {"type": "refresh", "drawn": drawn, "goods": goods,
           "buildings": _draw_buildings(state, rng, next_age, 5 - keep)}


def _powers(state: GameState, rng: random.Random) -> Iterator[dict]:
    """A national advantage, tried now and then: the engine refuses those out of time."""
    who = state.players[rng.choice(state.order)]
    nation = who.nation
    choice: dict[str, Any] = {}
    if nation is None or nation == "portugal":
        return
    if nation == "spain":
        _free_discovery_choice(state, rng, choice)
    elif nation == "france" and state.goods_offer:
        choice = {"good": rng.choice(state.goods_offer)}
    elif nation == "italy" and state.tracks.get("specialists"):
        box = rng.choice(state.tracks["specialists"]).label
        kinds = [w for w, n in who.reserve.items() if n]
        if kinds:
            choice = {"box": box, "worker": rng.choice(kinds)}
    yield {"type": "power", "player": who.name, "nation": nation, "choice": choice}


def candidates(state: GameState, rng: random.Random) -> Iterator[dict]:
    """Random proposals for the decision the engine waits for, most interesting first."""
    wanted = pending(state)
    if wanted is None:
        return
    kind, name = wanted.kind, wanted.player
    if state.setup.options.nations and rng.random() < 0.15:
        yield from _powers(state, rng)
    if kind == "reveal":
        yield {"type": "reveal", "goods": _draw_goods(state, rng, 4),
               "buildings": _draw_buildings(state, rng, 1, 5)}
    elif kind == "place":
        options = placement_options(state)
        rng.shuffle(options)
        yield from (o.model_dump() for o in options)
    elif kind == "dock":
        if rng.random() < 0.95:
            yield {"type": "dock", "region": rng.choice(state.discovered)}
        yield {"type": "dock", "region": None}
    elif kind == "take_good":
        if state.goods_offer and rng.random() < 0.95:
            yield {"type": "take_good", "good": rng.choice(state.goods_offer)}
        yield {"type": "take_good", "good": None}
    elif kind == "buy":
        offer = list(state.buildings_offer)
        rng.shuffle(offer)
        for b in offer:
            if rng.random() < 0.7:
                yield {"type": "buy", "building": b,
                       "choice": _purchase_choice(state, rng, name, b)}
        yield {"type": "buy", "building": None}
    elif kind == "expedition":
        yield from _expedition(state, rng, name)
    elif kind == "training":
        kinds = [w for w in SPECIALIST_TYPES if w != "builder" or state.setup.options.builders]
        yield {"type": "training", "specialist": rng.choice(kinds)}
        yield {"type": "training", "specialist": None}
    elif kind == "warfare":
        yield from _warfare(state, rng, name)
    elif kind == "refresh":
        yield from _benefits(state, rng)
    elif kind == "resolve":
        yield {"type": "resolve"}
    elif kind == "buy_vp":
        vp = rng.randint(0, 3)
        yield {"type": "buy_vp", "player": name, "vp": vp}
        yield {"type": "buy_vp", "player": name, "vp": 0}


def random_step(game: Game, rng: random.Random) -> Game:
    """One random legal event applied (the engine is the judge of legality)."""
    for proposal in candidates(game.state, rng):
        try:
            return game.apply(proposal)
        except IllegalAction:
            continue
    raise RuntimeError(f"no legal move found at {game.state.describe()} ({pending(game.state)})")


def random_game(setup: Mapping[str, Any] | Any, seed: int = 0,
                stop_after: int | None = None) -> Game:
    """Play a whole game (or ``stop_after`` events) with random legal moves."""
    rng = random.Random(seed)
    game = Game.new(setup)
    while game.state.phase != "over" and len(game.events) < (stop_after or MAX_EVENTS):
        game = random_step(game, rng)
    return game
