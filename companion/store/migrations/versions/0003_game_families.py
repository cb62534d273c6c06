"""Game families (issue 13): games.family, and each seat's per-category breakdown.

Revision ID: 0003
Revises: 0002

* ``games.family``: which game a row is (``companion.games``); every game stored so far is
  Age of Discovery, so existing rows get ``age-of-discovery`` (the column default).
* ``game_players.breakdown``: points per scoring category, set once a game is finished.
  Filled here for the finished games already stored, from the standings their ``result``
  column holds (the same figures the store derived when it saved them), so the History can
  show categories without replaying anything.

Frozen: uses lightweight tables, not the models.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")
AOD = "age-of-discovery"
AOD_CATEGORIES = ("colony", "discoveries", "buildings", "economy", "bought")

games = sa.table("games", sa.column("id", sa.Integer), sa.column("status", sa.String),
                 sa.column("result", JSON))
seats = sa.table("game_players", sa.column("game_id", sa.Integer),
                 sa.column("name", sa.String), sa.column("breakdown", JSON))


def upgrade() -> None:
    op.add_column("games", sa.Column("family", sa.String(32), nullable=False,
                                     server_default=AOD))
    op.create_index("ix_games_family", "games", ["family"])
    op.add_column("game_players", sa.Column("breakdown", JSON, nullable=True))
    bind = op.get_bind()
    finished = bind.execute(sa.select(games.c.id, games.c.result)
                            .where(games.c.status == "finished"))
    rows = [{"g": game_id, "n": row["player"],
             "b": {k: row[k] for k in AOD_CATEGORIES}}
            for game_id, result in finished.all()
            for row in (result or {}).get("standings", [])
            # a result this store did not write is left for rebuild_summaries
            if all(k in row for k in AOD_CATEGORIES)]
    if rows:  # one statement, run for every seat (executemany)
        bind.execute(seats.update()
                     .where(seats.c.game_id == sa.bindparam("g"),
                            seats.c.name == sa.bindparam("n"))
                     .values(breakdown=sa.bindparam("b", type_=JSON)), rows)


def downgrade() -> None:
    with op.batch_alter_table("game_players") as batch:
        batch.drop_column("breakdown")
    op.drop_index("ix_games_family", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("family")
