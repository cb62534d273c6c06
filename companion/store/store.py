"""Saved games. The event log is the game; everything else in the database is derived from it.

Score sheets (finished results entered on the Score sheet page, ``kind = "score_sheet"``) have
no log: their inputs are the fact, and their summary is derived from those by the scoring of
their game family (``games.family``, ``companion.games``; Age of Discovery: ``companion.sheet``).

Every write is one transaction that (1) locks the game (``BEGIN IMMEDIATE`` on SQLite,
``SELECT ... FOR UPDATE`` elsewhere), (2) reads the game's revision and checks the one the
writer saw, (3) lets the engine validate the new events against the game's live state, (4)
writes the events, the derived summary and the next revision. A refused event or record
stores nothing. ``UNIQUE(game_id, seq)`` is the last guard against two writers recording the
same position: its violation becomes ``Conflict`` too.

Each game is folded once per process and kept (``companion.store.live``): an append applies
only its own events to the live state of the revision it read under the lock, a load that
finds the revision unchanged replays nothing. The database stays the truth: a revision the
cache does not hold (another process wrote) is folded again from the log.

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
companion.engine.errors.Conflict: game 1: someone else changed the game first (game is at ...
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy import Select, and_, case, delete, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from companion.csvsafe import safe_row
from companion.engine import (
    RECORD_FORMAT,
    RECORD_VERSION,
    Conflict,
    EngineError,
    Event,
    Game,
    GameSetup,
    IllegalAction,
    MalformedEvent,
    Refusal,
    event_dict,
    parse_event,
)
from companion.engine.common import refuse
from companion.engine.fields import name_key
from companion.engine.records import converted, read_record
from companion.exchange.plays import Play, PlaySeat
from companion.games import AGE_OF_DISCOVERY, FAMILY_IDS, Scored, Sheet, family
from companion.games.records import is_sheet_record, read_sheet_record, sheet_record
from companion.games.results import (
    Result,
    is_result_record,
    read_result_record,
    result_record,
)
from companion.records import check_record
from companion.sheet import ScoreSheet, SheetResult
from companion.store import migrate
from companion.store.db import WRITE, default_url, make_engine
from companion.store.errors import database_errors
from companion.store.live import Folded, LiveGames, StoredGame, fold, held_after, rewound
from companion.store.players import merge_same_players
from companion.store.schema import (
    KINDS,
    STATUSES,
    EventRow,
    GamePlayerRow,
    GameRow,
)
from companion.store.set_aside import SET_ASIDE, SetAside, record_set_aside
from companion.store.summary import Summary, summarize, summarize_result, summarize_scored

When = datetime | date


class GameNotFound(LookupError):
    """There is no saved game with that id."""


class WrongKind(LookupError):
    """The game exists but is of the other kind: a score sheet has no event log to load,
    replay or append to, and a tracked game is not a score sheet (nor is another game's
    sheet an Age of Discovery ``ScoreSheet``)."""


@dataclass(frozen=True)
class StoredSheet:
    """A saved score sheet: its inputs, and its results as the sheet's scoring gives them."""

    id: int
    sheet: ScoreSheet
    results: list[SheetResult]
    created: datetime
    updated: datetime

    kind = "score_sheet"
    status = "finished"
    game = AGE_OF_DISCOVERY


@dataclass(frozen=True)
class StoredGameSheet:
    """A saved score sheet of any game family: its inputs and its scored result."""

    id: int
    sheet: Sheet
    scored: Scored
    created: datetime
    updated: datetime

    kind = "score_sheet"
    status = "finished"

    @property
    def game(self) -> str:
        return self.sheet.game


@dataclass(frozen=True)
class StoredResult:
    """A kept result: a play of a game we know, imported from another app."""

    id: int
    result: Result

    kind = "result"
    status = "finished"

    @property
    def game(self) -> str:
        return self.result.game


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
    family: str = AGE_OF_DISCOVERY  # the game (companion.games)


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
class RebuildReport:
    rebuilt: int
    failed: list[tuple[int, str]]  # game id, why its log (or sheet) no longer replays (scores)


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC)


def _naive_utc(value: When) -> datetime:
    if not isinstance(value, datetime):
        return datetime.combine(value, time())
    if value.tzinfo is not None:
        return value.astimezone(UTC).replace(tzinfo=None)
    return value


def _set_aside_of(row: GameRow) -> tuple[SetAside, ...]:
    return tuple(SetAside(b["at"], b["reason"], tuple(b["events"]), b["when"])
                 for b in row.set_aside or [])


def _fold_record(record: Mapping[str, Any]) -> Folded:
    """A game record read for storing: a record of the current version must replay in full;
    an older one the rules now refuse part-way is kept as it is, read-only (but every event
    in it must be one this app can read)."""
    setup, events, version = read_record(record)
    if version == RECORD_VERSION:
        return fold(setup, events, version)
    for index, raw in enumerate(events):
        try:
            parse_event(raw)
        except MalformedEvent as exc:
            raise MalformedEvent(f"event {index}: {exc}") from None
    folded = fold(setup, events, version, strict=False)
    if folded.refusal is not None and folded.refusal.reason.startswith("cannot read"):
        raise MalformedEvent(folded.refusal.describe())
    return folded


def _read_only(game_id: int, refusal: Refusal) -> IllegalAction:
    return IllegalAction(f"game {game_id} is read-only: the rules now refuse its "
                         f"{refusal.describe()}. Set the refused events aside to go on "
                         "(nothing is deleted)")


def _sheet_date(given: When | None, recorded: datetime | None) -> datetime:
    """A score sheet's date: the one given, else the one its record carries, else now."""
    if given is not None:
        return _naive_utc(given)
    return _naive_utc(recorded) if recorded is not None else _now()


def as_sheet(sheet: ScoreSheet | Sheet | Mapping[str, Any]) -> Sheet:
    """A family ``Sheet`` from what ``save_score_sheet`` takes (parsed, not yet checked)."""
    if isinstance(sheet, Sheet):
        return sheet
    aod = family(AGE_OF_DISCOVERY)
    if isinstance(sheet, ScoreSheet):
        return aod.from_native(sheet)  # type: ignore[attr-defined]
    if isinstance(sheet, Mapping) and "game" in sheet:
        return family(sheet["game"]).parse({k: v for k, v in sheet.items() if k != "game"})
    return aod.parse(sheet)


def _not_tracked(game_id: int, kind: str = "score_sheet") -> WrongKind:
    if kind == "result":
        return WrongKind(f"game {game_id} is a result imported from another app: it has no "
                         "event log to replay (open it with load_result)")
    return WrongKind(f"game {game_id} is a score sheet: it has no event log to replay "
                     "(open it with load_score_sheet)")


def _not_a_sheet(row: GameRow) -> WrongKind:
    if row.kind == "result":
        return WrongKind(f"game {row.id} is a result imported from another app, not a score "
                         "sheet (open it with load_result)")
    return WrongKind(f"game {row.id} was recorded turn by turn, not on a score sheet "
                     "(open it with load)")


def _is_seq_clash(exc: IntegrityError) -> bool:
    """A violation of UNIQUE(game_id, seq), as SQLite or PostgreSQL word it."""
    text = str(exc.orig)
    return "uq_events_game_seq" in text or "events.game_id, events.seq" in text


def _conflict(game_id: int, current: int, expected: int) -> Conflict:
    # behind: events were added meanwhile; ahead: events were undone meanwhile
    what = "recorded an event first" if expected < current else "undid events first"
    return Conflict(f"game {game_id}: someone else {what} (game is at event {current}, "
                    f"you had {expected}); reload")


def _check_seen(stored: StoredGame, expected_seq: int | None, revision: int | None) -> None:
    """Refuse a writer who did not see this version of the game (``Conflict``). The
    revision tells every change apart; the event count alone misses an undo followed by a
    new entry (the count comes back)."""
    if revision is None and expected_seq is None:
        raise TypeError("say which version of the game you saw: revision= (or expected_seq=)")
    if expected_seq is not None and expected_seq != stored.seq:
        raise _conflict(stored.id, stored.seq, expected_seq)
    if revision is not None and revision != stored.revision:
        what = ("undid and re-entered steps first" if expected_seq is not None
                else "changed the game first")
        raise Conflict(f"game {stored.id}: someone else {what} (game is at event "
                       f"{stored.seq}, revision {stored.revision}; you saw revision "
                       f"{revision}); reload")


class Store:
    """The saved-games database (SQLite by default, any SQLAlchemy URL)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = make_engine(self.url)
        self._reader = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(self.engine.execution_options(**{WRITE: True}),
                                   expire_on_commit=False)
        migrate.upgrade(self.engine)  # the schema at the newest revision (see migrate.py)
        self._live = LiveGames()

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ internals

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """One write transaction (``BEGIN IMMEDIATE`` on SQLite): commit or roll back."""
        with database_errors(self.url), self._write() as session, session.begin():
            yield session

    @contextmanager
    def _read(self) -> Iterator[Session]:
        """A session for reading; the driver's errors come out as the store's own."""
        with database_errors(self.url), self._reader() as session:
            yield session

    def _locked_row(self, session: Session, game_id: int) -> GameRow:
        row = session.scalars(
            select(GameRow).where(GameRow.id == game_id).with_for_update()
        ).one_or_none()
        if row is None:
            raise GameNotFound(f"there is no saved game {game_id}")
        return row

    def _row(self, session: Session, game_id: int) -> GameRow:
        row = session.get(GameRow, game_id)
        if row is None:
            raise GameNotFound(f"there is no saved game {game_id}")
        return row

    @staticmethod
    def _payloads(session: Session, game_id: int) -> list[dict[str, Any]]:
        return list(session.scalars(
            select(EventRow.payload).where(EventRow.game_id == game_id).order_by(EventRow.seq)
        ))

    def _stored(self, session: Session, row: GameRow) -> StoredGame:
        """The game of ``row`` at the revision the row holds: the live one if this store
        has it, else folded from the log (and kept)."""
        if row.kind != "tracked":
            raise _not_tracked(row.id, row.kind)
        created = _utc(row.created)
        live = self._live.get(row.id, row.revision, created)
        if live is not None:
            return live
        folded = fold(row.setup, self._payloads(session, row.id), row.record_version,
                      strict=False)
        stored = StoredGame(row.id, folded.game, created, _utc(row.updated), row.revision,
                            folded.earlier, folded.refusal, _set_aside_of(row),
                            row.record_version)
        self._live.put(stored)
        return stored

    def _writable(self, session: Session, row: GameRow) -> StoredGame:
        """``_stored``, refused while the rules refuse an event of its log (read-only)."""
        stored = self._stored(session, row)
        if stored.refused is not None:
            raise _read_only(row.id, stored.refused)
        return stored

    @staticmethod
    def _game_sheet(row: GameRow) -> Sheet:
        """A score sheet's inputs as its family reads them (not yet checked)."""
        if row.kind != "score_sheet":
            raise _not_a_sheet(row)
        return family(row.family).parse(row.setup)

    @staticmethod
    def _sheet(row: GameRow) -> ScoreSheet:
        if row.kind == "score_sheet" and row.family != AGE_OF_DISCOVERY:
            raise WrongKind(f"game {row.id} is a score sheet of {family(row.family).name}, "
                            "not of Age of Discovery (open it with load_sheet)")
        if row.kind != "score_sheet":
            raise _not_a_sheet(row)
        return ScoreSheet.from_json(row.setup)

    @staticmethod
    def _apply_summary(session: Session, row: GameRow, summary: Summary, now: datetime,
                       *, step: bool = False) -> None:
        """Rewrite the derived columns (``revision`` is the caller's: only log changes raise
        it). ``step``: one step of a tracked game entered or undone; its seats change only
        when the game ends or comes back from its end (names, colours and nations are the
        set-up's; VP and places are kept for finished games), so they are left alone while
        it goes on (a query and a check of every seat saved on every tap)."""
        seats_change = not (step and row.status == summary.status == "in_progress")
        row.status = summary.status
        row.phase = summary.phase
        row.turn = summary.turn
        row.event_count = summary.event_count
        row.winners = summary.winners
        row.result = summary.result_json()
        row.updated = now
        if not seats_change:
            return
        seats = {gp.seat: gp for gp in session.scalars(
            select(GamePlayerRow).where(GamePlayerRow.game_id == row.id))}
        for p in summary.players:
            gp = seats.pop(p.seat, None)
            if gp is None:
                gp = GamePlayerRow(game_id=row.id, seat=p.seat)
                session.add(gp)
            gp.name, gp.colour, gp.nation = p.name, p.colour, p.nation
            finished = summary.status == "finished"
            gp.vp = p.total if finished else None
            gp.breakdown = (p.breakdown or None) if finished else None  # results: none
            gp.place, gp.won = p.place, p.won
        for stale in seats.values():
            session.delete(stale)

    @staticmethod
    def _new_row(setup: GameSetup, summary: Summary, created: datetime,
                 version: int = RECORD_VERSION) -> GameRow:
        dumped = setup.model_dump(mode="json")
        return GameRow(
            created=created, updated=created, kind="tracked", family=AGE_OF_DISCOVERY,
            revision=0, setup=dumped, record_version=version,
            edition=setup.edition, options=dumped["options"], players=dumped["players"],
            status=summary.status, phase=summary.phase, turn=summary.turn,
            event_count=summary.event_count, winners=summary.winners,
            result=summary.result_json(),
        )

    @staticmethod
    def _sheet_copies(sheet: Sheet) -> tuple[str, dict[str, Any], list[Any]]:
        """``edition``, ``options`` and ``players`` as a sheet fills them in (Age of
        Discovery: its edition and ``{"builders": bool}``; another family: its id and its
        options)."""
        options = dict(sheet.options)
        if sheet.game == AGE_OF_DISCOVERY:
            options = {"builders": options.get("builders", False)}
        return (family(sheet.game).edition(sheet.options), options,
                [{"name": p["name"], "colour": p.get("colour") or "",
                  "nation": p.get("nation")} for p in sheet.players])

    def _insert_sheet(self, session: Session, sheet: Sheet, created: datetime) -> GameRow:
        scored = family(sheet.game).score(sheet)  # InvalidSheet: nothing is stored
        summary = summarize_scored(sheet, scored)
        edition, options, players = self._sheet_copies(sheet)
        row = GameRow(
            created=created, updated=created, kind="score_sheet", family=sheet.game,
            revision=0, setup=sheet.to_json(),
            edition=edition, options=options, players=players, status=summary.status,
            phase=summary.phase, turn=summary.turn, event_count=0, winners=summary.winners,
            result=summary.result_json(),
        )
        session.add(row)
        session.flush()
        session.execute(insert(GamePlayerRow), self._seat_rows(row.id, summary))
        return row

    @staticmethod
    def _seat_rows(game_id: int, summary: Summary) -> list[dict[str, Any]]:
        finished = summary.status == "finished"
        return [
            {"game_id": game_id, "seat": p.seat, "name": p.name, "colour": p.colour,
             "nation": p.nation, "vp": p.total if finished else None, "place": p.place,
             "won": p.won, "breakdown": (p.breakdown or None) if finished else None}
            for p in summary.players
        ]

    @staticmethod
    def _event_rows(game_id: int, events: Iterable[Event], start: int,
                    now: datetime) -> list[dict[str, Any]]:
        return [
            {"game_id": game_id, "seq": seq, "type": ev.type, "payload": event_dict(ev),
             "created": now}
            for seq, ev in enumerate(events, start=start)
        ]

    def _insert_stored_log(self, session: Session, record: Mapping[str, Any], game: Game,
                           created: datetime) -> GameRow:
        """An older record the rules now refuse part-way: stored exactly as it is (its own
        set-up, version and events), read-only until its refused events are set aside."""
        summary = summarize(game)
        setup, events, version = read_record(record)
        row = self._new_row(game.setup, summary, created, version=version)
        row.setup = dict(setup)
        session.add(row)
        session.flush()
        session.execute(insert(GamePlayerRow), self._seat_rows(row.id, summary))
        if events:
            session.execute(insert(EventRow), [
                {"game_id": row.id, "seq": seq, "type": str(e["type"]), "payload": dict(e),
                 "created": created} for seq, e in enumerate(events)])
        return row

    def _insert_game(self, session: Session, game: Game, created: datetime) -> GameRow:
        summary = summarize(game)
        row = self._new_row(game.setup, summary, created)
        session.add(row)
        session.flush()  # the new id (and the revision's default, 0)
        session.execute(insert(GamePlayerRow), self._seat_rows(row.id, summary))
        if game.events:
            session.execute(insert(EventRow), self._event_rows(row.id, game.events, 0, created))
        return row

    # ------------------------------------------------------------------ games

    def create_game(self, setup: GameSetup | Mapping[str, Any]) -> StoredGame:
        game = Game.new(setup)  # MalformedEvent for a bad set-up: nothing stored
        now = _now()
        with self._writing() as session:
            row = self._insert_game(session, game, now)
        stored = StoredGame(row.id, game, _utc(now), _utc(now), row.revision)
        self._live.put(stored)
        return stored

    def load(self, game_id: int) -> StoredGame:
        """A tracked game at its current revision: the live one when this store holds that
        revision (one query), else its log replayed. ``GameNotFound`` if there is none;
        ``WrongKind`` for a score sheet (use ``load_score_sheet``)."""
        with self._read() as session, session.begin():
            head = session.execute(
                select(GameRow.kind, GameRow.revision, GameRow.created)
                .where(GameRow.id == game_id)).one_or_none()
            if head is None:
                raise GameNotFound(f"there is no saved game {game_id}")
            kind, revision, created = head
            if kind == "tracked":
                live = self._live.get(game_id, revision, _utc(created))
                if live is not None:
                    return live
            # Folding reads the log: on PostgreSQL, FOR SHARE keeps writers out until it is
            # read, so the log and the revision read with it agree (SQLite reads a snapshot).
            row = session.scalars(select(GameRow).where(GameRow.id == game_id)
                                  .with_for_update(read=True)).one_or_none()
            if row is None:
                raise GameNotFound(f"there is no saved game {game_id}")
            return self._stored(session, row)

    def revision(self, game_id: int) -> int:
        """The game's revision: one integer read, how a live page sees that the game moved
        on (an undo too). ``GameNotFound`` if there is none.

        >>> from companion.store import Store
        >>> store = Store("sqlite://")
        >>> sg = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]})
        >>> store.revision(sg.id)
        0
        """
        # A plain connection, not an ORM session: every live page polls this (about 0.3
        # against 0.6 ms here).
        with database_errors(self.url), self.engine.connect() as conn:
            found = conn.execute(select(GameRow.revision)
                                 .where(GameRow.id == game_id)).scalar_one_or_none()
        if found is None:
            raise GameNotFound(f"there is no saved game {game_id}")
        return found

    def append(self, game_id: int, event: Event | Mapping[str, Any],
               expected_seq: int | None = None, *, revision: int | None = None) -> StoredGame:
        """Record exactly ``event`` if the game is still at the ``revision`` the writer saw
        (and, if given, at ``expected_seq`` events) and the engine accepts it. Raises
        ``Conflict`` for a stale writer, the engine's error for a refused event (nothing is
        stored in either case). Pass at least one guard; ``revision`` is the one that also
        catches an undo followed by a new entry."""
        ev = parse_event(event)
        return self._extend(game_id, expected_seq, revision, lambda game: game.apply(ev))

    def answer(self, game_id: int, events: Sequence[Event | Mapping[str, Any]],
               expected_seq: int | None = None, *, revision: int | None = None) -> StoredGame:
        """Record the table's answer (one event, or a group) together with the steps whose
        only outcome the engine then settles (``auto``), in one transaction; guarded and
        refused like ``append``."""
        return self._extend(game_id, expected_seq, revision,
                            lambda game: game.answer(list(events)))

    def _extend(self, game_id: int, expected_seq: int | None, revision: int | None,
                change: Callable[[Game], Game]) -> StoredGame:
        """Append the events ``change`` adds to the stored game, all or nothing."""
        now = _now()
        try:
            with self._writing() as session:
                row = self._locked_row(session, game_id)
                base = self._writable(session, row)
                _check_seen(base, expected_seq, revision)
                game = change(base.game)  # EngineError: the transaction rolls back
                session.execute(insert(EventRow), self._event_rows(
                    game_id, game.events[base.seq:], base.seq, now))
                row.revision = base.revision + 1
                self._apply_summary(session, row, summarize(game), now, step=True)
                stored = StoredGame(game_id, game, base.created, _utc(now), row.revision,
                                    held_after(base), None, base.set_aside, base.record_version)
        except IntegrityError as exc:
            if not _is_seq_clash(exc):
                raise
            raise Conflict(f"game {game_id}: someone else recorded an event first (event "
                           f"{expected_seq} is already taken); reload") from None
        self._live.put(stored)
        return stored

    def undo(self, game_id: int, expected_seq: int | None = None, n: int = 1, *,
             revision: int | None = None) -> StoredGame:
        """Delete the last ``n`` events (guarded like ``append``). Undo is not recorded: the
        log afterwards is exactly as if those events had never been entered; the revision
        still goes up."""
        now = _now()
        with self._writing() as session:
            row = self._locked_row(session, game_id)
            base = self._writable(session, row)
            _check_seen(base, expected_seq, revision)
            if n < 1:
                raise ValueError(f"undo needs a positive number of events, not {n}")
            if n > base.seq:
                raise refuse(base.game.state,
                             f"cannot undo {n} event(s): the log has {base.seq}")
            game, earlier = rewound(base, base.seq - n)
            session.execute(delete(EventRow).where(
                EventRow.game_id == game_id, EventRow.seq >= len(game.events)))
            row.revision = base.revision + 1
            self._apply_summary(session, row, summarize(game), now, step=True)
            stored = StoredGame(game_id, game, base.created, _utc(now), row.revision, earlier,
                                None, base.set_aside, base.record_version)
        self._live.put(stored)
        return stored

    # ------------------------------------------------------------------ refused games

    def set_aside(self, game_id: int, expected_seq: int | None = None, *,
                  revision: int | None = None) -> StoredGame:
        """Let a read-only game go on: its refused event and every event after it leave the
        log and are kept beside it (``StoredGame.set_aside``, exported with the record);
        the game then stands just before the refused event, where the table can record what
        the corrected rule asks. Guarded like ``append``; the revision goes up."""
        now = _now()
        with self._writing() as session:
            row = self._locked_row(session, game_id)
            base = self._stored(session, row)
            if base.refused is None:
                raise IllegalAction(f"game {game_id} replays in full: nothing to set aside")
            _check_seen(base, expected_seq, revision)
            at = base.refused.index
            batch = {"at": at, "reason": base.refused.reason,
                     "events": self._payloads(session, game_id)[at:],
                     "when": _utc(now).isoformat()}
            row.set_aside = [*(row.set_aside or []), batch]
            session.execute(delete(EventRow).where(
                EventRow.game_id == game_id, EventRow.seq >= at))
            row.revision = base.revision + 1
            self._apply_summary(session, row, summarize(base.game), now)
            stored = StoredGame(game_id, base.game, base.created, _utc(now), row.revision,
                                base.earlier, None, _set_aside_of(row), base.record_version)
        self._live.put(stored)
        return stored

    def reapply_set_aside(self, game_id: int, expected_seq: int | None = None,
                          leave_out_first: bool = False, *,
                          revision: int | None = None) -> StoredGame:
        """Re-apply the events last set aside, in order, as far as the rules accept them
        (after the table recorded what the corrected rule asked). Those still refused stay
        set aside, with the new reason. ``leave_out_first``: the first of them is not
        re-applied (it stays set aside, on its own). Guarded like ``append``."""
        now = _now()
        with self._writing() as session:
            row = self._locked_row(session, game_id)
            base = self._writable(session, row)
            _check_seen(base, expected_seq, revision)
            batches = list(row.set_aside or [])
            if not batches or not batches[-1]["events"]:
                raise IllegalAction(f"game {game_id} has no events set aside")
            last = batches.pop()
            waiting = list(last["events"])
            if leave_out_first:
                batches.append({**last, "events": waiting[:1]})
                waiting = waiting[1:]
            game, reason = base.game, ""
            while waiting:
                try:  # written in the game's record version, like its log
                    game = game.apply(converted(game.state, parse_event(waiting[0]),
                                                base.record_version))
                except EngineError as exc:
                    reason = str(exc)
                    break
                waiting.pop(0)
            if waiting:
                batches.append({"at": len(game.events), "reason": reason, "events": waiting,
                                "when": _utc(now).isoformat()})
            row.set_aside = batches or None
            if len(game.events) > base.seq:
                session.execute(insert(EventRow), self._event_rows(
                    game_id, game.events[base.seq:], base.seq, now))
            row.revision = base.revision + 1
            self._apply_summary(session, row, summarize(game), now)
            stored = StoredGame(game_id, game, base.created, _utc(now), row.revision,
                                held_after(base) if game is not base.game else base.earlier,
                                None, _set_aside_of(row), base.record_version)
        self._live.put(stored)
        return stored

    def delete_game(self, game_id: int) -> None:
        with self._writing() as session:
            row = self._locked_row(session, game_id)
            session.execute(delete(EventRow).where(EventRow.game_id == game_id))
            session.execute(delete(GamePlayerRow).where(GamePlayerRow.game_id == game_id))
            session.delete(row)
        self._live.drop(game_id)

    # ------------------------------------------------------------------ score sheets

    def save_score_sheet(self, sheet: ScoreSheet | Sheet | Mapping[str, Any], *,
                         created: When | None = None) -> int:
        """Store a finished result entered on a score sheet and return its game id: a family
        ``Sheet``, an Age of Discovery ``ScoreSheet``, or the JSON form of either (a
        ``"game"`` key names the family; without it, Age of Discovery). The sheet is checked
        and scored by its family (``companion.games``: player count, names, every field's
        range, the rules across fields); a refused sheet raises ``InvalidSheet`` (a
        ``ValueError``, with every problem at its seat and field) and nothing is stored.
        ``created`` is when it was played (default: now)."""
        when = _naive_utc(created) if created is not None else _now()
        sheet = as_sheet(sheet)
        with self._writing() as session:
            row = self._insert_sheet(session, sheet, when)
        return row.id

    def load_score_sheet(self, game_id: int) -> StoredSheet:
        """A saved Age of Discovery score sheet, re-totalled from its inputs.
        ``GameNotFound`` if there is none; ``WrongKind`` for a tracked game (use ``load``)
        or another game's sheet (use ``load_sheet``)."""
        with self._read() as session, session.begin():
            row = self._row(session, game_id)
            sheet = self._sheet(row)
            return StoredSheet(row.id, sheet, sheet.results(), _utc(row.created),
                               _utc(row.updated))

    def load_sheet(self, game_id: int) -> StoredGameSheet:
        """A saved score sheet of any family: its inputs and its result, scored again.
        ``GameNotFound`` if there is none; ``WrongKind`` for a tracked game."""
        with self._read() as session, session.begin():
            row = self._row(session, game_id)
            sheet = self._game_sheet(row)
            return StoredGameSheet(row.id, sheet, family(sheet.game).score(sheet),
                                   _utc(row.created), _utc(row.updated))

    # ------------------------------------------------------------------ results

    @staticmethod
    def _result_copies(result: Result) -> tuple[str, dict[str, Any], list[Any]]:
        """``edition``, ``options`` and ``players`` as a result fills them in."""
        edition = result.edition or family(result.game).edition({})
        return edition, {}, [{"name": s.name, "colour": "", "nation": None}
                             for s in result.seats]

    def _insert_result(self, session: Session, result: Result,
                       key: str | None = None) -> GameRow:
        summary = summarize_result(result)
        edition, options, players = self._result_copies(result)
        created = _naive_utc(result.played)
        row = GameRow(
            created=created, updated=created, kind="result", family=result.game, revision=0,
            setup=result.to_json(), edition=edition, options=options, players=players,
            status=summary.status, phase=summary.phase, turn=summary.turn, event_count=0,
            winners=summary.winners, result=summary.result_json(),
            import_key=key or result.key)
        session.add(row)
        session.flush()
        session.execute(insert(GamePlayerRow), self._seat_rows(row.id, summary))
        return row

    @staticmethod
    def _known_keys(session: Session, keys: Iterable[str]) -> dict[str, int]:
        """Import keys already kept, with the game that holds each."""
        wanted = sorted({k for k in keys if k})
        found: dict[str, int] = {}
        for start in range(0, len(wanted), 500):  # well inside every driver's parameter cap
            found.update(session.execute(
                select(GameRow.import_key, GameRow.id)
                .where(GameRow.import_key.in_(wanted[start:start + 500]))).all())
        return found

    def known_import_keys(self, keys: Iterable[str]) -> dict[str, int]:
        """Which of these import keys are kept already, and by which game."""
        with self._read() as session, session.begin():
            return self._known_keys(session, keys)

    def import_results(self, results: Sequence[Result]) -> tuple[list[int], list[int]]:
        """Keep many results in one transaction (all or nothing). A result whose ``key`` is
        kept already (an earlier import of the same play) adds nothing. Returns the new game
        ids and the ids of the games that already held the others."""
        added: list[int] = []
        with self._writing() as session:
            known = self._known_keys(session, (r.key for r in results if r.key))
            already = [known[r.key] for r in results if r.key in known]
            seen: set[str] = set()
            for result in results:
                if result.key in known or result.key in seen:
                    continue  # the same play twice in one file counts once
                if result.key:
                    seen.add(result.key)
                added.append(self._insert_result(session, result).id)
        return added, already

    def save_result(self, result: Result) -> int:
        """Keep one result (see ``import_results``); ``Conflict`` if its key is kept."""
        added, already = self.import_results([result])
        if not added:
            raise Conflict(f"this play is kept already, as game {already[0]}")
        return added[0]

    def load_result(self, game_id: int) -> Result:
        """A kept result. ``GameNotFound`` if there is none; ``WrongKind`` for another kind."""
        with self._read() as session, session.begin():
            row = self._row(session, game_id)
            if row.kind != "result":
                raise WrongKind(f"game {game_id} is not a result imported from another app")
            return Result.parse(row.setup)

    def player_names(self) -> list[str]:
        """Every player name kept, one spelling per player (the one most games use)."""
        query = (select(GamePlayerRow.name, func.count()).group_by(GamePlayerRow.name)
                 .order_by(func.count().desc(), GamePlayerRow.name))
        with self._read() as session, session.begin():
            names: dict[str, str] = {}
            for name, _ in session.execute(query):
                names.setdefault(name_key(name), name)
        return sorted(names.values(), key=str.casefold)

    # ------------------------------------------------------------------ records

    def _import_sheet(self, session: Session, record: Mapping[str, Any],
                      created: When | None) -> tuple[GameRow, Sheet, datetime]:
        sheet, dated = read_sheet_record(record)
        when = _sheet_date(created, dated)
        return self._insert_sheet(session, sheet, when), sheet, when

    def import_keyed(self, record: Mapping[str, Any], key: str, *,
                     created: When | None = None) -> int | None:
        """Store a record of any kind (game, score sheet, result) under an import key, in
        one transaction, and return its game id; None when a game already holds that key
        (the same record imported before: nothing is added). Refused like ``import_record``.
        """
        check_record(record)
        try:
            with self._writing() as session:
                if self._known_keys(session, [key]):
                    return None
                if is_result_record(record):
                    row = self._insert_result(session, read_result_record(record), key)
                elif is_sheet_record(record):
                    row = self._import_sheet(session, record, created)[0]
                else:
                    folded = _fold_record(record)
                    when = _naive_utc(created) if created is not None else _now()
                    row = self._insert_record(session, record, folded, when)
                row.import_key = key
                return row.id
        except IntegrityError as exc:  # another import of the same record won the race
            if "import_key" not in str(exc.orig):
                raise
            return None

    def import_record(self, record: Mapping[str, Any], *, created: When | None = None,
                      ) -> StoredGame | StoredSheet | StoredGameSheet | StoredResult:
        """Store a record as ``export_record`` writes it: a game record after a full replay,
        or a score-sheet record (any family, version 1 or 2) after checking and scoring it.
        A malformed or illegal record raises the engine's error (``InvalidSheet`` for a
        sheet) and stores nothing. An Age of Discovery sheet comes back as a
        ``StoredSheet``, another family's as a ``StoredGameSheet``.

        ``created`` is the game's date; without it, a sheet record's own ``created`` is
        used, else now."""
        check_record(record)  # depth, size, text no database stores: RecordError
        if is_result_record(record):
            result = read_result_record(record)
            with self._writing() as session:
                row = self._insert_result(session, result)
            return StoredResult(row.id, result)
        if is_sheet_record(record):
            with self._writing() as session:
                row, sheet, when = self._import_sheet(session, record, created)
            if sheet.game == AGE_OF_DISCOVERY:
                native = ScoreSheet.from_json(sheet.to_json())
                return StoredSheet(row.id, native, native.results(), _utc(when), _utc(when))
            return StoredGameSheet(row.id, sheet, family(sheet.game).score(sheet), _utc(when),
                                   _utc(when))
        folded = _fold_record(record)
        when = _naive_utc(created) if created is not None else _now()
        with self._writing() as session:
            row = self._insert_record(session, record, folded, when)
        stored = StoredGame(row.id, folded.game, _utc(when), _utc(when), row.revision,
                            folded.earlier, folded.refusal, _set_aside_of(row),
                            row.record_version)
        self._live.put(stored)
        return stored

    def _insert_record(self, session: Session, record: Mapping[str, Any], folded: Folded,
                       created: datetime) -> GameRow:
        """A game record as read by ``_fold_record``: converted to the current version when
        it replays in full, else kept exactly as given; its events set aside kept too."""
        aside = record_set_aside(record)
        if folded.refusal is None:
            row = self._insert_game(session, folded.game, created)
        else:
            row = self._insert_stored_log(session, record, folded.game, created)
        row.set_aside = aside
        return row

    def import_records(self, records: Iterable[tuple[Mapping[str, Any], When | None]]) -> int:
        """Many records in one transaction (all or nothing); each is replayed by the engine
        (or, for a score sheet, checked and scored by its family).

        Raises the engine's error naming the record's position if one is refused.
        """
        count = 0
        with self._writing() as session:
            for index, (record, created) in enumerate(records):
                try:
                    check_record(record)
                    if is_result_record(record):
                        self._insert_result(session, read_result_record(record))
                    elif is_sheet_record(record):
                        self._import_sheet(session, record, created)
                    else:
                        folded = _fold_record(record)
                        when = _naive_utc(created) if created is not None else _now()
                        self._insert_record(session, record, folded, when)
                except EngineError as exc:
                    raise type(exc)(f"record {index}: {exc}") from None
                count += 1
        return count

    def export_record(self, game_id: int) -> dict[str, Any]:
        """The game's record: a game record (set-up and events) for a tracked game, a
        score-sheet record (version 2: game, inputs, date, derived standings) for a score
        sheet."""
        with self._read() as session, session.begin():
            row = self._row(session, game_id)
            if row.kind == "score_sheet":
                return sheet_record(self._game_sheet(row), created=_utc(row.created))
            if row.kind == "result":
                return result_record(Result.parse(row.setup))
            stored = self._stored(session, row)
            if stored.refused is None:
                record = stored.game.record()  # the current version (older logs converted)
            else:  # kept exactly as stored, so that nothing is lost
                record = {"format": RECORD_FORMAT, "version": row.record_version,
                          "setup": row.setup, "events": self._payloads(session, row.id)}
            if row.set_aside:
                record[SET_ASIDE] = row.set_aside
            return record

    # ------------------------------------------------------------------ history

    @staticmethod
    def _filtered(query: Select[Any], *, since: When | None, before: When | None,
                  player: str | None, edition: str | None, status: str | None,
                  kind: str | None = None, game: str | None = None) -> Select[Any]:
        if game is not None:
            if game not in FAMILY_IDS:
                raise ValueError(f"game is one of {', '.join(FAMILY_IDS)}, not {game!r}")
            query = query.where(GameRow.family == game)
        if kind is not None:
            if kind not in KINDS:
                raise ValueError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
            query = query.where(GameRow.kind == kind)
        if since is not None:
            query = query.where(GameRow.created >= _naive_utc(since))
        if before is not None:
            query = query.where(GameRow.created < _naive_utc(before))
        if edition is not None:
            query = query.where(GameRow.edition == edition)
        if status is not None:
            if status not in STATUSES:
                raise ValueError(f"status is one of {', '.join(STATUSES)}, not {status!r}")
            query = query.where(GameRow.status == status)
        if player is not None:
            query = query.where(GameRow.id.in_(
                select(GamePlayerRow.game_id).where(GamePlayerRow.name == player)))
        return query

    def list_games(self, *, since: When | None = None, before: When | None = None,
                   player: str | None = None, edition: str | None = None,
                   status: str | None = None, kind: str | None = None,
                   game: str | None = None, limit: int = 50,
                   offset: int = 0) -> list[GameListing]:
        """Saved games of both kinds (or of ``kind``) and every family (or of ``game``),
        newest first. ``since`` is inclusive, ``before`` exclusive (a date means its midnight
        UTC); ``player`` matches a name exactly."""
        if limit < 0 or offset < 0:
            raise ValueError("limit and offset cannot be negative")
        query = self._filtered(select(GameRow), since=since, before=before, player=player,
                               edition=edition, status=status, kind=kind, game=game)
        query = query.order_by(GameRow.created.desc(), GameRow.id.desc()).limit(limit).offset(
            offset)
        with self._read() as session, session.begin():
            return [self._listing(row) for row in session.scalars(query)]

    def count_games(self, *, since: When | None = None, before: When | None = None,
                    player: str | None = None, edition: str | None = None,
                    status: str | None = None, kind: str | None = None,
                    game: str | None = None) -> int:
        query = self._filtered(select(func.count()).select_from(GameRow), since=since,
                               before=before, player=player, edition=edition, status=status,
                               kind=kind, game=game)
        with self._read() as session, session.begin():
            return session.scalar(query) or 0

    @staticmethod
    def _listing(row: GameRow) -> GameListing:
        return GameListing(
            id=row.id, kind=row.kind, created=_utc(row.created), updated=_utc(row.updated),
            edition=row.edition, status=row.status, phase=row.phase, turn=row.turn,
            event_count=row.event_count, players=[p["name"] for p in row.players],
            winners=list(row.winners or []),
            totals={s["player"]: s["total"] for s in row.result.get("standings", [])},
            family=row.family,
        )

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
        return self._filtered(query, since=since, before=before, player=None, edition=edition,
                              status=None, game=game)

    def player_stats(self, *, since: When | None = None, before: When | None = None,
                     edition: str | None = None, game: str | None = None) -> list[PlayerStats]:
        """Per player name, over finished games (of every family, or of ``game``): games,
        wins (shared first places count), win rate, average and best total. Computed by the
        database (GROUP BY). Totals of different games do not compare: the History shows
        the averages only for one game at a time."""
        query = self._stats_query(GamePlayerRow.name, since=since, before=before,
                                  edition=edition, game=game)
        with self._read() as session, session.begin():
            return merge_same_players([  # Ann and ANN are one player
                PlayerStats(name, n, int(w), int(w) / n, float(avg), int(best))
                for name, n, w, avg, best in session.execute(query)])

    def nation_stats(self, *, since: When | None = None, before: When | None = None,
                     edition: str | None = None) -> list[NationStats]:
        """The same per nation, over finished games played with the national advantages."""
        query = self._stats_query(GamePlayerRow.nation, since=since, before=before,
                                  edition=edition).where(GamePlayerRow.nation.is_not(None))
        with self._read() as session, session.begin():
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
        query = self._filtered(
            select(GameRow.family, func.count(), finished, sheets, results)
            .group_by(GameRow.family).order_by(func.count().desc(), GameRow.family),
            since=since, before=before, player=player, edition=None, status=None)
        with self._read() as session, session.begin():
            return [FamilyStats(f, n, int(done or 0), int(s or 0), int(r or 0))
                    for f, n, done, s, r in session.execute(query)]

    def player_family_stats(self, *, since: When | None = None,
                            before: When | None = None) -> list[PlayerFamilyStats]:
        """Finished games and wins per player and game family (most wins first)."""
        wins = func.sum(case((GamePlayerRow.won, 1), else_=0))
        query = self._filtered(
            select(GamePlayerRow.name, GameRow.family, func.count(), wins)
            .join(GameRow, GameRow.id == GamePlayerRow.game_id)
            .where(GameRow.status == "finished")
            .group_by(GamePlayerRow.name, GameRow.family)
            .order_by(wins.desc(), func.count().desc(), GamePlayerRow.name, GameRow.family),
            since=since, before=before, player=None, edition=None, status=None)
        with self._read() as session, session.begin():
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
        query = self._filtered(
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
        with self._read() as session, session.begin():
            for (gid, created, ed, st, seat, name, colour, nation, vp, place, won, kind,
                 fam, breakdown) in session.execute(query):
                writer.writerow(safe_row([  # names cannot start a formula
                    gid, _utc(created).isoformat(timespec="seconds"), ed, st, seat, name, colour,
                    nation or "", "" if vp is None else vp, "" if place is None else place,
                    "yes" if won else "no", kind, fam,
                    "" if breakdown is None else json.dumps(breakdown, separators=(",", ":")),
                ]))
        return out.getvalue()

    # ------------------------------------------------------------------ exports

    def game_ids(self) -> list[int]:
        """Every kept game, oldest first."""
        with self._read() as session, session.begin():
            return list(session.scalars(select(GameRow.id)
                                        .order_by(GameRow.created, GameRow.id)))

    def missing(self, ids: Iterable[int]) -> list[int]:
        """Those of ``ids`` no game has."""
        wanted = sorted(set(ids))
        with self._read() as session, session.begin():
            have = set(session.scalars(select(GameRow.id).where(GameRow.id.in_(wanted))))
        return [i for i in wanted if i not in have]

    def plays(self, ids: Sequence[int] | None = None) -> list[Play]:
        """The finished games (of ``ids`` if given) as other apps log plays, oldest first:
        read from the summary columns, nothing replayed. The start position is the seat of
        a tracked game (seat 1 began) or what an imported result said; a score sheet does
        not record one."""
        query = select(GameRow).where(GameRow.status == "finished").order_by(
            GameRow.created, GameRow.id)
        if ids is not None:
            query = query.where(GameRow.id.in_(list(ids)))
        with self._read() as session, session.begin():
            rows = list(session.scalars(query))
            seats: dict[int, list[GamePlayerRow]] = {}
            for gp in session.scalars(select(GamePlayerRow).where(GamePlayerRow.game_id.in_(
                    [r.id for r in rows])).order_by(GamePlayerRow.game_id, GamePlayerRow.seat)):
                seats.setdefault(gp.game_id, []).append(gp)
        plays = []
        for row in rows:
            told = ({p["name"]: p for p in row.setup.get("players", [])}
                    if row.kind == "result" else {})
            plays.append(Play(
                row.id, _utc(row.created), row.family,
                row.edition if row.family == AGE_OF_DISCOVERY else None,
                tuple(PlaySeat(
                    gp.name, gp.vp or 0, gp.won, gp.place,
                    seat=(gp.seat if row.kind == "tracked"
                          else told.get(gp.name, {}).get("seat")),
                    start=(gp.seat == 1 if row.kind == "tracked"
                           else told.get(gp.name, {}).get("start", False)))
                    for gp in seats.get(row.id, [])),
                key=row.import_key))
        return plays

    # ------------------------------------------------------------------ maintenance

    def rebuild_summaries(self) -> RebuildReport:
        """Recompute every derived column, the copies of the set-up and the ``game_players``
        rows from the set-ups and logs, and score sheets from their stored inputs (after a
        change to the scoring rules, or to repair a hand-edited database). A game whose log
        no longer replays, or a sheet that no longer scores, is left as it was and
        reported, as is a game the corrected rules now refuse (read-only). Every log is
        replayed from the database, never taken from memory."""
        with self._read() as session, session.begin():
            ids = list(session.scalars(select(GameRow.id).order_by(GameRow.id)))
        rebuilt, failed = 0, []
        for game_id in ids:
            try:
                with self._writing() as session:
                    row = self._locked_row(session, game_id)
                    if row.kind == "result":
                        result = Result.parse(row.setup)
                        row.edition, row.options, row.players = self._result_copies(result)
                        self._apply_summary(session, row, summarize_result(result),
                                            row.updated)
                    elif row.kind == "score_sheet":
                        sheet = self._game_sheet(row)
                        scored = family(sheet.game).score(sheet)
                        row.edition, row.options, row.players = self._sheet_copies(sheet)
                        self._apply_summary(session, row, summarize_scored(sheet, scored),
                                            row.updated)
                    else:
                        self._live.drop(game_id)  # the log may have been edited by hand
                        game = self._writable(session, row).game  # read-only: reported
                        dumped = game.setup.model_dump(mode="json")
                        row.edition, row.options, row.players = (
                            game.setup.edition, dumped["options"], dumped["players"])
                        self._apply_summary(session, row, summarize(game), row.updated)
                rebuilt += 1
            except EngineError as exc:
                failed.append((game_id, str(exc)))
            except GameNotFound:  # deleted meanwhile
                continue
        return RebuildReport(rebuilt, failed)
