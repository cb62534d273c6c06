"""Mayflower: once the numbered Colonist Dock slots are full, the owner may still place
there, on up to 3 of their own ships (at most one worker per ship); a ship carrying a
worker is not a wild card in that turn's income.
"""

from __future__ import annotations

from companion.engine.powers.base import BuildingPower
from companion.engine.state import GameState, PlayerState

MAYFLOWER_SLOTS = 3


def extra_dock_label(state: GameState, who: PlayerState) -> str | None:
    """The next Mayflower slot (M1..M3) ``who`` may use on a full dock, if any."""
    if not who.owns("mayflower"):
        return None
    used = sum(1 for s in state.tracks["dock"] if s.label.startswith("M"))
    return f"M{used + 1}" if used < min(MAYFLOWER_SLOTS, who.ships) else None


def carried(state: GameState, player: str) -> None:
    """A worker placed on a Mayflower ship: that ship is not wild this turn."""
    state.mayflower_ships[player] = state.mayflower_ships.get(player, 0) + 1


def wild_ships(state: GameState, who: PlayerState) -> int:
    return max(0, who.ships - state.mayflower_ships.get(who.name, 0))


POWER = BuildingPower("mayflower")  # its hooks above are called where it acts
