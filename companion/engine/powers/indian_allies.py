"""Indian Allies (immediate): 2 soldiers from your stock join one region where you already have
a worker. A buyer with no worker in the New World still buys it: the soldiers have no colony
to join and stay in the stock (both books set no condition on the purchase).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import names
from companion.engine.common import (
    add_to_region,
    check_region,
    from_reserve,
    refuse,
)
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.powers.base import BuildingPower, choice_of
from companion.engine.questions import regions_with, with_choice
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_REGION = Kind.REGION


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    if "region" not in choice and not regions_with(state, who.name):
        return  # no colony: nowhere for the soldiers to go
    region = check_region(state, choice_of(state, choice, "region", b))
    if not state.workers_in_region(region, who.name):
        raise refuse(state, _("{name}: {name2} has no worker {in_region}").format(
                                name=names.building_of(state, b), name2=who.name,
                                in_region=names.region_in(state.setup.edition, region)))
    soldiers = from_reserve(state, who, "soldier", 2)
    if soldiers:
        add_to_region(state, region, who.name, "soldier", soldiers)


def _moves(state: GameState, draft: Mapping[str, Any], me: str) -> Legal | None:
    colonies = regions_with(state, me)
    if "region" in draft["choice"] or not colonies:  # (none: bought, no soldiers placed)
        return None
    return Legal(_REGION, "buy", me, tuple(
        Move(r, draft=with_choice(draft, region=r)) for r in colonies), draft=draft)


def _words(state: GameState, legal: Legal, ask: str) -> Decision | None:
    if legal.kind != Kind.REGION:  # (the purchase's record: nothing asked)
        return None
    return Decision(Kind.REGION, ask + _("which region gets the 2 soldiers (you have a worker "
                    "there)?"), legal.player, "buy", draft=legal.draft, answers=tuple(
                        Answer(names.region(state.setup.edition, m.value), m.value, m.events,
                               m.draft)
                        for m in legal.moves))


POWER = BuildingPower("indian_allies", on_purchase=_effect, purchase_moves=_moves,
                      purchase_words=_words)
