"""Engine benchmark: replay of a complete 6-player game (the one kept in bench/games), one
state copy, random playouts per second (2, 4 and 6 players, one core), and where a 4-player
playout's time goes (played, replayed, folded).

    .venv/bin/python bench/bench_engine.py [--rounds N] [--seconds S]

The engine is plain Python (interpreted): issue 29 removed the mypyc build of session 11.

Playouts: ``random_game(setup, seed=k)`` for k = 0, 1, 2, ... for ``--seconds`` per round;
the median over ``--rounds`` rounds is printed, by the wall clock and by this process's CPU
time (on a machine shared with other work the CPU figure moves less).

Issue 11's figures on the 2-core shared machine (medians, wall clock; see
notes/issue-11-final.md): before (17705bb) 2 / 4 / 6 players about 11 / 5.5 / 3 games/s.
Issue 11 item 6, playouts (notes/issue-11-playouts.md; three before/after pairs, the median
of each side, ``--rounds 3 --seconds 3``): before (main, 51ed7ee) 2 / 4 / 6 players
30.4 / 14.4 / 9.2 games/s, replay 28.6 ms; after 37.8 / 19.1 / 12.5 games/s, replay 23.1 ms.
Merged on main, one quiet back-to-back pair: 27.6 / 13.6 / 8.7 -> 40.2 / 22.1 / 13.1 games/s,
replay 31.4 -> 24.3 ms.
Second round (session 5; notes/issue-11-playouts-2.md; the enum-names commit of that
branch was not merged): two back-to-back pairs, ``--rounds 3 --seconds 3``, yardstick
33-36 ms, before (38488f6) 2 / 4 / 6 players 34.4-36.9 / 18.5-19.4 / 11.8-12.3 games/s,
after 44.6-46.9 / 23.1-24.4 / 15.0-15.3 games/s; the replay of the kept 522-event game
26.2-27.4 -> 22.9-24.5 ms. The random stream changed in that round (actions are asked
only when a power is tried): the replayed game is the one kept in bench/games.
The target of 100 four-player games/s is not reached.
Session 6 (yardstick 30 ms): 46.9 / 23.9 / 15.1 games/s, replay 19.1 ms. Measured and not
adopted: the engine's logic modules compiled with mypyc (state, Decisions and events left
interpreted) gave 33.5-38.8 four-player games/s against 23.6-24.1, about 1.5x; compiling
the state and the Decisions too was slower (32.6). Labels and notes left blank: about 3%.
Session 7 added the last line, the time of one 4-player game split: played about 37-41 ms,
replayed from its dict log about 11.7 ms, folded from its parsed events about 9.0 ms (the
fold alone runs at about 112 games/s). At 100 games/s a game may take 10 ms: the fold alone
uses 9 of them, and asking the engine's Decisions (every answer listed and probed) takes
about 30 ms more. The target needs both several times faster, not a trim. Two trims tried
this session (cached placement prompts; the placement answers marked ready once) saved
0.75% of the instructions (callgrind, 4 games) and were not kept.
Session 9: answers whose follow-ups have as many outcomes share an ``alike`` key, so an
expedition probes one region per kind (token known, unknown, a card), not every region:
the same games, 111.7 -> 104.9 M instructions per 4-player game (callgrind, 6 games); with
a plain loop in ``_ask``, 104.3 M. Two back-to-back pairs (before e6e46ad, yardstick 14-20
ms): 4 players 71.9 / 70.4 -> 77.6 / 72.4 games/s; one game played in 14.3 / 13.6 -> 12.3 /
12.1 ms. The target of 100 four-player games/s is still not reached.
Session 10: each turn's snapshot scores without end facts when no building reads them, the
placement answers marked ready as built and found by dict lookups, a flat open-place probe:
104.4 -> 97.3 M instructions per 4-player game (callgrind, 6 games; same games). Two
back-to-back pairs (before 61951cb, yardstick 14-16 ms): 2 / 4 / 6 players 160.5 / 79.9 /
50.6 and 150.8 / 79.4 / 47.0 -> 168.0 / 81.4 / 52.8 and 164.7 / 81.6 / 53.0 games/s. Still
short of 100 four-player games/s.
Session 11: the engine compiled with mypyc (docs/compiled-engine.md; its logic modules and
its state, the values and pydantic models left interpreted), the same games (the playout
log hash is unchanged and a test compares both engines). Callgrind, instructions per
4-player game (6 games): 96.8 M interpreted -> 59.8 M compiled. Two back-to-back pairs
(before 0ca8b45, interpreted; yardstick 12-15 ms): 2 / 4 / 6 players 152.6 / 80.4 / 50.0 and
141.1 / 71.3 / 45.5 -> compiled 235.9 / 117.3 / 77.9 and 233.6 / 115.2 / 78.4 games/s; one
4-player game played in 12.3 / 11.9 -> 7.0 / 7.4 ms. The same code interpreted
(COMPANION_ENGINE=interpreted): 158.8 / 75.0 / 45.8. The target of 100 four-player games/s
is reached compiled.
Session 13 (issue 29, the compile switch gone: plain Python only). Callgrind, instructions
per 4-player game (seeds 0..5, less a warm run of seed 99; the same games, playout hash
e38aa3eb... unchanged, then d598b32d... with issue 33's refresh): 103.7 M (main 116c12e) ->
78.7 M (-24%). The wins, each its own commit: discovery tokens compared by their face as
numbers (``FACE_KEYS``), never put in words while listing legal moves, and the unseen
tokens listed once per expedition question (103.7 -> 87.6 M); the charts' timeline no
longer built by the fold (``Game.timeline`` replays the log for a chart; -> 84.5 M); each
track's open places written out in one pass (``placement.open_labels``) instead of one
opener call per place (-> 83.1 M); the fold's turn checks, ``resolution.pending`` (its
values made once), ``Legal.only_move``, ``parse_event`` and ``moves.settled`` in fewer
steps (-> 78.7 M). Wall clock on a machine with a load of about
3 on its 2 cores (other engineers' suites), two back-to-back pairs, ``--rounds 3 --seconds
2``: before (yardstick 40.6 / 26.0 ms) 2 / 4 / 6 players 43.8 / 32.0 / 26.0 and 43.9 /
41.8 / 22.8 games/s; after (yardstick 17.8 / 18.3 ms) 106.8 / 41.1 / 23.1 and 83.3 / 47.3 /
25.6 games/s; one 4-player game played in 22.5 / 24.9 -> 31.6 / 19.6 ms; the replay of the
kept 522-event game 20.5 / 19.5 -> 6.8 / 7.5 ms (no snapshots). The wall clock
moved more with the load than with the code: read the callgrind figure. The target of 150
four-player games/s (about 55 M instructions) is not reached.
Session 14 (issue 29). Callgrind (``bench/bench_instructions.sh``) with string hashes fixed
(PYTHONHASHSEED=0: the count moves by about 3 M between unseeded runs), the component names
read once before counting (a one-time load, no longer done by the warm-up game once listing
builds no words): 79.4 M (79f4506) -> 57.8 M (-27%), the playout hash unchanged. The wins:
placement's open places as bits made in one pass, reused by the placement that answers the
question on the same state at the same event, its moves picked from each placer's list (79.0
-> 71.7, then 61.1 -> 59.9 M, tracks/placement.py); the refresh and set-up reports,
purchases, discoveries, buy VP and the actions beside a question listed without words (about
8 M); ids, income holdings and swaps checked in C passes, a track's awaited answer taken
without a second check, playouts reading the actions without words (about 3.5 M). Wall
clock, two back-to-back pairs on a quiet machine whose speed still moved (yardstick
16.7-21.2 ms), ``--rounds 3 --seconds 3``: 2 / 4 / 6 players 122.7 / 62.3 / 29.7 and 122.3 /
70.1 / 36.3 -> 174.4 / 89.7 / 61.0 and 148.3 / 66.9 / 59.4 games/s; one 4-player game played
in 11.9 / 16.4 -> 9.9 / 12.8 ms; the replay of the kept 522-event game 9.3 / 7.5 -> 5.4 /
5.6 ms. The target of 150 four-player games/s (6.7 ms a game) is not reached.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixtures import whole_six_player_game  # noqa: E402

from companion.engine import Game, replay  # noqa: E402
from companion.engine.fold import apply_in_place  # noqa: E402
from companion.engine.playout import random_game  # noqa: E402
from companion.engine.setup import parse_setup  # noqa: E402
from companion.engine.state import initial_state  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    best = min(_loop_ms() for _ in range(5))
    print(f"engine: interpreted (plain Python {sys.version.split()[0]})")
    print(f"machine yardstick: sum(range(10**6)) in {best:.1f} ms (best of 5)")
    game = whole_six_player_game()  # kept in bench/games: the same game whatever the stream
    setup = game.record()["setup"]
    events = [e.model_dump() for e in game.events]
    times = []
    for _ in range(20):
        start = time.perf_counter()
        replay(setup, events)
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
        wall, cpu, events = [], [], []
        for _ in range(args.rounds):
            count, total_events = 0, 0
            start, start_cpu = time.perf_counter(), time.process_time()
            while time.perf_counter() - start < args.seconds:
                g = random_game(setup, seed=count)
                total_events += len(g.events)
                count += 1
            elapsed = time.perf_counter() - start
            wall.append(count / elapsed)
            cpu.append(count / (time.process_time() - start_cpu))
            events.append(total_events / elapsed)
        print(f"random playouts, {players} players: median {statistics.median(wall):.2f} "
              f"games/s (min {min(wall):.2f}, max {max(wall):.2f}; by CPU time "
              f"{statistics.median(cpu):.2f}; {statistics.median(events):.0f} events/s; "
              f"{args.rounds} rounds of {args.seconds:g} s)")
    _time_split(players=4, games=40, rounds=args.rounds)


def _time_split(players: int, games: int, rounds: int) -> None:
    """Where a playout's time goes: the same games played, replayed from their dict logs
    (parse + apply, as a load does), and folded from their parsed events (apply alone: no
    Decision asked, nothing parsed). At 100 games/s a game may take 10 ms in all."""
    setup = {"players": [{"name": f"P{i}"} for i in range(players)]}
    logs = [list(random_game(setup, seed=k).events) for k in range(games)]
    dicts = [[e.model_dump() for e in log] for log in logs]
    parsed_setup = parse_setup(setup)

    def play() -> None:
        for k in range(games):
            random_game(setup, seed=k)

    def load() -> None:
        for log in dicts:
            replay(setup, log)

    def fold() -> None:
        for log in logs:
            state = initial_state(parsed_setup)
            for ev in log:
                apply_in_place(state, ev)

    ms = {}
    for name, run in (("played", play), ("replayed", load), ("folded", fold)):
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        ms[name] = statistics.median(times) / games * 1000
    print(f"one {players}-player game ({sum(map(len, logs)) / games:.0f} events, {games} seeds): "
          f"played {ms['played']:.1f} ms; replayed from its log {ms['replayed']:.1f} ms; "
          f"folded from parsed events {ms['folded']:.1f} ms (apply alone: "
          f"{1000 / ms['folded']:.0f} games/s); so the Decisions and random answers take "
          f"{ms['played'] - ms['folded']:.1f} ms")


def _loop_ms() -> float:
    start = time.perf_counter()
    sum(range(10**6))
    return (time.perf_counter() - start) * 1000


if __name__ == "__main__":
    main()
