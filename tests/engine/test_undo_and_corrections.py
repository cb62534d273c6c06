"""Undo gives back the exact earlier state; corrections adjust a player with a reason."""

from __future__ import annotations

import copy

import pytest
from helpers import correct, finish_turn, money, new_game, only_workers, place, resolve

from companion.engine import EngineError, Game, IllegalAction, MalformedEvent, final_scores


def _played():
    """A short game through a refresh, with every state kept along the way."""
    game = new_game()
    states = [copy.deepcopy(game.state)]
    steps = [
        {"type": "correction", "player": "Red", "reason": "test", "available": {"colonist": -3}},
        {"type": "correction", "player": "Blue", "reason": "test", "available": {"colonist": -3}},
        {"type": "place", "player": "Red", "worker": "colonist", "track": "initiative"},
        {"type": "place", "player": "Blue", "worker": "colonist", "track": "dock"},
        {"type": "place", "player": "Red", "worker": "colonist", "track": "trade_goods"},
        {"type": "place", "player": "Blue", "worker": "colonist", "track": "buildings"},
        {"type": "dock", "region": "caribbean"},
        {"type": "take_good", "good": "silver"},
        {"type": "buy", "building": "trading_post"},
        {"type": "refresh", "goods": ["sugar", "gold", "tobacco", "coffee"],
         "buildings": ["inca_conquest"]},
    ]
    for event in steps:
        game = game.apply(event)
        states.append(copy.deepcopy(game.state))
    assert game.state.turn == 2
    return game, states


def test_undo_gives_back_each_earlier_state_exactly():
    game, states = _played()
    for n in range(len(states)):
        undone = game.undo(n)
        assert undone.state == states[-1 - n]
        assert len(undone.events) == len(game.events) - n
    assert game.undo(0).state == game.state


def test_undo_then_redo_gives_the_same_state_and_leaves_the_original_alone():
    game, states = _played()
    undone = game.undo(3)
    assert game.state == states[-1]  # the original Game is untouched
    redone = undone
    for event in game.events[-3:]:
        redone = redone.apply(event)
    assert redone.state == game.state and redone.events == game.events


def test_undo_beyond_the_log_is_refused():
    game, _ = _played()
    with pytest.raises(EngineError):
        game.undo(len(game.events) + 1)
    assert game.undo(len(game.events)).state == Game.new(game.setup).state


def test_undo_after_a_refused_event():
    game, states = _played()
    with pytest.raises(IllegalAction):
        game.apply({"type": "place", "player": "Blue", "worker": "colonist", "track": "dock"})
    assert game.undo().state == states[-2]


# ---------------------------------------------------------------- corrections


def test_correction_adjusts_money_vp_goods_and_ships_with_a_reason():
    game = new_game()
    supply = dict(game.state.supply)
    game = game.apply({"type": "correction", "player": "Red", "reason": "forgot Trading Post",
                       "money": 5, "vp": 2, "goods": {"sugar": 2}, "ships": 1})
    red = game.state.players["Red"]
    assert red.money == 15 and red.goods["sugar"] == 2 and red.ships == 1
    assert game.state.supply["sugar"] == supply["sugar"] - 2
    assert game.state.ships_in_reserve == 6
    assert game.events[-1].reason == "forgot Trading Post"
    assert next(s for s in final_scores(game.state) if s.player == "Red").bought == 2
    # and back again: goods return to the supply
    game = correct(game, "Red", reason="undo the sugar", money=-15, goods={"sugar": -2},
                   ships=-1, vp=-2)
    red = game.state.players["Red"]
    assert red.money == 0 and red.goods["sugar"] == 0 and red.ships == 0
    assert game.state.supply == supply and game.state.ships_in_reserve == 7
    assert next(s for s in final_scores(game.state) if s.player == "Red").bought == 0


@pytest.mark.parametrize("changes", [
    {"money": -11},  # Red has $10
    {"goods": {"sugar": -1}},  # has none
    {"goods": {"fish": 3}},  # the supply holds 2 (one is on New England)
    {"goods": {"spice": 1}},
    {"ships": -1},
    {"ships": 8},  # only 7 in reserve
    {"available": {"captain": 6}},  # 5 captains in all
    {"available": {"colonist": -6}},  # 5 to place
])
def test_impossible_corrections_are_refused(changes):
    game = new_game()
    before = copy.deepcopy(game.state)
    with pytest.raises(IllegalAction):
        correct(game, "Red", reason="test", **changes)
    assert game.state == before


def test_corrections_need_a_reason_and_a_player():
    game = new_game()
    with pytest.raises(MalformedEvent):
        game.apply({"type": "correction", "player": "Red", "reason": "", "money": 1})
    with pytest.raises(MalformedEvent):
        game.apply({"type": "correction", "player": "Red", "money": 1})
    with pytest.raises(IllegalAction):
        game.apply({"type": "correction", "player": "Nobody", "reason": "x", "money": 1})


def test_correction_works_in_the_middle_of_resolution():
    game = only_workers(new_game(), {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "dock"))
    assert game.pending().type == "dock"
    game = correct(game, "Blue", money=3)
    assert game.pending().type == "dock" and money(game)["Blue"] == 14
    game = resolve(game, {"type": "dock", "region": "caribbean"})
    game = finish_turn(game)
    assert game.state.turn == 2


def test_giving_workers_by_correction_lets_a_finished_player_place_again():
    game = only_workers(new_game(), {"Red": {"colonist": 1}, "Blue": {"colonist": 2}})
    game = place(game, ("Red", "colonist", "shipping"), ("Blue", "colonist", "shipping"))
    assert game.pending().player == "Blue"  # Red is out of workers
    game = correct(game, "Red", available={"soldier": 1})
    assert game.pending().player == "Blue"
    game = place(game, ("Blue", "colonist", "shipping"))
    assert game.pending().player == "Red"
    game = place(game, ("Red", "soldier", "shipping"))
    assert game.state.phase != "placement"
