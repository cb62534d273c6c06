"""Mint (Builder, Age II): every turn, before income is paid, its owner must choose gold or
silver (not both); the Income phase then pays $2 per good of that kind owned. Building money,
so never Economy VP (`000_…`, Appendix II, "Hôtel des Monnaies"; "Phase 3 : Revenus").
"""

from __future__ import annotations

from collections.abc import Mapping

from companion import names
from companion.engine.common import refuse
from companion.engine.decisions import Decision, Kind
from companion.engine.flow import Phase, Step
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import clean, ready, with_choice
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_RESOLUTION = Phase.RESOLUTION
_INCOME = Step.INCOME

MINT_PER_GOOD = 2
MINT_GOODS = ("gold", "silver")
WHEN = _("the Mint's owner chooses gold or silver before income is paid, in the Income phase")


def _moment(state: GameState, b: Building) -> bool:
    return state.phase == _RESOLUTION and state.step == _INCOME


def _choose(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    good = choice.get("good")
    if good not in MINT_GOODS:
        raise refuse(state, _("{name} pays for gold or for silver, not {good!r}").format(
                                name=names.building_of(state, b), good=good))
    state.turn_choices[f"{who.name}:mint"] = good


def _paid(state: GameState, who: PlayerState) -> None:
    good = state.turn_choices.get(f"{who.name}:mint")
    if good is not None:
        who.money += MINT_PER_GOOD * who.goods[good]


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    goods = state.players[me].goods
    pays = {g: MINT_PER_GOOD * goods[g] for g in MINT_GOODS}
    prompt = _("{me}'s Mint, before income is paid: paid for gold or for silver this turn?").format(
                 me=me)
    if pays["gold"] == pays["silver"]:  # the same money either way: nothing to choose
        return Decision(Kind.GOOD, prompt, me, "benefit", draft=draft, answers=(
            ready(_("gold or silver: ${pays} either way").format(pays=pays['gold']), "gold",
                  clean(with_choice(draft, good="gold"))),))
    return Decision(Kind.GOOD, prompt, me, "benefit", draft=draft, answers=tuple(
        ready(names.good(g), g, clean(with_choice(draft, good=g)), note=names.money(pays[g]),
              usual=pays[g] == max(pays.values()))
        for g in MINT_GOODS))


POWER = BuildingPower("mint", use=_choose, ask_use=_ask, moment=_moment, on_income=_paid,
                      asked_at=Step.INCOME, when=WHEN)
