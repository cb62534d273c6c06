"""Resolution (digest section 5): Initiative, Dock, Trade Goods, Shipping, Buildings and
Specialists (Discovery and Warfare have their own files)."""

from __future__ import annotations

import pytest
from helpers import (
    correct,
    decline_until,
    finish_turn,
    money,
    new_game,
    only_workers,
    place,
    region,
    resolve,
    to_turn,
)

from companion.engine import IllegalAction

# ---------------------------------------------------------------- Initiative


def test_initiative_book_example_money_and_next_turn_order():
    # Order Red, Blue, Green, Orange; Green takes slot 1, Orange slot 2.
    game = new_game(["Red", "Blue", "Green", "Orange"])
    one_each = {"colonist": 1}
    game = only_workers(game, dict.fromkeys(["Red", "Blue", "Green", "Orange"], one_each))
    game = place(game, ("Red", "colonist", "shipping"), ("Blue", "colonist", "shipping"),
                 ("Green", "colonist", "initiative"), ("Orange", "colonist", "initiative"))
    # slot 1 pays $1 and slot 2 pays $2 (starting money 10, 11, 12, 13)
    assert money(game) == {"Red": 10, "Blue": 11, "Green": 13, "Orange": 15}
    game = finish_turn(game)
    assert game.state.order == ["Green", "Orange", "Red", "Blue"]
    assert game.pending().type == "place" and game.pending().player == "Green"


def test_without_initiative_workers_the_order_stays():
    game = new_game(["Red", "Blue", "Green"])
    game = only_workers(game, {"Red": {"colonist": 1}, "Green": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "shipping"), ("Green", "colonist", "initiative"))
    game = finish_turn(game)
    assert game.state.order == ["Green", "Red", "Blue"]
    game = finish_turn(only_workers(game, {}))
    assert game.state.order == ["Green", "Red", "Blue"]


def test_initiative_workers_return_home():
    game = new_game()
    game = only_workers(game, {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "initiative"))
    assert game.state.players["Red"].reserve["colonist"] == 29  # 24 + 4 handed back + 1 home
    assert game.state.players["Red"].marker == "colonist"  # the set-up marker stays


def test_aoe3_the_initiative_worker_becomes_the_turn_order_marker():
    """`001_…` "Initiative": at the end of the resolution the workers on Initiative move to
    Turn Order and the markers there go home: a captain placed on Initiative stays out of the
    stock until its owner's next Initiative worker replaces it."""
    game = new_game(edition="aoe3")
    game = only_workers(game, {"Red": {"captain": 1}, "Blue": {"colonist": 1}})
    reserve = dict(game.state.players["Red"].reserve)
    game = place(game, ("Red", "captain", "initiative"), ("Blue", "colonist", "buildings"))
    assert game.pending().type == "buy"  # Initiative resolved, Capital Buildings waits
    red = game.state.players["Red"]
    assert red.money == 10 + 1 and red.reserve == reserve  # paid; the captain stands there
    assert red.marker == "colonist"
    game = decline_until(game, "refresh")  # the resolution is over
    red = game.state.players["Red"]
    assert red.marker == "captain" and red.reserve["captain"] == reserve["captain"]
    assert red.reserve["colonist"] == reserve["colonist"] + 1  # the old marker came home
    game = finish_turn(game)
    assert game.state.order == ["Red", "Blue"]
    game = only_workers(game, {"Red": {"colonist": 1}})
    reserve = dict(game.state.players["Red"].reserve)
    game = decline_until(place(game, ("Red", "colonist", "initiative")), "refresh")
    red = game.state.players["Red"]
    assert red.marker == "colonist" and red.reserve["captain"] == reserve["captain"] + 1
    assert red.reserve["colonist"] == reserve["colonist"]


def test_empires_the_initiative_worker_goes_home_and_the_marker_stays():
    game = new_game(edition="empires")
    game = only_workers(game, {"Red": {"captain": 1}})
    reserve = dict(game.state.players["Red"].reserve)
    game = decline_until(place(game, ("Red", "captain", "initiative")), "refresh")
    red = game.state.players["Red"]
    assert red.marker == "colonist" and red.reserve == {**reserve, "captain":
                                                       reserve["captain"] + 1}


# ---------------------------------------------------------------- Colonist Dock


def _dock_game(workers):
    game = new_game()
    game = only_workers(game, {"Red": workers})
    for worker, n in workers.items():
        for _ in range(n):
            game = place(game, ("Red", worker, "dock"))
    return game


def test_dock_workers_go_only_to_discovered_regions():
    game = _dock_game({"colonist": 1})
    assert game.pending().type == "dock" and game.pending().player == "Red"
    with pytest.raises(IllegalAction, match="not been discovered"):
        game.apply({"type": "dock", "region": "peru"})
    with pytest.raises(IllegalAction, match="not a region"):
        game.apply({"type": "dock", "region": "atlantis"})
    game = game.apply({"type": "dock", "region": "caribbean"})
    assert region(game, "caribbean") == {"Red": {"colonist": 1}}


def test_merchant_pays_5_on_arrival_not_when_placed():
    game = _dock_game({"merchant": 1})
    assert money(game)["Red"] == 10
    arrived = game.apply({"type": "dock", "region": "caribbean"})
    assert money(arrived)["Red"] == 15
    assert region(arrived, "caribbean") == {"Red": {"merchant": 1}}
    stayed = game.apply({"type": "dock", "region": None})
    assert money(stayed)["Red"] == 10
    assert region(stayed, "caribbean") == {}


def test_missionary_brings_one_colonist_from_the_supply():
    game = _dock_game({"missionary": 1})
    reserve = game.state.players["Red"].reserve["colonist"]
    game = game.apply({"type": "dock", "region": "caribbean"})
    assert region(game, "caribbean") == {"Red": {"missionary": 1, "colonist": 1}}
    assert game.state.players["Red"].reserve["colonist"] == reserve - 1


def test_cathedral_missionary_brings_two_colonists():
    game = to_turn(new_game(), 4, {3: ["cathedral"]})
    game = correct(game, "Red", money=4)  # $14 for an Age II building
    game = only_workers(game, {"Red": {"missionary": 1, "colonist": 1}})
    game = place(game, ("Red", "missionary", "dock"), ("Red", "colonist", "buildings"))
    game = resolve(game, {"type": "dock", "region": "caribbean"})
    assert region(game, "caribbean") == {"Red": {"missionary": 1, "colonist": 1}}
    game = decline_until(game, "buy")
    game = resolve(game, {"type": "buy", "building": "cathedral"})
    game = finish_turn(game)
    # the next turn the missionary brings two
    game = only_workers(game, {"Red": {"missionary": 1}})
    game = place(game, ("Red", "missionary", "dock"))
    game = resolve(game, {"type": "dock", "region": "caribbean"})
    assert region(game, "caribbean") == {"Red": {"missionary": 2, "colonist": 3}}


def test_reformation_stops_other_missionaries_where_its_owner_has_one():
    game = new_game(builders=True)
    game = only_workers(game, {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "discovery"))
    game = resolve(game, {"type": "expedition", "workers": {"colonist": 1},
                          "target": "florida", "found": "t01"})
    game = to_turn(finish_turn(game), 4, {3: ["reformation"]})
    # turn 4: Blue's missionary lands in the Caribbean, then Blue buys Reformation
    game = correct(game, "Blue", money=3)
    game = only_workers(game, {"Blue": {"missionary": 1, "colonist": 1}})
    game = place(game, ("Blue", "missionary", "dock"), ("Blue", "colonist", "buildings"))
    game = resolve(game, {"type": "dock", "region": "caribbean"})
    game = decline_until(game, "buy")
    game = finish_turn(resolve(game, {"type": "buy", "building": "reformation"}))
    assert region(game, "caribbean") == {"Blue": {"missionary": 1, "colonist": 1}}
    # turn 5: Red's missionary brings nobody into the Caribbean, one into Florida;
    # Blue's own missionary still brings one
    game = only_workers(game, {"Red": {"missionary": 2}, "Blue": {"missionary": 1}})
    game = place(game, ("Red", "missionary", "dock"), ("Blue", "missionary", "dock"),
                 ("Red", "missionary", "dock"))
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   {"type": "dock", "region": "caribbean"},
                   {"type": "dock", "region": "florida"})
    assert region(game, "caribbean") == {"Blue": {"missionary": 2, "colonist": 2},
                                         "Red": {"missionary": 1}}
    assert region(game, "florida") == {"Red": {"colonist": 2, "missionary": 1}}


def test_first_player_to_three_workers_takes_the_region_good_once():
    game = new_game()
    sugar_supply = game.state.supply["sugar"]
    game = only_workers(game, {"Red": {"missionary": 1, "colonist": 1},
                               "Blue": {"colonist": 1}})
    game = place(game, ("Red", "missionary", "dock"), ("Blue", "colonist", "dock"),
                 ("Red", "colonist", "dock"))
    game = resolve(game, {"type": "dock", "region": "caribbean"})
    assert game.state.players["Red"].goods["sugar"] == 0  # missionary + colonist: 2
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   {"type": "dock", "region": "caribbean"})
    assert game.state.players["Red"].goods["sugar"] == 1  # the Caribbean's good
    assert game.state.region_good_taken_by == {"caribbean": "Red"}
    assert game.state.supply["sugar"] == sugar_supply  # it came from the map
    game = finish_turn(game)
    # Blue reaches 3 later: the good is gone
    game = only_workers(game, {"Blue": {"colonist": 2}})
    game = place(game, ("Blue", "colonist", "dock"), ("Blue", "colonist", "dock"))
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   {"type": "dock", "region": "caribbean"})
    assert game.state.workers_in_region("caribbean", "Blue") == 3
    assert game.state.players["Blue"].goods["sugar"] == 0
    assert game.state.players["Red"].goods["sugar"] == 1


def test_dock_resolves_in_slot_order():
    game = new_game(["Red", "Blue"])
    game = only_workers(game, {"Red": {"colonist": 2}, "Blue": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "dock"), ("Blue", "colonist", "dock"),
                 ("Red", "colonist", "dock"))
    seen = []
    while game.pending().type == "dock":
        seen.append((game.pending().player, game.pending().slot))
        game = game.apply({"type": "dock", "region": "caribbean"})
    assert seen == [("Red", "1"), ("Blue", "2"), ("Red", "3")]


# ---------------------------------------------------------------- Trade Goods


def test_trade_goods_are_taken_in_slot_order_from_the_track():
    game = new_game(goods=["indigo", "indigo", "rice", "silver"])
    game = only_workers(game, {"Red": {"colonist": 2}, "Blue": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "trade_goods"), ("Blue", "colonist", "trade_goods"),
                 ("Red", "colonist", "trade_goods"))
    assert game.pending().type == "take_good" and game.pending().player == "Red"
    with pytest.raises(IllegalAction, match="not on the Trade Goods track"):
        game.apply({"type": "take_good", "good": "gold"})
    game = resolve(game, {"type": "take_good", "good": "rice"})
    assert game.pending().player == "Blue"
    game = resolve(game, {"type": "take_good", "good": "indigo"},
                   {"type": "take_good", "good": None})
    red, blue = game.state.players["Red"], game.state.players["Blue"]
    assert red.goods["rice"] == 1 and sum(red.goods.values()) == 1
    assert blue.goods["indigo"] == 1 and sum(blue.goods.values()) == 1
    assert sorted(game.state.goods_offer) == ["indigo", "silver"]


@pytest.mark.parametrize("edition", ["empires", "aoe3"])
def test_only_empires_lets_a_dock_or_trade_goods_worker_skip_its_action(edition):
    """`000_…` phase 2: "Les joueurs peuvent choisir de ne pas réaliser l'action d'une
    piste"; `001_…` "Dock de colons" and "Marchandises": dock workers are moved to a
    discovered region and each Trade Goods worker picks a good, with no such choice."""
    optional = edition == "empires"
    game = new_game(["Red", "Blue"], edition)
    game = only_workers(game, {"Red": {"colonist": 1}, "Blue": {"colonist": 2}})
    game = place(game, ("Red", "colonist", "dock"), ("Blue", "colonist", "trade_goods"))
    game = game.answer({"type": "place", "player": "Blue", "worker": "colonist",
                        "track": "dock"})  # as the table answers: settled steps follow
    if optional:  # a real choice: Caribbean or stay home
        assert game.pending().type == "dock" and game.pending().decline.value is None
        game = game.apply({"type": "dock", "region": None})
        assert game.pending().type == "dock"
        game = game.apply({"type": "dock", "region": "caribbean"})
    else:  # the Caribbean is the only discovered region: both colonists sail there
        assert region(game, "caribbean") == {"Red": {"colonist": 1}, "Blue": {"colonist": 1}}
        assert [e.auto for e in game.events[-2:]] == [True, True]
    wanted = game.pending()
    assert wanted.type == "take_good" and wanted.player == "Blue"
    assert (wanted.decline is not None) == optional
    if optional:
        taken = game.apply({"type": "take_good", "good": None})
        assert sum(taken.state.players["Blue"].goods.values()) == 0
    else:
        with pytest.raises(IllegalAction, match="taking nothing is not allowed in Age of "
                                                "Empires III"):
            game.apply({"type": "take_good", "good": None})
        stuck = game.undo(2)  # the two dock moves the engine made
        assert stuck.pending().type == "dock" and stuck.pending().decline is None
        assert [a.value for a in stuck.pending().answers] == ["caribbean"]
        with pytest.raises(IllegalAction, match="cannot stay home in Age of Empires III"):
            stuck.apply({"type": "dock", "region": None})


# ---------------------------------------------------------------- Merchant Shipping


@pytest.mark.parametrize(("names", "red", "blue", "winner"), [
    (["Red", "Blue"], ["colonist", "colonist"], ["merchant"], "Red"),  # 2 v 2: tie, Red first
    (["Blue", "Red"], ["colonist", "colonist"], ["merchant"], "Blue"),  # 2 v 2: Blue first
    (["Red", "Blue"], ["colonist", "colonist"], ["captain", "colonist"], "Blue"),  # 2 v 3
    (["Red", "Blue"], ["colonist"], ["merchant"], "Blue"),  # 1 v 2
    (["Blue", "Red"], ["captain"], ["merchant"], "Blue"),  # 2 v 2
    (["Blue", "Red"], ["soldier", "missionary", "colonist"], ["captain"], "Red"),  # 3 v 2
])
def test_shipping_highest_value_wins_ties_to_turn_order(names, red, blue, winner):
    game = new_game(names)

    def counts(workers):
        return {w: workers.count(w) for w in workers}

    game = only_workers(game, {"Red": counts(red), "Blue": counts(blue)})
    queue = {"Red": list(red), "Blue": list(blue)}
    while game.state.phase == "placement":
        who = game.pending().player
        game = place(game, (who, queue[who].pop(), "shipping"))
    loser = "Blue" if winner == "Red" else "Red"
    assert game.state.players[winner].ships == 1
    assert game.state.players[loser].ships == 0
    assert not game.state.ship_on_track
    game = finish_turn(game)
    assert game.state.ship_on_track and game.state.ships_in_reserve == 6


def test_no_ship_goes_out_when_nobody_ships():
    game = finish_turn(only_workers(new_game(), {}))
    assert game.state.ship_on_track and game.state.ships_in_reserve == 7
    assert all(p.ships == 0 for p in game.state.players.values())


# ---------------------------------------------------------------- Capital Buildings

AGE_1 = ["inca_conquest", "trading_post", "settlers", "monastery", "navigator"]


def _buyer(game, name="Red", worker="colonist", n=1):
    game = only_workers(game, {name: {worker: n}})
    for _ in range(n):
        game = place(game, (name, worker, "buildings"))
    return decline_until(game, "buy")


def test_age_1_building_costs_10():
    game = _buyer(new_game(buildings=AGE_1))
    game = resolve(game, {"type": "buy", "building": "trading_post"})
    red = game.state.players["Red"]
    assert red.buildings == ["trading_post"]
    assert "trading_post" not in game.state.buildings_offer
    # $10 - 10 = 0, then Trading Post's own $5 in phase 4 of the same turn
    assert red.money == 5


def test_a_building_the_player_cannot_afford_is_refused():
    game = _buyer(new_game(buildings=AGE_1), n=2)
    game = resolve(game, {"type": "buy", "building": "settlers"})
    with pytest.raises(IllegalAction, match="not enough"):
        game.apply({"type": "buy", "building": "monastery"})
    with pytest.raises(IllegalAction, match="not face up"):
        game.apply({"type": "buy", "building": "taxation"})
    game = resolve(game, {"type": "buy", "building": None})
    assert game.state.players["Red"].buildings == ["settlers"]


def test_conquest_of_the_inca_pays_20_at_once():
    game = _buyer(new_game(buildings=AGE_1))
    game = game.apply({"type": "buy", "building": "inca_conquest"})
    assert money(game)["Red"] == 10 - 10 + 20


def test_builder_gets_5_off_and_war_chests_are_free():
    buildings = ["war_chest_5", "war_chest_ship", "trading_post", "settlers", "monastery"]
    game = _buyer(new_game(buildings=buildings, builders=True), worker="builder", n=2)
    game = resolve(game, {"type": "buy", "building": "settlers"})
    assert money(game)["Red"] == 10 - 5
    game = resolve(game, {"type": "buy", "building": "war_chest_5"})
    assert money(game)["Red"] == 5 - 0 + 5  # no further discount on a free tile


def test_war_chest_ship_gives_a_merchant_ship_for_nothing():
    buildings = ["war_chest_5", "war_chest_ship", "trading_post", "settlers", "monastery"]
    game = _buyer(new_game(buildings=buildings, builders=True))
    game = resolve(game, {"type": "buy", "building": "war_chest_ship"})
    assert money(game)["Red"] == 10
    assert game.state.players["Red"].ships == 1
    assert game.state.ships_in_reserve == 6


def test_war_chest_two_specialists_arrive_next_turn():
    buildings = ["war_chest_specialists", "war_chest_ship", "trading_post", "settlers",
                 "monastery"]
    game = _buyer(new_game(buildings=buildings, builders=True))
    with pytest.raises(IllegalAction):
        game.apply({"type": "buy", "building": "war_chest_specialists",
                    "choice": {"specialists": ["captain"]}})
    game = resolve(game, {"type": "buy", "building": "war_chest_specialists",
                          "choice": {"specialists": ["captain", "builder"]}})
    assert game.state.players["Red"].incoming["captain"] == 1
    game = finish_turn(game)
    red = game.state.players["Red"]
    assert red.available["captain"] == 1 and red.available["builder"] == 1


@pytest.mark.parametrize(("worker", "cash", "ok"), [
    ("colonist", 14, True), ("colonist", 13, False), ("builder", 9, True), ("builder", 8, False),
])
def test_age_2_buildings_cost_14(worker, cash, ok):
    game = to_turn(new_game(builders=True), 4, {3: ["taxation"]})
    game = correct(game, "Red", money=cash - 10)
    game = _buyer(game, worker=worker)
    event = {"type": "buy", "building": "taxation"}
    if ok:
        game = game.apply(event)
        assert game.state.players["Red"].buildings == ["taxation"]
        assert money(game)["Red"] == 0 + 10  # Taxation pays $10 in phase 4
    else:
        with pytest.raises(IllegalAction):
            game.apply(event)


@pytest.mark.parametrize(("worker", "cash", "ok"), [
    ("colonist", 20, True), ("colonist", 19, False), ("builder", 15, True),
    ("builder", 14, False),
])
def test_age_3_buildings_cost_20(worker, cash, ok):
    game = to_turn(new_game(builders=True), 7, {6: ["navy"]})
    game = correct(game, "Red", money=cash - 10)
    game = _buyer(game, worker=worker)
    event = {"type": "buy", "building": "navy"}
    if ok:
        game = game.apply(event)
        assert game.state.players["Red"].buildings == ["navy"]
        assert money(game)["Red"] == 0
    else:
        with pytest.raises(IllegalAction):
            game.apply(event)


def test_new_world_cartography_discovers_a_region_without_a_test():
    buildings = ["cartography", "trading_post", "settlers", "monastery", "navigator"]
    game = _buyer(new_game(buildings=buildings))
    # token 16: $2 (+$4 per soldier), natives 5, 7 VP: no test, no soldier loot
    game = resolve(game, {"type": "buy", "building": "cartography",
                          "choice": {"region": "peru", "token": "t16"}})
    red = game.state.players["Red"]
    assert red.money == 10 - 10 + 2
    assert red.discoveries == ["t16"]
    assert "peru" in game.state.discovered
    assert region(game, "peru") == {"Red": {"colonist": 1}}


# ---------------------------------------------------------------- Specialists


def test_specialist_boxes_give_their_specialist_next_turn():
    game = new_game()
    game = only_workers(game, {"Red": {"colonist": 2}, "Blue": {"colonist": 2}})
    game = place(game, ("Red", "colonist", "specialists", "captain"),
                 ("Blue", "colonist", "specialists", "merchant"),
                 ("Red", "colonist", "specialists", "soldier"),
                 ("Blue", "colonist", "specialists", "missionary"))
    red, blue = game.state.players["Red"], game.state.players["Blue"]
    assert red.incoming["captain"] == 1 and red.incoming["soldier"] == 1
    assert blue.incoming["merchant"] == 1 and blue.incoming["missionary"] == 1
    assert red.available["captain"] == 0
    game = finish_turn(game)
    red = game.state.players["Red"]
    assert red.available == {"colonist": 5, "captain": 1, "merchant": 0, "missionary": 0,
                             "soldier": 1, "builder": 0}


def test_training_costs_5_for_a_specialist_of_choice():
    game = new_game()
    game = only_workers(game, {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "specialists", "training"))
    assert game.pending().type == "training"
    with pytest.raises(IllegalAction):
        game.apply({"type": "training", "specialist": "colonist"})
    with pytest.raises(IllegalAction):  # no Builder expansion
        game.apply({"type": "training", "specialist": "builder"})
    game = resolve(game, {"type": "training", "specialist": "captain"})
    assert money(game)["Red"] == 5
    assert game.state.players["Red"].incoming["captain"] == 1
    game = finish_turn(game)
    assert game.state.players["Red"].available["captain"] == 1


def test_training_needs_5_dollars_and_may_be_declined():
    game = correct(new_game(), "Red", money=-6)
    game = only_workers(game, {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "specialists", "training"))
    with pytest.raises(IllegalAction, match="not enough"):
        game.apply({"type": "training", "specialist": "soldier"})
    game = resolve(game, {"type": "training", "specialist": None})
    assert money(game)["Red"] == 4
    assert game.state.players["Red"].incoming["soldier"] == 0


@pytest.mark.parametrize("players", [2, 4])
def test_a_slot_answer_is_taken_only_from_the_player_on_the_slot(players):
    """At every slot of Dock, Trade Goods, Capital Buildings and Warfare in random games,
    the game's own answer is the same recorded with its player or without one (filled in
    with the slot's player), and the same answer from anyone else is refused naming the
    slot, leaving the state unchanged."""
    import random

    from companion.engine import Game
    from companion.engine.fold import apply_event
    from companion.engine.playout import random_step
    from companion.engine.resolution import SLOT_STEPS
    from companion.engine.slots import current_slot

    rng = random.Random(players)
    game = Game.new({"players": [{"name": f"P{i}"} for i in range(players)]})
    checked = set()
    while game.state.phase != "over":
        state = game.state
        after = random_step(game, rng)
        if state.phase == "resolution" and state.step in SLOT_STEPS:
            own = after.events[len(game.events)]
            slot = current_slot(state)
            if own.type != "correction" and not own.auto:
                assert own.player == slot.player
                unnamed = own.model_dump(exclude={"player"})
                named_state, named_ev = apply_event(state, own)
                unnamed_state, unnamed_ev = apply_event(state, unnamed)
                assert unnamed_ev == named_ev and unnamed_state == named_state
                other = next(n for n in state.order if n != slot.player)
                before = state.clone()
                with pytest.raises(IllegalAction, match=f"is {slot.player}'s to decide"):
                    apply_event(state, {**unnamed, "player": other})
                assert state == before
                checked.add(own.type)
        game = after
    assert {"dock", "take_good"} <= checked
