"""Two writers on one database: the second to record at a position gets Conflict, never a
duplicate or a lost event."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from companion.engine import Conflict
from companion.store import Store
from companion.store.schema import EventRow

from .games import partial_game, placements


def log_positions(store: Store, game_id: int) -> list[int]:
    with store.engine.connect() as conn:
        return list(conn.scalars(select(EventRow.seq).where(EventRow.game_id == game_id)
                                 .order_by(EventRow.seq)))


def test_second_writer_gets_conflict_then_succeeds_after_reload(store: Store,
                                                                other_store: Store) -> None:
    sg = store.import_record(partial_game(3).record())
    mine, theirs = store.load(sg.id), other_store.load(sg.id)
    assert mine.seq == theirs.seq == 3
    nxt = placements(4)[2:]  # Ann's second placement (event 3), then Bob's (event 4)

    first = store.append(sg.id, nxt[0], expected_seq=mine.seq)
    assert first.seq == 4
    try:
        other_store.append(sg.id, nxt[0], expected_seq=theirs.seq)
    except Conflict as exc:
        assert "game is at event 4, you had 3" in str(exc)
    else:
        raise AssertionError("the stale writer was not stopped")
    assert log_positions(store, sg.id) == [0, 1, 2, 3]

    theirs = other_store.load(sg.id)  # reload: sees the first writer's event
    assert theirs.game.record() == first.game.record()
    done = other_store.append(sg.id, nxt[1], expected_seq=theirs.seq)
    assert done.seq == 5
    assert log_positions(store, sg.id) == [0, 1, 2, 3, 4]
    assert store.load(sg.id).game.record() == done.game.record()


@pytest.mark.parametrize("guard", ["revision", "expected_seq"])
def test_racing_writers_never_duplicate_or_lose(db_url: str, guard: str) -> None:
    """Two threads with their own Store append corrections as fast as they can, each from its
    last view of the game (its revision, or its event count), reloading on Conflict. Every
    acknowledged append must be in the log exactly once, in order, and the money it added
    must be there."""
    with Store(db_url) as setup_store:
        game_id = setup_store.import_record(partial_game(1).record()).id
    per_writer = 15
    acked: dict[str, list[int]] = {"Ann": [], "Bob": []}
    conflicts = {"Ann": 0, "Bob": 0}
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def writer(name: str) -> None:
        try:
            with Store(db_url) as store:
                seen = store.load(game_id)
                start.wait()
                while len(acked[name]) < per_writer:
                    ev = {"type": "correction", "player": name, "reason": "race", "money": 1}
                    try:
                        seen = store.append(game_id, ev, **{guard: getattr(
                            seen, "seq" if guard == "expected_seq" else "revision")})
                        acked[name].append(seen.seq - 1)
                    except Conflict:
                        conflicts[name] += 1
                        seen = store.load(game_id)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in acked]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    # both loaded the game before the barrier, so whoever appended second was stale at least once
    assert sum(conflicts.values()) >= 1
    with Store(db_url) as store:
        loaded = store.load(game_id)
        assert log_positions(store, game_id) == list(range(1 + 2 * per_writer))
        with store.engine.connect() as conn:
            assert conn.scalar(select(func.count()).select_from(EventRow)) == 1 + 2 * per_writer
    by_position = {seq: ev for seq, ev in enumerate(loaded.game.events)}
    for name, positions in acked.items():
        assert all(by_position[p].player == name for p in positions)
        start_money = partial_game(1).state.players[name].money
        assert loaded.game.state.players[name].money == start_money + per_writer
