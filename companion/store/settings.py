"""A game's own settings, kept with the game for every device and every reload: whether its
hints (a teaching aid, ``companion.ui.hints``) are on.

One row per game at most (``game_settings``, migration 0007); a game without one has every
setting at its default. Settings are not part of a game record: exports, bundles and the
event log never carry them, and changing one leaves the game's revision alone (the log did
not change). Who may change them is the caller's check, as for entering steps.

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

from sqlalchemy import select

from companion.store.access import Database, locked_row, now
from companion.store.schema import GameSettingsRow


@dataclass(frozen=True)
class GameSettings:
    """What a game's table chose for it (defaults: nothing chosen yet)."""

    hints_on: bool = False


DEFAULT = GameSettings()


class Settings:
    """The ``game_settings`` records of one database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def get(self, game_id: int) -> GameSettings:
        """The game's settings (the defaults for a game that never changed one, or none)."""
        with self.db.connection() as conn:
            hints_on = conn.execute(select(GameSettingsRow.hints_on).where(
                GameSettingsRow.game_id == game_id)).scalar_one_or_none()
        return DEFAULT if hints_on is None else GameSettings(hints_on=bool(hints_on))

    def set_hints(self, game_id: int, on: bool) -> GameSettings:
        """Turn the game's hints on or off (one write transaction, the game's row locked);
        ``GameNotFound`` if there is no such game."""
        with self.db.writing() as session:
            locked_row(session, game_id)
            row = session.get(GameSettingsRow, game_id)
            if row is None:
                row = GameSettingsRow(game_id=game_id)
                session.add(row)
            row.hints_on, row.updated = bool(on), now()
        return GameSettings(hints_on=bool(on))
