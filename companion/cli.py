"""Command line: ``python -m companion replay|check RECORD.json``.

``replay`` prints the standings with each player's VP breakdown (``--json`` for machines;
``--turn N``: as they stood at the end of turn N, its colony scoring included); ``check``
validates a record and reports the first refused event with its index (exit 1). Both also
read score-sheet records (``docs/record-format.md``): those are scored, not replayed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.engine import EngineError, Game, GameState, Phase, standings
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


def standings_data(game: Game | ScoreSheet, turn: int | None = None) -> dict[str, Any]:
    """Standings, best first, places after every tie-break (players still tied share one);
    ``turn``: as they stood at the end of that turn (a tracked game only)."""
    if isinstance(game, ScoreSheet):
        if turn is not None:
            raise EngineError("a score sheet has only the final scores: no --turn")
        ranked = [(r.place, r.score) for r in game.results()]
        return {"edition": game.edition, "finished": True, "turn": TURNS[-1],
                "players": _rows(ranked)}
    state: GameState = game.state if turn is None else game.at_turn_end(turn)
    return {
        "edition": game.setup.edition,
        "finished": state.phase == Phase.OVER,
        "turn": state.turn if turn is None else turn,
        "end_of_turn": turn is not None,
        "players": _rows(standings(state)),
    }


def breakdown(s: ScoreBreakdown) -> dict[str, Any]:
    """One player's VP by category, under the key ``breakdown`` (score sheets use it too)."""
    return {"colonies": list(s.colony), "discoveries": s.discoveries,
            "buildings": dict(s.buildings), "economy": s.economy, "bought": s.bought}


def _rows(ranked: list[tuple[int, ScoreBreakdown]]) -> list[dict[str, Any]]:
    return [
        {
            "place": place,
            "player": s.player,
            "total": s.total,
            "breakdown": breakdown(s),
            # the breakdown's totals, kept for readers of the first version of this output
            "colonies": list(s.colony),
            "discoveries": s.discoveries,
            "buildings": s.buildings_total,
            "economy": s.economy,
            "bought": s.bought,
            "money": s.money,
            "tie_goods": s.tie_goods,
        }
        for place, s in ranked
    ]


def _table(data: dict[str, Any]) -> str:
    head = (f"{'#':>2}  {'player':<16}{'age I':>6}{'age II':>7}{'age III':>8}{'disc':>6}"
            f"{'bldg':>6}{'econ':>6}{'bought':>7}{'total':>7}{'$':>5}")
    when = ("final" if data["finished"] else f"at the end of turn {data['turn']}"
            if data.get("end_of_turn") else f"provisional, turn {data['turn']}")
    lines = [f"{data['edition']} — {when}", head]
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
    rep.add_argument("--turn", type=int, metavar="N",
                     help="the standings at the end of turn N (its colony scoring included)")
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
    try:
        data = standings_data(game, args.turn)
    except (EngineError, ValueError) as exc:
        print(f"{args.record}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(data, indent=2) if args.json else _table(data))
    return 0
