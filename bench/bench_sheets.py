"""Score sheets of every game family: scoring, the store, the page, and migration 0003.
Prints figures; asserts nothing on time.

    .venv/bin/python bench/bench_sheets.py [--games N] [--reruns N] [--url URL]

1. Scoring (``family(id).score``: check, then tally) of the digests' worked examples, with the
   most players each game takes: Endeavor 5, Nouveau Monde 12 (a chain of vassals), Age of
   Discovery 6.
2. The store (SQLite in a temp dir, or ``--url``): ``save_score_sheet`` then ``load_sheet``.
3. Migration 0003 on a database left at 0002 holding ``--games`` finished games of 4 seats
   (what the store wrote before families): the time ``migrate.upgrade`` takes to add the
   columns and fill every seat's breakdown.
4. The Score sheet page through AppTest, per family at its largest table: a rerun with nothing
   changed, and one number typed (the rerun it triggers).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "app"))

from fixtures import timed as timed_ms  # noqa: E402

from companion.games import Sheet, family  # noqa: E402
from companion.store import Store, make_engine, migrate  # noqa: E402

RED = {"name": "Red", "industry_track": 10, "culture_track": 8, "wealth_track": 9,
       "influence_track": 12, "cities_connections_glory": 19, "buildings_cards_glory": 11,
       "governor_slot_empty": True, "harbor_discs": 3, "slavery_cards_set_aside": 1}
NM = {"wood": 30, "metal": 2, "food": 51, "gold": 14, "cities": 4, "colonists": 1,
      "expansions": 7, "armies": 3, "research": 5}


def sheets() -> dict[str, Sheet]:
    names = ["Red", "Blue", "Green", "Yellow", "Purple"]
    endeavor = family("endeavor").parse({"players": [
        dict(RED, name=n, slavery_cards_set_aside=int(i == 0)) for i, n in enumerate(names)]})
    players = [dict(NM, name=f"P{i}", master=f"P{i - 1}" if i % 3 else None) for i in range(12)]
    nouveau = family("nouveau-monde").parse({"players": players})
    aod = family("age-of-discovery").parse({"players": [
        {"name": f"P{i}", "colony": [6, 8, 10], "discoveries": ["t01", "india"],
         "buildings": ["navy"], "goods": {"fur": 3, "sugar": 2}, "ships": 2, "money": 12 + i}
        for i in range(6)]})
    return {"endeavor": endeavor, "nouveau-monde": nouveau, "age-of-discovery": aod}


def timed(label: str, fn: Callable[[], object], repeat: int) -> None:
    timed_ms(label, fn, repeat, width=46, digits=2)  # sub-millisecond figures: 2 decimals


def old_database(url: str, games: int) -> None:
    """A database at revision 0002 with ``games`` finished games of 4 seats each."""
    engine = make_engine(url)
    try:
        with migrate.migration_transaction(engine) as conn:
            from alembic import command

            command.upgrade(migrate.config(conn), "0002")
        standing = {"place": 1, "total": 30, "colony": 12, "discoveries": 8, "buildings": 4,
                    "economy": 5, "bought": 1, "money": 3}
        with engine.begin() as conn:
            conn.execute(text(
                "INSERT INTO games (id, created, updated, kind, revision, setup, edition, "
                "options, players, status, event_count, turn, phase, winners, result) VALUES "
                "(:id, '2025-01-01 00:00:00', '2025-01-01 00:00:00', 'score_sheet', 0, '{}', "
                "'empires', '{}', '[]', 'finished', 0, 8, 'over', '[]', :result)"),
                [{"id": g, "result": json.dumps({"provisional": False, "standings": [
                    dict(standing, player=f"P{s}") for s in range(4)]})}
                 for g in range(1, games + 1)])
            conn.execute(text(
                "INSERT INTO game_players (game_id, seat, name, colour, vp, place, won) "
                "VALUES (:g, :s, :n, '', 30, 1, 1)"),
                [{"g": g, "s": s, "n": f"P{s}"} for g in range(1, games + 1) for s in range(4)])
    finally:
        engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--reruns", type=int, default=5)
    parser.add_argument("--url", default=None)
    args = parser.parse_args()
    examples = sheets()
    tmp = tempfile.mkdtemp(prefix="bench-sheets-")

    print("Scoring (check + tally):")
    for game, sheet in examples.items():
        f = family(game)
        timed(f"{f.name}, {len(sheet.players)} players", lambda f=f, s=sheet: f.score(s), 200)

    print(f"Store ({args.url or 'SQLite file'}):")
    with Store(args.url or f"sqlite:///{tmp}/store.db") as store:
        for game, sheet in examples.items():
            timed(f"save + load_sheet, {family(game).name}",
                  lambda s=sheet: store.load_sheet(store.save_score_sheet(s)), 20)

    print(f"Migration 0003 on {args.games} finished games (SQLite file, 4 seats each):")
    url = f"sqlite:///{tmp}/old.db"
    old_database(url, args.games)
    engine = make_engine(url)
    try:
        t0 = time.perf_counter()
        applied = migrate.upgrade(engine)
        took = time.perf_counter() - t0
        with engine.connect() as conn:
            filled = conn.scalar(text("SELECT count(*) FROM game_players "
                                      "WHERE breakdown IS NOT NULL"))
    finally:
        engine.dispose()
    print(f"  applied {applied}: {took:.2f} s, {filled} seats given their breakdown")

    print("Score sheet page (AppTest, this process):")
    os.environ["COMPANION_DATA_DIR"] = f"{tmp}/app"
    os.environ.pop("COMPANION_DB_URL", None)
    from ui_driver import check, new_app

    for game, count, field in (("age-of-discovery", 6, "sheet_money_0"),
                               ("endeavor", 5, "sheet_harbor_discs_0"),
                               ("nouveau-monde", 12, "sheet_wood_0")):
        at = new_app()
        at.switch_page("app_pages/score_sheet.py").run()
        at.segmented_control(key="sheet_game").set_value(game).run()
        at.segmented_control(key="sheet_count").set_value(count).run()
        check(at)
        values = iter(range(1, 10_000))
        timed(f"{family(game).name}, {count} seats: rerun", at.run, args.reruns)
        timed(f"{family(game).name}, {count} seats: type a number",
              lambda at=at, field=field, values=values: at.number_input(key=field).set_value(
                  next(values)).run(), args.reruns)
        check(at)


if __name__ == "__main__":
    main()
