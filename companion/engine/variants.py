"""Empires variants that are events of their own (scouting)."""

from __future__ import annotations

from companion.engine.common import pay, player, refuse
from companion.engine.events import Scout
from companion.engine.state import GameState
from companion.rules.regions import REGIONS

SCOUTING_PRICE = {1: 1, 2: 2, 3: 3}


def scout(state: GameState, ev: Scout) -> None:
    if not state.setup.options.scouting:
        raise refuse(state, "scouting is not used in this game")
    who = player(state, ev.player)
    if ev.target != "card" and (ev.target not in REGIONS or ev.target in state.discovered):
        raise refuse(state, f"there is no hidden token to look at in {ev.target!r}")
    if state.phase not in ("placement", "resolution"):
        raise refuse(state, "scouting happens during a turn")
    pay(state, who, SCOUTING_PRICE[state.age], "scouting")
