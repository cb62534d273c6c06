"""Spain: once, just before turn 1, discover a region without a test; a soldier of yours
settles it and you keep the token's dollars (no soldier loot).
"""

from __future__ import annotations

from companion.engine.common import refuse
from companion.engine.decisions import Decision
from companion.engine.discovery import free_discovery
from companion.engine.flow import Phase
from companion.engine.powers.base import NationPower
from companion.engine.questions import discovery_question
from companion.engine.state import GameState, PlayerState
from companion.i18n import N_, _


def _moment(state: GameState) -> bool:
    placed = any(slots for slots in state.tracks.values())
    return state.turn == 1 and state.phase == Phase.PLACEMENT and not placed


def _use(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state):
        raise refuse(state, _("Spain's power is used once, just before turn 1"))
    free_discovery(state, who, choice.get("region"), choice.get("token"), "soldier", "Spain")


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    return discovery_question(state, draft, me, ask)


POWER = NationPower(
    "spain", "Spain",
    N_("Just before turn 1: discover a region without a test; a soldier goes there and Spain "
    "keeps the token's dollars (no soldier loot). Once."),
    moment=_moment, use=_use, ask=_ask, declared_before_tracks=False)
