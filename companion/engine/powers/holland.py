"""Holland: once a game, before Merchant Shipping resolves, take this turn's ship; nobody
else wins it that turn.
"""

from __future__ import annotations

from companion.engine.common import refuse
from companion.engine.decisions import Decision, Kind
from companion.engine.flow import Step, is_resolving, steps_before
from companion.engine.powers.base import NationPower
from companion.engine.questions import clean, ready
from companion.engine.state import GameState, PlayerState
from companion.i18n import N_, _


def _moment(state: GameState) -> bool:
    return is_resolving(state.phase, state.step, *steps_before(Step.SHIPPING))


def _use(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state):
        raise refuse(state, _("Holland's power is used before Merchant Shipping resolves"))
    state.turn_uses["holland_ship"] = 1
    state.turn_uses[f"holland_ship:{who.name}"] = 1


def takes_ship(state: GameState) -> str | None:
    """The player whose Dutch power claimed this turn's ship, if any."""
    for name in state.players:
        if state.turn_uses.get(f"holland_ship:{name}"):
            return name
    return None


def _ship_to_take(state: GameState, who: PlayerState) -> bool:
    return state.ship_on_track and not state.turn_uses.get("holland_ship")


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    return Decision(Kind.YES_NO, ask + _("take this turn's ship?"), me, "power", draft=draft,
                    answers=(ready(_("Take the ship"), True, clean(draft)),))


POWER = NationPower(
    "holland", "Holland",
    N_("Before Merchant Shipping resolves: take this turn's ship; nobody else wins it. Once a "
    "game."),
    moment=_moment, use=_use, ask=_ask, available=_ship_to_take)
