"""Creating, loading, appending and undoing: the log in the database is the game."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from companion.engine import Conflict, Game, IllegalAction, MalformedEvent, standings
from companion.store import GameNotFound, Store, summarize
from companion.store.schema import EventRow, GamePlayerRow, GameRow

from .games import REVEAL, TWO_PLAYERS, finished, partial_game, placements


def event_rows(store: Store, game_id: int) -> list[tuple[int, str, dict]]:
    with store.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(
            select(EventRow.seq, EventRow.type, EventRow.payload)
            .where(EventRow.game_id == game_id).order_by(EventRow.seq))]


def seat_rows(store: Store, game_id: int) -> list[tuple]:
    with store.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(
            select(GamePlayerRow.seat, GamePlayerRow.name, GamePlayerRow.vp,
                   GamePlayerRow.place, GamePlayerRow.won)
            .where(GamePlayerRow.game_id == game_id).order_by(GamePlayerRow.seat))]


def game_row(store: Store, game_id: int) -> GameRow:
    with store.db.session() as session:
        return session.get(GameRow, game_id)


def test_create_and_load_round_trip(store: Store, db_url: str) -> None:
    setup = {"edition": "empires", "options": {"nations": True, "buy_vp": True},
             "region_goods": {"peru": "gold"},
             "players": [{"name": "Ann", "colour": "red", "nation": "holland", "money": 14},
                         {"name": "Bob", "colour": "blue", "nation": "italy"}]}
    created = store.create_game(setup)
    assert created.seq == 0 and created.status == "in_progress"
    with Store(db_url) as fresh:  # a new engine: nothing comes from a cache
        loaded = fresh.load(created.id)
    assert loaded.game.setup == Game.new(setup).setup
    assert loaded.seq == 0 and loaded.game.state.phase == "setup"
    assert seat_rows(store, created.id) == [(1, "Ann", None, None, False),
                                            (2, "Bob", None, None, False)]


def test_bad_setup_is_refused_and_nothing_stored(store: Store) -> None:
    with pytest.raises(MalformedEvent, match="same name"):
        store.create_game({"players": [{"name": "Ann"}, {"name": "Ann"}]})
    assert store.count_games() == 0


def test_appended_events_replay_to_the_engine_state(store: Store, db_url: str) -> None:
    sg = store.create_game(TWO_PLAYERS)
    expected = Game.new(TWO_PLAYERS)
    for i, ev in enumerate([REVEAL, *placements(6)]):
        sg = store.append(sg.id, ev, expected_seq=i)
        expected = expected.apply(ev)
        assert sg.seq == i + 1
    with Store(db_url) as fresh:
        loaded = fresh.load(sg.id)
    assert loaded.game.record() == expected.record()
    assert loaded.game.state == expected.state
    rows = event_rows(store, sg.id)
    assert [seq for seq, _, _ in rows] == list(range(7))
    assert [t for _, t, _ in rows] == ["reveal"] + ["place"] * 6
    row = game_row(store, sg.id)
    assert (row.event_count, row.phase, row.turn, row.status) == (7, "placement", 1, "in_progress")


def test_append_moves_updated_but_not_created(store: Store) -> None:
    sg = store.create_game(TWO_PLAYERS)
    after = store.append(sg.id, REVEAL, 0)
    assert after.created == sg.created
    assert after.updated >= sg.updated
    assert store.load(sg.id).updated == after.updated


@pytest.mark.parametrize("bad, error", [
    ({"type": "place", "player": "Bob", "worker": "colonist", "track": "dock"}, IllegalAction),
    ({"type": "place", "player": "Ann", "worker": "colonist", "track": "moon"}, MalformedEvent),
    ({"type": "teleport"}, MalformedEvent),
])
def test_refused_event_stores_nothing(store: Store, bad: dict, error: type) -> None:
    sg = store.create_game(TWO_PLAYERS)
    sg = store.append(sg.id, REVEAL, 0)
    before_rows, before_row = event_rows(store, sg.id), game_row(store, sg.id)
    with pytest.raises(error):
        store.append(sg.id, bad, expected_seq=1)
    assert event_rows(store, sg.id) == before_rows
    after_row = game_row(store, sg.id)
    assert (after_row.event_count, after_row.updated) == (1, before_row.updated)
    # and the game goes on from where it was
    assert store.append(sg.id, placements(1)[0], 1).seq == 2


def test_stale_writer_gets_conflict_naming_both_counts(store: Store) -> None:
    sg = store.create_game(TWO_PLAYERS)
    store.append(sg.id, REVEAL, 0)
    store.append(sg.id, placements(1)[0], 1)
    with pytest.raises(Conflict, match=r"someone else recorded an event first \(game is at "
                                       r"event 2, you had 1\); reload"):
        store.append(sg.id, placements(2)[1], expected_seq=1)
    with pytest.raises(Conflict, match="game is at event 2, you had 5"):
        store.append(sg.id, placements(2)[1], expected_seq=5)
    assert len(event_rows(store, sg.id)) == 2


def test_missing_game(store: Store) -> None:
    with pytest.raises(GameNotFound):
        store.load(12345)
    with pytest.raises(GameNotFound):
        store.append(12345, REVEAL, 0)
    with pytest.raises(GameNotFound):
        store.undo(12345, 0)


def test_undo_deletes_the_last_events(store: Store) -> None:
    game = partial_game(6)
    sg = store.import_record(game.record())
    after = store.undo(sg.id, expected_seq=6, n=2)
    assert after.seq == 4
    assert after.game.record() == game.undo(2).record()
    assert store.load(sg.id).game.record() == game.undo(2).record()
    assert [seq for seq, _, _ in event_rows(store, sg.id)] == [0, 1, 2, 3]
    assert game_row(store, sg.id).event_count == 4
    # the freed positions can be recorded again (the log has no holes, no tombstones)
    redo = store.append(sg.id, game.events[4], expected_seq=4)
    assert redo.game.record() == game.undo(1).record()


def test_undo_is_guarded_like_append(store: Store) -> None:
    sg = store.import_record(partial_game(4).record())
    with pytest.raises(Conflict, match="game is at event 4, you had 3"):
        store.undo(sg.id, expected_seq=3)
    with pytest.raises(IllegalAction, match="cannot undo 5"):
        store.undo(sg.id, expected_seq=4, n=5)
    with pytest.raises(ValueError, match="positive"):
        store.undo(sg.id, expected_seq=4, n=0)
    assert len(event_rows(store, sg.id)) == 4
    assert store.undo(sg.id, expected_seq=4, n=4).seq == 0
    assert event_rows(store, sg.id) == []


def test_status_follows_the_last_event(store: Store) -> None:
    game = finished("two", 1)
    sg = store.import_record({**game.record(), "events": game.record()["events"][:-1]})
    assert sg.status == "in_progress"
    assert [r[2:] for r in seat_rows(store, sg.id)] == [(None, None, False)] * 2
    done = store.append(sg.id, game.events[-1], expected_seq=sg.seq)
    assert done.status == "finished"
    row = game_row(store, sg.id)
    places = {s.player: (place, s.total) for place, s in standings(game.state)}
    assert row.status == "finished" and row.phase == "over"
    assert row.winners == [n for n, (place, _) in places.items() if place == 1]
    assert seat_rows(store, sg.id) == [
        (seat, name, places[name][1], places[name][0], places[name][0] == 1)
        for seat, name in ((1, "Ann"), (2, "Bob"))
    ]
    # undoing the last event reopens the game and withdraws the result
    store.undo(sg.id, expected_seq=done.seq)
    row = game_row(store, sg.id)
    assert (row.status, row.winners) == ("in_progress", None)
    assert [r[2:] for r in seat_rows(store, sg.id)] == [(None, None, False)] * 2


def test_a_whole_game_through_append(store: Store) -> None:
    game = finished("two", 2)
    sg = store.create_game(game.setup)
    for i, ev in enumerate(game.events):
        sg = store.append(sg.id, ev, expected_seq=i)
    assert sg.status == "finished"
    assert store.load(sg.id).game.state == game.state
    row = game_row(store, sg.id)
    assert row.result == summarize(game).result_json()
    with store.engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(EventRow)) == len(game.events)


# ---------------------------------------------------------------- revisions


def test_every_append_and_undo_raises_the_revision(store: Store, db_url: str) -> None:
    sg = store.create_game(TWO_PLAYERS)
    seen = [sg.revision]
    sg = store.append(sg.id, REVEAL, revision=sg.revision)
    seen.append(sg.revision)
    sg = store.answer(sg.id, [placements(1)[0]], revision=sg.revision)
    seen.append(sg.revision)
    sg = store.undo(sg.id, revision=sg.revision)
    seen.append(sg.revision)
    sg = store.append(sg.id, placements(1)[0], revision=sg.revision)
    seen.append(sg.revision)
    assert seen == [0, 1, 2, 3, 4]
    with Store(db_url) as fresh:  # the revision is in the database, not only in memory
        assert fresh.load(sg.id).revision == 4
    assert game_row(store, sg.id).revision == 4


def test_undo_then_a_new_entry_refuses_the_writer_holding_the_old_revision(
        store: Store, other_store: Store) -> None:
    """Two phones on one game: the first undoes a step and enters another. The game has as
    many events as before, so the second phone's event count still matches, but the game is
    not the one it saw: its write is refused, and nothing is stored."""
    sg = store.import_record(partial_game(4).record())
    phone = other_store.load(sg.id)  # the second phone sees 4 events
    undone = store.undo(sg.id, revision=sg.revision)
    redone = store.append(sg.id, {**placements(3)[2], "track": "dock"},  # Ann, elsewhere
                          revision=undone.revision)
    assert redone.seq == phone.seq and redone.revision != phone.revision
    rows = event_rows(store, sg.id)
    with pytest.raises(Conflict, match=r"game is at event 4, revision \d+; you saw revision "
                                       r"\d+\); reload"):
        other_store.append(sg.id, placements(4)[3], revision=phone.revision)  # Bob's
    with pytest.raises(Conflict, match="undid and re-entered steps first"):
        other_store.append(sg.id, placements(4)[3], expected_seq=phone.seq,
                           revision=phone.revision)
    with pytest.raises(Conflict):
        other_store.undo(sg.id, revision=phone.revision)
    assert event_rows(store, sg.id) == rows
    assert other_store.load(sg.id).game.record() == redone.game.record()


def test_a_writer_must_say_what_it_saw(store: Store) -> None:
    sg = store.create_game(TWO_PLAYERS)
    with pytest.raises(TypeError, match="revision="):
        store.append(sg.id, REVEAL)
    assert event_rows(store, sg.id) == []


def test_a_refused_event_leaves_the_revision(store: Store) -> None:
    sg = store.create_game(TWO_PLAYERS)
    sg = store.append(sg.id, REVEAL, revision=sg.revision)
    with pytest.raises(IllegalAction):
        store.append(sg.id, {"type": "place", "player": "Bob", "worker": "colonist",
                             "track": "dock"}, revision=sg.revision)
    assert store.load(sg.id).revision == sg.revision == game_row(store, sg.id).revision
    assert store.append(sg.id, placements(1)[0], revision=sg.revision).revision == 2
