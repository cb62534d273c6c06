"""The tables: ``games`` (one row per game, with derived summary columns), ``events`` (the log,
which *is* a tracked game) and ``game_players`` (one row per seat, derived, for SQL statistics);
beside them, outside any game record, ``entry_keys`` (the secret of each game's entry link)
and ``entries`` (which device entered each step; both migration 0006), and
``game_settings`` (a game's own switches, e.g. its hints; migration 0007).

A game is of one of three kinds (``games.kind``): ``tracked``, entered event by event on the
Table; ``score_sheet``, a finished result entered on the Score sheet (no events; its
inputs are kept in ``setup``); or ``result``, a play imported from another app (players,
totals, winners and date in ``setup``, no breakdown; migration 0005).

The tables are made and changed by the migrations in ``migrations/versions`` (applied by
``companion.store.migrate`` when a Store starts), never by ``create_all``; these models must
describe what the migrations make (a test compares them).

Timestamps are stored as naive UTC (``DateTime`` without time zone) so that SQLite and
PostgreSQL give back the same values; the store hands them out as aware UTC datetimes.

>>> sorted(Base.metadata.tables)
['entries', 'entry_keys', 'events', 'game_players', 'game_settings', 'games']
>>> sorted(c.name for c in Base.metadata.tables["events"].constraints if c.name)
['ck_events_seq', 'uq_events_game_seq']
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# JSON on SQLite (stored as text), JSONB on PostgreSQL.
JSONType = JSON().with_variant(JSONB(), "postgresql")
# The same, where None is stored as SQL NULL rather than the JSON text "null".
NullableJSON = JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")

STATUSES = ("in_progress", "finished")
DEVICE_LENGTH = 40  # characters of a device's name kept with the steps it entered
KINDS = ("tracked", "score_sheet", "result")


class Base(DeclarativeBase):
    type_annotation_map = {
        dict[str, Any]: JSONType,
        list[Any]: JSONType,
        datetime: DateTime(timezone=False),
    }


class GameRow(Base):
    """A game: its set-up (or score-sheet inputs) and derived summary.

    Only ``kind``, ``setup`` and the events are facts; ``edition``, ``options`` and
    ``players`` are copies of parts of the set-up kept for queries, and ``status`` ..
    ``result`` are recomputed from the events (or the sheet's inputs) on every write and by
    ``Store.rebuild_summaries()``.
    """

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created: Mapped[datetime] = mapped_column(index=True)
    updated: Mapped[datetime]
    # "tracked" (an event log) or "score_sheet" (inputs in setup, no events). Added after
    # the first release (the baseline migration adds it to a database that lacks it).
    kind: Mapped[str] = mapped_column(String(16), default="tracked", server_default="tracked")
    # Raised by every append and every undo (never lowered): what a writer saw, and what
    # caches key on. Migration 0002.
    revision: Mapped[int] = mapped_column(default=0, server_default="0")
    # The game family (companion.games): "age-of-discovery" for every tracked game and for
    # every game stored before families existed. Migration 0003.
    family: Mapped[str] = mapped_column(String(32), index=True, default="age-of-discovery",
                                        server_default="age-of-discovery")
    # tracked: the game record version its stored events were written in (companion.engine
    # .records; converted as they load): 2 for every game stored before it was kept, the
    # current version for new games. Score sheets keep the default. Migration 0004.
    record_version: Mapped[int] = mapped_column(server_default="2")
    # tracked: events a game the corrected rules refused moved out of its log to go on, in
    # batches {at, reason, events (as stored), when}; NULL when none. Migration 0004.
    set_aside: Mapped[list[Any] | None] = mapped_column(NullableJSON)
    # What identifies an imported play or record (e.g. "bgstats:" and the play's uuid):
    # importing it again adds nothing. NULL for games entered here. Migration 0005.
    import_key: Mapped[str | None] = mapped_column(String(200), index=True, unique=True)
    # tracked: the set-up exactly as a game record carries it; score_sheet: the sheet's
    # inputs (companion.games.Sheet.to_json: options, note, players; for Age of Discovery
    # the same keys in the same order as ever); result: companion.games.results.Result
    # .to_json)
    setup: Mapped[dict[str, Any]]
    # ---- copied from the set-up for queries (never change after creation)
    edition: Mapped[str] = mapped_column(String(16), index=True)
    options: Mapped[dict[str, Any]]
    players: Mapped[list[Any]]  # in seat order: name, colour, nation, money
    # ---- derived from the events
    status: Mapped[str] = mapped_column(String(16), index=True)
    event_count: Mapped[int]
    turn: Mapped[int]
    phase: Mapped[str] = mapped_column(String(16))
    winners: Mapped[list[Any] | None]  # names sharing first place, once finished
    result: Mapped[dict[str, Any]]  # standings with the VP breakdown (provisional until over)

    __table_args__ = (
        CheckConstraint("status IN ('in_progress', 'finished')", name="ck_games_status"),
        CheckConstraint("kind IN ('tracked', 'score_sheet', 'result')",
                        name="ck_games_kind"),
        CheckConstraint("event_count >= 0", name="ck_games_event_count"),
    )


class EventRow(Base):
    """One event of a game's log; ``seq`` counts from 0 without gaps."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    type: Mapped[str] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]]
    created: Mapped[datetime]

    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
        CheckConstraint("seq >= 0", name="ck_events_seq"),
    )


class GamePlayerRow(Base):
    """One seat of one game (derived): ``vp``, ``place`` and ``breakdown`` are set once the
    game is finished."""

    __tablename__ = "game_players"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)  # 1 = first in the initial turn order
    name: Mapped[str] = mapped_column(String(40))
    colour: Mapped[str] = mapped_column(String(16))
    nation: Mapped[str | None] = mapped_column(String(16))
    vp: Mapped[int | None]
    place: Mapped[int | None]
    won: Mapped[bool] = mapped_column(Boolean, default=False)
    # points per scoring category of the game's family, once finished (migration 0003)
    breakdown: Mapped[dict[str, Any] | None]

    __table_args__ = (
        Index("ix_game_players_name", "name"),
        Index("ix_game_players_nation", "nation"),
    )


class EntryKeyRow(Base):
    """The secret a game's entry link carries (``companion.store.trust``): whoever shows it
    may enter steps. Never part of a game record or an export. Migration 0006."""

    __tablename__ = "entry_keys"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    key: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime]


class EntryRow(Base):
    """Who changed a game's log, one row per write: an answer recorded, an undo, events set
    aside or re-applied; the events before and after it, and the device's name (None: the
    machine that runs the app). Kept beside the log, so that the record stays as it was.
    Migration 0006."""

    __tablename__ = "entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), index=True)
    action: Mapped[str] = mapped_column(String(16))  # answer, undo, set_aside, reapply
    seq_before: Mapped[int]
    seq_after: Mapped[int]
    revision: Mapped[int]  # the game's revision this write made
    device: Mapped[str | None] = mapped_column(String(DEVICE_LENGTH))
    created: Mapped[datetime]


class GameSettingsRow(Base):
    """A game's own switches, kept for every device that opens it (``companion.store
    .settings``); no row: every setting at its default. Not part of a game record.
    Migration 0007."""

    __tablename__ = "game_settings"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    hints_on: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    updated: Mapped[datetime]
