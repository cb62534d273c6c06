"""Phase 3, income: each player's goods-and-ships income (the only money that is Economy
VP), then the building money paid with it (Mint, AoE III Rum Distillery). In AoE III the
workers on Initiative become the Turn Order markers first."""

from __future__ import annotations

from companion.engine.benefits import begin_benefits, income_money
from companion.engine.powers import mayflower
from companion.engine.state import GameState
from companion.scoring import trusted_income_dollars


def income_of(state: GameState, name: str) -> int:
    who = state.players[name]
    return trusted_income_dollars(who.goods, mayflower.wild_ships(state, who))


def _initiative_to_turn_order(state: GameState) -> None:
    """AoE III, at the end of the resolution: each worker on Initiative becomes its owner's
    Turn Order marker and the marker it replaces goes back to the stock (the order itself is
    set at the refresh, from the Initiative slots)."""
    if not state.edition.initiative_worker_marks_order:
        return
    for slot in state.tracks["initiative"]:
        if not slot.done:
            who = state.players[slot.player]
            who.reserve[who.marker] += 1
            who.marker = slot.worker
            slot.done = True


def pay(state: GameState) -> None:
    """Phase 3, then the building phase begins."""
    _initiative_to_turn_order(state)
    for name in state.order:
        dollars = income_of(state, name)
        state.players[name].money += dollars
        state.players[name].income[state.turn] = dollars
    for name in state.order:
        income_money(state, state.players[name])
    begin_benefits(state)
