"""Set-up (digest section 3): money, player counts, options per edition, the opening reveal."""

from __future__ import annotations

import pytest
from helpers import OPENING_BUILDINGS, OPENING_GOODS, money, setup

from companion.engine import Game, IllegalAction, MalformedEvent

NAMES = ("Red", "Blue", "Green", "Orange", "Purple", "White")


@pytest.mark.parametrize(("edition", "count"), [
    ("empires", 2), ("empires", 4), ("empires", 6), ("aoe3", 2), ("aoe3", 5),
])
def test_starting_money_is_10_then_one_more_per_seat(edition, count):
    game = Game.new(setup(NAMES[:count], edition))
    expected = {"Red": 10, "Blue": 11, "Green": 12, "Orange": 13, "Purple": 14, "White": 15}
    assert money(game) == {n: expected[n] for n in NAMES[:count]}


@pytest.mark.parametrize("edition", ["empires", "aoe3"])
def test_every_player_starts_with_five_colonists_to_place(edition):
    """30 colonists each: 5 to place, 1 on the Turn Order track as the player's marker
    (`000_…` "Mise en place" step 2; `001_…` "Joueurs": "un colon supplémentaire … dans la
    zone d'ordre de tour"), the other 24 in the stock."""
    game = Game.new(setup(NAMES[:3], edition))
    for who in game.state.players.values():
        assert who.available == {"colonist": 5, "captain": 0, "merchant": 0,
                                 "missionary": 0, "soldier": 0, "builder": 0}
        assert who.marker == "colonist"
        assert who.reserve["colonist"] == 30 - 5 - 1
        assert who.reserve["builder"] == 0  # no Builder expansion


def test_builders_are_in_stock_only_with_the_expansion():
    game = Game.new(setup(NAMES[:2], builders=True))
    assert game.state.players["Red"].reserve["builder"] == 10


@pytest.mark.parametrize(("builders", "buildings", "in_stock", "expansion_tiles", "builder_box"), [
    (True, None, 10, True, True),  # the whole expansion (and every record made before parts)
    (True, False, 10, False, True),  # the builder specialist only
    (False, True, 0, True, False),  # its Capital buildings only
    (False, None, 0, False, False),  # without it
])
def test_part_of_the_builder_expansion(builders, buildings, in_stock, expansion_tiles,
                                       builder_box):
    """`000_…`, introduction: experienced players may play "une partie ou la totalité de
    l'extension Builder": its builder specialist and its Capital buildings apart."""
    options = {"builders": builders} | ({} if buildings is None else
                                        {"builder_buildings": buildings})
    game = Game.new(setup(NAMES[:2], **options))
    assert game.state.players["Red"].reserve["builder"] == in_stock
    assert ("papal_edict" in game.state.catalogue) is expansion_tiles
    assert "settlers" in game.state.catalogue
    assert ("builder" in game.state.edition.specialist_boxes(
        game.setup.options.builders)) is builder_box
    reveal = {"type": "reveal", "goods": list(OPENING_GOODS),
              "buildings": ["settlers", "monastery", "trade_routes", "war_chest_5", "plague_1"]}
    if expansion_tiles:
        assert game.apply(reveal).state.buildings_offer[3:] == ["war_chest_5", "plague_1"]
    else:
        with pytest.raises(IllegalAction, match="no building .war_chest_5. in this game"):
            game.apply(reveal)


@pytest.mark.parametrize(("edition", "count"), [
    ("empires", 0), ("empires", 1), ("empires", 7), ("aoe3", 1), ("aoe3", 6),
])
def test_player_count_outside_the_edition_range_is_malformed(edition, count):
    with pytest.raises(MalformedEvent):
        Game.new(setup([f"P{i}" for i in range(count)], edition))


def test_two_players_with_the_same_name_are_refused():
    with pytest.raises(MalformedEvent, match="same name"):
        Game.new(setup(["Red", "Blue", "Red"]))


@pytest.mark.parametrize("option", [
    "builders", "builder_buildings", "nations", "buy_vp", "reduced_randomness",
    "no_survivors", "scouting", "advanced_scouting", "two_player_variant",
])
def test_empires_only_options_are_refused_in_aoe3(option):
    with pytest.raises(MalformedEvent, match=option):
        Game.new(setup(["Red", "Blue"], "aoe3", **{option: True}))


@pytest.mark.parametrize("option", ["builders", "buy_vp", "no_survivors", "two_player_variant"])
def test_the_same_options_are_accepted_in_empires(option):
    game = Game.new(setup(["Red", "Blue"], "empires", **{option: True}))
    assert getattr(game.setup.options, option) is True


def test_before_the_reveal_the_game_waits_for_it_and_refuses_placements():
    game = Game.new(setup())
    assert game.pending().type == "reveal"
    with pytest.raises(IllegalAction):
        game.apply({"type": "place", "player": "Red", "worker": "colonist", "track": "dock"})


def test_reveal_turns_up_four_goods_and_five_age_1_buildings():
    game = Game.new(setup())
    supply_before = dict(game.state.supply)
    game = game.apply({"type": "reveal", "goods": list(OPENING_GOODS),
                       "buildings": list(OPENING_BUILDINGS)})
    state = game.state
    assert state.phase == "placement" and state.turn == 1
    assert state.goods_offer == list(OPENING_GOODS)
    assert state.buildings_offer == list(OPENING_BUILDINGS)
    assert supply_before["indigo"] - state.supply["indigo"] == 2
    assert supply_before["rice"] - state.supply["rice"] == 1
    assert game.pending().type == "place" and game.pending().player == "Red"


def test_the_supply_starts_without_the_region_goods():
    # 9 regions each show one good of their kind; indigo and rice belong to no region.
    state = Game.new(setup()).state
    assert state.supply["indigo"] == 4 and state.supply["rice"] == 3
    assert state.supply["silver"] == 5  # Peru's silver is on the map
    assert sum(state.supply.values()) == 46 - 9


@pytest.mark.parametrize("goods", [
    ["indigo", "rice", "silver"],  # 3 goods
    ["indigo", "rice", "silver", "gold", "fur"],  # 5 goods
    ["fish", "fish", "fish", "rice"],  # only 3 fish, one of them on New England
    ["indigo", "rice", "silver", "spice"],  # not a good
])
def test_reveal_with_the_wrong_goods_is_refused(goods):
    with pytest.raises(IllegalAction):
        Game.new(setup()).apply({"type": "reveal", "goods": goods,
                                 "buildings": list(OPENING_BUILDINGS)})


@pytest.mark.parametrize("buildings", [
    ["settlers", "monastery", "trade_routes", "trading_post"],  # 4
    [*OPENING_BUILDINGS, "inca_conquest"],  # 6
    ["settlers", "monastery", "trade_routes", "trading_post", "taxation"],  # Age II
    ["settlers", "monastery", "trade_routes", "trading_post", "magellan"],  # Builder tile
    ["monastery", "monastery", "trade_routes", "trading_post", "navigator"],  # one tile only
    ["settlers", "settlers", "settlers", "trading_post", "navigator"],  # two tiles only
])
def test_reveal_with_the_wrong_buildings_is_refused(buildings):
    with pytest.raises(IllegalAction):
        Game.new(setup()).apply({"type": "reveal", "goods": list(OPENING_GOODS),
                                 "buildings": buildings})


def test_settlers_has_two_tiles_and_builder_tiles_come_with_the_expansion():
    reveal = {"type": "reveal", "goods": list(OPENING_GOODS),
              "buildings": ["settlers", "settlers", "magellan", "war_chest_5", "plague_1"]}
    game = Game.new(setup(builders=True)).apply(reveal)
    assert game.state.buildings_offer.count("settlers") == 2
    with pytest.raises(IllegalAction):
        Game.new(setup()).apply(reveal)
    aoe3 = {**reveal, "buildings": ["settlers", "settlers", "monastery", "trading_post",
                                    "plague_1"]}
    with pytest.raises(IllegalAction):  # Plague (Age I) is an Empires tile
        Game.new(setup(edition="aoe3")).apply(aoe3)


def test_reveal_happens_only_once():
    game = Game.new(setup())
    event = {"type": "reveal", "goods": list(OPENING_GOODS), "buildings": list(OPENING_BUILDINGS)}
    game = game.apply(event)
    with pytest.raises(IllegalAction):
        game.apply(event)
