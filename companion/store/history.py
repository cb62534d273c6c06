"""The read side: the history's listings and filters, the statistics (computed by the
database: GROUP BY over ``game_players``), the CSV export, the players' names and the finished
games as other apps log plays. Everything here reads the summary columns every kind of record
fills in alike (``companion.store.summary``): nothing is replayed and no family's rules are
needed.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Select, and_, case, func, select

from companion.csvsafe import safe_row
from companion.games import FAMILY_IDS, TRACKED_GAME
from companion.i18n import _
from companion.store.access import Database, When, naive_utc, utc
from companion.store.players import merge_same_players
from companion.store.schema import KINDS, STATUSES, GamePlayerRow, GameRow
from companion.text import name_key


@dataclass(frozen=True)
class GameListing:
    """One line of the game history (no replay needed: read from the summary columns)."""

    id: int
    kind: str  # "tracked", "score_sheet" or "result"
    created: datetime
    updated: datetime
    edition: str
    status: str
    phase: str
    turn: int
    event_count: int
    players: list[str]
    winners: list[str]
    totals: dict[str, int]  # VP per player, provisional while in progress
    family: str = TRACKED_GAME  # the game family (companion.games)


@dataclass(frozen=True)
class PlayerStats:
    name: str
    games: int
    wins: int
    win_rate: float
    average_vp: float
    best_vp: int


@dataclass(frozen=True)
class NationStats:
    nation: str
    games: int
    wins: int
    win_rate: float
    average_vp: float
    best_vp: int


@dataclass(frozen=True)
class FamilyStats:
    family: str
    games: int  # all kept (finished or not)
    finished: int
    score_sheets: int
    results: int = 0  # imported from another app


@dataclass(frozen=True)
class PlayerFamilyStats:
    name: str
    family: str
    games: int  # finished games of that family
    wins: int


@dataclass(frozen=True)
class FinishedSeat:
    """One player of a finished game as other apps log it."""

    name: str
    score: int
    won: bool
    place: int | None
    seat: int | None  # position at the table (1 = first), when known
    start: bool  # began the game, when known


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as other apps log plays (``companion.exchange.plays``)."""

    id: int
    played: datetime
    game: str  # the family
    edition: str
    kind: str
    seats: tuple[FinishedSeat, ...]
    key: str | None = None  # its import key, if it was imported


_Query = TypeVar("_Query", bound="Select[*tuple[Any, ...]]")  # a select of any columns


def _filtered(
        query: _Query, *, since: When | None, before: When | None, player: str | None,
        edition: str | None, status: str | None, kind: str | None = None,
        game: str | None = None) -> _Query:
    """``query`` (of any columns) narrowed to the games these filters keep."""
    if game is not None:
        if game not in FAMILY_IDS:
            raise ValueError(_("game is one of {ids}, not {value!r}").format(
                                 ids=", ".join(FAMILY_IDS), value=game))
        query = query.where(GameRow.family == game)
    if kind is not None:
        if kind not in KINDS:
            raise ValueError(_("kind is one of {ids}, not {value!r}").format(
                                 ids=", ".join(KINDS), value=kind))
        query = query.where(GameRow.kind == kind)
    if since is not None:
        query = query.where(GameRow.created >= naive_utc(since))
    if before is not None:
        query = query.where(GameRow.created < naive_utc(before))
    if edition is not None:
        query = query.where(GameRow.edition == edition)
    if status is not None:
        if status not in STATUSES:
            raise ValueError(_("status is one of {ids}, not {value!r}").format(
                                 ids=", ".join(STATUSES), value=status))
        query = query.where(GameRow.status == status)
    if player is not None:
        query = query.where(GameRow.id.in_(
            select(GamePlayerRow.game_id).where(GamePlayerRow.name == player)))
    return query



def _listing(row: GameRow) -> GameListing:
    return GameListing(
        id=row.id, kind=row.kind, created=utc(row.created), updated=utc(row.updated),
        edition=row.edition, status=row.status, phase=row.phase, turn=row.turn,
        event_count=row.event_count, players=[p["name"] for p in row.players],
        winners=list(row.winners or []),
        totals={s["player"]: s["total"] for s in row.result.get("standings", [])},
        family=row.family,
    )



class History:
    """What a group looks back on: every kind of record, read from the summary columns."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def list_games(self, *, since: When | None = None, before: When | None = None,
                   player: str | None = None, edition: str | None = None,
                   status: str | None = None, kind: str | None = None,
                   game: str | None = None, limit: int = 50,
                   offset: int = 0) -> list[GameListing]:
        """Saved games of both kinds (or of ``kind``) and every family (or of ``game``),
        newest first. ``since`` is inclusive, ``before`` exclusive (a date means its midnight
        UTC); ``player`` matches a name exactly."""
        if limit < 0 or offset < 0:
            raise ValueError(_("limit and offset cannot be negative"))
        query = _filtered(select(GameRow), since=since, before=before, player=player,
                               edition=edition, status=status, kind=kind, game=game)
        query = query.order_by(GameRow.created.desc(), GameRow.id.desc()).limit(limit).offset(
            offset)
        with self.db.reading() as session:
            return [_listing(row) for row in session.scalars(query)]

    def count_games(self, *, since: When | None = None, before: When | None = None,
                    player: str | None = None, edition: str | None = None,
                    status: str | None = None, kind: str | None = None,
                    game: str | None = None) -> int:
        query = _filtered(select(func.count()).select_from(GameRow), since=since,
                               before=before, player=player, edition=edition, status=status,
                               kind=kind, game=game)
        with self.db.reading() as session:
            return session.scalar(query) or 0

    def _stats_query(self, key: Any, *, since: When | None, before: When | None,
                     edition: str | None, game: str | None = None) -> Select[Any]:
        wins = func.sum(case((GamePlayerRow.won, 1), else_=0))
        games = func.count()
        query = (
            select(key, games, wins, func.avg(GamePlayerRow.vp), func.max(GamePlayerRow.vp))
            .join(GameRow, GameRow.id == GamePlayerRow.game_id)
            .where(GameRow.status == "finished")
            .group_by(key)
            .order_by(wins.desc(), games.desc(), key)
        )
        return _filtered(query, since=since, before=before, player=None, edition=edition,
                              status=None, game=game)

    def player_stats(self, *, since: When | None = None, before: When | None = None,
                     edition: str | None = None, game: str | None = None) -> list[PlayerStats]:
        """Per player name, over finished games (of every family, or of ``game``): games,
        wins (shared first places count), win rate, average and best total. Computed by the
        database (GROUP BY). Totals of different games do not compare: the History shows
        the averages only for one game at a time."""
        query = self._stats_query(GamePlayerRow.name, since=since, before=before,
                                  edition=edition, game=game)
        with self.db.reading() as session:
            return merge_same_players([  # Ann and ANN are one player
                PlayerStats(name, n, int(w), int(w) / n, float(avg), int(best))
                for name, n, w, avg, best in session.execute(query)])

    def nation_stats(self, *, since: When | None = None, before: When | None = None,
                     edition: str | None = None, game: str | None = None) -> list[NationStats]:
        """The same per nation, over finished games played with the national advantages
        (of every family, or of ``game``)."""
        query = self._stats_query(GamePlayerRow.nation, since=since, before=before,
                                  edition=edition, game=game)
        query = query.where(GamePlayerRow.nation.is_not(None))
        with self.db.reading() as session:
            return [NationStats(nation, n, int(w), int(w) / n, float(avg), int(best))
                    for nation, n, w, avg, best in session.execute(query)]

    def family_stats(self, *, since: When | None = None, before: When | None = None,
                     player: str | None = None) -> list[FamilyStats]:
        """Games kept per game family (all, finished, entered on a score sheet, imported
        as results), most
        played first. One GROUP BY."""
        finished = func.sum(case((GameRow.status == "finished", 1), else_=0))
        sheets = func.sum(case((GameRow.kind == "score_sheet", 1), else_=0))
        results = func.sum(case((GameRow.kind == "result", 1), else_=0))
        query = _filtered(
            select(GameRow.family, func.count(), finished, sheets, results)
            .group_by(GameRow.family).order_by(func.count().desc(), GameRow.family),
            since=since, before=before, player=player, edition=None, status=None)
        with self.db.reading() as session:
            return [FamilyStats(f, n, int(done or 0), int(s or 0), int(r or 0))
                    for f, n, done, s, r in session.execute(query)]

    def player_family_stats(self, *, since: When | None = None,
                            before: When | None = None) -> list[PlayerFamilyStats]:
        """Finished games and wins per player and game family (most wins first)."""
        wins = func.sum(case((GamePlayerRow.won, 1), else_=0))
        query = _filtered(
            select(GamePlayerRow.name, GameRow.family, func.count(), wins)
            .join(GameRow, GameRow.id == GamePlayerRow.game_id)
            .where(GameRow.status == "finished")
            .group_by(GamePlayerRow.name, GameRow.family)
            .order_by(wins.desc(), func.count().desc(), GamePlayerRow.name, GameRow.family),
            since=since, before=before, player=None, edition=None, status=None)
        with self.db.reading() as session:
            return [PlayerFamilyStats(name, f, n, int(w))
                    for name, f, n, w in session.execute(query)]

    CSV_COLUMNS = ("game_id", "date", "edition", "status", "seat", "player", "colour", "nation",
                   "vp", "place", "won", "kind", "game", "breakdown")

    def export_history_csv(self, *, since: When | None = None, before: When | None = None,
                           player: str | None = None, edition: str | None = None,
                           status: str | None = None, kind: str | None = None,
                           game: str | None = None, ids: Sequence[int] | None = None) -> str:
        """One row per game and player (of the games ``ids`` if given), oldest game first;
        ``vp`` (the total, in the game's own points), place and breakdown are empty until
        the game is finished; ``kind`` says whether it was tracked, entered on a score sheet
        or imported as a result, ``game`` its family, and
        ``breakdown`` the points per category as JSON."""
        query = _filtered(
            select(GameRow.id, GameRow.created, GameRow.edition, GameRow.status,
                   GamePlayerRow.seat, GamePlayerRow.name, GamePlayerRow.colour,
                   GamePlayerRow.nation, GamePlayerRow.vp, GamePlayerRow.place,
                   GamePlayerRow.won, GameRow.kind, GameRow.family, GamePlayerRow.breakdown)
            .join(GamePlayerRow, and_(GamePlayerRow.game_id == GameRow.id))
            .order_by(GameRow.created, GameRow.id, GamePlayerRow.seat),
            since=since, before=before, player=player, edition=edition, status=status,
            kind=kind, game=game)
        if ids is not None:
            query = query.where(GameRow.id.in_(list(ids)))
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.CSV_COLUMNS)
        with self.db.reading() as session:
            for (gid, created, ed, st, seat, name, colour, nation, vp, place, won, kind,
                 fam, breakdown) in session.execute(query):
                writer.writerow(safe_row([  # names cannot start a formula
                    gid, utc(created).isoformat(timespec="seconds"), ed, st, seat, name, colour,
                    nation or "", "" if vp is None else vp, "" if place is None else place,
                    "yes" if won else "no", kind, fam,
                    "" if breakdown is None else json.dumps(breakdown, separators=(",", ":")),
                ]))
        return out.getvalue()

    def game_ids(self) -> list[int]:
        """Every kept game, oldest first."""
        with self.db.reading() as session:
            return list(session.scalars(select(GameRow.id)
                                        .order_by(GameRow.created, GameRow.id)))

    def missing(self, ids: Iterable[int]) -> list[int]:
        """Those of ``ids`` no game has."""
        wanted = sorted(set(ids))
        with self.db.reading() as session:
            have = set(session.scalars(select(GameRow.id).where(GameRow.id.in_(wanted))))
        return [i for i in wanted if i not in have]

    def player_names(self) -> list[str]:
        """Every player name kept, one spelling per player (the one most games use)."""
        query = (select(GamePlayerRow.name, func.count()).group_by(GamePlayerRow.name)
                 .order_by(func.count().desc(), GamePlayerRow.name))
        with self.db.reading() as session:
            names: dict[str, str] = {}
            for name, _ in session.execute(query):
                names.setdefault(name_key(name), name)
        return sorted(names.values(), key=str.casefold)

    def finished(self, ids: Sequence[int] | None = None) -> list[FinishedGame]:
        """The finished games (of ``ids`` if given), oldest first: read from the summary
        columns, nothing replayed. The start position is the seat of a tracked game (seat 1
        began) or what an imported result said; a score sheet does not record one."""
        query = select(GameRow).where(GameRow.status == "finished").order_by(
            GameRow.created, GameRow.id)
        if ids is not None:
            query = query.where(GameRow.id.in_(list(ids)))
        with self.db.reading() as session:
            rows = list(session.scalars(query))
            seats: dict[int, list[GamePlayerRow]] = {}
            for gp in session.scalars(select(GamePlayerRow).where(GamePlayerRow.game_id.in_(
                    [r.id for r in rows])).order_by(GamePlayerRow.game_id, GamePlayerRow.seat)):
                seats.setdefault(gp.game_id, []).append(gp)
        games = []
        for row in rows:
            told = ({p["name"]: p for p in row.setup.get("players", [])}
                    if row.kind == "result" else {})
            games.append(FinishedGame(
                row.id, utc(row.created), row.family, row.edition, row.kind,
                tuple(FinishedSeat(
                    gp.name, gp.vp or 0, gp.won, gp.place,
                    seat=(gp.seat if row.kind == "tracked"
                          else told.get(gp.name, {}).get("seat")),
                    start=(gp.seat == 1 if row.kind == "tracked"
                           else told.get(gp.name, {}).get("start", False)))
                    for gp in seats.get(row.id, [])),
                key=row.import_key))
        return games
