"""A database the app cannot use is a page that says what is wrong and what to do, with the
file or the URL (never a password), not a traceback; no traceback reaches a browser."""

from __future__ import annotations

import socket
import sqlite3
import tomllib
from pathlib import Path

import pytest
from ui_driver import new_app

from companion.store import DatabaseProblem, Store
from companion.store import db as store_db
from companion.ui.views import md

ROOT = Path(__file__).resolve().parents[2]


def page_text(at) -> str:
    parts = [e.value for e in at.error] + [i.value for i in at.info]
    parts += [c.value for c in at.caption] + [t.value for t in at.title]
    return "\n".join(parts)


def shows_problem(at, *words: str) -> str:
    assert not at.exception, at.exception[0].value if at.exception else ""
    text = page_text(at)
    assert "The saved games cannot be opened" in text
    for word in words:
        assert word in text, text
    return text


def test_a_damaged_database_file_is_a_page_not_a_traceback(data_dir):
    data_dir.mkdir(parents=True)
    path = data_dir / "companion.db"
    path.write_bytes(b"not a database at all " * 100)
    text = shows_problem(new_app(), "damaged", "Move it aside")
    assert md(str(path)) in text
    assert path.read_bytes() == b"not a database at all " * 100


def test_another_programs_database_is_a_page_and_is_left_alone(data_dir):
    data_dir.mkdir(parents=True)
    with sqlite3.connect(data_dir / "companion.db") as conn:
        conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT)")
    shows_problem(new_app(), "other columns", "Nothing was changed")
    with sqlite3.connect(data_dir / "companion.db") as conn:
        assert [r[1] for r in conn.execute("PRAGMA table_info(events)")] == ["id", "what"]


def test_a_read_only_database_is_a_page(data_dir, monkeypatch, tmp_path):
    path = data_dir / "companion.db"
    Store(f"sqlite:///{path}").close()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COMPANION_DB_URL", f"sqlite:///file:{path}?mode=ro&uri=true")
    shows_problem(new_app(), "cannot write", "reload")


def test_a_full_disk_is_a_page(data_dir, monkeypatch):
    real = store_db._sqlite_pragmas

    def tiny_disk(dbapi_connection, record):
        real(dbapi_connection, record)
        dbapi_connection.execute("PRAGMA max_page_count = 2")

    monkeypatch.setattr(store_db, "_sqlite_pragmas", tiny_disk)
    shows_problem(new_app(), "is full", "Free some space")


def test_an_unreachable_server_is_a_page_without_the_password(data_dir, monkeypatch):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("COMPANION_DB_URL", f"postgresql+psycopg://ann:s3cret@127.0.0.1:{port}/aod")
    text = shows_problem(new_app(), "cannot be reached", "COMPANION\\_DB\\_URL")
    assert "s3cret" not in text
    assert "\\*\\*\\*" in text  # the password's place, masked


def test_the_page_comes_back_once_the_database_is_fixed(data_dir):
    data_dir.mkdir(parents=True)
    path = data_dir / "companion.db"
    path.write_bytes(b"garbage" * 500)
    at = new_app()
    shows_problem(at)
    path.unlink()
    at.button(key="db_retry").click().run()
    assert not at.exception
    assert "Games in progress" in [s.value for s in at.subheader]


def test_a_database_failing_while_a_page_runs_is_the_same_page(data_dir, monkeypatch):
    def broken(*args, **kwargs):
        raise DatabaseProblem("disk_full", "The disk is full.", "Free some space.", "x.db")

    at = new_app()  # a healthy start
    monkeypatch.setattr(Store, "list_games", broken)
    at.run()
    shows_problem(at, md("The disk is full."), md("Free some space."))


def test_no_traceback_reaches_a_browser_and_uploads_are_limited():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["client"]["showErrorDetails"] == "none"
    assert config["server"]["maxUploadSize"] <= 20


@pytest.mark.parametrize("kind", DatabaseProblem.KINDS)
def test_every_kind_of_problem_has_a_sentence_and_something_to_do(kind):
    from companion.store.errors import problem

    found = problem(kind, "postgresql+psycopg://ann:s3cret@db/aod")
    assert found.what.endswith(".") and found.todo.endswith(".")
    assert "s3cret" not in str(found)
