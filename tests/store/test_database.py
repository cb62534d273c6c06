"""Where the database lives, how SQLite is configured, and the constraints that guard the log."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import event, insert, inspect
from sqlalchemy.exc import IntegrityError

from companion.engine import Conflict
from companion.store import Store
from companion.store.schema import EventRow

from .games import REVEAL, TWO_PLAYERS, partial_game, placements


def test_default_is_sqlite_in_the_data_dir(tmp_path: Path, monkeypatch) -> None:
    data = tmp_path / "not" / "yet" / "there"
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(data))
    with Store() as store:
        assert store.url == f"sqlite:///{data / 'companion.db'}"
        sg = store.create_game(TWO_PLAYERS)
    assert (data / "companion.db").is_file()
    with Store() as again:
        assert again.load(sg.id).seq == 0


def test_default_data_dir_is_relative_to_the_working_directory(tmp_path: Path,
                                                               monkeypatch) -> None:
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    monkeypatch.delenv("COMPANION_DATA_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    Store().close()
    assert (tmp_path / "data" / "companion.db").is_file()


def test_url_from_the_environment(db_url: str, monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_DB_URL", db_url)
    with Store() as store:
        assert store.url == db_url
        assert set(inspect(store.engine).get_table_names()) >= {
            "games", "events", "game_players"}


def test_sqlite_pragmas_on_every_connection(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'c.db'}") as store:
        store.create_game(TWO_PLAYERS)
        for _ in range(2):  # two pooled connections at once, both configured
            with store.engine.connect() as a, store.engine.connect() as b:
                for conn in (a, b):
                    assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
                    assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
                    assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    assert (tmp_path / "c.db").is_file()


def test_in_memory_sqlite_keeps_one_database(tmp_path: Path) -> None:
    with Store("sqlite://") as store:
        sg = store.create_game(TWO_PLAYERS)
        store.append(sg.id, REVEAL, 0)
        assert store.load(sg.id).seq == 1


def test_duplicate_position_is_refused_by_the_database(store: Store) -> None:
    sg = store.import_record(partial_game(2).record())
    row = {"game_id": sg.id, "seq": 1, "type": "place", "created": datetime(2024, 1, 1),
           "payload": placements(1)[0]}
    with pytest.raises(IntegrityError), store.engine.begin() as conn:
        conn.execute(insert(EventRow).values(**row))


def test_events_need_their_game(store: Store) -> None:
    row = {"game_id": 999, "seq": 0, "type": "reveal", "created": datetime(2024, 1, 1),
           "payload": REVEAL}
    with pytest.raises(IntegrityError), store.engine.begin() as conn:
        conn.execute(insert(EventRow).values(**row))


def test_unique_violation_becomes_conflict_and_nothing_is_kept(store: Store) -> None:
    """The last guard: should another writer slip an event in at the same position after the
    store has checked the count, the database refuses the second row and the writer gets
    Conflict. Simulated by inserting that row in the store's own transaction just before the
    store's INSERT."""
    sg = store.import_record(partial_game(2).record())
    intruder = placements(2)[1]
    slipped: list[bool] = []

    def slip_in(conn, cursor, statement, parameters, context, executemany) -> None:
        if statement.startswith("INSERT INTO events") and not slipped:
            slipped.append(True)
            conn.execute(insert(EventRow).values(
                game_id=sg.id, seq=2, type="place", payload=intruder,
                created=datetime(2024, 1, 1)))

    event.listen(store.engine, "before_cursor_execute", slip_in)
    try:
        with pytest.raises(Conflict, match=r"someone else recorded an event first \(event 2 "
                                           r"is already taken\); reload"):
            store.append(sg.id, intruder, expected_seq=2)
    finally:
        event.remove(store.engine, "before_cursor_execute", slip_in)
    assert slipped
    loaded = store.load(sg.id)
    assert loaded.game.record() == partial_game(2).record()
    assert store.append(sg.id, intruder, expected_seq=2).seq == 3
