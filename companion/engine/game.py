"""The one place that decides legality: apply an event to a state, replay a log, undo.

>>> from companion.engine.setup import GameSetup, PlayerSetup
>>> game = Game.new(GameSetup(players=[PlayerSetup(name="Ann"), PlayerSetup(name="Bob")]))
>>> game = game.apply({"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
...                    "buildings": ["settlers", "monastery", "trading_post", "navigator",
...                                  "trade_routes"]})
>>> game = game.apply({"type": "place", "player": "Ann", "worker": "colonist",
...                    "track": "initiative"})
>>> game.state.tracks["initiative"][0].player, game.pending().player
('Ann', 'Bob')
>>> game.apply({"type": "place", "player": "Ann", "worker": "colonist", "track": "dock"})
Traceback (most recent call last):
...
companion.engine.errors.IllegalAction: it is Bob's turn to place a worker, not Ann's (turn 1, ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine import nations, placement, refresh, resolution, variants
from companion.engine.asking import actions, decide
from companion.engine.common import check_good, player, refuse
from companion.engine.decisions import Action, Decision
from companion.engine.errors import EngineError, MalformedEvent
from companion.engine.events import Correction, Event, event_dict, parse_event
from companion.engine.flow import Phase
from companion.engine.setup import GameSetup, parse_setup
from companion.engine.state import GameState, initial_state

RECORD_FORMAT = "age-of-discovery-companion/game"
RECORD_VERSION = 2  # 2: events the engine wrote itself carry "auto": true
READABLE_VERSIONS = (1, 2)
MAX_AUTO = 200  # one answer never settles more steps than a whole turn has


def _correction(state: GameState, ev: Correction) -> None:
    who = player(state, ev.player)
    if who.money + ev.money < 0:
        raise refuse(state, f"{who.name} has ${who.money}; a correction of {ev.money} would "
                            "leave less than nothing")
    for good, n in ev.goods.items():
        check_good(state, good)
        if who.goods[good] + n < 0 or state.supply[good] - n < 0:
            raise refuse(state, f"a correction of {n} {good} for {who.name} is impossible "
                                f"(has {who.goods[good]}, supply {state.supply[good]})")
    for worker, n in ev.available.items():
        if worker not in who.available:
            raise refuse(state, f"{worker!r} is not a kind of worker")
        if who.available[worker] + n < 0 or who.reserve[worker] - n < 0:
            raise refuse(state, f"a correction of {n} {worker} for {who.name} is impossible")
    if who.ships + ev.ships < 0 or state.ships_in_reserve - ev.ships < 0:
        raise refuse(state, f"a correction of {ev.ships} ships for {who.name} is impossible")
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


def _shape_problem(exc: Exception) -> str:
    """What is wrong with a choice the engine could not read, in words (no Python message)."""
    if isinstance(exc, KeyError):
        return f"its choice has no {str(exc.args[0]).replace('_', ' ')!r}"
    return "a value in its choice has the wrong shape"


HANDLERS: dict[str, Callable[[GameState, Any], None]] = {
    "reveal": refresh.reveal,
    "place": placement.place,
    "dock": resolution.dock,
    "take_good": resolution.take_good,
    "buy": resolution.buy,
    "expedition": resolution.expedition,
    "training": resolution.training,
    "warfare": resolution.warfare,
    "benefit": resolution.benefit,
    "power": nations.power,
    "scout": variants.scout,
    "swap": variants.swap,
    "resolve": resolution.resolve,
    "refresh": refresh.refresh,
    "buy_vp": refresh.buy_vp,
    "correction": _correction,
}


def _apply_in_place(state: GameState, ev: Event) -> None:
    if state.phase == Phase.OVER and ev.type != "correction":
        raise refuse(state, "no more moves: the game is over")
    HANDLERS[ev.type](state, ev)
    state.version += 1


def apply(state: GameState, event: Event | Mapping[str, Any]) -> GameState:
    """A new state with the event applied; the given state is never changed.

    Raises ``MalformedEvent`` or ``IllegalAction`` (both ``ValueError``) when refused.
    """
    ev = parse_event(event)
    new = state.clone()
    try:
        _apply_in_place(new, ev)
    except (KeyError, TypeError, AttributeError) as exc:  # bad shapes inside a choice
        raise MalformedEvent(f"cannot read that {ev.type} event: {_shape_problem(exc)}") from None
    return new


def replay(setup: GameSetup | Mapping[str, Any], events: Iterable[Any]) -> GameState:
    """The state after a log of events (raises at the first refused one, naming its index)."""
    state = initial_state(parse_setup(setup))
    for index, raw in enumerate(events):
        try:
            ev = parse_event(raw)
            _apply_in_place(state, ev)
        except EngineError as exc:
            raise type(exc)(f"event {index}: {exc}") from None
        except (KeyError, TypeError, AttributeError) as exc:
            raise MalformedEvent(f"event {index}: cannot read it: {_shape_problem(exc)}") from None
    return state


@dataclass(frozen=True)
class Game:
    """A game: set-up plus the event log, and the state they fold to."""

    setup: GameSetup
    events: tuple[Event, ...]
    state: GameState

    @classmethod
    def new(cls, setup: GameSetup | Mapping[str, Any]) -> Game:
        setup = parse_setup(setup)
        return cls(setup, (), initial_state(setup))

    @classmethod
    def from_events(cls, setup: GameSetup | Mapping[str, Any], events: Sequence[Any]) -> Game:
        setup = parse_setup(setup)
        parsed = []
        for index, raw in enumerate(events):
            try:
                parsed.append(parse_event(raw))
            except MalformedEvent as exc:
                raise MalformedEvent(f"event {index}: {exc}") from None
        return cls(setup, tuple(parsed), replay(setup, parsed))

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        if not isinstance(record, Mapping):
            raise MalformedEvent("a game record is a JSON object with 'setup' and 'events'")
        if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise MalformedEvent(f"not a game record (format {record.get('format')!r})")
        version = record.get("version", RECORD_VERSION)
        if type(version) is not int or version not in READABLE_VERSIONS:
            raise MalformedEvent(f"record version {version!r} is not supported "
                                 f"(this app reads versions 1 and {RECORD_VERSION})")
        if "setup" not in record or not isinstance(record.get("events", []), list):
            raise MalformedEvent("a game record needs 'setup' and a list of 'events'")
        return cls.from_events(record["setup"], record.get("events", []))

    def record(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "setup": self.setup.model_dump(mode="json"),
            "events": [event_dict(e) for e in self.events],
        }

    def apply(self, event: Event | Mapping[str, Any]) -> Game:
        """This one event applied exactly as given (replay and tests use this)."""
        ev = parse_event(event)
        return Game(self.setup, (*self.events, ev), apply(self.state, ev))

    def answer(self, events: Event | Mapping[str, Any] | Sequence[Any]) -> Game:
        """The table's answer (one event, or the events of a group answer) applied, then
        every step whose only outcome the rules leave settled by the engine (``auto``)."""
        batch = [events] if isinstance(events, Event | Mapping) else list(events)
        if not batch:
            raise MalformedEvent("an answer needs at least one event")
        state, log = self.state, list(self.events)
        for index, raw in enumerate(batch):
            ev = parse_event(raw)
            if ev.auto or ev.group:
                raise MalformedEvent("only the engine marks events automatic or grouped")
            if index:
                ev = ev.model_copy(update={"group": True})
            state = apply(state, ev)
            log.append(ev)
        for _ in range(MAX_AUTO):
            ev = _only_outcome(state)
            if ev is None:
                break
            state = apply(state, ev)
            log.append(ev)
        return Game(self.setup, tuple(log), state)

    def last_step(self) -> int:
        """How many events the last answer stored: its choices and the automatic events
        they caused (0 for an empty log)."""
        n = 0
        for ev in reversed(self.events):
            n += 1
            if not (ev.auto or ev.group):
                break
        return n

    def undo(self, n: int = 1) -> Game:
        """The game without its last ``n`` events."""
        if not 0 <= n <= len(self.events):
            raise refuse(self.state, f"cannot undo {n} event(s): the log has {len(self.events)}")
        return Game.from_events(self.setup, self.events[: len(self.events) - n])

    def undo_step(self) -> Game:
        """The game without its last answer (its automatic events go with it)."""
        if not self.events:
            raise refuse(self.state, "there is nothing to undo yet")
        return self.undo(self.last_step())

    def at(self, version: int) -> GameState:
        """The state after the first ``version`` events."""
        if not 0 <= version <= len(self.events):
            raise ValueError(f"version {version} is outside 0..{len(self.events)}")
        return replay(self.setup, self.events[:version])

    def pending(self) -> Decision | None:
        """The Decision the game waits for (None once it is over)."""
        return decide(self.state)

    def ask(self, draft: Mapping[str, Any]) -> Decision | None:
        """The next question of an answer given step by step (``draft``: chosen so far)."""
        return decide(self.state, draft)

    def actions(self) -> list[Action]:
        """Powers usable at this moment and the standing actions allowed at any time."""
        return actions(self.state)


def _only_outcome(state: GameState) -> Event | None:
    """The event of the pending step when the rules leave it exactly one outcome and no
    power belongs to this moment (the table would lose the chance to use it)."""
    decision = decide(state)
    if decision is None:
        return None
    only = decision.only_answer
    if only is None or len(only.events) != 1:
        return None
    if any(a.moment for a in actions(state)):
        return None
    return parse_event({**only.events[0], "auto": True})
