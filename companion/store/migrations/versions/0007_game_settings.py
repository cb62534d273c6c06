"""Per-game settings (issue 33): whether the game's hints are on, kept with the game.

Revision ID: 0007
Revises: 0006

* ``game_settings``: at most one row per game; a game without one has every setting at its
  default (hints off), so the games stored before need no row. Outside the game record
  (like the entry keys): exports and the event log never carry it.

It goes with its game (``ON DELETE CASCADE``). The downgrade drops it, and says so: the older
app kept the switch in the page's address, so every game's Hints setting is lost (a warning
names the games whose hints were on); the games themselves are untouched.

Frozen: plain table definitions, not the models.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

log = logging.getLogger("companion.store.migrations")

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
    settings = sa.table("game_settings", sa.column("game_id", sa.Integer()),
                        sa.column("hints_on", sa.Boolean()))
    on = op.get_bind().execute(sa.select(settings.c.game_id).where(settings.c.hints_on)
                               .order_by(settings.c.game_id)).scalars().all()
    if on:
        log.warning("downgrade to 0006 drops every game's Hints setting: hints were on for "
                    "game(s) %s; switch them on again on the Table page after an upgrade",
                    ", ".join(f"#{gid}" for gid in on))
    op.drop_table("game_settings")
