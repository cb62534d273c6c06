"""Every capital building of both editions, with a machine-usable description of its effect.

Simple effects are data (workers or money per turn, end-VP formulas) so the engine needs no
per-name special cases; effects that need a decision at the table name an ``action`` that the
engine handles with an explicit event.

>>> b = buildings_for("empires")["factory"]
>>> b.name, b.effect.money_per_turn, b.fixed_vp
('Manufacture', 30, 5)
>>> buildings_for("aoe3")["factory"].effect.money_per_turn
25
>>> EndVP("money", vp=1, divisor=5).score({"money": 23})
4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from companion.i18n import N_, Nn_, _, ngettext

NAVY_VP_PER_SHIP = 4  # the tile, both books' annexes and `000_…`'s body
NAVY_VP_BODY_AOE3 = 3  # `001_…`'s body ("Points de victoire"): a reading, see Readings

Kind = Literal["immediate", "one_use", "permanent", "end_vp"]
Cost = Literal["normal", "free"]

# The quantities an end-VP formula may count; see companion.scoring.EndFacts.
END_VP_QUANTITIES = (
    "goods",
    "ships",
    "money",
    "buildings",
    "discoveries",
    "new_world_workers",
    "new_world_soldiers",
    "new_world_builders",
    "specialists_track_workers",
    "glory_regions",
)

QUANTITY_WORDS = {  # an end-VP formula's quantity, one and many: ngettext(*pair, n)
    "goods": Nn_("good", "goods"), "ships": Nn_("ship", "ships"),
    "money": Nn_("dollar", "dollars"),
    "buildings": Nn_("building", "buildings"), "discoveries": Nn_("discovery", "discoveries"),
    "new_world_workers": Nn_("new world worker", "new world workers"),
    "new_world_soldiers": Nn_("new world soldier", "new world soldiers"),
    "new_world_builders": Nn_("new world builder", "new world builders"),
    "specialists_track_workers": Nn_("specialists track worker", "specialists track workers"),
    "glory_regions": Nn_("glory region", "glory regions"),
}


@dataclass(frozen=True)
class EndVP:
    """End-of-game VP: ``vp`` for every ``divisor`` of ``per`` (rounded down)."""

    per: str
    vp: int
    divisor: int = 1

    def __post_init__(self) -> None:
        if self.per not in END_VP_QUANTITIES:
            raise ValueError(f"unknown end-VP quantity {self.per!r}")

    def score(self, facts: Mapping[str, int]) -> int:
        count = facts.get(self.per, 0)
        if count < 0:
            raise ValueError(f"{self.per} cannot be negative (got {count})")
        return self.vp * (count // self.divisor)

    def describe(self) -> str:
        unit = ngettext(*QUANTITY_WORDS[self.per], self.divisor)
        if self.divisor == 1:
            return _("{vp} VP per {one}").format(vp=self.vp, one=unit)
        return _("{vp} VP per {n} {unit} (rounded down)").format(vp=self.vp, n=self.divisor,
                                                                 unit=unit)


@dataclass(frozen=True)
class Effect:
    workers_per_turn: tuple[tuple[str, int], ...] = ()  # extra workers each Refresh
    money_per_turn: int = 0  # phase 4
    money_once: int = 0  # on purchase
    money_per_good: tuple[str, int] | None = None  # phase 4: $ per good of that kind owned
    dock_slot: str | None = None  # "X" or "Y": a free colonist there each turn
    discovery_worker: str | None = None  # a free worker of that type on Discovery each turn
    captain_discovery_value: int | None = None  # Magellan
    resistance_modifier: int = 0  # added to the natives of the owner's expeditions
    defence_soldiers: int = 0  # Militia: temporary soldiers when defending
    missionary_colonists: int | None = None  # Cathedral: colonists a missionary brings
    ships_once: int = 0
    specialists_once: int = 0  # of the owner's choice, usable next turn
    random_goods_once: int = 0
    end_vp: EndVP | None = None
    action: str | None = None  # a decision the table reports as an explicit event
    timing: str | None = None  # when ``action`` happens, where it matters
    tracks: tuple[str, ...] = ()  # University: where the worker may be moved to the front


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    age: int
    kind: Kind
    editions: frozenset[str]
    builder_expansion: bool
    description: str  # our own words, in the catalogue: shown with i18n._
    effect: Effect = field(default_factory=Effect)
    cost: Cost = "normal"
    fixed_vp: int = 0
    tiles: int = 1


def _b(
    id: str,
    name: str,
    age: int,
    kind: Kind,
    editions: str,
    description: str,
    effect: Effect | None = None,
    **extra,
) -> Building:
    eds = {"both": {"empires", "aoe3"}, "empires": {"empires"}, "aoe3": {"aoe3"},
           "builder": {"empires"}}[editions]
    return Building(
        id=id, name=name, age=age, kind=kind, editions=frozenset(eds),
        builder_expansion=editions == "builder", description=description,
        effect=effect or Effect(), **extra,
    )


BUILDINGS: tuple[Building, ...] = (
    # ---- Age I
    _b("settlers", "Settlers", 1, "permanent", "both", N_("One more colonist every turn."),
       Effect(workers_per_turn=(("colonist", 1),)), tiles=2),
    _b("monastery", "Monastery", 1, "permanent", "both", N_("One more missionary every turn."),
       Effect(workers_per_turn=(("missionary", 1),))),
    _b("trade_routes", "Trade Routes", 1, "permanent", "both", N_("One more merchant every turn."),
       Effect(workers_per_turn=(("merchant", 1),))),
    _b("training_grounds", "Training Grounds", 1, "permanent", "both",
       N_("One more soldier every turn."), Effect(workers_per_turn=(("soldier", 1),))),
    _b("indentured_servitude", "Indentured Servitude", 1, "permanent", "both",
       N_("Every turn a free colonist stands on the extra dock slot X."), Effect(dock_slot="X")),
    _b("conquistador", "Conquistador", 1, "permanent", "both",
       N_("Every turn a free soldier joins your workers on the Discovery track."),
       Effect(discovery_worker="soldier")),
    _b("navigator", "Navigator", 1, "permanent", "both",
       N_("Every turn a free captain joins your workers on the Discovery track."),
       Effect(discovery_worker="captain")),
    _b("inca_conquest", "Conquest of the Inca Empire", 1, "immediate", "both",
       N_("Take $20 from the bank when you buy it."), Effect(money_once=20)),
    _b("trading_post", "Trading Post", 1, "permanent", "both", N_("$5 every turn."),
       Effect(money_per_turn=5)),
    _b("cartography", "New World Cartography", 1, "one_use", "both",
       N_("Discover one undiscovered region without a test: a free colonist goes there and you "
       "keep the token and its printed $ (no soldier loot). Worth 4 VP at the end."),
       Effect(action="free_discovery"), fixed_vp=4),
    _b("plague_1", "Plague (Age I)", 1, "permanent", "empires",
       N_("Your expeditions face one less native resistance."), Effect(resistance_modifier=-1)),
    _b("war_chest_5", "War Chest: $5", 1, "immediate", "builder", N_("Free to take: $5 at once."),
       Effect(money_once=5), cost="free"),
    _b("war_chest_ship", "War Chest: ship", 1, "immediate", "builder",
       N_("Free to take: a merchant ship at once."), Effect(ships_once=1), cost="free"),
    _b("war_chest_specialists", "War Chest: 2 specialists", 1, "immediate", "builder",
       N_("Free to take: two specialists of your choice, ready next turn."),
       Effect(specialists_once=2), cost="free"),
    _b("magellan", "Magellan", 1, "permanent", "builder",
       N_("Your captains are worth 3 on expeditions."), Effect(captain_discovery_value=3)),
    _b("new_world_city", "New World City", 1, "permanent", "builder",
       N_("One more builder every turn."), Effect(workers_per_turn=(("builder", 1),))),
    _b("new_world_mission", "New World Mission", 1, "permanent", "builder",
       N_("One more missionary every turn."), Effect(workers_per_turn=(("missionary", 1),))),
    _b("overpopulation", "Overpopulation", 1, "immediate", "builder",
       N_("Put 3 colonists into discovered regions, split as you like."),
       Effect(action="overpopulation")),
    _b("smuggler", "Smuggler", 1, "permanent", "builder",
       N_("In each building phase, swap one of your goods for one of another player's."),
       Effect(action="smuggle", timing="phase4")),
    # ---- Age II
    _b("indian_allies", "Indian Allies", 2, "immediate", "both",
       N_("Two free soldiers go into one region where you already have a worker (none: they "
       "stay in your stock)."),
       Effect(action="indian_allies")),
    _b("privateers", "Privateers", 2, "permanent", "empires",
       N_("Every turn take $1 per ship you own from each other player (as much as they have)."),
       Effect(action="privateers", timing="phase4")),
    _b("privateers", "Privateers", 2, "permanent", "aoe3",
       N_("After income, take $1 per ship you own from each other player (as much as they have)."),
       Effect(action="privateers", timing="after_income")),
    _b("shipyards", "Shipyards", 2, "permanent", "both", N_("One more captain every turn."),
       Effect(workers_per_turn=(("captain", 1),))),
    _b("cathedral", "Cathedral", 2, "permanent", "both",
       N_("Your arriving missionaries bring two colonists instead of one."),
       Effect(missionary_colonists=2)),
    _b("taxation", "Taxation", 2, "permanent", "both", N_("$10 every turn. Worth 2 VP at the end."),
       Effect(money_per_turn=10), fixed_vp=2),
    _b("university", "University", 2, "one_use", "empires",
       N_("Once, move one of your workers to the front of the Dock, Trade Goods, Warfare, "
       "Initiative, Turn Order or Capital Buildings. Worth 5 VP at the end."),
       Effect(action="university", tracks=("dock", "trade_goods", "warfare", "initiative",
                                           "turn_order", "buildings")), fixed_vp=5),
    _b("university", "University", 2, "one_use", "aoe3",
       N_("Once, move one of your workers to the front of the Dock, Initiative, Turn Order or "
       "Capital Buildings. Worth 5 VP at the end."),
       Effect(action="university", tracks=("dock", "initiative", "turn_order", "buildings")),
       fixed_vp=5),
    _b("west_indies_company", "West Indies Company", 2, "permanent", "both",
       N_("At the end of each turn draw a random good from the supply."),
       Effect(action="draw_good", timing="refresh")),
    _b("colonization_laws", "Colonization Laws", 2, "permanent", "both",
       N_("Every turn a free colonist stands on the extra dock slot Y."), Effect(dock_slot="Y")),
    _b("rum_distillery", "Rum Distillery", 2, "permanent", "empires",
       N_("$3 per sugar you own, paid in the building phase every turn (not economy VP)."),
       Effect(money_per_good=("sugar", 3), timing="phase4")),
    _b("rum_distillery", "Rum Distillery", 2, "permanent", "aoe3",
       N_("$3 per sugar you own, paid in the Income phase every turn, before Privateers collect "
       "(building money: not economy VP)."),
       Effect(money_per_good=("sugar", 3), timing="income")),
    _b("marketplace", "Marketplace", 2, "permanent", "both", N_("One more merchant every turn."),
       Effect(workers_per_turn=(("merchant", 1),))),
    _b("military_academy", "Military Academy", 2, "permanent", "both",
       N_("One more soldier every turn."), Effect(workers_per_turn=(("soldier", 1),))),
    _b("fortress", "Fortress", 2, "permanent", "both", N_("One more soldier every turn."),
       Effect(workers_per_turn=(("soldier", 1),))),
    _b("stables", "Stables", 2, "permanent", "empires",
       N_("Once a turn, just before Discovery, move one of your soldiers to a neighbouring "
          "region."),
       Effect(action="stables", timing="before_discovery")),
    _b("stables", "Stables", 2, "permanent", "aoe3",
       N_("Once a turn, in the building phase, move one of your soldiers to a neighbouring "
          "region."),
       Effect(action="stables", timing="phase4")),
    _b("plague_2", "Plague (Age II)", 2, "immediate", "empires",
       N_("Every player with 3 or more workers in a region loses one of them there "
       "(each of them picks which)."), Effect(action="plague_thin")),
    _b("war_chest_7", "War Chest: $7", 2, "immediate", "builder", N_("Free to take: $7 at once."),
       Effect(money_once=7), cost="free"),
    _b("war_chest_goods", "War Chest: 2 goods", 2, "immediate", "builder",
       N_("Free to take: two random goods from the supply."), Effect(random_goods_once=2),
       cost="free"),
    _b("stone_masonry", "Stone Masonry", 2, "permanent", "builder",
       N_("One more builder every turn."), Effect(workers_per_turn=(("builder", 1),))),
    _b("papal_edict", "Papal Edict", 2, "immediate", "builder",
       N_("You and one opponent you name each put 2 free colonists into a region where each "
       "already has a worker (one with none places nothing); you decide who goes first."),
       Effect(action="papal_edict")),
    _b("mint", "Mint", 2, "permanent", "builder",
       N_("Every turn, before income is paid, choose gold or silver: the Income phase pays $2 "
       "per good of that kind you own (building money: not economy VP)."),
       Effect(action="mint", timing="income")),
    _b("broker", "Broker", 2, "permanent", "builder",
       N_("In the building phase sell goods to the bank for $5 each."),
       Effect(action="broker", timing="phase4")),
    _b("reformation", "Reformation", 2, "permanent", "builder",
       N_("Other players' missionaries bring no colonist into a region where you already have "
       "a missionary."), Effect(action="reformation")),
    _b("mayflower", "Mayflower", 2, "permanent", "builder",
       N_("Up to 3 of your ships serve as extra dock slots after Y, one worker each; a ship used "
       "that way is not a wild card that turn."), Effect(action="mayflower")),
    # ---- Age III
    _b("militia", "Militia", 3, "permanent", "both",
       N_("One extra temporary soldier whenever you defend in a battle."),
       Effect(defence_soldiers=1)),
    _b("mercantilism", "Mercantilism", 3, "end_vp", "both", N_("1 VP per good you own at the end."),
       Effect(end_vp=EndVP("goods", 1))),
    _b("population", "Population", 3, "end_vp", "both",
       N_("1 VP per 2 of your workers in the New World."),
       Effect(end_vp=EndVP("new_world_workers", 1, 2))),
    _b("navy", "Navy", 3, "end_vp", "both", N_("4 VP per ship you own."),
       Effect(end_vp=EndVP("ships", NAVY_VP_PER_SHIP))),
    _b("power", "Power", 3, "end_vp", "both", N_("2 VP per soldier of yours in the New World."),
       Effect(end_vp=EndVP("new_world_soldiers", 2))),
    _b("prosperity", "Prosperity", 3, "end_vp", "both",
       N_("2 VP per capital building you own, this one included."),
       Effect(end_vp=EndVP("buildings", 2))),
    _b("glory", "Glory", 3, "end_vp", "empires",
       N_("2 VP per region where you have a worker and another player has at least 3."),
       Effect(end_vp=EndVP("glory_regions", 2))),
    _b("glory", "Glory", 3, "end_vp", "aoe3", N_("2 VP per region where you have a worker."),
       Effect(end_vp=EndVP("glory_regions", 2))),
    _b("wealth", "Wealth", 3, "end_vp", "both", N_("1 VP per $5 you have at the end."),
       Effect(end_vp=EndVP("money", 1, 5))),
    _b("migration", "Migration", 3, "permanent", "both",
       N_("In each building phase move up to 2 colonists from one region to any other."),
       Effect(action="migration", timing="phase4")),
    _b("factory", "Manufacture", 3, "permanent", "empires", N_("$30 every turn. Worth 5 VP."),
       Effect(money_per_turn=30), fixed_vp=5),
    _b("factory", "Factory", 3, "permanent", "aoe3", N_("$25 every turn. Worth 5 VP."),
       Effect(money_per_turn=25), fixed_vp=5),
    _b("plague_3", "Plague (Age III)", 3, "immediate", "empires",
       N_("Pick a region and remove up to 3 colonists of one player there."),
       Effect(action="plague_strike")),
    _b("age_of_discovery", "Age of Discovery", 3, "end_vp", "builder",
       N_("4 VP per discovery token and card you own."), Effect(end_vp=EndVP("discoveries", 4))),
    _b("new_world_capital", "New World Capital", 3, "end_vp", "builder",
       N_("3 VP per builder of yours in the New World."),
       Effect(end_vp=EndVP("new_world_builders", 3))),
    _b("age_of_reason", "Age of Reason", 3, "end_vp", "builder",
       N_("4 VP per worker of yours on the Specialists track at the end of turn 8."),
       Effect(end_vp=EndVP("specialists_track_workers", 4))),
    _b("rewrite_history", "Rewrite History", 3, "immediate", "builder",
       N_("Take one random discovery token (not a card) from each of two different players."),
       Effect(action="rewrite_history")),
)


def buildings_for(edition_id: str, builder_expansion: bool = True,
                  navy_vp_per_ship: int = NAVY_VP_PER_SHIP) -> dict[str, Building]:
    """The buildings in play for an edition, by id (Builder tiles only when wanted; Navy at
    ``navy_vp_per_ship``)."""
    if edition_id not in ("empires", "aoe3"):
        raise ValueError(f"unknown edition {edition_id!r}")
    out = {
        b.id: b
        for b in BUILDINGS
        if edition_id in b.editions and (builder_expansion or not b.builder_expansion)
    }
    if navy_vp_per_ship != NAVY_VP_PER_SHIP:
        navy = out["navy"]
        out["navy"] = replace(navy, description=f"{navy_vp_per_ship} VP per ship you own.",
                              effect=replace(navy.effect,
                                             end_vp=EndVP("ships", navy_vp_per_ship)))
    return out


def building(edition_id: str, building_id: str) -> Building:
    try:
        return buildings_for(edition_id)[building_id]
    except KeyError:
        raise ValueError(
            f"there is no building {building_id!r} in the {edition_id} edition"
        ) from None


def tile_count(edition_id: str, age: int, builder_expansion: bool) -> int:
    """How many tiles of an age are in the pile."""
    return sum(b.tiles for b in buildings_for(edition_id, builder_expansion).values()
               if b.age == age)
