"""Saved games. The event log is the game; everything else in the database is derived from it.

Score sheets (finished results entered on the Score sheet page, ``kind = "score_sheet"``) have
no log: their inputs are the fact, and their summary is derived from those by the sheet's own
scoring (``companion.sheet``).

Every write is one transaction that (1) locks the game (``BEGIN IMMEDIATE`` on SQLite,
``SELECT ... FOR UPDATE`` elsewhere), (2) reads the log and checks the writer's expected event
count, (3) lets the engine validate, (4) writes the events and the derived summary. A refused
event or record stores nothing. ``UNIQUE(game_id, seq)`` is the last guard against two writers
recording the same position: its violation becomes ``Conflict`` too.

>>> store = Store("sqlite://")
>>> sg = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> sg = store.append(sg.id, {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
...     "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}, 0)
>>> sg.seq, store.load(sg.id).game.state.phase.value
(1, 'placement')
>>> store.append(sg.id, {"type": "place", "player": "Ann", "worker": "colonist",
...                      "track": "dock"}, expected_seq=0)
Traceback (most recent call last):
...
companion.engine.errors.Conflict: game 1: someone else recorded an event first (game is at ...
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy import Engine, Select, and_, case, delete, func, insert, inspect, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

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
    Phase,
    Refusal,
    event_dict,
    parse_event,
)
from companion.sheet import ScoreSheet, SheetResult, is_sheet_record
from companion.sheet import from_record as sheet_from_record
from companion.store.db import WRITE, default_url, make_engine
from companion.store.schema import (
    KIND_COLUMN_DDL,
    KINDS,
    STATUSES,
    Base,
    EventRow,
    GamePlayerRow,
    GameRow,
)
from companion.store.summary import Summary, summarize, summarize_sheet

When = datetime | date


class GameNotFound(LookupError):
    """There is no saved game with that id."""


class WrongKind(LookupError):
    """The game exists but is of the other kind: a score sheet has no event log to load,
    replay or append to, and a tracked game is not a score sheet."""


@dataclass(frozen=True)
class SetAside:
    """Events taken out of a game's log so that it could go on (never deleted): they were
    refused from position ``at`` on, for ``reason``; ``events`` are as they were stored."""

    at: int
    reason: str
    events: tuple[dict[str, Any], ...]
    when: str  # ISO date and time they were set aside


@dataclass(frozen=True)
class StoredGame:
    """A saved game as loaded: ``seq`` is the number of events (pass it back to ``append``).

    ``refused``: the rules now refuse the stored event at ``refused.index`` (a rule was
    corrected since it was recorded); ``game`` is then the game up to that event and the
    stored game is read-only until the refused events are set aside (``Store.set_aside``).
    """

    id: int
    game: Game
    created: datetime
    updated: datetime
    refused: Refusal | None = None
    set_aside: tuple[SetAside, ...] = ()
    version: int = RECORD_VERSION  # the record version its stored events were written in

    @property
    def seq(self) -> int:
        return len(self.game.events)

    @property
    def read_only(self) -> bool:
        return self.refused is not None

    @property
    def status(self) -> str:
        return "finished" if self.game.state.phase == Phase.OVER else "in_progress"


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


@dataclass(frozen=True)
class GameListing:
    """One line of the game history (no replay needed: read from the summary columns)."""

    id: int
    kind: str  # "tracked" or "score_sheet"
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


# Kept inside games.setup until the games table has columns of its own for them (see
# docs/store.md): the record version the game's events were stored in (rows written before
# version 3 have none: 2) and the events set aside so that a refused game could go on.
VERSION_KEY, SET_ASIDE_KEY = "record_version", "set_aside"
STORE_KEYS = (VERSION_KEY, SET_ASIDE_KEY)
BEFORE_VERSIONS_WERE_KEPT = 2


def _setup_data(row: GameRow) -> dict[str, Any]:
    """The set-up as a game record carries it (without what the store keeps beside it)."""
    return {k: v for k, v in row.setup.items() if k not in STORE_KEYS}


def _version_of(row: GameRow) -> int:
    return int(row.setup.get(VERSION_KEY, BEFORE_VERSIONS_WERE_KEPT))


def _set_aside_of(row: GameRow) -> tuple[SetAside, ...]:
    return tuple(SetAside(b["at"], b["reason"], tuple(b["events"]), b["when"])
                 for b in row.setup.get(SET_ASIDE_KEY, []))


def _game_of_record(record: Mapping[str, Any]) -> tuple[Game, Refusal | None]:
    """A game record read for storing: a record of the current version must replay in full;
    an older one the rules now refuse part-way is kept as it is, read-only."""
    if not isinstance(record, Mapping):
        raise MalformedEvent("a game record is a JSON object with 'setup' and 'events'")
    if record.get("version", RECORD_VERSION) == RECORD_VERSION:
        return Game.from_record(record), None
    game, refusal = Game.load_record(record)
    if refusal is not None and refusal.reason.startswith("cannot read"):
        raise MalformedEvent(refusal.describe())
    return game, refusal


def _read_only(game_id: int, refusal: Refusal) -> IllegalAction:
    return IllegalAction(f"game {game_id} is read-only: the rules now refuse its "
                         f"{refusal.describe()}. Set the refused events aside to go on "
                         "(nothing is deleted)")


def _sheet_date(given: When | None, recorded: datetime | None) -> datetime:
    """A score sheet's date: the one given, else the one its record carries, else now."""
    if given is not None:
        return _naive_utc(given)
    return _naive_utc(recorded) if recorded is not None else _now()


def _not_tracked(game_id: int) -> WrongKind:
    return WrongKind(f"game {game_id} is a score sheet: it has no event log to replay "
                     "(open it with load_score_sheet)")


def add_kind_column(engine: Engine) -> bool:
    """Bring a database created before ``games.kind`` existed up to date: add the column
    (existing rows become ``tracked``). Returns whether it was added.

    Runs in a write transaction and looks again inside it, under a lock (SQLite:
    ``BEGIN IMMEDIATE``; PostgreSQL: ``LOCK TABLE games``), so that processes starting at
    once on an old database add the column once: the others wait, then find it there.
    """
    if "kind" in {c["name"] for c in inspect(engine).get_columns("games")}:
        return False
    with engine.execution_options(**{WRITE: True}).begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("LOCK TABLE games IN ACCESS EXCLUSIVE MODE"))
        if "kind" in {c["name"] for c in inspect(conn).get_columns("games")}:
            return False
        conn.execute(text(KIND_COLUMN_DDL))
    return True


def _is_seq_clash(exc: IntegrityError) -> bool:
    """A violation of UNIQUE(game_id, seq), as SQLite or PostgreSQL word it."""
    text = str(exc.orig)
    return "uq_events_game_seq" in text or "events.game_id, events.seq" in text


def _conflict(game_id: int, current: int, expected: int) -> Conflict:
    # behind: events were added meanwhile; ahead: events were undone meanwhile
    what = "recorded an event first" if expected < current else "undid events first"
    return Conflict(f"game {game_id}: someone else {what} (game is at event {current}, "
                    f"you had {expected}); reload")


class Store:
    """The saved-games database (SQLite by default, any SQLAlchemy URL)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = make_engine(self.url)
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(self.engine.execution_options(**{WRITE: True}),
                                   expire_on_commit=False)
        Base.metadata.create_all(self.engine)
        add_kind_column(self.engine)

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
        with self._write() as session, session.begin():
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

    def _game(self, session: Session, row: GameRow) -> Game:
        if row.kind != "tracked":
            raise _not_tracked(row.id)
        game, refusal = self._loaded(session, row)
        if refusal is not None:
            raise _read_only(row.id, refusal)
        return game

    def _loaded(self, session: Session, row: GameRow) -> tuple[Game, Refusal | None]:
        """The stored game replayed (converted from its stored version) up to its first
        refused event, if any."""
        if row.kind != "tracked":
            raise _not_tracked(row.id)
        return Game.load(_setup_data(row), self._payloads(session, row.id), _version_of(row))

    @staticmethod
    def _sheet(row: GameRow) -> ScoreSheet:
        if row.kind != "score_sheet":
            raise WrongKind(f"game {row.id} was recorded turn by turn, not on a score sheet "
                            "(open it with load)")
        return ScoreSheet.from_json(row.setup)

    @staticmethod
    def _apply_summary(session: Session, row: GameRow, summary: Summary, now: datetime) -> None:
        row.status = summary.status
        row.phase = summary.phase
        row.turn = summary.turn
        row.event_count = summary.event_count
        row.winners = summary.winners
        row.result = summary.result_json()
        row.updated = now
        seats = {gp.seat: gp for gp in session.scalars(
            select(GamePlayerRow).where(GamePlayerRow.game_id == row.id))}
        for p in summary.players:
            gp = seats.pop(p.seat, None)
            if gp is None:
                gp = GamePlayerRow(game_id=row.id, seat=p.seat)
                session.add(gp)
            gp.name, gp.colour, gp.nation = p.name, p.colour, p.nation
            gp.vp = p.total if summary.status == "finished" else None
            gp.place, gp.won = p.place, p.won
        for stale in seats.values():
            session.delete(stale)

    @staticmethod
    def _new_row(setup: GameSetup, summary: Summary, created: datetime,
                 version: int = RECORD_VERSION) -> GameRow:
        dumped = setup.model_dump(mode="json")
        return GameRow(
            created=created, updated=created, kind="tracked",
            setup={**dumped, VERSION_KEY: version},
            edition=setup.edition, options=dumped["options"], players=dumped["players"],
            status=summary.status, phase=summary.phase, turn=summary.turn,
            event_count=summary.event_count, winners=summary.winners,
            result=summary.result_json(),
        )

    @staticmethod
    def _sheet_copies(sheet: ScoreSheet) -> tuple[str, dict[str, Any], list[Any]]:
        """``edition``, ``options`` and ``players`` as a sheet fills them in."""
        return (sheet.edition, {"builders": sheet.builders},
                [{"name": p.name, "colour": p.colour, "nation": p.nation}
                 for p in sheet.players])

    def _insert_sheet(self, session: Session, sheet: ScoreSheet, created: datetime) -> GameRow:
        summary = summarize_sheet(sheet)  # InvalidSheet: nothing is stored
        edition, options, players = self._sheet_copies(sheet)
        row = GameRow(
            created=created, updated=created, kind="score_sheet", setup=sheet.to_json(),
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
             "won": p.won}
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
        version and events), read-only until its refused events are set aside."""
        summary = summarize(game)
        version = record.get("version", 1)
        row = self._new_row(game.setup, summary, created, version=version)
        row.setup = {**record["setup"], VERSION_KEY: version,
                     **({SET_ASIDE_KEY: list(record[SET_ASIDE_KEY])}
                        if record.get(SET_ASIDE_KEY) else {})}
        session.add(row)
        session.flush()
        session.execute(insert(GamePlayerRow), self._seat_rows(row.id, summary))
        events = record.get("events", [])
        if events:
            session.execute(insert(EventRow), [
                {"game_id": row.id, "seq": seq, "type": str(e.get("type", "?")),
                 "payload": dict(e), "created": created} for seq, e in enumerate(events)])
        return row

    def _insert_game(self, session: Session, game: Game, created: datetime) -> GameRow:
        summary = summarize(game)
        row = self._new_row(game.setup, summary, created)
        session.add(row)
        session.flush()
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
        return StoredGame(row.id, game, _utc(now), _utc(now))

    def load(self, game_id: int) -> StoredGame:
        """A tracked game with its log replayed. ``GameNotFound`` if there is none;
        ``WrongKind`` for a score sheet (use ``load_score_sheet``). A log the rules now
        refuse part-way loads up to the refused event, read-only (``StoredGame.refused``)."""
        with self._read() as session, session.begin():
            row = self._row(session, game_id)
            game, refusal = self._loaded(session, row)
            return StoredGame(row.id, game, _utc(row.created), _utc(row.updated), refusal,
                              _set_aside_of(row), _version_of(row))

    def append(self, game_id: int, event: Event | Mapping[str, Any],
               expected_seq: int) -> StoredGame:
        """Record exactly ``event`` if the game is still at ``expected_seq`` events and the
        engine accepts it. Raises ``Conflict`` for a stale writer, the engine's error for a
        refused event (nothing is stored in either case)."""
        ev = parse_event(event)
        return self._extend(game_id, expected_seq, lambda game: game.apply(ev))

    def answer(self, game_id: int, events: Sequence[Event | Mapping[str, Any]],
               expected_seq: int) -> StoredGame:
        """Record the table's answer (one event, or a group) together with the steps whose
        only outcome the engine then settles (``auto``), in one transaction; guarded and
        refused like ``append``."""
        return self._extend(game_id, expected_seq, lambda game: game.answer(list(events)))

    def _extend(self, game_id: int, expected_seq: int,
                change: Callable[[Game], Game]) -> StoredGame:
        """Append the events ``change`` adds to the stored game, all or nothing."""
        now = _now()
        try:
            with self._writing() as session:
                row = self._locked_row(session, game_id)
                game = self._game(session, row)
                if len(game.events) != expected_seq:
                    raise _conflict(game_id, len(game.events), expected_seq)
                game = change(game)  # EngineError: the transaction rolls back
                session.execute(insert(EventRow), self._event_rows(
                    game_id, game.events[expected_seq:], expected_seq, now))
                self._apply_summary(session, row, summarize(game), now)
                created, kept, version = row.created, _set_aside_of(row), _version_of(row)
        except IntegrityError as exc:
            if not _is_seq_clash(exc):
                raise
            raise Conflict(f"game {game_id}: someone else recorded an event first (event "
                           f"{expected_seq} is already taken); reload") from None
        return StoredGame(game_id, game, _utc(created), _utc(now), None, kept, version)

    def undo(self, game_id: int, expected_seq: int, n: int = 1) -> StoredGame:
        """Delete the last ``n`` events (guarded like ``append``). Undo is not recorded: the
        log afterwards is exactly as if those events had never been entered."""
        now = _now()
        with self._writing() as session:
            row = self._locked_row(session, game_id)
            game = self._game(session, row)
            if len(game.events) != expected_seq:
                raise _conflict(game_id, len(game.events), expected_seq)
            if n < 1:
                raise ValueError(f"undo needs a positive number of events, not {n}")
            game = game.undo(n)  # IllegalAction if the log is shorter than n
            session.execute(delete(EventRow).where(
                EventRow.game_id == game_id, EventRow.seq >= len(game.events)))
            self._apply_summary(session, row, summarize(game), now)
            created, kept, version = row.created, _set_aside_of(row), _version_of(row)
        return StoredGame(game_id, game, _utc(created), _utc(now), None, kept, version)

    # ------------------------------------------------------------------ refused games

    def set_aside(self, game_id: int, expected_seq: int) -> StoredGame:
        """Let a read-only game go on: its refused event and every event after it leave the
        log and are kept beside it (``StoredGame.set_aside``, exported with the record);
        the game then stands just before the refused event, where the table can record what
        the corrected rule asks. ``expected_seq`` is the loaded game's ``seq``."""
        now = _now()
        with self._writing() as session:
            row = self._locked_row(session, game_id)
            game, refusal = self._loaded(session, row)
            if refusal is None:
                raise IllegalAction(f"game {game_id} replays in full: nothing to set aside")
            if len(game.events) != expected_seq:
                raise _conflict(game_id, len(game.events), expected_seq)
            payloads = self._payloads(session, game_id)
            batch = {"at": refusal.index, "reason": refusal.reason,
                     "events": payloads[refusal.index:], "when": _utc(now).isoformat()}
            row.setup = {**row.setup, SET_ASIDE_KEY: [*row.setup.get(SET_ASIDE_KEY, []), batch]}
            session.execute(delete(EventRow).where(
                EventRow.game_id == game_id, EventRow.seq >= refusal.index))
            self._apply_summary(session, row, summarize(game), now)
            created, kept, version = row.created, _set_aside_of(row), _version_of(row)
        return StoredGame(game_id, game, _utc(created), _utc(now), None, kept, version)

    def reapply_set_aside(self, game_id: int, expected_seq: int,
                          leave_out_first: bool = False) -> StoredGame:
        """Re-apply the events last set aside, in order, as far as the rules accept them
        (after the table recorded what the corrected rule asked). Those still refused stay
        set aside, with the new reason. ``leave_out_first``: the first of them is not
        re-applied (it stays set aside, on its own)."""
        now = _now()
        with self._writing() as session:
            row = self._locked_row(session, game_id)
            game = self._game(session, row)
            if len(game.events) != expected_seq:
                raise _conflict(game_id, len(game.events), expected_seq)
            batches = list(row.setup.get(SET_ASIDE_KEY, []))
            if not batches or not batches[-1]["events"]:
                raise IllegalAction(f"game {game_id} has no events set aside")
            last = batches.pop()
            waiting = list(last["events"])
            if leave_out_first:
                batches.append({**last, "events": waiting[:1]})
                waiting = waiting[1:]
            reason = ""
            while waiting:
                try:
                    game = game.apply(waiting[0])
                except EngineError as exc:
                    reason = str(exc)
                    break
                waiting.pop(0)
            if waiting:
                batches.append({"at": len(game.events), "reason": reason, "events": waiting,
                                "when": _utc(now).isoformat()})
            row.setup = {**row.setup, SET_ASIDE_KEY: batches}
            if len(game.events) > expected_seq:
                session.execute(insert(EventRow), self._event_rows(
                    game_id, game.events[expected_seq:], expected_seq, now))
            self._apply_summary(session, row, summarize(game), now)
            created, kept, version = row.created, _set_aside_of(row), _version_of(row)
        return StoredGame(game_id, game, _utc(created), _utc(now), None, kept, version)

    def delete_game(self, game_id: int) -> None:
        with self._writing() as session:
            row = self._locked_row(session, game_id)
            session.execute(delete(EventRow).where(EventRow.game_id == game_id))
            session.execute(delete(GamePlayerRow).where(GamePlayerRow.game_id == game_id))
            session.delete(row)

    # ------------------------------------------------------------------ score sheets

    def save_score_sheet(self, sheet: ScoreSheet | Mapping[str, Any], *,
                         created: When | None = None) -> int:
        """Store a finished result entered on a score sheet (a ``ScoreSheet``, or its JSON
        form) and return its game id. The sheet is checked and scored by
        ``companion.sheet`` (2-6 players for Empires, 2-5 for aoe3, unique names, known ids,
        whole numbers >= 0); a refused sheet raises ``InvalidSheet`` (a ``ValueError``) and
        nothing is stored. ``created`` is when it was played (default: now)."""
        if not isinstance(sheet, ScoreSheet):
            sheet = ScoreSheet.from_json(sheet)
        when = _naive_utc(created) if created is not None else _now()
        with self._writing() as session:
            row = self._insert_sheet(session, sheet, when)
        return row.id

    def load_score_sheet(self, game_id: int) -> StoredSheet:
        """A saved score sheet, re-totalled from its inputs. ``GameNotFound`` if there is
        none; ``WrongKind`` for a tracked game (use ``load``)."""
        with self._read() as session, session.begin():
            row = self._row(session, game_id)
            sheet = self._sheet(row)
            return StoredSheet(row.id, sheet, sheet.results(), _utc(row.created),
                               _utc(row.updated))

    # ------------------------------------------------------------------ records

    def import_record(self, record: Mapping[str, Any], *,
                      created: When | None = None) -> StoredGame | StoredSheet:
        """Store a record as ``export_record`` writes it: a game record after a full replay,
        or a score-sheet record after checking and scoring it. A malformed or illegal record
        raises the engine's error (``InvalidSheet`` for a sheet) and stores nothing.

        ``created`` is the game's date; without it, a sheet record's own ``created`` is
        used, else now."""
        if is_sheet_record(record):
            sheet, dated = sheet_from_record(record)
            when = _sheet_date(created, dated)
            with self._writing() as session:
                row = self._insert_sheet(session, sheet, when)
            return StoredSheet(row.id, sheet, sheet.results(), _utc(when), _utc(when))
        game, refusal = _game_of_record(record)
        when = _naive_utc(created) if created is not None else _now()
        with self._writing() as session:
            if refusal is None:
                row = self._insert_game(session, game, when)
                if record.get(SET_ASIDE_KEY):
                    row.setup = {**row.setup, SET_ASIDE_KEY: list(record[SET_ASIDE_KEY])}
            else:
                row = self._insert_stored_log(session, record, game, when)
            return StoredGame(row.id, game, _utc(when), _utc(when), refusal,
                              _set_aside_of(row), _version_of(row))

    def import_records(self, records: Iterable[tuple[Mapping[str, Any], When | None]]) -> int:
        """Many records in one transaction (all or nothing); each is replayed by the engine.

        Raises the engine's error naming the record's position if one is refused.
        """
        count = 0
        with self._writing() as session:
            for index, (record, created) in enumerate(records):
                try:
                    if is_sheet_record(record):
                        sheet, dated = sheet_from_record(record)
                        when = _sheet_date(created, dated)
                        self._insert_sheet(session, sheet, when)
                    else:
                        game, refusal = _game_of_record(record)
                        when = _naive_utc(created) if created is not None else _now()
                        if refusal is None:
                            self._insert_game(session, game, when)
                        else:
                            self._insert_stored_log(session, record, game, when)
                except EngineError as exc:
                    raise type(exc)(f"record {index}: {exc}") from None
                count += 1
        return count

    def export_record(self, game_id: int) -> dict[str, Any]:
        """The game's record: a game record (set-up and events) for a tracked game, a
        score-sheet record (inputs, date, derived standings) for a score sheet."""
        with self._read() as session, session.begin():
            row = self._row(session, game_id)
            if row.kind == "score_sheet":
                return self._sheet(row).record(created=_utc(row.created))
            game, refusal = self._loaded(session, row)
            if refusal is None:
                record = game.record()  # the current version (older logs converted)
            else:  # kept exactly as stored, so that nothing is lost
                record = {"format": RECORD_FORMAT, "version": _version_of(row),
                          "setup": _setup_data(row), "events": self._payloads(session, row.id)}
            if row.setup.get(SET_ASIDE_KEY):
                record[SET_ASIDE_KEY] = row.setup[SET_ASIDE_KEY]
            return record

    # ------------------------------------------------------------------ history

    @staticmethod
    def _filtered(query: Select[Any], *, since: When | None, before: When | None,
                  player: str | None, edition: str | None, status: str | None,
                  kind: str | None = None) -> Select[Any]:
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
                   status: str | None = None, kind: str | None = None, limit: int = 50,
                   offset: int = 0) -> list[GameListing]:
        """Saved games of both kinds (or of ``kind``), newest first. ``since`` is inclusive,
        ``before`` exclusive (a date means its midnight UTC); ``player`` matches a name
        exactly."""
        if limit < 0 or offset < 0:
            raise ValueError("limit and offset cannot be negative")
        query = self._filtered(select(GameRow), since=since, before=before, player=player,
                               edition=edition, status=status, kind=kind)
        query = query.order_by(GameRow.created.desc(), GameRow.id.desc()).limit(limit).offset(
            offset)
        with self._read() as session, session.begin():
            return [self._listing(row) for row in session.scalars(query)]

    def count_games(self, *, since: When | None = None, before: When | None = None,
                    player: str | None = None, edition: str | None = None,
                    status: str | None = None, kind: str | None = None) -> int:
        query = self._filtered(select(func.count()).select_from(GameRow), since=since,
                               before=before, player=player, edition=edition, status=status,
                               kind=kind)
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
        )

    def _stats_query(self, key: Any, *, since: When | None, before: When | None,
                     edition: str | None) -> Select[Any]:
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
                              status=None)

    def player_stats(self, *, since: When | None = None, before: When | None = None,
                     edition: str | None = None) -> list[PlayerStats]:
        """Per player name, over finished games: games, wins (shared first places count),
        win rate, average and best VP. Computed by the database (GROUP BY)."""
        query = self._stats_query(GamePlayerRow.name, since=since, before=before,
                                  edition=edition)
        with self._read() as session, session.begin():
            return [PlayerStats(name, n, int(w), int(w) / n, float(avg), int(best))
                    for name, n, w, avg, best in session.execute(query)]

    def nation_stats(self, *, since: When | None = None, before: When | None = None,
                     edition: str | None = None) -> list[NationStats]:
        """The same per nation, over finished games played with the national advantages."""
        query = self._stats_query(GamePlayerRow.nation, since=since, before=before,
                                  edition=edition).where(GamePlayerRow.nation.is_not(None))
        with self._read() as session, session.begin():
            return [NationStats(nation, n, int(w), int(w) / n, float(avg), int(best))
                    for nation, n, w, avg, best in session.execute(query)]

    CSV_COLUMNS = ("game_id", "date", "edition", "status", "seat", "player", "colour", "nation",
                   "vp", "place", "won", "kind")

    def export_history_csv(self, *, since: When | None = None, before: When | None = None,
                           player: str | None = None, edition: str | None = None,
                           status: str | None = None, kind: str | None = None) -> str:
        """One row per game and player, oldest game first; VP and place are empty until the
        game is finished; ``kind`` says whether it was tracked or entered on a score sheet."""
        query = self._filtered(
            select(GameRow.id, GameRow.created, GameRow.edition, GameRow.status,
                   GamePlayerRow.seat, GamePlayerRow.name, GamePlayerRow.colour,
                   GamePlayerRow.nation, GamePlayerRow.vp, GamePlayerRow.place,
                   GamePlayerRow.won, GameRow.kind)
            .join(GamePlayerRow, and_(GamePlayerRow.game_id == GameRow.id))
            .order_by(GameRow.created, GameRow.id, GamePlayerRow.seat),
            since=since, before=before, player=player, edition=edition, status=status,
            kind=kind)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.CSV_COLUMNS)
        with self._read() as session, session.begin():
            for gid, created, ed, st, seat, name, colour, nation, vp, place, won, kind in (
                    session.execute(query)):
                writer.writerow([
                    gid, _utc(created).isoformat(timespec="seconds"), ed, st, seat, name, colour,
                    nation or "", "" if vp is None else vp, "" if place is None else place,
                    "yes" if won else "no", kind,
                ])
        return out.getvalue()

    # ------------------------------------------------------------------ maintenance

    def rebuild_summaries(self) -> RebuildReport:
        """Recompute every derived column, the copies of the set-up and the ``game_players``
        rows from the set-ups and logs, and score sheets from their stored inputs (after a
        change to the scoring rules, or to repair a hand-edited database). A game whose log
        no longer replays, or a sheet that no longer scores, is left as it was and
        reported."""
        with self._read() as session, session.begin():
            ids = list(session.scalars(select(GameRow.id).order_by(GameRow.id)))
        rebuilt, failed = 0, []
        for game_id in ids:
            try:
                with self._writing() as session:
                    row = self._locked_row(session, game_id)
                    if row.kind == "score_sheet":
                        sheet = self._sheet(row)
                        row.edition, row.options, row.players = self._sheet_copies(sheet)
                        self._apply_summary(session, row, summarize_sheet(sheet), row.updated)
                    else:
                        game = self._game(session, row)
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
