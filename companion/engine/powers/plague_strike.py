"""Plague (immediate, one region): up to 3 colonists of one player in one region go home."""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.common import (
    check_region,
    player,
    refuse,
    region_name,
    remove_from_region,
)
from companion.engine.decisions import Decision, Kind
from companion.engine.powers.base import BuildingPower, choice_of
from companion.engine.questions import (
    clean,
    listed,
    plural,
    ready,
    region_answers,
    then,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building
from companion.rules.regions import REGIONS


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    region = check_region(state, choice_of(state, choice, "region", b))
    victim = player(state, choice_of(state, choice, "player", b))
    n = choice_of(state, choice, "colonists", b)
    if not isinstance(n, int) or not 0 <= n <= 3:
        raise refuse(state, _("{name} removes 0 to 3 colonists").format(name=b.name))
    remove_from_region(state, region, victim.name, {"colonist": n}, b.name)


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    choice = draft["choice"]
    if "region" not in choice:
        occupied = [r for r in REGIONS if state.regions[r]]
        return Decision(Kind.REGION, ask + _("which region does the plague strike?"), me, "buy",
                        draft=draft, answers=region_answers(
                            state, occupied, lambda r: with_choice(draft, region=r)))
    region = choice["region"]
    if "player" not in choice:
        return Decision(Kind.PLAYER, ask + _("whose colonists in {region_name}?").format(
                                               region_name=region_name(state, region)),
                        me, "buy", draft=draft, answers=listed(
                            then(n, n, with_choice(draft, player=n))
                            for n in state.regions[region]))
    if "colonists" not in choice:
        most = min(3, state.regions[region].get(choice["player"], {}).get("colonist", 0))
        return Decision(Kind.NUMBER, ask + _("how many colonists are removed (up to 3)?"), me,
                        "buy", draft=draft, answers=tuple(
                            ready(plural(n, "colonist"), n,
                                   clean(with_choice(draft, colonists=n)), usual=n == most)
                            for n in range(most, -1, -1)))
    return None


POWER = BuildingPower("plague_strike", on_purchase=_effect, ask_purchase=_ask)
