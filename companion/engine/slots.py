"""The slot being resolved on a track, and a resolved worker going home: shared by the
track modules (``companion.engine.tracks``) and the turn flow (``resolution``)."""

from __future__ import annotations

from companion.engine.state import GameState, Slot


def current_slot(state: GameState) -> Slot:
    """The slot being resolved, on a track's step of the resolution."""
    assert state.step is not None
    return state.tracks[state.step][state.cursor]


def home(state: GameState, slot: Slot) -> None:
    """A resolved worker goes back to its owner's unused stock."""
    state.players[slot.player].reserve[slot.worker] += 1
    slot.done = True
