"""A game's own settings (issue 33): its hints switch is kept with the game, for every device
and every reload; migration 0007 adds it to a 0006 database without touching the games, and
its downgrade takes it away again."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import inspect

from companion.store import GameNotFound, GameSettings, Store, make_engine, migrate

from .games import finished
from .test_schema_upgrade import schema_differences
from .test_score_sheets import SHEET

TWO = {"players": [{"name": "Ann"}, {"name": "Bob"}]}


def _tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_hints_are_off_until_turned_on_and_every_store_sees_the_switch(
        store: Store, other_store: Store) -> None:
    gid, other = store.create_game(TWO).id, store.create_game(TWO).id
    assert store.game_settings(gid) == GameSettings(hints_on=False)
    before = store.revision(gid)
    assert store.set_hints(gid, True).hints_on
    assert other_store.game_settings(gid).hints_on  # another process, another device
    assert not other_store.game_settings(other).hints_on  # per game
    assert store.revision(gid) == before  # the log did not change
    assert "hints" not in str(store.export_record(gid))  # not part of the record
    other_store.set_hints(gid, False)
    assert store.game_settings(gid) == GameSettings(hints_on=False)


def test_a_missing_game_has_no_settings_to_change_and_a_deleted_one_takes_them_along(
        store: Store) -> None:
    with pytest.raises(GameNotFound):
        store.set_hints(999, True)
    assert store.game_settings(999) == GameSettings()  # reading never fails
    gid = store.create_game(TWO).id
    store.set_hints(gid, True)
    store.delete_game(gid)
    again = store.create_game(TWO).id  # SQLite may give the same id again
    assert not store.game_settings(again).hints_on
    assert not store.game_settings(gid).hints_on


def test_migration_0007_keeps_every_game_and_its_downgrade_drops_only_the_settings(
        db_url: str) -> None:
    done = finished("two", 2)
    with Store(db_url) as store:
        gid = store.import_record(done.record()).id
        sid = store.save_score_sheet(SHEET)
        sheet_as_saved = store.load_sheet(sid).sheet
        with migrate.migration_transaction(store.engine) as conn:
            command.downgrade(migrate.config(conn), "0006")
        assert migrate.current(store.engine) == "0006"
        assert "game_settings" not in _tables(db_url)
        assert migrate.upgrade(store.engine) == ["0007"]
    with Store(db_url) as store:  # games stored before 0007: their settings are defaults
        assert store.load(gid).game.state == done.state
        assert store.load_sheet(sid).sheet == sheet_as_saved
        assert not store.game_settings(gid).hints_on
        store.set_hints(gid, True)
        with migrate.migration_transaction(store.engine) as conn:
            command.downgrade(migrate.config(conn), "0006")
        assert "game_settings" not in _tables(db_url)
        assert store.count_games() == 2 and store.load(gid).game.state == done.state
        assert migrate.upgrade(store.engine) == ["0007"]
        assert not store.game_settings(gid).hints_on  # the downgrade dropped the switch
    assert schema_differences(db_url) == []
