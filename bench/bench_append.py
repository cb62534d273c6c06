"""Cost of Store.append as a game grows. Prints figures; asserts nothing about time.

    .venv/bin/python bench/bench_append.py [--url URL ...] [--appends N] [--imports N]

For 100, 400 and 800 events: a 6-player game with that many events is imported
(``Store.import_record``), then ``--appends`` real next events are appended one by one, as
the Table page does, each guarded by what the writer last saw. Printed per length: the first
append after the import, and the median and min of all appends. The same is done for
``--imports`` fresh imports (the first appends are pooled).

Back ends: a temp SQLite file always; every ``--url`` too (an empty database of your own,
e.g. the URL ``.ci/postgres.sh start`` prints); ``COMPANION_BENCH_PG_URL`` is added if set.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixtures import SIX, log_of, machine  # noqa: E402

from companion.store import Store  # noqa: E402

LENGTHS = (100, 400, 800)


def guard(stored: Any) -> dict[str, int]:
    """What the writer saw: the revision where the store has one, else the event count."""
    revision = getattr(stored, "revision", None)
    return {"revision": revision} if revision is not None else {"expected_seq": stored.seq}


def measure(url: str, appends: int, imports: int) -> None:
    print(f"{url.split('@')[-1]}:")
    store = Store(url)
    ratios: dict[int, float] = {}
    try:
        for length in LENGTHS:
            events = log_of(length, appends)
            first, all_times = [], []
            for _ in range(imports):
                stored = store.import_record({"setup": SIX, "events": events[:length]})
                for i, ev in enumerate(events[length:]):
                    t0 = time.perf_counter()
                    stored = store.append(stored.id, ev, **guard(stored))
                    elapsed = time.perf_counter() - t0
                    all_times.append(elapsed)
                    if i == 0:
                        first.append(elapsed)
            ratios[length] = statistics.median(all_times)
            print(f"  append at {length:3d} events: first after import median "
                  f"{statistics.median(first) * 1000:6.2f} ms; all {len(all_times)} appends "
                  f"median {statistics.median(all_times) * 1000:6.2f} ms, "
                  f"min {min(all_times) * 1000:6.2f} ms")
        print(f"  800 / 100 events: {ratios[800] / ratios[100]:.2f}x")
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", action="append", default=[])
    parser.add_argument("--appends", type=int, default=20)
    parser.add_argument("--imports", type=int, default=3)
    args = parser.parse_args()
    print(machine())
    urls = list(args.url)
    if os.environ.get("COMPANION_BENCH_PG_URL"):
        urls.append(os.environ["COMPANION_BENCH_PG_URL"])
    with tempfile.TemporaryDirectory(prefix="bench-append-") as tmp:
        measure(f"sqlite:///{Path(tmp) / 'companion.db'}", args.appends, args.imports)
    for url in urls:
        measure(url, args.appends, args.imports)


if __name__ == "__main__":
    main()
