"""``moment_power_usable`` (what the engine asks before settling a one-outcome step by
itself) says exactly whether ``actions`` offers a power tied to this moment."""

from __future__ import annotations

import random

from companion.engine import Game
from companion.engine.asking import actions, moment_power_usable
from companion.engine.playout import random_step

SETUPS = [
    {"edition": "empires",
     "players": [{"name": f"P{i}", "nation": n} for i, n in enumerate(
         ["england", "spain", "france", "portugal", "holland"])],
     "options": {"builders": True, "nations": True, "scouting": True}},
    {"players": [{"name": n} for n in "ABCD"], "options": {"builders": True}},
    {"edition": "aoe3", "players": [{"name": n} for n in "ABC"]},
]


def test_it_agrees_with_the_actions_offered_all_game_long():
    seen = {True: 0, False: 0}
    standing_only = 0
    for index, setup in enumerate(SETUPS):
        for seed in range(2):  # a third game per set-up reached no new line (pytest --cov)
            rng = random.Random(100 * index + seed)
            game = Game.new(setup)
            while game.state.phase != "over":
                offered = actions(game.state)
                wanted = any(a.moment for a in offered)
                assert moment_power_usable(game.state) == wanted, game.state.describe()
                seen[wanted] += 1
                standing_only += bool(offered) and not wanted
                game = random_step(game, rng)
    # Both answers occur, and so do states offering only standing actions (which must not
    # count as a power of this moment).
    assert seen[True] > 20 and seen[False] > 100 and standing_only > 20, (seen, standing_only)
