"""Back ends for the store tests: SQLite always, PostgreSQL when COMPANION_TEST_PG_URL is set.

Each PostgreSQL test runs in a schema of its own (dropped afterwards), so tests never see
each other's games.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from companion.store import Store

PG_ENV = "COMPANION_TEST_PG_URL"
PG_SKIP = (f"PostgreSQL back end not tested: set {PG_ENV} (e.g. the URL printed by "
           "`.ci/postgres.sh start`) to run it")

BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgresql", id="postgresql", marks=pytest.mark.postgres),
]


def _pg_schema_url(base: str, schema: str) -> str:
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'data' / 'companion.db'}"
        return
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(PG_SKIP)
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield _pg_schema_url(base, schema)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def backend(db_url: str) -> str:
    return make_url(db_url).get_backend_name()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = Store(db_url)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def other_store(db_url: str) -> Iterator[Store]:
    """A second, independent Store (own engine and connections) on the same database."""
    s = Store(db_url)
    try:
        yield s
    finally:
        s.close()
