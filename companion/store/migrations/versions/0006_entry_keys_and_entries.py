"""Trust at the table (issue 32): an entry key per game, and which device entered each step.

Revision ID: 0006
Revises: 0005

* ``entry_keys``: one secret per game that its entry link carries (made when first asked
  for; a game stored before has none until then). Never exported.
* ``entries``: one row per write to a game's log (an answer, an undo, events set aside or
  re-applied) with the device's name; outside the events, so that the game record and its
  version are unchanged and older readers still read it.

Both go with their game (``ON DELETE CASCADE``). The downgrade drops them: the older app
has no use for them, and the games themselves are untouched.

Frozen: plain table definitions, not the models.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "entry_keys",
        sa.Column("game_id", sa.Integer(),
                  sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=False), nullable=False),
    )
    op.create_table(
        "entries",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Integer(),
                  sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("seq_before", sa.Integer(), nullable=False),
        sa.Column("seq_after", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("device", sa.String(40), nullable=True),
        sa.Column("created", sa.DateTime(timezone=False), nullable=False),
    )
    op.create_index("ix_entries_game_id", "entries", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_entries_game_id", "entries")
    op.drop_table("entries")
    op.drop_table("entry_keys")
