"""University (Age of Empires III): once a game, during placement, move your first
numbered worker on one of the listed tracks to its front (the others shift back), or
yourself to the front of the turn order.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.common import refuse
from companion.engine.decisions import Decision, Kind
from companion.engine.flow import Phase
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import TRACK_NAMES, clean, ready, with_choice
from companion.engine.state import GameState, PlayerState
from companion.rules.buildings import Building


def _moment(state: GameState, b: Building) -> bool:
    return state.phase == Phase.PLACEMENT


def _use(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    track = choice.get("track")
    if track not in b.effect.tracks:
        raise refuse(state, f"{b.name} works on {', '.join(b.effect.tracks)}, not {track!r}")
    if track == "turn_order":
        placer = state.order[state.placing]
        state.order.remove(who.name)
        state.order.insert(0, who.name)
        state.placing = state.order.index(placer)  # whoever was placing still places
        return
    slots = state.tracks[track]
    # Only numbered slots move: X, Y and Mayflower keep their fixed places after them.
    mine = [i for i, s in enumerate(slots) if s.player == who.name and s.label.isdigit()]
    if not mine:
        raise refuse(state, f"{who.name} has no worker on {track.replace('_', ' ')}")
    slot = slots.pop(mine[0])
    slots.insert(0, slot)
    for number, s in enumerate((s for s in slots if s.label.isdigit()), start=1):
        s.label = str(number)  # the others shift right


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    tracks = state.catalogue[draft["building"]].effect.tracks
    usable = [t for t in tracks if t == "turn_order" or any(
        s.player == me and s.label.isdigit() for s in state.tracks.get(t, []))]
    return Decision(Kind.TRACK, ask + "move your worker to the front of which track?", me,
                    "benefit", draft=draft, answers=tuple(
                        ready(TRACK_NAMES[t], t, clean(with_choice(draft, track=t)))
                        for t in usable))


POWER = BuildingPower("university", use=_use, ask_use=_ask, moment=_moment, per_game=1,
                      standing=True)
