"""Games the benchmarks share: a 6-player game at the start of turn 8, and logs of a chosen
length. Both are kept as records in ``bench/games/`` (played once with seed 42), so every run,
and the code before and after a change to the random playouts, measures the same game.

    .venv/bin/python bench/fixtures.py      # describes the games

Not a benchmark itself: run by ``make bench`` like the others, it only prints what it builds.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.engine import Game, Phase, event_dict
from companion.engine.playout import random_step

SIX = {
    "edition": "empires",
    "players": [{"name": name, "colour": colour, "nation": nation} for name, colour, nation in [
        ("Amelia", "red", "england"), ("Bartolomeu", "yellow", "spain"),
        ("Catalina", "blue", "france"), ("Diego", "green", "portugal"),
        ("Elcano", "orange", "holland"), ("Florence", "purple", "italy")]],
    "options": {"builders": True, "nations": True, "buy_vp": True},
}
SEED = 42
GAMES = Path(__file__).resolve().parent / "games"
KEPT = {(8, SEED): "six_players_turn8.json", (None, SEED): "six_players_whole.json"}


def _kept(turn: int | None, seed: int) -> Game | None:
    """The kept record of that game, if there is one: a change to the random stream does not
    change what the benchmarks measure."""
    name = KEPT.get((turn, seed))
    if name is None:
        return None
    return Game.from_record(json.loads((GAMES / name).read_text()))


def six_players_at_turn(turn: int = 8, seed: int = SEED) -> Game:
    """The 6-player game played at random until turn ``turn``'s placement begins."""
    kept = _kept(turn, seed)
    if kept is not None:
        return kept
    rng = random.Random(seed)
    game = Game.new(SIX)
    while not (game.state.turn == turn and game.state.phase == Phase.PLACEMENT):
        game = random_step(game, rng)
    return game


def whole_six_player_game(seed: int = SEED) -> Game:
    kept = _kept(None, seed)
    if kept is not None:
        return kept
    rng = random.Random(seed)
    game = Game.new(SIX)
    while game.state.phase != Phase.OVER:
        game = random_step(game, rng)
    return game


def machine() -> str:
    """A yardstick for comparing figures across machines: a plain Python loop's time."""
    best = min(_loop_ms() for _ in range(5))
    return f"machine yardstick: sum(range(10**6)) in {best:.1f} ms (best of 5)"


def report(label: str, times: list[float], width: int = 44, digits: int = 1) -> None:
    """One figure line: the median and min of ``times`` (seconds), in ms."""
    size = digits + 6
    print(f"  {label:<{width}} median {statistics.median(times) * 1000:{size}.{digits}f} ms   "
          f"min {min(times) * 1000:{size}.{digits}f} ms   (n={len(times)})")


_clock = time.perf_counter


def use_cpu_clock() -> None:
    """Time by this process's CPU seconds (``time.process_time``) rather than the wall
    clock: on a machine other work keeps busy, the figures then leave out the time spent
    waiting for a core (the yardstick too, so ratios stay comparable)."""
    global _clock
    _clock = time.process_time


def clock() -> float:
    """The benchmarks' clock: the wall clock, or CPU seconds after ``use_cpu_clock``."""
    return _clock()


def timed(label: str, fn: Callable[[], object], repeat: int, width: int = 44,
          digits: int = 1) -> list[float]:
    """Run ``fn`` ``repeat`` times, print its figure line (``report``) and return the times."""
    times = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    report(label, times, width, digits)
    return times


def _loop_ms() -> float:
    start = clock()
    sum(range(10**6))
    return (clock() - start) * 1000


def correction(i: int) -> dict[str, Any]:
    name = SIX["players"][i % 6]["name"]
    return {"type": "correction", "player": name, "reason": "bench padding", "money": 1}


def log_of(length: int, then: int = 0) -> list[dict[str, Any]]:
    """A legal log of ``length + then`` events: a real 6-player game, with corrections
    inserted after turn 1 when the game is shorter (so the events after ``length`` are still
    real turns of the game)."""
    events = [event_dict(e) for e in whole_six_player_game().events]
    missing = length + then - len(events)
    if missing > 0:
        after_turn_1 = next(i for i, e in enumerate(events) if e["type"] == "refresh") + 1
        events[after_turn_1:after_turn_1] = [correction(i) for i in range(missing)]
    return events[: length + then]


if __name__ == "__main__":
    print(machine())
    g = six_players_at_turn()
    print(f"fixture: 6 players at the start of turn 8: {len(g.events)} events; "
          f"a whole game (seed {SEED}): {len(whole_six_player_game().events)} events")
