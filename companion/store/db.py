"""Where the database is and how to connect: the one place that builds the SQLAlchemy engine.

* ``COMPANION_DB_URL``: any SQLAlchemy URL (``postgresql+psycopg://user:pass@host/db``, ...).
* otherwise SQLite in ``<COMPANION_DATA_DIR or ./data>/companion.db``.

SQLite connections get ``journal_mode=WAL``, ``synchronous=FULL``, ``foreign_keys=ON`` and a
busy timeout; write transactions start with ``BEGIN IMMEDIATE`` so that the check of the
expected event count and the insert happen under SQLite's write lock. Statements' parameters
never show in an error's text (``hide_parameters``): they can hold a device name or a key.

>>> default_url({"COMPANION_DATA_DIR": "/srv/aod"})
'sqlite:////srv/aod/companion.db'
>>> default_url({"COMPANION_DB_URL": "postgresql+psycopg://u:p@db/aod"})
'postgresql+psycopg://u:p@db/aod'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.pool import QueuePool, StaticPool

DB_FILE = "companion.db"
BUSY_TIMEOUT_MS = 10_000
WRITE = "companion_write"  # execution option: this connection will write
POOL_TIMEOUT = 5  # seconds a caller waits for a pooled connection, twice (``RetryingPool``)


def default_url(environ: Mapping[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    if env.get("COMPANION_DB_URL"):
        return env["COMPANION_DB_URL"]
    data_dir = Path(env.get("COMPANION_DATA_DIR") or "data")
    return f"sqlite:///{(data_dir / DB_FILE).absolute()}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # Let SQLAlchemy (the "begin" hook below) decide where transactions start; pysqlite's
    # own implicit BEGIN would come too late (only before the first INSERT).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    finally:
        cursor.close()


def _sqlite_begin(conn: Any) -> None:
    write = conn.get_execution_options().get(WRITE, False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


class RetryingPool(QueuePool):
    """A queue pool that waits twice for a connection before it gives up: a moment when
    every connection is taken (a burst of taps) is usually over by then. What still times
    out comes out as "busy, try again" (``errors.kind_of``), never as an unreachable
    server."""

    def _do_get(self) -> Any:
        try:
            return super()._do_get()
        except PoolTimeout:
            return super()._do_get()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for a SQLite file, its directory is created first."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, hide_parameters=True,
                             poolclass=RetryingPool, pool_timeout=POOL_TIMEOUT)
    database = parsed.database
    kwargs: dict[str, Any] = {}
    if database in (None, "", ":memory:"):
        # One shared connection, or every connection would see its own empty database.
        kwargs = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    elif not parsed.query.get("uri"):  # a "file:...?mode=ro" URI names no folder to make
        Path(database).expanduser().absolute().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, hide_parameters=True, **kwargs)
    event.listen(engine, "connect", _sqlite_pragmas)
    event.listen(engine, "begin", _sqlite_begin)
    return engine
