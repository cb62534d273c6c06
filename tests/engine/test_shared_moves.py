"""Tracks whose moves are made once and shared (frozen ``Move`` values kept in small
caches, their events parsed once): asked again, or after the board changed, a question
lists the very same objects for the same answers, and they are that question's moves."""

from __future__ import annotations

import random

from companion.engine.answering import Asked, answer_in_place
from companion.engine.flow import Phase
from companion.engine.game import Game
from companion.engine.moves import legal_moves
from companion.engine.playout import _random_move
from companion.engine.slots import current_slot
from companion.engine.tracks.buildings import ASKS_ON, _asks_on, price_of
from companion.rules.buildings import buildings_for

SETUPS = [
    {"players": [{"name": f"P{i}"} for i in range(4)]},
    {"edition": "aoe3", "players": [{"name": f"P{i}"} for i in range(3)]},
]


def _questions(setup, seed):
    """Every pending question of a random game, with its state (changed in place after)."""
    rng = random.Random(seed)
    game = Game.new(setup)
    state, log = game.state, list(game.events)
    asked = Asked(legal_moves(state))
    while state.phase != Phase.OVER:
        yield state, asked.pending
        move = _random_move(state, asked.pending, asked.actions_in, rng)
        asked = Asked(answer_in_place(state, log, move))


def test_dock_and_trade_goods_moves_are_shared_and_right():
    checked = {"dock": 0, "take_good": 0}
    for index, setup in enumerate(SETUPS):
        turn, seen = 0, {}  # (type, player, value, ...) -> the move listed this turn
        for state, pending in _questions(setup, index):
            if pending is None or pending.type not in checked:
                continue
            if state.turn != turn:
                turn, seen = state.turn, {}
            checked[pending.type] += 1
            me = current_slot(state).player
            again = legal_moves(state)
            assert all(a is b for a, b in zip(again.all_moves(), pending.all_moves(),
                                              strict=True))
            key = "region" if pending.type == "dock" else "good"
            values = [m.value for m in pending.moves]
            offered = (state.discovered if pending.type == "dock"
                       else list(dict.fromkeys(state.goods_offer)))
            assert set(values) == set(offered)
            for move in pending.all_moves():
                assert all(e[key] == move.value for e in move.events)
                if len(move.events) == 1 or not move.usual:  # (not all the dock at once)
                    assert {e["player"] for e in move.events} == {me}
                shared = seen.setdefault(
                    (pending.type, me, move.value, len(move.events), move.usual), move)
                assert shared is move or shared.events != move.events
    assert min(checked.values()) > 20


def test_a_ready_purchase_is_shared_and_buys_what_is_face_up_and_affordable():
    """Capital Buildings: a building bought with no more question is one shared move per
    (player, building); every building face up that the player can pay is offered."""
    checked = 0
    for index, setup in enumerate(SETUPS):
        for state, pending in _questions(setup, index):
            if pending is None or pending.type != "buy" or pending.draft.get("building"):
                continue
            slot = current_slot(state)
            money = state.players[slot.player].money
            assert [m.value for m in pending.moves] == [
                b for b in dict.fromkeys(state.buildings_offer)
                if price_of(state, b, slot.worker) <= money]
            again = legal_moves(state)
            for a, b in zip(again.all_moves(), pending.all_moves(), strict=True):
                assert a is b or not a.events  # (one that asks on is made each time)
                assert a.events == b.events and a.draft == b.draft
            for move in pending.moves:
                if move.events:
                    assert move.events[0] == {"type": "buy", "player": slot.player,
                                              "building": move.value, "choice": {}}
                    checked += 1
    assert checked > 10


def test_a_building_left_out_of_asks_on_is_bought_with_no_more_question():
    """Capital Buildings offers a building whose id is not in ``ASKS_ON`` as a ready move
    without asking: in every catalogue, buying it asks nothing more."""
    for edition in ("empires", "aoe3"):
        for expansion in (True, False):
            for b in buildings_for(edition, expansion).values():
                assert b.id in ASKS_ON or not _asks_on(b)
