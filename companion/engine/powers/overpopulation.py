"""Overpopulation (immediate): 3 colonists from your stock go to discovered regions, split as
you like.
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
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move, Option
from companion.engine.powers.base import BuildingPower, choice_of
from companion.engine.questions import (
    LIST_AT_MOST,
    counts_field,
    labelled_field,
    multisets,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.i18n import _, format_list, pgettext
from companion.rules.buildings import Building


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    split = choice_of(state, choice, "regions", b)
    if not isinstance(split, dict) or sum(split.values()) != 3 or min(split.values()) < 0:
        raise refuse(state, _("{name} places exactly 3 colonists: give region -> count").format(
                                name=names.building_of(state, b)))
    for region, n in split.items():
        check_region(state, region)
        placed = from_reserve(state, who, "colonist", n)
        if placed:
            add_to_region(state, region, who.name, "colonist", placed)


def _moves(state: GameState, draft: Mapping[str, Any], me: str) -> Legal | None:
    """How the 3 colonists split between the discovered regions: listed, or a field."""
    if "regions" in draft["choice"]:
        return None
    splits = multisets(dict.fromkeys(state.discovered, 3), 3)
    if len(splits) <= LIST_AT_MOST:
        return Legal(Kind.MULTISET, "buy", me, tuple(
            Move(c, draft=with_choice(draft, regions=c)) for c in splits), draft=draft)

    def split(counts: dict[str, int]) -> Answer | None:
        return Answer("", counts, draft=with_choice(draft, regions=counts))

    options = tuple(Option(r, "", 3) for r in state.discovered)
    return Legal(Kind.MULTISET, "buy", me, draft=draft,
                 field=counts_field(state, options, 3, split))


def _words(state: GameState, legal: Legal, ask: str) -> Decision | None:
    if "regions" in legal.draft["choice"]:
        return None

    def label(counts: Mapping[str, int]) -> str:
        edition = state.setup.edition
        return format_list([pgettext("workers in a region", "{n} {in_region}").format(
            n=n, in_region=names.region_in(edition, r)) for r, n in counts.items()])

    field = legal.field
    if field is not None:
        field = labelled_field(field, lambda r: names.region(state.setup.edition, r), label)
    return Decision(Kind.MULTISET, ask + _("how are the 3 colonists split between regions?"),
                    legal.player, "buy", draft=legal.draft, field=field, answers=tuple(
                        Answer(label(m.value), m.value, m.events, m.draft)
                        for m in legal.moves))


POWER = BuildingPower("overpopulation", on_purchase=_effect, purchase_moves=_moves,
                      purchase_words=_words)
