"""A club night on PostgreSQL (issue 41): 20 writer processes each enter steps in a game of
their own while 150 reader threads of one server process read those games' revisions back to
back (what a live page polls) for 30 s. Prints the readers' errors and revision-read
percentiles, and the writers' append percentiles. Where the store has a game's watched
settings (the Hints switch a live page compares), each poll reads them too, every tenth write
of a writer flips its game's switch, and a probe on a second store flips one twice a second
and times until the readers see it.

The database: COMPANION_DB_URL, else COMPANION_TEST_PG_URL (`bash .ci/postgres.sh start DIR`
prints one); the bench works in a schema of its own and drops it. Readers poll
``Store.watched_revision`` (one watcher per game per process) where the store has it, else
``Store.revision`` (one database read per poll, as before issue 41): run it on both codes.

    .venv/bin/python bench/bench_club_night.py [--writers 20] [--readers 150] [--seconds 30]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from companion.store import Store  # noqa: E402

PLAYERS = {"players": [{"name": n} for n in ("Ann", "Bob", "Cid", "Dee")]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}
TAP_SECONDS = 0.1  # a writer's pause between two entries (a very quick table: 10 a second)


def schema_url(base: str, schema: str) -> str:
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def writer(url: str, game_id: int, seconds: float, start_at: float, out: mp.Queue) -> None:
    """Enter the reveal and undo it, over and over: every write raises the revision."""
    store = Store(url)
    times: list[float] = []
    errors: list[str] = []
    revision = store.revision(game_id)
    time.sleep(max(0.0, start_at - time.time()))
    end = time.time() + seconds
    while time.time() < end:
        began = time.perf_counter()
        try:
            if len(times) % 10 == 9 and hasattr(store, "watched_settings"):
                store.set_hints(game_id, len(times) % 20 == 9)
            elif revision % 2 == 0:
                revision = store.append(game_id, REVEAL, revision=revision).revision
            else:
                revision = store.undo(game_id, revision=revision).revision
        except Exception as exc:  # noqa: BLE001 - counted and named
            errors.append(type(exc).__name__)
            revision = store.revision(game_id)
        times.append(time.perf_counter() - began)
        time.sleep(TAP_SECONDS)
    store.close()
    out.put((times, errors))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--writers", type=int, default=20)
    parser.add_argument("--readers", type=int, default=150)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    base = os.environ.get("COMPANION_DB_URL") or os.environ.get("COMPANION_TEST_PG_URL")
    if not base or not base.startswith("postgresql"):
        sys.exit("set COMPANION_DB_URL or COMPANION_TEST_PG_URL to a PostgreSQL database")
    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = schema_url(base, schema)
    try:
        run(url, args)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def run(url: str, args: argparse.Namespace) -> None:
    store = Store(url)
    games = [store.create_game(PLAYERS).id for _ in range(args.writers)]
    read = getattr(store, "watched_revision", None)
    how = "Store.watched_revision (watcher)" if read else "Store.revision (database read)"
    read = read or store.revision
    settings = getattr(store, "watched_settings", None)
    if settings is not None:
        how = "Store.watched_revision and .watched_settings (watcher)"
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    start_at = time.time() + 8.0  # the writers' interpreters are up by then
    procs = [ctx.Process(target=writer, args=(url, gid, args.seconds, start_at, out))
             for gid in games]
    for p in procs:
        p.start()
    latencies: list[list[float]] = [[] for _ in range(args.readers)]
    errors: list[list[str]] = [[] for _ in range(args.readers)]

    def reader(n: int) -> None:
        gid = games[n % len(games)]
        time.sleep(max(0.0, start_at - time.time()))
        end = time.time() + args.seconds
        mine, failed = latencies[n], errors[n]
        while time.time() < end:
            began = time.perf_counter()
            try:
                read(gid)
                if settings is not None:
                    settings(gid)
            except Exception as exc:  # noqa: BLE001 - counted and named
                failed.append(f"{type(exc).__name__}: {getattr(exc, 'kind', '')}")
            mine.append(time.perf_counter() - began)

    lags: list[float] = []
    switch_lags: list[float] = []
    toggler = Store(url)  # another server's store: its switch is not this process's write

    def switched(gid: int) -> None:
        """Flip the game's switch through the other store and time until the readers see it."""
        on = not toggler.game_settings(gid).hints_on
        toggler.set_hints(gid, on)
        began = time.perf_counter()
        while settings(gid).hints_on != on and time.perf_counter() - began < 10:
            time.sleep(0.01)
        switch_lags.append(time.perf_counter() - began)

    def probe() -> None:
        """How long a committed revision takes to reach the readers: twice a second, a
        game's revision read from the database, then polled until the readers' view has it."""
        time.sleep(max(0.0, start_at - time.time()))
        end = time.time() + args.seconds
        n = 0
        while time.time() < end:
            gid = games[n % len(games)]
            n += 1
            try:
                committed = store.revision(gid)
                began = time.perf_counter()
                while read(gid) < committed and time.perf_counter() - began < 10:
                    time.sleep(0.01)
                lags.append(time.perf_counter() - began)
                if settings is not None:
                    switched(gid)
            except Exception:  # noqa: BLE001, S112 - the readers count the errors
                continue
            time.sleep(0.5)

    threads = [threading.Thread(target=reader, args=(n,)) for n in range(args.readers)]
    threads.append(threading.Thread(target=probe))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    results = [out.get() for _ in procs]
    for p in procs:
        p.join()
    store.close()
    toggler.close()
    reads = [x for per in latencies for x in per]
    read_errors = [x for per in errors for x in per]
    appends = [x for times, _e in results for x in times]
    append_errors = [x for _t, errs in results for x in errs]
    print(f"machine load average (1 min) at the end: {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")
    print(f"readers: {args.readers} threads polling {how}, {args.seconds:.0f} s")
    print(f"revision reads: {len(reads)}, errors: {len(read_errors)}"
          + (f" ({sorted(set(read_errors))[:3]})" if read_errors else ""))
    print(f"revision read ms: p50 {percentile(reads, .5) * 1000:.2f}, "
          f"p99 {percentile(reads, .99) * 1000:.1f}, max {max(reads, default=0) * 1000:.0f}")
    print(f"writers: {args.writers} processes, one entry or undo then {TAP_SECONDS} s pause")
    print(f"appends: {len(appends)}, errors: {len(append_errors)}"
          + (f" ({sorted(set(append_errors))[:3]})" if append_errors else ""))
    print(f"append ms: p50 {statistics.median(appends) * 1000:.1f}, "
          f"p99 {percentile(appends, .99) * 1000:.1f}, max {max(appends) * 1000:.0f}")
    print(f"a committed revision reached the readers in: p50 {percentile(lags, .5) * 1000:.0f}"
          f" ms, max {max(lags, default=0) * 1000:.0f} ms ({len(lags)} probes)")
    if switch_lags:
        print(f"a switch flipped on another store reached the readers in: p50 "
              f"{percentile(switch_lags, .5) * 1000:.0f} ms, max "
              f"{max(switch_lags) * 1000:.0f} ms ({len(switch_lags)} probes)")


if __name__ == "__main__":
    main()
