"""Plague (immediate, thinning): everyone with 3 or more workers in a region loses one of them
there, of their choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import names
from companion.engine.common import (
    refuse,
    remove_from_region,
)
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import record_move, with_choice
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building
from companion.rules.regions import REGIONS

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_WORKER = Kind.WORKER


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    losses = choice.get("losses", {})
    hit = [(r, p) for r in REGIONS for p in state.regions[r] if state.workers_in_region(r, p) >= 3]
    for region, name in hit:
        worker = losses.get(region, {}).get(name)
        if worker is None:
            raise refuse(state, _("{name}: say which worker {name2} loses {in_region}").format(
                                    name=names.building_of(state, b), name2=name,
                                    in_region=names.region_in(state.setup.edition, region)))
        remove_from_region(state, region, name, {worker: 1}, names.building_of(state, b))
    extra = {(r, p) for r, by in losses.items() for p in by} - set(hit)
    if extra:
        r, p = sorted(extra)[0]
        raise refuse(state, _("{name}: {p} has fewer than 3 workers {in_region}, loses "
                              "nobody").format(
                                name=names.building_of(state, b), p=p,
                                in_region=names.region_in(state.setup.edition, r)))


def _next_loss(state: GameState, losses: Mapping) -> tuple[str, str] | None:
    """The next region and player (3 or more workers there) whose loss is not chosen yet."""
    regions = state.regions
    for region in REGIONS:
        for name in regions[region]:
            if state.workers_in_region(region, name) >= 3 and name not in losses.get(region, {}):
                return region, name
    return None


def _moves(state: GameState, draft: Mapping[str, Any], me: str) -> Legal | None:
    losses = draft["choice"].get("losses", {})
    found = _next_loss(state, losses)
    if found is None:  # nothing (more) to lose: recorded with the losses chosen, if any
        return None if "losses" in draft["choice"] else record_move(with_choice(draft, losses={}))
    region, name = found
    return Legal(_WORKER, "buy", name, tuple(
        Move(w, draft=with_choice(draft, losses={
            **losses, region: {**losses.get(region, {}), name: w}}))
        for w, n in state.regions[region][name].items() if n), draft=draft)


def _words(state: GameState, legal: Legal, ask: str) -> Decision | None:
    found = _next_loss(state, legal.draft["choice"].get("losses", {}))
    if found is None:
        return None
    region, name = found
    prompt = ask + _("which worker does {name} lose {in_region}?").format(
        name=name, in_region=names.region_in(state.setup.edition, region))
    return Decision(Kind.WORKER, prompt, name, "buy", draft=legal.draft, answers=tuple(
        Answer(names.worker(m.value), m.value, m.events, m.draft) for m in legal.moves))


POWER = BuildingPower("plague_thin", on_purchase=_effect, purchase_moves=_moves,
                      purchase_words=_words)
