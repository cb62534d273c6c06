"""National advantages (Empires, optional): one power per nation, with usage limits.

Portugal's power is part of an ``Expedition`` (``nation_power``); the others are ``Power``
events declared at the moment the power applies.
"""

from __future__ import annotations

from companion.engine.common import (
    check_good,
    from_reserve,
    player,
    refuse,
    use_limited,
)
from companion.engine.events import Power
from companion.engine.flow import Phase, Step, before_track, is_resolving, steps_before
from companion.engine.state import GameState, PlayerState, Slot

PORTUGAL_NATIVES = 3
ENGLAND_COLONISTS = 2
# nation -> (uses per game, uses per turn)
LIMITS = {"england": (1, None), "spain": (1, None), "france": (2, 1), "holland": (1, None),
          "italy": (2, 1)}


def nation_of(state: GameState, who: PlayerState, nation: str) -> None:
    if not state.setup.options.nations:
        raise refuse(state, "national advantages are not used in this game")
    if who.nation != nation:
        raise refuse(state, f"{who.name} does not play {nation.title()}")


NATION_NAMES = {
    "england": "England", "spain": "Spain", "france": "France", "portugal": "Portugal",
    "holland": "Holland", "italy": "Italian city-states",
}
POWER_TEXT = {
    "england": "Just before the Colonist Dock resolves: two more colonists join the dock "
               "(beyond the printed slots) and the dock may be reordered. Once a game.",
    "spain": "Just before turn 1: discover a region without a test; a soldier goes there and "
             "Spain keeps the token's dollars (no soldier loot). Once.",
    "france": "Just before Trade Goods resolves: take one of the goods on the track. Twice a "
              "game, at most once a turn.",
    "portugal": "On Discovery: draw a discovery card instead of a region; the natives are "
                "always 3. Once an age (chosen with the expedition).",
    "holland": "Before Merchant Shipping resolves: take this turn's ship; nobody else wins it. "
               "Once a game.",
    "italy": "Before Specialists resolves: put one of your workers in place of the worker on a "
             "box (that one goes home). Twice a game, at most once a turn.",
}


def _moment(state: GameState, nation: str) -> bool:
    """Whether this is the moment of the turn a nation's power belongs to."""
    phase, step, cursor = state.phase, state.step, state.cursor
    if nation == "spain":
        placed = any(slots for slots in state.tracks.values())
        return state.turn == 1 and phase == Phase.PLACEMENT and not placed
    if nation == "england":
        # the declare moment, or the Dock before its first slot resolves
        return is_resolving(phase, step, Step.DECLARE) or (
            step == Step.DOCK and before_track(phase, step, cursor, Step.DOCK))
    if nation == "france":
        return before_track(phase, step, cursor, Step.TRADE_GOODS)
    if nation == "holland":
        return is_resolving(phase, step, *steps_before(Step.SHIPPING))
    if nation == "italy":
        return is_resolving(phase, step, *steps_before(Step.SPECIALISTS))
    return False


def usable_now(state: GameState, who: PlayerState) -> bool:
    """Whether ``who``'s national power (not Portugal's, which sails) can be used now."""
    nation = who.nation
    if not state.setup.options.nations or nation not in LIMITS or not _moment(state, nation):
        return False
    per_game, per_turn = LIMITS[nation]
    key = f"nation:{nation}"
    if who.uses.get(key, 0) >= per_game:
        return False
    if nation == "holland" and (not state.ship_on_track or state.turn_uses.get("holland_ship")):
        return False
    if nation == "france" and not state.goods_offer:
        return False
    if nation == "italy" and not state.tracks.get("specialists"):
        return False
    return per_turn is None or state.turn_uses.get(f"{who.name}:{key}", 0) < per_turn


def powers_usable(state: GameState) -> bool:
    """Whether some player still has a power that is declared before the tracks resolve."""
    if not state.setup.options.nations:
        return False
    for who in state.players.values():
        if who.nation in LIMITS and who.nation != "spain":
            per_game, per_turn = LIMITS[who.nation]
            if who.uses.get(f"nation:{who.nation}", 0) < per_game:
                return True
    return False


def _england(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state, "england"):
        raise refuse(state, "England's power is used just before the Colonist Dock resolves")
    dock = state.tracks["dock"]
    for _ in range(from_reserve(state, who, "colonist", ENGLAND_COLONISTS)):
        dock.append(Slot(who.name, "colonist", "E"))
    order = choice.get("order")
    if order is not None:
        if sorted(order) != list(range(len(dock))):
            raise refuse(state, f"England reorders the {len(dock)} dock workers: give each "
                                f"position 0..{len(dock) - 1} once")
        dock[:] = [dock[i] for i in order]
    for number, slot in enumerate(dock, start=1):
        slot.label = str(number)


def _spain(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state, "spain"):
        raise refuse(state, "Spain's power is used once, just before turn 1")
    from companion.engine.resolution import free_discovery  # shared token bookkeeping

    free_discovery(state, who, choice.get("region"), choice.get("token"), "soldier", "Spain")


def _france(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state, "france"):
        raise refuse(state, "France's power is used just before Trade Goods resolves")
    good = check_good(state, choice.get("good"))
    if good not in state.goods_offer:
        raise refuse(state, f"{good} is not on the Trade Goods track")
    state.goods_offer.remove(good)
    who.goods[good] += 1


def _holland(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state, "holland"):
        raise refuse(state, "Holland's power is used before Merchant Shipping resolves")
    state.turn_uses["holland_ship"] = 1
    state.turn_uses[f"holland_ship:{who.name}"] = 1


def _italy(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state, "italy"):
        raise refuse(state, "the Italian power is used before Specialists resolves")
    box, worker = choice.get("box"), choice.get("worker")
    slots = [s for s in state.tracks["specialists"] if s.label == box]
    if not slots:
        raise refuse(state, f"nobody stands on the {box!r} box")
    if who.reserve.get(worker or "", 0) < 1:
        raise refuse(state, f"{who.name} has no {worker!r} in stock to put there")
    slot = slots[0]
    state.players[slot.player].reserve[slot.worker] += 1
    who.reserve[worker] -= 1
    slot.player, slot.worker = who.name, worker


HANDLERS = {"england": _england, "spain": _spain, "france": _france, "holland": _holland,
            "italy": _italy}


def power(state: GameState, ev: Power) -> None:
    who = player(state, ev.player)
    nation_of(state, who, ev.nation)
    if ev.nation == "portugal":
        raise refuse(state, "Portugal's power is part of an expedition (nation_power)")
    per_game, per_turn = LIMITS[ev.nation]
    use_limited(state, who, f"nation:{ev.nation}", per_game, per_turn, f"{ev.nation.title()}'s "
                "power")
    HANDLERS[ev.nation](state, who, dict(ev.choice))


def holland_takes_ship(state: GameState) -> str | None:
    for name in state.players:
        if state.turn_uses.get(f"holland_ship:{name}"):
            return name
    return None


def portugal_expedition(state: GameState, who: PlayerState, target: str | None) -> int:
    """Checks Portugal's power for an expedition; returns the resistance it faces."""
    nation_of(state, who, "portugal")
    if target != "card":
        raise refuse(state, "Portugal's power draws a discovery card (target 'card')")
    use_limited(state, who, f"nation:portugal:age{state.age}", 1, None,
                f"Portugal's power in Age {state.age}")
    return PORTUGAL_NATIVES
