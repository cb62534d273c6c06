"""Refresh (digest sections 7 and 8): goods, buildings, new workers, colony scoring, buy VP."""

from __future__ import annotations

import pytest
from helpers import (
    OPENING_BUILDINGS,
    correct,
    decline_until,
    finish_turn,
    money,
    new_game,
    next_buildings,
    next_goods,
    only_workers,
    pass_turn,
    place,
    refresh,
    resolve,
    setup,
    to_turn,
)

from companion import i18n
from companion.engine import Game, IllegalAction, final_scores
from companion.engine.asking import decide

NEXT_GOODS = ["sugar", "gold", "tobacco", "coffee"]

# ---------------------------------------------------------------- goods


@pytest.mark.parametrize(("edition", "indigo_supply", "removed"), [
    ("empires", 4 - 2, {"indigo": 2, "silver": 1}),  # leftovers leave the game
    ("aoe3", 4, {}),  # leftovers go back into the supply
])
def test_leftover_goods_by_edition(edition, indigo_supply, removed):
    game = new_game(edition=edition, goods=["indigo", "indigo", "rice", "silver"])
    game = only_workers(game, {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "trade_goods"))
    game = resolve(game, {"type": "take_good", "good": "rice"})
    silver = game.state.supply["silver"]
    game = refresh(game, goods=NEXT_GOODS)
    state = game.state
    assert state.goods_offer == NEXT_GOODS
    assert state.supply["indigo"] == indigo_supply
    assert state.supply["silver"] == silver + (0 if removed else 1)
    assert {g: n for g, n in state.removed_goods.items() if n} == removed
    assert state.players["Red"].goods["rice"] == 1


@pytest.mark.parametrize("goods", [
    ["sugar", "gold", "tobacco"],
    ["sugar", "gold", "tobacco", "coffee", "fur"],
    ["cocoa", "cocoa", "cocoa", "sugar"],  # three cocoa: one is on New Spain
])
def test_refresh_needs_four_goods_from_the_supply(goods):
    game = only_workers(new_game(), {})
    with pytest.raises(IllegalAction):
        refresh(game, goods=goods)


def test_a_refused_set_up_names_the_set_up_in_the_tables_language():
    game = Game.new(setup(["Red", "Blue"], "empires"))
    short = {"type": "reveal", "goods": ["fur", "rice", "gold"],
             "buildings": list(OPENING_BUILDINGS)}
    with pytest.raises(IllegalAction, match="set-up: turn 4 goods face up, not 3"):
        game.apply(short)
    with i18n.use_language("fr"), pytest.raises(
            IllegalAction, match="mise en place : retournez 4 marchandises, pas 3"):
        game.apply(short)


# ---------------------------------------------------------------- buildings


def test_bought_buildings_are_replaced_from_the_same_age():
    game = only_workers(new_game(), {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "buildings"))
    game = resolve(game, {"type": "buy", "building": "settlers"})
    with pytest.raises(IllegalAction, match="turn 1 Age 1"):
        refresh(game, buildings=[])
    with pytest.raises(IllegalAction):
        refresh(game, buildings=["taxation"])
    with pytest.raises(IllegalAction):  # already out (and its one tile is face up)
        refresh(game, buildings=["monastery"])
    game = refresh(game, buildings=["settlers"])  # Settlers has a second tile
    assert sorted(game.state.buildings_offer) == sorted(
        ["monastery", "trade_routes", "trading_post", "navigator", "settlers"])


def test_the_refresh_asks_for_as_many_buildings_as_were_bought_in_the_tables_words():
    game = only_workers(new_game(), {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "buildings"))
    game = resolve(game, {"type": "buy", "building": "settlers"})
    for lang, prompt in (("en", "End of turn 1: which Age I building was turned face up?"),
                         ("fr", "Fin du tour 1 : quel bâtiment de l'âge I a été retourné ?")):
        with i18n.use_language(lang):
            goods = game.pending()
            assert goods is not None and goods.field is not None
            then = goods.field.answer(next_goods(game.state))
            buildings = game.ask(then.draft)
            assert buildings is not None and buildings.prompt == prompt


@pytest.mark.parametrize(("turn", "old_age", "new_age"), [(3, 1, 2), (6, 2, 3)])
def test_age_change_replaces_every_unbought_building(turn, old_age, new_age):
    game = to_turn(new_game(), turn)
    game = only_workers(game, {})
    state = game.state
    assert all(state.catalogue[b].age == old_age for b in state.buildings_offer)
    same_age = [b for b in state.catalogue if state.catalogue[b].age == old_age
                and b not in state.buildings_seen][:1]
    with pytest.raises(IllegalAction):
        refresh(game, buildings=[*next_buildings(state)[:4], *same_age])
    with pytest.raises(IllegalAction):
        refresh(game, buildings=next_buildings(state)[:4])
    game = refresh(game)
    offer = game.state.buildings_offer
    assert len(offer) == 5
    assert all(game.state.catalogue[b].age == new_age for b in offer)


def test_no_age_change_at_the_end_of_other_turns():
    game = to_turn(new_game(), 4)
    game = only_workers(game, {})
    with pytest.raises(IllegalAction):  # nothing was bought: nothing to turn up
        refresh(game, buildings=["militia"])
    offer = list(game.state.buildings_offer)
    game = refresh(game)
    assert game.state.buildings_offer == offer


def test_nothing_is_turned_up_after_turn_8_and_the_game_ends():
    game = to_turn(new_game(), 8)
    game = only_workers(game, {})
    with pytest.raises(IllegalAction):
        game.apply({"type": "refresh", "goods": NEXT_GOODS})
    game = game.apply({"type": "refresh"})
    assert game.state.phase == "over" and game.pending() is None
    with pytest.raises(IllegalAction, match="over"):
        game.apply({"type": "place", "player": "Red", "worker": "colonist", "track": "dock"})


# ---------------------------------------------------------------- new workers


def test_new_workers_are_5_colonists_plus_buildings_plus_specialists_won():
    buildings = ["settlers", "settlers", "monastery", "trading_post", "navigator"]
    game = new_game(buildings=buildings)
    game = correct(game, "Red", money=25)  # $30 for three Age I buildings, $5 for Training
    game = only_workers(game, {"Red": {"colonist": 5}})
    game = place(game, ("Red", "colonist", "buildings"), ("Red", "colonist", "buildings"),
                 ("Red", "colonist", "buildings"),
                 ("Red", "colonist", "specialists", "captain"),
                 ("Red", "colonist", "specialists", "training"))
    game = resolve(game, {"type": "buy", "building": "settlers"},
                   {"type": "buy", "building": "settlers"},
                   {"type": "buy", "building": "monastery"},
                   {"type": "training", "specialist": "soldier"})
    game = finish_turn(game)
    assert game.state.players["Red"].available == {
        "colonist": 5 + 2, "captain": 1, "merchant": 0, "missionary": 1, "soldier": 1,
        "builder": 0}
    assert game.state.players["Blue"].available == {
        "colonist": 5, "captain": 0, "merchant": 0, "missionary": 0, "soldier": 0, "builder": 0}
    # and again the next turn, without the specialists won once
    game = pass_turn(game)
    assert game.state.players["Red"].available["colonist"] == 7
    assert game.state.players["Red"].available["missionary"] == 1
    assert game.state.players["Red"].available["captain"] == 0


def test_navigator_puts_a_free_captain_on_discovery_each_turn():
    game = only_workers(new_game(), {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "buildings"))
    game = resolve(game, {"type": "buy", "building": "navigator"})
    game = finish_turn(game)
    assert game.state.players["Red"].discovery["captain"] == 1
    assert game.state.players["Red"].available["captain"] == 0
    game = only_workers(game, {})
    game = resolve(game, {"type": "expedition", "workers": {}})
    game = finish_turn(game)
    assert game.state.players["Red"].discovery["captain"] == 2  # the unsent one stayed


# ---------------------------------------------------------------- colony scoring


def _colonists_to_caribbean(game, workers):
    """Everyone in ``workers`` lands those workers in the Caribbean this turn."""
    game = only_workers(game, workers)
    while game.state.phase == "placement":
        who = game.pending().player
        worker = next(w for w, n in game.state.players[who].available.items() if n)
        game = place(game, (who, worker, "dock"))
    while game.pending().type == "dock":
        game = game.apply({"type": "dock", "region": "caribbean"})
    return finish_turn(game)


def _colony_vp(game):
    return {n: list(p.colony_vp) for n, p in game.state.players.items()}


def test_colony_scoring_at_the_end_of_turns_3_6_8_with_builder_bonus():
    game = new_game(builders=True)
    # turn 1: Red 1 missionary (+1 colonist) + 1 colonist, Blue 1 colonist
    game = _colonists_to_caribbean(game, {"Red": {"missionary": 1, "colonist": 1},
                                          "Blue": {"colonist": 1}})
    assert _colony_vp(game) == {"Red": [0, 0, 0], "Blue": [0, 0, 0]}  # no scoring at turn 1
    game = pass_turn(game)
    assert _colony_vp(game) == {"Red": [0, 0, 0], "Blue": [0, 0, 0]}
    game = pass_turn(game)
    # end of turn 3: Red 3 (single leader, 6), Blue 1 (single runner-up, 2)
    assert _colony_vp(game) == {"Red": [6, 0, 0], "Blue": [2, 0, 0]}
    # turn 4: Blue lands 1 builder + 2 colonists: Blue 4, Red 3, one builder
    game = _colonists_to_caribbean(game, {"Blue": {"builder": 1, "colonist": 2}})
    game = pass_turn(pass_turn(game))
    assert _colony_vp(game) == {"Red": [6, 2 + 2, 0], "Blue": [2, 6 + 4, 0]}
    # turn 7: Red lands a builder: 4 v 4 with two builders: 2 + 2 x 4 each
    game = _colonists_to_caribbean(game, {"Red": {"builder": 1}})
    game = pass_turn(game)
    assert game.state.phase == "over"
    assert _colony_vp(game) == {"Red": [6, 4, 10], "Blue": [2, 10, 10]}
    scores = {s.player: s for s in final_scores(game.state)}
    assert scores["Red"].colony == (6, 4, 10) and scores["Blue"].colony == (2, 10, 10)


def test_a_region_scores_only_when_someone_has_three():
    game = _colonists_to_caribbean(new_game(["Red", "Blue", "Green"]), {
        "Red": {"colonist": 2}, "Blue": {"colonist": 2}, "Green": {"colonist": 1}})
    game = pass_turn(pass_turn(game))
    assert _colony_vp(game) == {"Red": [0, 0, 0], "Blue": [0, 0, 0], "Green": [0, 0, 0]}


# ---------------------------------------------------------------- buy VP


def test_buy_vp_costs_1_3_10_per_vp_by_age():
    game = to_turn(new_game(buy_vp=True), 3)
    game = only_workers(game, {})
    game = refresh(game)
    assert game.state.phase == "buy_vp" and game.pending().player == "Red"
    with pytest.raises(IllegalAction, match="Red's turn"):
        game.apply({"type": "buy_vp", "player": "Blue", "vp": 1})
    with pytest.raises(IllegalAction):
        game.apply({"type": "buy_vp", "player": "Red", "vp": 11})  # $11 > $10
    game = resolve(game, {"type": "buy_vp", "player": "Red", "vp": 4},
                   {"type": "buy_vp", "player": "Blue", "vp": 11})
    assert money(game) == {"Red": 6, "Blue": 0}
    assert game.state.phase == "placement" and game.state.turn == 4
    # Age II: $3 per VP
    game = to_turn(game, 6)
    game = only_workers(game, {})
    game = refresh(game)
    with pytest.raises(IllegalAction, match="\\$3 each"):
        game.apply({"type": "buy_vp", "player": "Red", "vp": 3})  # $9 > $6
    game = resolve(game, {"type": "buy_vp", "player": "Red", "vp": 2},
                   {"type": "buy_vp", "player": "Blue", "vp": 0})
    assert money(game) == {"Red": 0, "Blue": 0}
    # Age III: $10 per VP, after the turn 8 scoring
    game = to_turn(game, 8)
    game = correct(game, "Red", money=19)
    game = only_workers(game, {})
    game = refresh(game)
    with pytest.raises(IllegalAction):
        game.apply({"type": "buy_vp", "player": "Red", "vp": 2})
    game = resolve(game, {"type": "buy_vp", "player": "Red", "vp": 1},
                   {"type": "buy_vp", "player": "Blue", "vp": 0})
    assert game.state.phase == "over"
    assert money(game) == {"Red": 9, "Blue": 0}
    scores = {s.player: s for s in final_scores(game.state)}
    assert scores["Red"].bought == 4 + 2 + 1 and scores["Blue"].bought == 11
    assert scores["Red"].total == 7 and scores["Blue"].total == 11


def test_without_the_option_there_is_no_vp_buying():
    game = to_turn(new_game(), 3)
    game = only_workers(game, {})
    game = refresh(game)
    assert game.state.phase == "placement" and game.state.turn == 4
    with pytest.raises(IllegalAction):
        game.apply({"type": "buy_vp", "player": "Red", "vp": 1})


def test_buy_vp_follows_the_order_of_the_scored_turn():
    game = to_turn(new_game(["Red", "Blue"], buy_vp=True), 3)
    game = only_workers(game, {"Blue": {"colonist": 1}})
    game = place(game, ("Blue", "colonist", "initiative"))
    game = decline_until(game, "refresh")
    game = refresh(game)
    assert game.pending().player == "Red"  # the turn 3 order; Blue leads from turn 4
    game = resolve(game, {"type": "buy_vp", "player": "Red", "vp": 0},
                   {"type": "buy_vp", "player": "Blue", "vp": 0})
    assert game.state.order == ["Blue", "Red"]


def test_a_region_tied_at_the_top_has_no_single_leader_in_the_snapshot():
    """Tied players share the lead: the snapshot names nobody, as the map and table do."""
    from companion.engine.game import Game
    from companion.engine.timeline import region_leader

    state = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}]}).state
    region = state.discovered[0]
    state.regions[region] = {"Ann": {"colonist": 2}, "Bob": {"colonist": 2}}
    assert region_leader(state, region) is None
    state.regions[region]["Cid"] = {"colonist": 3}
    assert region_leader(state, region) == "Cid"
    state.regions[region] = {}
    assert region_leader(state, region) is None


def test_a_pile_the_free_slots_take_whole_is_not_asked():
    """Two Age I tiles left for three free slots: both come out, so after the goods the
    refresh asks nothing more (it used to ask the table to pick the two)."""
    game = decline_until(only_workers(new_game(), {}), "refresh")
    state = game.state
    state.buildings_offer = state.buildings_offer[:2]  # three slots free
    pile = [b for b in state.catalogue.values() if b.age == 1]
    left = [b.id for b in pile for _ in range(b.tiles - state.buildings_seen.count(b.id))]
    state.buildings_seen += left[2:]  # as if the others had come out earlier
    goods = decide(state)  # (asked of the changed state: ``game`` keeps what it asked before)
    assert goods is not None and goods.field is not None and "goods" in goods.prompt
    answer = goods.field.answer(next_goods(state))
    assert answer.ready  # the goods were the last thing to ask
    (event,) = answer.events
    assert sorted(event["buildings"]) == sorted(left[:2])
    game = game.apply(event)
    assert sorted(game.state.buildings_offer[2:]) == sorted(left[:2])
