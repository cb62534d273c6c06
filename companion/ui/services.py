"""Page services: the only way the pages reach the saved games.

Every page calls one of these functions and renders what comes back. Engine refusals come
back as an ``Outcome`` with the engine's message (never an exception), so a page can show
it with ``st.error`` and keep the table's input.
"""

from __future__ import annotations

import functools
import json
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from companion.csvsafe import frame_csv
from companion.engine import (
    Conflict,
    EngineError,
    event_dict,
    placements_from_board,
)
from companion.exchange import bgstats, exports, imports
from companion.exchange.imports import ImportReport
from companion.games import Sheet
from companion.games.results import Result
from companion.i18n import current_language
from companion.records import RecordError
from companion.store import (
    DatabaseProblem,
    FamilyStats,
    GameListing,
    GameNotFound,
    NationStats,
    PlayerFamilyStats,
    PlayerStats,
    Store,
    StoredGame,
    StoredGameSheet,
    WrongKind,
    default_url,
    open_store,
)
from companion.ui import session, views
from companion.ui.game_view import GameView

# ---------------------------------------------------------------- the store

F = TypeVar("F", bound=Callable[..., Any])


@st.cache_resource(show_spinner=False)
def _store_at(url: str) -> Store:
    return open_store(url)  # DatabaseProblem is not cached: the next run tries again


def store() -> Store:
    """The app's one Store, cached per database URL (COMPANION_DB_URL / COMPANION_DATA_DIR).
    ``DatabaseProblem`` when the database cannot be used (the app shows it as a page)."""
    return _store_at(default_url())


def database_problem() -> DatabaseProblem | None:
    """Why the database cannot be used, or None once the store is open."""
    try:
        store()
    except DatabaseProblem as exc:
        return exc
    return None


def stops_on_database_problem(func: F) -> F:
    """A service that shows the database-problem page (and ends the run) when the database
    fails under it, instead of a traceback; outside a Streamlit run the error is raised."""

    @functools.wraps(func)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except DatabaseProblem as exc:
            if get_script_run_ctx(suppress_warning=True) is None:
                raise
            from companion.ui import widgets  # widgets draw; services only decide

            widgets.database_problem(exc)
            st.stop()

    return guarded  # type: ignore[return-value]


@dataclass(frozen=True)
class Outcome:
    """What became of a request: the game as it now stands, and why it was refused if so."""

    stored: StoredGame | None
    error: str | None = None
    conflict: bool = False  # someone else changed the game first: it has been reloaded
    field: str | None = None  # the input the refusal concerns (``EngineError.field``)

    @property
    def ok(self) -> bool:
        return self.error is None


# ---------------------------------------------------------------- the open game


@stops_on_database_problem
def current_game() -> StoredGame | None:
    """The game open in this session, loaded once and kept until it changes. A game named
    in the page address (``?game=12``, a link shared by another phone) is opened first."""
    linked = session.linked_game_id()
    if linked is not None and linked != session.game_id():
        session.open_game(linked, None)
    game_id = session.game_id()
    if game_id is None:
        return None
    stored = session.cached_game()
    if stored is None:
        try:
            stored = store().load(game_id)
        except GameNotFound:
            session.close_game()
            session.link_game(None)
            session.flash("warning", f"There is no saved game {game_id}.")
            return None
        except WrongKind:
            session.close_game()
            session.link_game(None)
            session.flash("warning", f"Game {game_id} is a score sheet: it has no turns to "
                                     "play. Open it in the History.")
            return None
        except EngineError as exc:  # saved before today's checks, and refused by them
            session.close_game()
            session.link_game(None)
            session.flash("warning", f"Game {game_id} cannot be read: {exc}")
            return None
        session.remember_game(stored)
    return stored


@stops_on_database_problem
def revision_of(game_id: int) -> int | None:
    """The saved game's revision (None if it is gone): what a live page polls."""
    try:
        return store().revision(game_id)
    except GameNotFound:
        return None


@stops_on_database_problem
def open_game(game_id: int) -> Outcome:
    try:
        stored = store().load(game_id)
    except (GameNotFound, WrongKind, EngineError) as exc:
        return Outcome(None, str(exc))
    session.open_game(game_id, stored)
    return Outcome(stored)


@stops_on_database_problem
def reload_game() -> StoredGame | None:
    game_id = session.game_id()
    if game_id is None:
        return None
    session.open_game(game_id, None)
    return current_game()


@stops_on_database_problem
def record(events: Mapping[str, Any] | list[Mapping[str, Any]]) -> Outcome:
    """Save one answer of the open game at once: its events and the steps the engine
    settles after it, in one transaction (guarded by the number of events seen)."""
    stored = current_game()
    if stored is None:
        return Outcome(None, "no game is open")
    batch = [dict(e) for e in ([events] if isinstance(events, Mapping) else events)]
    try:  # guarded by the version this session saw: a change since (an undo too) is refused
        new = store().answer(stored.id, batch, expected_seq=stored.seq,
                             revision=stored.revision)
    except Conflict as exc:
        return _conflict(stored.id, exc)
    except EngineError as exc:
        return Outcome(stored, str(exc))
    except GameNotFound as exc:
        session.close_game()
        return Outcome(None, str(exc))
    session.remember_game(new, written=True)
    return Outcome(new)


def board_placements(board: Mapping[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
    """The placement events that leave the tracks as the table copied them from the board,
    or the engine's reason (naming the track) why no legal placement does."""
    stored = current_game()
    if stored is None:
        return [], "no game is open"
    try:
        return [event_dict(e) for e in placements_from_board(stored.game.state, board)], None
    except EngineError as exc:
        return [], str(exc)


def _rewrite(change: Callable[[Store, StoredGame], StoredGame]) -> Outcome:
    """Change the open game's log (undo, set aside, re-apply), guarded by the version this
    session saw; any draft in progress is dropped with the step it belonged to."""
    stored = current_game()
    if stored is None:
        return Outcome(None, "no game is open")
    try:
        new = change(store(), stored)
    except Conflict as exc:
        return _conflict(stored.id, exc)
    except EngineError as exc:
        return Outcome(stored, str(exc))
    session.remember_game(new, written=True)
    session.clear_drafts()
    return Outcome(new)


@stops_on_database_problem
def undo() -> Outcome:
    """Take back the last answer of the open game (and the steps the engine settled)."""
    stored = current_game()
    if stored is not None and not stored.seq:
        return Outcome(stored, "there is nothing to undo yet")
    return _rewrite(lambda s, g: s.undo(g.id, expected_seq=g.seq, n=g.game.last_step(),
                                        revision=g.revision))


@stops_on_database_problem
def set_aside() -> Outcome:
    """A read-only game goes on: its refused events are set aside (kept with the game)."""
    return _rewrite(lambda s, g: s.set_aside(g.id, expected_seq=g.seq, revision=g.revision))


@stops_on_database_problem
def reapply_set_aside(leave_out_first: bool = False) -> Outcome:
    """Re-apply the events last set aside, as far as the rules accept them."""
    return _rewrite(lambda s, g: s.reapply_set_aside(g.id, expected_seq=g.seq,
                                                     leave_out_first=leave_out_first,
                                                     revision=g.revision))


def _conflict(game_id: int, exc: Conflict) -> Outcome:
    """Another device got there first: this page moves on to the game as it now stands,
    keeps what was typed where it still applies, and says in one sentence what was
    recorded there."""
    fresh = follow_up(game_id)
    done = last_step(fresh)
    if done:
        text = (f"Another device already recorded: {done}. The page shows the game as it "
                "is now; tap again if your step still applies.")
    else:
        text = ("Another device changed the game first (a step was taken back). The page "
                "shows the game as it is now; tap again if your step still applies.")
    return Outcome(fresh, text, conflict=True)


@stops_on_database_problem
def follow_up(game_id: int) -> StoredGame:
    """Load the game as another device left it and keep this page's drafts that still
    apply to it (``carry_drafts``)."""
    old = session.cached_game()
    fresh = store().load(game_id)
    session.remember_game(fresh)
    if old is not None and old.id == fresh.id and old.seq != fresh.seq:
        carry_drafts(old, fresh)
    return fresh


def _question(stored: StoredGame, draft: Mapping[str, Any] | None) -> tuple | None:
    """What identifies the question on screen: its kind, words and who answers."""
    asked = stored.game.ask(draft) if draft is not None else stored.game.pending()
    return None if asked is None else (asked.kind, asked.prompt, asked.player)


def carry_drafts(old: StoredGame, fresh: StoredGame) -> None:
    """Which of the drafts typed for ``old`` still apply to ``fresh``: an answer given step
    by step that the engine still takes; picks and numbers if the same question is still
    asked; the board copied during a placement still going on; the correction form always.
    """
    draft = session.decision_draft(old.seq)
    follow = fresh.game.ask(draft) if draft is not None else None
    keep_draft = follow is not None and bool(follow.outcomes)
    same_question = _question(old, draft) == _question(fresh, draft if keep_draft else None)
    placing = {d.type if d else None for d in (old.game.pending(), fresh.game.pending())}
    keep_board = placing == {"place"} and old.game.state.turn == fresh.game.state.turn
    session.carry_drafts(old.seq, fresh.seq, keep_draft=keep_draft,
                         keep_picks=same_question, keep_board=keep_board)


def last_step(stored: StoredGame) -> str | None:
    """The last recorded step in words (for the Undo button): worked out once per version
    of the game, from the version before it that the store holds (a replay otherwise)."""
    if not stored.seq:
        return None

    def words() -> str:
        start = stored.seq - stored.game.last_step()
        return views.step_summary(stored.state_at(start), stored.game, start)

    return _PER_VERSION.get((stored.key, "last_step", current_language()), words)


# ---------------------------------------------------------------- one version of a game


class _PerVersion:
    """Things derived from one version of a game, built once and shared by every session
    (a version never changes, so neither does what is derived from it); least recently used
    dropped first. Building happens outside the lock: two sessions may both build a missing
    entry, and one result is kept."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = build()
        with self._lock:
            value = self._items.setdefault(key, value)
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return value


_PER_VERSION = _PerVersion(size=64)


def game_view(stored: StoredGame, version: int | None = None) -> GameView:
    """What the pages show of the game as stored (or after its first ``version`` events, for
    the History's step-through), one ``GameView`` per (game id, revision[, version])."""
    if version is None or version == stored.seq:
        return _PER_VERSION.get((stored.key, "view", current_language()),
                                lambda: GameView(stored.game))
    return _PER_VERSION.get((stored.key, "view", version, current_language()),
                            lambda: GameView(stored.game, stored.state_at(version)))


# ---------------------------------------------------------------- new games


@stops_on_database_problem
def create_game(setup: Mapping[str, Any], shuffle_order: bool = False,
                seed: int | None = None) -> Outcome:
    """Save a new game and open it. ``shuffle_order`` draws the turn order at random."""
    setup = dict(setup)
    if shuffle_order:
        seats = list(setup.get("players", []))
        random.Random(seed).shuffle(seats)
        setup["players"] = seats
    try:
        stored = store().create_game(setup)
    except EngineError as exc:
        return Outcome(None, str(exc), field=exc.field)
    session.open_game(stored.id, stored)
    return Outcome(stored)


def starting_money(setup: Mapping[str, Any]) -> dict[str, int] | Outcome:
    """Money per player for a set-up, or why the set-up is not valid yet (an ``Outcome``
    whose ``field`` names the input concerned)."""
    from companion.engine import parse_new_setup

    try:
        return parse_new_setup(setup).starting_money()
    except EngineError as exc:
        return Outcome(None, str(exc), field=exc.field)


def age3_buildings(edition: str, builders: bool) -> dict[str, str]:
    """Age III building ids and names (for the reduced-randomness draw)."""
    from companion.rules.buildings import buildings_for

    return {b.id: b.name for b in buildings_for(edition, builders).values() if b.age == 3}


def token_regions() -> list[str]:
    """The regions that get a discovery token at set-up (all but the Caribbean)."""
    from companion.rules.regions import REGIONS, START_DISCOVERED

    return [r for r in REGIONS if r not in START_DISCOVERED]


def preset_random(key: str, options: list[Any], n: int) -> None:
    """Callback: fill a multiselect with ``n`` options drawn at random."""
    session.set_widget_value(key, random.sample(options, n))


def preset_boards(prefix: str, count: int) -> None:
    """Callback: deal the player boards (nations) at random, one each."""
    from companion.engine import NATIONS

    for i, nation in enumerate(random.sample(list(NATIONS), count)):
        session.set_widget_value(f"{prefix}{i}", nation)


def preset_tokens(prefix: str) -> None:
    """Callback: deal one token face up on every region (advanced scouting)."""
    from companion.rules.discoveries import TOKENS

    regions = token_regions()
    for region, token in zip(regions, random.sample(list(TOKENS), len(regions)), strict=True):
        session.set_widget_value(f"{prefix}{region}", token)


DEMO_TRIES = 3


@stops_on_database_problem
def demo_game(players: int = 4, seed: int | None = None, finished: bool = True,
              builders: bool = True) -> Outcome:
    """A randomly played game, saved (to try the charts and the history)."""
    from companion.engine import random_game

    rng = random.Random(seed)
    names = ["Amelia", "Bartolomeu", "Catalina", "Diego", "Elcano", "Florence"][:players]
    colours = ["red", "blue", "green", "yellow", "orange", "purple"]
    setup = {"edition": "empires", "options": {"builders": builders},
             "players": [{"name": n, "colour": colours[i]} for i, n in enumerate(names)]}
    problem = "no demo game could be played"
    for _ in range(DEMO_TRIES):  # a random walk may reach a step the engine refuses
        try:
            game = random_game(setup, seed=rng.randrange(10**6),
                               stop_after=None if finished else 150)
            return Outcome(store().import_record(game.record()))
        except EngineError as exc:
            problem = str(exc)
    return Outcome(None, problem)


# ---------------------------------------------------------------- lists and stats


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
                       s.nation_stats(**{k: v for k, v in stat_args.items() if k != "game"})
                       if filters.game in (None, "age-of-discovery") else [],
                       scores, s.family_stats(**dates), per_family)


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

    stored: StoredGameSheet | None
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
    return json.loads(fingerprint)[0]


@stops_on_database_problem
def save_sheet(sheet: Sheet, played: date | None = None) -> SheetOutcome:
    """Keep a score sheet in the history, dated ``played`` (midnight UTC of that day; a
    sheet played today is dated now, so that it lists before today's earlier games). It
    opens in the History next."""
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
def delete_game(game_id: int) -> Outcome:
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
    return imports.import_files(store(), files, names=names, progress=progress)
