"""Each game's revision and settings as this process last saw them: one watcher per game per
server process, so that a live page's poll (``Store.watched_revision``, and for its Hints
switch ``Store.watched_settings``) reads memory, whatever the number of phones that follow
the game.

* **PostgreSQL**: every write tells the others (``NOTIFY``, sent at its commit: ``announce``
  for the event log, ``announce_settings`` for the game's settings); one thread per process
  listens on its own connection (``LISTEN``) and keeps what it hears. Until it listens (or
  while it reconnects), the watcher reads like SQLite's.
* **SQLite** (and PostgreSQL without a listener): one read per game per ``FRESH_SECONDS``
  (the revision and the settings together), shared by every caller: the first caller past
  that reads, the others keep what is already held meanwhile (never waiting on the database).

This process's own writes are seen at once (``saw``, ``heard_settings``). A revision never
goes back (an undo raises it too), nor does a settings stamp (each change is stamped later
than the one before it); a game deleted is forgotten, and asked of the database again.
Settings are not the event log: changing them leaves the revision, and so every device's
conflict check, alone.

>>> from companion.store import Store
>>> store = Store("sqlite://")
>>> gid = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]}).id
>>> reveal = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"], "buildings": [
...     "settlers", "monastery", "trading_post", "navigator", "trade_routes"]}
>>> before = store.watched_revision(gid)
>>> after = store.append(gid, reveal, revision=0).revision  # seen at once: a write of ours
>>> before, store.watched_revision(gid) == after == 1
(0, True)
>>> _ = store.set_hints(gid, True)
>>> store.watched_settings(gid).hints_on, store.watched_revision(gid)  # the log is unchanged
(True, 1)
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import NamedTuple

from sqlalchemy import Connection, text
from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

CHANNEL = "companion_revisions"
SETTINGS_CHANNEL = "companion_settings"  # apart: a listener of the revisions alone ignores it
FRESH_SECONDS = 0.5  # without a listener: how old a revision read may be before it is read again
HEAL_SECONDS = 30.0  # with one: read again this often anyway (a notice lost in a reconnection)
RECONNECT_SECONDS = 2.0
GONE = -1  # the revision announced for a deleted game


class SettingsStamp(NamedTuple):
    """A game's settings as the watcher holds them: ``said`` (their text, as a notice
    carries it: ``companion.store.settings``) and ``version``, which every change raises
    (0: never changed), so that the latest one wins whatever order they arrive in."""

    version: int
    said: str


Followed = tuple[int, SettingsStamp]  # what one read of a game gives: revision, settings
NOT_READ = SettingsStamp(-1, "")  # beside a revision asked for alone, before any read


def _notify(conn: Connection, channel: str, game_id: int, rest: str) -> None:
    """A notice at the commit of ``conn``'s transaction (PostgreSQL only; nothing is sent if
    it rolls back). The schema goes with it: two databases' games in one PostgreSQL database
    keep apart."""
    if conn.dialect.name != "postgresql":
        return
    conn.execute(text("SELECT pg_notify(:channel, current_schema() || ':' || :game || ':' "
                      "|| :rest)"), {"channel": channel, "game": str(game_id), "rest": rest})


def announce(conn: Connection, game_id: int, revision: int) -> None:
    """Tell every listening process the game's new revision, at the commit."""
    _notify(conn, CHANNEL, game_id, str(revision))


def announce_settings(conn: Connection, game_id: int, stamp: SettingsStamp) -> None:
    """Tell every listening process the game's new settings, at the commit."""
    _notify(conn, SETTINGS_CHANNEL, game_id, f"{stamp.version}:{stamp.said}")


class RevisionWatch:
    """The revisions and settings of the games this process follows (thread-safe)."""

    def __init__(self, url: str, read: Callable[[int], Followed]) -> None:
        self._url, self._read = url, read
        self._held: dict[int, tuple[int, float]] = {}  # game: (revision, when it was read)
        self._stamps: dict[int, SettingsStamp] = {}  # game: its settings
        self._reading: dict[int, threading.Event] = {}  # games being read, and by whom
        self._told: dict[int, int] = {}  # game: the tick of the last write or notice heard
        self._tick = 0
        self._lock = threading.Lock()
        self._listening = threading.Event()
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._listens = 0  # how many times the listener began to listen (reads span one)
        self._postgres = make_url(url).get_backend_name() == "postgresql"

    # ---------------------------------------------------------------- reading

    def revision(self, game_id: int) -> int:
        """The game's revision as held, read again when it is too old (``GameNotFound``
        from the read when there is no such game)."""
        return self._follow(game_id, settings=False)[0]

    def settings(self, game_id: int) -> SettingsStamp:
        """The game's settings as held: read with its revision, by the same shared read."""
        return self._follow(game_id, settings=True)[1]

    def _holding(self, game_id: int, settings: bool) -> tuple[Followed, float] | None:
        """What is held of the game, and when its revision was read (under the lock); None
        if nothing is, or not its settings when they are asked for."""
        held = self._held.get(game_id)
        stamp = self._stamps.get(game_id)
        if held is None or (settings and stamp is None):
            return None
        return (held[0], stamp or NOT_READ), held[1]

    def _follow(self, game_id: int, settings: bool) -> Followed:
        if self._postgres and self._listener is None:
            self._start()
        fresh_for = HEAL_SECONDS if self._listening.is_set() else FRESH_SECONDS
        now = time.monotonic()
        with self._lock:
            held = self._holding(game_id, settings)
            reading = self._reading.get(game_id)
            if held is not None and (now - held[1] < fresh_for or reading is not None):
                return held[0]  # fresh, or being read: the others keep what is held
            if reading is None:
                reading = self._reading[game_id] = threading.Event()
                reader, listens, began = True, self._listens, self._tick
            else:
                reader = False  # nothing held yet: wait for the one read under way
        if not reader:
            reading.wait(timeout=RECONNECT_SECONDS)
            with self._lock:
                held = self._holding(game_id, settings)
            return held[0] if held is not None else self._read(game_id)
        try:
            found = self._read(game_id)
            # fresh from now on, however long it took; unless the listener began meanwhile
            # (a write between this read and its LISTEN was never heard): read again soon
            self._was_read(game_id, found, None if listens == self._listens else 0.0, began)
        except LookupError:
            self.saw(game_id, GONE)
            raise
        finally:
            with self._lock:
                self._reading.pop(game_id, None)
            reading.set()
        with self._lock:
            held = self._holding(game_id, settings)
        return held[0] if held is not None else found  # a later notice may have won

    def _was_read(self, game_id: int, found: Followed, when: float | None, began: int) -> None:
        """A read of the database, begun at tick ``began``. On SQLite it is the truth, even
        below what is held: SQLite gives a deleted game's id to the next game, whose
        revision starts again at 0 (PostgreSQL never reuses an id); unless this process
        wrote or heard of the game since the read began (the read may predate that)."""
        revision, stamp = found
        with self._lock:
            truth = not self._postgres and self._told.get(game_id, 0) <= began
            self._keep_revision(game_id, revision, when, truth)
            self._keep_settings(game_id, stamp, truth)

    def saw(self, game_id: int, revision: int, when: float | None = None) -> None:
        """A revision known from a write or a notice; ``GONE``: the game was deleted. The
        later one wins (revisions only go up)."""
        with self._lock:
            if revision == GONE:
                for held in (self._held, self._stamps, self._told):
                    held.pop(game_id, None)
                return
            self._tell(game_id)
            self._keep_revision(game_id, revision, when, truth=False)

    def heard_settings(self, game_id: int, stamp: SettingsStamp) -> None:
        """The game's settings as a write or a notice gave them: the latest version wins.
        Their revision, and when it was read, stay as held."""
        with self._lock:
            self._tell(game_id)
            self._keep_settings(game_id, stamp, truth=False)

    def _tell(self, game_id: int) -> None:
        self._tick += 1
        self._told[game_id] = self._tick

    def _keep_revision(self, game_id: int, revision: int, when: float | None,
                       truth: bool) -> None:
        when = time.monotonic() if when is None else when
        held = self._held.get(game_id)
        if held is None or revision >= held[0] or truth:
            self._held[game_id] = (revision, max(when, held[1]) if held and when else when)

    def _keep_settings(self, game_id: int, stamp: SettingsStamp, truth: bool) -> None:
        held = self._stamps.get(game_id)
        if held is None or stamp.version >= held.version or truth:
            self._stamps[game_id] = stamp

    # ---------------------------------------------------------------- listening

    def _start(self) -> None:
        with self._lock:
            if self._listener is not None:
                return
            self._listener = threading.Thread(target=self._listen_on, daemon=True,
                                              name="companion-revisions")
        self._listener.start()  # until it listens, the polls read (as on SQLite)

    def _listen_on(self) -> None:
        import psycopg

        url = make_url(self._url).set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    row = conn.execute("SELECT current_schema()").fetchone()
                    assert row is not None  # (a SELECT of one function: one row)
                    schema = row[0]
                    conn.execute(f"LISTEN {CHANNEL}")
                    conn.execute(f"LISTEN {SETTINGS_CHANNEL}")
                    with self._lock:  # what was held may have moved while nobody listened
                        self._held = {g: (r, 0.0) for g, (r, _t) in self._held.items()}
                        self._listens += 1
                    self._listening.set()
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            self._heard(schema, notice.channel, notice.payload)
            except Exception as exc:  # noqa: BLE001 - any trouble: read instead, reconnect
                log.warning("revision listener stopped (%s); reading instead",
                            type(exc).__name__)
            self._listening.clear()
            self._stop.wait(RECONNECT_SECONDS)

    def _heard(self, schema: str, channel: str, payload: str) -> None:
        """A notice: ``schema:game:revision``, or on the settings channel
        ``schema:game:version:said`` (a schema's name may hold a colon; the rest may not)."""
        parts = payload.rsplit(":", 3 if channel == SETTINGS_CHANNEL else 2)
        if len(parts) < 3 or parts[0] != schema or not parts[1].isdigit():
            return
        if channel == SETTINGS_CHANNEL and len(parts) == 4 and parts[2].isdigit():
            self.heard_settings(int(parts[1]), SettingsStamp(int(parts[2]), parts[3]))
        elif channel == CHANNEL and len(parts) == 3 and parts[2].lstrip("-").isdigit():
            self.saw(int(parts[1]), int(parts[2]))

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=RECONNECT_SECONDS + 1.5)
