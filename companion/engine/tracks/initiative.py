"""Initiative: each worker on it earns its slot's money (slot 1: $1, ...) and, in Empires,
goes home; in Age of Empires III it stays to become its owner's Turn Order marker
(``income``). The new turn order is set at the refresh."""

from __future__ import annotations

from companion.engine.slots import home
from companion.engine.state import GameState


def resolve(state: GameState) -> None:
    for slot in state.tracks["initiative"]:
        state.players[slot.player].money += int(slot.label)
        if not state.edition.initiative_worker_marks_order:
            home(state, slot)
