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
from companion.engine.state import GameState, PlayerState, Slot

PORTUGAL_NATIVES = 3
ENGLAND_COLONISTS = 2
STEPS_BEFORE = {
    "shipping": ("declare", "initiative", "dock", "trade_goods"),
    "specialists": ("declare", "initiative", "dock", "trade_goods", "shipping", "buildings",
                    "discovery"),
}
# nation -> (uses per game, uses per turn)
LIMITS = {"england": (1, None), "spain": (1, None), "france": (2, 1), "holland": (1, None),
          "italy": (2, 1)}


def nation_of(state: GameState, who: PlayerState, nation: str) -> None:
    if not state.setup.options.nations:
        raise refuse(state, "national advantages are not used in this game")
    if who.nation != nation:
        raise refuse(state, f"{who.name} does not play {nation.title()}")


def _declaring(state: GameState) -> bool:
    return state.phase == "resolution" and state.step == "declare"


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
    if not (_declaring(state) or state.phase == "resolution" and state.step == "dock"
            and state.cursor == 0):
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
    placed = any(s for track, slots in state.tracks.items() for s in slots)
    if state.turn != 1 or state.phase != "placement" or placed:
        raise refuse(state, "Spain's power is used once, just before turn 1")
    from companion.engine.resolution import free_discovery  # shared token bookkeeping

    free_discovery(state, who, choice.get("region"), choice.get("token"), "soldier", "Spain")


def _france(state: GameState, who: PlayerState, choice: dict) -> None:
    early = state.phase == "resolution" and (
        state.step in ("declare", "initiative", "dock") or (state.step == "trade_goods"
                                                            and state.cursor == 0))
    if not early:
        raise refuse(state, "France's power is used just before Trade Goods resolves")
    good = check_good(state, choice.get("good"))
    if good not in state.goods_offer:
        raise refuse(state, f"{good} is not on the Trade Goods track")
    state.goods_offer.remove(good)
    who.goods[good] += 1


def _holland(state: GameState, who: PlayerState, choice: dict) -> None:
    if not (state.phase == "resolution" and state.step in STEPS_BEFORE["shipping"]):
        raise refuse(state, "Holland's power is used before Merchant Shipping resolves")
    state.turn_uses["holland_ship"] = 1
    state.turn_uses[f"holland_ship:{who.name}"] = 1


def _italy(state: GameState, who: PlayerState, choice: dict) -> None:
    if not (state.phase == "resolution" and state.step in STEPS_BEFORE["specialists"]):
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
