"""Baseline: the schema as the store made it before Alembic (``metadata.create_all``).

Revision ID: 0001
Revises: (none)

On an empty database it creates the three tables. A database made before Alembic was
adopted has them already (and no ``alembic_version``): they are left as they are, except
that a database older than score sheets gets ``games.kind`` (every row a tracked game, as
the store's old start-up upgrade added it). Either way the database then stands at this
revision, nothing lost.

Frozen: written out by hand, not from the models, so that later changes to the models go
in migrations of their own.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")
# What the first release lacked; the same text on SQLite and PostgreSQL.
KIND_COLUMN_DDL = ("ALTER TABLE games ADD COLUMN kind VARCHAR(16) DEFAULT 'tracked' NOT NULL "
                   "CONSTRAINT ck_games_kind CHECK (kind IN ('tracked', 'score_sheet'))")


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    tables = set(inspector.get_table_names())
    if "games" not in tables:
        _create_games()
    elif "kind" not in {c["name"] for c in inspector.get_columns("games")}:
        op.execute(KIND_COLUMN_DDL)
    if "events" not in tables:
        _create_events()
    if "game_players" not in tables:
        _create_game_players()


def _create_games() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("created", sa.DateTime(timezone=False), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=False), nullable=False),
        sa.Column("kind", sa.String(16), server_default="tracked", nullable=False),
        sa.Column("setup", JSON, nullable=False),
        sa.Column("edition", sa.String(16), nullable=False),
        sa.Column("options", JSON, nullable=False),
        sa.Column("players", JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("event_count", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(16), nullable=False),
        sa.Column("winners", JSON, nullable=True),
        sa.Column("result", JSON, nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.CheckConstraint("status IN ('in_progress', 'finished')", name="ck_games_status"),
        sa.CheckConstraint("kind IN ('tracked', 'score_sheet')", name="ck_games_kind"),
        sa.CheckConstraint("event_count >= 0", name="ck_games_event_count"),
    )
    op.create_index("ix_games_created", "games", ["created"])
    op.create_index("ix_games_edition", "games", ["edition"])
    op.create_index("ix_games_status", "games", ["status"])


def _create_events() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(32), nullable=False),
        sa.Column("payload", JSON, nullable=False),
        sa.Column("created", sa.DateTime(timezone=False), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
        sa.CheckConstraint("seq >= 0", name="ck_events_seq"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )


def _create_game_players() -> None:
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("colour", sa.String(16), nullable=False),
        sa.Column("nation", sa.String(16), nullable=True),
        sa.Column("vp", sa.Integer(), nullable=True),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_game_players_name", "game_players", ["name"])
    op.create_index("ix_game_players_nation", "game_players", ["nation"])


def downgrade() -> None:
    raise NotImplementedError("the baseline is not undone: restore a backup instead")
