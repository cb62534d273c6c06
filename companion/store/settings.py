"""A game's own settings, kept with the game for every device and every reload: whether its
hints (a teaching aid, ``companion.ui.hints``) are on.

One row per game at most (``game_settings``, migration 0007); a game without one has every
setting at its default. Settings are not part of a game record: exports, bundles and the
event log never carry them, and changing one leaves the game's revision alone (the log did
not change: no other device's next entry is a conflict). Who may change them is the caller's
check, as for entering steps.

Every change is told to the game's watchers (``companion.store.watch``) with a stamp: the
settings' text and a version (the row's ``updated`` time in microseconds, kept rising under
the game's lock), read with the revision in one query where nothing was told.

>>> from companion.store import Store
>>> store = Store("sqlite://")
>>> gid = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]}).id
>>> store.game_settings(gid)
GameSettings(hints_on=False)
>>> store.set_hints(gid, True), store.game_settings(gid).hints_on
(GameSettings(hints_on=True), True)
>>> store.set_hints(404, True)
Traceback (most recent call last):
...
companion.store.access.GameNotFound: there is no saved game 404
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

from sqlalchemy import Connection, select

from companion.i18n import _
from companion.store.access import Database, GameNotFound, locked_row, now
from companion.store.schema import GameRow, GameSettingsRow
from companion.store.watch import Followed, RevisionWatch, SettingsStamp, announce_settings


@dataclass(frozen=True)
class GameSettings:
    """What a game's table chose for it (defaults: nothing chosen yet)."""

    hints_on: bool = False


DEFAULT = GameSettings()
EPOCH = datetime(1970, 1, 1)  # stored times are naive UTC
TICK = timedelta(microseconds=1)


def stamp_of(hints_on: bool | None, updated: datetime | None) -> SettingsStamp:
    """The watchers' stamp of a game's ``game_settings`` row (both None: no row)."""
    version = 0 if updated is None else (updated - EPOCH) // TICK
    return SettingsStamp(version, f"hints_on={int(bool(hints_on))}")


@lru_cache(maxsize=1024)  # every poll of every phone asks: parsed once per change
def from_stamp(stamp: SettingsStamp) -> GameSettings:
    """The settings a stamp says (a setting it does not name: its default)."""
    said = dict(part.partition("=")[::2] for part in stamp.said.split(",") if part)
    return GameSettings(hints_on=said.get("hints_on") == "1")


def followed(conn: Connection, game_id: int) -> Followed:
    """The game's revision and settings in one read (what its watcher holds);
    ``GameNotFound`` if there is no such game."""
    found = conn.execute(
        select(GameRow.revision, GameSettingsRow.hints_on, GameSettingsRow.updated)
        .outerjoin(GameSettingsRow, GameSettingsRow.game_id == GameRow.id)
        .where(GameRow.id == game_id)).one_or_none()
    if found is None:
        raise GameNotFound(_("there is no saved game {game_id}").format(game_id=game_id))
    revision, hints_on, updated = found
    return revision, stamp_of(hints_on, updated)


class Settings:
    """The ``game_settings`` records of one database."""

    def __init__(self, db: Database, watch: RevisionWatch) -> None:
        self.db, self.watch = db, watch

    def get(self, game_id: int) -> GameSettings:
        """The game's settings (the defaults for a game that never changed one, or none)."""
        with self.db.connection() as conn:
            hints_on = conn.execute(select(GameSettingsRow.hints_on).where(
                GameSettingsRow.game_id == game_id)).scalar_one_or_none()
        return DEFAULT if hints_on is None else GameSettings(hints_on=bool(hints_on))

    def set_hints(self, game_id: int, on: bool) -> GameSettings:
        """Turn the game's hints on or off (one write transaction, the game's row locked),
        told to every watcher; ``GameNotFound`` if there is no such game."""
        with self.db.writing() as session:
            locked_row(session, game_id)
            row = session.get(GameSettingsRow, game_id)
            when = now()
            if row is None:
                row = GameSettingsRow(game_id=game_id)
                session.add(row)
            else:  # later than the change before, whatever the clocks: the latest one wins
                when = max(when, row.updated + TICK)
            row.hints_on, row.updated = bool(on), when
            stamp = stamp_of(row.hints_on, when)
            announce_settings(session.connection(), game_id, stamp)
        self.watch.heard_settings(game_id, stamp)  # this process's pages: at once
        return from_stamp(stamp)
