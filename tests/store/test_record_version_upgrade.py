"""Migration 0004 (record version, events set aside): games stored before it read as record
version 2 (answers that name nobody get the decider the older engine used), what the issue-10
work kept inside ``games.setup`` moves into the new columns, and down and up again loses
nothing."""

from __future__ import annotations

from alembic import command
from sqlalchemy import select, update

from companion.engine import Game
from companion.store import Store, migrate
from companion.store.schema import EventRow, GameRow

from .games import TWO_PLAYERS, finished
from .test_schema_upgrade import schema_differences

NAMED = ("dock", "take_good", "buy", "expedition", "training", "warfare")
ASIDE = [{"at": 3, "reason": "the rules refuse it", "when": "2025-01-02T03:04:05+00:00",
          "events": [{"type": "place", "player": "Bob", "worker": "colonist",
                      "track": "dock"}]}]


def down_to_0003(store: Store) -> None:
    with migrate.migration_transaction(store.engine) as conn:
        command.downgrade(migrate.config(conn), "0003")


def setup_and_columns(store: Store, game_id: int) -> tuple:
    with store.engine.connect() as conn:
        return conn.execute(select(GameRow.setup, GameRow.record_version, GameRow.set_aside)
                            .where(GameRow.id == game_id)).one()


def test_games_stored_before_versions_were_kept_read_as_version_2(db_url: str) -> None:
    done = finished("two", 2)
    with Store(db_url) as store:
        gid = store.import_record(done.record()).id
        down_to_0003(store)
        with store.engine.begin() as conn:  # as the store wrote them before issue 10
            conn.execute(update(GameRow).where(GameRow.id == gid).values(setup=TWO_PLAYERS))
            for event_id, payload in conn.execute(select(EventRow.id, EventRow.payload)
                                                  .where(EventRow.game_id == gid)).all():
                if payload["type"] in NAMED:
                    conn.execute(update(EventRow).where(EventRow.id == event_id).values(
                        payload={k: v for k, v in payload.items() if k != "player"}))
    with Store(db_url) as store:
        assert migrate.current(store.engine) == migrate.head()
        assert setup_and_columns(store, gid) == (TWO_PLAYERS, 2, None)
        loaded = store.load(gid)
        assert (loaded.record_version, loaded.read_only) == (2, False)
        assert loaded.game.state == done.state  # every answer given to its decider
        assert store.export_record(gid) == done.record()  # written as version 3
        assert store.rebuild_summaries().failed == []
    assert schema_differences(db_url) == []


def test_what_the_setup_kept_moves_into_the_columns_and_back(db_url: str) -> None:
    with Store(db_url) as store:
        plain = store.create_game(TWO_PLAYERS).id
        kept = store.create_game(TWO_PLAYERS).id
        down_to_0003(store)
        with store.engine.begin() as conn:
            conn.execute(update(GameRow).where(GameRow.id == plain).values(
                setup=TWO_PLAYERS))  # as the store wrote it before issue 10
            conn.execute(update(GameRow).where(GameRow.id == kept).values(  # as the issue-10
                setup={**TWO_PLAYERS, "record_version": 3, "set_aside": ASIDE}))  # work did
        assert migrate.upgrade(store.engine) == migrate.revisions()[3:]  # 0004 and later
        assert setup_and_columns(store, kept) == (TWO_PLAYERS, 3, ASIDE)
        assert setup_and_columns(store, plain) == (TWO_PLAYERS, 2, None)
        down_to_0003(store)  # what differs from the defaults goes back into the set-up
        with store.engine.connect() as conn:
            setups = dict(conn.execute(select(GameRow.id, GameRow.setup)).all())
        assert setups == {plain: TWO_PLAYERS,
                          kept: {**TWO_PLAYERS, "record_version": 3, "set_aside": ASIDE}}
        assert migrate.upgrade(store.engine) == migrate.revisions()[3:]  # 0004 and later
    with Store(db_url) as store:
        stored = store.load(kept)
        assert stored.record_version == 3 and [b.reason for b in stored.set_aside] == [
            "the rules refuse it"]
        assert store.export_record(kept)["set_aside"] == ASIDE
        assert Game.from_record(store.export_record(kept)).state == stored.game.state
    assert schema_differences(db_url) == []
