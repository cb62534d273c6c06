"""Decisions: what the engine asks the table, and every legal answer to it.

A ``Decision`` is one question (who decides, what kind of thing is chosen, a prompt in
table language). Small answer spaces are listed outright: each ``Answer`` either carries the
ready events to record, or a ``draft`` (a partial event) that leads to the next question,
so a big choice is asked step by step. Large spaces (a multiset, an order, a number) come
as a ``Field`` whose ``build`` turns the filled-in value into an ``Answer``; ``apply`` stays
the judge of what is finally recorded.

>>> Answer("Caribbean", "caribbean", events=({"type": "dock", "region": "caribbean"},)).ready
True
>>> Decision(Kind.REGION, "Where to?", "Ann", "dock",
...          answers=(Answer("Caribbean", "caribbean", events=({"type": "dock"},)),)).outcomes
1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field as dc_field
from enum import StrEnum
from typing import Any, final

from companion.engine.events import parse_event
from companion.engine.values import evolve as evolve  # (re-exported: read here by the tracks)
from companion.engine.values import frozen_value, set_kept


def parsed_events(move: Move | Answer) -> tuple[Any, ...]:
    """A ``Move``'s (or ``Answer``'s) events parsed, once per move: a placement's moves are
    made once and shared all game, and a dict is parsed by a key built from its items.
    (Kept beside the fields, tied to the events it was parsed from: a copy made by
    ``evolve`` with other events parses its own.)

    >>> move = Move("x", events=({"type": "resolve"},))
    >>> parsed_events(move)[0].type, parsed_events(move) is parsed_events(move)
    ('resolve', True)
    """
    kept, events = move.parsed, move.events
    if kept is not None and kept[0] is events:
        return kept[1]
    parsed = tuple(map(parse_event, events))
    set_kept(move, "parsed", (events, parsed))
    return parsed


class Kind(StrEnum):
    """What is being chosen: the UI has one renderer per kind."""

    PLACE = "place"  # where a worker goes: its type, track and box (the placement grid)
    TRACK = "track"  # a track (University: move to the front of one)
    REGION = "region"
    GOOD = "good"
    BUILDING = "building"
    PLAYER = "player"
    WORKER = "worker"  # a worker type (or a Specialists box)
    TOKEN = "token"  # a discovery token or card
    YES_NO = "yes_no"
    NUMBER = "number"
    ORDER = "order"
    MULTISET = "multiset"


@frozen_value
class Answer:
    """One legal answer: ready ``events`` to record, or a ``draft`` to ask on with."""

    label: str
    value: Any = None  # the thing chosen, in the Decision kind's terms (a region id, ...)
    events: tuple[Mapping[str, Any], ...] = ()
    draft: Mapping[str, Any] | None = None
    note: str = ""  # a price, a value: what the table may want to see beside the label
    usual: bool = False  # what the table does almost every time (offered first)
    open: bool = dc_field(default=False, repr=False, compare=False)  # as ``Move.open``
    parsed: tuple[Any, tuple[Any, ...]] | None = dc_field(default=None, init=False, repr=False,
                                                         compare=False)  # (events)

    @property
    def ready(self) -> bool:
        return bool(self.events)


@frozen_value
class Move:
    """One legal answer without words: ready ``events``, or a ``draft`` to ask on with.
    ``open``: the track knows its follow-up has two or more outcomes (nothing to probe).

    >>> Move("caribbean", events=({"type": "dock", "region": "caribbean"},)).ready
    True
    """

    value: Any = None
    events: tuple[Mapping[str, Any], ...] = ()
    draft: Mapping[str, Any] | None = None
    usual: bool = False
    open: bool = False
    # ``parsed_events`` keeps the events parsed here (not a field a person sets).
    parsed: tuple[Any, tuple[Any, ...]] | None = dc_field(default=None, init=False, repr=False,
                                                         compare=False)

    @property
    def ready(self) -> bool:
        return bool(self.events)


@frozen_value
class Option:
    """One thing a ``Field`` may take, up to ``most`` times."""

    value: Any
    label: str
    most: int = 1
    note: str = ""


@frozen_value
class Field:
    """A large answer space described by its constraints instead of listed.

    MULTISET: counts per option (``total`` exact, or ``least``..``most`` in all);
    ORDER: every option once, in a chosen order; NUMBER: ``least``..``most``.
    """

    options: tuple[Option, ...] = ()
    total: int | None = None
    least: int = 0
    most: int | None = None
    build: Callable[[Any], Answer] = dc_field(default=lambda value: Answer(str(value)),
                                           repr=False, compare=False)

    def answer(self, value: Any) -> Answer:
        """The answer for a filled-in value (the engine still judges it when applied)."""
        return self.build(value)


@frozen_value
class Decision:
    """The question the engine waits for (or a step of it, or of a standing action)."""

    kind: Kind
    prompt: str
    player: str | None  # who decides under the rules (None: the table, for a report)
    type: str  # the event type the answers record
    answers: tuple[Answer, ...] = ()
    decline: Answer | None = None  # the "no" the rules allow (counts as an outcome)
    field: Field | None = None
    report: bool = False  # a fact read off the components, not a choice
    draft: Mapping[str, Any] = dc_field(default_factory=dict)  # what was chosen so far
    slot: str | None = None  # the track slot being resolved, if any
    worker: str | None = None  # the worker standing on it
    closed: tuple[str, ...] = ()  # why the rules leave out answers one might look for

    @property
    def outcomes(self) -> int:
        """How many outcomes there are (a field counts as many)."""
        if self.field is not None:
            return 2 + len(self.answers) + (self.decline is not None)
        return len(self.answers) + (self.decline is not None)

    @property
    def only_answer(self) -> Answer | None:
        """The one ready answer when the rules leave exactly one outcome."""
        if self.field is None and self.outcomes == 1:
            only = self.answers[0] if self.answers else self.decline
            if only is not None and only.ready:
                return only
        return None

    def all_answers(self) -> tuple[Answer, ...]:
        return self.answers if self.decline is None else (*self.answers, self.decline)


@frozen_value
class Action:
    """Something the rules allow now beside the pending Decision (a power, a swap, ...).

    ``moment`` is True for powers tied to this moment of the turn (they would be lost if
    the engine moved on by itself); standing actions allowed at any time are not.
    """

    key: str
    title: str
    player: str | None
    help: str
    start: Mapping[str, Any]  # the draft its first question is asked with
    moment: bool = False


@final  # (``type(x) is Legal`` tells a Legal from a Decision, for the checker too)
@frozen_value
class Legal:
    """The legal answers of one question, without its words: what playouts, settling and
    probing read. A track's ``words`` turn it into the ``Decision`` the table sees.
    ``settled``: the track settled every move itself (each ready, or ``open``).
    ``moves`` hold ``Move`` values (or, for a question written with its words, the
    ``Answer`` values of ``worded``, the Decision they came from)."""

    kind: Kind
    type: str
    player: str | None
    moves: tuple[Any, ...] = ()
    decline: Any = None
    field: Field | None = None
    report: bool = False
    draft: Mapping[str, Any] = dc_field(default_factory=dict)
    worded: Decision | None = None
    settled: bool = False  # every move is ready or open already: nothing to settle

    @property
    def outcomes(self) -> int:
        if self.field is not None:
            return 2 + len(self.moves) + (self.decline is not None)
        return len(self.moves) + (self.decline is not None)

    @property
    def only_move(self) -> Any:
        """The one ready move when the rules leave exactly one outcome (asked after every
        event of every game: the outcomes counted here, not by ``outcomes``)."""
        if self.field is not None:
            return None
        moves, decline = self.moves, self.decline
        if len(moves) + (decline is not None) != 1:
            return None
        only = moves[0] if moves else decline
        return only if only.events else None

    def all_moves(self) -> tuple[Any, ...]:
        return self.moves if self.decline is None else (*self.moves, self.decline)


def legal_of(decision: Decision) -> Legal:
    """A question written with its words, read as its legal moves (its answers)."""
    return Legal(decision.kind, decision.type, decision.player, decision.answers,
                 decision.decline, decision.field, decision.report, decision.draft, decision)
