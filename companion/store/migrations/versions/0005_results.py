"""Results (issue 14): a third kind of game, and the key that makes an import happen once.

Revision ID: 0005
Revises: 0004

* ``games.kind`` may be ``result``: a play recorded in another app (a BG Stats export) of a
  game we know, kept with players, totals, winners and date but no breakdown.
* ``games.import_key``: what identifies an imported play or record (e.g. ``bgstats:`` and
  the play's uuid), unique, so that importing the same file twice adds nothing. NULL for
  games entered here.

The downgrade refuses while results are kept (the older app has no place for them):
delete them first, nothing is lost by surprise.

Frozen: uses lightweight tables, not the models.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

KINDS_BEFORE = "kind IN ('tracked', 'score_sheet')"
KINDS_NOW = "kind IN ('tracked', 'score_sheet', 'result')"

games = sa.table("games", sa.column("kind", sa.String))


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # SQLite: the table is rebuilt
        batch.drop_constraint("ck_games_kind", type_="check")
        batch.create_check_constraint("ck_games_kind", KINDS_NOW)
        batch.add_column(sa.Column("import_key", sa.String(200), nullable=True))
    op.create_index("ix_games_import_key", "games", ["import_key"], unique=True)


def downgrade() -> None:
    bind = op.get_bind()
    kept = bind.execute(sa.select(sa.func.count()).select_from(games)
                        .where(games.c.kind == "result")).scalar_one()
    if kept:
        raise RuntimeError(f"the database keeps {kept} imported result(s), which the older "
                           "version has no place for: delete them first")
    op.drop_index("ix_games_import_key", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("import_key")
        batch.drop_constraint("ck_games_kind", type_="check")
        batch.create_check_constraint("ck_games_kind", KINDS_BEFORE)
