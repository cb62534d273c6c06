"""Privateers: in phase 4 the owner takes from every other player up to $1 per ship the
owner has (never more than that player holds).
"""

from __future__ import annotations

from companion.engine.powers.base import BuildingPower
from companion.engine.state import GameState, PlayerState


def _each_turn(state: GameState, who: PlayerState) -> None:
    for other in state.order:
        if other != who.name:
            taken = min(state.players[other].money, who.ships)
            state.players[other].money -= taken
            who.money += taken


POWER = BuildingPower("privateers", each_turn=_each_turn)
