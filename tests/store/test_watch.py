"""Live views whose cost does not grow with the phones (issue 41): one revision watcher per
game per process; every poll reads it from memory, and two servers on one database still see
each other's entries within 2 s. The game's settings (its Hints switch) ride on the same
watcher: heard with the revisions, read with them, never once per poll."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import event

from companion.store import GameNotFound, Store
from companion.store import watch as watch_module
from companion.store.watch import SETTINGS_CHANNEL, RevisionWatch, SettingsStamp

from .games import REVEAL, TWO_PLAYERS

SEEN_WITHIN = 2.0
OFF = SettingsStamp(0, "hints_on=0")
ON = SettingsStamp(5, "hints_on=1")
ROOT = Path(__file__).resolve().parents[2]


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


def _polled_together(threads: int, poll: Callable[[], None]) -> tuple[int, float]:
    """``poll`` run back to back on ``threads`` threads for half a second: how many polls
    were made, and the seconds it took (what the pages of one server do)."""
    counts = [0] * threads
    stop = threading.Event()

    def loop(n: int) -> None:
        while not stop.is_set():
            poll()
            counts[n] += 1

    running = [threading.Thread(target=loop, args=(n,)) for n in range(threads)]
    start = time.monotonic()
    for t in running:
        t.start()
    time.sleep(0.5)
    stop.set()
    for t in running:
        t.join()
    return sum(counts), time.monotonic() - start


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

    def poll() -> None:
        assert watch.revision(3) == 7

    polls, spent = _polled_together(150, poll)
    assert polls > 1000
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


# ------------------------------------------------------------------ the game's settings


def _within(seen: Callable[[], bool]) -> float:
    """Seconds until ``seen()`` holds (inf: not within ``SEEN_WITHIN``)."""
    start = time.monotonic()
    while time.monotonic() - start < SEEN_WITHIN:
        if seen():
            return time.monotonic() - start
        time.sleep(0.02)
    return float("inf")


def _statements(store: Store) -> list[str]:
    """Every query ``store`` sends from now on (not the driver's BEGIN; its listener has a
    connection of its own: what it hears is not counted)."""
    sent: list[str] = []

    def sending(_conn, _cursor, statement: str, *_rest) -> None:
        if statement.split()[0].upper() not in ("BEGIN", "COMMIT", "ROLLBACK"):
            sent.append(statement)

    event.listen(store.engine, "before_cursor_execute", sending)
    return sent


def test_a_switch_changed_through_one_store_is_seen_by_the_others_watcher_within_two_seconds(
        store: Store, other_store: Store) -> None:
    gid = store.create_game(TWO_PLAYERS).id
    assert not other_store.watched_settings(gid).hints_on  # followed from now on
    assert store.set_hints(gid, True).hints_on
    assert store.watched_settings(gid).hints_on  # its own change: at once
    assert _within(lambda: other_store.watched_settings(gid).hints_on) < SEEN_WITHIN
    other_store.set_hints(gid, False)
    assert _within(lambda: not store.watched_settings(gid).hints_on) < SEEN_WITHIN
    # not the event log: the other device's next answer, at the revision it saw, goes in
    seen = other_store.watched_revision(gid)
    assert seen == store.watched_revision(gid) == 0
    assert other_store.append(gid, REVEAL, revision=seen).revision == 1
    assert _seen(store, gid, 1) < SEEN_WITHIN
    assert not store.watched_settings(gid).hints_on  # and a revision moving keeps the switch


def test_a_switch_changed_in_another_process_is_heard_within_two_seconds(
        store: Store, db_url: str) -> None:
    gid = store.create_game(TWO_PLAYERS).id
    assert not store.watched_settings(gid).hints_on
    subprocess.run([sys.executable, "-c", "import sys; from companion.store import Store; "
                    "s = Store(sys.argv[1]); s.set_hints(int(sys.argv[2]), True); s.close()",
                    db_url, str(gid)], cwd=ROOT, check=True, timeout=60)
    assert _within(lambda: store.watched_settings(gid).hints_on) < SEEN_WITHIN
    assert store.watched_revision(gid) == 0


@pytest.mark.postgres
def test_on_postgresql_a_switch_is_heard_not_read(store: Store, other_store: Store,
                                                 backend: str) -> None:
    """Once the listener listens, another server's switch arrives by its notice: the
    watcher sends no query for it."""
    if backend != "postgresql":
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's")
    gid = store.create_game(TWO_PLAYERS).id
    store.watched_settings(gid)  # starts the listener
    assert _within(store.games.watch._listening.is_set) < SEEN_WITHIN
    assert _within(lambda: not store.watched_settings(gid).hints_on) < SEEN_WITHIN
    store.watched_settings(gid)  # the read after the listener began, if it is due
    sent = _statements(store)
    other_store.set_hints(gid, True)
    assert _within(lambda: store.watched_settings(gid).hints_on) < SEEN_WITHIN
    other_store.set_hints(gid, False)
    assert _within(lambda: not store.watched_settings(gid).hints_on) < SEEN_WITHIN
    assert sent == []


def test_many_pages_polling_the_switch_cost_no_query_per_poll(store: Store,
                                                              monkeypatch) -> None:
    """50 threads poll a game's revision and settings (what each phone's live fragment asks)
    back to back for half a second: the database is read once per interval at most, each
    read bringing both; never once per poll."""
    monkeypatch.setattr(watch_module, "FRESH_SECONDS", 0.1)
    gid = store.create_game(TWO_PLAYERS).id
    sent = _statements(store)

    def poll() -> None:
        assert store.watched_revision(gid) == 0
        assert not store.watched_settings(gid).hints_on

    polls, spent = _polled_together(50, poll)
    assert polls > 500
    reads = [s for s in sent if "game_settings" in s]
    assert reads == sent  # every query is the one shared read, settings and revision in one
    assert len(sent) <= spent / 0.1 + 2


def test_a_read_begun_before_a_change_of_ours_does_not_undo_it() -> None:
    """A poll's read under way when this process changed the switch comes back with the
    switch as it was: the change stays (SQLite, where a read is otherwise the truth)."""
    reading, answer = threading.Event(), threading.Event()

    def read(_game_id: int) -> tuple[int, SettingsStamp]:
        reading.set()
        answer.wait(timeout=5)
        return 3, OFF  # as the database stood when the read began

    watch = RevisionWatch("sqlite://", read)
    poll = threading.Thread(target=watch.settings, args=(1,))
    poll.start()
    assert reading.wait(timeout=5)
    watch.heard_settings(1, ON)  # the switch turned on here, committed meanwhile
    answer.set()
    poll.join()
    assert watch.settings(1) == ON and watch.revision(1) == 3


def test_the_latest_settings_win_whatever_order_they_arrive_in(monkeypatch) -> None:
    answers = iter([(2, OFF)])  # read later: a new game given the same id (SQLite)
    watch = RevisionWatch("sqlite://", lambda _g: next(answers))
    watch.saw(1, 2)
    watch.heard_settings(1, ON)
    watch.heard_settings(1, SettingsStamp(4, "hints_on=0"))  # an older notice, late
    assert watch.revision(1) == 2 and watch.settings(1) == ON  # fresh: nothing read
    monkeypatch.setattr(watch_module, "FRESH_SECONDS", 0.0)
    assert watch.settings(1) == OFF  # a read begun after them is the truth on SQLite
    watch.saw(1, watch_module.GONE)
    with pytest.raises(StopIteration):
        watch.settings(1)  # forgotten: asked of the database again


def test_a_notice_names_its_schema_and_game() -> None:
    watch = RevisionWatch("sqlite://", lambda _g: (0, OFF))
    watch._heard("a:b", SETTINGS_CHANNEL, "a:b:7:5:hints_on=1")  # a schema may hold a colon
    watch._heard("other", SETTINGS_CHANNEL, "other:8:5:hints_on=1")  # another database's
    watch._heard("a:b", SETTINGS_CHANNEL, "a:b:garbled")
    watch._heard("a:b", watch_module.CHANNEL, "a:b:7:4")
    assert watch.settings(7) == ON and watch.revision(7) == 4
    assert watch.settings(8) == OFF  # never heard: read
