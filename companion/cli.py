"""Command line: ``python -m companion replay|check|report RECORD.json``, ``export``, ``import``.

``report RECORD.json [--png OUT.png] [--json]`` (or ``--game ID``: a stored game) prints the
end-of-game report (``companion.report``) and writes its picture.

``replay`` prints the standings with each player's VP breakdown (``--json`` for machines;
``--turn N``: as they stood at the end of turn N, its colony scoring included); ``check``
validates a record and reports the first refused event with its index (exit 1). Both also
read score-sheet records of every game family (``docs/record-format.md``): those are scored
by their family, not replayed, and show that family's categories.

``export --format json|csv|bgstats|bgg [--game ID ...] [-o FILE]`` writes the saved games
(all of them unless ``--game`` names some) to standard output, or to FILE; nothing else goes
to standard output. ``import FILE [--as NAME=PLAYER ...]`` reads our records and bundles and
BG Stats exports (``companion.exchange``). Both use the app's database (``COMPANION_DB_URL``
or ``COMPANION_DATA_DIR``), or ``--db URL``.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from companion.engine import EngineError, Game, GameState, Phase, standings
from companion.exchange import exports, imports
from companion.games import InvalidSheet, Scored, Sheet, family
from companion.games.sheet_records import is_sheet_record, read_sheet_record
from companion.i18n import DEFAULT, _, language_from_environment, ngettext, use_language
from companion.record_files import Limits, RecordError, read_file, read_path
from companion.scoring import ScoreBreakdown


def _load(path: str) -> Game | Sheet:
    records = read_path(path)  # size, encoding, JSON, depth: RecordError
    if len(records) != 1:
        raise RecordError(ngettext(
            "{path} holds {n} record: check or replay one at a time (the History imports a "
            "whole bundle)",
            "{path} holds {n} records: check or replay one at a time (the History imports a "
            "whole bundle)", len(records)).format(path=path, n=len(records)))
    record = records[0]
    if is_sheet_record(record):
        sheet = read_sheet_record(record)[0]
        family(sheet.game).check(sheet)
        return sheet
    return Game.from_record(record)


def sheet_data(sheet: Sheet) -> dict[str, Any]:
    """A score sheet's result: the game, its winners and, best place first, each player's
    place (1 only for winners), total and points per category."""
    scored = family(sheet.game).score(sheet)
    return {"game": sheet.game, "finished": True, "winners": list(scored.winners),
            "players": [{"player": p.player, "place": p.place, "total": p.total,
                         "breakdown": dict(p.breakdown)} for p in scored.players]}


def standings_data(game: Game | Sheet, turn: int | None = None) -> dict[str, Any]:
    """Standings, best first, places after every tie-break (players still tied share one);
    ``turn``: as they stood at the end of that turn (a tracked game only)."""
    if isinstance(game, Sheet):
        if turn is not None:
            raise EngineError(_("a score sheet has only the final scores: no --turn"))
        return sheet_data(game)
    state: GameState = game.state if turn is None else game.at_turn_end(turn)
    return {
        "edition": game.setup.edition,
        "finished": state.phase == Phase.OVER,
        "turn": state.turn if turn is None else turn,
        "end_of_turn": turn is not None,
        "players": _rows(standings(state)),
    }


def breakdown(s: ScoreBreakdown) -> dict[str, Any]:
    """One player's VP by category of a tracked game, under the key ``breakdown``."""
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
    """The standings as a text table, in the language of the locale variables."""
    titles = [_("age I"), _("age II"), _("age III"), _("disc"), _("bldg"), _("econ"),
              _("bought"), _("total"), "$"]
    widths = [max(len(t) + 1, w) for t, w in zip(titles, (6, 7, 8, 6, 6, 6, 7, 7, 5),
                                                   strict=True)]
    player = _("player")
    head = f"{'#':>2}  {player:<16}" + "".join(
        f"{t:>{w}}" for t, w in zip(titles, widths, strict=True))
    when = (_("final") if data["finished"]
            else _("at the end of turn {turn}").format(turn=data["turn"])
            if data.get("end_of_turn") else _("provisional, turn {turn}").format(
                turn=data["turn"]))
    lines = [f"{data['edition']} — {when}", head]
    for row in data["players"]:
        cells = [*row["colonies"], row["discoveries"], row["buildings"], row["economy"],
                 row["bought"], row["total"], row["money"]]
        lines.append(f"{row['place']:>2}  {row['player'][:15]:<16}" + "".join(
            f"{v:>{w}}" for v, w in zip(cells, widths, strict=True)))
    return "\n".join(lines)


HEADING_WIDTH = 11  # a category's heading wraps at this width, never cut


def _sheet_table(sheet: Sheet, scored: Scored) -> str:
    """One column per category of the sheet's family, its whole name wrapped on as many
    heading lines as it needs ("Cities &" over "connections"), then the total."""
    f = family(sheet.game)
    titles = [textwrap.wrap(f.word(c.label), HEADING_WIDTH) or [""]
              for c in scored.categories]
    widths = [max(6, *map(len, t)) + 1 for t in titles]
    rows = max(map(len, titles))
    heads = [[""] * (rows - len(t)) + t for t in titles]  # the last words on the last line
    final, player, total = _("final"), _("player"), _("total")
    tw = max(8, len(total) + 1)
    lines = [f"{f.name} — {final}"]
    for row in range(rows):
        last = row == rows - 1
        lines.append((f"{'#' if last else '':>2}  {player if last else '':<16}"
                      + "".join(f"{h[row]:>{w}}" for h, w in zip(heads, widths, strict=True))
                      + f"{total if last else '':>{tw}}").rstrip())
    for p in scored.players:
        cells = "".join(f"{p.breakdown[c.id]:>{w}}"
                        for c, w in zip(scored.categories, widths, strict=True))
        mark = f"  ({p.note})" if p.note else ""
        lines.append(f"{p.place:>2}  {p.player[:15]:<16}{cells}{p.total:>{tw}}{mark}")
    won = " & ".join(scored.winners) or _("nobody (no player could win)")
    lines.append(_("winner: {winners}").format(winners=won))
    return "\n".join(lines)


def _open(url: str | None):  # noqa: ANN202 - a Store, or None once the problem is said
    """The database, or None after saying on standard error why it cannot be opened."""
    from companion.store import DatabaseProblem, open_store  # only the commands that use it

    try:
        return open_store(url)
    except DatabaseProblem as exc:
        print(_("cannot open the database: {problem}").format(problem=exc), file=sys.stderr)
        return None


def _export(args: argparse.Namespace) -> int:
    from companion.store import DatabaseProblem

    store = _open(args.db)
    if store is None:
        return 1
    try:
        ids = list(dict.fromkeys(args.game)) if args.game else None
        missing = store.missing(ids) if ids else []
        if missing:
            print(_("there is no saved game {ids}: nothing was exported").format(
                ids=", ".join(map(str, missing))), file=sys.stderr)
            return 1
        if args.format in ("bgstats", "bgg"):
            left = exports.unfinished(store, ids)
            if left:
                print(ngettext("left out {n} game not finished ({ids}): other apps log "
                               "finished plays",
                               "left out {n} games not finished ({ids}): other apps log "
                               "finished plays", len(left)).format(
                    n=len(left), ids=", ".join(map(str, left))), file=sys.stderr)
        with use_language(DEFAULT):  # what is written is data: the same in every language
            text = exports.export(store, args.format, ids)
    except DatabaseProblem as exc:
        print(_("cannot read the database: {problem}").format(problem=exc), file=sys.stderr)
        return 1
    finally:
        store.close()
    if not text.endswith("\n"):
        text += "\n"
    if args.output:
        if not _write_file(args.output, text.encode("utf-8")):
            return 1
    else:
        sys.stdout.write(text)
    return 0


def _name_pair(text: str) -> tuple[str, str]:
    imported, sep, here = text.partition("=")
    if not sep or not imported.strip() or not here.strip():
        raise argparse.ArgumentTypeError(
            _("say NAME=PLAYER (e.g. Anne=Ann), not {text!r}").format(text=text))
    return " ".join(imported.split()), " ".join(here.split())


def _import(args: argparse.Namespace) -> int:
    from companion.store import DatabaseProblem

    limits = Limits.from_env()
    try:
        data = read_file(args.file, limits)
    except OSError as exc:
        print(_("cannot read {file}: {problem}").format(
            file=args.file, problem=exc.strerror or _("unknown error")), file=sys.stderr)
        return 1
    except RecordError as exc:
        print(_("Refused {f}").format(f=exc), file=sys.stderr)
        return 1
    try:
        incoming = imports.read(data, args.file, limits)  # refused before the database opens
    except EngineError as exc:
        print(_("Refused {f}").format(f=exc), file=sys.stderr)
        return 1
    store = _open(args.db)
    if store is None:
        return 1
    try:
        report = imports.import_read(store, [incoming], names=dict(args.names or []))
    except DatabaseProblem as exc:
        print(_("cannot write to the database: {problem}").format(problem=exc),
              file=sys.stderr)
        return 1
    finally:
        store.close()
    for line in report.lines():
        print(line)
    return 1 if report.failed else 0


def _stored_report(args: argparse.Namespace) -> tuple[Game | Sheet, Any] | None:
    """The stored game ``--game`` names and the day it was played, or None once the
    problem is said on standard error."""
    from companion.store import DatabaseProblem, GameNotFound, WrongKind

    store = _open(args.db)
    if store is None:
        return None
    try:
        try:
            stored = store.load(args.game)
            return stored.game, stored.created
        except WrongKind:
            sheet = store.load_sheet(args.game)
            return sheet.sheet, sheet.created
    except (GameNotFound, WrongKind, EngineError) as exc:
        print(_("game {id}: {why}").format(id=args.game, why=exc), file=sys.stderr)
    except DatabaseProblem as exc:
        print(_("cannot read the database: {problem}").format(problem=exc), file=sys.stderr)
    finally:
        store.close()
    return None


def _report(args: argparse.Namespace, game: Game | Sheet, played: Any = None) -> int:
    """The end-of-game report: JSON (ids and numbers) or sentences, and the picture."""
    from companion.report import game_report, sheet_report
    from companion.report.words import moment_text

    report = sheet_report(game) if isinstance(game, Sheet) else game_report(game)
    if args.png:
        from companion.report import picture

        if not picture.available():
            print(_("cannot draw the picture: matplotlib is not installed"), file=sys.stderr)
            return 1
        with use_language(language_from_environment()):  # the picture is in words
            png = picture.picture(report, played)
        if not _write_file(args.png, png):
            return 1
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
        return 0
    print(_sheet_table(game, family(game.game).score(game)) if isinstance(game, Sheet)
          else _table(standings_data(game)))
    print()
    for moment in report.moments:
        print("- " + moment_text(report, moment))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    exp = sub.add_parser("export", help="write saved games as JSON, CSV, a BG Stats file or "
                                        "BoardGameGeek play XML")
    exp.add_argument("--format", choices=exports.FORMATS, default="json",
                     help="json: our bundle (default); csv: the history; bgstats: a BG Stats "
                          "export; bgg: BoardGameGeek play XML")
    exp.add_argument("--game", type=int, nargs="+", action="extend", metavar="ID",
                     help="only these games (default: all)")
    exp.add_argument("-o", "--output", metavar="FILE", help="write here, not to standard output")
    exp.add_argument("--db", metavar="URL", help="the database (default: the app's)")
    imp = sub.add_parser("import", help="import our records and bundles, or a BG Stats export")
    imp.add_argument("file")
    imp.add_argument("--as", dest="names", type=_name_pair, action="append",
                     metavar="NAME=PLAYER",
                     help="the player kept here that a name in the file is (repeatable)")
    imp.add_argument("--db", metavar="URL", help="the database (default: the app's)")
    rep = sub.add_parser("replay", help="print standings and VP breakdown of a game record "
                                        "(or a score-sheet record)")
    rep.add_argument("record")
    rep.add_argument("--json", action="store_true", help="print JSON instead of a table")
    rep.add_argument("--turn", type=int, metavar="N",
                     help="the standings at the end of turn N (its colony scoring included)")
    rpt = sub.add_parser("report", help="the end-of-game report (standings by category and the "
                                        "game's moments) and its picture, of a game record, a "
                                        "score-sheet record or a stored game")
    rpt.add_argument("record", nargs="?")
    rpt.add_argument("--game", type=int, metavar="ID", help="a stored game, not a file")
    rpt.add_argument("--png", metavar="OUT.png", help="write the picture to share here")
    rpt.add_argument("--json", action="store_true", help="print JSON (ids and numbers)")
    rpt.add_argument("--db", metavar="URL", help="the database (default: the app's)")
    chk = sub.add_parser("check", help="validate a game record (or a score-sheet record)")
    chk.add_argument("record")
    args = parser.parse_args(argv)
    if args.command == "report" and (args.record is None) == (args.game is None):
        parser.error(_("report: give a RECORD.json or --game ID (one of them)"))
    # Words follow the usual locale variables; JSON is for machines: never translated.
    lang = DEFAULT if getattr(args, "json", False) else language_from_environment()
    with use_language(lang):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    if args.command == "export":
        return _export(args)
    if args.command == "import":
        return _import(args)
    if args.command == "report" and args.game is not None:
        found = _stored_report(args)
        return 1 if found is None else _report(args, *found)
    try:
        game = _load(args.record)
    except RecordError as exc:  # already names the file
        print(exc, file=sys.stderr)
        return 1
    except InvalidSheet as exc:
        problems = exc.errors
        print(ngettext("{record}: refused score sheet ({n} problem):",
                       "{record}: refused score sheet ({n} problems):", len(problems)).format(
            record=args.record, n=len(problems)), file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    except EngineError as exc:
        print(_("{source}: {why}").format(source=args.record, why=exc), file=sys.stderr)
        return 1
    if args.command == "report":
        return _report(args, game)
    if args.command == "check":
        if isinstance(game, Sheet):
            f = family(game.game)
            print(_("{record}: valid score sheet, {n} players ({game})").format(
                record=args.record, n=len(game.players), game=f.name))
            for doubt in f.warnings(game):
                print("  " + _("to confirm: {doubt}").format(doubt=doubt))
        else:
            print(ngettext("{record}: valid, {n} event, {where}",
                           "{record}: valid, {n} events, {where}", len(game.events)).format(
                record=args.record, n=len(game.events), where=game.state.describe()))
        return 0
    try:
        data = standings_data(game, args.turn)
    except (EngineError, ValueError) as exc:
        print(_("{source}: {why}").format(source=args.record, why=exc), file=sys.stderr)
        return 1
    if isinstance(game, Sheet) and not args.json:
        print(_sheet_table(game, family(game.game).score(game)))
        return 0
    print(json.dumps(data, indent=2) if args.json else _table(data))
    return 0


def _write_file(path: str, data: bytes) -> bool:
    """Write ``data`` to ``path``, saying so (or why not) on standard error."""
    try:
        with open(path, "wb") as out:
            out.write(data)
    except OSError as exc:
        print(_("cannot write {file}: {problem}").format(
            file=path, problem=exc.strerror or exc), file=sys.stderr)
        return False
    print(_("wrote {file}").format(file=path), file=sys.stderr)
    return True
