"""games.revision: a number that every append and every undo raises (issue 11).

Revision ID: 0002
Revises: 0001

Writers send the revision they saw and the store refuses a stale one; caches key on it.
Games already stored start at 0.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("revision", sa.Integer(), nullable=False,
                                     server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("revision")
