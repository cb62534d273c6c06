"""Timing of the hints (issue 14): ms per Decision in turn 8 of a 6-player game. Prints figures
only; asserts nothing about time. Target: under 20 ms per Decision.

    .venv/bin/python bench/bench_hints.py [--seeds N] [--reps N]

Each seed plays the benchmark's 6-player game (bench/fixtures.py) to the start of turn 8,
then goes on at random to the end; every Decision of turn 8 gets its hints computed
``reps`` times (the first call is cold: nothing computed yet for that state). The ended-now
standings are timed on the same states.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixtures import machine, six_players_at_turn  # noqa: E402

from companion.engine import Phase, ended_now, hints  # noqa: E402
from companion.engine.playout import random_step  # noqa: E402


def ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    print(machine())
    cold: dict[str, list[float]] = {}
    warm: list[float] = []
    ended: list[float] = []
    for seed in range(args.seeds):
        game = six_players_at_turn(8, seed=42 + seed)
        rng = random.Random(seed)
        while game.state.phase != Phase.OVER:
            decision = game.pending()
            start = time.perf_counter()
            found = hints(game.state, decision)
            cold.setdefault(decision.type if found else "(no hints)", []).append(ms_since(start))
            for _ in range(args.reps - 1):
                start = time.perf_counter()
                hints(game.state, decision)
                warm.append(ms_since(start))
            start = time.perf_counter()
            ended_now(game.state)
            ended.append(ms_since(start))
            game = random_step(game, rng)
    every = [t for times in cold.values() for t in times]
    print(f"hints, 6 players, turn 8, {args.seeds} games: {len(every)} Decisions")
    for kind, times in sorted(cold.items()):
        print(f"  {kind:12s} n={len(times):4d}  mean {statistics.mean(times):6.2f} ms  "
              f"max {max(times):6.2f} ms")
    print(f"  all          mean {statistics.mean(every):6.2f} ms  max {max(every):6.2f} ms  "
          f"(target < 20 ms per Decision)")
    if warm:
        print(f"  again (same Decision) mean {statistics.mean(warm):6.2f} ms")
    print(f"ended-now standings: mean {statistics.mean(ended):6.2f} ms  "
          f"max {max(ended):6.2f} ms")


if __name__ == "__main__":
    main()
