"""Club night on PostgreSQL (issue 41): one entry key per game however many callers race for
it, and the database's troubles named right (a busy pool, a full disk), with no statement
parameter in an error's text or a log line, and one rule for device names on both
databases."""

from __future__ import annotations

import logging
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from companion.store import Store, UnstorableValue, trust
from companion.store import errors as store_errors
from companion.store.errors import database_errors, kind_of, translate

from .games import REVEAL, TWO_PLAYERS

THREADS, GAMES = 8, 10


def test_racing_callers_all_get_the_one_stored_key(db_url: str) -> None:
    """8 threads, each with its own ``Store`` (its own pool, as separate servers), ask for
    the first key of the same 10 games at once: every caller is handed the stored key."""
    stores = [Store(db_url) for _ in range(THREADS)]
    try:
        games = [stores[0].create_game(TWO_PLAYERS).id for _ in range(GAMES)]
        start = threading.Barrier(THREADS)
        handed: list[list[str]] = [[] for _ in range(THREADS)]
        failed: list[BaseException] = []

        def ask(n: int) -> None:
            start.wait()
            try:
                handed[n] = [trust.entry_key(stores[n], gid) for gid in games]
            except BaseException as exc:  # noqa: BLE001 - counted below
                failed.append(exc)

        threads = [threading.Thread(target=ask, args=(n,)) for n in range(THREADS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert failed == []
        stored = [trust.entry_key(stores[0], gid) for gid in games]
        assert len(set(stored)) == GAMES
        assert all(keys == stored for keys in handed)
        pairs = zip(games, stored, strict=True)
        assert all(trust.key_matches(stores[0], gid, key) for gid, key in pairs)
    finally:
        for s in stores:
            s.close()


def test_a_key_for_a_game_gone_is_game_not_found(store: Store) -> None:
    with pytest.raises(LookupError):
        trust.entry_key(store, 404)


def test_a_nul_in_a_device_name_is_refused_on_every_database(store: Store) -> None:
    gid = store.create_game(TWO_PLAYERS).id
    with pytest.raises(UnstorableValue):
        store.append(gid, REVEAL, revision=0, device="Ann\x00phone")
    assert store.revision(gid) == 0 and trust.entries(store, gid) == []  # nothing kept


def test_an_unknown_error_logs_its_kind_never_its_parameters(store: Store, caplog) -> None:
    secret = "k3y-never-stored-" + "x" * 16
    with caplog.at_level(logging.DEBUG), pytest.raises(store_errors.DatabaseProblem) as got, \
            database_errors(store.url), store.engine.connect() as conn:
        conn.execute(text("SELECT no_such_function(:device)"), {"device": secret})
    assert secret not in str(got.value) and secret not in str(got.value.__cause__)
    logged = "\n".join(r.getMessage() + str(r.exc_info) for r in caplog.records)
    error_class = type(got.value.__cause__.orig).__name__
    assert "a SELECT statement" in logged and error_class in logged  # its kind, its class
    assert secret not in logged


def test_a_busy_pool_is_busy_never_unreachable() -> None:
    problem = translate(PoolTimeout("QueuePool limit of size 5 overflow 10 reached, "
                                    "connection timed out, timeout 30.00"),
                        "postgresql+psycopg://u@db/aod")
    assert problem.kind == "busy"
    assert "Wait a moment and try again" in str(problem)


def test_a_busy_pool_is_waited_for_twice_before_it_surfaces(db_url: str, backend) -> None:
    if backend == "sqlite":
        pytest.skip("a SQLite file is opened per connection, without a queue")
    from companion.store.db import RetryingPool

    store = Store(db_url)
    try:
        assert isinstance(store.engine.pool, RetryingPool)
        pool = RetryingPool(store.engine.pool._creator, pool_size=1, max_overflow=0,
                            timeout=0.3)
        held = pool.connect()
        released = threading.Timer(0.45, held.close)  # after the first wait, in the second
        released.start()
        pool.connect().close()  # waited twice: got the connection the holder gave back
        held2 = pool.connect()
        with pytest.raises(PoolTimeout):
            pool.connect()  # nobody gives it back: out after two waits
        held2.close()
        pool.dispose()
    finally:
        store.close()


def _sqlite_error(name: str) -> OperationalError:
    orig = sqlite3.OperationalError("disk I/O error")
    orig.sqlite_errorname = name
    return OperationalError("INSERT INTO events VALUES (?)", ("x",), orig)


def test_a_full_disk_is_named_on_sqlite(tmp_path: Path, monkeypatch) -> None:
    url = f"sqlite:///{tmp_path / 'companion.db'}"
    assert kind_of(_sqlite_error("SQLITE_FULL"), url) == "disk_full"
    # A write to the journal on a full disk: SQLite says "disk I/O error"
    usage = shutil._ntuple_diskusage
    monkeypatch.setattr(store_errors.shutil, "disk_usage", lambda _p: usage(10**9, 10**9, 4096))
    assert kind_of(_sqlite_error("SQLITE_IOERR_WRITE"), url) == "disk_full"
    monkeypatch.setattr(store_errors.shutil, "disk_usage", lambda _p: usage(10**9, 0, 10**9))
    assert kind_of(_sqlite_error("SQLITE_IOERR_WRITE"), url) == "unknown"  # room left


class _PgError(Exception):
    def __init__(self, sqlstate: str, text: str) -> None:
        super().__init__(text)
        self.sqlstate = sqlstate


@pytest.mark.parametrize("state, text, kind", [
    ("53100", 'could not extend file "base/1/2": No space left on device', "disk_full"),
    ("58030", 'could not write to file "pg_wal/xlogtemp.1": No space left on device',
     "disk_full"),
    ("53300", "sorry, too many clients already", "busy"),
])
def test_a_full_disk_and_too_many_clients_are_named_on_postgresql(state, text, kind) -> None:
    exc = OperationalError("INSERT INTO events VALUES (%(x)s)", {"x": 1}, _PgError(state, text))
    assert kind_of(exc, "postgresql+psycopg://u@db/aod") == kind
