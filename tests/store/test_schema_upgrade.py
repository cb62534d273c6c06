"""A database created before ``games.kind`` existed: the store adds the column on start-up.

The old tables are built here with the DDL of the first release (raw SQL, not from the current
models), with one tracked game inserted by hand the way the old store wrote it.
"""

from __future__ import annotations

import json
import threading
from datetime import datetime

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import IntegrityError

from companion.store import Store, make_engine, summarize
from companion.store.store import add_kind_column

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
TYPES = {
    "sqlite": {"serial": "INTEGER", "timestamp": "DATETIME", "json": "JSON"},
    "postgresql": {"serial": "SERIAL", "timestamp": "TIMESTAMP WITHOUT TIME ZONE",
                   "json": "JSONB"},
}


def old_database(url: str, backend: str, games: list) -> list[int]:
    """The first release's tables, holding ``games`` written as its store wrote them."""
    pg = backend == "postgresql"

    def param(name: str, cast: str) -> str:
        return f"CAST(:{name} AS {cast})" if pg else f":{name}"

    engine = make_engine(url)  # for SQLite, creates the directory
    ids = []
    try:
        with engine.begin() as conn:
            for ddl in OLD_DDL:
                conn.execute(text(ddl.format(**TYPES[backend])))
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


def test_an_old_database_gets_the_kind_column(db_url: str, backend: str) -> None:
    done, half = finished("two", 1), partial_game(3)
    old_ids = old_database(db_url, backend, [done, half])
    assert "kind" not in columns(db_url)
    with Store(db_url) as store:
        assert "kind" in columns(db_url)
        listing = {g.id: g for g in store.list_games()}
        assert {i: g.kind for i, g in listing.items()} == dict.fromkeys(old_ids, "tracked")
        assert listing[old_ids[0]].winners == summarize(done).winners
        assert store.load(old_ids[0]).game.record() == done.record()
        # the old games still take events, and the new kind of game can be saved next to them
        after = store.append(old_ids[1], placements(3)[2], expected_seq=3)
        assert after.seq == 4
        gid = store.save_score_sheet(SHEET)
        assert store.list_games()[0].kind == "score_sheet"
        stats = {p.name: p.games for p in store.player_stats()}
        assert stats == {"Ann": 2, "Bob": 2, "Cy": 1}
        assert {r.score.player: r.score.total for r in store.load_score_sheet(gid).results} == {
            n: vp for n, (vp, _, _) in EXPECTED.items()}
        assert store.rebuild_summaries().failed == []
        # the database refuses a kind it does not know, as a new database would
        with pytest.raises(IntegrityError), store.engine.begin() as conn:
            conn.execute(text("UPDATE games SET kind = 'guess' WHERE id = :id"),
                         {"id": old_ids[0]})
    with Store(db_url) as again:  # a second start finds the column and leaves it alone
        assert add_kind_column(again.engine) is False
        assert again.count_games() == 3
        assert again.load(old_ids[1]).seq == 4


def test_a_new_database_needs_no_upgrade(db_url: str) -> None:
    with Store(db_url) as store:
        assert add_kind_column(store.engine) is False
        sg = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]})
        store.append(sg.id, REVEAL, 0)
        assert store.list_games()[0].kind == "tracked"


def test_processes_starting_at_once_add_the_column_once(db_url: str, backend: str) -> None:
    """Every one looks before it alters, and again under the write lock: the ones that lose
    the race find the column there and leave it alone."""
    old_database(db_url, backend, [partial_game(2)])
    start = threading.Barrier(4)
    added: list[bool] = []
    errors: list[BaseException] = []

    def upgrade() -> None:
        engine = make_engine(db_url)
        try:
            start.wait()
            added.append(add_kind_column(engine))
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
    assert sorted(added) == [False, False, False, True]
    assert "kind" in columns(db_url)
