"""Seeded random playouts: legal random games to the end for every configuration."""

from __future__ import annotations

import random

import pytest

from companion.engine import Game, replay
from companion.engine.playout import random_game, random_step
from companion.engine.state import GameState
from companion.rules.editions import WORKER_SUPPLY, WORKER_TYPES
from companion.rules.goods import GOODS

CONFIGS = [
    ("empires", n, builders) for n in range(2, 7) for builders in (False, True)
] + [("aoe3", n, False) for n in range(2, 6)]


NATIONS = ("england", "spain", "france", "portugal", "holland", "italy")


def _setup(edition: str, players: int, builders: bool, buy_vp: bool = False) -> dict:
    """Empires games with the Builder expansion also use buy-VP and national advantages."""
    nations = edition == "empires" and builders
    return {
        "edition": edition,
        "players": [{"name": f"P{i}", "nation": NATIONS[i] if nations else None}
                    for i in range(players)],
        "options": {"builders": builders, "buy_vp": buy_vp, "nations": nations}
        if edition == "empires" else {},
    }


def check_invariants(state: GameState) -> None:
    builders = state.setup.options.builders
    for name, who in state.players.items():
        assert who.money >= 0, f"{name} has negative money"
        for worker in WORKER_TYPES:
            total = (who.reserve[worker] + who.available[worker] + who.incoming[worker]
                     + who.discovery[worker] + state.workers_on_tracks(name, worker)
                     + state.new_world_workers(name, worker) + (who.marker == worker))
            expected = WORKER_SUPPLY[worker] if worker != "builder" or builders else 0
            assert total == expected, f"{name}'s {worker}s: {total} != {expected}"
    for good, count in GOODS.items():
        held = sum(p.goods[good] for p in state.players.values())
        on_map = sum(1 for r, g in state.region_goods.items()
                     if g == good and r not in state.region_good_taken_by)
        total = (held + state.supply[good] + state.goods_offer.count(good)
                 + state.removed_goods[good] + on_map)
        assert total == count, f"{good}: {total} tokens in the game, expected {count}"
        assert held <= count
    ships = sum(p.ships for p in state.players.values())
    assert ships + state.ships_in_reserve + state.ship_on_track == 8


@pytest.mark.parametrize(("edition", "players", "builders"), CONFIGS)
def test_random_games_reach_the_end_legally(edition, players, builders):
    setup = _setup(edition, players, builders, buy_vp=builders)
    rng = random.Random(players * 100 + builders)
    game = Game.new(setup)
    steps = 0
    while game.state.phase != "over":
        before = game.state.clone()
        game = random_step(game, rng)
        steps += 1
        if steps % 7 == 0:
            check_invariants(game.state)
            # undo then answering again gives the same state (automatic events included)
            undone = game.undo_step()
            assert undone.state == before
            step = game.events[len(undone.events):]
            table = [e.model_copy(update={"group": False}) for e in step if not e.auto]
            assert undone.answer(table).state == game.state
    check_invariants(game.state)
    assert game.state.turn == 8
    assert replay(game.setup, game.events) == game.state
    assert Game.from_record(game.record()).state == game.state


@pytest.mark.parametrize(("builders", "buildings"), [(True, False), (False, True)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_with_part_of_the_builder_expansion(players, builders, buildings):
    setup = _setup("empires", players, builders)
    setup["options"]["builder_buildings"] = buildings
    game = random_game(setup, seed=players)
    check_invariants(game.state)
    assert game.state.turn == 8 and game.state.phase == "over"
    assert replay(game.setup, game.events) == game.state
    bought = {b for p in game.state.players.values() for b in p.buildings}
    expansion = {b for b in bought if game.state.catalogue[b].builder_expansion}
    assert buildings or not expansion
    assert builders or all(p.reserve["builder"] == 0 for p in game.state.players.values())


@pytest.mark.parametrize("seed", range(6))
def test_replay_is_deterministic_for_many_seeds(seed):
    game = random_game(_setup("empires", 2 + seed % 5, seed % 2 == 0), seed=seed)
    assert game.state.phase == "over"
    assert replay(game.setup, [e.model_dump() for e in game.events]) == game.state
    # every earlier version is reachable
    middle = len(game.events) // 2
    assert game.at(middle) == game.undo(len(game.events) - middle).state


@pytest.mark.parametrize("players", [2, 5])
def test_a_random_game_played_in_place_makes_the_moves_of_random_step(players):
    """``random_game`` changes one state in place; step by step on copies (``random_step``)
    the same seed gives the same log and the same final state."""
    setup = _setup("empires", players, builders=True, buy_vp=True)
    fast = random_game(setup, seed=7)
    rng = random.Random(7)
    game = Game.new(setup)
    while game.state.phase != "over":
        game = random_step(game, rng)
    assert fast.events == game.events
    assert fast.state == game.state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_placement_question_taken_straight_is_the_one_the_drafts_ask(players):
    """``legal_moves`` takes the placement question straight from the placement track;
    asked through its draft and settled like any other question, it lists the same moves
    (every placement is ready: nothing to settle, no single way on to skip)."""
    from companion.engine.moves import legal_moves, opening_draft, settled

    setup = _setup("empires", players, builders=True, buy_vp=True)
    rng = random.Random(players)
    game, placements = Game.new(setup), 0
    while game.state.phase != "over":
        state = game.state
        if state.phase == "placement":
            straight = legal_moves(state)
            asked = settled(state, opening_draft(state))
            assert straight == asked and straight.moves
            assert all(m.events and m.draft is None for m in straight.moves)
            placements += 1
        game = random_step(game, rng)
    assert placements > 20 * players
