"""Live views whose cost does not grow with the phones (issue 41): one revision watcher per
game per process; every poll reads it from memory, and two servers on one database still see
each other's entries within 2 s. The game's settings (its Hints switch) ride on the same
watcher: heard with the revisions, read with them, never once per poll."""

from __future__ import annotations

import threading
import time

import pytest

from companion.store import GameNotFound, Store
from companion.store import watch as watch_module
from companion.store.watch import RevisionWatch, SettingsStamp

from .games import REVEAL, TWO_PLAYERS

SEEN_WITHIN = 2.0
OFF = SettingsStamp(0, "hints_on=0")


def _seen(store: Store, game_id: int, revision: int) -> float:
    """Seconds until ``store`` follows ``game_id`` at ``revision`` (inf: not in time)."""
    start = time.monotonic()
    while time.monotonic() - start < SEEN_WITHIN:
        if store.watched_revision(game_id) == revision:
            return time.monotonic() - start
        time.sleep(0.02)
    return float("inf")


def test_two_servers_see_each_others_entries_within_two_seconds(store: Store,
                                                                 other_store: Store) -> None:
    gid = store.create_game(TWO_PLAYERS).id
    assert store.watched_revision(gid) == other_store.watched_revision(gid) == 0
    done = other_store.append(gid, REVEAL, revision=0)
    assert other_store.watched_revision(gid) == done.revision  # its own write: at once
    assert _seen(store, gid, done.revision) < SEEN_WITHIN
    back = store.undo(gid, revision=done.revision)
    assert _seen(other_store, gid, back.revision) < SEEN_WITHIN


def test_a_deleted_game_is_gone_for_the_other_server_too(store: Store,
                                                          other_store: Store) -> None:
    gid = store.create_game(TWO_PLAYERS).id
    assert other_store.watched_revision(gid) == 0
    store.delete_game(gid)
    with pytest.raises(GameNotFound):
        store.watched_revision(gid)
    start = time.monotonic()
    while time.monotonic() - start < SEEN_WITHIN:
        try:
            other_store.watched_revision(gid)
        except GameNotFound:
            break
        time.sleep(0.02)
    else:
        pytest.fail("the other server still follows a deleted game")


def test_many_pollers_cost_the_database_one_read_per_interval(monkeypatch) -> None:
    """150 threads polling one game back to back for half a second: the database is read a
    few times, not once per poll."""
    monkeypatch.setattr(watch_module, "FRESH_SECONDS", 0.1)
    reads = []

    def read(game_id: int) -> tuple[int, SettingsStamp]:
        reads.append(game_id)
        time.sleep(0.005)  # a database's round trip
        return 7, OFF

    watch = RevisionWatch("sqlite://", read)
    polls = [0] * 150
    stop = threading.Event()

    def poll(n: int) -> None:
        while not stop.is_set():
            assert watch.revision(3) == 7
            polls[n] += 1

    threads = [threading.Thread(target=poll, args=(n,)) for n in range(150)]
    start = time.monotonic()
    for t in threads:
        t.start()
    time.sleep(0.5)
    stop.set()
    for t in threads:
        t.join()
    spent = time.monotonic() - start
    assert sum(polls) > 1000
    assert len(reads) <= spent / 0.1 + 2  # one per interval (and the first)


def test_a_revision_never_goes_back_and_a_game_gone_is_forgotten() -> None:
    answers = iter([(4, OFF), (2, OFF)])
    watch = RevisionWatch("sqlite://", lambda _g: next(answers))
    watch.saw(1, 5)
    assert watch.revision(1) == 5
    watch.saw(1, 3)  # an older notice arriving late
    assert watch.revision(1) == 5
    watch.saw(1, watch_module.GONE)
    assert watch.revision(1) == 4  # read again


def test_on_sqlite_a_game_deleted_and_its_id_given_again_is_followed(monkeypatch) -> None:
    """Another process deletes game 1 and makes a new game 1 between two reads: the new
    game's revision (lower) is taken, not kept out as an old one."""
    monkeypatch.setattr(watch_module, "FRESH_SECONDS", 0.0)
    answers = iter([(5, OFF), (0, OFF), (1, OFF)])
    watch = RevisionWatch("sqlite://", lambda _g: next(answers))
    assert [watch.revision(1) for _ in range(3)] == [5, 0, 1]
