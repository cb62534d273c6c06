"""West Indies Company: at the end of each turn its owner draws a random good from the
supply (before the new goods come out). The table reports which good was drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import names
from companion.engine.common import check_good, refuse
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.powers.base import BuildingPower
from companion.engine.state import GameState
from companion.i18n import _, component_name

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_GOOD = Kind.GOOD


def drawers(state: GameState) -> list[str]:
    """Who draws a good at this refresh, in turn order."""
    players = state.players
    return [n for n in state.order if "west_indies_company" in players[n].buildings]


def take_draws(state: GameState, drawn: Mapping[str, str]) -> None:
    """Give each owner the good the table says they drew."""
    owners = drawers(state)
    for name, good in drawn.items():
        if name not in owners:
            raise refuse(state, _("{name} owns no West Indies Company to draw a good").format(
                                    name=name))
        check_good(state, good)
        if state.supply[good] < 1:
            raise refuse(state, _("no {good} is left in the goods supply").format(good=good))
        state.supply[good] -= 1
        state.players[name].goods[good] += 1
    missing = [n for n in owners if n not in drawn]
    if missing and sum(state.supply.values()):
        raise refuse(state, _("say which good {missing} drew for the West Indies Company").format(
                                missing=missing[0]))


def _next_drawer(state: GameState, drawn: Mapping[str, str],
                 supply: Mapping[str, int]) -> str | None:
    """The next owner to report a draw (None once every owner has drawn, or nothing is
    left to draw)."""
    for owner in drawers(state):
        if owner not in drawn and any(n > 0 for n in supply.values()):
            return owner
    return None


def draw_moves(state: GameState, draft: Mapping[str, Any],
               supply: Mapping[str, int]) -> Legal | None:
    """Report: the good the next owner drew (None once every owner has drawn), without
    words (``draw_words`` names them)."""
    drawn = draft.get("drawn", {})
    owner = _next_drawer(state, drawn, supply)
    if owner is None:
        return None
    return Legal(_GOOD, "refresh", None, tuple(
        Move(g, draft={**draft, "drawn": {**drawn, owner: g}})
        for g, n in supply.items() if n > 0), report=True, draft=draft)


def draw_words(state: GameState, legal: Legal) -> Decision:
    drawn = legal.draft.get("drawn", {})
    owner = next(n for n in drawers(state) if n not in drawn)
    prompt = _("{building}: which good did {owner} draw?").format(
        building=component_name("building", "West Indies Company"), owner=owner)
    return Decision(Kind.GOOD, prompt, None, "refresh", answers=tuple(
        Answer(names.good(m.value), m.value, m.events, m.draft) for m in legal.moves),
        report=True, draft=legal.draft)


POWER = BuildingPower("draw_good")  # its hooks above are called where it acts
