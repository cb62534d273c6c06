"""Answering: the table's answer applied to a state, then every step whose only outcome
the rules leave settled by the engine (``auto``). Used by ``Game.answer`` on a copy and by
random playouts in place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine.asking import actions, moment_power_usable, words
from companion.engine.decisions import Action, Decision, Legal
from companion.engine.errors import MalformedEvent
from companion.engine.events import EVENT_CLASSES, Event, parse_event
from companion.engine.fold import apply_checked
from companion.engine.moves import legal_moves
from companion.engine.state import GameState
from companion.i18n import _, language_key

MAX_AUTO = 200  # one answer never settles more steps than a whole turn has


class Asked:
    """What a state asks: its pending legal moves, and their Decision and the actions once
    wanted, in each language asked for (two phones may read two languages). Valid only
    while the state is unchanged. (One is made after every event of every game: its
    two maps are made only when first wanted.)"""

    __slots__ = ("pending", "_actions", "_decisions")

    def __init__(self, pending: Legal | None) -> None:
        self.pending = pending
        self._actions: dict[tuple[str, int], list[Action]] | None = None
        self._decisions: dict[tuple[str, int], Decision] | None = None

    def decision_in(self, state: GameState) -> Decision | None:
        if self.pending is None:
            return None
        lang = language_key()
        if self._decisions is None:
            self._decisions = {}
        found = self._decisions.get(lang)
        if found is None:
            found = self._decisions[lang] = words(state, self.pending, opening=True)
        return found

    def actions_in(self, state: GameState) -> list[Action]:
        lang = language_key()
        if self._actions is None:
            self._actions = {}
        found = self._actions.get(lang)
        if found is None:
            found = self._actions[lang] = actions(state)
        return found


def answer_in_place(state: GameState, log: list[Event],
                    events: Event | Mapping[str, Any] | Sequence[Any]) -> Legal | None:
    """The table's answer applied to ``state`` and appended to ``log`` (both changed in
    place), then every step the engine settles alone (``auto``). Returns the legal moves
    the state now asks (None once the game is over). A refused event raises and leaves
    both part-way: callers that must stay whole work on copies (``Game.answer``)."""
    if type(events) is tuple or type(events) is list:  # an Answer's events (the usual case)
        batch = events
    else:
        batch = [events] if isinstance(events, Event | Mapping) else list(events)
    if not batch:
        raise MalformedEvent(_("an answer needs at least one event"))
    grouped = False  # (the first event of an answer stands alone, the others are grouped)
    for raw in batch:
        ev = raw if type(raw) in EVENT_CLASSES else parse_event(raw)
        flags = ev.__dict__  # (both read at once: each read through pydantic is slower)
        if flags["auto"] or flags["group"]:
            raise MalformedEvent(_("only the engine marks events automatic or grouped"))
        if grouped:
            ev = ev.model_copy(update={"group": True})
        log.append(apply_checked(state, ev))
        grouped = True
    pending = legal_moves(state)
    if pending is None or len(pending.moves) > 1:  # (the usual case: a choice to make)
        return pending
    return _settled_in_place(state, log, pending)


def _settled_in_place(state: GameState, log: list[Event], pending: Legal) -> Legal | None:
    """Every step the engine settles alone applied, from the one ``pending`` asks; what
    the state then asks."""
    for _step in range(MAX_AUTO):
        only = _only_outcome(state, pending)
        if only is None:
            return pending
        log.append(apply_checked(state, only))
        asked = legal_moves(state)
        if asked is None or len(asked.moves) > 1:
            return asked
        pending = asked
    return pending  # (never reached by the rules: a turn settles fewer steps)


def _only_outcome(state: GameState, pending: Legal) -> Event | None:
    """The event of the pending step (its legal moves: ``pending``) when the rules leave it
    exactly one outcome and no power belongs to this moment (the table would lose the
    chance to use it)."""
    only = pending.only_move
    if only is None or len(only.events) != 1:
        return None
    if moment_power_usable(state):  # (the standing actions need not be asked for that)
        return None
    return parse_event({**only.events[0], "auto": True})
