"""Migration: each turn, move 1 or 2 of your colonists from one region to another."""

from __future__ import annotations

from collections.abc import Mapping

from companion import names
from companion.engine.common import (
    add_to_region,
    check_region,
    refuse,
    remove_from_region,
)
from companion.engine.decisions import Decision, Kind
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import (
    clean,
    move_from,
    plural,
    ready,
    region_answers,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    source = check_region(state, choice.get("from"))
    target = check_region(state, choice.get("to"))
    n = choice.get("colonists", 0)
    if source == target or not isinstance(n, int) or not 1 <= n <= 2:
        raise refuse(state, _("{name} moves 1 or 2 colonists between two different regions").format(
                                name=names.building_of(state, b)))
    remove_from_region(state, source, who.name, {"colonist": n}, names.building_of(state, b))
    who.reserve["colonist"] -= n  # they travel, not go home
    add_to_region(state, target, who.name, "colonist", n)


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    choice = draft["choice"]
    if "from" not in choice:
        return move_from(state, draft, me, ask + _("move colonists from which region?"),
                         "colonist")
    if "to" not in choice:
        targets = [r for r in state.discovered if r != choice["from"]]
        return Decision(Kind.REGION, ask + _("to which region?"), me, "benefit", draft=draft,
                        answers=region_answers(state, targets,
                                                lambda r: with_choice(draft, to=r)))
    have = state.regions[choice["from"]].get(me, {}).get("colonist", 0)
    return Decision(Kind.NUMBER, ask + _("how many colonists move?"), me, "benefit", draft=draft,
                    answers=tuple(ready(plural(n, "colonist"), n,
                                         clean(with_choice(draft, colonists=n)))
                                  for n in range(1, min(2, have) + 1)))


POWER = BuildingPower("migration", use=_effect, ask_use=_ask)
