"""Papal Edict (immediate): you and one opponent each place 2 colonists in a region where
each already has a worker (the opponent picks its own region); you say who goes first.

Any opponent may be named (`000_…`, Appendix II, "Édit du Pape": "Le propriétaire choisit un
autre joueur"), and the owner needs no colony to buy it: a player with no worker in the New
World has nowhere to place, so their 2 colonists stay in the stock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import names
from companion.engine.common import (
    add_to_region,
    check_region,
    from_reserve,
    player,
    refuse,
)
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.powers.base import BuildingPower, choice_of
from companion.engine.questions import clean, regions_with, with_choice
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    opponent = player(state, choice_of(state, choice, "opponent", b))
    if opponent.name == who.name:
        raise refuse(state, _("{name}: name an opponent, not yourself").format(
                name=names.building_of(state, b)))
    moves = []
    for p, key in ((who, "region"), (opponent, "opponent_region")):
        if key not in choice and not regions_with(state, p.name):
            continue  # no colony: nowhere for their colonists to go
        region = check_region(state, choice_of(state, choice, key, b))
        if not state.workers_in_region(region, p.name):
            raise refuse(state, _("{name}: {name2} has no worker {in_region}").format(
                                    name=names.building_of(state, b), name2=p.name,
                                    in_region=names.region_in(state.setup.edition, region)))
        moves.append((p, region))
    if choice.get("opponent_first"):
        moves.reverse()
    for p, region in moves:
        placed = from_reserve(state, p, "colonist", 2)
        if placed:
            add_to_region(state, region, p.name, "colonist", placed)


def _stage(state: GameState, choice: Mapping, me: str) -> str | None:
    """What is asked next: the opponent, my region, theirs, who places first (None: all
    is known)."""
    if "opponent" not in choice:
        return "opponent"
    mine = bool(regions_with(state, me))
    if mine and "region" not in choice:
        return "region"
    theirs = bool(regions_with(state, choice["opponent"]))
    if theirs and "opponent_region" not in choice:
        return "opponent_region"
    if mine and theirs and "opponent_first" not in choice:  # (one alone: no order to pick)
        return "opponent_first"
    return None


def _moves(state: GameState, draft: Mapping[str, Any], me: str) -> Legal | None:
    choice = draft["choice"]
    stage = _stage(state, choice, me)
    if stage == "opponent":
        return Legal(Kind.PLAYER, "buy", me, tuple(
            Move(n, draft=with_choice(draft, opponent=n)) for n in state.order if n != me),
            draft=draft)
    if stage == "region":
        return Legal(Kind.REGION, "buy", me, tuple(
            Move(r, draft=with_choice(draft, region=r)) for r in regions_with(state, me)),
            draft=draft)
    if stage == "opponent_region":
        # Each of the two places its own colonists (`000_…`, Appendix II, "Édit du Pape").
        opponent = choice["opponent"]
        return Legal(Kind.REGION, "buy", opponent, tuple(
            Move(r, draft=with_choice(draft, opponent_region=r))
            for r in regions_with(state, opponent)), draft=draft)
    if stage == "opponent_first":
        return Legal(Kind.YES_NO, "buy", me, tuple(
            Move(first, events=(clean(with_choice(draft, opponent_first=first)),),
                 usual=not first) for first in (False, True)), draft=draft)
    return None


def _words(state: GameState, legal: Legal, ask: str) -> Decision | None:
    draft = legal.draft
    choice = draft["choice"]
    me = draft["player"]
    stage = _stage(state, choice, me)
    if stage is None:
        return None
    if stage == "opponent":
        prompt = ask + _("which opponent also places 2 colonists?")
    elif stage == "region":
        prompt = ask + _("your 2 colonists go to which of your regions?")
    elif stage == "opponent_region":
        prompt = ask + _("{opponent}'s 2 colonists go to which of their regions?").format(
            opponent=choice["opponent"])
    else:
        prompt = ask + _("who places first?")
    return Decision(legal.kind, prompt, legal.player, "buy", draft=draft, answers=tuple(
        Answer(_label(state, stage, m.value, me, choice), m.value, m.events, m.draft,
               note=_note(state, stage, m.value), usual=m.usual) for m in legal.moves))


def _label(state: GameState, stage: str, value: Any, me: str, choice: Mapping) -> str:
    if stage == "opponent":
        return str(value)  # a player's name
    if stage == "opponent_first":
        return (_("{opponent} first").format(opponent=choice["opponent"]) if value
                else _("{me} first").format(me=me))
    return names.region(state.setup.edition, value)


def _note(state: GameState, stage: str, value: Any) -> str:
    if stage == "opponent" and not regions_with(state, value):
        return _("no worker in the New World: places nothing")
    return ""


POWER = BuildingPower("papal_edict", on_purchase=_effect, purchase_moves=_moves,
                      purchase_words=_words)
