"""Engine benchmark: replay of a complete 6-player game, one state copy, and random playouts
per second (2, 4 and 6 players, one core)."""

from __future__ import annotations

import statistics
import time

from companion.engine import Game, replay
from companion.engine.playout import random_game

SIX = {
    "edition": "empires",
    "players": [{"name": f"P{i}", "nation": n} for i, n in enumerate(
        ["england", "spain", "france", "portugal", "holland", "italy"])],
    "options": {"builders": True, "nations": True, "buy_vp": True},
}


def main() -> None:
    best = min(_loop_ms() for _ in range(5))
    print(f"machine yardstick: sum(range(10**6)) in {best:.1f} ms (best of 5)")
    game = random_game(SIX, seed=42)
    events = [e.model_dump() for e in game.events]
    times = []
    for _ in range(20):
        start = time.perf_counter()
        replay(SIX, events)
        times.append(time.perf_counter() - start)
    print(f"replay of a complete 6-player game ({len(events)} events): "
          f"median {statistics.median(times) * 1000:.1f} ms, min {min(times) * 1000:.1f} ms")

    state = game.state
    n = 2000
    start = time.perf_counter()
    for _ in range(n):
        state.clone()
    print(f"GameState.clone of that game's final state: "
          f"{(time.perf_counter() - start) / n * 1e6:.1f} us")

    start = time.perf_counter()
    loaded = Game.from_record(game.record())
    print(f"load from record (parse + replay): {(time.perf_counter() - start) * 1000:.1f} ms "
          f"({len(loaded.events)} events)")

    for players in (2, 4, 6):
        setup = {"players": [{"name": f"P{i}"} for i in range(players)]}
        count, total_events = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < 5:
            g = random_game(setup, seed=count)
            total_events += len(g.events)
            count += 1
        elapsed = time.perf_counter() - start
        print(f"random playouts, {players} players: {count / elapsed:.2f} games/s "
              f"({total_events / elapsed:.0f} events/s, each event validated on a copy)")


def _loop_ms() -> float:
    start = time.perf_counter()
    sum(range(10**6))
    return (time.perf_counter() - start) * 1000


if __name__ == "__main__":
    main()
