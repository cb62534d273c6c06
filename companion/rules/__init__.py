"""Rules data for both editions: numbers, map, goods, discoveries and buildings."""

from companion.rules.buildings import BUILDINGS, Building, EndVP, building, buildings_for
from companion.rules.discoveries import CARDS, DISCOVERIES, TOKENS, Discovery, discovery
from companion.rules.editions import EDITIONS, Edition, edition
from companion.rules.goods import GOODS, SHIP
from companion.rules.regions import REGIONS, Region, neighbours, region

__all__ = [
    "BUILDINGS", "CARDS", "DISCOVERIES", "EDITIONS", "GOODS", "REGIONS", "SHIP", "TOKENS",
    "Building", "Discovery", "Edition", "EndVP", "Region", "building", "buildings_for",
    "discovery", "edition", "neighbours", "region",
]
