"""University (one use, 5 VP): once a game, at any time, move one of your workers from any
position of a listed track to its front, the others shifting back; or yourself to the front
of the turn order.

`000_…`, Appendix II, "Université": "déplacer 1 ouvrier de n'importe quelle position sur les
pistes du quai des colons, des marchandises, de la guerre, de l'initiative, de l'ordre des
joueurs ou des bâtiments de la Capitale sur le devant de la piste … à n'importe quel moment,
mais une fois seulement"; `001_…`, Annex II: "un de ses colons ou spécialistes", on the
Colonist Dock, Initiative, Turn Order or Capital Buildings.

Reading (docs/rules-readings.md): the worker is one of the owner's own (the 2007 text says
so; the 2015 one does not say otherwise). On a track that is partly resolved, the worker
goes to the front of the workers still waiting: it acts next, and the workers that already
acted keep what they did. Dock slots X, Y and the Mayflower ships are positions too.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion import names
from companion.engine.common import dock_order, refuse
from companion.engine.decisions import Decision, Kind
from companion.engine.flow import STEP_ORDER, Phase, Step, steps_before
from companion.engine.powers.base import BuildingPower
from companion.engine.questions import (
    clean,
    listed,
    ready,
    then,
    with_choice,
)
from companion.engine.state import GameState, PlayerState, Slot
from companion.i18n import _, component_name, format_list
from companion.rules.buildings import Building

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_BENEFITS = Phase.BENEFITS
_PLACEMENT = Phase.PLACEMENT
_RESOLUTION = Phase.RESOLUTION
_DECLARE = Step.DECLARE

TURN_ORDER = "turn_order"
WHEN = _("the University is used once a game, during a turn, while the worker waits on its track")


def _moment(state: GameState, b: Building) -> bool:
    return state.phase in (_PLACEMENT, _RESOLUTION, _BENEFITS)


def _front(state: GameState, track: str) -> int:
    """Index of the first worker still waiting on ``track`` (the one that acts next)."""
    if state.phase == _RESOLUTION and state.step == track:
        return state.cursor
    return 0


def _queue(state: GameState, track: str) -> list[Slot]:
    """The workers still waiting on ``track``, in the order they will act. During placement
    the Dock resolves its numbered slots before X, Y and the Mayflower ships."""
    slots = state.tracks.get(track, [])
    if state.phase == _PLACEMENT:
        return sorted(slots, key=lambda s: (not s.first, dock_order(s)))
    return slots[_front(state, track):]


def _waiting(state: GameState, track: str) -> bool:
    """Whether the workers on ``track`` have not all acted yet."""
    if state.phase == _PLACEMENT:
        return True
    if state.phase != _RESOLUTION or state.step is None:
        return False
    return state.step in (_DECLARE, track) or (
        track in STEP_ORDER and state.step in steps_before(Step(track)))


def movable(state: GameState, name: str, track: str, front_too: bool = False) -> list[Slot]:
    """``name``'s workers waiting on ``track`` that University can bring to its front (with
    ``front_too``, the one already there as well: using the University on it moves nobody,
    but it is a use the table may make)."""
    if track == TURN_ORDER or not _waiting(state, track):
        return []
    queue = _queue(state, track)
    return [s for s in queue[0 if front_too else 1:] if s.player == name and not s.done]


def _turn_order_moves(state: GameState, name: str) -> bool:
    return state.order[0] != name


def _usable_tracks(state: GameState, name: str, b: Building) -> list[str]:
    return [t for t in b.effect.tracks
            if (_turn_order_moves(state, name) if t == TURN_ORDER else movable(state, name, t))]


def _to_front_of_turn_order(state: GameState, who: PlayerState) -> None:
    placer = state.order[state.placing] if state.phase == _PLACEMENT else None
    state.order.remove(who.name)
    state.order.insert(0, who.name)
    if placer is not None:
        state.placing = state.order.index(placer)  # whoever was placing still places
    if state.phase == _RESOLUTION and who.name in state.queue[1:]:
        state.queue.remove(who.name)  # Discovery: the owner's expedition comes next
        state.queue.insert(0, who.name)


def _use(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    track = choice.get("track")
    if track not in b.effect.tracks:
        edition = state.setup.edition
        tracks = format_list([names.track(t, edition) for t in b.effect.tracks])
        wanted = names.track(track, edition) if track in names.TRACK_NAMES else repr(track)
        raise refuse(state, _("{name} moves a worker to the front of {names}, not {get}").format(
                                name=names.building_of(state, b), names=tracks,
                                get=wanted))
    if track == TURN_ORDER:
        _to_front_of_turn_order(state, who)
        return
    candidates = movable(state, who.name, track, front_too=True)
    label = choice.get("slot")
    if label is None and len(candidates) == 1:
        label = candidates[0].label
    title = names.TRACK_NAMES[track]
    if not candidates:
        raise refuse(state, _("{name} has no worker waiting on {title}").format(
                                name=who.name, title=title))
    picked = [s for s in candidates if s.label == str(label)]
    if not picked:
        labels = ", ".join(s.label for s in candidates)
        raise refuse(state, _("say which of {name}'s workers on {title} moves to the front "
                              "(slot {labels}), not {label!r}").format(
                                name=who.name, title=title, labels=labels, label=label))
    slots = state.tracks[track]
    slot = picked[0]
    if slot is _queue(state, track)[0]:
        return  # already at the front: nobody moves
    slots.remove(slot)
    slots.insert(_front(state, track), slot)
    slot.first = True
    if state.phase == _RESOLUTION and state.step == track:
        return  # the labels of the workers that already acted stay as they were
    numbered = [s for s in slots if s.label.isdigit()]
    if slot in numbered:
        for number, s in enumerate(numbered, start=1):
            s.label = str(number)  # the others shift back


def older_choice(state: GameState, name: str, choice: Mapping) -> Mapping:
    """A University use from a record of version 1 or 2 in today's terms: the older rule
    moved the owner's first numbered worker on the track, so that is the worker named."""
    track = choice.get("track")
    if "slot" in choice or track == TURN_ORDER or track not in state.tracks:
        return choice
    mine = [s for s in state.tracks[track] if s.player == name and s.label.isdigit()]
    return {**choice, "slot": mine[0].label} if mine else choice


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    b = state.catalogue[draft["building"]]
    choice = draft["choice"]
    if "track" not in choice:
        return Decision(Kind.TRACK, ask + _("move to the front of which track?"), me, "benefit",
                        draft=draft, answers=listed(
                            then(names.TRACK_NAMES[t], t, with_choice(draft, track=t))
                            for t in _usable_tracks(state, me, b)))
    track = choice["track"]
    if track == TURN_ORDER:
        return Decision(Kind.YES_NO, ask + _("first in the turn order?"), me, "benefit",
                        draft=draft, answers=(ready(_("Move to the front"), True, clean(draft)),))
    prompt = ask + _("which of your workers on {track}?").format(track=names.track(track))
    return Decision(Kind.WORKER, prompt, me,
                    "benefit", draft=draft, answers=tuple(
                        ready(_("{worker} on slot {label}").format(
                                  worker=component_name("worker", s.worker), label=s.label),
                              s.label, clean(with_choice(draft, slot=s.label)))
                        for s in movable(state, me, track)))


def _something_to_move(state: GameState, who: PlayerState, b: Building) -> bool:
    return bool(_usable_tracks(state, who.name, b))


POWER = BuildingPower("university", use=_use, ask_use=_ask, moment=_moment,
                      available=_something_to_move, per_game=1, per_turn=None, standing=True,
                      when=WHEN)
