"""Capital buildings with a power or a one-off effect (digest section 10): what each one does,
with the numbers worked out by hand, and what it refuses.

Buildings already covered elsewhere are not repeated: Settlers, Monastery and Navigator
(test_refresh_phase), Indentured Servitude and Colonization Laws (test_placement_rules),
Reformation, Cathedral, War Chest: 2 specialists and the purchase-time New World Cartography
(test_track_resolution), Plague Age I and Magellan (test_discovery_track), the money buildings,
Mint, Broker, Privateers and Mayflower (test_income_and_benefits), Militia (test_warfare_track).
"""

from __future__ import annotations

import re

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
    play_plan,
    refresh,
    region,
    resolve,
    to_turn,
)

from companion.engine import IllegalAction, MalformedEvent, final_scores

# Token rows of the digest used here (id: $, $/soldier, natives, VP):
#   t01: 1, 2, 1, 4    t02: 1, 2, 1, 4    t03: 1, 3, 2, 4    t04: 1, 2, 2, 4
#   t13: 4, 5, 4, 6    t14: 3, 4, 4, 6
# Region goods (companion/rules/map.json): Caribbean sugar, Peru silver.




def _buy(game, buyer, building, choice=None):
    """``buyer`` puts one colonist on Capital Buildings (nobody else places) and buys."""
    game = decline_until(play_plan(game, {buyer: [("colonist", "buildings")]}), "buy")
    return resolve(game, {"type": "buy", "building": building, "choice": choice or {}})


def _buy_event(building, **choice):
    return {"type": "buy", "building": building, "choice": choice}


def _benefit(player, building, choice):
    return {"type": "benefit", "player": player, "building": building, "choice": choice}


def _goods(game, name):
    return {good: n for good, n in game.state.players[name].goods.items() if n}


def _expedition(workers, target, found):
    return {"type": "expedition", "workers": workers, "target": target, "found": found}


def _labels(game, track):
    return [(s.player, s.label) for s in game.state.tracks[track]]


# ---------------------------------------------------------------- Smuggler (Age I, Builder)


def test_smuggler_swaps_one_good_with_another_player_once_each_phase_4():
    game = new_game(buildings=["smuggler", "settlers", "monastery", "trade_routes",
                               "trading_post"], builders=True)
    game = correct(game, "Red", goods={"indigo": 1})
    game = correct(game, "Blue", goods={"rice": 1, "silver": 1})
    swap = _benefit("Red", "smuggler", {"other": "Blue", "give": "indigo", "take": "rice"})
    with pytest.raises(IllegalAction, match="does not own"):
        game.apply(swap)
    game = _buy(game, "Red", "smuggler")
    assert game.state.phase == "benefits"
    for bad, message in (
        ({"other": "Red", "give": "indigo", "take": "indigo"}, "another player"),
        ({"other": "Blue", "give": "indigo", "take": "gold"}, "Blue a gold"),  # Blue has none
        ({"other": "Blue", "give": "sugar", "take": "rice"}, "Red needs a sugar"),
    ):
        with pytest.raises(IllegalAction, match=message):
            game.apply(_benefit("Red", "smuggler", bad))
    supply = dict(game.state.supply)
    game = game.apply(swap)  # Blue cannot refuse
    assert _goods(game, "Red") == {"rice": 1}
    assert _goods(game, "Blue") == {"indigo": 1, "silver": 1}
    assert game.state.supply == supply  # a swap: nothing comes from or goes to the supply
    again = _benefit("Red", "smuggler", {"other": "Blue", "give": "rice", "take": "silver"})
    with pytest.raises(IllegalAction, match="this turn"):
        game.apply(again)
    game = finish_turn(game)
    with pytest.raises(IllegalAction, match="cannot be used now"):  # placement, not phase 4
        game.apply(again)
    game = only_workers(game, {})
    game = game.apply(again)  # a new phase 4
    assert _goods(game, "Red") == {"silver": 1}
    assert _goods(game, "Blue") == {"indigo": 1, "rice": 1}


# ---------------------------------------------------------------- Migration (Age III)


def test_migration_moves_one_or_two_colonists_to_any_other_region_once_a_turn():
    game = new_game()
    # turn 1: Red's missionary (+1 colonist) and a colonist land in the Caribbean, and one
    # colonist finds Peru (t01, natives 1: $1)
    game = play_plan(game, {"Red": [("colonist", "discovery"), ("missionary", "dock"),
                                ("colonist", "dock")]})
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   {"type": "dock", "region": "caribbean"},
                   _expedition({"colonist": 1}, "peru", "t01"))
    assert region(game, "caribbean") == {"Red": {"missionary": 1, "colonist": 2}}
    assert region(game, "peru") == {"Red": {"colonist": 1}}
    game = to_turn(finish_turn(game), 7, {6: ["migration"]})
    game = correct(game, "Red", money=20 - 11)  # $20 for an Age III building
    game = _buy(game, "Red", "migration")
    assert game.state.phase == "benefits"
    for bad, message in (
        ({"from": "caribbean", "to": "peru", "colonists": 3}, "1 or 2"),
        ({"from": "caribbean", "to": "peru", "colonists": 0}, "1 or 2"),
        ({"from": "caribbean", "to": "caribbean", "colonists": 1}, "two different regions"),
        ({"from": "peru", "to": "caribbean", "colonists": 2}, "1 colonist"),  # 1 in Peru
        ({"from": "caribbean", "to": "florida", "colonists": 1}, "not been discovered"),
    ):
        with pytest.raises(IllegalAction, match=message):
            game.apply(_benefit("Red", "migration", bad))
    reserve = game.state.players["Red"].reserve["colonist"]
    # the Caribbean and Peru are not neighbours: Migration needs no adjacency
    game = game.apply(_benefit("Red", "migration",
                               {"from": "caribbean", "to": "peru", "colonists": 2}))
    assert region(game, "caribbean") == {"Red": {"missionary": 1}}  # colonists only
    assert region(game, "peru") == {"Red": {"colonist": 3}}
    assert game.state.players["Red"].reserve["colonist"] == reserve  # they travelled
    with pytest.raises(IllegalAction, match="this turn"):
        game.apply(_benefit("Red", "migration",
                            {"from": "peru", "to": "caribbean", "colonists": 1}))


# ---------------------------------------------------------------- Stables (Age II)


def _stables_owner(edition):
    """Turn 5: Red owns Stables and has a soldier in the Caribbean and a colonist in Florida;
    Blue has a colonist in Peru."""
    game = new_game(edition=edition)
    game = play_plan(game, {"Red": [("soldier", "dock"), ("colonist", "discovery")],
                        "Blue": [("colonist", "discovery")]})
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   _expedition({"colonist": 1}, "florida", "t01"),
                   _expedition({"colonist": 1}, "peru", "t02"))
    game = to_turn(finish_turn(game), 4, {3: ["stables"]})
    game = correct(game, "Red", money=14 - 11)
    game = finish_turn(_buy(game, "Red", "stables"))
    assert game.state.turn == 5
    assert region(game, "caribbean") == {"Red": {"soldier": 1}}
    assert region(game, "florida") == {"Red": {"colonist": 1}}
    return game


def _ride(frm, to):
    return _benefit("Red", "stables", {"from": frm, "to": to})


def test_empires_stables_move_a_soldier_to_a_neighbour_before_discovery():
    game = _stables_owner("empires")
    game = play_plan(game, {"Red": [("colonist", "discovery")]})
    wanted = game.pending()  # the tracks ran up to Discovery and stop just before it
    assert (wanted.type, game.state.step, wanted.player) == ("expedition", "discovery", "Red")
    with pytest.raises(IllegalAction, match="not neighbours"):
        game.apply(_ride("caribbean", "peru"))
    with pytest.raises(IllegalAction, match="not been discovered"):
        game.apply(_ride("caribbean", "new_spain"))  # a neighbour, but undiscovered
    with pytest.raises(IllegalAction, match="0 soldier"):
        game.apply(_ride("florida", "caribbean"))  # Red has no soldier in Florida
    soldiers = game.state.players["Red"].reserve["soldier"]
    game = game.apply(_ride("caribbean", "florida"))
    assert region(game, "caribbean") == {}
    assert region(game, "florida") == {"Red": {"colonist": 1, "soldier": 1}}
    assert game.state.players["Red"].reserve["soldier"] == soldiers
    with pytest.raises(IllegalAction, match="this turn"):
        game.apply(_ride("florida", "caribbean"))
    game = decline_until(only_workers(finish_turn(game), {}), "refresh")  # turn 6, phase 4
    assert game.state.phase == "benefits"
    with pytest.raises(IllegalAction, match="just before Discovery"):  # Empires: not phase 4
        game.apply(_ride("florida", "caribbean"))


def test_empires_stables_cannot_be_used_once_discovery_has_begun():
    """'Just before Discovery resolves': not between two players' expeditions, so a soldier
    cannot ride into a region discovered by this turn's Discovery."""
    game = _stables_owner("empires")
    game = play_plan(game, {"Red": [("colonist", "discovery"), ("colonist", "discovery")],
                        "Blue": [("colonist", "discovery")]})
    # Red finds New Spain (t03, natives 2), a neighbour of the Caribbean; Blue is still to go
    game = resolve(game, _expedition({"colonist": 2}, "new_spain", "t03"))
    assert game.pending().type == "expedition" and game.pending().player == "Blue"
    with pytest.raises(IllegalAction, match="cannot be used now"):
        game.apply(_ride("caribbean", "new_spain"))


def test_aoe3_stables_are_used_in_phase_4():
    game = _stables_owner("aoe3")
    game = play_plan(game, {"Red": [("colonist", "discovery")]})
    assert game.pending().type == "expedition"
    with pytest.raises(IllegalAction, match="cannot be used now"):
        game.apply(_ride("caribbean", "florida"))
    game = resolve(game, {"type": "expedition", "workers": {}})
    assert game.state.phase == "benefits"
    with pytest.raises(IllegalAction, match="not neighbours"):
        game.apply(_ride("caribbean", "peru"))
    game = game.apply(_ride("caribbean", "florida"))
    assert region(game, "florida") == {"Red": {"colonist": 1, "soldier": 1}}
    with pytest.raises(IllegalAction, match="this turn"):
        game.apply(_ride("florida", "caribbean"))


# ---------------------------------------------------------------- University (Age II)


def _university_owner(edition="empires", game=None):
    """Turn 5, order Blue, Red: Red bought the University in turn 4 while Blue took
    Initiative slot 1 ($1). Money: Red $0, Blue $12."""
    game = to_turn(game or new_game(edition=edition), 4, {3: ["university"]})
    game = correct(game, "Red", money=14 - game.state.players["Red"].money)
    game = play_plan(game, {"Red": [("colonist", "buildings")],
                            "Blue": [("colonist", "initiative")]})
    game = decline_until(game, "buy")
    game = finish_turn(resolve(game, _buy_event("university")))
    assert game.state.turn == 5 and game.state.order == ["Blue", "Red"]
    return game


def _study(track):
    return _benefit("Red", "university", {"track": track})


@pytest.mark.parametrize(("track", "kind"), [
    ("dock", "dock"), ("trade_goods", "take_good"), ("buildings", "buy"), ("warfare", "warfare"),
])
def test_university_moves_a_worker_to_the_front_of_a_track(track, kind):
    game = _university_owner()
    game = only_workers(game, {"Red": {"colonist": 3}, "Blue": {"colonist": 2}})
    game = place(game, ("Blue", "colonist", track), ("Red", "colonist", "shipping"),
                 ("Blue", "colonist", track), ("Red", "colonist", track))
    assert _labels(game, track) == [("Blue", "1"), ("Blue", "2"), ("Red", "3")]
    game = game.apply(_study(track))  # during placement: Red still has a worker to place
    assert _labels(game, track) == [("Red", "1"), ("Blue", "2"), ("Blue", "3")]
    game = place(game, ("Red", "colonist", "shipping"))
    game = decline_until(game, kind)
    assert (game.pending().player, game.pending().slot) == ("Red", "1")


def test_university_while_an_earlier_track_resolves_reaches_a_track_still_to_come():
    game = _university_owner()
    game = only_workers(game, {"Red": {"colonist": 3}, "Blue": {"colonist": 2}})
    game = place(game, ("Blue", "colonist", "warfare"), ("Red", "colonist", "dock"),
                 ("Blue", "colonist", "dock"), ("Red", "colonist", "warfare"),
                 ("Red", "colonist", "shipping"))
    game = decline_until(game, "dock")  # the Colonist Dock resolves; Warfare is still to come
    assert _labels(game, "warfare") == [("Blue", "1"), ("Red", "2")]
    game = game.apply(_study("warfare"))
    assert _labels(game, "warfare") == [("Red", "1"), ("Blue", "2")]


def test_university_on_initiative_pays_slot_1_and_leads_next_turn():
    game = _university_owner()
    game = only_workers(game, {"Red": {"colonist": 2}, "Blue": {"colonist": 1}})
    game = place(game, ("Blue", "colonist", "initiative"), ("Red", "colonist", "initiative"))
    game = game.apply(_study("initiative"))
    game = place(game, ("Red", "colonist", "shipping"))
    # Red now on slot 1 ($1), Blue shifted to slot 2 ($2)
    assert money(game) == {"Red": 0 + 1, "Blue": 12 + 2}
    game = finish_turn(game)
    assert game.state.order == ["Red", "Blue"]
    # once per game
    game = only_workers(game, {"Red": {"colonist": 2}, "Blue": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "dock"), ("Blue", "colonist", "dock"))
    with pytest.raises(IllegalAction, match="once this game"):
        game.apply(_study("dock"))


def test_university_refusals():
    game = _university_owner()
    game = only_workers(game, {"Red": {"colonist": 2}, "Blue": {"colonist": 1}})
    game = place(game, ("Blue", "colonist", "dock"), ("Red", "colonist", "trade_goods"))
    with pytest.raises(IllegalAction, match="no worker waiting on Colonist Dock"):
        game.apply(_study("dock"))
    with pytest.raises(IllegalAction, match="not Merchant Shipping"):
        game.apply(_study("shipping"))
    with pytest.raises(IllegalAction, match="does not own"):
        game.apply(_benefit("Blue", "university", {"track": "dock"}))
    game = place(game, ("Red", "colonist", "trade_goods"))
    game = decline_until(game, "refresh")
    with pytest.raises(IllegalAction, match="no worker waiting"):  # phase 4: too late
        game.apply(_study("trade_goods"))


def test_university_turn_order_puts_the_owner_first_and_placement_goes_on():
    game = _university_owner()
    game = only_workers(game, {"Red": {"colonist": 2}, "Blue": {"colonist": 1}})
    game = place(game, ("Blue", "colonist", "shipping"))
    game = game.apply(_study("turn_order"))
    assert game.state.order == ["Red", "Blue"]
    # Blue has placed everything: Red, the only one with workers left, places next
    assert game.pending().type == "place" and game.pending().player == "Red"
    game = place(game, ("Red", "colonist", "shipping"), ("Red", "colonist", "shipping"))
    game = finish_turn(game)
    assert game.state.order == ["Red", "Blue"]


def test_university_on_the_dock_also_works_for_an_owner_with_a_slot_x_colonist():
    game = new_game(buildings=["indentured_servitude", "settlers", "monastery", "navigator",
                               "trade_routes"])
    game = _university_owner(game=finish_turn(_buy(game, "Red", "indentured_servitude")))
    assert _labels(game, "dock") == [("Red", "X")]  # Indentured Servitude's free colonist
    game = only_workers(game, {"Red": {"colonist": 3}, "Blue": {"colonist": 2}})
    game = place(game, ("Blue", "colonist", "dock"), ("Red", "colonist", "shipping"),
                 ("Blue", "colonist", "dock"), ("Red", "colonist", "dock"))
    with pytest.raises(IllegalAction, match=r"say which .* \(slot 3, X\)"):
        game.apply(_study("dock"))  # two of Red's workers could move
    game = game.apply(_benefit("Red", "university", {"track": "dock", "slot": "X"}))
    game = place(game, ("Red", "colonist", "shipping"))
    # the slot X colonist now resolves first, before the numbered slots
    assert game.pending().type == "dock" and game.pending().player == "Red"
    assert game.pending().slot == "X"


def test_aoe3_university_has_no_trade_goods_or_warfare():
    game = _university_owner("aoe3")
    game = only_workers(game, {"Red": {"colonist": 4}, "Blue": {"colonist": 1}})
    game = place(game, ("Blue", "colonist", "dock"), ("Red", "colonist", "trade_goods"),
                 ("Red", "colonist", "dock"), ("Red", "colonist", "warfare"))
    with pytest.raises(IllegalAction, match="not Trade Goods"):
        game.apply(_study("trade_goods"))
    with pytest.raises(IllegalAction, match="not Warfare"):
        game.apply(_study("warfare"))
    game = game.apply(_study("dock"))
    game = place(game, ("Red", "colonist", "shipping"))
    assert (game.pending().type, game.pending().player) == ("dock", "Red")


# ---------------------------------------------------------------- West Indies Company


def test_west_indies_company_good_is_named_at_refresh_and_earns_next_turn():
    game = to_turn(new_game(), 4, {3: ["west_indies_company"]})
    game = correct(game, "Red", money=4, goods={"sugar": 2})
    game = _buy(game, "Red", "west_indies_company")
    assert game.state.players["Red"].income[4] == 0  # two sugar make no set
    with pytest.raises(IllegalAction, match="say which good Red drew"):
        refresh(game)
    with pytest.raises(IllegalAction, match="Blue owns no West Indies"):
        refresh(game, drawn={"Red": "sugar", "Blue": "sugar"})
    with pytest.raises(IllegalAction, match="not a trade good"):
        refresh(game, drawn={"Red": "ship"})
    game = correct(game, "Blue", goods={"gold": game.state.supply["gold"]})  # gold runs out
    with pytest.raises(IllegalAction, match="no gold"):
        refresh(game, drawn={"Red": "gold"})
    sugar = game.state.supply["sugar"]
    game = refresh(game, goods=["silver", "tobacco", "coffee", "fur"], drawn={"Red": "sugar"})
    assert game.state.players["Red"].goods["sugar"] == 3
    assert game.state.supply["sugar"] == sugar - 1
    game = only_workers(game, {})
    assert game.state.players["Red"].income[5] == 3  # three sugar


# ---------------------------------------------------------------- Indian Allies (Age II)


def test_indian_allies_bring_two_soldiers_where_the_buyer_has_a_worker():
    game = to_turn(new_game(), 4, {3: ["indian_allies"]})
    game = correct(game, "Red", money=4)
    game = play_plan(game, {"Red": [("colonist", "dock"), ("colonist", "buildings")]})
    stayed = resolve(game, {"type": "dock", "region": None})
    with pytest.raises(IllegalAction, match="has no worker in the Caribbean"):
        stayed.apply(_buy_event("indian_allies", region="caribbean"))
    landed = resolve(game, {"type": "dock", "region": "caribbean"})
    with pytest.raises(IllegalAction, match="needs a choice: region"):
        landed.apply(_buy_event("indian_allies"))
    with pytest.raises(IllegalAction, match="not been discovered"):
        landed.apply(_buy_event("indian_allies", region="peru"))
    landed = landed.apply(_buy_event("indian_allies", region="caribbean"))
    assert region(landed, "caribbean") == {"Red": {"colonist": 1, "soldier": 2}}
    assert landed.state.players["Red"].reserve["soldier"] == 10 - 2
    assert money(landed)["Red"] == 0


def test_indian_allies_without_a_colony_are_bought_and_the_soldiers_stay_home():
    """Neither book makes a colony a condition of the purchase (`000_…`, Appendix II, and
    `001_…`, "Alliés Indiens": "dans une de vos colonies"): with none, nothing lands."""
    game = to_turn(new_game(), 4, {3: ["indian_allies"]})
    game = correct(game, "Red", money=4)
    game = play_plan(game, {"Red": [("colonist", "dock"), ("colonist", "buildings")]})
    game = resolve(game, {"type": "dock", "region": None})
    offered = [a for a in game.pending().answers if a.value == "indian_allies"]
    assert len(offered) == 1 and offered[0].ready  # no region to ask for
    assert offered[0].events[0]["choice"] == {}
    bought = game.answer(offered[0].events)
    assert "indian_allies" in bought.state.players["Red"].buildings
    assert bought.state.players["Red"].reserve["soldier"] == 10  # none left the stock
    assert all("Red" not in bought.state.regions[r] for r in bought.state.regions)
    assert money(bought)["Red"] == 0


# ---------------------------------------------------------------- Papal Edict (Age II, Builder)


def _papal_game(names=("Red", "Blue")):
    """Turn 4: Red and Blue have one colonist each in the Caribbean, Red one in Peru; Red has
    the $14 to buy Papal Edict and the game waits for that purchase."""
    game = new_game(names, builders=True)
    game = play_plan(game, {"Red": [("colonist", "dock"), ("colonist", "discovery")],
                        "Blue": [("colonist", "dock")]})
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   {"type": "dock", "region": "caribbean"},
                   _expedition({"colonist": 1}, "peru", "t01"))
    game = to_turn(finish_turn(game), 4, {3: ["papal_edict"]})
    game = correct(game, "Red", money=14 - money(game)["Red"])
    return decline_until(play_plan(game, {"Red": [("colonist", "buildings")]}), "buy")


def test_papal_edict_gives_two_colonists_to_the_owner_and_an_opponent():
    game = _papal_game()
    edict = {"region": "caribbean", "opponent": "Blue", "opponent_region": "caribbean"}
    for bad, message in (({**edict, "opponent": "Red"}, "not yourself"),
                         ({**edict, "opponent_region": "peru"}, "Blue has no worker in Peru"),
                         ({**edict, "region": "florida"}, "not been discovered"),
                         ({"region": "caribbean", "opponent": "Blue"}, "opponent region")):
        with pytest.raises(IllegalAction, match=message):
            game.apply(_buy_event("papal_edict", **bad))
    reserve = game.state.players["Blue"].reserve["colonist"]
    owner_first = game.apply(_buy_event("papal_edict", **edict))
    assert region(owner_first, "caribbean") == {"Red": {"colonist": 3}, "Blue": {"colonist": 3}}
    assert owner_first.state.players["Blue"].reserve["colonist"] == reserve - 2  # free colonists
    # Red went first, so Red reached 3 first and took the Caribbean's sugar
    assert _goods(owner_first, "Red") == {"sugar": 1} and _goods(owner_first, "Blue") == {}
    blue_first = game.apply(_buy_event("papal_edict", **edict, opponent_first=True))
    assert _goods(blue_first, "Blue") == {"sugar": 1} and _goods(blue_first, "Red") == {}
    apart = game.apply(_buy_event("papal_edict", **{**edict, "region": "peru"}))
    assert region(apart, "peru") == {"Red": {"colonist": 3}}
    assert region(apart, "caribbean") == {"Red": {"colonist": 1}, "Blue": {"colonist": 3}}


def test_papal_edict_may_name_an_opponent_with_no_colony_who_then_places_nothing():
    """`000_…`, Appendix II, "Édit du Pape": the owner picks any other player; one with no
    worker in the New World has nowhere to put the 2 colonists."""
    game = _papal_game(("Red", "Blue", "Green"))
    assert money(game)["Red"] == 14
    asked = [a for a in game.pending().answers if a.value == "papal_edict"][0]
    follow = game.ask(asked.draft)
    assert {a.value for a in follow.answers} == {"Blue", "Green"}
    assert [a.note for a in follow.answers if a.value == "Green"] == [
        "no worker in the New World: places nothing"]
    reserve = game.state.players["Green"].reserve["colonist"]
    with pytest.raises(IllegalAction, match="Green has no worker in the Caribbean"):
        game.apply(_buy_event("papal_edict", region="caribbean", opponent="Green",
                              opponent_region="caribbean"))
    edict = game.apply(_buy_event("papal_edict", region="caribbean", opponent="Green"))
    assert region(edict, "caribbean") == {"Red": {"colonist": 3}, "Blue": {"colonist": 1}}
    assert edict.state.players["Green"].reserve["colonist"] == reserve
    assert all("Green" not in edict.state.regions[r] for r in edict.state.regions)


def test_papal_edict_without_a_colony_of_the_owner_places_the_opponents_alone():
    game = new_game(builders=True)
    game = play_plan(game, {"Blue": [("colonist", "dock")]})
    game = resolve(game, {"type": "dock", "region": "caribbean"})
    game = to_turn(finish_turn(game), 4, {3: ["papal_edict"]})
    game = correct(game, "Red", money=14 - money(game)["Red"])
    game = decline_until(play_plan(game, {"Red": [("colonist", "buildings")]}), "buy")
    asked = [a for a in game.pending().answers if a.value == "papal_edict"]
    assert asked, "a buyer with no colony may still buy Papal Edict"
    with pytest.raises(IllegalAction, match="needs a choice: opponent region"):
        game.apply(_buy_event("papal_edict", opponent="Blue"))
    edict = game.apply(_buy_event("papal_edict", opponent="Blue", opponent_region="caribbean"))
    assert region(edict, "caribbean") == {"Blue": {"colonist": 3}}
    assert "papal_edict" in edict.state.players["Red"].buildings


# ---------------------------------------------------------------- Overpopulation (Age I, Builder)


def test_overpopulation_places_exactly_three_colonists_in_discovered_regions():
    game = new_game(buildings=["overpopulation", "settlers", "monastery", "trade_routes",
                               "trading_post"], builders=True)
    game = play_plan(game, {"Red": [("colonist", "discovery")]})
    game = finish_turn(resolve(game, _expedition({"colonist": 1}, "peru", "t01")))
    game = decline_until(play_plan(game, {"Red": [("colonist", "buildings")]}), "buy")
    for bad, message in (({"caribbean": 2}, "exactly 3"), ({"caribbean": 4}, "exactly 3"),
                         ({"caribbean": 1, "florida": 2}, "not been discovered")):
        with pytest.raises(IllegalAction, match=message):
            game.apply(_buy_event("overpopulation", regions=bad))
    # not counts at all: refused at the boundary, naming the field
    for bad in ({"caribbean": 4, "peru": -1}, {"caribbean": 3.0}, {"caribbean": True}):
        with pytest.raises(MalformedEvent, match=r"choice\.regions\.(caribbean|peru)"):
            game.apply(_buy_event("overpopulation", regions=bad))
    with pytest.raises(IllegalAction, match="needs a choice"):
        game.apply(_buy_event("overpopulation"))
    reserve = game.state.players["Red"].reserve["colonist"]
    game = game.apply(_buy_event("overpopulation", regions={"caribbean": 2, "peru": 1}))
    assert region(game, "caribbean") == {"Red": {"colonist": 2}}
    assert region(game, "peru") == {"Red": {"colonist": 2}}
    # 3 from the supply; the buyer's worker on Capital Buildings went home
    assert game.state.players["Red"].reserve["colonist"] == reserve - 3 + 1
    assert money(game)["Red"] == 10 + 1 - 10


# ---------------------------------------------------------------- Plague (Age II)


def test_plague_2_every_player_with_three_in_a_region_loses_one_there():
    game = new_game(["Red", "Blue", "Green"])
    # turn 1: Red missionary (+1 colonist) + colonist = 3; Blue 1; Green 1 (all Caribbean)
    game = play_plan(game, {"Red": [("missionary", "dock"), ("colonist", "dock")],
                        "Blue": [("colonist", "dock")], "Green": [("colonist", "dock")]})
    game = finish_turn(resolve(game, *[{"type": "dock", "region": "caribbean"}] * 4))
    # turn 2: Blue missionary (+1 colonist) + colonist: Blue 4
    game = play_plan(game, {"Blue": [("missionary", "dock"), ("colonist", "dock")]})
    game = finish_turn(resolve(game, *[{"type": "dock", "region": "caribbean"}] * 2))
    assert region(game, "caribbean") == {"Red": {"missionary": 1, "colonist": 2},
                                         "Blue": {"missionary": 1, "colonist": 3},
                                         "Green": {"colonist": 1}}
    game = to_turn(game, 4, {3: ["plague_2"]})
    game = correct(game, "Blue", money=14 - 11)
    game = decline_until(play_plan(game, {"Blue": [("colonist", "buildings")]}), "buy")
    for bad, message in (
        ({}, "which worker Red loses"),
        ({"caribbean": {"Red": "colonist"}}, "which worker Blue loses"),  # the buyer too
        ({"caribbean": {"Red": "soldier", "Blue": "colonist"}}, "0 soldier"),
        ({"caribbean": {"Red": "colonist", "Blue": "colonist", "Green": "colonist"}},
         "Green has fewer than 3"),
    ):
        with pytest.raises(IllegalAction, match=message):
            game.apply(_buy_event("plague_2", losses=bad))
    game = game.apply(_buy_event("plague_2",
                                 losses={"caribbean": {"Red": "missionary", "Blue": "colonist"}}))
    assert region(game, "caribbean") == {"Red": {"colonist": 2},
                                         "Blue": {"missionary": 1, "colonist": 2},
                                         "Green": {"colonist": 1}}
    assert game.state.players["Red"].reserve["missionary"] == 10  # back in Red's supply


# ---------------------------------------------------------------- Plague (Age III)


def test_plague_3_removes_up_to_three_colonists_of_one_player_in_one_region():
    game = new_game()
    game = play_plan(game, {"Blue": [("soldier", "dock"), ("missionary", "dock"),
                                 ("colonist", "dock")]})
    game = finish_turn(resolve(game, *[{"type": "dock", "region": "caribbean"}] * 3))
    assert region(game, "caribbean") == {"Blue": {"soldier": 1, "missionary": 1, "colonist": 2}}
    game = to_turn(game, 7, {6: ["plague_3"]})
    game = correct(game, "Red", money=20 - 10)
    game = decline_until(play_plan(game, {"Red": [("colonist", "buildings")]}), "buy")
    strike = {"region": "caribbean", "player": "Blue"}
    for bad, message in (({**strike, "colonists": 4}, "0 to 3"),
                         # Blue has 2 colonists; its specialists are safe
                         ({**strike, "colonists": 3}, "2 colonist"),
                         ({**strike, "region": "florida", "colonists": 1}, "not been discovered"),
                         (strike, "needs a choice")):
        with pytest.raises(IllegalAction, match=message):
            game.apply(_buy_event("plague_3", **bad))
    reserve = game.state.players["Blue"].reserve["colonist"]
    game = game.apply(_buy_event("plague_3", **strike, colonists=2))
    assert region(game, "caribbean") == {"Blue": {"soldier": 1, "missionary": 1}}
    assert game.state.players["Blue"].reserve["colonist"] == reserve + 2


# ---------------------------------------------------------------- Rewrite History (Age III)


def test_rewrite_history_takes_a_token_from_each_of_up_to_two_other_players():
    names = ["Red", "Blue", "Green", "Orange"]
    game = new_game(names, builders=True)
    game = play_plan(game, {n: [("colonist", "discovery")] * 2 for n in names[:3]})
    game = resolve(game, _expedition({"colonist": 2}, "florida", "t01"),
                   _expedition({"colonist": 2}, "new_spain", "t03"),
                   _expedition({"colonist": 2}, "peru", "t04"))
    game = to_turn(finish_turn(game), 7, {6: ["rewrite_history"]})
    assert money(game) == {"Red": 11, "Blue": 12, "Green": 13, "Orange": 13}
    game = correct(game, "Orange", money=20 - 13)
    game = decline_until(play_plan(game, {"Orange": [("colonist", "buildings")]}), "buy")
    for bad, message in (({"Red": "t01", "Blue": "t03", "Green": "t04"}, "up to 2"),
                         ({"Orange": "t01"}, "from other players"),
                         ({"Red": "t03"},
                          "Red does not own natives 2 · $1 + $3 per soldier · 4 VP")):
        with pytest.raises(IllegalAction, match=re.escape(message)):
            game.apply(_buy_event("rewrite_history", tokens=bad))
    game = game.apply(_buy_event("rewrite_history", tokens={"Red": "t01", "Blue": "t03"}))
    discoveries = {n: p.discoveries for n, p in game.state.players.items()}
    assert discoveries == {"Red": [], "Blue": [], "Green": ["t04"], "Orange": ["t01", "t03"]}
    assert money(game) == {"Red": 11, "Blue": 12, "Green": 13, "Orange": 0}  # no $ for them
    assert "florida" in game.state.discovered and "new_spain" in game.state.discovered
    scores = {s.player: s.discoveries for s in final_scores(game.state)}
    assert scores == {"Red": 0, "Blue": 0, "Green": 4, "Orange": 4 + 4}


# ---------------------------------------------------------------- New World Cartography later


CARTOGRAPHY_OFFER = ["cartography", "settlers", "monastery", "trade_routes", "trading_post"]


def test_cartography_kept_for_a_later_phase_4_discovers_once():
    game = _buy(new_game(buildings=CARTOGRAPHY_OFFER), "Red", "cartography")
    assert game.state.phase == "benefits"
    assert game.state.discovered == ["caribbean"] and money(game)["Red"] == 0
    with pytest.raises(IllegalAction, match="say which region"):
        game.apply(_benefit("Red", "cartography", {}))
    with pytest.raises(IllegalAction, match="undiscovered"):
        game.apply(_benefit("Red", "cartography", {"region": "caribbean", "token": "t13"}))
    # t13: $4 (+$5 per soldier), natives 4: no test, no soldier loot
    game = game.apply(_benefit("Red", "cartography", {"region": "peru", "token": "t13"}))
    red = game.state.players["Red"]
    assert red.money == 4 and red.discoveries == ["t13"]
    assert "peru" in game.state.discovered
    assert region(game, "peru") == {"Red": {"colonist": 1}}
    again = _benefit("Red", "cartography", {"region": "brazil", "token": "t14"})
    with pytest.raises(IllegalAction, match="once this game"):
        game.apply(again)
    game = only_workers(finish_turn(game), {})
    with pytest.raises(IllegalAction, match="once this game"):  # once per game, not per turn
        game.apply(again)


def test_cartography_later_only_in_phase_4_and_not_after_use_on_purchase():
    used = _buy(new_game(buildings=CARTOGRAPHY_OFFER), "Red", "cartography",
                {"region": "peru", "token": "t13"})
    with pytest.raises(IllegalAction, match="once this game"):
        used.apply(_benefit("Red", "cartography", {"region": "brazil", "token": "t14"}))
    kept = finish_turn(_buy(new_game(buildings=CARTOGRAPHY_OFFER), "Red", "cartography"))
    later = _benefit("Red", "cartography", {"region": "brazil", "token": "t14"})
    with pytest.raises(IllegalAction, match="cannot be used now"):  # placement
        kept.apply(later)
    kept = only_workers(kept, {}).apply(later)  # turn 2, phase 4; t14: $3
    assert money(kept)["Red"] == 0 + 3
    assert region(kept, "brazil") == {"Red": {"colonist": 1}}


# ---------------------------------------------------------------- War Chest: 2 goods


def test_war_chest_two_goods_are_drawn_from_the_supply_for_nothing():
    game = to_turn(new_game(builders=True), 4, {3: ["war_chest_goods"]})
    game = correct(game, "Blue", goods={"gold": game.state.supply["gold"]})  # gold runs out
    game = decline_until(play_plan(game, {"Red": [("colonist", "buildings")]}), "buy")
    for bad, message in ((["sugar"], "draws 2"), (["sugar", "sugar", "sugar"], "draws 2"),
                         (["sugar", "gold"], "no gold left"),
                         (["sugar", "ship"], "not a trade good")):
        with pytest.raises(IllegalAction, match=message):
            game.apply(_buy_event("war_chest_goods", goods=bad))
    with pytest.raises(IllegalAction, match="needs a choice"):
        game.apply(_buy_event("war_chest_goods"))
    sugar = game.state.supply["sugar"]
    game = game.apply(_buy_event("war_chest_goods", goods=["sugar", "sugar"]))
    assert _goods(game, "Red") == {"sugar": 2}
    assert game.state.supply["sugar"] == sugar - 2
    assert money(game)["Red"] == 10  # free


# ---------------------------------------------------------------- Conquistador


def test_conquistador_puts_a_free_soldier_on_discovery_each_turn():
    game = new_game(buildings=["conquistador", "settlers", "monastery", "trade_routes",
                               "trading_post"])
    game = finish_turn(_buy(game, "Red", "conquistador"))
    red = game.state.players["Red"]
    assert red.discovery["soldier"] == 1 and red.reserve["soldier"] == 9
    assert red.available["soldier"] == 0
    with pytest.raises(IllegalAction, match="no soldier"):  # it is on Discovery, not in hand
        place(game, ("Red", "soldier", "dock"))
    game = decline_until(play_plan(game, {"Red": [("colonist", "discovery")]}), "expedition")
    with pytest.raises(IllegalAction, match="cannot send 2"):
        game.apply(_expedition({"soldier": 2, "colonist": 1}, "florida", "t03"))
    # soldier 1 + colonist 1 = 2 against t03's natives 2: $1 + $3 for the soldier
    game = resolve(game, _expedition({"soldier": 1, "colonist": 1}, "florida", "t03"))
    assert money(game)["Red"] == 0 + 1 + 3
    game = finish_turn(game)
    assert game.state.players["Red"].discovery["soldier"] == 1  # a new one each turn


# ---------------------------------------------------------------- one more worker every turn


@pytest.mark.parametrize(("building", "worker", "age"), [
    ("trade_routes", "merchant", 1),
    ("training_grounds", "soldier", 1),
    ("new_world_city", "builder", 1),
    ("new_world_mission", "missionary", 1),
    ("shipyards", "captain", 2),
    ("marketplace", "merchant", 2),
    ("military_academy", "soldier", 2),
    ("fortress", "soldier", 2),
    ("stone_masonry", "builder", 2),
])
def test_worker_buildings_add_one_worker_every_turn_from_the_next(building, worker, age):
    if age == 1:
        game = new_game(buildings=[building, "settlers", "monastery", "trading_post",
                                   "navigator"], builders=True)
    else:
        game = to_turn(new_game(builders=True), 4, {3: [building]})
        game = correct(game, "Red", money=4)
    game = _buy(game, "Red", building)
    assert game.state.players["Red"].available[worker] == 0  # not in the turn of purchase
    expected = {w: 0 for w in game.state.players["Red"].available}
    expected.update({"colonist": 5, worker: 1})
    game = finish_turn(game)
    assert game.state.players["Red"].available == expected
    game = pass_turn(game)
    assert game.state.players["Red"].available == expected


def test_worker_buildings_cannot_give_more_than_the_stock():
    game = to_turn(new_game(), 4, {3: ["shipyards"]})
    game = correct(game, "Red", money=4)
    # all 5 of Red's captains wait on Discovery: the stock is empty at Refresh
    game = play_plan(game, {"Red": [("colonist", "buildings")] + [("captain", "discovery")] * 5})
    game = finish_turn(resolve(game, _buy_event("shipyards")))
    red = game.state.players["Red"]
    assert red.discovery["captain"] == 5
    assert red.available["captain"] == 0 and red.reserve["captain"] == 0


def test_builder_worker_buildings_need_the_builder_expansion():
    with pytest.raises(IllegalAction, match="no building 'new_world_city'"):
        new_game(buildings=["new_world_city", "settlers", "monastery", "trading_post",
                            "navigator"])


def test_rewrite_history_with_no_token_to_take_is_bought_for_its_vp_alone():
    """Nobody owns a discovery token yet: buying Rewrite History asks nothing, takes none."""
    from companion.engine.game import Game
    from companion.engine.powers import rewrite_history

    state = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}],
                      "options": {"builders": True}}).state
    draft = {"type": "buy", "building": "rewrite_history", "choice": {}}
    legal = rewrite_history.POWER.purchase_moves(state, draft, "Ann")
    assert legal is not None and len(legal.moves) == 1  # the purchase's record, nothing asked
    (event,) = legal.moves[0].events
    assert event["choice"] == {"tokens": {}}  # the answer recorded is complete
    assert draft["choice"] == {}  # (the draft asked with is read only)
    after = state.clone()
    rewrite_history.POWER.on_purchase(after, after.players["Ann"],
                                      after.catalogue["rewrite_history"], event["choice"])
    assert after.players["Ann"].discoveries == state.players["Ann"].discoveries
