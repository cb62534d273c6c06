"""Timing of the end-of-game report (issue 42): the report of a finished game, worked out from
a replay of its record, and its picture (cold: the first picture of the process imports and
warms matplotlib; warm: the next ones). Prints figures only; asserts nothing about time.

    .venv/bin/python bench/bench_report.py [--seeds N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from companion.engine import random_game
from companion.report import game_report, picture

SETUP = {"edition": "empires", "options": {"builders": True},
         "players": [{"name": n} for n in ("Ann", "Bob", "Cid", "Dee", "Eve")]}


def ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    games = [random_game(SETUP, seed=s) for s in range(args.seeds)]
    reports, pictures = [], []
    for game in games:
        start = time.perf_counter()
        report = game_report(game)
        reports.append(ms_since(start))
        start = time.perf_counter()
        picture.picture(report)
        pictures.append(ms_since(start))
    print(f"report (5 players, {len(games[0].events)}+ events): "
          f"median {statistics.median(reports):.1f} ms, max {max(reports):.1f} ms")
    print(f"picture: cold {pictures[0]:.0f} ms, warm median "
          f"{statistics.median(pictures[1:] or pictures):.0f} ms")


if __name__ == "__main__":
    main()
