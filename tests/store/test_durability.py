"""SIGKILL a writer mid-run: the log that survives replays, holds every acknowledged event and
at most the one in flight beyond, and the derived summary agrees with it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import select

from companion.engine import Game, event_dict
from companion.store import Store, summarize
from companion.store.schema import EventRow, GameRow

from .appender import intended_event
from .games import finished

APPENDER = Path(__file__).with_name("appender.py")


def run_and_kill(db_url: str, game_id: int, events_file: Path, kill_after: int,
                 delay: float) -> int:
    """Start the child, SIGKILL it ``delay`` seconds after it acknowledged ``kill_after``
    events (it is then busy with the next append); returns the last length it acknowledged
    (lines already written but not yet read included)."""
    proc = subprocess.Popen(
        [sys.executable, str(APPENDER), db_url, str(game_id), str(events_file)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(120, proc.kill)
    watchdog.start()
    acked = 0
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            acked = int(line)
            if acked >= kill_after:
                time.sleep(delay)
                os.kill(proc.pid, signal.SIGKILL)
                break
        # not communicate(): with a timeout it reads the pipe itself, and loses the lines the
        # loop above had already read ahead into proc.stdout's buffer
        rest, err = proc.stdout.read(), proc.stderr.read() if proc.stderr else ""
        proc.wait(timeout=60)
    finally:
        watchdog.cancel()
    assert proc.returncode == -signal.SIGKILL, f"the child ended by itself: {err}"
    for line in rest.split():
        acked = max(acked, int(line))
    return acked


@pytest.mark.parametrize("kill_after, delay", [(2, 0.0), (50, 0.002), (120, 0.004),
                                               (180, 0.001)])
def test_sigkill_loses_at_most_the_event_in_flight(db_url: str, backend: str, tmp_path: Path,
                                                   kill_after: int, delay: float) -> None:
    game = finished("two", 1)  # about 170 events: the kill at 180 falls after the game's end
    events = [event_dict(e) for e in game.events]
    events_file = tmp_path / "events.json"
    events_file.write_text(json.dumps(events))
    with Store(db_url) as store:
        game_id = store.create_game(game.setup).id

    acked = run_and_kill(db_url, game_id, events_file, kill_after, delay)
    assert acked >= kill_after

    with Store(db_url) as store:
        loaded = store.load(game_id)  # replays the surviving log: raises if it is damaged
        n = loaded.seq
        assert acked <= n <= acked + 1
        expected = Game.from_events(game.setup, [intended_event(events, i) for i in range(n)])
        assert loaded.game.record() == expected.record()
        assert loaded.game.state == expected.state
        with store.engine.connect() as conn:
            seqs = list(conn.scalars(select(EventRow.seq).where(EventRow.game_id == game_id)
                                     .order_by(EventRow.seq)))
            row = conn.execute(select(GameRow.event_count, GameRow.status, GameRow.result)
                               .where(GameRow.id == game_id)).one()
            if backend == "sqlite":
                assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        assert seqs == list(range(n))
        summary = summarize(expected)
        assert tuple(row) == (n, summary.status, summary.result_json())
        # and the game goes on where the log ends
        assert store.append(game_id, intended_event(events, n), expected_seq=n).seq == n + 1
