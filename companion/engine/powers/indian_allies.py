"""Indian Allies (immediate): 2 soldiers from your stock join one region where you already have
a worker. A buyer with no worker in the New World still buys it: the soldiers have no colony
to join and stay in the stock (both books set no condition on the purchase).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.common import (
    add_to_region,
    check_region,
    from_reserve,
    refuse,
    region_name,
)
from companion.engine.decisions import Decision, Kind
from companion.engine.powers.base import BuildingPower, choice_of
from companion.engine.questions import (
    region_answers,
    regions_with,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    if "region" not in choice and not regions_with(state, who.name):
        return  # no colony: nowhere for the soldiers to go
    region = check_region(state, choice_of(state, choice, "region", b))
    if not state.workers_in_region(region, who.name):
        raise refuse(state, _("{name}: {name2} has no worker in {region_name}").format(
                                name=b.name, name2=who.name,
                                region_name=region_name(state, region)))
    soldiers = from_reserve(state, who, "soldier", 2)
    if soldiers:
        add_to_region(state, region, who.name, "soldier", soldiers)


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    colonies = regions_with(state, me)
    if "region" in draft["choice"] or not colonies:  # (none: bought, no soldiers placed)
        return None
    return Decision(Kind.REGION, ask + _("which region gets the 2 soldiers (you have a worker "
                    "there)?"), me, "buy", draft=draft,
                    answers=region_answers(state, colonies,
                                            lambda r: with_choice(draft, region=r)))


POWER = BuildingPower("indian_allies", on_purchase=_effect, ask_purchase=_ask)
