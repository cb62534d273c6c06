"""Final scoring from the state: every player's VP breakdown and the standings.

Before the end of turn 8 the same functions give a provisional score (economy from the
current goods and ships), which the scoreboard shows as the game goes.
"""

from __future__ import annotations

from typing import Any

from companion.engine.events import parse_event
from companion.engine.state import GameState
from companion.rules.discoveries import DISCOVERIES
from companion.rules.editions import LAST_TURN, SCORING_REGION_MINIMUM, SCORING_TURNS
from companion.rules.regions import REGIONS
from companion.scoring import (
    EndFacts,
    RegionScoring,
    ScoreBreakdown,
    best_income_dollars,
    building_vp,
    discovery_vp,
    glory_regions,
    rank,
    region_scoring,
    tie_goods,
    trusted_colony_scores,
)


def region_counts(state: GameState) -> dict[str, dict[str, int]]:
    """region -> player -> workers there (what glory is judged on): ``workers_in_region``
    of each pair, read in one pass over the board."""
    players = state.players
    counts = {}
    for r in REGIONS:
        here = state.regions[r]
        counts[r] = {p: sum(here[p].values()) if p in here else 0 for p in players}
    return counts


def score_colonies(state: GameState, regions: dict[str, dict[str, int]] | None = None,
                   ) -> dict[str, dict[str, int]]:
    """Colony VP per region for every player, as the scoring at the end of an age gives it
    (``regions``: ``region_counts(state)``, when the caller already has it)."""
    if regions is None:
        regions = region_counts(state)
    by_region = {}
    order = state.order
    for region in REGIONS:
        here = regions[region]
        if max(here.values(), default=0) < SCORING_REGION_MINIMUM:  # (most regions: no VP)
            by_region[region] = dict.fromkeys(order, 0)
            continue
        workers = {name: here[name] for name in order}
        builders = sum(c.get("builder", 0) for c in state.regions[region].values())
        by_region[region] = trusted_colony_scores(workers, builders)  # (the board's counts)
    return by_region


def colony_scoring(state: GameState) -> tuple[RegionScoring, ...]:
    """The regions a colony scoring of the board as it stands judges, in the board's order:
    each player's workers there (turn order), who is first and second, the VP each wins
    (as ``score_colonies`` gives them; regions nobody can score are left out)."""
    judged = []
    counts = region_counts(state)
    for region in REGIONS:
        here = counts[region]
        if max(here.values(), default=0) < SCORING_REGION_MINIMUM:
            continue
        builders = sum(c.get("builder", 0) for c in state.regions[region].values())
        found = region_scoring(region, {name: here[name] for name in state.order}, builders)
        if found is not None:
            judged.append(found)
    return tuple(judged)


def scoring_of(state: GameState, event: Any) -> tuple[RegionScoring, ...] | None:
    """The colony scoring that ``event`` (applied to ``state``) carries out, region by
    region; None when the event scores no colonies (every event but the refresh at the end
    of a scoring turn)."""
    if parse_event(event).type != "refresh" or state.turn not in SCORING_TURNS:
        return None
    return colony_scoring(state)


def new_world_tally(state: GameState, name: str) -> tuple[int, int, int]:
    """``new_world_workers`` of ``name`` in all, of soldiers and of builders, in one pass."""
    total = soldiers = builders = 0
    for region in state.regions.values():
        counts = region.get(name)
        if counts:
            total += sum(counts.values())
            soldiers += counts.get("soldier", 0)
            builders += counts.get("builder", 0)
    return total, soldiers, builders


def end_facts(state: GameState, name: str,
              regions: dict[str, dict[str, int]] | None = None) -> EndFacts:
    """``regions``: ``region_counts(state)``, when the caller already has it."""
    who = state.players[name]
    if regions is None:
        regions = region_counts(state)
    new_world, soldiers, builders = new_world_tally(state, name)
    return EndFacts(
        goods=sum(who.goods.values()),
        ships=who.ships,
        money=who.money if who.wealth_money is None else who.wealth_money,
        buildings=len(who.buildings),
        discoveries=len(who.discoveries),
        new_world_workers=new_world,
        new_world_soldiers=soldiers,
        new_world_builders=builders,
        specialists_track_workers=sum(
            1 for s in state.tracks.get("specialists", []) if s.player == name),
        glory_regions=glory_regions(name, regions, state.edition.glory_rule),
    )


def final_scores(state: GameState,
                 regions: dict[str, dict[str, int]] | None = None) -> list[ScoreBreakdown]:
    """``regions``: ``region_counts(state)``, when the caller already has it."""
    scores = []
    catalogue = state.catalogue
    for name, who in state.players.items():
        owned = [catalogue[b] for b in who.buildings]
        facts = _NO_FACTS  # only end-VP formulas read them (each turn's snapshot scores too)
        if any(b.effect.end_vp for b in owned):
            if regions is None:
                regions = region_counts(state)  # the same for every player
            facts = end_facts(state, name, regions)
        economy = who.income.get(LAST_TURN)
        if economy is None:
            economy = best_income_dollars(who.goods, who.ships)
        scores.append(ScoreBreakdown(
            player=name,
            colony=(who.colony_vp[0], who.colony_vp[1], who.colony_vp[2]),
            discoveries=discovery_vp(DISCOVERIES[d] for d in who.discoveries),
            buildings={b.id: building_vp(b, facts) for b in owned},
            economy=economy,
            bought=who.bought_vp + who.corrected_vp,
            money=who.money,
            tie_goods=tie_goods(state.setup.edition, sum(who.goods.values()), who.ships),
        ))
    return scores


_NO_FACTS = EndFacts()


def standings(state: GameState) -> list[tuple[int, ScoreBreakdown]]:
    return rank(final_scores(state))
