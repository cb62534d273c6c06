"""What every kind of record shares in the database: the sessions, the game row (locked for a
write), the time stamps, and the derived columns and ``game_players`` rows written from a
``Summary``.

Every write is one transaction (``BEGIN IMMEDIATE`` on SQLite, ``SELECT ... FOR UPDATE``
elsewhere); driver errors come out as the store's own (``companion.store.errors``).

>>> naive_utc(date(2024, 6, 7))
datetime.datetime(2024, 6, 7, 0, 0)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy import Connection, select
from sqlalchemy.orm import Session, sessionmaker

from companion.i18n import _
from companion.store import migrate
from companion.store.db import WRITE, default_url, make_engine
from companion.store.errors import database_errors
from companion.store.schema import GamePlayerRow, GameRow
from companion.store.summary import Summary

When = datetime | date


class GameNotFound(LookupError):
    """There is no saved game with that id."""


class WrongKind(LookupError):
    """The game exists but is of another kind: a score sheet has no event log to load,
    replay or append to, and a tracked game is not a score sheet."""


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def utc(value: datetime) -> datetime:
    """A stored (naive UTC) time as handed out: aware UTC."""
    return value.replace(tzinfo=UTC)


def naive_utc(value: When) -> datetime:
    """A time as stored: naive UTC (a date: its midnight)."""
    if not isinstance(value, datetime):
        return datetime.combine(value, time())
    if value.tzinfo is not None:
        return value.astimezone(UTC).replace(tzinfo=None)
    return value


class Database:
    """One database (SQLite by default, any SQLAlchemy URL), at the newest schema."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = make_engine(self.url)
        self._reader = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(self.engine.execution_options(**{WRITE: True}),
                                   expire_on_commit=False)
        migrate.upgrade(self.engine)  # the schema at the newest revision (see migrate.py)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """One write transaction (``BEGIN IMMEDIATE`` on SQLite): commit or roll back."""
        with database_errors(self.url), self._write() as session, session.begin():
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A read transaction; the driver's errors come out as the store's own."""
        with database_errors(self.url), self._reader() as session, session.begin():
            yield session

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        """A plain connection (no ORM session), for the cheapest reads."""
        with database_errors(self.url), self.engine.connect() as conn:
            yield conn

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session for reading, its transaction left to the caller."""
        with database_errors(self.url), self._reader() as session:
            yield session


def locked_row(session: Session, game_id: int) -> GameRow:
    """The game's row, locked until the transaction ends (``GameNotFound`` if none)."""
    row = session.scalars(
        select(GameRow).where(GameRow.id == game_id).with_for_update()
    ).one_or_none()
    if row is None:
        raise GameNotFound(_("there is no saved game {game_id}").format(game_id=game_id))
    return row


def game_row(session: Session, game_id: int) -> GameRow:
    row = session.get(GameRow, game_id)
    if row is None:
        raise GameNotFound(_("there is no saved game {game_id}").format(game_id=game_id))
    return row


def seat_rows(game_id: int, summary: Summary) -> list[dict[str, Any]]:
    """The ``game_players`` rows of a new game."""
    finished = summary.status == "finished"
    return [
        {"game_id": game_id, "seat": p.seat, "name": p.name, "colour": p.colour,
         "nation": p.nation, "vp": p.total if finished else None, "place": p.place,
         "won": p.won, "breakdown": (p.breakdown or None) if finished else None}
        for p in summary.players
    ]


def summary_columns(summary: Summary) -> dict[str, Any]:
    """The derived columns of a new ``GameRow``."""
    return {"status": summary.status, "phase": summary.phase, "turn": summary.turn,
            "event_count": summary.event_count, "winners": summary.winners,
            "result": summary.result_json()}


def apply_summary(session: Session, row: GameRow, summary: Summary, when: datetime,
                  *, step: bool = False) -> None:
    """Rewrite the derived columns (``revision`` is the caller's: only log changes raise
    it). ``step``: one step of a tracked game entered or undone; its seats change only
    when the game ends or comes back from its end (names, colours and nations are the
    set-up's; VP and places are kept for finished games), so they are left alone while
    it goes on (a query and a check of every seat saved on every tap)."""
    seats_change = not (step and row.status == summary.status == "in_progress")
    row.status = summary.status
    row.phase = summary.phase
    row.turn = summary.turn
    row.event_count = summary.event_count
    row.winners = summary.winners
    row.result = summary.result_json()
    row.updated = when
    if not seats_change:
        return
    seats = {gp.seat: gp for gp in session.scalars(
        select(GamePlayerRow).where(GamePlayerRow.game_id == row.id))}
    for p in summary.players:
        gp = seats.pop(p.seat, None)
        if gp is None:
            gp = GamePlayerRow(game_id=row.id, seat=p.seat)
            session.add(gp)
        gp.name, gp.colour, gp.nation = p.name, p.colour, p.nation
        finished = summary.status == "finished"
        gp.vp = p.total if finished else None
        gp.breakdown = (p.breakdown or None) if finished else None  # results: none
        gp.place, gp.won = p.place, p.won
    for stale in seats.values():
        session.delete(stale)
