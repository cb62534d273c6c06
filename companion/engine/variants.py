"""Small rules that are events of their own: scouting (Empires variant) and swaps."""

from __future__ import annotations

from companion.engine.common import (
    add_to_region,
    check_region,
    pay,
    player,
    refuse,
    remove_from_region,
)
from companion.engine.events import Scout, Swap
from companion.engine.flow import Phase
from companion.engine.state import GameState
from companion.rules.regions import REGIONS

SCOUTING_PRICE = {1: 1, 2: 2, 3: 3}


def scout(state: GameState, ev: Scout) -> None:
    if not state.setup.options.scouting:
        raise refuse(state, "scouting is not used in this game")
    who = player(state, ev.player)
    if ev.target != "card" and (ev.target not in REGIONS or ev.target in state.discovered):
        raise refuse(state, f"there is no hidden token to look at in {ev.target!r}")
    if state.phase not in (Phase.PLACEMENT, Phase.RESOLUTION):
        raise refuse(state, "scouting happens during a turn")
    pay(state, who, SCOUTING_PRICE[state.age], "scouting")


def swap(state: GameState, ev: Swap) -> None:
    """A specialist in the New World has no power left: when its owner's stock has none of
    that kind, it may come home and a colonist from the stock takes its place."""
    who = player(state, ev.player)
    region = check_region(state, ev.region)
    if who.reserve[ev.worker] > 0:
        raise refuse(state, f"{who.name} still has a {ev.worker} in stock: no swap needed")
    if who.reserve["colonist"] < 1:
        raise refuse(state, f"{who.name} has no colonist in stock to take the {ev.worker}'s place")
    remove_from_region(state, region, who.name, {ev.worker: 1}, "a swap")
    who.reserve["colonist"] -= 1
    add_to_region(state, region, who.name, "colonist")
