"""New World Cartography: once a game, discover a region without a test (its token's
printed dollars, no loot; a colonist of yours settles it), either when bought or in a
later phase 4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import names
from companion.engine.common import refuse, use_limited
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.discovery import free_discovery
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import (
    clean,
    discovery_has_choices,
    discovery_moves,
    discovery_question,
    discovery_words,
    with_choice,
)
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building
from companion.rules.regions import REGIONS

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_YES_NO = Kind.YES_NO


def _discover(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    free_discovery(state, who, choice["region"], choice.get("token"), "colonist",
            names.building_of(state, b))


def _on_purchase(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    if "region" not in choice:
        return  # kept for a later turn
    use_limited(state, who, b.id, per_game=1, per_turn=None, what=names.building_of(state, b))
    _discover(state, who, b, choice)


def _use(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    if "region" not in choice:
        raise refuse(state, _("{name}: say which region is discovered").format(
                name=names.building_of(state, b)))
    _discover(state, who, b, choice)


def _purchase_moves(state: GameState, draft: Mapping[str, Any], me: str) -> Legal | None:
    """Discover now, or keep it for a later turn."""
    choice = draft["choice"]
    if "token" in choice:
        return None
    if "_now" not in choice:
        now = Move(True, draft=with_choice(draft, _now=True),
                   open=discovery_has_choices(state))  # (open: nothing to probe)
        return Legal(_YES_NO, "buy", me, (now, Move(False, events=(clean(draft),))),
                     draft=draft)
    return discovery_moves(state, draft, me)


def _purchase_words(state: GameState, legal: Legal, ask: str) -> Decision | None:
    draft = legal.draft
    if "token" in draft["choice"]:
        return None
    if "_now" in draft["choice"]:
        return discovery_words(state, legal, ask)
    labels = {True: _("Discover now"), False: _("Keep it for later")}
    return Decision(Kind.YES_NO, ask + _("discover a region now?"), legal.player, "buy",
                    draft=draft, answers=tuple(Answer(labels[m.value], m.value, m.events,
                                                      m.draft) for m in legal.moves))


def _ask_use(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    return discovery_question(state, draft, me, ask)


def _undiscovered_left(state: GameState, who: PlayerState, b: Building) -> bool:
    return len(state.discovered) < len(REGIONS)


POWER = BuildingPower("free_discovery", on_purchase=_on_purchase, purchase_moves=_purchase_moves,
                      purchase_words=_purchase_words,
                      use=_use, ask_use=_ask_use, available=_undiscovered_left,
                      per_game=1, per_turn=None)
