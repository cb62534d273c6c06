"""Timing of companion.store on a history of many games. Prints figures; asserts nothing on time.

    .venv/bin/python bench/bench_store.py [--games N] [--bases N] [--seed N] [--url URL] [--keep]

1. ``--bases`` complete games are played by ``companion.engine.playout.random_game`` (2 to 5
   players, both editions, some with national advantages). Their seats have placeholder names.
2. ``--games`` records are made from them by giving the seats names drawn from a pool of 40
   players (in the set-up and in every event) and a date in the last three years, then stored
   with ``Store.import_records`` (every record is replayed by the engine before it is stored,
   all in one transaction) in a fresh SQLite file in a temp dir (or ``--url``: an empty
   database of your own, e.g. PostgreSQL).
3. Timings (median and min of repeated calls): list_games with filters, count_games,
   player_stats, nation_stats, export_history_csv, load, and single appends to a saved game.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from companion.engine.playout import random_game
from companion.store import Store

NATIONS = ["england", "spain", "france", "portugal", "holland", "italy"]
COLOURS = ["red", "yellow", "blue", "green", "orange"]
POOL = [f"{first} {last}" for first in ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana")
        for last in ("Avery", "Brook", "Cole", "Drake", "Ellis")]
NOW = datetime(2026, 1, 1, tzinfo=UTC)
SPAN = timedelta(days=3 * 365)


def placeholder(seat: int) -> str:
    return f"Seat-{seat}-placeholder"


def base_setups(n: int, rng: random.Random) -> list[dict[str, Any]]:
    setups = []
    for i in range(n):
        players = rng.randint(2, 5)
        edition = "aoe3" if i % 4 == 3 else "empires"
        nations = edition == "empires" and i % 2 == 0
        chosen = rng.sample(NATIONS, players)
        setups.append({
            "edition": edition,
            "options": {"nations": nations},
            "players": [{"name": placeholder(s), "colour": COLOURS[s],
                         **({"nation": chosen[s]} if nations else {})}
                        for s in range(players)],
        })
    return setups


def rename(value: Any, names: dict[str, str]) -> Any:
    """The record with every placeholder name replaced (as a value or as a mapping key)."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [rename(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): rename(v, names) for k, v in value.items()}
    return value


def timed(label: str, fn: Callable[[], Any], repeat: int = 7) -> Any:
    result, times = None, []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    print(f"  {label:<58} median {statistics.median(times) * 1000:8.2f} ms   "
          f"min {min(times) * 1000:8.2f} ms")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--bases", type=int, default=24)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--url", help="an empty database to use instead of a temp SQLite file")
    parser.add_argument("--keep", action="store_true", help="keep the temp SQLite file")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    start = time.perf_counter()
    bases = [random_game(setup, seed=args.seed + i)
             for i, setup in enumerate(base_setups(args.bases, rng))]
    events = [len(g.events) for g in bases]
    print(f"{len(bases)} base games played in {time.perf_counter() - start:.1f} s "
          f"({min(events)}-{max(events)} events, mean {statistics.mean(events):.0f})")

    def records() -> Any:
        for i in range(args.games):
            base = bases[i % len(bases)].record()
            names = rng.sample(POOL, len(base["setup"]["players"]))
            mapping = {placeholder(s): name for s, name in enumerate(names)}
            yield rename(base, mapping), NOW - SPAN * rng.random()

    tmp = None
    if args.url:
        url = args.url
    else:
        tmp = tempfile.mkdtemp(prefix="bench-store-")
        url = f"sqlite:///{Path(tmp) / 'companion.db'}"
    store = Store(url)
    try:
        start = time.perf_counter()
        stored = store.import_records(records())
        elapsed = time.perf_counter() - start
        print(f"{stored} games imported in {elapsed:.1f} s ({elapsed / stored * 1000:.2f} ms a "
              f"game, replay included) into {url}")
        if tmp:
            with store.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            size = (Path(tmp) / "companion.db").stat().st_size
            print(f"database file: {size / 1e6:.0f} MB ({size / stored / 1e3:.0f} kB a game)")

        player = POOL[7]
        since, before = NOW - timedelta(days=365), NOW - timedelta(days=180)
        print("history queries:")
        timed("list_games() newest 50", lambda: store.list_games(limit=50))
        timed(f"list_games(player={player!r})", lambda: store.list_games(player=player))
        timed("list_games(edition, status, since..before)", lambda: store.list_games(
            edition="empires", status="finished", since=since, before=before))
        timed("list_games(player, since, status) page at offset 200",
              lambda: store.list_games(player=player, since=NOW - SPAN, status="finished",
                                       limit=50, offset=200))
        timed("list_games() page at offset 9000", lambda: store.list_games(offset=9000))
        n = timed(f"count_games(player={player!r})", lambda: store.count_games(player=player))
        print(f"    ({n} games with {player})")
        stats = timed("player_stats()", store.player_stats)
        best = stats[0]
        print(f"    ({len(stats)} players; most wins: {best.name}, {best.wins}/{best.games}, "
              f"average {best.average_vp:.1f} VP, best {best.best_vp})")
        timed("player_stats(edition='aoe3', since=1 year ago)",
              lambda: store.player_stats(edition="aoe3", since=NOW - timedelta(days=365)))
        nations = timed("nation_stats()", store.nation_stats)
        print(f"    ({len(nations)} nations; "
              + ", ".join(f"{n.nation} {n.win_rate:.0%}" for n in nations) + ")")
        text = timed("export_history_csv()", store.export_history_csv, repeat=3)
        print(f"    ({text.count(chr(10)) - 1} rows, {len(text) / 1e6:.1f} MB)")

        print("one game:")
        longest = max(bases, key=lambda g: len(g.events))
        record = longest.record()
        partial = {**record, "events": record["events"][: len(record["events"]) // 2]}
        game_id = store.import_record(partial).id
        full_id = store.import_record(record).id
        timed(f"load() of a finished game ({len(longest.events)} events)",
              lambda: store.load(full_id))
        timed("export_record() of the same game", lambda: store.export_record(full_id))
        seq = len(partial["events"])
        times = []
        for ev in longest.events[seq: seq + 30]:
            t0 = time.perf_counter()
            seq = store.append(game_id, ev, expected_seq=seq).seq
            times.append(time.perf_counter() - t0)
        label = f"append() one event, game at {seq - len(times)}..{seq} events"
        print(f"  {label:<58} median {statistics.median(times) * 1000:8.2f} ms   "
              f"min {min(times) * 1000:8.2f} ms")
        t0 = time.perf_counter()
        store.undo(game_id, expected_seq=seq)
        print(f"  {'undo() one event':<58} once   {(time.perf_counter() - t0) * 1000:8.2f} ms")
    finally:
        store.close()
        if tmp and not args.keep:
            for f in Path(tmp).iterdir():
                f.unlink()
            os.rmdir(tmp)
        elif tmp:
            print(f"kept {tmp}")


if __name__ == "__main__":
    main()
