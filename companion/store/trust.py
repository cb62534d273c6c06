"""What the store keeps about trust, beside the games: each game's entry key (the secret its
entry link carries) and who entered each step (the device's name, per write).

Neither is part of a game record: exports, bundles and the event log never carry them, and
a game record reads as before. Keys are compared in constant time and never logged.

>>> from companion.store import Store
>>> store = Store("sqlite://")
>>> gid = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]}).id
>>> key = entry_key(store, gid)
>>> len(key) >= 22 and entry_key(store, gid) == key  # 128 bits at least; kept once made
True
>>> [key_matches(store, gid, given) for given in (key, key + "x", key[:-1], None)]
[True, False, False, False]
>>> new_entry_key(store, gid) != key and not key_matches(store, gid, key)  # old links stop
True
>>> reveal = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"], "buildings": [
...     "settlers", "monastery", "trading_post", "navigator", "trade_routes"]}
>>> done = store.answer(gid, [reveal], revision=0, device="Anne's phone")
>>> back = store.undo(gid, revision=1)  # written with each write, in its transaction
>>> [(e.action, e.seq_before, e.seq_after, e.device) for e in entries(store, gid)]
[('answer', 0, 1, "Anne's phone"), ('undo', 1, 0, None)]
"""

from __future__ import annotations

import hmac
import secrets
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, delete, insert, select
from sqlalchemy.exc import IntegrityError

from companion.i18n import _
from companion.store.db import WRITE
from companion.store.errors import database_errors
from companion.store.schema import DEVICE_LENGTH, EntryKeyRow, EntryRow, GameRow
from companion.store.store import GameNotFound, Store

KEY_BYTES = 24  # 192 bits of secrets.token_urlsafe: 32 characters, safe in a link
ACTIONS = ("answer", "undo", "set_aside", "reapply")  # what an ``Entry`` may be
__all__ = ["ACTIONS", "DEVICE_LENGTH", "Entry", "entered_by", "entries", "entry_key",
           "key_matches", "new_entry_key"]


@dataclass(frozen=True)
class Entry:
    """One write to a game's log: what it was, the events before and after it, the device
    (None: the machine that runs the app) and when."""

    action: str
    seq_before: int
    seq_after: int
    revision: int
    device: str | None
    created: datetime


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _write(store: Store) -> AbstractContextManager[Connection]:
    """One write transaction, as the store's own (BEGIN IMMEDIATE)."""
    return store.engine.execution_options(**{WRITE: True}).begin()


def _stored_key(store: Store, game_id: int) -> str | None:
    with database_errors(store.url), store.engine.connect() as conn:
        return conn.execute(select(EntryKeyRow.key)
                            .where(EntryKeyRow.game_id == game_id)).scalar_one_or_none()


def entry_key(store: Store, game_id: int) -> str:
    """The game's entry key, made the first time it is asked for. ``GameNotFound`` if there
    is no such game."""
    key = _stored_key(store, game_id)
    return key if key is not None else new_entry_key(store, game_id, keep_existing=True)


def new_entry_key(store: Store, game_id: int, *, keep_existing: bool = False) -> str:
    """A fresh key for the game: the links that carried the old one stop entering.
    ``keep_existing``: a key another process made meanwhile is kept and returned.

    The game's row is locked first (``FOR UPDATE``; SQLite's ``BEGIN IMMEDIATE`` locks the
    whole file), so callers racing for the first key take turns: the first makes it, the
    others read it back, and every one hands out the stored key."""
    fresh = secrets.token_urlsafe(KEY_BYTES)
    gone = GameNotFound(_("there is no saved game {game_id}").format(game_id=game_id))
    try:
        with database_errors(store.url), _write(store) as conn:
            if conn.execute(select(GameRow.id).where(GameRow.id == game_id)
                            .with_for_update()).first() is None:
                raise gone
            held = conn.execute(select(EntryKeyRow.key)
                                .where(EntryKeyRow.game_id == game_id)).scalar_one_or_none()
            if held is not None and keep_existing:
                return held
            conn.execute(delete(EntryKeyRow).where(EntryKeyRow.game_id == game_id))
            conn.execute(insert(EntryKeyRow).values(game_id=game_id, key=fresh, created=_now()))
    except IntegrityError:
        # Only a game deleted under us gets here (its row is locked otherwise); the driver's
        # text would carry the key, so none of it goes on.
        raise gone from None
    return fresh


def key_matches(store: Store, game_id: int, given: str | None) -> bool:
    """Whether ``given`` is the game's current entry key (constant-time comparison; a game
    without a key yet, or gone, matches nothing)."""
    if not given:
        return False
    held = _stored_key(store, game_id)
    return held is not None and hmac.compare_digest(held.encode(), str(given).encode())


def entries(store: Store, game_id: int) -> list[Entry]:
    """Every write kept for the game, oldest first."""
    with database_errors(store.url), store.engine.connect() as conn:
        rows = conn.execute(select(EntryRow).where(EntryRow.game_id == game_id)
                            .order_by(EntryRow.id)).all()
    return [Entry(r.action, r.seq_before, r.seq_after, r.revision, r.device,
                  r.created.replace(tzinfo=UTC)) for r in rows]


def entered_by(kept: list[Entry], index: int) -> Entry | None:
    """The write that put event ``index`` of the log as it is now: the latest answer or
    re-apply covering it (an undo removes it, so a later write covering it replaced it).

    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> kept = [Entry("answer", 0, 2, 1, "A", t), Entry("undo", 2, 0, 2, "B", t),
    ...         Entry("answer", 0, 1, 3, "C", t)]
    >>> entered_by(kept, 0).device, entered_by(kept, 1)
    ('C', None)
    """
    for entry in reversed(kept):
        if entry.action in ("answer", "reapply") and entry.seq_before <= index < entry.seq_after:
            return entry
        if entry.action in ("undo", "set_aside") and entry.seq_after <= index:
            return None  # taken back and not entered again since
    return None
