"""Stables: move one of your soldiers to a neighbouring discovered region, once a turn.

Empires: just before Discovery resolves (so the tracks wait at a declare step for it);
Age of Empires III: in phase 4. The catalogue's ``timing`` says which.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.common import (
    add_to_region,
    check_region,
    refuse,
    region_name,
    remove_from_region,
)
from companion.engine.decisions import Decision, Kind
from companion.engine.flow import Phase, Step, steps_before
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import clean, move_from, ready, with_choice
from companion.engine.state import GameState, PlayerState
from companion.rules.buildings import Building
from companion.rules.regions import adjacent, neighbours


def _before_discovery(b: Building) -> bool:
    return b.effect.timing == "before_discovery"


def _moment(state: GameState, b: Building) -> bool:
    if _before_discovery(b):  # until the first expedition sails
        return state.phase == Phase.RESOLUTION and (
            state.step in steps_before(Step.DISCOVERY)
            or state.step == Step.DISCOVERY and not state.turn_uses.get("expeditions"))
    return state.phase == Phase.BENEFITS


def _use(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    source = check_region(state, choice.get("from"))
    target = check_region(state, choice.get("to"))
    if not adjacent(source, target):
        raise refuse(state, f"{region_name(state, source)} and {region_name(state, target)} "
                            "are not neighbours")
    remove_from_region(state, source, who.name, {"soldier": 1}, b.name)
    who.reserve["soldier"] -= 1  # it marches, it does not go home
    add_to_region(state, target, who.name, "soldier")


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    choice = draft["choice"]
    if "from" not in choice:
        return move_from(state, draft, me, ask + "move a soldier from which region?", "soldier")
    near = [r for r in sorted(neighbours(choice["from"])) if r in state.discovered]
    return Decision(Kind.REGION, ask + "to which neighbouring region?", me, "benefit",
                    draft=draft, answers=tuple(
                        ready(region_name(state, r), r, clean(with_choice(draft, to=r)))
                        for r in near))


POWER = BuildingPower("stables", use=_use, ask_use=_ask, moment=_moment,
                      acts_before_tracks=_before_discovery)
