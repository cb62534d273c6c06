"""Building effects: on purchase (immediate buildings) and in phase 4 (benefits).

Effects described as data in the catalogue (money per turn, money per good) run by
themselves; powers that need a decision arrive as ``Benefit`` events (or in ``Buy.choice``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine.common import (
    add_to_region,
    check_good,
    check_region,
    from_reserve,
    player,
    refuse,
    region_name,
    remove_from_region,
    use_limited,
)
from companion.engine.events import Benefit
from companion.engine.flow import Phase, Step, steps_before
from companion.engine.state import GameState, PlayerState
from companion.rules.buildings import Building
from companion.rules.discoveries import TOKENS
from companion.rules.editions import SPECIALIST_TYPES
from companion.rules.regions import REGIONS, adjacent

BROKER_PRICE = 5
MINT_PER_GOOD = 2


def begin_benefits(state: GameState) -> None:
    """Phase 4: automatic building income, in turn order; decisions may follow."""
    state.phase = Phase.BENEFITS
    for name in state.order:
        who = state.players[name]
        for building_id in who.buildings:
            effect = state.catalogue[building_id].effect
            who.money += effect.money_per_turn
            if effect.money_per_good:
                good, dollars = effect.money_per_good
                who.money += dollars * who.goods[good]
            if effect.action == "privateers":
                for other in state.order:
                    if other != name:
                        taken = min(state.players[other].money, who.ships)
                        state.players[other].money -= taken
                        who.money += taken


# ---------------------------------------------------------------- on purchase


def _choice(state: GameState, choice: Mapping[str, Any], key: str, building: Building) -> Any:
    if key not in choice:
        raise refuse(state, f"{building.name} needs a choice: {key.replace('_', ' ')}")
    return choice[key]


def on_purchase(state: GameState, who: PlayerState, building: Building,
                choice: Mapping[str, Any]) -> None:
    effect = building.effect
    who.money += effect.money_once
    if effect.ships_once:
        given = min(effect.ships_once, state.ships_in_reserve)
        state.ships_in_reserve -= given
        who.ships += given
    if effect.specialists_once:
        picks = _choice(state, choice, "specialists", building)
        if not isinstance(picks, list) or len(picks) != effect.specialists_once:
            raise refuse(state, f"{building.name} gives exactly {effect.specialists_once} "
                                "specialists: list them")
        for worker in picks:
            if worker not in SPECIALIST_TYPES or (
                worker == "builder" and not state.setup.options.builders
            ):
                raise refuse(state, f"{worker!r} is not a specialist in this game")
            if not from_reserve(state, who, worker, 1):
                raise refuse(state, f"{who.name} has no {worker} left in stock")
            who.incoming[worker] += 1
    if effect.random_goods_once:
        drawn = _choice(state, choice, "goods", building)
        if not isinstance(drawn, list):
            raise refuse(state, f"{building.name}: list the goods drawn")
        if len(drawn) != min(effect.random_goods_once, sum(state.supply.values())):
            raise refuse(state, f"{building.name} draws {effect.random_goods_once} goods")
        for good in drawn:
            _draw(state, who, good)
    handler = PURCHASE_ACTIONS.get(effect.action or "")
    if handler is not None:
        handler(state, who, building, choice)


def _draw(state: GameState, who: PlayerState, good: Any) -> None:
    check_good(state, good)
    if state.supply[good] < 1:
        raise refuse(state, f"there is no {good} left in the goods supply")
    state.supply[good] -= 1
    who.goods[good] += 1


def _indian_allies(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    region = check_region(state, _choice(state, choice, "region", b))
    if not state.workers_in_region(region, who.name):
        raise refuse(state, f"{b.name}: {who.name} has no worker in {region_name(state, region)}")
    soldiers = from_reserve(state, who, "soldier", 2)
    if soldiers:
        add_to_region(state, region, who.name, "soldier", soldiers)


def _overpopulation(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    split = _choice(state, choice, "regions", b)
    if not isinstance(split, dict) or sum(split.values()) != 3 or min(split.values()) < 0:
        raise refuse(state, f"{b.name} places exactly 3 colonists: give region -> count")
    for region, n in split.items():
        check_region(state, region)
        placed = from_reserve(state, who, "colonist", n)
        if placed:
            add_to_region(state, region, who.name, "colonist", placed)


def _papal_edict(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    opponent = player(state, _choice(state, choice, "opponent", b))
    if opponent.name == who.name:
        raise refuse(state, f"{b.name}: name an opponent, not yourself")
    moves = [(who, _choice(state, choice, "region", b)),
             (opponent, _choice(state, choice, "opponent_region", b))]
    if choice.get("opponent_first"):
        moves.reverse()
    for p, region in moves:
        check_region(state, region)
        if not state.workers_in_region(region, p.name):
            raise refuse(state, f"{b.name}: {p.name} has no worker in {region_name(state, region)}")
    for p, region in moves:
        placed = from_reserve(state, p, "colonist", 2)
        if placed:
            add_to_region(state, region, p.name, "colonist", placed)


def _plague_thin(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    losses = choice.get("losses", {})
    hit = [(r, p) for r in REGIONS for p in state.regions[r] if state.workers_in_region(r, p) >= 3]
    for region, name in hit:
        worker = losses.get(region, {}).get(name)
        if worker is None:
            raise refuse(state, f"{b.name}: say which worker {name} loses in "
                                f"{region_name(state, region)}")
        remove_from_region(state, region, name, {worker: 1}, b.name)
    extra = {(r, p) for r, by in losses.items() for p in by} - set(hit)
    if extra:
        r, p = sorted(extra)[0]
        raise refuse(state, f"{b.name}: {p} has fewer than 3 workers in {r}, loses nobody")


def _plague_strike(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    region = check_region(state, _choice(state, choice, "region", b))
    victim = player(state, _choice(state, choice, "player", b))
    n = _choice(state, choice, "colonists", b)
    if not isinstance(n, int) or not 0 <= n <= 3:
        raise refuse(state, f"{b.name} removes 0 to 3 colonists")
    remove_from_region(state, region, victim.name, {"colonist": n}, b.name)


def _rewrite_history(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    taken = _choice(state, choice, "tokens", b)
    if not isinstance(taken, dict) or len(taken) > 2:
        raise refuse(state, f"{b.name}: give player -> token for up to 2 different players")
    for name, token in taken.items():
        victim = player(state, name)
        if victim.name == who.name:
            raise refuse(state, f"{b.name} takes from other players")
        if token not in TOKENS or token not in victim.discoveries:
            raise refuse(state, f"{b.name}: {name} owns no discovery token {token!r}")
        victim.discoveries.remove(token)
        who.discoveries.append(token)


def _free_discovery(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    """New World Cartography: used at purchase if a region is given, else later in phase 4."""
    if "region" not in choice:
        return
    use_limited(state, who, b.id, per_game=1, per_turn=None, what=b.name)
    from companion.engine.resolution import free_discovery  # shared token bookkeeping

    free_discovery(state, who, choice["region"], choice.get("token"), "colonist", b.name)


PURCHASE_ACTIONS: dict[str, Callable[[GameState, PlayerState, Building, Mapping], None]] = {
    "indian_allies": _indian_allies,
    "overpopulation": _overpopulation,
    "papal_edict": _papal_edict,
    "plague_thin": _plague_thin,
    "plague_strike": _plague_strike,
    "rewrite_history": _rewrite_history,
    "free_discovery": _free_discovery,
}


# ---------------------------------------------------------------- decisions in phase 4


def _mint(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    good = choice.get("good")
    if good not in ("gold", "silver"):
        raise refuse(state, f"{b.name} pays for gold or silver, not {good!r}")
    who.money += MINT_PER_GOOD * who.goods[good]


def _broker(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    sold = choice.get("goods", {})
    if not isinstance(sold, dict) or not sold:
        raise refuse(state, f"{b.name}: say which goods are sold")
    for good, n in sold.items():
        check_good(state, good)
        if not isinstance(n, int) or n < 0 or who.goods[good] < n:
            raise refuse(state, f"{who.name} cannot sell {n} {good} (has {who.goods[good]})")
    for good, n in sold.items():
        who.goods[good] -= n
        state.supply[good] += n
        who.money += BROKER_PRICE * n


def _smuggle(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    other = player(state, choice.get("other"))
    give, take = check_good(state, choice.get("give")), check_good(state, choice.get("take"))
    if other.name == who.name:
        raise refuse(state, f"{b.name} swaps with another player")
    if who.goods[give] < 1 or other.goods[take] < 1:
        raise refuse(state, f"{b.name}: {who.name} needs a {give} and {other.name} a {take}")
    who.goods[give] -= 1
    other.goods[give] += 1
    other.goods[take] -= 1
    who.goods[take] += 1


def _migration(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    source = check_region(state, choice.get("from"))
    target = check_region(state, choice.get("to"))
    n = choice.get("colonists", 0)
    if source == target or not isinstance(n, int) or not 1 <= n <= 2:
        raise refuse(state, f"{b.name} moves 1 or 2 colonists between two different regions")
    remove_from_region(state, source, who.name, {"colonist": n}, b.name)
    who.reserve["colonist"] -= n  # they travel, not go home
    add_to_region(state, target, who.name, "colonist", n)


def _stables(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    source = check_region(state, choice.get("from"))
    target = check_region(state, choice.get("to"))
    if not adjacent(source, target):
        raise refuse(state, f"{region_name(state, source)} and {region_name(state, target)} "
                            "are not neighbours")
    remove_from_region(state, source, who.name, {"soldier": 1}, b.name)
    who.reserve["soldier"] -= 1
    add_to_region(state, target, who.name, "soldier")


def _university(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    track = choice.get("track")
    if track not in b.effect.tracks:
        raise refuse(state, f"{b.name} works on {', '.join(b.effect.tracks)}, not {track!r}")
    if track == "turn_order":
        placer = state.order[state.placing]
        state.order.remove(who.name)
        state.order.insert(0, who.name)
        state.placing = state.order.index(placer)  # whoever was placing still places
        return
    slots = state.tracks[track]
    # Only numbered slots move: X, Y and Mayflower keep their fixed places after them.
    mine = [i for i, s in enumerate(slots) if s.player == who.name and s.label.isdigit()]
    if not mine:
        raise refuse(state, f"{who.name} has no worker on {track.replace('_', ' ')}")
    slot = slots.pop(mine[0])
    slots.insert(0, slot)
    for number, s in enumerate((s for s in slots if s.label.isdigit()), start=1):
        s.label = str(number)  # the others shift right


PHASE4_ACTIONS: dict[str, Callable[[GameState, PlayerState, Building, Mapping], None]] = {
    "mint": _mint,
    "broker": _broker,
    "smuggle": _smuggle,
    "migration": _migration,
    "stables": _stables,
    "free_discovery": _free_discovery,
    "university": _university,
}


def _when_allowed(state: GameState, b: Building) -> bool:
    if b.effect.action == "university":
        return state.phase == Phase.PLACEMENT
    if b.effect.timing == "before_discovery":  # Empires Stables: until the first expedition
        return state.phase == Phase.RESOLUTION and (
            state.step in steps_before(Step.DISCOVERY)
            or state.step == Step.DISCOVERY and not state.turn_uses.get("expeditions"))
    return state.phase == Phase.BENEFITS


def usable_now(state: GameState, who: PlayerState, b: Building) -> bool:
    """Whether ``who`` may use the power of building ``b`` at this moment."""
    action = b.effect.action
    if action not in PHASE4_ACTIONS or not _when_allowed(state, b):
        return False
    if action in ("free_discovery", "university") and who.uses.get(b.id, 0) >= 1:
        return False
    if action == "free_discovery" and len(state.discovered) == len(REGIONS):
        return False
    return state.turn_uses.get(f"{who.name}:{b.id}", 0) < 1


def benefit(state: GameState, ev: Benefit) -> None:
    who = player(state, ev.player)
    if ev.building not in who.buildings:
        raise refuse(state, f"{ev.player} does not own {ev.building!r}")
    b = state.catalogue[ev.building]
    handler = PHASE4_ACTIONS.get(b.effect.action or "")
    if handler is None:
        raise refuse(state, f"{b.name} has no power to use by choice")
    if not _when_allowed(state, b):
        raise refuse(state, f"{b.name} cannot be used now")
    if b.effect.action == "free_discovery":
        if "region" not in ev.choice:
            raise refuse(state, f"{b.name}: say which region is discovered")
        handler(state, who, b, ev.choice)
        return
    once_per_game = b.effect.action == "university"
    use_limited(state, who, b.id, per_game=1 if once_per_game else None, per_turn=1, what=b.name)
    handler(state, who, b, ev.choice)
