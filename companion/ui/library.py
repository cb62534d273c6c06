"""The library of kept games: the home page's lists, the History's listings and statistics,
score sheets saved and reopened, results, deleting, and exports and imports.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from companion.csvsafe import frame_csv
from companion.engine import EngineError
from companion.exchange import bgstats, exports, imports
from companion.exchange.imports import ImportReport
from companion.games import Sheet
from companion.games.results import Result
from companion.record_files import RecordError
from companion.store import (
    FamilyStats,
    GameListing,
    GameNotFound,
    NationStats,
    PlayerFamilyStats,
    PlayerStats,
    StoredSheet,
    WrongKind,
    trust,
)
from companion.ui import access, session
from companion.ui.saved_games import Outcome, stops_on_database_problem, store


@dataclass(frozen=True)
class HomeView:
    in_progress: list[GameListing]
    finished: list[GameListing]
    total: int


@stops_on_database_problem
def home(limit: int = 8) -> HomeView:
    s = store()
    return HomeView(
        in_progress=s.list_games(status="in_progress", limit=limit),
        finished=s.list_games(status="finished", limit=limit),
        total=s.count_games(),
    )


@dataclass(frozen=True)
class Filters:
    player: str | None = None
    edition: str | None = None
    status: str | None = None
    since: date | None = None
    before: date | None = None
    kind: str | None = None  # "tracked" or "score_sheet"
    game: str | None = None  # a game family id (companion.games)

    def as_kwargs(self) -> dict[str, Any]:
        return {"player": self.player or None, "edition": self.edition,
                "status": self.status, "since": self.since, "before": self.before,
                "kind": self.kind, "game": self.game}


@dataclass(frozen=True)
class HistoryView:
    games: list[GameListing]
    total: int
    players: list[PlayerStats]
    nations: list[NationStats]
    scores: list[dict[str, Any]]  # one row per finished game and player: vp, won, edition
    families: list[FamilyStats]  # games kept per game family
    per_family: list[PlayerFamilyStats]  # finished games and wins per player and family


@stops_on_database_problem
def history(filters: Filters, limit: int = 200) -> HistoryView:
    s = store()
    kwargs = filters.as_kwargs()
    games = s.list_games(limit=limit, **kwargs)
    stat_args = {"since": filters.since, "before": filters.before, "edition": filters.edition,
                 "game": filters.game}
    finished = [g for g in games if g.status == "finished"]
    scores = [
        {"game": g.id, "player": p, "vp": g.totals.get(p, 0), "won": p in g.winners,
         "edition": g.edition, "family": g.family}
        for g in finished for p in g.players
    ]
    dates = {"since": filters.since, "before": filters.before}
    per_family = [r for r in s.player_family_stats(**dates)
                  if filters.game is None or r.family == filters.game]
    return HistoryView(games, s.count_games(**kwargs), s.player_stats(**stat_args),
                       s.nation_stats(**stat_args), scores, s.family_stats(**dates), per_family)


@stops_on_database_problem
def load_game(game_id: int) -> Outcome:
    try:
        return Outcome(store().load(game_id))
    except (GameNotFound, WrongKind, EngineError) as exc:  # EngineError: a log saved before
        return Outcome(None, str(exc))  # today's checks that they refuse


# ---------------------------------------------------------------- score sheets


@dataclass(frozen=True)
class SheetOutcome:
    """A saved (or loaded) score sheet of any game, or why it was refused."""

    stored: StoredSheet | None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def sheet_fingerprint(sheet: Sheet, played: date | None) -> str:
    """What identifies a sheet's game, inputs and date (to tell a sheet just saved from an
    edit)."""
    return json.dumps([sheet.game, sheet.to_json(), played.isoformat() if played else None],
                      sort_keys=True)


def fingerprint_game(fingerprint: str) -> str:
    """The game family a ``sheet_fingerprint`` was taken of."""
    return str(json.loads(fingerprint)[0])


@stops_on_database_problem
def save_sheet(sheet: Sheet, played: date | None = None) -> SheetOutcome:
    """Keep a score sheet in the history, dated ``played`` (midnight UTC of that day; a
    sheet played today is dated now, so that it lists before today's earlier games). It
    opens in the History next. The host only, or any device at an open table."""
    if (refusal := access.start_refusal(access.SAVE_SHEET)) is not None:
        return SheetOutcome(None, refusal)
    today = {date.today(), datetime.now(UTC).date()}
    try:
        s = store()
        gid = s.save_score_sheet(sheet, created=None if played in today else played)
        stored = s.load_sheet(gid)
    except EngineError as exc:
        return SheetOutcome(None, str(exc))
    session.set_history_game(gid)
    return SheetOutcome(stored)


@stops_on_database_problem
def load_sheet(game_id: int) -> SheetOutcome:
    try:
        return SheetOutcome(store().load_sheet(game_id))
    except (GameNotFound, WrongKind, EngineError) as exc:
        return SheetOutcome(None, str(exc))


@stops_on_database_problem
def load_result(game_id: int) -> Result | str:
    """A result imported from another app, or why it cannot be opened."""
    try:
        return store().load_result(game_id)
    except (GameNotFound, WrongKind, EngineError) as exc:
        return str(exc)


@stops_on_database_problem
def reopen_sheet(game_id: int) -> SheetOutcome:
    """Put a saved sheet's inputs back on the Score sheet page (it fills them in before it
    draws its widgets)."""
    outcome = load_sheet(game_id)
    if outcome.stored is not None:
        played = outcome.stored.created.date()
        session.set_sheet_prefill(game_id, outcome.stored.sheet, played)
        session.set_sheet_saved(sheet_fingerprint(outcome.stored.sheet, played), game_id)
    return outcome


@stops_on_database_problem
def entries(game_id: int) -> list[trust.Entry]:
    """Who wrote to the game's log, write by write (oldest first)."""
    return trust.entries(store(), game_id)


@stops_on_database_problem
def delete_game(game_id: int) -> Outcome:
    if (refusal := access.host_refusal(access.DELETE)) is not None:
        return Outcome(None, refusal)
    try:
        store().delete_game(game_id)
    except GameNotFound as exc:
        return Outcome(None, str(exc))
    if session.game_id() == game_id:
        session.close_game()
    if session.history_game() == game_id:
        session.set_history_game(None)
    return Outcome(None)


# ---------------------------------------------------------------- export and import


@stops_on_database_problem
def export_json(game_id: int) -> str:
    return json.dumps(store().export_record(game_id), indent=2, ensure_ascii=False)


@stops_on_database_problem
def export_bundle(game_ids: Sequence[int],
                  progress: Callable[[float, str], None] | None = None) -> str:
    """Many games in one JSON file ({"games": [...]}, each with its date), as import reads;
    score sheets and results go in as their own records."""
    return exports.bundle(store(), game_ids, progress)


@stops_on_database_problem
def export_plays(fmt: str, game_ids: Sequence[int]) -> str:
    """The finished games among ``game_ids`` for another app: ``bgstats`` (a BG Stats
    export, JSON) or ``bgg`` (BoardGameGeek play XML). Read from the summaries: cheap."""
    return exports.export(store(), fmt, game_ids)


@stops_on_database_problem
def export_csv(filters: Filters | None = None) -> str:
    return store().export_history_csv(**(filters or Filters()).as_kwargs())


def sheet_csv(table: Any) -> str:
    """The score sheet's results table as CSV (names cannot start a formula)."""
    return frame_csv(table)


@stops_on_database_problem
def player_names() -> list[str]:
    """The players kept here, one spelling each (to match imported names to)."""
    return store().player_names()


def bgstats_names(files: Sequence[tuple[str, bytes]]) -> list[str]:
    """The players of the BG Stats exports among ``files`` (plays of our games only), as
    written; a file that is not one gives none."""
    names: list[str] = []
    for source, data in files:
        try:
            incoming = imports.read(data, source)
        except (RecordError, EngineError):
            continue
        if incoming.is_bgstats:
            names += [n for n in bgstats.names_in(incoming.payload) if n not in names]
    return names


@stops_on_database_problem
def import_files(files: Sequence[tuple[str, bytes]],
                 progress: Callable[[float, str], None] | None = None,
                 names: Mapping[str, str] | None = None) -> ImportReport:
    """Import our records and BG Stats exports (``companion.exchange.imports``): a refused
    file is a sentence in the report and stores nothing; a record or play that cannot be
    kept stops only itself; the same file again adds nothing. ``names``: who each imported
    player is here."""
    if (refusal := access.host_refusal(access.IMPORT)) is not None:
        return ImportReport(failed=[refusal])
    return imports.import_files(store(), files, names=names, progress=progress)
