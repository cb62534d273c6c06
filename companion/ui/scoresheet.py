"""The end-of-game score sheet: final VP for a table that did not record the game turn by turn.

Plain Python over ``companion.scoring``: the page collects what each player has at the end,
this module scores it and ranks the players with the rule book's tie-breaks.

>>> ann = SheetPlayer("Ann", colony=(6, 8, 10), discoveries=("t01",), buildings=("navy",),
...                   goods={"fur": 3}, ships=2, money=12)
>>> bob = SheetPlayer("Bob", colony=(6, 8, 10), money=30)
>>> [(r.place, r.score.player, r.score.total) for r in score_sheet("empires", False, [ann, bob])]
[(1, 'Ann', 42), (2, 'Bob', 24)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.rules.buildings import END_VP_QUANTITIES, Building, buildings_for
from companion.rules.discoveries import DISCOVERIES
from companion.scoring import (
    EndFacts,
    Income,
    ScoreBreakdown,
    best_income,
    building_vp,
    discovery_vp,
    rank,
)

# The end-VP quantities the sheet asks for only when a building owned needs them.
ASKED_FACTS = tuple(q for q in END_VP_QUANTITIES
                    if q not in ("goods", "ships", "money", "buildings", "discoveries"))
FACT_TITLES = {
    "new_world_workers": "Workers in the New World",
    "new_world_soldiers": "Soldiers in the New World",
    "new_world_builders": "Builders in the New World",
    "specialists_track_workers": "Workers on the Specialists track",
    "glory_regions": "Regions counting for Glory",
}


@dataclass(frozen=True)
class SheetPlayer:
    """What one player has at the end of turn 8."""

    name: str
    colony: tuple[int, int, int] = (0, 0, 0)
    discoveries: tuple[str, ...] = ()  # token and card ids picked
    typed_discovery_vp: int | None = None  # instead of picking tokens
    typed_discovery_count: int = 0  # tokens and cards owned, when the VP is typed
    buildings: tuple[str, ...] = ()
    extra_buildings: int = 0  # tiles not in the list (a second Settlers)
    goods: Mapping[str, int] = field(default_factory=dict)
    ships: int = 0
    money: int = 0
    bought: int = 0
    facts: Mapping[str, int] = field(default_factory=dict)  # ASKED_FACTS values


@dataclass(frozen=True)
class SheetResult:
    place: int
    score: ScoreBreakdown
    income: Income


def facts_needed(edition: str, builders: bool, building_ids: Sequence[str]) -> list[str]:
    """The extra quantities the chosen buildings' end-VP formulas read."""
    catalogue = buildings_for(edition, builders)
    needed = []
    for b in building_ids:
        formula = catalogue[b].effect.end_vp if b in catalogue else None
        if formula and formula.per in ASKED_FACTS and formula.per not in needed:
            needed.append(formula.per)
    return needed


def _facts(p: SheetPlayer) -> EndFacts:
    discoveries = (p.typed_discovery_count if p.typed_discovery_vp is not None
                   else len(p.discoveries))
    return EndFacts(
        goods=sum(p.goods.values()), ships=p.ships, money=p.money,
        buildings=len(p.buildings) + p.extra_buildings, discoveries=discoveries,
        **{q: int(p.facts.get(q, 0)) for q in ASKED_FACTS},
    )


def score_player(catalogue: Mapping[str, Building], p: SheetPlayer) -> tuple[ScoreBreakdown,
                                                                            Income]:
    facts = _facts(p)
    income = best_income({g: n for g, n in p.goods.items() if n}, p.ships)
    discovered = (p.typed_discovery_vp if p.typed_discovery_vp is not None
                  else discovery_vp(DISCOVERIES[d] for d in p.discoveries))
    score = ScoreBreakdown(
        player=p.name, colony=tuple(p.colony), discoveries=discovered,
        buildings={b: building_vp(catalogue[b], facts) for b in p.buildings},
        economy=income.dollars, bought=p.bought, money=p.money,
        goods_and_ships=facts.goods + facts.ships,
    )
    return score, income


def score_sheet(edition: str, builders: bool, players: Sequence[SheetPlayer]) -> list[SheetResult]:
    """Every player's final score, ranked (ties: turn-8 colony VP, money, goods plus ships)."""
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise ValueError("two players have the same name")
    catalogue = buildings_for(edition, builders)
    scored = {p.name: score_player(catalogue, p) for p in players}
    return [SheetResult(place, s, scored[s.player][1])
            for place, s in rank(score for score, _ in scored.values())]
