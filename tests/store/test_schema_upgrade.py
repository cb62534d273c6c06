"""Databases made before Alembic was adopted are taken over in place; new ones are made by the
migrations; the migrations make exactly what the models describe.

The old tables are built here with the DDL of the releases before Alembic (raw SQL, not from
the current models): the first release (no ``games.kind``) and the ``create_all`` schema that
followed it. Games are inserted by hand the way the old store wrote them.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from datetime import datetime

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, select, text
from sqlalchemy.exc import IntegrityError

from companion.store import Store, make_engine, migrate, summarize
from companion.store.schema import Base, EventRow

from .games import REVEAL, finished, partial_game, placements
from .test_score_sheets import EXPECTED, SHEET

OLD_DDL = [
    """CREATE TABLE games (
        id {serial} NOT NULL,
        created {timestamp} NOT NULL,
        updated {timestamp} NOT NULL,
        setup {json} NOT NULL,
        edition VARCHAR(16) NOT NULL,
        options {json} NOT NULL,
        players {json} NOT NULL,
        status VARCHAR(16) NOT NULL,
        event_count INTEGER NOT NULL,
        turn INTEGER NOT NULL,
        phase VARCHAR(16) NOT NULL,
        winners {json},
        result {json} NOT NULL,
        PRIMARY KEY (id),
        CONSTRAINT ck_games_status CHECK (status IN ('in_progress', 'finished')),
        CONSTRAINT ck_games_event_count CHECK (event_count >= 0))""",
    "CREATE INDEX ix_games_created ON games (created)",
    "CREATE INDEX ix_games_edition ON games (edition)",
    "CREATE INDEX ix_games_status ON games (status)",
    """CREATE TABLE events (
        id {serial} NOT NULL,
        game_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        type VARCHAR(32) NOT NULL,
        payload {json} NOT NULL,
        created {timestamp} NOT NULL,
        PRIMARY KEY (id),
        CONSTRAINT uq_events_game_seq UNIQUE (game_id, seq),
        CONSTRAINT ck_events_seq CHECK (seq >= 0),
        FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE)""",
    """CREATE TABLE game_players (
        game_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        name VARCHAR(40) NOT NULL,
        colour VARCHAR(16) NOT NULL,
        nation VARCHAR(16),
        vp INTEGER,
        place INTEGER,
        won BOOLEAN NOT NULL,
        PRIMARY KEY (game_id, seat),
        FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE)""",
    "CREATE INDEX ix_game_players_name ON game_players (name)",
    "CREATE INDEX ix_game_players_nation ON game_players (nation)",
]
# games as metadata.create_all made it once score sheets existed (the last schema before
# Alembic); events and game_players did not change.
KIND_DDL = OLD_DDL[0].replace(
    "updated {timestamp} NOT NULL,\n",
    "updated {timestamp} NOT NULL,\n        kind VARCHAR(16) DEFAULT 'tracked' NOT NULL,\n",
).replace(
    "CONSTRAINT ck_games_event_count",
    "CONSTRAINT ck_games_kind CHECK (kind IN ('tracked', 'score_sheet')),\n"
    "        CONSTRAINT ck_games_event_count")
CREATE_ALL_DDL = [KIND_DDL, *OLD_DDL[1:]]
TYPES = {
    "sqlite": {"serial": "INTEGER", "timestamp": "DATETIME", "json": "JSON"},
    "postgresql": {"serial": "SERIAL", "timestamp": "TIMESTAMP WITHOUT TIME ZONE",
                   "json": "JSONB"},
}


def old_database(url: str, backend: str, games: list, ddl: list[str] = OLD_DDL) -> list[int]:
    """Tables made by ``ddl`` (default: the first release's), holding ``games`` written as
    the old store wrote them."""
    pg = backend == "postgresql"

    def param(name: str, cast: str) -> str:
        return f"CAST(:{name} AS {cast})" if pg else f":{name}"

    engine = make_engine(url)  # for SQLite, creates the directory
    ids = []
    try:
        with engine.begin() as conn:
            for statement in ddl:
                conn.execute(text(statement.format(**TYPES[backend])))
            for game in games:
                s = summarize(game)
                setup = game.setup.model_dump(mode="json")
                when = "2023-11-05 20:00:00.000000" if not pg else datetime(2023, 11, 5, 20)
                gid = conn.execute(text(
                    "INSERT INTO games (created, updated, setup, edition, options, players, "
                    "status, event_count, turn, phase, winners, result) VALUES ("
                    f"{param('when', 'TIMESTAMP')}, {param('when', 'TIMESTAMP')}, "
                    f"{param('setup', 'JSONB')}, :edition, {param('options', 'JSONB')}, "
                    f"{param('players', 'JSONB')}, :status, :count, :turn, :phase, "
                    f"{param('winners', 'JSONB')}, {param('result', 'JSONB')}) RETURNING id"),
                    {"when": when, "setup": json.dumps(setup), "edition": game.setup.edition,
                     "options": json.dumps(setup["options"]),
                     "players": json.dumps(setup["players"]), "status": s.status,
                     "count": s.event_count, "turn": s.turn, "phase": s.phase,
                     "winners": json.dumps(s.winners), "result": json.dumps(s.result_json())},
                ).scalar_one()
                for seq, ev in enumerate(game.record()["events"]):
                    conn.execute(text(
                        "INSERT INTO events (game_id, seq, type, payload, created) VALUES "
                        f"(:gid, :seq, :type, {param('payload', 'JSONB')}, "
                        f"{param('when', 'TIMESTAMP')})"),
                        {"gid": gid, "seq": seq, "type": ev["type"], "payload": json.dumps(ev),
                         "when": when})
                for p in s.players:
                    conn.execute(text(
                        "INSERT INTO game_players (game_id, seat, name, colour, nation, vp, "
                        "place, won) VALUES (:gid, :seat, :name, :colour, :nation, :vp, "
                        ":place, :won)"),
                        {"gid": gid, "seat": p.seat, "name": p.name, "colour": p.colour,
                         "nation": p.nation, "vp": p.total if s.status == "finished" else None,
                         "place": p.place, "won": p.won})
                ids.append(gid)
    finally:
        engine.dispose()
    return ids


def columns(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return {c["name"] for c in inspect(engine).get_columns("games")}
    finally:
        engine.dispose()


def schema_differences(url: str) -> list:
    """What the database lacks or has beyond the models (Alembic's autogenerate diff)."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return compare_metadata(MigrationContext.configure(conn), Base.metadata)
    finally:
        engine.dispose()


def test_the_history_is_one_line_of_migrations() -> None:
    """Each migration names the one before it; a second head means two migrations were
    added side by side (renumber the later one onto the other)."""
    history = migrate.revisions()
    assert history[0] == "0001" and migrate.head() == history[-1]
    assert len(set(history)) == len(history)


def test_head_names_the_newest_migration_and_a_stale_head_is_caught(monkeypatch) -> None:
    """``migrate.HEAD`` lets an up-to-date database be recognised without loading Alembic;
    a migration added without updating it is refused the first time anything migrates."""
    assert migrate.history_head() == migrate.HEAD == migrate.revisions()[-1]
    monkeypatch.setattr(migrate, "HEAD", migrate.revisions()[-2])
    with pytest.raises(RuntimeError, match="must update HEAD"):
        migrate.history_head()
    engine = make_engine("sqlite://")
    try:
        with pytest.raises(RuntimeError, match="must update HEAD"):
            migrate.upgrade(engine)
        assert migrate.current(engine) is None  # nothing was made
    finally:
        engine.dispose()


def test_opening_an_up_to_date_database_does_not_load_alembic(tmp_path) -> None:
    """The server's memory (issue 11): Alembic, Mako and Pygments are loaded only to
    migrate. Checked in fresh interpreters: the first start migrates, the second does not."""
    url = f"sqlite:///{tmp_path / 'companion.db'}"
    probe = ("import sys; from companion.store import Store; s = Store(sys.argv[1]); "
             "s.close(); print('alembic' in sys.modules, 'mako' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", probe, url], capture_output=True, text=True,
                           check=True, timeout=120).stdout.split() for _ in range(2)]
    assert runs == [["True", "True"], ["False", "False"]]


def test_a_new_database_is_made_by_the_migrations(db_url: str) -> None:
    with Store(db_url) as store:
        assert migrate.current(store.engine) == migrate.head()
        assert migrate.upgrade(store.engine) == []  # up to date: nothing to do
        sg = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]})
        sg = store.append(sg.id, REVEAL, revision=sg.revision)
        assert (store.list_games()[0].kind, sg.revision) == ("tracked", 1)
    assert schema_differences(db_url) == []


def test_an_old_database_gets_the_kind_column(db_url: str, backend: str) -> None:
    done, half = finished("two", 1), partial_game(3)
    old_ids = old_database(db_url, backend, [done, half])
    assert "kind" not in columns(db_url)
    with Store(db_url) as store:
        assert {"kind", "revision"} <= columns(db_url)
        assert migrate.current(store.engine) == migrate.head()
        listing = {g.id: g for g in store.list_games()}
        assert {i: g.kind for i, g in listing.items()} == dict.fromkeys(old_ids, "tracked")
        assert listing[old_ids[0]].winners == summarize(done).winners
        assert store.load(old_ids[0]).game.record() == done.record()
        # the old games still take events, and the new kind of game can be saved next to them
        loaded = store.load(old_ids[1])
        assert loaded.revision == 0  # games stored before revisions start at 0
        after = store.append(old_ids[1], placements(3)[2], revision=loaded.revision)
        assert (after.seq, after.revision) == (4, 1)
        gid = store.save_score_sheet(SHEET)
        assert store.list_games()[0].kind == "score_sheet"
        stats = {p.name: p.games for p in store.player_stats()}
        assert stats == {"Ann": 2, "Bob": 2, "Cy": 1}
        assert {p.player: p.total for p in store.load_sheet(gid).scored.players} == {
            n: vp for n, (vp, _, _) in EXPECTED.items()}
        assert store.rebuild_summaries().failed == []
        # the database refuses a kind it does not know, as a new database would
        with pytest.raises(IntegrityError), store.engine.begin() as conn:
            conn.execute(text("UPDATE games SET kind = 'guess' WHERE id = :id"),
                         {"id": old_ids[0]})
    with Store(db_url) as again:  # a second start finds the database up to date
        assert migrate.upgrade(again.engine) == []
        assert again.count_games() == 3
        assert again.load(old_ids[1]).seq == 4
    assert schema_differences(db_url) == []


def test_a_database_made_by_create_all_is_taken_over(db_url: str, backend: str) -> None:
    """The schema just before Alembic: the baseline finds it complete and only stamps it;
    the next migrations then run as on any other database."""
    done, half = finished("two", 2), partial_game(5)
    ids = old_database(db_url, backend, [done, half], ddl=CREATE_ALL_DDL)
    assert "kind" in columns(db_url) and "revision" not in columns(db_url)
    engine = make_engine(db_url)
    try:
        assert migrate.current(engine) is None
        assert migrate.upgrade(engine) == migrate.revisions()
        assert migrate.current(engine) == migrate.head()
    finally:
        engine.dispose()
    with Store(db_url) as store:
        assert store.load(ids[0]).game.record() == done.record()
        assert store.load(ids[1]).game.state == half.state
        assert [g.kind for g in store.list_games()] == ["tracked", "tracked"]
    assert schema_differences(db_url) == []


def test_a_database_newer_than_the_app_is_refused_with_a_reason(db_url: str) -> None:
    with Store(db_url) as store:
        with store.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        with pytest.raises(RuntimeError, match="revision 9999, which this version of the app "
                                               "does not know"):
            Store(db_url)


def test_undoing_the_revision_migration_keeps_every_row(db_url: str) -> None:
    """Downgrades rebuild ``games`` on SQLite (batch mode): with foreign keys on, dropping
    the old table would delete every event and seat with it. The migration connection
    switches them off (and checks them before committing)."""
    with Store(db_url) as store:
        gid = store.import_record(partial_game(6).record()).id
        engine = store.engine
        with migrate.migration_transaction(engine) as conn:
            command.downgrade(migrate.config(conn), "0001")
        assert "revision" not in columns(db_url)
        with engine.connect() as conn:
            assert len(conn.execute(select(EventRow.seq).where(EventRow.game_id == gid))
                       .all()) == 6
        assert migrate.upgrade(engine) == migrate.revisions()[1:]
    with Store(db_url) as store:
        assert store.load(gid).seq == 6


def test_undoing_the_settings_migration_says_it_drops_the_hints(db_url: str, caplog) -> None:
    """0007's downgrade drops every game's settings: it names the games whose hints were
    on; their games stay as they were."""
    import logging

    with Store(db_url) as store:
        on, off = (store.import_record(partial_game(2).record()).id for _ in range(2))
        store.set_hints(on, True)
        store.set_hints(off, False)
        with caplog.at_level(logging.WARNING, "companion.store.migrations"), \
                migrate.migration_transaction(store.engine) as conn:
            command.downgrade(migrate.config(conn), "0006")
        warned = [r.getMessage() for r in caplog.records
                  if r.name == "companion.store.migrations"]
        assert len(warned) == 1 and f"#{on}" in warned[0] and f"#{off}" not in warned[0]
        assert "Hints" in warned[0]
        assert migrate.upgrade(store.engine) == ["0007"]
    with Store(db_url) as store:
        assert store.load(on).seq == 2 and not store.game_settings(on).hints_on


def test_processes_starting_at_once_migrate_once(db_url: str, backend: str) -> None:
    """Every start looks at the database's revision, and again under the migration lock:
    the ones that lose the race find it up to date and change nothing."""
    old_database(db_url, backend, [partial_game(2)])
    start = threading.Barrier(4)
    applied: list[list[str]] = []
    errors: list[BaseException] = []

    def upgrade() -> None:
        engine = make_engine(db_url)
        try:
            start.wait()
            applied.append(migrate.upgrade(engine))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            engine.dispose()

    threads = [threading.Thread(target=upgrade) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(applied) == [[], [], [], migrate.revisions()]
    assert {"kind", "revision"} <= columns(db_url)
    with Store(db_url) as store:
        assert store.load(1).seq == 2
