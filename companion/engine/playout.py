"""Seeded random play: legal random games to the end, for tests, benchmarks and demos.

Every move is drawn from the engine's own legal moves (``moves.legal_moves``: an answer,
or a follow-up question asked step by step, or a power offered beside it), never from
words: this module never decides a rule.

>>> game = random_game({"players": [{"name": "A"}, {"name": "B"}]}, seed=1)
>>> game.state.phase.value, game.state.turn
('over', 8)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.engine.answering import answer_in_place
from companion.engine.asking import offered_actions
from companion.engine.decisions import Action, Decision, Field, Kind, Legal, parsed_events
from companion.engine.flow import Phase
from companion.engine.game import Game
from companion.engine.moves import legal_moves
from companion.engine.state import GameState

MAX_EVENTS = 5000
MAX_QUESTIONS = 50  # follow-up questions in one answer; far more than any choice needs
MAX_TRIES = 20  # random walks tried for one answer before the playout gives up (a bug)
POWER_CHANCE = 0.15  # how often a power or standing action offered now is tried first


def random_field_value(kind: Kind, field: Field, rng: random.Random) -> Any:
    """A random value that satisfies the field's constraints (an order, counts, a number)."""
    if kind == Kind.NUMBER:
        most = field.most if field.most is not None else field.least
        return rng.randint(field.least, most)
    if kind == Kind.ORDER:
        values = [o.value for o in field.options]
        rng.shuffle(values)
        return values
    bag: list[Any] = []
    for option in field.options:  # (each value as many times as it may be taken)
        bag += [option.value] * option.most
    if field.total is not None:
        size = min(field.total, len(bag))
    else:
        top = len(bag) if field.most is None else min(field.most, len(bag))
        size = rng.randint(min(field.least, top), top)
    counts: dict[Any, int] = {}
    for value in rng.sample(bag, size):
        counts[value] = counts.get(value, 0) + 1
    return counts


def pick(rng: random.Random, items: Sequence[Any]) -> Any:
    """One of ``items`` at random: the draw of ``rng.choice``, written out (asked at every
    move of every game): an index of as many random bits as the length has, drawn again
    while past the end.

    >>> ours, theirs = random.Random(3), random.Random(3)
    >>> [pick(ours, "abcdefg") for _ in range(9)] == [theirs.choice("abcdefg") for _ in range(9)]
    True
    """
    size = len(items)
    if not size:
        raise IndexError("cannot pick from an empty sequence")
    bits = size.bit_length()
    index = rng.getrandbits(bits)
    while index >= size:
        index = rng.getrandbits(bits)
    return items[index]


def random_answer(state: GameState, decision: Decision | Legal,
                  rng: random.Random) -> tuple[Mapping[str, Any], ...] | None:
    """Walk a question (its Decision or its legal moves: the same answers in the same
    order) to ready events with random answers (None if it leads nowhere)."""
    asked = 0  # (counted by hand: a range made per answer costs more than the count)
    while asked < MAX_QUESTIONS:
        asked += 1
        answers: Sequence[Any] = (decision.all_moves() if type(decision) is Legal
                                  else decision.all_answers())
        if decision.field is not None and (not answers or rng.random() < 0.5):
            value = random_field_value(decision.kind, decision.field, rng)
            answers = (decision.field.answer(value),)
        if not answers:
            return None
        # Half the time one of the first answers listed (the usual one, the smallest
        # purchase), so that random players keep money for buildings as tables do.
        picked = pick(rng, answers[:3] if rng.random() < 0.5 else answers)
        if picked.events:  # (ready)
            return parsed_events(picked)
        if picked.draft is None:
            return None
        follow = legal_moves(state, picked.draft)
        if follow is None:
            return None
        decision = follow
    raise RuntimeError(f"a decision asked more than {MAX_QUESTIONS} questions: {decision}")


def random_step(game: Game, rng: random.Random) -> Game:
    """One random answer (or a power offered beside the pending Decision) applied."""
    return game.answer(_random_move(game.state, game.pending(), lambda _state: game.actions(),
                                    rng))


def _random_move(state: GameState, wanted: Decision | Legal | None,
                 offered: Callable[[GameState], Sequence[Action]],
                 rng: random.Random) -> tuple[Mapping[str, Any], ...]:
    """The events of one random move: a power or standing action offered now (tried now
    and then), else an answer to the pending Decision. The actions are asked only when
    the draw would try one: nearly always there is none, and asking costs a pass over
    every player's buildings and stock."""
    actions = offered(state) if rng.random() < POWER_CHANCE else ()
    if actions:
        action = pick(rng, actions)
        start = legal_moves(state, action.start)
        if start is not None:
            events = random_answer(state, start, rng)
            if events:
                return events
    if wanted is None:
        raise RuntimeError("the game is over: nothing is asked")
    tries = 0  # a random walk can end in a dead end (a field value refused): tried again
    while tries < MAX_TRIES:
        tries += 1
        events = random_answer(state, wanted, rng)
        if events:
            return events
    raise RuntimeError(f"no answer found at {state.describe()}: {wanted.type} {wanted.draft}")


def random_game(setup: Mapping[str, Any] | Any, seed: int = 0,
                stop_after: int | None = None) -> Game:
    """Play a whole game (or about ``stop_after`` events) with random legal answers.

    The same moves as ``random_step`` from ``Game.new(setup)``, but played on one state
    changed in place: every move comes from the engine's Decisions, so a refusal here is
    a bug and raises (no copy is kept to fall back on)."""
    rng = random.Random(seed)
    start = Game.new(setup)
    state, log = start.state, list(start.events)
    pending = legal_moves(state)
    limit = stop_after or MAX_EVENTS
    over = Phase.OVER  # (a name: an enum member is slow to look up on its class)
    while state.phase != over and len(log) < limit:
        move = _random_move(state, pending, offered_actions, rng)
        pending = answer_in_place(state, log, move)
    return Game(start.setup, tuple(log), state)
