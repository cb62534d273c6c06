"""A game: its set-up and event log, the state they fold to, its record; answers, undo.

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
companion.errors.IllegalAction: it is Bob's turn to place a worker, not Ann's (turn 1, ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.answering import Asked, answer_in_place
from companion.engine.asking import decide
from companion.engine.common import refuse
from companion.engine.decisions import Action, Decision
from companion.engine.events import Event, event_dict, parse_event
from companion.engine.final import scoring_of, standings
from companion.engine.flow import Phase
from companion.engine.fold import apply, apply_event, apply_in_place, replay
from companion.engine.moves import legal_moves
from companion.engine.records import RECORD_FORMAT, RECORD_VERSION, Refusal, load, read_record
from companion.engine.setup import GameSetup, parse_new_setup
from companion.engine.state import GameState, initial_state
from companion.i18n import _, ngettext
from companion.rules.editions import LAST_TURN
from companion.scoring import RegionScoring, ScoreBreakdown

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "Game", "apply", "replay", "scoring_in"]


def scoring_in(state: GameState, events: Sequence[Any],
               ) -> tuple[int, tuple[RegionScoring, ...]] | None:
    """The colony scoring that ``events``, applied from ``state`` on, carry out: the turn it
    ends and its regions (``scoring_of``); None when they carry out none. Only the states
    up to the scoring are folded, and none when no event refreshes the board."""
    events = [parse_event(ev) for ev in events]
    if not any(ev.type == "refresh" for ev in events):
        return None
    for ev in events:
        judged = scoring_of(state, ev)
        if judged is not None:
            return state.turn, judged
        state = apply(state, ev)
    return None


def last_step_start(events: Sequence[Event]) -> int:
    """Where the last answer of a log begins: its first choice (the events after it are
    the rest of its group and the automatic steps it caused); 0 for an empty log."""
    for index in range(len(events) - 1, -1, -1):
        if not (events[index].auto or events[index].group):
            return index
    return 0


@dataclass(frozen=True)
class Game:
    """A game: set-up plus the event log, and the state they fold to."""

    setup: GameSetup
    events: tuple[Event, ...]
    state: GameState
    # Memos, not fields of the game (never compared): what it asks, how it stands.
    _asked: Asked | None = field(default=None, init=False, repr=False, compare=False)
    _standings: list[tuple[int, ScoreBreakdown]] | None = field(
        default=None, init=False, repr=False, compare=False)

    @classmethod
    def new(cls, setup: GameSetup | Mapping[str, Any]) -> Game:
        setup = parse_new_setup(setup)  # a game started now (a stored one is read by ``load``)
        return cls(setup, (), initial_state(setup))

    @classmethod
    def from_events(cls, setup: GameSetup | Mapping[str, Any], events: Sequence[Any],
                    version: int = RECORD_VERSION) -> Game:
        """The game a log replays to (an older ``version`` is converted as it is read);
        raises at the first refused event, naming its index."""
        loaded = load(setup, events, version, strict=True)
        return cls(loaded.setup, loaded.events, loaded.state)

    @classmethod
    def load(cls, setup: GameSetup | Mapping[str, Any], events: Sequence[Any],
             version: int = RECORD_VERSION) -> tuple[Game, Refusal | None]:
        """Like ``from_events``, but a log the rules now refuse part-way is read up to the
        refused event: the game as it stood before it, and the ``Refusal`` naming it."""
        loaded = load(setup, events, version)
        return cls(loaded.setup, loaded.events, loaded.state), loaded.refusal

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """A game record (any readable version), replayed; raises at a refused event."""
        return cls.from_events(*read_record(record))

    @classmethod
    def load_record(cls, record: Mapping[str, Any]) -> tuple[Game, Refusal | None]:
        """A game record read like ``load``: up to its first refused event, if any."""
        return cls.load(*read_record(record))

    def record(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "setup": self.setup.model_dump(mode="json"),
            "events": [event_dict(e) for e in self.events],
        }

    def apply(self, event: Event | Mapping[str, Any]) -> Game:
        """This one event applied as given (an answer that names nobody is recorded with
        the player whose decision it is; one naming anyone else is refused)."""
        state, ev = apply_event(self.state, event)
        return Game(self.setup, (*self.events, ev), state)

    def answer(self, events: Event | Mapping[str, Any] | Sequence[Any]) -> Game:
        """The table's answer (one event, or the events of a group answer) applied, then
        every step whose only outcome the rules leave settled by the engine (``auto``)."""
        # One copy for the whole answer: it is dropped if any of its events is refused.
        state, log = self.state.clone(), list(self.events)
        pending = answer_in_place(state, log, events)
        game = Game(self.setup, tuple(log), state)
        game._remember(Asked(pending))
        return game

    def last_step(self) -> int:
        """How many events the last answer stored: its choices and the automatic events
        they caused (0 for an empty log)."""
        return len(self.events) - last_step_start(self.events)

    def undo(self, n: int = 1) -> Game:
        """The game without its last ``n`` events."""
        if not 0 <= n <= len(self.events):
            raise refuse(self.state, ngettext("cannot undo {n} event: the log has {n2}",
                                              "cannot undo {n} events: the log has {n2}",
                                              n).format(n=n, n2=len(self.events)))
        return Game.from_events(self.setup, self.events[: len(self.events) - n])

    def undo_step(self) -> Game:
        """The game without its last answer (its automatic events go with it)."""
        if not self.events:
            raise refuse(self.state, _("there is nothing to undo yet"))
        return self.undo(self.last_step())

    def at(self, version: int) -> GameState:
        """The state after the first ``version`` events."""
        if not 0 <= version <= len(self.events):
            raise ValueError(_("version {version} is outside 0..{n}").format(
                                 version=version, n=len(self.events)))
        return replay(self.setup, self.events[:version])

    def at_turn_end(self, turn: int) -> GameState:
        """The state after turn ``turn``'s last phase: its refresh done (the colony scoring
        of turns 3, 6 and 8 included) and, with the buy-VP option, the VP bought right after
        that scoring. Refused while the log has not finished that turn."""
        if not 1 <= turn <= LAST_TURN:
            raise ValueError(_("there is no turn {turn}: the game has turns 1 to {last}").format(
                turn=turn, last=LAST_TURN))
        state = initial_state(self.setup)
        ended = False
        for ev in self.events:
            if ended and state.phase != Phase.BUY_VP:
                break
            refreshing = ev.type == "refresh" and state.turn == turn
            apply_in_place(state, ev)
            ended = ended or refreshing
        if not ended or state.phase == Phase.BUY_VP:
            raise refuse(self.state, _("turn {turn} is not over yet in this game").format(
                                         turn=turn))
        return state

    def timeline(self, version: int | None = None) -> list[dict]:
        """The charts' per-turn snapshots (``companion.engine.timeline``) after the first
        ``version`` events (default: all): a replay of the log that keeps them, made only
        when a chart looks (no other fold builds them)."""
        state = initial_state(self.setup)
        state.timeline = []
        for ev in self.events[:version]:
            apply_in_place(state, ev)
        return state.timeline

    def pending(self) -> Decision | None:
        """The Decision the game waits for (None once it is over). Asked once per game:
        the state of a ``Game`` never changes, so neither does its question."""
        return self._memo().decision_in(self.state)

    def ask(self, draft: Mapping[str, Any]) -> Decision | None:
        """The next question of an answer given step by step (``draft``: chosen so far)."""
        return decide(self.state, draft)

    def actions(self) -> list[Action]:
        """Powers usable at this moment and the standing actions allowed at any time."""
        return list(self._memo().actions_in(self.state))

    def standings(self) -> list[tuple[int, ScoreBreakdown]]:
        """``final.standings`` of this game's state, computed once per game: the store's
        summary and the pages both read them after every step."""
        ranked = self._standings
        if ranked is None:
            ranked = standings(self.state)
            object.__setattr__(self, "_standings", ranked)  # a memo, like ``_asked``
        return ranked

    def _memo(self) -> Asked:
        asked = self._asked
        if asked is None:
            asked = Asked(legal_moves(self.state))
            self._remember(asked)
        return asked

    def _remember(self, asked: Asked) -> None:
        object.__setattr__(self, "_asked", asked)  # a memo, not a field: not compared
