"""Results (migration 0005): plays imported from another app are a third kind of game, kept
with players, totals, winners and date, counted for plays and wins but never for category
figures; an import key makes the same play count once; a 0004 database upgrades keeping
every game."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from companion.games.results import InvalidResult, Result
from companion.store import Store, migrate
from companion.store.schema import GamePlayerRow

from .games import finished
from .test_schema_upgrade import schema_differences
from .test_score_sheets import SHEET

PLAY = {"game": "endeavor", "played": "2024-05-01T20:00:00+00:00", "key": "bgstats:A1",
        "source": "BG Stats",
        "players": [{"name": "Ann", "score": 41, "won": True, "start": True},
                    {"name": "Bob", "score": 44}, {"name": "Cy", "score": 38}]}


def test_a_result_is_kept_with_totals_and_winners_but_no_breakdown(store: Store) -> None:
    gid = store.save_result(Result.parse(PLAY))
    listing = store.list_games()[0]
    assert (listing.id, listing.kind, listing.family, listing.status) == (
        gid, "result", "endeavor", "finished")
    # the winner is as the other app recorded it, even below another total
    assert listing.winners == ["Ann"] and listing.totals == {"Ann": 41, "Bob": 44, "Cy": 38}
    with store.engine.connect() as conn:
        seats = conn.execute(select(GamePlayerRow.name, GamePlayerRow.place,
                                    GamePlayerRow.breakdown)
                             .where(GamePlayerRow.game_id == gid)
                             .order_by(GamePlayerRow.seat)).all()
    assert seats == [("Ann", 1, None), ("Bob", 2, None), ("Cy", 3, None)]
    assert store.load_result(gid) == Result.parse(PLAY)
    assert store.export_record(gid)["format"] == "age-of-discovery-companion/result"


def test_results_count_for_plays_and_wins(store: Store) -> None:
    store.save_result(Result.parse(PLAY))
    store.save_result(Result.parse({**PLAY, "key": "bgstats:A2", "players": [
        {"name": "ann", "score": 50, "won": True}, {"name": "Bob", "score": 20}]}))
    stats = {s.name: (s.games, s.wins, s.best_vp) for s in store.player_stats()}
    assert stats == {"Ann": (2, 2, 50), "Bob": (2, 0, 44), "Cy": (1, 0, 38)}
    families = store.family_stats()
    assert [(f.family, f.games, f.finished, f.results) for f in families] == [
        ("endeavor", 2, 2, 2)]
    csv = store.export_history_csv().splitlines()
    assert csv[1].endswith(",result,endeavor,")  # no breakdown


def test_the_same_play_is_kept_once(store: Store) -> None:
    first = Result.parse(PLAY)
    added, already = store.import_results([first, first])
    assert len(added) == 1 and already == []
    assert store.import_results([first]) == ([], added)
    assert store.count_games() == 1
    with pytest.raises(IntegrityError), store.engine.begin() as conn:  # the database too
        conn.execute(text("UPDATE games SET import_key = 'bgstats:A1' WHERE id != :id"),
                     {"id": added[0]})
        conn.execute(text("INSERT INTO games (created, updated, kind, family, setup, "
                          "edition, options, players, status, event_count, turn, phase, "
                          "result, import_key) SELECT created, updated, kind, family, "
                          "setup, edition, options, players, status, event_count, turn, "
                          "phase, result, import_key FROM games"))


def test_a_result_that_cannot_be_kept_is_a_sentence() -> None:
    with pytest.raises(InvalidResult, match="Bob's score is a whole number"):
        Result.parse({**PLAY, "players": [{"name": "Bob", "score": "12"}]})
    with pytest.raises(InvalidResult, match="unknown game 'catan'"):
        Result.parse({**PLAY, "game": "catan"})
    with pytest.raises(InvalidResult, match="names its edition"):
        Result.parse({**PLAY, "game": "age-of-discovery"})


def test_a_0004_database_upgrades_keeping_its_games(db_url: str) -> None:
    done = finished("two", 2)
    with Store(db_url) as store:
        gid = store.import_record(done.record()).id
        sid = store.save_score_sheet(SHEET)
        with migrate.migration_transaction(store.engine) as conn:
            command.downgrade(migrate.config(conn), "0004")
        assert migrate.current(store.engine) == "0004"
        assert migrate.upgrade(store.engine) == ["0005", "0006", "0007"]
    with Store(db_url) as store:
        assert store.load(gid).game.state == done.state
        assert store.load_sheet(sid).sheet == store.load_sheet(sid).sheet
        assert {g.kind for g in store.list_games()} == {"tracked", "score_sheet"}
        rid = store.save_result(Result.parse(PLAY))
        with pytest.raises(IntegrityError), store.engine.begin() as conn:
            conn.execute(text("UPDATE games SET kind = 'guess' WHERE id = :id"), {"id": gid})
        # going back would lose the result: refused until it is deleted
        with pytest.raises(RuntimeError, match="1 imported result"), \
                migrate.migration_transaction(store.engine) as conn:
            command.downgrade(migrate.config(conn), "0004")
        store.delete_game(rid)
        with migrate.migration_transaction(store.engine) as conn:
            command.downgrade(migrate.config(conn), "0004")
        assert migrate.upgrade(store.engine) == ["0005", "0006", "0007"]
        assert store.count_games() == 2
    assert schema_differences(db_url) == []
