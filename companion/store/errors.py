"""The store's own errors: what the database refused or why it cannot be used, in sentences.

Driver and SQLAlchemy exceptions never leave the store: ``database_errors`` turns them into

* ``UnstorableValue`` (a ``MalformedInput``): a value the database cannot hold (a number out
  of its range, a character it cannot store); nothing was saved;
* ``DatabaseProblem`` (a ``StorageProblem``): the database cannot be used (damaged file,
  read-only, full disk, another program's tables, server unreachable), with ``what`` is
  wrong, ``todo`` for the table and ``where`` (the file, or the URL without its password).

>>> where_of("postgresql+psycopg://ann:s3cret@db.local/aod?password=s3cret")
'postgresql+psycopg://ann:***@db.local/aod'
>>> where_of("sqlite:////srv/aod/companion.db")
'/srv/aod/companion.db'
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import (
    ArgumentError,
    DataError,
    DBAPIError,
    IntegrityError,
    NoSuchModuleError,
    SQLAlchemyError,
    StatementError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout

from companion.errors import MalformedInput, StorageProblem
from companion.i18n import N_, _

log = logging.getLogger(__name__)


class UnstorableValue(MalformedInput):
    """A value the database cannot hold; nothing was saved."""


class DatabaseProblem(StorageProblem):
    """The database cannot be used now: ``what`` is wrong, ``todo`` says what to do,
    ``where`` names the file or the URL (never a password); ``kind`` is one of KINDS."""

    KINDS = ("disk_full", "read_only", "corrupted", "foreign_schema", "unreachable", "busy",
             "bad_url", "unknown")

    def __init__(self, kind: str, what: str, todo: str, where: str, folder: str = "") -> None:
        super().__init__(f"{what} {todo}")
        self.kind, self.what, self.todo, self.where = kind, what, todo, where
        self.folder = folder  # the variable that says where the games are kept

    def words(self) -> tuple[str, str]:
        """``what`` and ``todo`` in the current language (``companion.i18n``)."""
        what, todo = PROBLEM_TEXTS.get(self.kind, ("", ""))
        if self.what != what.format(where=self.where, folder=self.folder):
            return self.what, self.todo  # not one of ours: as it was said
        return (_(what).format(where=self.where, folder=self.folder),
                _(todo).format(where=self.where, folder=self.folder))


def where_of(url: str) -> str:
    """The database as a page may show it: a SQLite file's path, or the URL without its
    password and query (which can hold one too)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return "COMPANION_DB_URL (not a database URL)"
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or "an in-memory SQLite database"
    return parsed.set(query={}).render_as_string(hide_password=True)


# ---------------------------------------------------------------- what went wrong

SQLITE_KINDS = {  # the primary result codes of SQLite
    "SQLITE_FULL": "disk_full",
    "SQLITE_READONLY": "read_only",
    "SQLITE_CANTOPEN": "read_only",
    "SQLITE_PERM": "read_only",
    "SQLITE_NOTADB": "corrupted",
    "SQLITE_CORRUPT": "corrupted",
    "SQLITE_BUSY": "busy",
    "SQLITE_LOCKED": "busy",
}
PG_KINDS = {  # SQLSTATE codes of PostgreSQL
    "53100": "disk_full",
    "25006": "read_only",
    "42501": "read_only",
    "42703": "foreign_schema",
    "42P01": "foreign_schema",
    "3D000": "unreachable",
    "28P01": "unreachable",
    "28000": "unreachable",
    "55P03": "busy",
    "40P01": "busy",
    "53300": "busy",  # too many connections: a moment later there is room
}
PG_DISK_STATES = ("53100", "58030")  # disk full; an I/O error (said "No space left" if so)
NEARLY_FULL = 1 << 20  # bytes free below which a SQLite I/O error is the disk being full
WORDS = (  # when the driver gives no code
    ("disk is full", "disk_full"), ("no space left", "disk_full"), ("disk full", "disk_full"),
    ("readonly", "read_only"), ("read-only", "read_only"), ("permission denied", "read_only"),
    ("unable to open database file", "read_only"),
    ("not a database", "corrupted"), ("malformed", "corrupted"),
    ("no such column", "foreign_schema"), ("no such table", "foreign_schema"),
    ("has no column named", "foreign_schema"),
    ("connection refused", "unreachable"), ("could not connect", "unreachable"),
    ("connection failed", "unreachable"), ("timeout", "unreachable"),
    ("timed out", "unreachable"), ("could not translate host", "unreachable"),
    ("name or service not known", "unreachable"), ("no route to host", "unreachable"),
    ("server closed the connection", "unreachable"), ("authentication failed", "unreachable"),
    ("database is locked", "busy"),
)


def kind_of(exc: BaseException, url: str | None = None) -> str:
    """Which ``DatabaseProblem`` kind an exception from the database is (``url``: the
    database's, to tell a full disk behind a SQLite I/O error)."""
    if isinstance(exc, PoolTimeout):
        return "busy"  # every pooled connection taken: the server is there, and busy
    orig = getattr(exc, "orig", None) or exc
    name = getattr(orig, "sqlite_errorname", None)
    if isinstance(name, str):
        for prefix, kind in SQLITE_KINDS.items():
            if name == prefix or name.startswith(prefix + "_"):
                return kind
        if name.startswith("SQLITE_IOERR") and _sqlite_disk_full(url):
            return "disk_full"
    state = getattr(orig, "sqlstate", None)
    if isinstance(state, str):
        if state in PG_KINDS:
            return PG_KINDS[state]
        if state.startswith("08"):  # connection exceptions
            return "unreachable"
    if isinstance(orig, OSError) and not isinstance(orig, DBAPIError):
        return "disk_full" if _disk_full_errno(orig) else "read_only"
    if isinstance(exc, ArgumentError | NoSuchModuleError | ImportError):
        return "bad_url"
    text = str(orig).lower()
    for words, kind in WORDS:
        if words in text:
            return kind
    return "unknown"


def _disk_full_errno(error: OSError) -> bool:
    import errno

    return error.errno in (errno.ENOSPC, errno.EDQUOT)


def _sqlite_disk_full(url: str | None) -> bool:
    """Whether the disk of a SQLite database file has (almost) no room left: SQLite says
    "disk I/O error" when a write to its journal finds the disk full."""
    try:
        database = make_url(url or "").database
    except ArgumentError:
        return False
    if not database or database == ":memory:":
        return False
    try:
        return shutil.disk_usage(Path(database).expanduser().absolute().parent).free \
            < NEARLY_FULL
    except OSError:
        return False


def statement_kind(exc: BaseException) -> str:
    """The kind of statement an error came from (SELECT, INSERT, ...), never its text or
    parameters, which can hold a device name or a key.

    >>> statement_kind(StatementError("boom", "insert into entry_keys values (?)", ("k",),
    ...                               None))
    'INSERT'
    """
    statement = getattr(exc, "statement", None) if isinstance(exc, StatementError) else None
    words = (statement or "").split(maxsplit=1)
    return words[0].upper() if words else "no statement"


def problem(kind: str, url: str) -> DatabaseProblem:
    """The sentence for the table: what is wrong and what to do."""
    where = where_of(url)
    try:
        sqlite = make_url(url).get_backend_name() == "sqlite"
    except ArgumentError:
        sqlite = False
    folder = "COMPANION_DATA_DIR" if sqlite else "COMPANION_DB_URL"
    what, todo = PROBLEM_TEXTS[kind]
    return DatabaseProblem(kind, what.format(where=where, folder=folder),
                           todo.format(where=where, folder=folder), where, folder)


# What is wrong and what to do, per kind (English here, logs and the CLI; a page shows
# ``DatabaseProblem.words()``, in its own language).
PROBLEM_TEXTS = {
    "disk_full": (N_("The disk that holds the database ({where}) is full: nothing more can be "
                     "saved."),
                  N_("Free some space on that disk, then reload this page. Everything saved "
                     "before is still there.")),
    "read_only": (N_("The app cannot write to the database ({where}): the file or its folder "
                     "is read-only, or the app may not open it."),
                  N_("Let the user that runs the app write to that file and its folder (the "
                     "-wal and -shm files beside it too), or set {folder} to a place it can "
                     "write to, then reload.")),
    "corrupted": (N_("The database file ({where}) is damaged or is not a database."),
                  N_("Move it aside (keep it: it may still be repaired) and reload to start an "
                     "empty one, restore a backup, or set {folder} to another place.")),
    "foreign_schema": (N_("The database ({where}) has tables named like this app's (games, "
                          "events, game_players) but with other columns: they belong to "
                          "another program or another version of this app."),
                       N_("Set {folder} to this app's own database or to an empty one, then "
                          "reload. Nothing was changed in that database.")),
    "unreachable": (N_("The database server ({where}) cannot be reached, or it refused the "
                       "connection."),
                    N_("Check that the server is running and that COMPANION_DB_URL names the "
                       "right host, port, database, user and password, then reload.")),
    "busy": (N_("The database ({where}) is busy with another writer."),
             N_("Wait a moment and try again.")),
    "bad_url": (N_("COMPANION_DB_URL is not a database this app can use ({where})."),
                N_("Write it as postgresql+psycopg://user:password@host/database, or unset it "
                   "to keep the games in a SQLite file, then restart the app.")),
    "unknown": (N_("The database ({where}) cannot be used right now."),
                N_("Check the database server or file, then reload; the app's log has the "
                   "details.")),
}


UNSTORABLE = ("the database cannot store a value of this (a number beyond what it holds, or a "
              "character it cannot keep); nothing was saved")


def translate(exc: BaseException, url: str) -> BaseException:
    """The store's error for an exception raised by the database or its driver."""
    orig = getattr(exc, "orig", None) or exc
    if isinstance(exc, DataError) or isinstance(orig, OverflowError | ValueError):
        return UnstorableValue(UNSTORABLE)  # ValueError: a NUL, a lone surrogate
    kind = kind_of(exc, url)
    if kind == "unknown":  # the error's class and the statement's kind: no parameters
        orig = getattr(exc, "orig", None) or exc
        log.error("database error at %s: %s.%s (SQLSTATE %s) in a %s statement", where_of(url),
                  type(orig).__module__, type(orig).__qualname__,
                  getattr(orig, "sqlstate", None) or getattr(orig, "sqlite_errorname", "-"),
                  statement_kind(exc))
    return problem(kind, url)


@contextmanager
def database_errors(url: str) -> Iterator[None]:
    """Run a block against the database; its driver's errors come out as the store's own.

    ``IntegrityError`` passes through: the store tells a clash of writers (``Conflict``)
    from the rest itself."""
    try:
        yield
    except IntegrityError:
        raise
    except (SQLAlchemyError, OverflowError, UnicodeEncodeError, OSError, ImportError) as exc:
        raise translate(exc, url) from exc
