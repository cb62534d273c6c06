"""Reformation: a missionary of another player who lands where the owner already has a
missionary brings no colonists with it.
"""

from __future__ import annotations

from companion.engine.common import owner_of
from companion.engine.powers.base import BuildingPower
from companion.engine.state import GameState


def blocks_converts(state: GameState, region: str, arriving: str) -> bool:
    """Whether ``arriving``'s missionary landing in ``region`` brings nobody along."""
    reformer = owner_of(state, "reformation")
    return bool(reformer and reformer != arriving
                and state.regions[region].get(reformer, {}).get("missionary", 0) > 0)


POWER = BuildingPower("reformation")  # its hooks above are called where it acts
