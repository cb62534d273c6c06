"""Values the engine used to accept but a database cannot hold, and the database's own errors:
a record that imports on SQLite imports on PostgreSQL too, and a refusal is the project's
error with a sentence, never a driver's exception."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from companion.engine import EngineError, MalformedEvent
from companion.record_files import RecordError
from companion.store import Store, UnstorableValue
from companion.store.errors import database_errors

from .games import REVEAL, TWO_PLAYERS, partial_game

SHEET_RECORD = {
    "format": "age-of-discovery-companion/score-sheet", "version": 1,
    "players": [{"name": "Ann", "colony": [6, 8, 10]}, {"name": "Bob", "colony": [1, 2, 3]}],
}


def row_counts(store: Store) -> int:
    return store.count_games()


def game_record(**player_changes) -> dict:
    record = partial_game(3).record()
    record["setup"]["players"][0].update(player_changes)
    return record


@pytest.mark.parametrize("change", [
    {"name": "Ann\x00"}, {"name": "Ann\ud800"}, {"name": "   "}, {"colour": "red\x00"},
])
def test_a_name_no_database_can_store_is_refused_on_every_back_end(store: Store, change):
    with pytest.raises(MalformedEvent, match=r"players\.0\.(name|colour)"):
        store.import_record(game_record(**change))
    assert row_counts(store) == 0


@pytest.mark.parametrize("amount", [{"vp": 2**31}, {"vp": 2**63}, {"money": -(2**63)}])
def test_a_correction_beyond_a_column_is_refused_on_every_back_end(store: Store, amount):
    record = partial_game(3).record()
    record["events"].append({"type": "correction", "player": "Ann", "reason": "x", **amount})
    with pytest.raises(MalformedEvent, match=r"event 3: .*correction\.(vp|money)"):
        store.import_record(record)
    assert row_counts(store) == 0


def test_a_reason_with_a_nul_is_refused_before_the_database(store: Store):
    sg = store.create_game(TWO_PLAYERS)
    sg = store.append(sg.id, REVEAL, 0)
    with pytest.raises(MalformedEvent, match="correction.reason"):
        store.append(sg.id, {"type": "correction", "player": "Ann", "reason": "a\x00b"}, 1)
    assert store.load(sg.id).seq == 1


@pytest.mark.parametrize("created", ["0001-01-01T00:00:00+01:00",
                                     "9999-12-31T23:59:59-05:00"])
def test_a_sheet_dated_at_the_edge_of_the_calendar_is_refused(store: Store, created):
    with pytest.raises(MalformedEvent, match="'created' is outside the calendar"):
        store.import_record({**SHEET_RECORD, "created": created})
    assert row_counts(store) == 0


@pytest.mark.parametrize("version", [True, 1.0])
def test_a_sheet_record_version_is_a_whole_number(store: Store, version):
    with pytest.raises(MalformedEvent, match="version"):
        store.import_record({**SHEET_RECORD, "version": version})
    assert row_counts(store) == 0


def test_names_that_differ_only_by_case_or_width_are_one_player_on_a_sheet(store: Store):
    players = [{"name": "Ann"}, {"name": "\uff41nn"}]
    with pytest.raises(MalformedEvent, match="two players have the same name"):
        store.import_record({**SHEET_RECORD, "players": players})
    composed = store.import_record({**SHEET_RECORD, "players": [
        {"name": "Jose\u0301 "}, {"name": "Bob"}]})
    assert composed.sheet.names[0] == "Jos\u00e9"


def test_a_sheet_note_keeps_newlines_but_no_nul(store: Store):
    kept = store.import_record({**SHEET_RECORD, "note": "Friday\r\nat Cleo's\t(2)"})
    assert kept.sheet.note == "Friday\nat Cleo's\t(2)"
    with pytest.raises(MalformedEvent, match="the note"):
        store.import_record({**SHEET_RECORD, "note": "a\x00b"})


def test_a_record_nested_too_deeply_is_refused_by_the_store_import(store: Store):
    deep: list = []
    for _ in range(50):
        deep = [deep]
    record = partial_game(3).record()
    record["events"].append({"type": "buy", "building": None, "choice": {"goods": deep}})
    with pytest.raises(RecordError, match="nested more than"):
        store.import_record(record)
    with pytest.raises(RecordError, match="record 0: .*nested more than"):
        store.import_records([(record, None)])
    assert row_counts(store) == 0


# ---------------------------------------------------------------- the database's own errors


def test_a_number_the_database_cannot_hold_becomes_an_unstorable_value(store: Store, backend):
    with pytest.raises(UnstorableValue) as caught, database_errors(store.url), \
            store.engine.connect() as conn:
        if backend == "sqlite":
            conn.execute(text("SELECT :n"), {"n": 2**64})
        else:
            conn.execute(text("SELECT CAST(:n AS INTEGER)"), {"n": 2**40})
    assert "nothing was saved" in str(caught.value)
    assert isinstance(caught.value, EngineError)


def test_a_nul_the_database_cannot_hold_becomes_an_unstorable_value(store: Store, backend):
    if backend == "sqlite":
        pytest.skip("SQLite stores a NUL in text")
    with pytest.raises(UnstorableValue), database_errors(store.url), \
            store.engine.connect() as conn:
        conn.execute(text("SELECT CAST(:s AS TEXT)"), {"s": "a\x00b"})


def test_a_game_that_replays_is_stored_the_same_on_every_back_end(store: Store):
    game = partial_game(5)
    stored = store.import_record(game.record())
    assert store.export_record(stored.id) == game.record()


def test_names_differing_by_case_or_width_are_one_player_in_the_statistics(store: Store):
    for names, vp in ((["Ann", "Bob"], (30, 20)), (["ANN", "Bob"], (10, 40)),
                      (["\uff21nn", "Cy"], (50, 5))):
        store.import_record({**SHEET_RECORD, "players": [
            {"name": n, "colony": [v, 0, 0]} for n, v in zip(names, vp, strict=True)]})
    stats = {s.name: (s.games, s.wins, s.average_vp, s.best_vp) for s in store.player_stats()}
    assert stats["Ann"] == (3, 2, 30.0, 50)
    assert stats["Bob"] == (2, 1, 30.0, 40)
    assert set(stats) == {"Ann", "Bob", "Cy"}
