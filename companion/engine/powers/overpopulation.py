"""Overpopulation (immediate): 3 colonists from your stock go to discovered regions, split as
you like.
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
from companion.engine.decisions import Answer, Decision, Kind, Option
from companion.engine.powers.base import BuildingPower, choice_of
from companion.engine.questions import (
    LIST_AT_MOST,
    counts_field,
    listed,
    multisets,
    then,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    split = choice_of(state, choice, "regions", b)
    if not isinstance(split, dict) or sum(split.values()) != 3 or min(split.values()) < 0:
        raise refuse(state, _("{name} places exactly 3 colonists: give region -> count").format(
                                name=b.name))
    for region, n in split.items():
        check_region(state, region)
        placed = from_reserve(state, who, "colonist", n)
        if placed:
            add_to_region(state, region, who.name, "colonist", placed)


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    if "regions" in draft["choice"]:
        return None
    limits = dict.fromkeys(state.discovered, 3)
    prompt = ask + _("how are the 3 colonists split between regions?")

    def split(counts: dict[str, int]) -> Answer | None:
        label = ", ".join(f"{n} in {region_name(state, r)}" for r, n in counts.items())
        return then(label, counts, with_choice(draft, regions=counts))

    splits = multisets(limits, 3)
    if len(splits) <= LIST_AT_MOST:
        return Decision(Kind.MULTISET, prompt, me, "buy", draft=draft,
                        answers=listed(split(c) for c in splits))
    options = tuple(Option(r, region_name(state, r), 3) for r in state.discovered)
    return Decision(Kind.MULTISET, prompt, me, "buy", draft=draft,
                    field=counts_field(state, options, 3, split))


POWER = BuildingPower("overpopulation", on_purchase=_effect, ask_purchase=_ask)
