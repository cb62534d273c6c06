"""Opening the database at start-up: a Store, or a ``DatabaseProblem`` that says what is wrong.

Before the store touches a database, its tables are compared with this app's: a database
whose ``games``, ``events`` or ``game_players`` tables have other columns belongs to another
program and is left exactly as it was. Once open, the store reads a row of each table and
tries a write that changes nothing (rolled back), so that a read-only file or a full disk
shows up at start-up rather than at the first tap.
"""

from __future__ import annotations

from sqlalchemy import Engine, delete, inspect, select, text

from companion.store.db import WRITE, default_url, make_engine
from companion.store.errors import DatabaseProblem, database_errors, problem
from companion.store.schema import Base, EventRow, GamePlayerRow, GameRow
from companion.store.store import Store

# Columns a database made by an older version of this app may still lack: the Alembic
# migrations add them at start-up (kind: baseline; revision: 0002; family, breakdown: 0003;
# record_version, set_aside: 0004; import_key: 0005).
ADDED_LATER = {"games": {"kind", "revision", "family", "record_version", "set_aside",
                         "import_key"},
               "game_players": {"breakdown"}}


def foreign_tables(engine: Engine) -> list[str]:
    """This app's table names that exist in the database with columns other than ours."""
    found = inspect(engine)
    names = set(found.get_table_names())
    foreign = []
    for table in Base.metadata.sorted_tables:
        if table.name not in names:
            continue
        have = {c["name"] for c in found.get_columns(table.name)}
        wanted = {c.name for c in table.columns} - ADDED_LATER.get(table.name, set())
        if not wanted <= have:
            foreign.append(table.name)
    return foreign


def _probe(store: Store) -> None:
    with store.engine.connect() as conn:
        for row in (GameRow, EventRow, GamePlayerRow):
            conn.execute(select(row).limit(1)).all()
    with store.engine.execution_options(**{WRITE: True}).connect() as conn, conn.begin() as tx:
        conn.execute(delete(GameRow).where(text("1 = 0")))  # a write that changes nothing
        tx.rollback()


def open_store(url: str | None = None) -> Store:
    """The store at ``url`` (default: ``default_url()``), checked; ``DatabaseProblem`` if
    it cannot be used."""
    url = url or default_url()
    with database_errors(url):
        engine = make_engine(url)
        try:
            if foreign_tables(engine):
                raise problem("foreign_schema", url)
        finally:
            engine.dispose()
        store = Store(url)
    try:
        with database_errors(url):
            _probe(store)
    except DatabaseProblem:
        store.close()
        raise
    return store
