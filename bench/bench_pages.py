"""Page reruns and one tap through streamlit's AppTest. Prints figures; asserts nothing on time.

    .venv/bin/python bench/bench_pages.py [--reruns N] [--taps N] [--cpu] [--profile]

The 6-player game of ``fixtures.py`` at the start of turn 8 is saved in a temp data
directory; then, in one AppTest session (the app's own script, in this process):

* Table page: median and min of ``--reruns`` reruns of an unchanged game;
* Scoreboard page: the same;
* one tap: place a worker (the first placement button), then Undo it; each is a button click
  and the rerun it triggers, as the app serves it. Repeated ``--taps`` times.

With ``--profile``: what a Table rerun is made of (the elements it draws, and the share of
its profiled time spent in the app's own code rather than in Streamlit).

Issue 11's figures on the 2-core shared machine (see notes/issue-11-final.md): before
(17705bb) Table rerun about 80 ms, tap place / Undo about 55 / 90 ms. Session 4 (medians,
back to back, quiet machine): before (51ed7ee) Table 28.7 ms, place / Undo 39.6 / 39.4 ms,
Scoreboard 21.9 ms; after (placement pills, tracks in two blocks) 14.5, 20.1 / 21.0, 19.2 ms.
Session 5 (page bodies compiled once, no revision read back after a tap, pages made once,
the last step's words without a second fold; seven back-to-back pairs on a loaded machine,
yardstick 33-36 ms): before (38488f6) Table 15.3-17.1 ms, place / Undo 22.1-24.0 /
23.0-24.6 ms; after Table 12.6-13.7 ms, place / Undo 17.4-20.0 / 17.2-19.7 ms.
Issue 43 (load average 5-7 on 2 cores, so ``--cpu``: CPU seconds, whose yardstick held at
9.0-9.8 ms; medians of six rounds, the turn-3 tree 086e94e, bc387e0 and after, back to
back, all on one interpreter): Table 4.1 / 5.7 / 4.3 ms (0.43 / 0.58 / 0.45 yardstick),
place 6.3 / 8.8 / 7.4 ms (0.68 / 0.93 / 0.77), Undo 6.4 / 8.7 / 7.7 ms. The wall clock's
figures on that machine moved by 2x from one round to the next. Instructions (callgrind, the
same AppTest flows, setup subtracted): a Table rerun 22.4 / 34.8 / 26.0 M, a place tap and
its Undo 59.9 / 106.8 / 73.4 M.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
from pathlib import Path
from typing import Any

from streamlit.runtime.scriptrunner import script_runner
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "app"))

from fixtures import (  # noqa: E402
    clock,
    machine,
    report,
    six_players_at_turn,
    timed,
    use_cpu_clock,
)
from ui_driver import check, first_place, new_app, open_table  # noqa: E402

from companion.store import Store, default_url  # noqa: E402
from companion.ui import saved_games  # noqa: E402


def first_key(at, prefix: str) -> str:
    for button in at.button:
        if button.key and button.key.startswith(prefix):
            return button.key
    raise AssertionError(f"no button {prefix}* on the page")


def table_profile(at: AppTest) -> None:
    """Elements of one Table rerun, and where ten reruns' profiled time goes."""
    kinds = {"buttons": len(at.button), "markdown": len(at.markdown),
             "selectboxes": len(at.selectbox), "captions": len(at.caption)}
    print("  Table elements: " + ", ".join(f"{n} {k}" for k, n in kinds.items()))
    profiler = cProfile.Profile()
    run_script = script_runner.ScriptRunner._run_script

    def profiled(self: Any, *args: Any, **kwargs: Any) -> Any:
        profiler.enable()
        try:
            return run_script(self, *args, **kwargs)
        finally:
            profiler.disable()

    script_runner.ScriptRunner._run_script = profiled
    try:
        for _ in range(10):
            check(at.run())
    finally:
        script_runner.ScriptRunner._run_script = run_script
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in stats.values())
    own = sum(row[2] for (path, _, _), row in stats.items()
              if any(part in path for part in ("/companion/", "/pages/", "app.py")))
    print(f"  Table rerun, profiled: {own / total:.0%} of the time in the app's own code "
          "(engine, views, ui services, store), the rest in Streamlit and the libraries")
    mine = sorted(((row[3], path, line, name) for (path, line, name), row in stats.items()
                   if "/companion/ui/" in path and name != "show"), reverse=True)
    print("  the app's costliest calls (cumulative, per rerun):")
    for cumulative, path, line, name in mine[:12]:
        where = path.split("/companion/")[-1]
        print(f"    {cumulative / 10 * 1000:6.2f} ms  {where}:{line} {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reruns", type=int, default=20)
    parser.add_argument("--taps", type=int, default=10)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--cpu", action="store_true",
                        help="time by CPU seconds, not the wall clock (a loaded machine)")
    args = parser.parse_args()
    if args.cpu:
        use_cpu_clock()
    print(machine())
    game = six_players_at_turn()
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as folder:
        os.environ.pop("COMPANION_DB_URL", None)
        os.environ["COMPANION_DATA_DIR"] = folder  # the app and the bench share this database
        saved_games._store_at.clear()
        with Store(default_url()) as store:
            game_id = store.import_record(game.record()).id
        print(f"6 players, turn 8, {len(game.events)} events (game #{game_id}):")
        at = new_app()
        open_table(at, game_id)
        timed("Table page rerun", lambda: check(at.run()), args.reruns)
        if args.profile:
            table_profile(at)

        def place() -> None:
            first_place(at)

        def undo() -> None:
            at.button(key=first_key(at, "undo@")).click().run()
            check(at)

        place_times, undo_times = [], []
        for _ in range(args.taps):
            for fn, times in ((place, place_times), (undo, undo_times)):
                t0 = clock()
                fn()
                times.append(clock() - t0)
        report("tap: place a worker (click + rerun)", place_times)
        report("tap: Undo (click + rerun)", undo_times)

        at.switch_page("app_pages/scoreboard.py").run()
        check(at)
        timed("Scoreboard page rerun", lambda: check(at.run()), args.reruns)
        at.switch_page("app_pages/home.py").run()
        check(at)
        timed("Home page rerun", lambda: check(at.run()), args.reruns)
        saved_games._store_at.clear()


if __name__ == "__main__":
    main()
