"""Holland: once a game, "juste avant que la piste des bateaux marchands ne soit résolue"
(`000_…`, Appendix I), take this turn's ship; nobody else wins it that turn. The tracks stop
just before Merchant Shipping while the power can still be used (records before version 5:
declared before the tracks only, ``Readings.nations_declared_up_front``).
"""

from __future__ import annotations

from companion.engine.common import refuse, went_on_before
from companion.engine.decisions import Decision, Kind
from companion.engine.flow import Step, before_track
from companion.engine.powers.base import NationPower
from companion.engine.questions import clean, ready
from companion.engine.state import GameState, PlayerState
from companion.i18n import N_, _


def _moment(state: GameState) -> bool:
    return (before_track(state.phase, state.step, state.cursor, Step.SHIPPING)
            and not went_on_before(state, Step.SHIPPING))


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
    moment=_moment, use=_use, ask=_ask, available=_ship_to_take, acts_before=Step.SHIPPING)
