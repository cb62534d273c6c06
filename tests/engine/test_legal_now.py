"""legal_now lists what the engine would accept: every listed placement is accepted."""

from __future__ import annotations

import random

from companion.engine import Game
from companion.engine.legal import legal_now
from companion.engine.playout import random_step


def test_every_listed_placement_is_accepted_and_slots_shrink():
    rng = random.Random(4)
    game = Game.new({"players": [{"name": n} for n in "ABC"]})
    checked = 0
    while game.state.turn < 3:
        now = legal_now(game.state)
        if now.pending and now.pending.type == "place":
            assert now.pending.player in now.still_placing
            for option in now.placements:
                game.apply(option)  # raises if the list offered something illegal
                checked += 1
            before = now.open_slots["dock"]
            docked = [o for o in now.placements if o.track == "dock"]
            after_state = game.apply(docked[0]).state if docked else None
            if after_state is not None and after_state.phase == "placement":
                assert legal_now(after_state).open_slots["dock"] == before - 1
            elif not docked:
                assert before == 0
        game = random_step(game, rng)
    assert checked > 50


def test_buyable_buildings_are_the_affordable_ones_at_the_age_price():
    rng = random.Random(9)
    game = Game.new({"players": [{"name": n} for n in "AB"]})
    seen = 0
    while seen < 5:
        if game.state.phase == "over":
            game = Game.new({"players": [{"name": n} for n in "AB"]})
        now = legal_now(game.state)
        if now.pending and now.pending.type == "buy":
            buyer = game.state.players[now.pending.player]
            for b in game.state.buildings_offer:
                building = game.state.catalogue[b]
                price = 0 if building.cost == "free" else {1: 10, 2: 14, 3: 20}[building.age]
                if now.pending.worker == "builder" and price:
                    price -= 5
                assert (b in now.buyable) == (price <= buyer.money)
            seen += 1
        game = random_step(game, rng)
    assert seen == 5
