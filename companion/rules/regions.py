"""The New World map, loaded from ``map.json`` (the one place the map lives).

>>> REGIONS["peru"].good
'silver'
>>> sorted(neighbours("caribbean"))
['florida', 'new_granada', 'new_spain']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from companion.rules.goods import GOODS


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    good: str
    good_confirmed: bool
    name_confirmed: bool
    aoe3_name: str | None = None

    def display_name(self, edition_id: str = "empires") -> str:
        return self.aoe3_name if edition_id == "aoe3" and self.aoe3_name else self.name


Edges = frozenset[frozenset[str]]


def _load() -> tuple[dict[str, Region], Edges, Edges, tuple[str, ...]]:
    data = json.loads(resources.files(__package__).joinpath("map.json").read_text("utf-8"))
    regions = {row["id"]: Region(**row) for row in data["regions"]}
    edges = frozenset(frozenset(a["regions"]) for a in data["adjacency"])
    confirmed = frozenset(frozenset(a["regions"]) for a in data["adjacency"] if a["confirmed"])
    for region in regions.values():
        if region.good not in GOODS:
            raise ValueError(f"map.json: region {region.id} has unknown good {region.good!r}")
    for edge in edges:
        if not edge <= regions.keys() or len(edge) != 2:
            raise ValueError(f"map.json: bad adjacency {sorted(edge)}")
    return regions, edges, confirmed, tuple(data["start_discovered"])


REGIONS, ADJACENCY, CONFIRMED_ADJACENCY, START_DISCOVERED = _load()
REGION_IDS = tuple(REGIONS)
REGION_GOODS = {region.good for region in REGIONS.values()}


def region(region_id: str) -> Region:
    try:
        return REGIONS[region_id]
    except KeyError:
        raise ValueError(
            f"unknown region {region_id!r} (regions: {', '.join(REGIONS)})"
        ) from None


def neighbours(region_id: str) -> set[str]:
    region(region_id)
    return {other for edge in ADJACENCY if region_id in edge for other in edge - {region_id}}


def adjacent(a: str, b: str) -> bool:
    return frozenset((a, b)) in ADJACENCY
