"""Start-up with a database that cannot be used: a ``DatabaseProblem`` that says what is wrong,
what to do and where (never a password), and the database left exactly as it was."""

from __future__ import annotations

import socket
import sqlite3

import pytest
from sqlalchemy import create_engine, inspect, text

from companion.store import DatabaseProblem, open_store
from companion.store import db as store_db

from .games import REVEAL, TWO_PLAYERS, partial_game


def sqlite_url(path) -> str:
    return f"sqlite:///{path}"


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def problem_of(url: str) -> DatabaseProblem:
    with pytest.raises(DatabaseProblem) as caught:
        open_store(url)
    return caught.value


def test_a_healthy_database_opens(tmp_path):
    store = open_store(sqlite_url(tmp_path / "companion.db"))
    assert store.count_games() == 0
    store.close()


def test_a_damaged_file_is_named_and_left_alone(tmp_path):
    path = tmp_path / "companion.db"
    garbage = b"this is not a database, it is a shopping list\n" * 200
    path.write_bytes(garbage)
    problem = problem_of(sqlite_url(path))
    assert problem.kind == "corrupted"
    assert str(path) in problem.what and "Move it aside" in problem.todo
    assert path.read_bytes() == garbage


def test_another_programs_tables_are_named_and_left_alone(tmp_path):
    path = tmp_path / "companion.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT, rating REAL)")
        conn.execute("INSERT INTO games (title, rating) VALUES ('Chess', 9.5)")
    problem = problem_of(sqlite_url(path))
    assert problem.kind == "foreign_schema"
    assert "other columns" in problem.what and "Nothing was changed" in problem.todo
    with sqlite3.connect(path) as conn:
        columns = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert columns == ["id", "title", "rating"]  # no "kind" column added
    assert tables == ["games"]


def test_a_database_made_before_the_kind_column_still_opens(db_url, backend):
    from .test_schema_upgrade import old_database

    old_database(db_url, backend, [partial_game(3)])
    store = open_store(db_url)
    assert [g.kind for g in store.list_games()] == ["tracked"]
    store.close()


def test_a_read_only_database_is_found_at_start_up(tmp_path, monkeypatch):
    path = tmp_path / "companion.db"
    open_store(sqlite_url(path)).close()
    monkeypatch.chdir(tmp_path)
    problem = problem_of(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert problem.kind == "read_only"
    assert "cannot write" in problem.what and "COMPANION_DATA_DIR" in problem.todo


def test_a_full_disk_is_found_at_start_up(tmp_path, monkeypatch):
    real = store_db._sqlite_pragmas

    def tiny_disk(dbapi_connection, record):
        real(dbapi_connection, record)
        dbapi_connection.execute("PRAGMA max_page_count = 2")  # SQLite then reports SQLITE_FULL

    monkeypatch.setattr(store_db, "_sqlite_pragmas", tiny_disk)
    problem = problem_of(sqlite_url(tmp_path / "companion.db"))
    assert problem.kind == "disk_full"
    assert "is full" in problem.what and "Free some space" in problem.todo


def test_a_full_disk_while_saving_is_a_sentence_and_keeps_what_was_saved(tmp_path, monkeypatch):
    path = tmp_path / "companion.db"
    store = open_store(sqlite_url(path))
    sg = store.create_game(TWO_PLAYERS)
    sg = store.append(sg.id, REVEAL, 0)
    store.close()
    pages = sqlite3.connect(path).execute("PRAGMA page_count").fetchone()[0]
    real = store_db._sqlite_pragmas

    def full_disk(dbapi_connection, record):
        real(dbapi_connection, record)
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    monkeypatch.setattr(store_db, "_sqlite_pragmas", full_disk)
    store = open_store(sqlite_url(path))
    with pytest.raises(DatabaseProblem) as caught:
        for _ in range(200):  # until the pages run out
            store.create_game(TWO_PLAYERS)
    assert caught.value.kind == "disk_full"
    assert store.load(sg.id).seq == 1
    store.close()


def test_an_unreachable_server_is_named_without_its_password():
    url = f"postgresql+psycopg://ann:s3cret@127.0.0.1:{closed_port()}/aod?password=s3cret"
    problem = problem_of(url)
    assert problem.kind == "unreachable"
    assert problem.where == f"postgresql+psycopg://ann:***@127.0.0.1:{url.split(':')[3]}"[
        :len(problem.where)]
    for text_shown in (problem.what, problem.todo, problem.where, str(problem)):
        assert "s3cret" not in text_shown


@pytest.mark.parametrize("url", ["nosuchdialect://host/db", "postgresql+nosuchdriver://h/db",
                                 "not a url at all"])
def test_a_url_the_app_cannot_use_is_named(url):
    assert problem_of(url).kind == "bad_url"


@pytest.mark.postgres
def test_another_programs_tables_on_postgresql_are_left_alone(db_url, backend):
    if backend != "postgresql":
        pytest.skip("PostgreSQL only")
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)"))
    problem = problem_of(db_url)
    assert problem.kind == "foreign_schema"
    assert [c["name"] for c in inspect(engine).get_columns("games")] == ["id", "title"]
    engine.dispose()
