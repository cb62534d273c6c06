"""Merchant Shipping: the player whose workers there count most (``SHIPPING_VALUE``; a
tie goes to the earlier in turn order) takes the ship on the track, unless Holland's
power takes it. Every worker goes home."""

from __future__ import annotations

from companion.engine.powers import holland
from companion.engine.slots import home
from companion.engine.state import GameState
from companion.rules.editions import SHIPPING_VALUE


def shipping_values(state: GameState) -> dict[str, int]:
    values: dict[str, int] = {}
    for slot in state.tracks["shipping"]:
        values[slot.player] = values.get(slot.player, 0) + SHIPPING_VALUE.get(slot.worker, 1)
    return values


def resolve(state: GameState) -> None:
    values = shipping_values(state)
    dutch = holland.takes_ship(state)
    if (values or dutch) and state.ship_on_track:
        best = max(values.values(), default=0)
        winner = dutch or next(n for n in state.order if values.get(n) == best)
        state.players[winner].ships += 1
        state.ship_on_track = False
    for slot in state.tracks["shipping"]:
        home(state, slot)
