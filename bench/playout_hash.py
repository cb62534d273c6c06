"""The fingerprint of the engine's random games: a SHA-256 over the event logs of seeded
random playouts (2, 4 and 6 players, seeds 0..24 each). A change that keeps every game the
same (a faster engine, code moved) prints the same hash; one that changes a game prints
another, and its note must say why.

    .venv/bin/python bench/playout_hash.py [--seeds N]

Kept (75 games, seeds 0..24): see ``KEPT`` below; the script says whether it matches.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

from companion.engine import event_dict, random_game

# The hash of the 75 games. cd1060e7... at 086e94e, unchanged by issue 29's engine work;
# e38aa3eb... once main had issue 28's rules fixes (Holland, Italy, Portugal, Rewrite
# History, refresh): main alone and main with issue 29 both print it.
# d598b32d... (issue 33, s13taps): a refresh whose buildings (or goods) the rules fix (the
# free slots take every tile left in the pile) is no longer asked, so a random game no
# longer draws a random pick there; 4 of the 75 games (6 players, Age I pile run out)
# go on differently from that refresh. Every stored record replays to the same state.
KEPT = "d598b32d5cd440f5b1ab480d46d859372e24dbede308c4f13025209364681098"


def playout_hash(seeds: int) -> str:
    digest = hashlib.sha256()
    for players in (2, 4, 6):
        setup = {"players": [{"name": f"P{i}"} for i in range(players)]}
        for seed in range(seeds):
            game = random_game(setup, seed=seed)
            for ev in game.events:
                digest.update(json.dumps(event_dict(ev), sort_keys=True).encode())
                digest.update(b"\n")
            digest.update(b"--\n")
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=25)
    args = parser.parse_args()
    start = time.perf_counter()
    found = playout_hash(args.seeds)
    print(f"playout log hash ({3 * args.seeds} games): {found} "
          f"({time.perf_counter() - start:.1f} s)")
    if args.seeds == 25:
        print("same as kept" if found == KEPT else f"DIFFERENT from kept {KEPT}")
        sys.exit(0 if found == KEPT else 1)


if __name__ == "__main__":
    main()
