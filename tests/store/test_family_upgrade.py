"""Migration 0003 (game families) on databases made before it: every game stays, is an Age of
Discovery game, opens and scores as before, and its finished seats get their breakdown."""

from __future__ import annotations

import json
from datetime import datetime

from alembic import command
from sqlalchemy import select, text

from companion.store import Store, make_engine, migrate, summarize, summarize_sheet
from companion.store.schema import GamePlayerRow

from .games import NATIONS_THREE, finished, finished_game, partial_game
from .test_schema_upgrade import CREATE_ALL_DDL, old_database, schema_differences
from .test_score_sheets import EXPECTED, SHEET

AOD_KEYS = ("colony", "discoveries", "buildings", "economy", "bought")
# Stored before record versions were kept, a game reads as version 2, where national
# advantages without money start with the $15 the older engine gave: this game gives the
# money directly, so that it reads alike in every version.
NATIONS_GIVEN = {**NATIONS_THREE,
                 "players": [{**p, "money": 15} for p in NATIONS_THREE["players"]]}


def old_result(summary) -> dict:
    """``games.result`` as the store wrote it before families (no ``breakdown`` key)."""
    return {"provisional": False, "standings": [
        {"player": p.name, "place": p.place, "total": p.total,
         **{k: p.breakdown[k] for k in AOD_KEYS}, "money": p.details["money"]}
        for p in sorted(summary.players, key=lambda p: (-p.total, p.seat))]}


def add_old_sheet(url: str, backend: str) -> int:
    """SHEET saved the way the store saved score sheets before families."""
    pg = backend == "postgresql"
    cast = (lambda n, t: f"CAST(:{n} AS {t})") if pg else (lambda n, t: f":{n}")
    s = summarize_sheet(SHEET)
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            gid = conn.execute(text(
                "INSERT INTO games (created, updated, kind, setup, edition, options, players, "
                "status, event_count, turn, phase, winners, result) VALUES ("
                f"{cast('when', 'TIMESTAMP')}, {cast('when', 'TIMESTAMP')}, 'score_sheet', "
                f"{cast('setup', 'JSONB')}, 'empires', {cast('options', 'JSONB')}, "
                f"{cast('players', 'JSONB')}, 'finished', 0, 8, 'over', "
                f"{cast('winners', 'JSONB')}, {cast('result', 'JSONB')}) RETURNING id"),
                {"when": datetime(2024, 6, 7) if pg else "2024-06-07 00:00:00.000000",
                 "setup": json.dumps(SHEET.to_json()), "options": json.dumps({"builders": False}),
                 "players": json.dumps([{"name": p["name"], "colour": p["colour"],
                                         "nation": p["nation"]} for p in SHEET.players]),
                 "winners": json.dumps(s.winners), "result": json.dumps(old_result(s))},
            ).scalar_one()
            for p in s.players:
                conn.execute(text(
                    "INSERT INTO game_players (game_id, seat, name, colour, nation, vp, place, "
                    "won) VALUES (:g, :seat, :name, :colour, :nation, :vp, :place, :won)"),
                    {"g": gid, "seat": p.seat, "name": p.name, "colour": p.colour,
                     "nation": p.nation, "vp": p.total, "place": p.place, "won": p.won})
    finally:
        engine.dispose()
    return gid


def seat_breakdowns(store: Store, game_id: int) -> dict:
    with store.engine.connect() as conn:
        return dict(conn.execute(select(GamePlayerRow.name, GamePlayerRow.breakdown)
                                 .where(GamePlayerRow.game_id == game_id)).all())


def test_games_stored_before_families_upgrade_in_place(db_url: str, backend: str) -> None:
    done, half = finished_game(NATIONS_GIVEN, 4), partial_game(3)
    done_id, half_id = old_database(db_url, backend, [done, half], ddl=CREATE_ALL_DDL)
    sheet_id = add_old_sheet(db_url, backend)
    with Store(db_url) as store:
        assert migrate.current(store.engine) == migrate.head()
        assert {g.id: g.family for g in store.list_games()} == dict.fromkeys(
            (done_id, half_id, sheet_id), "age-of-discovery")
        # breakdowns of finished seats come from the results already stored
        expected = {p.name: p.breakdown for p in summarize(done).players}
        assert seat_breakdowns(store, done_id) == expected
        assert seat_breakdowns(store, half_id) == {"Ann": None, "Bob": None}
        assert seat_breakdowns(store, sheet_id)["Ann"] == {
            "colony": 24, "discoveries": 4, "buildings": 8, "economy": 6, "bought": 0}
        # everything opens and scores as before
        loaded, expected = store.load(done_id).game.record(), done.record()
        kept = loaded["setup"].pop("readings")
        fresh = expected["setup"].pop("readings")
        assert loaded == expected
        # read as version 2: a game that bought Indentured Servitude or Colonization Laws keeps
        # the older order of its free colonist (record version 5)
        assert {k: v for k, v in kept.items() if v != fresh[k]} in (
            {}, {"free_colonist_after_new": True})
        assert store.load(half_id).game.state == half.state
        saved = store.load_sheet(sheet_id)
        assert saved.sheet == SHEET
        assert {p.player: (p.total, p.place, p.won) for p in saved.scored.players} == EXPECTED
        assert store.load_sheet(sheet_id).scored.winners == ("Ann",)
        assert store.export_record(sheet_id)["game"] == "age-of-discovery"
        assert {s.family: s.games for s in store.family_stats()} == {"age-of-discovery": 3}
        before = seat_breakdowns(store, done_id)
        assert store.rebuild_summaries().failed == []
        assert seat_breakdowns(store, done_id) == before  # the migration got them right
    assert schema_differences(db_url) == []


def test_the_family_migration_goes_down_and_up_again_keeping_every_row(db_url: str) -> None:
    with Store(db_url) as store:
        gid = store.import_record(finished("two", 3).record()).id
        sheet = store.save_score_sheet(SHEET)
        with migrate.migration_transaction(store.engine) as conn:
            command.downgrade(migrate.config(conn), "0002")
        assert migrate.upgrade(store.engine) == migrate.revisions()[2:]  # 0003 and later
    with Store(db_url) as store:
        assert store.load(gid).game.state.phase == "over"
        assert store.load_sheet(sheet).sheet == SHEET
        assert None not in seat_breakdowns(store, gid).values()
