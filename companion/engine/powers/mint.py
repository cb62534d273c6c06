"""Mint: each turn, paid $2 for every gold or every silver you own (you choose which)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.common import refuse
from companion.engine.decisions import Decision, Kind
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import (
    clean,
    ready,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.rules.buildings import Building

MINT_PER_GOOD = 2


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    good = choice.get("good")
    if good not in ("gold", "silver"):
        raise refuse(state, f"{b.name} pays for gold or silver, not {good!r}")
    who.money += MINT_PER_GOOD * who.goods[good]


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    goods = state.players[me].goods
    return Decision(Kind.GOOD, ask + "paid for gold or silver?", me, "benefit", draft=draft,
                    answers=tuple(
                        ready(g, g, clean(with_choice(draft, good=g)),
                               note=f"${MINT_PER_GOOD * goods[g]}")
                        for g in ("gold", "silver")))


POWER = BuildingPower("mint", use=_effect, ask_use=_ask)
