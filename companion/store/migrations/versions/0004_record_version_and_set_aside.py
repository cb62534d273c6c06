"""Record version and events set aside (issue 10): games.record_version, games.set_aside.

Revision ID: 0004
Revises: 0003

* ``games.record_version``: the game record version a tracked game's stored events were
  written in (``companion.engine.records``), so that an older log is converted as it loads.
  Every game stored so far was written in version 2 (the column default); the store writes 3
  for new games. Score sheets keep the default and never read it.
* ``games.set_aside``: the events a game the corrected rules refused moved out of its log to
  go on (a JSON list of ``{"at", "reason", "events", "when"}``); NULL when there are none.

Until this revision, the issue-10 work kept both in the row's ``setup`` JSON under the same
keys; a row that holds them has them moved into the columns here (and taken out of
``setup``, which is again the set-up exactly as a game record carries it). The downgrade
puts back only what differs from the defaults, so down and up again loses nothing.

Frozen: uses lightweight tables, not the models.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# None is SQL NULL here, not the JSON text "null" (a game with nothing set aside)
JSON = sa.JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")
VERSION_KEY, SET_ASIDE_KEY = "record_version", "set_aside"
BEFORE_VERSIONS_WERE_KEPT = 2

games = sa.table("games", sa.column("id", sa.Integer), sa.column("kind", sa.String),
                 sa.column("setup", JSON), sa.column("record_version", sa.Integer),
                 sa.column("set_aside", JSON))


def _tracked_setups(bind: sa.Connection) -> list[tuple[int, dict]]:
    return [(game_id, setup) for game_id, setup in bind.execute(
        sa.select(games.c.id, games.c.setup).where(games.c.kind == "tracked")).all()
        if isinstance(setup, dict)]


def upgrade() -> None:
    op.add_column("games", sa.Column("record_version", sa.Integer(), nullable=False,
                                     server_default=str(BEFORE_VERSIONS_WERE_KEPT)))
    op.add_column("games", sa.Column("set_aside", JSON, nullable=True))
    bind = op.get_bind()
    moved = [{"g": game_id,
              "s": {k: v for k, v in setup.items() if k not in (VERSION_KEY, SET_ASIDE_KEY)},
              "v": int(setup.get(VERSION_KEY, BEFORE_VERSIONS_WERE_KEPT)),
              "a": setup.get(SET_ASIDE_KEY) or None}
             for game_id, setup in _tracked_setups(bind)
             if VERSION_KEY in setup or SET_ASIDE_KEY in setup]
    if moved:  # one statement, run for every such game (executemany)
        bind.execute(games.update().where(games.c.id == sa.bindparam("g"))
                     .values(setup=sa.bindparam("s", type_=JSON),
                             record_version=sa.bindparam("v"),
                             set_aside=sa.bindparam("a", type_=JSON)), moved)


def downgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(games.c.id, games.c.setup, games.c.record_version, games.c.set_aside)
        .where(games.c.kind == "tracked")).all()
    back = [{"g": game_id,
             "s": {**setup, VERSION_KEY: version, **({SET_ASIDE_KEY: aside} if aside else {})}}
            for game_id, setup, version, aside in rows
            if isinstance(setup, dict) and (version != BEFORE_VERSIONS_WERE_KEPT or aside)]
    if back:  # kept in setup as before this revision, so that nothing is lost
        bind.execute(games.update().where(games.c.id == sa.bindparam("g"))
                     .values(setup=sa.bindparam("s", type_=JSON)), back)
    with op.batch_alter_table("games") as batch:
        batch.drop_column("set_aside")
        batch.drop_column("record_version")
