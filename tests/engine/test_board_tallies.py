"""The one-pass board tallies the standings read (``region_counts``, ``new_world_tally``,
``region_leader`` given the counts) agree with the per-player questions of the state."""

from __future__ import annotations

import pytest

from companion.engine.final import new_world_tally, region_counts
from companion.engine.playout import random_game
from companion.engine.timeline import region_leader
from companion.rules.regions import REGIONS

SETUPS = [
    {"players": [{"name": n} for n in "ABCDEF"], "options": {"builders": True}},
    {"edition": "aoe3", "players": [{"name": n} for n in "ABCDE"]},
]


def _states():
    for setup in SETUPS:
        for seed in range(3):
            for stop in (120, 240, 5000):
                yield random_game(setup, seed=seed, stop_after=stop).state


@pytest.mark.parametrize("state", list(_states()))
def test_the_tallies_agree_with_the_per_player_counts(state):
    counts = region_counts(state)
    assert counts == {r: {p: state.workers_in_region(r, p) for p in state.players}
                      for r in REGIONS}
    for name in state.players:
        assert new_world_tally(state, name) == (
            state.new_world_workers(name), state.new_world_workers(name, "soldier"),
            state.new_world_workers(name, "builder"))
    for region in REGIONS:
        assert region_leader(state, region, counts[region]) == region_leader(state, region)


def test_the_games_checked_have_soldiers_builders_and_leaders_abroad():
    """The agreement above means something: the states hold every kind of count."""
    states = list(_states())
    assert any(new_world_tally(s, n)[1] for s in states for n in s.players)
    assert any(new_world_tally(s, n)[2] for s in states for n in s.players)
    assert any(region_leader(s, r) for s in states for r in REGIONS)
