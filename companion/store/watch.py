"""Each game's revision as this process last saw it: one watcher per game per server process,
so that a live page's poll (``Store.watched_revision``) reads memory, whatever the number of
phones that follow the game.

* **PostgreSQL**: every write tells the others (``NOTIFY``, sent at its commit: ``announce``);
  one thread per process listens on its own connection (``LISTEN``) and keeps the revisions
  it hears. Until it listens (or while it reconnects), the watcher reads like SQLite's.
* **SQLite** (and PostgreSQL without a listener): one read per game per ``FRESH_SECONDS``,
  shared by every caller: the first caller past that reads, the others keep the revision
  already held meanwhile (never waiting on the database).

This process's own writes are seen at once (``saw``). A revision never goes back (an undo
raises it too); a game deleted is forgotten, and asked of the database again.

>>> from companion.store import Store
>>> store = Store("sqlite://")
>>> gid = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]}).id
>>> reveal = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"], "buildings": [
...     "settlers", "monastery", "trading_post", "navigator", "trade_routes"]}
>>> before = store.watched_revision(gid)
>>> after = store.append(gid, reveal, revision=0).revision  # seen at once: a write of ours
>>> before, store.watched_revision(gid) == after == 1
(0, True)
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from sqlalchemy import Connection, text
from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

CHANNEL = "companion_revisions"
FRESH_SECONDS = 0.5  # without a listener: how old a revision read may be before it is read again
HEAL_SECONDS = 30.0  # with one: read again this often anyway (a notice lost in a reconnection)
RECONNECT_SECONDS = 2.0
GONE = -1  # the revision announced for a deleted game


def announce(conn: Connection, game_id: int, revision: int) -> None:
    """Tell every listening process the game's new revision, at the commit of ``conn``'s
    transaction (PostgreSQL only; nothing is sent if it rolls back). The schema goes with it:
    two databases' games in one PostgreSQL database keep apart."""
    if conn.dialect.name != "postgresql":
        return
    conn.execute(text("SELECT pg_notify(:channel, current_schema() || ':' || :game || ':' "
                      "|| :revision)"),
                 {"channel": CHANNEL, "game": str(game_id), "revision": str(revision)})


class RevisionWatch:
    """The revisions of the games this process follows (thread-safe)."""

    def __init__(self, url: str, read: Callable[[int], int]) -> None:
        self._url, self._read = url, read
        self._held: dict[int, tuple[int, float]] = {}  # game: (revision, when it was read)
        self._reading: dict[int, threading.Event] = {}  # games being read, and by whom
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
        if self._postgres and self._listener is None:
            self._start()
        fresh_for = HEAL_SECONDS if self._listening.is_set() else FRESH_SECONDS
        now = time.monotonic()
        with self._lock:
            held = self._held.get(game_id)
            reading = self._reading.get(game_id)
            if held is not None and (now - held[1] < fresh_for or reading is not None):
                return held[0]  # fresh, or being read: the others keep what is held
            if reading is None:
                reading = self._reading[game_id] = threading.Event()
                reader, listens = True, self._listens
            else:
                reader = False  # nothing held yet: wait for the one read under way
        if not reader:
            reading.wait(timeout=RECONNECT_SECONDS)
            with self._lock:
                held = self._held.get(game_id)
            return held[0] if held is not None else self._read(game_id)
        try:
            found = self._read(game_id)
            # fresh from now on, however long it took; unless the listener began meanwhile
            # (a write between this read and its LISTEN was never heard): read again soon
            self.saw(game_id, found, None if listens == self._listens else 0.0, read=True)
        except LookupError:
            self.saw(game_id, GONE)
            raise
        finally:
            with self._lock:
                self._reading.pop(game_id, None)
            reading.set()
        with self._lock:
            return self._held.get(game_id, (found, now))[0]  # a later notice may have won

    def saw(self, game_id: int, revision: int, when: float | None = None, *,
            read: bool = False) -> None:
        """A revision known from a write, a notice or a ``read`` of the database; ``GONE``:
        the game was deleted. The later one wins (revisions only go up), except that a read
        on SQLite is the truth: SQLite gives a deleted game's id to the next game, whose
        revision starts again at 0 (PostgreSQL never reuses an id)."""
        when = time.monotonic() if when is None else when
        with self._lock:
            if revision == GONE:
                self._held.pop(game_id, None)
                return
            held = self._held.get(game_id)
            if held is None or revision >= held[0] or (read and not self._postgres):
                self._held[game_id] = (revision, max(when, held[1]) if held and when else when)

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
                    with self._lock:  # what was held may have moved while nobody listened
                        self._held = {g: (r, 0.0) for g, (r, _t) in self._held.items()}
                        self._listens += 1
                    self._listening.set()
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            self._heard(schema, notice.payload)
            except Exception as exc:  # noqa: BLE001 - any trouble: read instead, reconnect
                log.warning("revision listener stopped (%s); reading instead",
                            type(exc).__name__)
            self._listening.clear()
            self._stop.wait(RECONNECT_SECONDS)

    def _heard(self, schema: str, payload: str) -> None:
        where, _sep, rest = payload.rpartition(":")
        where, _sep, game = where.rpartition(":")
        if where == schema and game.isdigit():
            self.saw(int(game), int(rest))

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=RECONNECT_SECONDS + 1.5)
