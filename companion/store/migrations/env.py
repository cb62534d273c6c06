"""Alembic's entry point. At start-up ``companion.store.migrate.upgrade`` hands it a
connection already inside the locked migration transaction; from the command line
(``alembic upgrade head``, see alembic.ini at the project root) it opens one itself on
``-x url=...`` or the app's database (``COMPANION_DB_URL`` / ``COMPANION_DATA_DIR``)."""

from __future__ import annotations

from alembic import context

from companion.store.db import default_url, make_engine
from companion.store.migrate import migration_transaction, record_applied
from companion.store.schema import Base

config = context.config


def run(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,  # SQLite alters a table by rebuilding it
        on_version_apply=record_applied(config),
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("offline (--sql) migrations are not supported: run them on a database")

given = config.attributes.get("connection")
if given is not None:
    run(given)
else:
    url = context.get_x_argument(as_dictionary=True).get("url") or default_url()
    engine = make_engine(url)
    try:
        with migration_transaction(engine) as conn:
            run(conn)
    finally:
        engine.dispose()
