"""Broker: each turn, sell goods back to the supply for $5 each."""

from __future__ import annotations

from collections.abc import Mapping

from companion import names
from companion.engine.common import (
    check_good,
    refuse,
)
from companion.engine.decisions import Answer, Decision, Kind, Option
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import (
    counts_field,
    counts_words,
    record,
    then,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building

BROKER_PRICE = 5


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    sold = choice.get("goods", {})
    if not isinstance(sold, dict) or not sold:
        raise refuse(state, _("{name}: say which goods are sold").format(name=names.building_of(
                state, b)))
    for good, n in sold.items():
        check_good(state, good)
        if not isinstance(n, int) or n < 0 or who.goods[good] < n:
            raise refuse(state, _("{name} cannot sell {n} {good} (has {goods})").format(
                                    name=who.name, n=n, good=good, goods=who.goods[good]))
    for good, n in sold.items():
        who.goods[good] -= n
        state.supply[good] += n
        who.money += BROKER_PRICE * n


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    if "goods" in draft["choice"]:
        return record(draft)
    owned = {g: n for g, n in state.players[me].goods.items() if n}
    if not owned:
        return Decision(Kind.MULTISET, ask + _("nothing to sell."), me, "benefit", draft=draft)
    options = tuple(Option(g, names.good(g), n, note=_("${BROKER_PRICE} each").format(
                                                        BROKER_PRICE=BROKER_PRICE))
                    for g, n in owned.items())

    def sell(counts: dict[str, int]) -> Answer | None:
        return then(counts_words(counts), counts, with_choice(draft, goods=counts))

    return Decision(Kind.MULTISET, ask + _("which goods are sold (${BROKER_PRICE} each)?").format(
                                             BROKER_PRICE=BROKER_PRICE), me, "benefit", draft=draft,
                    field=counts_field(state, options, None, sell, least=1))


POWER = BuildingPower("broker", use=_effect, ask_use=_ask)
