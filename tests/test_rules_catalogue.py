"""companion.rules checked against the rules digest (/work/shared/rules/age-of-discovery.md).

Every expected number below is transcribed from the digest (section numbers in the comments),
not copied from the code under test.
"""

from __future__ import annotations

import pytest

from companion.rules import discoveries, editions, goods, regions
from companion.rules.buildings import BUILDINGS, building, buildings_for, tile_count
from companion.scoring import EndFacts, building_vp, glory_regions

# ---------------------------------------------------------------- section 1: components

DIGEST_GOODS = {
    "silver": 6, "sugar": 6, "gold": 5, "tobacco": 5, "coffee": 4, "indigo": 4,
    "fur": 4, "cattle": 3, "cocoa": 3, "fish": 3, "rice": 3,
}


def test_goods_kinds_and_counts():
    assert goods.GOODS == DIGEST_GOODS
    assert len(goods.GOODS) == 11
    assert sum(goods.GOODS.values()) == 46
    assert goods.TOTAL_GOODS == 46


def test_ship_is_not_a_good():
    assert goods.SHIP not in goods.GOODS
    with pytest.raises(ValueError):
        goods.check_good(goods.SHIP)
    with pytest.raises(ValueError):
        goods.check_good("spice")
    assert goods.check_good("cocoa") == "cocoa"


def test_worker_supply():
    assert editions.WORKER_SUPPLY == {
        "colonist": 30, "captain": 5, "merchant": 5, "missionary": 10, "soldier": 10,
        "builder": 10,
    }
    # every worker type but colonists is a specialist
    assert set(editions.SPECIALIST_TYPES) == set(editions.WORKER_TYPES) - {"colonist"}


def test_winnable_ships():
    assert editions.WINNABLE_SHIPS == 8


# ---------------------------------------------------------------- section 3: setup, dock


@pytest.mark.parametrize(
    ("edition_id", "counts"), [("empires", range(2, 7)), ("aoe3", range(2, 6))]
)
def test_dock_slots_are_one_to_2n_minus_1(edition_id, counts):
    ed = editions.edition(edition_id)
    for n in counts:
        slots = ed.dock_slots(n)
        assert slots == tuple(range(1, 2 * n))
        assert len(slots) == 2 * n - 1


@pytest.mark.parametrize(
    ("edition_id", "bad"),
    [("empires", n) for n in (-1, 0, 1, 7, 8)] + [("aoe3", n) for n in (-1, 0, 1, 6, 7)],
)
def test_player_count_outside_edition_range_raises(edition_id, bad):
    ed = editions.edition(edition_id)
    with pytest.raises(ValueError):
        ed.dock_slots(bad)
    with pytest.raises(ValueError):
        ed.check_player_count(bad)


def test_player_ranges():
    assert list(editions.edition("empires").players) == [2, 3, 4, 5, 6]
    assert list(editions.edition("aoe3").players) == [2, 3, 4, 5]


def test_unknown_edition_raises():
    with pytest.raises(ValueError):
        editions.edition("aoe2")
    with pytest.raises(ValueError):
        buildings_for("aoe2")


def test_starting_money():
    # $10 for the first seat, $1 more for each next seat
    assert [editions.starting_money(seat) for seat in range(1, 7)] == [10, 11, 12, 13, 14, 15]
    with pytest.raises(ValueError):
        editions.starting_money(0)


# ---------------------------------------------------------------- section 2: turns and ages


@pytest.mark.parametrize(
    ("turn", "age"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 3), (8, 3)]
)
def test_age_of_turn(turn, age):
    assert editions.age_of_turn(turn) == age


@pytest.mark.parametrize("turn", [0, 9, -1, 100])
def test_age_of_turn_outside_game_raises(turn):
    with pytest.raises(ValueError):
        editions.age_of_turn(turn)


def test_scoring_turns():
    assert tuple(editions.SCORING_TURNS) == (3, 6, 8)


@pytest.mark.parametrize(("age", "price"), [(1, 10), (2, 14), (3, 20)])
def test_building_price(age, price):
    assert editions.building_price(age) == price


@pytest.mark.parametrize("age", [0, 4])
def test_building_price_bad_age_raises(age):
    with pytest.raises(ValueError):
        editions.building_price(age)


# ---------------------------------------------------------------- section 9: discoveries

# ($, $/soldier, natives, VP), transcribed row by row from the digest's token table
DIGEST_TOKENS = [
    (1, 2, 1, 4), (1, 2, 1, 4), (1, 3, 2, 4), (1, 2, 2, 4), (1, 3, 2, 4),
    (2, 4, 3, 5), (2, 2, 3, 5), (2, 2, 3, 5), (1, 3, 3, 5), (1, 2, 3, 5),
    (2, 5, 3, 5), (3, 4, 4, 6), (4, 5, 4, 6), (3, 4, 4, 6), (4, 5, 5, 7),
    (2, 4, 5, 7),
]

# name: ($, $/soldier, natives, VP), from the digest's card table
DIGEST_CARDS = {
    "The Mississippi": (2, 1, 3, 4),
    "The Great Lakes": (1, 2, 3, 4),
    "The Pampas": (2, 1, 3, 4),
    "California": (2, 1, 4, 4),
    "Philippines": (2, 1, 4, 5),
    "South Seas": (2, 1, 4, 5),
    "Ethiopia": (3, 2, 4, 5),
    "The Amazon": (2, 1, 4, 4),
    "The Northwest Territory": (2, 2, 4, 4),
    "Australia": (2, 1, 4, 5),
    "Japan (Chipangu)": (4, 3, 5, 5),
    "Siam": (4, 2, 5, 5),
    "Spice Islands": (5, 3, 5, 6),
    "India": (6, 3, 6, 6),
    "Circumnavigate the Globe": (8, 3, 6, 6),
    "China": (7, 3, 6, 6),
}


def _row(d: discoveries.Discovery) -> tuple[int, int, int, int]:
    return (d.dollars, d.dollars_per_soldier, d.natives, d.vp)


def test_sixteen_tokens_match_digest_as_multiset():
    assert len(discoveries.TOKENS) == 16
    assert all(t.kind == "token" for t in discoveries.TOKENS.values())
    assert sorted(_row(t) for t in discoveries.TOKENS.values()) == sorted(DIGEST_TOKENS)


def test_token_ids_are_distinct_and_in_digest_order():
    rows = [_row(t) for t in discoveries.TOKENS.values()]
    assert rows == DIGEST_TOKENS
    assert len(set(discoveries.TOKENS)) == 16


def test_sixteen_cards_match_digest():
    assert len(discoveries.CARDS) == 16
    by_name = {c.name: c for c in discoveries.CARDS.values()}
    assert set(by_name) == set(DIGEST_CARDS)
    for name, expected in DIGEST_CARDS.items():
        assert by_name[name].kind == "card"
        assert _row(by_name[name]) == expected, name


def test_discovery_lookup_and_loot():
    assert set(discoveries.DISCOVERIES) == set(discoveries.TOKENS) | set(discoveries.CARDS)
    assert len(discoveries.DISCOVERIES) == 32
    with pytest.raises(ValueError):
        discoveries.discovery("atlantis")
    # section 5: the token's $ plus its per-soldier $ for each soldier sent
    china = next(c for c in discoveries.CARDS.values() if c.name == "China")
    assert china.loot(0) == 7
    assert china.loot(2) == 7 + 2 * 3


def test_eight_tokens_in_play():
    assert discoveries.TOKENS_IN_PLAY == 8


# ---------------------------------------------------------------- section 1: the map


def test_nine_regions():
    assert len(regions.REGIONS) == 9
    names = {r.name for r in regions.REGIONS.values()}
    for named in ("Caribbean", "New Granada", "Peru", "New Spain", "Florida", "Virginia",
                  "New England", "New France"):
        assert named in names


def test_peru_is_silver_and_confirmed():
    peru = regions.region("peru")
    assert peru.good == "silver"
    assert peru.good_confirmed


def test_new_france_is_canada_in_aoe3():
    nf = regions.region("new_france")
    assert nf.display_name("aoe3") == "Canada"
    assert nf.display_name("empires") == "New France"
    assert editions.edition("aoe3").new_france_name == "Canada"


def test_caribbean_starts_discovered():
    assert tuple(regions.START_DISCOVERED) == ("caribbean",)
    # the other 8 regions each take one token: as many as tokens in play
    assert len(regions.REGIONS) - len(regions.START_DISCOVERED) == discoveries.TOKENS_IN_PLAY


def test_confirmed_caribbean_adjacency():
    expected = {"new_granada", "new_spain", "florida"}
    for other in expected:
        assert regions.adjacent("caribbean", other)
        assert frozenset(("caribbean", other)) in regions.CONFIRMED_ADJACENCY
    assert expected <= regions.neighbours("caribbean")
    # the only adjacency the texts state is Caribbean-{New Granada, New Spain, Florida}
    assert {frozenset(("caribbean", o)) for o in expected} == regions.CONFIRMED_ADJACENCY


def test_adjacency_symmetric_and_irreflexive():
    for a in regions.REGIONS:
        assert a not in regions.neighbours(a)
        for b in regions.neighbours(a):
            assert a in regions.neighbours(b)
            assert regions.adjacent(a, b) and regions.adjacent(b, a)


def test_map_is_connected():
    seen, todo = set(), ["caribbean"]
    while todo:
        r = todo.pop()
        if r not in seen:
            seen.add(r)
            todo.extend(regions.neighbours(r) - seen)
    assert seen == set(regions.REGIONS)


def test_unknown_region_raises():
    with pytest.raises(ValueError):
        regions.region("atlantis")
    with pytest.raises(ValueError):
        regions.neighbours("atlantis")


def test_region_goods_are_goods_and_two_kinds_belong_to_no_region():
    region_goods = [r.good for r in regions.REGIONS.values()]
    assert all(g in goods.GOODS for g in region_goods)
    # 9 regions, each with its own kind; 11 kinds, so 2 belong to no region
    assert len(set(region_goods)) == 9
    assert len(set(goods.GOODS) - set(region_goods)) == 2
    assert set(regions.REGION_GOODS) == set(region_goods)


# ---------------------------------------------------------------- section 10: buildings

# (age, edition) -> tiles, from the section headings of the digest
BASE_TILES = {
    ("aoe3", 1): 11, ("aoe3", 2): 13, ("aoe3", 3): 10,
    ("empires", 1): 12, ("empires", 2): 14, ("empires", 3): 11,
}
BUILDER_TILES = {1: 8, 2: 8, 3: 4}


@pytest.mark.parametrize(("edition_id", "age"), list(BASE_TILES))
def test_tile_count_without_builder_expansion(edition_id, age):
    assert tile_count(edition_id, age, builder_expansion=False) == BASE_TILES[edition_id, age]


@pytest.mark.parametrize("age", [1, 2, 3])
def test_builder_expansion_adds_tiles_to_empires_only(age):
    assert tile_count("empires", age, True) == BASE_TILES["empires", age] + BUILDER_TILES[age]
    # aoe3 has no Builder expansion: asking for it changes nothing
    assert tile_count("aoe3", age, True) == BASE_TILES["aoe3", age]


# Building ids per age that the digest lists for each edition (the ids are the code's
# spelling; the membership and ages come from the digest's tables).
BOTH = {
    1: {"settlers", "monastery", "trade_routes", "training_grounds", "indentured_servitude",
        "conquistador", "navigator", "inca_conquest", "trading_post", "cartography"},
    2: {"indian_allies", "privateers", "shipyards", "cathedral", "taxation", "university",
        "west_indies_company", "colonization_laws", "rum_distillery", "marketplace",
        "military_academy", "fortress", "stables"},
    3: {"militia", "mercantilism", "population", "navy", "power", "prosperity", "glory",
        "wealth", "migration", "factory"},
}
EMPIRES_ONLY = {1: {"plague_1"}, 2: {"plague_2"}, 3: {"plague_3"}}
BUILDER = {
    1: {"war_chest_5", "war_chest_ship", "war_chest_specialists", "magellan",
        "new_world_city", "new_world_mission", "overpopulation", "smuggler"},
    2: {"war_chest_7", "war_chest_goods", "stone_masonry", "papal_edict", "mint", "broker",
        "reformation", "mayflower"},
    3: {"age_of_discovery", "new_world_capital", "age_of_reason", "rewrite_history"},
}


def _ids(edition_id, age, builder):
    return {b.id for b in buildings_for(edition_id, builder).values() if b.age == age}


@pytest.mark.parametrize("age", [1, 2, 3])
def test_buildings_per_age_and_edition(age):
    assert _ids("aoe3", age, False) == BOTH[age]
    assert _ids("aoe3", age, True) == BOTH[age]
    assert _ids("empires", age, False) == BOTH[age] | EMPIRES_ONLY[age]
    assert _ids("empires", age, True) == BOTH[age] | EMPIRES_ONLY[age] | BUILDER[age]
    for bid in BUILDER[age]:
        assert building("empires", bid).builder_expansion


def test_settlers_is_the_only_double_tile():
    # the digest lists "Settlers (x2 tiles)"; every other building is one tile
    assert {b.id: b.tiles for b in BUILDINGS if b.tiles != 1} == {"settlers": 2}


def test_builder_buildings_absent_from_aoe3():
    for bid in BUILDER[3]:
        with pytest.raises(ValueError):
            building("aoe3", bid)
    with pytest.raises(ValueError):
        building("empires", "no_such_building")


@pytest.mark.parametrize(
    ("bid", "vp"), [("cartography", 4), ("taxation", 2), ("university", 5), ("factory", 5)]
)
@pytest.mark.parametrize("edition_id", ["empires", "aoe3"])
def test_fixed_vp(edition_id, bid, vp):
    b = building(edition_id, bid)
    assert b.fixed_vp == vp
    assert b.effect.end_vp is None
    # building_vp adds nothing else for a building without an end-VP formula
    assert building_vp(b, EndFacts()) == vp
    assert building_vp(b, EndFacts(goods=9, money=40, ships=3, buildings=7)) == vp


def test_only_four_buildings_have_fixed_vp():
    for edition_id in ("empires", "aoe3"):
        with_vp = {b.id for b in buildings_for(edition_id).values() if b.fixed_vp}
        assert with_vp == {"cartography", "taxation", "university", "factory"}


def test_factory_income_differs_by_edition():
    assert building("aoe3", "factory").effect.money_per_turn == 25
    assert building("aoe3", "factory").name == "Factory"
    assert building("empires", "factory").effect.money_per_turn == 30
    assert building("empires", "factory").name == "Manufacture"
    assert building("empires", "factory").age == building("aoe3", "factory").age == 3


def test_money_buildings():
    assert building("empires", "trading_post").effect.money_per_turn == 5
    assert building("empires", "taxation").effect.money_per_turn == 10
    assert building("empires", "inca_conquest").effect.money_once == 20
    assert building("empires", "war_chest_5").effect.money_once == 5
    assert building("empires", "war_chest_7").effect.money_once == 7
    assert building("empires", "war_chest_ship").effect.ships_once == 1
    assert building("empires", "war_chest_goods").effect.random_goods_once == 2
    assert building("empires", "war_chest_specialists").effect.specialists_once == 2
    assert building("empires", "rum_distillery").effect.money_per_good == ("sugar", 3)


def test_war_chests_are_free_and_nothing_else_is():
    chests = {"war_chest_5", "war_chest_ship", "war_chest_specialists", "war_chest_7",
              "war_chest_goods"}
    free = {b.id for b in BUILDINGS if b.cost == "free"}
    assert free == chests
    for bid in chests:
        b = building("empires", bid)
        assert b.kind == "immediate"
        assert b.builder_expansion


# ---------------------------------------------------------------- end-VP formulas


def _vp(bid, edition_id="empires", **facts):
    return building_vp(building(edition_id, bid), EndFacts(**facts))


@pytest.mark.parametrize("edition_id", ["empires", "aoe3"])
def test_mercantilism_one_vp_per_good_ships_excluded(edition_id):
    assert _vp("mercantilism", edition_id, goods=0) == 0
    assert _vp("mercantilism", edition_id, goods=13) == 13
    assert _vp("mercantilism", edition_id, goods=13, ships=4) == 13


@pytest.mark.parametrize("edition_id", ["empires", "aoe3"])
@pytest.mark.parametrize(
    ("workers", "vp"), [(0, 0), (1, 0), (2, 1), (7, 3), (8, 4), (15, 7)]
)
def test_population_one_vp_per_two_workers_rounded_down(edition_id, workers, vp):
    assert _vp("population", edition_id, new_world_workers=workers) == vp


@pytest.mark.parametrize("edition_id", ["empires", "aoe3"])
def test_navy_four_vp_per_ship(edition_id):
    assert _vp("navy", edition_id, ships=0) == 0
    assert _vp("navy", edition_id, ships=1) == 4
    assert _vp("navy", edition_id, ships=5, goods=7) == 20


@pytest.mark.parametrize("edition_id", ["empires", "aoe3"])
def test_power_two_vp_per_new_world_soldier(edition_id):
    assert _vp("power", edition_id, new_world_soldiers=6) == 12
    # other workers do not count
    assert _vp("power", edition_id, new_world_workers=10, new_world_soldiers=0) == 0


@pytest.mark.parametrize("edition_id", ["empires", "aoe3"])
def test_prosperity_two_vp_per_building(edition_id):
    # the count includes Prosperity itself: owning only Prosperity is worth 2
    assert _vp("prosperity", edition_id, buildings=1) == 2
    assert _vp("prosperity", edition_id, buildings=7) == 14


@pytest.mark.parametrize("edition_id", ["empires", "aoe3"])
@pytest.mark.parametrize(("money", "vp"), [(0, 0), (4, 0), (5, 1), (24, 4), (25, 5), (59, 11)])
def test_wealth_one_vp_per_five_dollars_rounded_down(edition_id, money, vp):
    assert _vp("wealth", edition_id, money=money) == vp


def test_age_of_discovery_four_vp_per_discovery():
    assert _vp("age_of_discovery", discoveries=3) == 12
    assert _vp("age_of_discovery", discoveries=0) == 0


def test_new_world_capital_three_vp_per_builder():
    assert _vp("new_world_capital", new_world_builders=4) == 12
    assert _vp("new_world_capital", new_world_workers=9, new_world_builders=0) == 0


def test_age_of_reason_four_vp_per_specialists_track_worker():
    assert _vp("age_of_reason", specialists_track_workers=2) == 8
    assert _vp("age_of_reason", specialists_track_workers=0) == 0


@pytest.mark.parametrize("edition_id", ["empires", "aoe3"])
def test_glory_two_vp_per_counted_region(edition_id):
    assert _vp("glory", edition_id, glory_regions=0) == 0
    assert _vp("glory", edition_id, glory_regions=3) == 6


def test_end_facts_reject_negative_or_non_int():
    with pytest.raises(ValueError):
        EndFacts(money=-1)
    with pytest.raises(ValueError):
        EndFacts(goods=1.5)
    with pytest.raises(ValueError):
        EndFacts(ships=True)


# ---------------------------------------------------------------- Glory: both readings

TABLE = {
    # Red alone with 4: nobody *else* has 3
    "brazil": {"Red": 4},
    # Red 1, Blue 3: another player has exactly 3
    "peru": {"Red": 1, "Blue": 3},
    # Red 2, Blue 2, Green 2: present but nobody has 3
    "florida": {"Red": 2, "Blue": 2, "Green": 2},
    # Red 5, Blue 6: counts for Red (Blue has >= 3) and for Blue (Red has >= 3)
    "virginia": {"Red": 5, "Blue": 6},
    # Red has no worker here (0 entry), Blue has 5
    "new_spain": {"Red": 0, "Blue": 5},
    # Red absent, Green 3
    "caribbean": {"Green": 3},
}


def test_glory_regions_empires_rule():
    assert glory_regions("Red", TABLE, "other_has_three") == 2  # peru, virginia
    assert glory_regions("Blue", TABLE, "other_has_three") == 1  # virginia
    assert glory_regions("Green", TABLE, "other_has_three") == 0  # nobody else has 3 there
    assert glory_regions("Nobody", TABLE, "other_has_three") == 0


def test_glory_regions_aoe3_rule():
    assert glory_regions("Red", TABLE, "present") == 4  # brazil, peru, florida, virginia
    assert glory_regions("Blue", TABLE, "present") == 4  # peru, florida, virginia, new_spain
    assert glory_regions("Green", TABLE, "present") == 2  # florida, caribbean


def test_glory_rule_per_edition_feeds_building_vp():
    for edition_id, expected in (("empires", 2 * 2), ("aoe3", 2 * 4)):
        rule = editions.edition(edition_id).glory_rule
        n = glory_regions("Red", TABLE, rule)
        assert building_vp(building(edition_id, "glory"), EndFacts(glory_regions=n)) == expected


def test_glory_unknown_rule_raises():
    with pytest.raises(ValueError):
        glory_regions("Red", TABLE, "majority")
