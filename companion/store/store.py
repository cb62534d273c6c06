"""Saved games: one ``Store`` over one database, and behind it one home per kind of record.

* ``tracked.py``: tracked games (the event log is the game; revision, live games, set-aside);
* ``sheets.py``: score sheets of every game family (their inputs are the fact);
* ``results.py``: results imported from another app;
* ``history.py``: the read side (listings, statistics, CSV, finished games);
* ``settings.py``: each game's own settings (its hints switch);
* ``access.py``: the sessions, the locked row and the derived columns they all write.

The facade keeps one method per thing a caller does; records of any kind come in and go out
through the part of their kind (each part ``recognises`` its records, ``add``s one, writes its
``record`` and ``rebuild``s its summary).

>>> store = Store("sqlite://")
>>> sg = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> sg = store.append(sg.id, {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
...     "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]},
...     revision=sg.revision)
>>> sg.seq, sg.revision, store.load(sg.id).game.state.phase.value
(1, 1, 'placement')
>>> store.append(sg.id, {"type": "place", "player": "Ann", "worker": "colonist",
...                      "track": "dock"}, revision=0)
Traceback (most recent call last):
...
companion.errors.Conflict: game 1: someone else changed the game first (game is at ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from companion.engine import Event, GameSetup, parse_event
from companion.errors import Refused
from companion.games import Sheet
from companion.games.results import Result
from companion.i18n import _
from companion.record_files import check_record
from companion.store.access import Database, GameNotFound, When, game_row, locked_row
from companion.store.history import (
    FamilyStats,
    FinishedGame,
    GameListing,
    History,
    NationStats,
    PlayerFamilyStats,
    PlayerStats,
)
from companion.store.live import StoredGame
from companion.store.results import Results, StoredResult, known_keys
from companion.store.schema import EventRow, GamePlayerRow, GameRow
from companion.store.settings import GameSettings, Settings, from_stamp
from companion.store.sheets import ScoreSheets, StoredSheet
from companion.store.tracked import TrackedGames
from companion.store.watch import GONE, announce

Stored = StoredGame | StoredSheet | StoredResult


class RecordKind(Protocol):
    """What the store asks of each kind of record kept (tracked game, score sheet, result)."""

    kind: str  # ``GameRow.kind``

    def recognises(self, record: Mapping[str, Any]) -> bool: ...

    def add(self, session: Session, record: Mapping[str, Any],
            created: When | None) -> tuple[GameRow, Stored]: ...

    def record(self, session: Session, row: GameRow) -> dict[str, Any]: ...

    def rebuild(self, session: Session, row: GameRow) -> None: ...


@dataclass(frozen=True)
class RebuildReport:
    rebuilt: int
    failed: list[tuple[int, str]]  # game id, why its log (or sheet) no longer replays (scores)


class Store:
    """The saved-games database (SQLite by default, any SQLAlchemy URL)."""

    CSV_COLUMNS = History.CSV_COLUMNS

    def __init__(self, url: str | None = None) -> None:
        self.db = Database(url)
        self.url, self.engine = self.db.url, self.db.engine
        self.games = TrackedGames(self.db)
        self.sheets = ScoreSheets(self.db)
        self.results = Results(self.db)
        self.history = History(self.db)
        self.settings = Settings(self.db, self.games.watch)
        parts: tuple[RecordKind, ...] = (self.results, self.sheets, self.games)
        self._kinds = {part.kind: part for part in parts}

    def close(self) -> None:
        self.games.watch.close()
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ tracked games

    def create_game(self, setup: GameSetup | Mapping[str, Any]) -> StoredGame:
        return self.games.create(setup)

    def load(self, game_id: int) -> StoredGame:
        """A tracked game at its current revision: the live one when this store holds that
        revision (one query), else its log replayed. ``GameNotFound`` if there is none;
        ``WrongKind`` for a score sheet (use ``load_sheet``) or a result."""
        return self.games.load(game_id)

    def revision(self, game_id: int) -> int:
        """The game's revision: one integer read, how a live page sees that the game moved
        on (an undo too). ``GameNotFound`` if there is none.

        >>> store = Store("sqlite://")
        >>> sg = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]})
        >>> store.revision(sg.id)
        0
        """
        return self.games.revision(game_id)

    def watched_revision(self, game_id: int) -> int:
        """The game's revision as this process follows it (``companion.store.watch``): from
        memory, whatever the number of pages that poll it; another process's write shows
        within a second or so. ``GameNotFound`` if there is none."""
        return self.games.watch.revision(game_id)

    def append(self, game_id: int, event: Event | Mapping[str, Any],
               expected_seq: int | None = None, *, revision: int | None = None,
               device: str | None = None) -> StoredGame:
        """Record exactly ``event`` if the game is still at the ``revision`` the writer saw
        (and, if given, at ``expected_seq`` events) and the engine accepts it. Raises
        ``Conflict`` for a stale writer, the engine's error for a refused event (nothing is
        stored in either case). Pass at least one guard; ``revision`` is the one that also
        catches an undo followed by a new entry. ``device``: the name of the device that
        entered it, kept beside the log (``companion.store.trust``; None: this machine); the
        same for every write below."""
        ev = parse_event(event)
        return self.games.extend(game_id, expected_seq, revision, lambda game: game.apply(ev),
                                 device)

    def answer(self, game_id: int, events: Sequence[Event | Mapping[str, Any]],
               expected_seq: int | None = None, *, revision: int | None = None,
               device: str | None = None) -> StoredGame:
        """Record the table's answer (one event, or a group) together with the steps whose
        only outcome the engine then settles (``auto``), in one transaction; guarded and
        refused like ``append``."""
        return self.games.extend(game_id, expected_seq, revision,
                                 lambda game: game.answer(list(events)), device)

    def undo(self, game_id: int, expected_seq: int | None = None, n: int = 1, *,
             revision: int | None = None, device: str | None = None) -> StoredGame:
        """Delete the last ``n`` events (guarded like ``append``). Undo is not recorded: the
        log afterwards is exactly as if those events had never been entered; the revision
        still goes up."""
        return self.games.undo(game_id, expected_seq, n, revision, device)

    def set_aside(self, game_id: int, expected_seq: int | None = None, *,
                  revision: int | None = None, device: str | None = None) -> StoredGame:
        """Let a read-only game go on: its refused event and every event after it leave the
        log and are kept beside it (``StoredGame.set_aside``, exported with the record);
        the game then stands just before the refused event, where the table can record what
        the corrected rule asks. Guarded like ``append``; the revision goes up."""
        return self.games.set_aside(game_id, expected_seq, revision, device)

    def reapply_set_aside(self, game_id: int, expected_seq: int | None = None,
                          leave_out_first: bool = False, *,
                          revision: int | None = None,
                          device: str | None = None) -> StoredGame:
        """Re-apply the events last set aside, in order, as far as the rules accept them
        (after the table recorded what the corrected rule asked). Those still refused stay
        set aside, with the new reason. ``leave_out_first``: the first of them is not
        re-applied (it stays set aside, on its own). Guarded like ``append``."""
        return self.games.reapply_set_aside(game_id, expected_seq, leave_out_first, revision,
                                            device)

    def delete_game(self, game_id: int) -> None:
        """Delete a game of any kind, with its events and seats."""
        with self.db.writing() as session:
            row = locked_row(session, game_id)
            session.execute(delete(EventRow).where(EventRow.game_id == game_id))
            session.execute(delete(GamePlayerRow).where(GamePlayerRow.game_id == game_id))
            session.delete(row)
            announce(session.connection(), game_id, GONE)
        self.games.live.drop(game_id)
        self.games.watch.saw(game_id, GONE)

    # ------------------------------------------------------------------ a game's settings

    def game_settings(self, game_id: int) -> GameSettings:
        """What the game's table chose for it (``companion.store.settings``): the defaults
        for a game that never changed a setting."""
        return self.settings.get(game_id)

    def watched_settings(self, game_id: int) -> GameSettings:
        """The game's settings as this process follows them, with its revision (the same
        watcher, the same shared read): what a live page compares its Hints switch with.
        ``GameNotFound`` if there is none."""
        return from_stamp(self.games.watch.settings(game_id))

    def set_hints(self, game_id: int, on: bool) -> GameSettings:
        """Turn the game's hints on or off for every device (the caller checks that this
        device may write to the game). ``GameNotFound`` if there is none."""
        return self.settings.set_hints(game_id, on)

    # ------------------------------------------------------------------ score sheets

    def save_score_sheet(self, sheet: Sheet | Mapping[str, Any], *,
                         created: When | None = None) -> int:
        """Store a finished result entered on a score sheet and return its game id: a family
        ``Sheet``, or its JSON form (a ``"game"`` key names the family; without it, Age of
        Discovery). The sheet is checked
        and scored by its family (``companion.games``: player count, names, every field's
        range, the rules across fields); a refused sheet raises ``InvalidSheet`` (a
        ``ValueError``, with every problem at its seat and field) and nothing is stored.
        ``created`` is when it was played (default: now)."""
        return self.sheets.save(sheet, created)

    def load_sheet(self, game_id: int) -> StoredSheet:
        """A saved score sheet of any family: its inputs and its result, scored again.
        ``GameNotFound`` if there is none; ``WrongKind`` for a tracked game."""
        return self.sheets.load(game_id)

    # ------------------------------------------------------------------ results

    def known_import_keys(self, keys: Iterable[str]) -> dict[str, int]:
        """Which of these import keys are kept already, and by which game."""
        return self.results.known_import_keys(keys)

    def import_results(self, results: Sequence[Result]) -> tuple[list[int], list[int]]:
        """Keep many results in one transaction (all or nothing). A result whose ``key`` is
        kept already (an earlier import of the same play) adds nothing. Returns the new game
        ids and the ids of the games that already held the others."""
        return self.results.import_results(results)

    def save_result(self, result: Result) -> int:
        """Keep one result (see ``import_results``); ``Conflict`` if its key is kept."""
        return self.results.save(result)

    def load_result(self, game_id: int) -> Result:
        """A kept result. ``GameNotFound`` if there is none; ``WrongKind`` for another kind."""
        return self.results.load(game_id)

    # ------------------------------------------------------------------ records of any kind

    def _part(self, record: Mapping[str, Any]) -> RecordKind:
        return next(part for part in self._kinds.values() if part.recognises(record))

    def import_record(self, record: Mapping[str, Any], *,
                      created: When | None = None) -> Stored:
        """Store a record as ``export_record`` writes it: a game record after a full replay,
        a score-sheet record (any family, version 1 or 2) after checking and scoring it, or
        a result. A malformed or illegal record raises the engine's error (``InvalidSheet``
        for a sheet) and stores nothing. A sheet of any family comes back as a
        ``StoredSheet`` (``load_sheet`` reads it again; ``load_score_sheet``, which gave Age of
        Discovery sheets in their own form, is gone).

        ``created`` is the game's date; without it, a sheet record's own ``created`` is
        used, else now."""
        check_record(record)  # depth, size, text no database stores: RecordError
        with self.db.writing() as session:
            _, stored = self._part(record).add(session, record, created)
        if isinstance(stored, StoredGame):
            self.games.live.put(stored)
        return stored

    def import_keyed(self, record: Mapping[str, Any], key: str, *,
                     created: When | None = None) -> int | None:
        """Store a record of any kind (game, score sheet, result) under an import key, in
        one transaction, and return its game id; None when a game already holds that key
        (the same record imported before: nothing is added). Refused like ``import_record``.
        """
        check_record(record)
        try:
            with self.db.writing() as session:
                if known_keys(session, [key]):
                    return None
                row, _ = self._part(record).add(session, record, created)
                row.import_key = key
                return row.id
        except IntegrityError as exc:  # another import of the same record won the race
            if "import_key" not in str(exc.orig):
                raise
            return None

    def import_records(self, records: Iterable[tuple[Mapping[str, Any], When | None]]) -> int:
        """Many records in one transaction (all or nothing); each is replayed by the engine
        (or, for a score sheet, checked and scored by its family).

        Raises the engine's error naming the record's position if one is refused.
        """
        count = 0
        with self.db.writing() as session:
            for index, (record, created) in enumerate(records):
                try:
                    check_record(record)
                    self._part(record).add(session, record, created)
                except Refused as exc:
                    raise type(exc)(_("record {index}: {why}").format(
                                        index=index, why=exc)) from None
                count += 1
        return count

    def export_record(self, game_id: int) -> dict[str, Any]:
        """The game's record: a game record (set-up and events) for a tracked game, a
        score-sheet record (version 2: game, inputs, date, derived standings) for a score
        sheet, a result record for a result."""
        with self.db.session() as session, session.begin():
            row = game_row(session, game_id)
            return self._kinds[row.kind].record(session, row)

    # ------------------------------------------------------------------ the read side

    def list_games(self, **filters: Any) -> list[GameListing]:
        """Saved games of every kind and family, newest first (``History.list_games``)."""
        return self.history.list_games(**filters)

    def count_games(self, **filters: Any) -> int:
        return self.history.count_games(**filters)

    def player_stats(self, **filters: Any) -> list[PlayerStats]:
        return self.history.player_stats(**filters)

    def nation_stats(self, **filters: Any) -> list[NationStats]:
        return self.history.nation_stats(**filters)

    def family_stats(self, **filters: Any) -> list[FamilyStats]:
        return self.history.family_stats(**filters)

    def player_family_stats(self, **filters: Any) -> list[PlayerFamilyStats]:
        return self.history.player_family_stats(**filters)

    def export_history_csv(self, **filters: Any) -> str:
        return self.history.export_history_csv(**filters)

    def player_names(self) -> list[str]:
        return self.history.player_names()

    def game_ids(self) -> list[int]:
        return self.history.game_ids()

    def missing(self, ids: Iterable[int]) -> list[int]:
        return self.history.missing(ids)

    def finished(self, ids: Sequence[int] | None = None) -> list[FinishedGame]:
        """The finished games as other apps log plays (``companion.exchange.plays``)."""
        return self.history.finished(ids)

    # ------------------------------------------------------------------ maintenance

    def rebuild_summaries(self) -> RebuildReport:
        """Recompute every derived column, the copies of the set-up and the ``game_players``
        rows from the set-ups and logs, and score sheets from their stored inputs (after a
        change to the scoring rules, or to repair a hand-edited database). A game whose log
        no longer replays, or a sheet that no longer scores, is left as it was and
        reported, as is a game the corrected rules now refuse (read-only). Every log is
        replayed from the database, never taken from memory."""
        with self.db.reading() as session:
            ids = list(session.scalars(select(GameRow.id).order_by(GameRow.id)))
        rebuilt, failed = 0, []
        for game_id in ids:
            try:
                with self.db.writing() as session:
                    row = locked_row(session, game_id)
                    self._kinds[row.kind].rebuild(session, row)
                rebuilt += 1
            except Refused as exc:
                failed.append((game_id, str(exc)))
            except GameNotFound:  # deleted meanwhile
                continue
        return RebuildReport(rebuilt, failed)
