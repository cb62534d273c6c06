"""Command line: ``python -m companion replay|check RECORD.json``.

``replay`` prints the standings with each player's VP breakdown (``--json`` for machines);
``check`` validates a record and reports the first refused event with its index (exit 1).
Both also read score-sheet records (``docs/record-format.md``): those are scored, not replayed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.engine import EngineError, Game, Phase, standings
from companion.rules.editions import TURNS
from companion.scoring import ScoreBreakdown
from companion.sheet import ScoreSheet, is_sheet_record
from companion.sheet import from_record as sheet_from_record


def _load(path: str) -> Game | ScoreSheet:
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise EngineError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise EngineError(f"{path} is not JSON (line {exc.lineno}: {exc.msg})") from None
    if is_sheet_record(record):
        return sheet_from_record(record)[0]
    return Game.from_record(record)


def standings_data(game: Game | ScoreSheet) -> dict[str, Any]:
    if isinstance(game, ScoreSheet):
        ranked = [(r.place, r.score) for r in game.results()]
        return {"edition": game.edition, "finished": True, "turn": TURNS[-1],
                "players": _rows(ranked)}
    state = game.state
    return {
        "edition": game.setup.edition,
        "finished": state.phase == Phase.OVER,
        "turn": state.turn,
        "players": _rows(standings(state)),
    }


def _rows(ranked: list[tuple[int, ScoreBreakdown]]) -> list[dict[str, Any]]:
    return [
        {
            "place": place,
            "player": s.player,
            "colonies": list(s.colony),
            "discoveries": s.discoveries,
            "buildings": s.buildings_total,
            "economy": s.economy,
            "bought": s.bought,
            "total": s.total,
            "money": s.money,
            "tie_goods": s.tie_goods,
        }
        for place, s in ranked
    ]


def _table(data: dict[str, Any]) -> str:
    head = (f"{'#':>2}  {'player':<16}{'age I':>6}{'age II':>7}{'age III':>8}{'disc':>6}"
            f"{'bldg':>6}{'econ':>6}{'bought':>7}{'total':>7}{'$':>5}")
    lines = [f"{data['edition']} — " + ("final" if data["finished"] else
                                         f"provisional, turn {data['turn']}"), head]
    for row in data["players"]:
        a, b, c = row["colonies"]
        lines.append(
            f"{row['place']:>2}  {row['player'][:15]:<16}{a:>6}{b:>7}{c:>8}"
            f"{row['discoveries']:>6}{row['buildings']:>6}{row['economy']:>6}{row['bought']:>7}"
            f"{row['total']:>7}{row['money']:>5}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("replay", help="print standings and VP breakdown of a game record "
                                        "(or a score-sheet record)")
    rep.add_argument("record")
    rep.add_argument("--json", action="store_true", help="print JSON instead of a table")
    chk = sub.add_parser("check", help="validate a game record (or a score-sheet record)")
    chk.add_argument("record")
    args = parser.parse_args(argv)
    try:
        game = _load(args.record)
    except EngineError as exc:
        print(f"{args.record}: {exc}", file=sys.stderr)
        return 1
    if args.command == "check":
        if isinstance(game, ScoreSheet):
            print(f"{args.record}: valid score sheet, {len(game.players)} players")
        else:
            print(f"{args.record}: valid, {len(game.events)} events, "
                  f"{game.state.describe()}")
        return 0
    data = standings_data(game)
    print(json.dumps(data, indent=2) if args.json else _table(data))
    return 0
