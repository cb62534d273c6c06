"""Timing of companion.scoring.best_income. Prints figures only; asserts nothing about time.

    .venv/bin/python bench/bench_income.py [--cold-runs N] [--warm-reps N] [--holdings N]

1. Worst case: the whole supply (all 11 kinds at full count, 46 goods) plus all 10 ships.
   - cold: the first call in a fresh interpreter (import excluded; best_income's internal
     caches are empty), one call per fresh process, repeated over several processes;
   - warm: repeated calls in this process after a first call (the plan for the holding's
     profile is then remembered: the call deals the sets);
   - warm, plan forgotten before each call: the search itself, with its option tables warm.
2. Random holdings: a seeded sample of realistic holdings (goods drawn without replacement
   from the 46-token supply, 0-16 goods, 0-8 ships), total and per-call time.

Issue 11's figures on the 2-core shared machine (see notes/issue-11-final.md): before
(17705bb) worst case cold about 0.9 ms (median), warm about 70 us.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from companion import scoring
from companion.rules.goods import GOODS
from companion.scoring import best_income

WORST_GOODS = dict(GOODS)
WORST_SHIPS = 10
SEED = 20240601

COLD_SNIPPET = """
import time
from companion.rules.goods import GOODS
from companion.scoring import best_income
goods = dict(GOODS)
t0 = time.perf_counter_ns()
best_income(goods, 10)
t1 = time.perf_counter_ns()
print(t1 - t0)
"""


def fmt(ns: list[float]) -> str:
    us = [n / 1000 for n in ns]
    return (
        f"min {min(us):9.1f} us   median {statistics.median(us):9.1f} us   "
        f"max {max(us):9.1f} us   (n={len(us)})"
    )


def cold_calls(runs: int) -> list[int]:
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", COLD_SNIPPET], capture_output=True, text=True, check=True
        )
        times.append(int(out.stdout.strip()))
    return times


def warm_calls(reps: int) -> list[int]:
    best_income(WORST_GOODS, WORST_SHIPS)  # fill the caches
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        best_income(WORST_GOODS, WORST_SHIPS)
        times.append(time.perf_counter_ns() - t0)
    return times


def warm_search_calls(reps: int) -> list[int]:
    """As warm_calls, but the remembered plans are dropped before each call (if the module
    remembers any): the time of the search itself."""
    forget = getattr(scoring, "_plan", None)
    best_income(WORST_GOODS, WORST_SHIPS)
    times = []
    for _ in range(reps):
        if forget is not None:
            forget.cache_clear()
        t0 = time.perf_counter_ns()
        best_income(WORST_GOODS, WORST_SHIPS)
        times.append(time.perf_counter_ns() - t0)
    return times


def random_holdings(count: int, seed: int = SEED) -> list[tuple[dict[str, int], int]]:
    rng = random.Random(seed)
    bag = [name for name, n in GOODS.items() for _ in range(n)]
    holdings = []
    for _ in range(count):
        goods: dict[str, int] = {}
        for name in rng.sample(bag, rng.randint(0, 16)):
            goods[name] = goods.get(name, 0) + 1
        holdings.append((goods, rng.randint(0, 8)))
    return holdings


def _loop_ms() -> float:
    t0 = time.perf_counter()
    sum(range(10**6))
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold-runs", type=int, default=30)
    parser.add_argument("--warm-reps", type=int, default=5000)
    parser.add_argument("--holdings", type=int, default=10_000)
    args = parser.parse_args()

    best = min(_loop_ms() for _ in range(5))
    print(f"python {sys.version.split()[0]}; machine yardstick: sum(range(10**6)) in "
          f"{best:.1f} ms (best of 5)")
    result = best_income(WORST_GOODS, WORST_SHIPS)
    print(
        f"worst case: {sum(WORST_GOODS.values())} goods of {len(WORST_GOODS)} kinds + "
        f"{WORST_SHIPS} ships -> ${result.dollars} in {len(result.sets)} sets"
    )
    print(f"  cold (first call, fresh process) {fmt(cold_calls(args.cold_runs))}")
    print(f"  warm (repeated calls)            {fmt(warm_calls(args.warm_reps))}")
    print(f"  warm, plan forgotten each call   {fmt(warm_search_calls(args.warm_reps // 5))}")

    holdings = random_holdings(args.holdings)
    sizes = [sum(g.values()) + s for g, s in holdings]
    t0 = time.perf_counter_ns()
    total_dollars = 0
    for goods, ships in holdings:
        total_dollars += best_income(goods, ships).dollars
    elapsed = time.perf_counter_ns() - t0
    print(
        f"random holdings: {len(holdings)} (seed {SEED}, 0-16 goods + 0-8 ships, "
        f"mean {statistics.mean(sizes):.1f} tokens, mean income "
        f"${total_dollars / len(holdings):.2f})"
    )
    print(
        f"  total {elapsed / 1e6:9.1f} ms   per call {elapsed / len(holdings) / 1000:7.1f} us"
    )


if __name__ == "__main__":
    main()
