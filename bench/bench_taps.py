"""Taps per turn: complete seeded 4-player games entered through the Table page's widgets
(streamlit AppTest) only, counted as the UI test driver counts them (a button 1, a typed
number 1, a multiselect item 1, opening an expander 1).

Prints per turn: taps, Decisions with two or more outcomes, taps on steps with one outcome;
then one JSON line: the game with Builders' taps per turn and per decision, and the taps on
one-outcome steps of both games (session 7: the base game had one, a University with one
track to reorder; the tap on an action with one way to go now records it).
Session 12 (issue 33): unchanged at a median of 43.5 taps per turn (Builders; 42.5 base),
1.0 tap per decision, 0 taps on one-outcome steps: per turn about 24.5 placements, 7 taps
reading the goods and buildings turned up, 12 answers in the resolution, each a question
with two or more outcomes (one tap each).
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from pathlib import Path
from statistics import mean, median

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "app"))

from ui_driver import Driver, new_app, next_answer, open_table  # noqa: E402

from companion.store import Store, default_url  # noqa: E402
from companion.ui import saved_games  # noqa: E402


def play(setup: dict, seed: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        os.environ.pop("COMPANION_DB_URL", None)
        os.environ["COMPANION_DATA_DIR"] = folder  # the app and the bench share this database
        saved_games._store_at.clear()
        store = Store(default_url())
        at = new_app()
        sg = store.create_game(setup)
        open_table(at, sg.id)
        driver = Driver(at, store, sg.id)
        rng = random.Random(seed)
        per_turn: dict[int, dict[str, int]] = {}
        while True:
            game = store.load(sg.id).game
            state = game.state
            if state.phase == "over":
                break
            turn = 0 if state.phase == "setup" else state.turn
            before = (driver.taps, driver.decisions, driver.one_answer_taps)
            driver.enter(next_answer(game, rng))
            row = per_turn.setdefault(turn, {"taps": 0, "decisions": 0, "one_answer_taps": 0})
            row["taps"] += driver.taps - before[0]
            row["decisions"] += driver.decisions - before[1]
            row["one_answer_taps"] += driver.one_answer_taps - before[2]
        store.close()
        return {"per_turn": per_turn, "choice_taps": driver.choice_taps,
                "decisions": driver.decisions, "report_taps": driver.report_taps,
                "one_answer_taps": driver.one_answer_taps}


def main() -> None:
    setups = {
        "4 players, Builders": {"players": [{"name": f"P{i}"} for i in range(4)],
                                "options": {"builders": True}},
        "4 players, base game": {"players": [{"name": f"P{i}"} for i in range(4)]},
    }
    summary = None
    for title, setup in setups.items():
        result = play(setup, seed=1)
        turns = {t: r for t, r in result["per_turn"].items() if t}
        print(f"{title}: set-up {result['per_turn'].get(0, {}).get('taps', 0)} taps")
        for t, r in sorted(turns.items()):
            print(f"  turn {t}: {r['taps']:3d} taps, {r['decisions']:3d} decisions with 2+ "
                  f"outcomes, {r['one_answer_taps']} taps on one-outcome steps")
        taps = [r["taps"] for r in turns.values()]
        print(f"  mean {mean(taps):.1f}, median {median(taps)}; report taps "
              f"{result['report_taps']}; {result['choice_taps']} taps on "
              f"{result['decisions']} decisions")
        if summary is None:
            summary = {"taps_per_turn_median": median(taps),
                       "one_answer_taps": 0,
                       "taps_per_decision": round(result["choice_taps"]
                                                  / max(result["decisions"], 1), 3)}
        summary["one_answer_taps"] += result["one_answer_taps"]  # over every game played
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
