"""Stables: move one of your soldiers to a neighbouring discovered region, once a turn.

Empires: "juste avant de résoudre les découvertes" (`000_…`, Appendix II, "Étables"), so
only at the moment just before Discovery resolves, whether or not anyone sails: the tracks
stop there while the move is possible. Age of Empires III: in phase 4 (`001_…`, Annex II,
"Ecurie"). The catalogue's ``timing`` says which.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion import names
from companion.engine.common import (
    add_to_region,
    check_region,
    discovery_began,
    refuse,
    remove_from_region,
)
from companion.engine.decisions import Decision, Kind
from companion.engine.flow import Phase, Step
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import clean, move_from, ready, with_choice
from companion.engine.state import GameState, PlayerState
from companion.i18n import N_, _
from companion.rules.buildings import Building
from companion.rules.regions import adjacent, neighbours

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_BENEFITS = Phase.BENEFITS
_RESOLUTION = Phase.RESOLUTION
_DISCOVERY = Step.DISCOVERY


def _before_discovery(b: Building) -> bool:
    return b.effect.timing == "before_discovery"


def _acts_before(b: Building) -> Step | None:
    return _DISCOVERY if _before_discovery(b) else None


def _moment(state: GameState, b: Building) -> bool:
    if _before_discovery(b):  # Discovery is next and nobody has sailed yet
        return (state.phase == _RESOLUTION and state.step == _DISCOVERY
                and not discovery_began(state))
    return state.phase == _BENEFITS


def _targets(state: GameState, source: str) -> list[str]:
    return [r for r in sorted(neighbours(source)) if r in state.discovered]


def _can_move(state: GameState, who: PlayerState, b: Building) -> bool:
    """A soldier of ``who`` stands in a region with a discovered neighbour."""
    return any(counts.get("soldier") and _targets(state, r)
               for r, by in state.regions.items() if (counts := by.get(who.name)))


def _use(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    source = check_region(state, choice.get("from"))
    target = check_region(state, choice.get("to"))
    if not adjacent(source, target):
        raise refuse(state, _("{region_name} and {region_name2} are not neighbours").format(
                                region_name=names.region(state.setup.edition, source),
                                region_name2=names.region(state.setup.edition, target)))
    remove_from_region(state, source, who.name, {"soldier": 1}, names.building_of(state, b))
    who.reserve["soldier"] -= 1  # it marches, it does not go home
    add_to_region(state, target, who.name, "soldier")


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    choice = draft["choice"]
    if "from" not in choice:
        return move_from(state, draft, me, ask + _("move a soldier from which region?"),
                         "soldier")
    return Decision(Kind.REGION, ask + _("to which neighbouring region?"), me, "benefit",
                    draft=draft, answers=tuple(
                        ready(names.region(state.setup.edition, r), r,
                              clean(with_choice(draft, to=r)))
                        for r in _targets(state, choice["from"])))


POWER = BuildingPower("stables", use=_use, ask_use=_ask, moment=_moment, available=_can_move,
                      acts_before=_acts_before,
                      when=N_("Stables move a soldier just before Discovery resolves (Empires) "
                           "or in the building phase (Age of Empires III)"))
