"""Income (digest section 6) and the phase-4 money buildings (section 10)."""

from __future__ import annotations

import pytest
from helpers import (
    correct,
    decline_until,
    finish_turn,
    money,
    new_game,
    only_workers,
    pass_turn,
    place,
    to_turn,
)

from companion.engine import IllegalAction, final_scores
from companion.engine.benefits import (
    ASKED_BUILDINGS,
    INCOME_BUILDINGS,
    PHASE4_BUILDINGS,
    WAITING_BUILDINGS,
    power_of,
)
from companion.rules.buildings import buildings_for

# Openings that leave indigo (4), rice (3), sugar (5) and gold (4) in the supply.
GOODS = ["silver", "silver", "coffee", "coffee"]


def _buy(game, purchases):
    """Each buyer puts one colonist on Capital Buildings and buys its building."""
    game = only_workers(game, {name: {"colonist": 1} for name in purchases})
    while game.state.phase == "placement":
        game = place(game, (game.pending().player, "colonist", "buildings"))
    game = decline_until(game, "buy")
    while game.pending().type == "buy":
        game = game.apply({"type": "buy", "building": purchases[game.pending().player]})
    return game


# ---------------------------------------------------------------- income


@pytest.mark.parametrize(("goods", "ships", "dollars"), [
    ({"indigo": 1, "sugar": 1, "gold": 1}, 0, 1),  # any 3 goods
    ({"indigo": 2}, 1, 3),  # a pair and a ship
    ({"sugar": 4}, 0, 6),  # four of one kind
    ({"sugar": 3}, 0, 3),
    ({"indigo": 2, "rice": 2}, 2, 6),  # two pairs, each with its own ship
    ({"indigo": 4, "rice": 1, "gold": 1}, 0, 6),  # the four beat 3 + 1 with two left over
    ({"indigo": 3, "rice": 1, "sugar": 1, "gold": 1}, 0, 4),  # 3 + 1
    ({"indigo": 1, "rice": 1}, 2, 1),  # one ship per set: the second ship is idle
    ({}, 3, 0),  # ships alone make no set
    ({"indigo": 4, "rice": 3}, 1, 12),  # four indigo, three rice + ship
    ({"indigo": 2, "rice": 2, "sugar": 1, "gold": 1}, 0, 2),  # {i,r,s} {i,r,g}
    ({"indigo": 1, "rice": 1, "sugar": 1, "gold": 1}, 0, 1),  # a mixed four is worth 1 set
])
def test_income_is_the_best_arrangement_of_goods_and_ships(goods, ships, dollars):
    game = new_game(goods=GOODS)
    game = correct(game, "Red", goods=goods, ships=ships)
    game = only_workers(game, {})
    assert game.state.phase == "benefits"
    assert game.state.players["Red"].income[1] == dollars
    assert money(game)["Red"] == 10 + dollars


def test_mayflower_ship_is_not_wild_in_the_turn_it_carries():
    game = to_turn(new_game(goods=GOODS, builders=True), 4, {3: ["mayflower"]})
    game = correct(game, "Red", money=4, ships=1, goods={"indigo": 2})
    game = finish_turn(_buy(game, {"Red": "mayflower"}))
    assert game.state.players["Red"].income[4] == 3  # the ship is wild
    # turn 5: the three numbered slots fill, then Red's ship carries a fourth worker
    game = only_workers(game, {"Red": {"colonist": 3}, "Blue": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "dock"), ("Blue", "colonist", "dock"),
                 ("Red", "colonist", "dock"), ("Red", "colonist", "dock"))
    labels = []
    while game.pending().type == "dock":
        labels.append(game.pending().slot)
        game = game.apply({"type": "dock", "region": None})  # (3 in a region: a free good)
    assert labels == ["1", "2", "3", "M1"]
    assert game.state.players["Red"].income[5] == 0  # indigo, indigo and a busy ship
    game = pass_turn(finish_turn(game))
    assert game.state.players["Red"].income[6] == 3


def test_without_mayflower_or_ships_there_is_no_extra_dock_slot():
    game = to_turn(new_game(goods=GOODS, builders=True), 4, {3: ["mayflower"]})
    game = correct(game, "Red", money=4)
    game = finish_turn(_buy(game, {"Red": "mayflower"}))
    game = only_workers(game, {"Red": {"colonist": 3}, "Blue": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "dock"), ("Blue", "colonist", "dock"),
                 ("Red", "colonist", "dock"))
    with pytest.raises(IllegalAction, match="Colonist Dock is full"):
        place(game, ("Red", "colonist", "dock"))  # Mayflower, but no ship


# ---------------------------------------------------------------- money buildings


def test_trading_post_pays_5_every_turn():
    game = new_game(buildings=["trading_post", "settlers", "monastery", "navigator",
                               "trade_routes"])
    game = _buy(game, {"Red": "trading_post"})
    assert game.state.phase == "benefits"
    assert money(game)["Red"] == 10 - 10 + 5
    game = pass_turn(pass_turn(finish_turn(game)))
    assert money(game)["Red"] == 5 + 5 + 5


def test_taxation_10_and_rum_distillery_3_per_sugar_outside_income():
    game = to_turn(new_game(goods=GOODS), 4, {3: ["taxation", "rum_distillery"]})
    game = correct(game, "Red", money=4)
    game = correct(game, "Blue", money=3, goods={"sugar": 2})
    game = _buy(game, {"Red": "taxation", "Blue": "rum_distillery"})
    assert game.state.phase == "benefits"
    assert money(game) == {"Red": 14 - 14 + 10, "Blue": 14 - 14 + 3 * 2}
    assert game.state.players["Blue"].income[4] == 0  # two sugar make no set
    game = correct(finish_turn(game), "Blue", goods={"sugar": 1})
    game = pass_turn(game)
    # Blue: three sugar are now a $3 set, and the Distillery pays 3 x 3
    assert game.state.players["Blue"].income[5] == 3
    assert money(game) == {"Red": 10 + 10, "Blue": 6 + 3 + 9}


@pytest.mark.parametrize(("edition", "dollars"), [("aoe3", 25), ("empires", 30)])
def test_factory_pays_25_in_aoe3_and_manufacture_30_in_empires(edition, dollars):
    game = to_turn(new_game(edition=edition), 7, {6: ["factory"]})
    game = correct(game, "Red", money=10)
    game = _buy(game, {"Red": "factory"})
    assert money(game)["Red"] == 20 - 20 + dollars
    game = pass_turn(finish_turn(game))
    assert money(game)["Red"] == 2 * dollars
    score = next(s for s in final_scores(game.state) if s.player == "Red")
    assert score.buildings == {"factory": 5}


def test_broker_sells_goods_to_the_bank_for_5_each():
    game = to_turn(new_game(goods=GOODS, builders=True), 4, {3: ["mint", "broker"]})
    game = correct(game, "Blue", money=3, goods={"indigo": 2, "sugar": 1})
    game = _buy(game, {"Blue": "broker"})
    assert money(game)["Blue"] == 14 - 14 + 1  # income: {indigo, indigo, sugar}
    supply = game.state.supply["indigo"]
    with pytest.raises(IllegalAction):
        game.apply({"type": "benefit", "player": "Blue", "building": "broker",
                    "choice": {"goods": {"indigo": 3}}})
    game = game.apply({"type": "benefit", "player": "Blue", "building": "broker",
                       "choice": {"goods": {"indigo": 2}}})
    blue = game.state.players["Blue"]
    assert blue.money == 1 + 5 * 2
    assert blue.goods["indigo"] == 0 and blue.goods["sugar"] == 1
    assert game.state.supply["indigo"] == supply + 2


@pytest.mark.parametrize("edition", ["empires", "aoe3"])
def test_privateers_take_1_per_ship_from_every_other_player(edition):
    game = new_game(["Red", "Blue", "Green"], edition=edition)
    game = to_turn(game, 4, {3: ["privateers"]})
    game = correct(game, "Red", money=4, ships=2)
    game = correct(game, "Blue", money=-10)  # Blue has $1 left
    game = _buy(game, {"Red": "privateers"})
    # Red: 14 - 14, no income from ships alone; +1 from Blue (all it has) and +2 from Green
    assert money(game) == {"Red": 3, "Blue": 0, "Green": 12 - 2}
    game = pass_turn(finish_turn(game))
    assert money(game) == {"Red": 3 + 0 + 2, "Blue": 0, "Green": 8}


@pytest.mark.parametrize("edition", ["empires", "aoe3"])
@pytest.mark.parametrize("expansion", [True, False])
def test_a_building_passed_over_has_nothing_to_do_then(edition, expansion):
    """Phase 4, income, the Mint's question and the stops before a track (Stables) pass
    over an owner of none of the buildings listed for them: in every catalogue (Navy's
    VP reading too), a building left out pays nothing then and its power does nothing
    then."""
    for navy in (1, 2):
        for b in buildings_for(edition, expansion, navy).values():
            power, e = power_of(b), b.effect
            if b.id not in PHASE4_BUILDINGS:
                assert not e.money_per_turn and (not e.money_per_good or e.timing == "income")
                assert power is None or power.each_turn is None
            if b.id not in INCOME_BUILDINGS:
                assert not (e.timing == "income" and e.money_per_good)
                assert power is None or power.on_income is None
            if b.id not in ASKED_BUILDINGS:
                assert power is None or power.asked_at is None
            if b.id not in WAITING_BUILDINGS:
                assert power is None or power.acts_before(b) is None
