"""GameState.clone: an explicit copy (no deepcopy) that must stay as exact as one."""

from __future__ import annotations

import copy
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from companion.engine import apply, replay
from companion.engine.playout import random_game
from companion.engine.state import (
    PLAYER_COPIED,
    PLAYER_SHARED,
    STATE_COPIED,
    STATE_MEMOS,
    STATE_SHARED,
    GameState,
    PlayerState,
    Slot,
)

SETUPS = [
    {"players": [{"name": "A"}, {"name": "B"}]},
    {"edition": "empires", "options": {"builders": True, "nations": True, "buy_vp": True},
     "players": [{"name": n, "nation": nation} for n, nation in
                 [("A", "england"), ("B", "spain"), ("C", "holland"), ("D", "italy")]]},
    {"edition": "aoe3", "players": [{"name": n} for n in "ABC"]},
]


@pytest.mark.parametrize(("cls", "copied", "shared"), [
    (GameState, STATE_COPIED, STATE_SHARED + STATE_MEMOS),
    (PlayerState, PLAYER_COPIED, PLAYER_SHARED)])
def test_every_field_is_either_copied_or_shared(cls: type, copied: tuple, shared: tuple) -> None:
    """A field added to the state must be sorted into one list, or clone would share it."""
    names = [f.name for f in fields(cls)]
    assert sorted(names) == sorted(copied + shared)
    assert not set(copied) & set(shared)


def _mutables(value: Any, found: dict[int, str], path: str) -> None:
    """Every list, dict, Slot and PlayerState reachable from ``value`` (by id)."""
    if isinstance(value, list | dict | Slot | PlayerState):
        found[id(value)] = path
    if isinstance(value, dict):
        for k, v in value.items():
            _mutables(v, found, f"{path}[{k!r}]")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _mutables(v, found, f"{path}[{i}]")
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            _mutables(getattr(value, f.name), found, f"{path}.{f.name}")


def test_a_clone_shares_nothing_the_fold_changes() -> None:
    state = random_game(SETUPS[1], seed=3, stop_after=200).state
    twin = state.clone()
    assert twin == state
    original: dict[int, str] = {}
    cloned: dict[int, str] = {}
    for name in STATE_COPIED:
        if name == "timeline":  # kept only when replayed for a chart; its snapshots are
            assert state.timeline is None  # replaced, never changed: shared, its list copied
            keeping = state.clone()
            keeping.timeline = [{"turn": 1}]
            copied = keeping.clone().timeline
            assert copied == keeping.timeline and copied is not keeping.timeline
            continue
        _mutables(getattr(state, name), original, name)
        _mutables(getattr(twin, name), cloned, name)
    shared = set(original) & set(cloned)
    assert not shared, sorted(original[i] for i in shared)


@pytest.mark.parametrize("setup", SETUPS, ids=["2p", "4p-builders-nations", "aoe3-3p"])
def test_applying_to_a_copy_never_changes_the_original(setup: dict) -> None:
    """Every event of a whole random game, applied through ``apply`` (which works on a
    clone): the state it was applied to is left exactly as it was, and the chain of states
    ends where a replay of the log ends."""
    game = random_game(setup, seed=11)
    state = replay(setup, [])
    for ev in game.events:
        before = copy.deepcopy(state)
        after = apply(state, ev)
        assert state == before, f"applying {ev.type} changed the state it was applied to"
        state = after
    assert state == game.state == replay(setup, game.events)
