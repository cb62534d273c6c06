"""Papal Edict (immediate): you and one opponent each place 2 colonists in a region where
each already has a worker (the opponent picks its own region); you say who goes first.

Any opponent may be named (`000_…`, Appendix II, "Édit du Pape": "Le propriétaire choisit un
autre joueur"), and the owner needs no colony to buy it: a player with no worker in the New
World has nowhere to place, so their 2 colonists stay in the stock.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.common import (
    add_to_region,
    check_region,
    from_reserve,
    player,
    refuse,
    region_name,
)
from companion.engine.decisions import Decision, Kind
from companion.engine.powers.base import BuildingPower, choice_of
from companion.engine.questions import (
    clean,
    listed,
    ready,
    region_answers,
    regions_with,
    then,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    opponent = player(state, choice_of(state, choice, "opponent", b))
    if opponent.name == who.name:
        raise refuse(state, _("{name}: name an opponent, not yourself").format(name=b.name))
    moves = []
    for p, key in ((who, "region"), (opponent, "opponent_region")):
        if key not in choice and not regions_with(state, p.name):
            continue  # no colony: nowhere for their colonists to go
        region = check_region(state, choice_of(state, choice, key, b))
        if not state.workers_in_region(region, p.name):
            raise refuse(state, _("{name}: {name2} has no worker in {region_name}").format(
                                    name=b.name, name2=p.name,
                                    region_name=region_name(state, region)))
        moves.append((p, region))
    if choice.get("opponent_first"):
        moves.reverse()
    for p, region in moves:
        placed = from_reserve(state, p, "colonist", 2)
        if placed:
            add_to_region(state, region, p.name, "colonist", placed)


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    choice = draft["choice"]
    if "opponent" not in choice:
        return Decision(Kind.PLAYER, ask + _("which opponent also places 2 colonists?"), me, "buy",
                        draft=draft, answers=listed(
                            then(n, n, with_choice(draft, opponent=n),
                                 note="" if regions_with(state, n) else
                                 _("no worker in the New World: places nothing"))
                            for n in state.order if n != me))
    mine = regions_with(state, me)
    if mine and "region" not in choice:
        return Decision(Kind.REGION, ask + _("your 2 colonists go to which of your regions?"), me,
                        "buy", draft=draft, answers=region_answers(
                            state, mine, lambda r: with_choice(draft, region=r)))
    opponent = choice["opponent"]
    theirs = regions_with(state, opponent)
    if theirs and "opponent_region" not in choice:
        # Each of the two places its own colonists (`000_…`, Appendix II, "Édit du Pape").
        prompt = ask + _("{opponent}'s 2 colonists go to which of their regions?").format(
            opponent=opponent)
        return Decision(Kind.REGION, prompt, opponent, "buy", draft=draft,
                        answers=region_answers(
                            state, theirs, lambda r: with_choice(draft, opponent_region=r)))
    if mine and theirs and "opponent_first" not in choice:  # (one alone: no order to pick)
        return Decision(Kind.YES_NO, ask + _("who places first?"), me, "buy", draft=draft,
                        answers=(
            ready(_("{me} first").format(me=me), False,
                  clean(with_choice(draft, opponent_first=False)), usual=True),
            ready(_("{opponent} first").format(opponent=opponent), True,
                  clean(with_choice(draft, opponent_first=True)))))
    return None


POWER = BuildingPower("papal_edict", on_purchase=_effect, ask_purchase=_ask)
