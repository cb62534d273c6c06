"""Per-game settings (issue 33): whether the game's hints are on, kept with the game.

Revision ID: 0007
Revises: 0006

* ``game_settings``: at most one row per game; a game without one has every setting at its
  default (hints off), so the games stored before need no row. Outside the game record
  (like the entry keys): exports and the event log never carry it.

It goes with its game (``ON DELETE CASCADE``). The downgrade drops it: the older app kept the
switch in the page's address, and the games themselves are untouched.

Frozen: plain table definitions, not the models.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_settings",
        sa.Column("game_id", sa.Integer(),
                  sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("hints_on", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("updated", sa.DateTime(timezone=False), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_settings")
