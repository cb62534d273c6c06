"""Folding events into a state: the handler of each event type, one event applied, a log
replayed. Every answer is named: an answer that names nobody is taken as the decider's and
recorded with that name; an answer naming someone else is refused.

>>> from companion.engine.state import initial_state
>>> from companion.engine.setup import parse_setup
>>> state = initial_state(parse_setup({"players": [{"name": "Ann"}, {"name": "Bob"}]}))
>>> state = apply(state, {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
...     "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]})
>>> state.phase.value
'placement'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

from companion.engine import resolution, variants
from companion.engine.asking import decide
from companion.engine.common import check_good, player, refuse
from companion.engine.errors import EngineError, MalformedEvent, UnreadableEvent
from companion.engine.events import Correction, Event, Place, parse_event
from companion.engine.flow import Phase
from companion.engine.setup import GameSetup, parse_setup
from companion.engine.state import GameState, initial_state
from companion.engine.tracks import placement, refresh
from companion.i18n import N_, _, component_name

# Events that move the turn on: each is taken only when the game waits for one of its type.
FLOW_EVENTS = frozenset(("reveal", "place", "dock", "take_good", "buy", "expedition",
                         "training", "warfare", "refresh", "buy_vp"))
# Answers decided by the player of the slot (or the expedition) being resolved: a record
# names that player on each of them (record version 3).
NAMED_ANSWERS = {"dock": N_("dock worker"), "take_good": N_("Trade Goods choice"),  # i18n._
                 "buy": N_("Capital Buildings choice"), "expedition": N_("expedition"),
                 "training": N_("Training choice"), "warfare": N_("Warfare choice")}
# Read before every event: an enum member is slow to find on its class.
_OVER, _PLACEMENT, _RESOLUTION = Phase.OVER, Phase.PLACEMENT, Phase.RESOLUTION
_SLOT_STEPS, _ANSWER_OF_STEP = resolution.SLOT_STEPS, resolution.ANSWER_OF_STEP


def _correction(state: GameState, ev: Correction) -> None:
    who = player(state, ev.player)
    if who.money + ev.money < 0:
        raise refuse(state, _("{name} has ${money}; a correction of {money2} would leave "
                              "less than nothing").format(
                                name=who.name, money=who.money, money2=ev.money))
    for good, n in ev.goods.items():
        check_good(state, good)
        if who.goods[good] + n < 0 or state.supply[good] - n < 0:
            raise refuse(state, _("a correction of {n} {good} for {name} is impossible (has "
                                  "{goods}, supply {supply})").format(
                                    n=n, good=good, name=who.name, goods=who.goods[good],
                                    supply=state.supply[good]))
    for worker, n in ev.available.items():
        if worker not in who.available:
            raise refuse(state, _("{worker!r} is not a kind of worker").format(
                                    worker=component_name("worker", worker)))
        if who.available[worker] + n < 0 or who.reserve[worker] - n < 0:
            raise refuse(state, _("a correction of {n} {worker} for {name} is impossible").format(
                                    n=n, worker=component_name("worker", worker), name=who.name))
    if who.ships + ev.ships < 0 or state.ships_in_reserve - ev.ships < 0:
        raise refuse(state, _("a correction of {ships} ships for {name} is impossible").format(
                                ships=ev.ships, name=who.name))
    who.money += ev.money
    who.corrected_vp += ev.vp
    for good, n in ev.goods.items():
        who.goods[good] += n
        state.supply[good] -= n
    for worker, n in ev.available.items():
        who.available[worker] += n
        who.reserve[worker] -= n
    who.ships += ev.ships
    state.ships_in_reserve -= ev.ships
    if state.phase == Phase.PLACEMENT and ev.available:
        placement.start_placing_from(state)


def shape_problem(exc: Exception) -> str:
    """What is wrong with a choice the engine could not read, in words (no Python message)."""
    if isinstance(exc, KeyError):
        return _("its choice has no {replace!r}").format(
                   replace=str(exc.args[0]).replace('_', ' '))
    return _("a value in its choice has the wrong shape")


HANDLERS: dict[str, Callable[[GameState, Any], None]] = {
    "reveal": refresh.reveal,
    "place": placement.place,
    "dock": resolution.answered,
    "take_good": resolution.answered,
    "buy": resolution.answered,
    "expedition": resolution.answered,
    "training": resolution.answered,
    "warfare": resolution.answered,
    "benefit": resolution.benefit,
    "power": resolution.power,
    "scout": variants.scout,
    "swap": variants.swap,
    "resolve": resolution.resolve,
    "refresh": refresh.refresh,
    "buy_vp": refresh.buy_vp,
    "correction": _correction,
}


def named(state: GameState, ev: Event, wanted: resolution.Pending | None) -> Event:
    """The answer ``ev`` with the player whose decision it is (``wanted``: what the state
    waits for): filled in when missing, refused when it names anyone else (an omitted
    answer can never shift the later ones to the wrong player)."""
    if ev.type not in NAMED_ANSWERS:
        return ev
    if wanted is None or wanted.kind != ev.type or wanted.player is None:
        return ev  # out of turn: its handler says what the game expects instead
    given = getattr(ev, "player", None)
    if given is None:
        return ev.model_copy(update={"player": wanted.player})
    if given != wanted.player:
        where = (_(" ({player}'s {worker} on slot {label})").format(
                     player=wanted.player, worker=component_name("worker", wanted.worker),
                     label=wanted.label)
                 if wanted.label and wanted.worker else "")  # (a slot's: both or neither)
        raise refuse(state, _("this {NAMED_ANSWERS} is {player}'s to decide{where}, not "
                              "{given}'s").format(
                                NAMED_ANSWERS=_(NAMED_ANSWERS[ev.type]), player=wanted.player,
                                where=where, given=given))
    return ev


def _in_turn(state: GameState, ev: Event, wanted: resolution.Pending | None) -> None:
    """Refuse a turn-flow event the game does not wait for, saying what it waits for (a
    choice owed before income names its rule, e.g. the Mint's)."""
    if ev.type not in FLOW_EVENTS or wanted is None or wanted.kind == ev.type:
        return
    decision = decide(state)
    if decision is not None:
        raise refuse(state, _("the game waits for this first: {prompt}").format(
                                prompt=decision.prompt))


def apply_in_place(state: GameState, ev: Event) -> Event:
    """Apply ``ev`` to ``state`` (changed in place); returns the event as recorded."""
    fields = ev.__dict__  # (read once: each field read through pydantic is slower)
    kind = fields["type"]
    phase = state.phase
    if kind == "place" and phase == _PLACEMENT:  # (the usual event: what the game awaits,
        placement.place(state, cast(Place, ev))  # and ``place`` names the placer it awaits)
        state.version += 1
        return ev
    if phase == _RESOLUTION and state.step in _SLOT_STEPS:  # (what ``pending`` reads first)
        slot = state.tracks[state.step][state.cursor]
        if kind == _ANSWER_OF_STEP[state.step] and fields.get("player") == slot.player:
            resolution.take_awaited(state, ev, kind)  # (the usual case: the awaited answer,
            state.version += 1  # by the player on the slot)
            return ev
    elif phase == _OVER and kind != "correction":
        raise refuse(state, _("no more moves: the game is over"))
    wanted = resolution.pending(state)  # read once: both checks below look at it
    if wanted is not None:  # (the usual case, the awaited answer, in the fewest steps)
        if wanted.kind != kind:
            _in_turn(state, ev, wanted)
        elif kind in NAMED_ANSWERS:  # a track's awaited answer: ``answered`` checks no more
            if fields.get("player") != wanted.player:  # missing: filled in; another: refused
                ev = named(state, ev, wanted)
            resolution.take_awaited(state, ev, kind)
            state.version += 1
            return ev
    HANDLERS[kind](state, ev)
    state.version += 1
    return ev


def apply_checked(state: GameState, ev: Event) -> Event:
    """``apply_in_place``, a choice the engine could not read refused in words (the state,
    changed part-way, is then the caller's to drop)."""
    try:
        return apply_in_place(state, ev)
    except (KeyError, TypeError, AttributeError) as exc:  # bad shapes inside a choice
        raise UnreadableEvent(_("cannot read that {type} event: {shape_problem}").format(
                                 type=ev.type, shape_problem=shape_problem(exc))) from None


def apply_event(state: GameState, event: Event | Mapping[str, Any]) -> tuple[GameState, Event]:
    """A new state with the event applied, and the event as recorded (its player named);
    the given state is never changed. Raises ``MalformedEvent`` or ``IllegalAction`` (both
    ``ValueError``) when refused."""
    ev = parse_event(event)  # every field checked by type and range here (events.py)
    new = state.clone()
    return new, apply_checked(new, ev)


def apply(state: GameState, event: Event | Mapping[str, Any]) -> GameState:
    """A new state with the event applied; the given state is never changed."""
    return apply_event(state, event)[0]


def replay(setup: GameSetup | Mapping[str, Any], events: Iterable[Any]) -> GameState:
    """The state after a log of events (raises at the first refused one, naming its index)."""
    state = initial_state(parse_setup(setup))
    for index, raw in enumerate(events):
        try:
            apply_in_place(state, parse_event(raw))
        except EngineError as exc:
            raise type(exc)(_("event {index}: {exc}").format(index=index, exc=exc)) from None
        except (KeyError, TypeError, AttributeError) as exc:
            raise MalformedEvent(_("event {index}: cannot read it: {shape_problem}").format(
                                     index=index, shape_problem=shape_problem(exc))) from None
    return state


