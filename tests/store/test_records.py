"""Import and export of game records: all or nothing, refused with the engine's message."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select

from companion.engine import Game, IllegalAction, MalformedEvent
from companion.store import Store
from companion.store.schema import EventRow, GamePlayerRow, GameRow

from .games import REVEAL, TWO_PLAYERS, finished, partial_game

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "four-player-builders.json"


def row_counts(store: Store) -> tuple[int, int, int]:
    with store.engine.connect() as conn:
        return tuple(conn.scalar(select(func.count()).select_from(t))
                     for t in (GameRow, EventRow, GamePlayerRow))


def test_export_is_the_engine_record_and_survives_json(store: Store) -> None:
    game = finished("nations3", 3)
    sg = store.import_record(json.loads(json.dumps(game.record())))
    exported = store.export_record(sg.id)
    assert exported == game.record()
    again = store.import_record(json.loads(json.dumps(exported)))
    assert store.export_record(again.id) == exported
    assert again.id != sg.id
    assert store.load(again.id).game.state == game.state


def test_the_shipped_example_record(store: Store) -> None:
    record = json.loads(EXAMPLE.read_text())
    sg = store.import_record(record)
    game = Game.from_record(record)
    assert store.export_record(sg.id) == game.record()
    assert store.load(sg.id).game.state == game.state
    assert store.list_games()[0].players == ["Ann", "Bob", "Cleo", "Dev"]


@pytest.mark.parametrize("setup", [
    {"edition": "aoe3", "players": [{"name": "Ann", "colour": "red", "money": 12},
                                    {"name": "Bob", "colour": "blue"}, {"name": "Cy"}],
     "bidding": {"winner_bid": 4, "second_bid": 3, "caribbean_token": "t03"}},
    {"edition": "empires", "options": {"advanced_scouting": True, "scouting": True},
     "region_goods": {"peru": "gold"},
     "tokens": {"peru": "t01", "brazil": "t07"},
     "players": [{"name": "Ann"}, {"name": "Bob"}]},
])
def test_every_setup_field_survives(store: Store, db_url: str, setup: dict) -> None:
    game = Game.new(setup)
    sg = store.create_game(setup)
    with Store(db_url) as fresh:
        loaded = fresh.load(sg.id)
    assert loaded.game.setup == game.setup
    assert loaded.game.state == game.state
    assert store.export_record(sg.id)["setup"] == game.record()["setup"]


def test_import_keeps_the_given_date(store: Store) -> None:
    when = datetime(2023, 5, 17, 20, 30, tzinfo=UTC)
    sg = store.import_record(partial_game(3).record(), created=when)
    assert sg.created == when
    assert store.load(sg.id).created == when
    assert [g.created for g in store.list_games()] == [when]


def test_illegal_record_is_refused_with_the_engine_message(store: Store) -> None:
    record = partial_game(5).record()
    bad = {**record, "events": [*record["events"][:3],
                                {"type": "place", "player": "Bob", "worker": "colonist",
                                 "track": "dock"},  # Ann's turn
                                *record["events"][4:]]}
    with pytest.raises(IllegalAction, match=r"event 3: it is Ann's turn"):
        store.import_record(bad)
    assert row_counts(store) == (0, 0, 0)


@pytest.mark.parametrize("record, message", [
    ({"format": "something/else", "setup": TWO_PLAYERS, "events": []}, "not a game record"),
    ({"setup": TWO_PLAYERS, "events": [REVEAL, {"type": "place"}]}, "event 1"),
    ({"setup": {"players": [{"name": "Solo"}]}, "events": []}, "set-up"),
    ({"events": []}, "needs 'setup'"),
    (["not", "a", "record"], "JSON object"),
])
def test_malformed_record_is_refused(store: Store, record: object, message: str) -> None:
    with pytest.raises(MalformedEvent, match=message):
        store.import_record(record)  # type: ignore[arg-type]
    assert row_counts(store) == (0, 0, 0)


def test_bulk_import_is_all_or_nothing(store: Store) -> None:
    good = partial_game(4).record()
    broken = {**good, "events": [*good["events"],
                                 {"type": "dock", "player": "Ann", "region": "peru"}]}
    with pytest.raises(IllegalAction, match="record 2: event 4"):
        store.import_records([(good, None), (good, None), (broken, None)])
    assert row_counts(store) == (0, 0, 0)
    assert store.import_records([(good, None), (finished("two", 1).record(), None)]) == 2
    assert row_counts(store) == (2, 4 + len(finished("two", 1).events), 4)
