"""Live games: each game folded once and kept, per ``Store`` (so per process), shared by
every caller and thread.

A ``StoredGame`` is immutable (its ``Game`` and the states inside are never changed: the
engine applies events to copies), so the cache hands out the same object to every browser
session. An entry is good for exactly one revision of one game: the store looks it up with
the revision it has just read from the database (under the write lock for writes), and
folds the log again on a mismatch, so another process's writes are never missed.

Besides the game, an entry keeps a few earlier versions of it (``StoredGame.earlier``): the
game before its last answer, and before each answer recorded through this store since. Undo
and the Table's "last step" take them instead of replaying the log.

>>> from companion.engine import Game
>>> live = LiveGames(size=2)
>>> sg = StoredGame(7, Game.new({"players": [{"name": "A"}, {"name": "B"}]}), NOW, NOW, 3)
>>> live.put(sg); live.get(7, 3, NOW) is sg, live.get(7, 4, NOW)
(True, None)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from companion.engine import (
    RECORD_VERSION,
    EngineError,
    Game,
    GameState,
    Phase,
    Refusal,
    UnreadableEvent,
    as_stored,
    converted,
    parse_event,
)
from companion.i18n import _
from companion.store.set_aside import SetAside

LIVE_GAMES = 16  # games kept folded (the least recently used goes first)
EARLIER = 8  # earlier versions kept per game
NOW = datetime(2024, 1, 1, tzinfo=UTC)  # for examples


@dataclass(frozen=True)
class StoredGame:
    """A saved game as loaded: ``seq`` is the number of events, ``revision`` the version of
    the game in the database (pass it back to ``append``/``answer``/``undo``).

    ``refused``: the rules now refuse the stored event at ``refused.index`` (a rule was
    corrected since it was recorded); ``game`` is then the game up to that event and the
    stored game is read-only until the refused events are set aside (``Store.set_aside``).
    """

    id: int
    game: Game
    created: datetime
    updated: datetime
    revision: int = 0
    # earlier versions of ``game`` held in memory, oldest first (not part of its identity)
    earlier: tuple[Game, ...] = field(default=(), compare=False, repr=False)
    refused: Refusal | None = None
    set_aside: tuple[SetAside, ...] = ()
    record_version: int = RECORD_VERSION  # the record version its stored events are in

    @property
    def seq(self) -> int:
        return len(self.game.events)

    @property
    def read_only(self) -> bool:
        return self.refused is not None

    @property
    def status(self) -> str:
        return "finished" if self.game.state.phase == Phase.OVER else "in_progress"

    @property
    def key(self) -> tuple[int, datetime, int]:
        """What names this version of this game, for caches: an id alone can come back
        (SQLite reuses the id of the newest game once it is deleted), its creation time
        with it cannot."""
        return self.id, self.created, self.revision

    def version(self, seq: int) -> Game | None:
        """The game after its first ``seq`` events, if it is held in memory."""
        if seq == self.seq:
            return self.game
        return next((g for g in reversed(self.earlier) if len(g.events) == seq), None)

    def state_at(self, seq: int) -> GameState:
        """The state after the first ``seq`` events (from memory when held, else a replay)."""
        held = self.version(seq)
        return held.state if held is not None else self.game.at(seq)


@dataclass(frozen=True)
class Folded:
    """A stored log as read: the game, the game before its last answer (if held), and the
    first event the rules now refuse (the game then stands just before it)."""

    game: Game
    earlier: tuple[Game, ...] = ()
    refusal: Refusal | None = None


def _answer_start(raw_events: Sequence[Any]) -> int:
    """``last_step_start`` of a stored log, read from its flags without parsing it."""
    for index in range(len(raw_events) - 1, -1, -1):
        raw = raw_events[index]
        flags = ((raw.get("auto"), raw.get("group")) if isinstance(raw, dict)
                 else (getattr(raw, "auto", False), getattr(raw, "group", False)))
        if not any(flags):
            return index
    return 0


def fold(setup: Any, raw_events: Sequence[Any], version: int = RECORD_VERSION, *,
         strict: bool = True) -> Folded:
    """The game after ``raw_events`` (written in record ``version``: an older log is
    converted as it is read), and the game before its last answer (one replay for both).
    ``strict``: raise the engine's error naming the first refused event's index; otherwise
    stop there and name it in ``Folded.refusal``."""
    start = _answer_start(raw_events)
    if strict:
        before = Game.from_events(setup, raw_events[:start], version)
    else:
        before, refusal = Game.load(setup, raw_events[:start], version)
        if refusal is not None:
            return Folded(before, (), refusal)
    game = before
    for index in range(start, len(raw_events)):
        try:
            game = game.apply(converted(game.state, parse_event(raw_events[index]), version))
        except EngineError as exc:
            if strict:
                raise type(exc)(_("event {index}: {why}").format(index=index, why=exc)) \
                    from None
            held = (before,) if game is not before else ()
            return Folded(game, held, Refusal(index, as_stored(raw_events[index]), str(exc),
                                                    isinstance(exc, UnreadableEvent)))
    return Folded(game, (before,) if start < len(raw_events) else ())


def rewound(stored: StoredGame, seq: int) -> tuple[Game, tuple[Game, ...]]:
    """The game cut back to its first ``seq`` events, and what stays held before it."""
    for index in range(len(stored.earlier) - 1, -1, -1):
        if len(stored.earlier[index].events) == seq:
            return stored.earlier[index], stored.earlier[:index]
    folded = fold(stored.game.setup, stored.game.events[:seq])
    return folded.game, folded.earlier


def held_after(stored: StoredGame) -> tuple[Game, ...]:
    """The earlier versions held once a new version of the game follows ``stored``."""
    return (*stored.earlier, stored.game)[-EARLIER:]


class LiveGames:
    """An LRU of ``StoredGame`` by id, each good for one (revision, created); thread-safe."""

    def __init__(self, size: int = LIVE_GAMES) -> None:
        self._size = size
        self._games: OrderedDict[int, StoredGame] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: int, revision: int, created: datetime) -> StoredGame | None:
        with self._lock:
            stored = self._games.get(game_id)
            if stored is None or stored.revision != revision or stored.created != created:
                return None
            self._games.move_to_end(game_id)
            return stored

    def put(self, stored: StoredGame) -> None:
        """Keep ``stored`` unless a later revision of the same game is already held (two
        writers of this process finish in either order)."""
        with self._lock:
            held = self._games.get(stored.id)
            if (held is not None and held.created == stored.created
                    and held.revision > stored.revision):
                return
            self._games[stored.id] = stored
            self._games.move_to_end(stored.id)
            while len(self._games) > self._size:
                self._games.popitem(last=False)

    def drop(self, game_id: int) -> None:
        with self._lock:
            self._games.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._games)
