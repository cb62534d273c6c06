"""Live games: a Store folds each game once and keeps it; the database stays the truth.

Replays are counted by wrapping the engine's ``replay`` and its record loader ``load``
(every fold of a log goes through one of them); ``other_store`` stands for another
process on the same database.
"""

from __future__ import annotations

import pytest

from companion.engine import Conflict, Game, replay
from companion.engine import game as game_module
from companion.engine.records import load
from companion.store import Store

from .games import REVEAL, TWO_PLAYERS, partial_game, placements


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many events each replay folded, in order."""
    seen: list[int] = []

    def counting(setup, events):
        events = list(events)
        seen.append(len(events))
        return replay(setup, events)

    def counting_load(setup, events, *args, **kwargs):
        events = list(events)
        seen.append(len(events))
        return load(setup, events, *args, **kwargs)

    monkeypatch.setattr(game_module, "replay", counting)
    monkeypatch.setattr(game_module, "load", counting_load)  # from_events, Game.load
    return seen


def test_an_unchanged_game_is_never_replayed(store: Store, replays: list[int]) -> None:
    sg = store.import_record(partial_game(3).record())
    assert len(replays) == 1  # the import itself (the game before its last step, then on)
    replays.clear()
    for _ in range(3):
        assert store.load(sg.id) is sg
    for ev in placements(6)[2:]:
        sg = store.append(sg.id, ev, revision=sg.revision)
    assert store.load(sg.id) is sg
    sg = store.undo(sg.id, revision=sg.revision, n=2)  # versions held in memory
    assert store.export_record(sg.id) == sg.game.record()
    assert replays == []
    assert sg.game.state == replay(TWO_PLAYERS, sg.game.events)


def test_another_process_writing_is_seen_at_once(store: Store, other_store: Store,
                                                 replays: list[int]) -> None:
    mine = store.import_record(partial_game(3).record())
    theirs = other_store.append(mine.id, placements(3)[2], revision=mine.revision)
    replays.clear()
    with pytest.raises(Conflict):  # my live game is one revision behind the database
        store.append(mine.id, placements(3)[2], revision=mine.revision)
    fresh = store.load(mine.id)
    assert fresh.revision == theirs.revision and fresh.game.record() == theirs.game.record()
    assert len(replays) == 1  # folded again from the log, once (then kept)
    after = store.append(mine.id, placements(4)[3], revision=fresh.revision)
    assert other_store.load(mine.id).game.record() == after.game.record()


def test_writers_in_two_processes_keep_one_log(store: Store, other_store: Store) -> None:
    """Alternating writers, each appending to what it loaded: every state handed out equals
    a replay of the log the database holds."""
    sg = store.create_game(TWO_PLAYERS)
    writers = [store, other_store]
    for i, ev in enumerate([REVEAL, *placements(8)]):
        writer = writers[i % 2]
        seen = writer.load(sg.id)
        sg = writer.append(sg.id, ev, revision=seen.revision)
        assert sg.game.state == replay(TWO_PLAYERS, sg.game.events)
        if i == 4:
            sg = writer.undo(sg.id, revision=sg.revision)
            sg = writer.append(sg.id, ev, revision=sg.revision)
    for reader in writers:
        loaded = reader.load(sg.id)
        assert loaded.revision == sg.revision
        assert loaded.game.state == Game.from_record(store.export_record(sg.id)).state


def test_a_game_number_used_again_is_not_taken_for_the_old_game(
        store: Store, other_store: Store) -> None:
    """SQLite gives the newest game's id to the next game once it is deleted: the live game
    is told apart by its creation time too."""
    old = store.import_record(partial_game(5).record())
    assert store.load(old.id) is old
    other_store.delete_game(old.id)
    new = other_store.create_game({"players": [{"name": "Cy"}, {"name": "Di"}]})
    loaded = store.load(new.id)
    assert loaded.game.record() == new.game.record()
    assert loaded.revision == old.revision == 0


def test_live_games_are_never_changed_by_later_writes(store: Store) -> None:
    sg = store.import_record(partial_game(2).record())
    history = [sg]
    for ev in placements(7)[1:]:
        sg = store.append(sg.id, ev, revision=sg.revision)
        history.append(sg)
    store.undo(sg.id, revision=sg.revision, n=3)
    for old in history:
        assert old.game.state == replay(TWO_PLAYERS, old.game.events)


def test_the_game_before_the_last_step_is_held(store: Store, replays: list[int]) -> None:
    """The Table shows the last step in words and can undo it: the version before it is
    kept, so neither replays the log."""
    sg = store.import_record(partial_game(4).record())
    before = sg.version(3)
    assert before is not None and before.state == replay(TWO_PLAYERS, sg.game.events[:3])
    sg = store.answer(sg.id, [placements(4)[3]], revision=sg.revision)
    replays.clear()
    assert sg.state_at(4) == before.apply(sg.game.events[3]).state
    assert sg.version(3) is before
    assert replays == []
    assert sg.state_at(1) == replay(TWO_PLAYERS, sg.game.events[:1])  # not held: replayed
