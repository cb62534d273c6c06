"""Schema migrations (Alembic), applied when a ``Store`` starts.

The history lives in ``companion/store/migrations/versions`` (it ships with the package). A
database at the newest revision (``HEAD``) is left alone after one query, without loading
Alembic (about 12 MiB of a server's memory, with Mako and Pygments); an older one, or an
empty one, is brought up to date in one transaction, under a lock that makes processes
starting at once on the same database take turns: the first migrates, the others then find
the database up to date and change nothing.

* PostgreSQL: ``pg_advisory_xact_lock`` at the start of the transaction (DDL is
  transactional there: a failed migration leaves nothing behind);
* SQLite: the write lock (``BEGIN IMMEDIATE``), waited for up to the busy timeout and then
  retried a few times; foreign keys are switched off for the migration's connection (a
  table rebuilt by a batch migration would otherwise cascade-delete its children) and
  checked with ``PRAGMA foreign_key_check`` before the commit.

>>> from companion.store.db import make_engine
>>> engine = make_engine("sqlite://")
>>> upgrade(engine) == revisions()
True
>>> upgrade(engine), current(engine) == head()
([], True)
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, inspect, text
from sqlalchemy.exc import OperationalError

from companion.i18n import _
from companion.store.db import WRITE

if TYPE_CHECKING:  # Alembic is imported only to migrate (see the module doc)
    from alembic.config import Config
    from alembic.script import ScriptDirectory

# The newest revision. Kept here so that an up-to-date database is recognised without
# loading the history; ``upgrade`` (and a test) check it against the history's head.
HEAD = "0007"
VERSION_TABLE = "alembic_version"  # Alembic's default, which env.py keeps
MIGRATIONS = Path(__file__).with_name("migrations")
PG_LOCK_KEY = 0x636F6D70  # pg_advisory_xact_lock id of the companion's migrations ("comp")
ATTEMPTS = 6  # SQLite: busy timeouts waited in all before giving up
APPLIED = "companion_applied"  # Config.attributes key: the revisions this call applied


def config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for the packaged history (no alembic.ini needed)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        cfg.attributes["connection"] = connection
    cfg.attributes[APPLIED] = []
    return cfg


@lru_cache(maxsize=1)
def _script() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision (``HEAD``)."""
    return HEAD


def history_head() -> str:
    """The newest revision as the history itself says (there must be exactly one), read
    with Alembic; ``HEAD`` must name it."""
    heads = _script().get_heads()
    if len(heads) != 1:
        raise RuntimeError(f"the migration history has {len(heads)} heads ({', '.join(heads)}): "
                           "each migration must name the one before it as down_revision")
    if heads[0] != HEAD:
        raise RuntimeError(f"the newest migration is {heads[0]} but migrate.HEAD says {HEAD}: "
                           "a new migration must update HEAD")
    return heads[0]


def revisions() -> list[str]:
    """Every revision, oldest first."""
    return [s.revision for s in reversed(list(_script().walk_revisions()))]


def current(bind: Engine | Connection) -> str | None:
    """The database's revision (None: empty, or made before Alembic was adopted), read from
    Alembic's version table (what ``MigrationContext.get_current_revision`` reads) with
    SQLAlchemy alone."""
    if isinstance(bind, Engine):
        with bind.connect() as conn:
            return current(conn)
    if not inspect(bind).has_table(VERSION_TABLE):
        return None
    found = bind.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars().all()
    if len(found) > 1:
        raise RuntimeError(_("the database is at {n} schema revisions at once ({found}): "
                             "it was not migrated by this app").format(
                                 n=len(found), found=", ".join(found)))
    return found[0] if found else None


@contextmanager
def migration_transaction(engine: Engine) -> Iterator[Connection]:
    """A write transaction holding the migration lock (see the module doc); commits on exit."""
    with engine.execution_options(**{WRITE: True}).connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:  # must happen outside a transaction: straight to the driver
            _sqlite_driver(conn).execute("PRAGMA foreign_keys=OFF")
        try:
            with conn.begin():  # BEGIN IMMEDIATE on SQLite: the database's write lock
                if conn.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                 {"key": PG_LOCK_KEY})
                yield conn
                if sqlite:
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(_("a migration left rows without their "
                                             "parent: {rows}").format(rows=broken[:5]))
        finally:
            if sqlite:
                _sqlite_driver(conn).execute("PRAGMA foreign_keys=ON")


def _sqlite_driver(conn: Connection) -> sqlite3.Connection:
    """The sqlite3 connection under ``conn`` (a SQLite database's)."""
    driver = conn.connection.driver_connection
    assert isinstance(driver, sqlite3.Connection)  # (asked of SQLite only)
    return driver


def _is_busy(exc: OperationalError) -> bool:
    return "locked" in str(exc.orig).lower() or "busy" in str(exc.orig).lower()


def upgrade(engine: Engine) -> list[str]:
    """Bring the database to the newest revision; returns the revisions this call applied
    (none when it was up to date, or when another process did it meanwhile)."""
    found = current(engine)
    if found == HEAD:
        return []
    history_head()  # the history and HEAD agree (a new migration updates both)
    if found is not None and found not in revisions():
        raise RuntimeError(_("the database is at schema revision {found}, which this "
                             "version of the app does not know (its newest is {newest}): "
                             "update the app").format(found=found, newest=head()))
    for attempt in range(ATTEMPTS):
        try:
            with migration_transaction(engine) as conn:
                from alembic import command

                cfg = config(conn)
                command.upgrade(cfg, "head")
                return list(cfg.attributes[APPLIED])
        except OperationalError as exc:
            if not _is_busy(exc) or attempt == ATTEMPTS - 1:
                raise
            time.sleep(0.1 * (attempt + 1))
    raise AssertionError("unreachable")


def record_applied(cfg: Config) -> Any:
    """An ``on_version_apply`` hook for env.py: keeps the applied revisions in ``cfg``."""

    def hook(*, step: Any, **_: Any) -> None:
        if step.is_upgrade:
            cfg.attributes.setdefault(APPLIED, []).append(step.up_revision_id)

    return hook
