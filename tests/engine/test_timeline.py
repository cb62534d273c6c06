"""The charts' timeline, kept apart from the game data and the turn flow: derived from the
log only when a chart looks, the same snapshots whatever part of the log is read."""

from __future__ import annotations

from companion.engine import Game, replay
from companion.engine.final import standings
from companion.engine.playout import random_game

BUY_VP = {"players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}],
          "options": {"buy_vp": True}}


def test_no_fold_builds_snapshots_but_the_one_made_for_a_chart():
    game = random_game(BUY_VP, seed=4)
    assert game.state.timeline is None  # the playout never built one
    assert replay(game.setup, game.events).timeline is None  # nor a load, nor an undo
    assert game.undo_step().state.timeline is None
    points = game.timeline()
    assert [p["turn"] for p in points] == list(range(1, 9))
    # the last point is the end of the game: VP bought after the last scoring included
    final = {score.player: score.total for _, score in standings(game.state)}
    assert {name: p["vp"] for name, p in points[-1]["players"].items()} == final
    assert sum(s.bought for _, s in standings(game.state)) > 0  # (this seed buys VP)


def test_a_part_of_the_log_gives_the_turns_it_finished():
    game = random_game(BUY_VP, seed=4)
    whole = game.timeline()
    ends = [i + 1 for i, ev in enumerate(game.events) if ev.type == "refresh"]
    assert len(ends) == 8
    for turn, end in enumerate(ends, start=1):
        assert game.timeline(end - 1) == whole[:turn - 1]
        # after the refresh, the snapshot taken then (VP bought later replace it)
        assert [p["turn"] for p in game.timeline(end)] == list(range(1, turn + 1))
    assert game.timeline(len(game.events)) == whole


def test_a_new_game_has_no_point_yet():
    game = Game.new(BUY_VP)
    assert game.timeline() == [] and game.timeline(0) == []
