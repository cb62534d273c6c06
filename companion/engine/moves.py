"""The legal moves of the pending step, without words: what random playouts, settling and
probing read. ``asking`` builds the Decision the table sees from them, only when it looks.

``legal_moves(state)`` is the question the game waits for, ``legal_moves(state, draft)``
the next question of a choice asked step by step. A move that asks on is *settled*: ready
at once when its follow-up has one outcome, dropped when it leads nowhere legal; a
question with a single way on is skipped to its follow-up.

>>> from companion.engine.game import Game
>>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> legal_moves(game.state).type, legal_moves(game.state).field.total
('reveal', 4)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine import benefits, nations, resolution, variants
from companion.engine.decisions import Answer, Legal, evolve
from companion.engine.flow import Phase, Step
from companion.engine.slots import current_slot
from companion.engine.state import GameState
from companion.engine.tracks import (
    buildings,
    discovery,
    dock,
    placement,
    refresh,
    specialists,
    trade_goods,
    warfare,
)
from companion.engine.tracks.base import Question, written

# The phases and steps read on every event, as module names: Python 3.11 finds an enum
# member on its class through ``EnumType.__getattr__``, five times slower.
_SETUP, _PLACEMENT, _RESOLUTION, _BENEFITS, _BUY_VP = (
    Phase.SETUP, Phase.PLACEMENT, Phase.RESOLUTION, Phase.BENEFITS, Phase.BUY_VP)
_DISCOVERY, _INCOME, _DECLARE = Step.DISCOVERY, Step.INCOME, Step.DECLARE

QUESTIONS: dict[str, Question] = {q.type: q for q in (
    refresh.REVEAL, placement.QUESTION, resolution.RESOLVE, dock.QUESTION,
    trade_goods.QUESTION, buildings.QUESTION, discovery.QUESTION, specialists.QUESTION,
    warfare.QUESTION, refresh.REFRESH, refresh.BUY_VP, written("benefit", benefits.ask_use),
    written("power", nations.ask), variants.SWAP, variants.SCOUT,
)}


def legal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    """The raw moves of ``draft``'s question, unsettled (``most``: enough for a caller
    that counts outcomes up to that many)."""
    return QUESTIONS[draft["type"]].legal(state, draft, most)  # (read only: not copied)


def opening_draft(state: GameState) -> dict[str, Any] | None:
    """The draft the pending question is asked with (None once the game is over)."""
    phase = state.phase
    if phase == _PLACEMENT:  # (the usual cases first)
        return {"type": "place"}
    if phase != _RESOLUTION:
        if phase == _SETUP:
            return {"type": "reveal"}
        if phase == _BENEFITS:
            return {"type": "refresh"}
        if phase == _BUY_VP:
            return {"type": "buy_vp", "player": state.queue[0]}
        return None  # (over)
    step = state.step
    assert step is not None  # the resolution is always on a step
    if step in resolution.SLOT_STEPS:
        return {"type": resolution.ANSWER_OF_STEP[step], "player": current_slot(state).player}
    if step == _DISCOVERY and resolution.discovery_pause(state) or (
            step in resolution.NATION_PAUSE_STEPS and resolution.nation_pause(state)):
        return {"type": "resolve"}  # (each pause asked only on its own steps)
    if step == _INCOME:
        due = benefits.choice_due(state)
        if due is None:  # nothing is owed: income is paid at once (never waits here)
            return None
        return {"type": "benefit", "player": due[0], "building": due[1], "choice": {}}
    if step == _DECLARE:
        return {"type": "resolve"}
    decider = state.queue[0] if step == _DISCOVERY else current_slot(state).player
    return {"type": resolution.ANSWER_OF_STEP[step], "player": decider}


def legal_moves(state: GameState, draft: Mapping[str, Any] | None = None) -> Legal | None:
    """The settled moves of the pending question (or of ``draft``'s); None once the game
    is over. A question with a single way on is skipped: its follow-up is returned."""
    if draft is None:
        if state.phase == _PLACEMENT:  # (the usual question, and every placement is ready)
            return placement.legal(state, {"type": "place"})
        draft = opening_draft(state)
        if draft is None:
            return None
    found = settled(state, draft)
    while (len(found.moves) == 1 and found.field is None and found.decline is None
           and found.moves[0].draft is not None):
        found = settled(state, found.moves[0].draft)
    return found


def settled(state: GameState, draft: Mapping[str, Any]) -> Legal:
    """``draft``'s moves, those that ask on settled (see ``settle``)."""
    raw = QUESTIONS[draft["type"]].legal(state, draft, None)  # (``legal``, one call less)
    field = raw.field
    if raw.settled and field is None:  # (placement's, and most tracks': nothing to do)
        return raw
    moves = raw.moves
    for move in () if raw.settled else moves:
        if move.draft is not None and not move.events and not move.open:
            moves = tuple(m for m in (settle(state, m) for m in moves) if m is not None)
            break
    if field is not None:
        field = evolve(field, build=_settled_build(state, field.build))
    elif moves is raw.moves:
        return raw
    return evolve(raw, moves=moves, field=field)


def settle(state: GameState, move: Any) -> Any:
    """A move that asks on becomes ready at once when its follow-up has one outcome,
    and is dropped (None) when the follow-up leads nowhere legal."""
    if move.events or move.draft is None or move.open:
        return move
    outcomes, only = probe(state, move.draft)
    if outcomes == 0:
        return None
    if only is not None:
        return evolve(move, events=only.events, draft=None)
    return move


def probe(state: GameState, draft: Mapping[str, Any], need: int = 2) -> tuple[int, Any]:
    """``draft``'s outcomes counted up to ``need`` (2: none, one, or two or more; 1:
    whether it leads anywhere) and, when it has exactly one, that move if it is ready.
    Moves are checked only until ``need`` of them lead somewhere, and only the sole one
    left is settled in full: a chain of questions is walked once."""
    found_legal = legal(state, draft, need)
    if found_legal.field is not None:
        return need, None
    moves = found_legal.moves
    if found_legal.decline is None and len(moves) == 1 and moves[0].draft is not None \
            and not moves[0].events:
        if moves[0].open:
            return need, None
        return probe(state, moves[0].draft, need)  # one way on: its follow-up's outcomes
    found = 0 if found_legal.decline is None else 1
    first = None
    for move in moves:
        if found >= need:
            return need, None
        if move.events or move.draft is None or move.open:
            somewhere = True
        else:
            somewhere = probe(state, move.draft, 1)[0] > 0
        if somewhere:
            found += 1
            first = move if first is None else first
    if found != 1 or need == 1:
        return min(found, need), None
    if first is None:  # the decline alone
        decline = found_legal.decline
        return 1, decline if decline.ready else None
    only = settle(state, first)
    if only is not None and only.draft is not None:  # ``legal_moves`` asks on at once
        if only.open:
            return 2, None
        return probe(state, only.draft)
    return 1, only if only is not None and only.ready else None


def leads_somewhere(state: GameState, draft: Mapping[str, Any]) -> bool:
    return probe(state, draft, 1)[0] > 0


def _settled_build(state: GameState, build: Callable[[Any], Answer]) -> Callable[[Any], Answer]:
    def built(value: Any) -> Answer:
        answer = build(value)
        return settle(state, answer) or Answer(answer.label, answer.value)

    return built


__all__ = ["QUESTIONS", "legal", "legal_moves", "leads_somewhere", "opening_draft",
           "probe", "settle", "settled"]
