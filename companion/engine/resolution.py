"""Phases 2 and 3: resolving the eight tracks in order, then income.

Steps that need no decision run by themselves; the others wait for the table's event
(``pending`` says which one is expected next). What each track does is in its module
(``companion.engine.tracks``); this module runs them in order.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from companion import names
from companion.engine import benefits, nations
from companion.engine.benefits import choice_due, waits_before
from companion.engine.common import discovery_began, dock_order, refuse
from companion.engine.decisions import Decision, Kind
from companion.engine.events import Benefit, Power, Resolve
from companion.engine.flow import Phase, Step, first_step, next_step
from companion.engine.nations import nation_name, powers_usable, waiting_before
from companion.engine.questions import ready
from companion.engine.slots import home
from companion.engine.state import GameState, Slot
from companion.engine.tracks import (
    buildings,
    discovery,
    dock,
    income,
    initiative,
    placement,
    shipping,
    specialists,
    trade_goods,
    warfare,
)
from companion.engine.tracks.base import written
from companion.i18n import _

# The phases and steps read on every event, as module names: Python 3.11 finds an enum
# member on its class through ``EnumType.__getattr__``, five times slower.
_SETUP, _PLACEMENT, _RESOLUTION, _BENEFITS, _BUY_VP = (
    Phase.SETUP, Phase.PLACEMENT, Phase.RESOLUTION, Phase.BENEFITS, Phase.BUY_VP)
_DECLARE, _INITIATIVE, _TRADE_GOODS, _SHIPPING, _BUILDINGS, _DISCOVERY, _SPECIALISTS, _INCOME = (
    Step.DECLARE, Step.INITIATIVE, Step.TRADE_GOODS, Step.SHIPPING, Step.BUILDINGS, Step.DISCOVERY,
    Step.SPECIALISTS, Step.INCOME)
NATION_PAUSE_STEPS = (_SHIPPING, _SPECIALISTS)  # (Holland, Italy)
SLOT_STEPS = frozenset((Step.DOCK, _TRADE_GOODS, _BUILDINGS, Step.WARFARE))  # one answer a slot

# The event that answers each track's step (the same table for ``pending`` and the asker).
ANSWER_OF_STEP = {Step.DOCK: "dock", Step.TRADE_GOODS: "take_good", Step.BUILDINGS: "buy",
                  Step.DISCOVERY: "expedition", Step.SPECIALISTS: "training",
                  Step.WARFARE: "warfare"}
Effect = Callable[[GameState, Any, Slot], None]
EFFECTS: dict[str, Effect] = {"dock": dock.effect, "take_good": trade_goods.effect,
                              "buy": buildings.effect, "expedition": discovery.effect,
                              "training": specialists.effect, "warfare": warfare.effect}


class Pending(NamedTuple):  # read before every event applied: a tuple is cheap to build
    """The decision the engine waits for: an event ``kind`` from ``player`` about ``label``."""

    kind: str
    player: str | None = None
    label: str | None = None
    worker: str | None = None


def begin_resolution(state: GameState) -> None:
    """Phase 2 begins (after the last placement: plugged into ``placement`` below)."""
    state.phase = _RESOLUTION
    # Powers used "just before" a track resolves get a moment of their own first.
    state.step = first_step(declare=powers_usable(state))
    state.cursor = 0
    state.tracks["dock"].sort(key=lambda s: (not s.first, dock_order(s)))
    state.tracks["specialists"].sort(key=lambda s: specialists.BOX_ORDER.index(s.label))
    advance(state)


placement.AFTER_PLACEMENT[:] = [begin_resolution]  # (once, even if imported again)


def _next_step(state: GameState) -> None:
    assert state.step is not None  # (in a turn's resolution)
    state.step = next_step(state.step)
    state.cursor = 0


def discovery_pause(state: GameState) -> bool:
    """Whether the tracks wait just before Discovery resolves (nobody sails this turn, but a
    power that acts then, Empires Stables, can still be used): a ``resolve`` goes on."""
    return (state.phase == _RESOLUTION and state.step == _DISCOVERY
            and not state.queue and not discovery_began(state)
            and waits_before(state, _DISCOVERY))


def nation_pause(state: GameState) -> bool:
    """Whether the tracks wait just before this step for a national advantage that acts
    then (Holland before Merchant Shipping, Italy before Specialists): a ``resolve`` goes on."""
    return (state.phase == _RESOLUTION and state.step in NATION_PAUSE_STEPS
            and state.cursor == 0 and bool(waiting_before(state, state.step)))


def resolve(state: GameState, ev: Resolve) -> None:
    """The table goes on: after declaring the powers used before the tracks resolve
    (nations), after the moment just before Discovery (Empires Stables), or just before
    Merchant Shipping or Specialists (Holland, Italy)."""
    if discovery_pause(state):
        state.turn_uses["discovery_began"] = 1
        advance(state)
        return
    if nation_pause(state):
        state.turn_uses[f"went_on:{state.step}"] = 1
        advance(state)
        return
    if state.phase != _RESOLUTION or state.step != _DECLARE:
        stables = any(b == "stables" for p in state.players.values() for b in p.buildings)
        raise refuse(state, _("there is no pause to end now") + (
            _(": Stables stop the tracks only just before Discovery resolves, not before the "
            "tracks") if stables and state.edition.id == "empires" else ""))
    _next_step(state)
    advance(state)


def power(state: GameState, ev: Power) -> None:
    """A national advantage used; used at the stop just before its track (Holland, Italy),
    the tracks go on once it can no longer be used, as after Stables."""
    paused = nation_pause(state)
    nations.power(state, ev)
    if paused and not nation_pause(state):
        advance(state)


def benefit(state: GameState, ev: Benefit) -> None:
    """A building power used; a choice the tracks were waiting for (the Mint) lets them go on."""
    benefits.benefit(state, ev)
    if state.phase == _RESOLUTION:
        advance(state)


def advance(state: GameState) -> None:
    """Run automatic steps until a decision is needed or the resolution is over."""
    while state.phase == _RESOLUTION:
        step = state.step
        if step in SLOT_STEPS:  # one decision per slot (the usual case first)
            track = state.tracks[step]
            if step == _TRADE_GOODS and not state.goods_offer or (
                step == _BUILDINGS and not state.buildings_offer
            ):
                for slot in track[state.cursor:]:
                    home(state, slot)
                state.cursor = len(track)
            if state.cursor < len(track):
                return
            _next_step(state)
        elif step is None or step == _INCOME:
            if choice_due(state) is None:
                income.pay(state)
            return
        elif step == _DECLARE:
            return
        elif step == _INITIATIVE:
            initiative.resolve(state)
            _next_step(state)
        elif step == _SHIPPING:
            if nation_pause(state):
                return
            shipping.resolve(state)
            _next_step(state)
        elif step == _DISCOVERY:
            if state.cursor == 0 and not state.queue:
                state.queue = [n for n in state.order if any(state.players[n].discovery.values())]
                state.cursor = 1  # the queue is built
            if state.queue or discovery_pause(state):
                return
            _next_step(state)
        else:  # Specialists
            if nation_pause(state):
                return
            if state.cursor == 0:  # every box but Training resolves by itself
                specialists.resolve_boxes(state)
            if state.cursor < len(state.tracks[step]):
                return
            _next_step(state)


def pending(state: GameState) -> Pending | None:
    """What the engine waits for now (None once the game is over). Read before every
    event applied: its values, immutable, are made once (``_waiting``)."""
    phase = state.phase
    if phase == _PLACEMENT:  # (the usual cases first)
        return _waiting("place", state.order[state.placing])
    if phase != _RESOLUTION:
        if phase == _SETUP:
            return _waiting("reveal")
        if phase == _BENEFITS:
            return _waiting("refresh")
        if phase == _BUY_VP:
            return _waiting("buy_vp", state.queue[0])
        return None  # (over)
    step = state.step
    assert step is not None  # the resolution is always on a step
    if step in SLOT_STEPS:
        slot = state.tracks[step][state.cursor]
        return _waiting(ANSWER_OF_STEP[step], slot.player, slot.label, slot.worker)
    # (each pause asked only on its own steps: this is read before every event applied)
    if step == _DECLARE:
        return _waiting("resolve")
    if step == _DISCOVERY:
        if discovery_pause(state):
            return _waiting("resolve")
        return _waiting(ANSWER_OF_STEP[step], state.queue[0])
    if step in NATION_PAUSE_STEPS and nation_pause(state):
        return _waiting("resolve")
    if step == _INCOME:
        due = choice_due(state)
        return _waiting("benefit", due[0] if due else None)
    slot = state.tracks[step][state.cursor]  # (Specialists: Training)
    return _waiting(ANSWER_OF_STEP[step], slot.player, slot.label, slot.worker)


@lru_cache(maxsize=1024)  # (the same few recur all game: a tuple is cheaper found than made)
def _waiting(kind: str, player: str | None = None, label: str | None = None,
             worker: str | None = None) -> Pending:
    return Pending(kind, player, label, worker)


def answered(state: GameState, ev: Any) -> None:
    """A track's answer: its effect on the slot being resolved (or the expedition of the
    player first in the queue), that worker home unless it stays out, the next slot."""
    wanted = pending(state)
    kind = ev.type
    if state.phase != Phase.RESOLUTION or wanted is None or wanted.kind != kind:
        expected = wanted.kind.replace("_", " ") if wanted else "nothing"
        raise refuse(state, _("the game expects {expected} now, not {replace}").format(
                                expected=expected, replace=kind.replace('_', ' ')))
    take_awaited(state, ev, kind)


def take_awaited(state: GameState, ev: Any, kind: str) -> None:
    """``answered`` for the answer the game waits for, of type ``kind`` (the fold has just
    checked that, and read the type)."""
    if kind == "expedition":
        EFFECTS[kind](state, ev, Slot(state.queue[0], "", ""))
    else:
        step = state.step
        assert step is not None  # (a slot's answer: the resolution is on a step)
        slot = state.tracks[step][state.cursor]  # (``current_slot``)
        EFFECTS[kind](state, ev, slot)
        if not slot.done:
            home(state, slot)
        state.cursor += 1
    advance(state)


def _ask_resolve(state: GameState, draft: dict[str, Any]) -> Decision:
    if discovery_pause(state):
        return Decision(Kind.YES_NO, _("Just before Discovery resolves (nobody sails this turn): "
                        "Stables may move a soldier now. Record it, then go on."), None,
                        "resolve", answers=(ready(_("Go on"), True, {"type": "resolve"}),),
                        draft=draft)
    if nation_pause(state):
        assert state.step is not None  # (a nation pause is on a track's step)
        powers = ", ".join(f"{nation_name(state.players[n].nation or '')} ({n})"
                           for n in waiting_before(state, state.step))
        return Decision(Kind.YES_NO, _("Just before {track} resolves: {powers} may use its "
                                       "power now. Record it, then go on.").format(
                            track=names.track(state.step, state.setup.edition), powers=powers),
                        None, "resolve",
                        answers=(ready(_("Go on"), True, {"type": "resolve"}),), draft=draft)
    return Decision(Kind.YES_NO, _("Powers used before the tracks resolve? Record them, then "
                                   "resolve the tracks."), None, "resolve",
                    answers=(ready(_("Resolve the tracks"), True, {"type": "resolve"}),),
                    draft=draft)


RESOLVE = written("resolve", _ask_resolve)
