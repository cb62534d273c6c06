"""Smuggling: each turn, swap one of your goods for one of another player's."""

from __future__ import annotations

from collections.abc import Mapping

from companion import names
from companion.engine.common import (
    check_good,
    player,
    refuse,
)
from companion.engine.decisions import Decision, Kind
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import (
    clean,
    listed,
    ready,
    then,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    other = player(state, choice.get("other"))
    give, take = check_good(state, choice.get("give")), check_good(state, choice.get("take"))
    if other.name == who.name:
        raise refuse(state, _("{name} swaps with another player").format(name=names.building_of(
                state, b)))
    if who.goods[give] < 1 or other.goods[take] < 1:
        raise refuse(state, _("{name}: {name2} needs a {give} and {name3} a {take}").format(
                                name=names.building_of(state,
                                        b), name2=who.name, give=give, name3=other.name,
                                take=take))
    who.goods[give] -= 1
    other.goods[give] += 1
    other.goods[take] -= 1
    who.goods[take] += 1


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    choice = draft["choice"]
    mine = [g for g, n in state.players[me].goods.items() if n]
    if "other" not in choice:
        others = [n for n in state.order if n != me and any(state.players[n].goods.values())]
        return Decision(Kind.PLAYER, ask + _("swap a good with whom?"), me, "benefit", draft=draft,
                        answers=listed(then(n, n, with_choice(draft, other=n))
                                         for n in (others if mine else [])))
    if "give" not in choice:
        return Decision(Kind.GOOD, ask + _("which of your goods do you give?"), me, "benefit",
                        draft=draft, answers=listed(
                            then(names.good(g), g, with_choice(draft, give=g))
                            for g in mine))
    theirs = [g for g, n in state.players[choice["other"]].goods.items() if n]
    return Decision(Kind.GOOD, ask + _("which of {choice}'s goods do you take?").format(
                                         choice=choice['other']), me,
                    "benefit", draft=draft, answers=tuple(
                        ready(names.good(g), g, clean(with_choice(draft, take=g)))
                        for g in theirs))


POWER = BuildingPower("smuggle", use=_effect, ask_use=_ask)
