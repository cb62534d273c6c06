"""Tracked games: a set-up and its event log (the log is the game), the revision every change
raises, the live games kept folded, and the events a read-only game set aside.

A write (1) locks the game, (2) reads its revision and checks the one the writer saw, (3) lets
the engine validate the new events against the game's live state, (4) writes the events, the
derived summary and the next revision. A refused event stores nothing. ``UNIQUE(game_id,
seq)`` is the last guard against two writers recording the same position: its violation
becomes ``Conflict`` too.

Each game is folded once per process and kept (``companion.store.live``): an append applies
only its own events to the live state of the revision it read under the lock, a load that
finds the revision unchanged replays nothing. The database stays the truth: a revision the
cache does not hold (another process wrote) is folded again from the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

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
    converted,
    event_dict,
    parse_event,
    read_record,
)
from companion.games import TRACKED_GAME
from companion.i18n import _, ngettext
from companion.store.access import (
    Database,
    GameNotFound,
    When,
    WrongKind,
    apply_summary,
    locked_row,
    naive_utc,
    now,
    seat_rows,
    summary_columns,
    utc,
)
from companion.store.errors import UNSTORABLE, UnstorableValue
from companion.store.live import (
    Folded,
    LiveGames,
    StoredGame,
    fold,
    held_after,
    rewound,
)
from companion.store.schema import DEVICE_LENGTH, EntryRow, EventRow, GamePlayerRow, GameRow
from companion.store.set_aside import SET_ASIDE, SetAside, record_set_aside
from companion.store.settings import followed
from companion.store.summary import summarize
from companion.store.watch import Followed, RevisionWatch, announce


def set_aside_of(row: GameRow) -> tuple[SetAside, ...]:
    return tuple(SetAside(b["at"], b["reason"], tuple(b["events"]), b["when"])
                 for b in row.set_aside or [])


def fold_record(record: Mapping[str, Any]) -> Folded:
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
            raise MalformedEvent(_("event {index}: {why}").format(index=index, why=exc)) \
                from None
    folded = fold(setup, events, version, strict=False)
    if folded.refusal is not None and folded.refusal.unreadable:
        raise MalformedEvent(folded.refusal.describe())
    return folded


def _read_only(game_id: int, refusal: Refusal) -> IllegalAction:
    return IllegalAction(_("game {game_id} is read-only: the rules now refuse its "
                           "{refused}. Set the refused events aside to go on (nothing is "
                           "deleted)").format(game_id=game_id, refused=refusal.describe()))


def not_tracked(game_id: int, kind: str = "score_sheet") -> WrongKind:
    if kind == "result":
        return WrongKind(_("game {game_id} is a result imported from another app: it has "
                           "no event log to replay (open it with load_result)").format(
                               game_id=game_id))
    return WrongKind(_("game {game_id} is a score sheet: it has no event log to replay (open "
                       "it with load_sheet)").format(game_id=game_id))


def _is_seq_clash(exc: IntegrityError) -> bool:
    """A violation of UNIQUE(game_id, seq), as SQLite or PostgreSQL word it."""
    text = str(exc.orig)
    return "uq_events_game_seq" in text or "events.game_id, events.seq" in text


def _conflict(game_id: int, current: int, expected: int) -> Conflict:
    # behind: events were added meanwhile; ahead: events were undone meanwhile
    said = (_("game {game_id}: someone else recorded an event first (game is at event "
              "{current}, you had {expected}); reload") if expected < current else
            _("game {game_id}: someone else undid events first (game is at event {current}, "
              "you had {expected}); reload"))
    return Conflict(said.format(game_id=game_id, current=current, expected=expected))


def _check_seen(stored: StoredGame, expected_seq: int | None, revision: int | None) -> None:
    """Refuse a writer who did not see this version of the game (``Conflict``). The
    revision tells every change apart; the event count alone misses an undo followed by a
    new entry (the count comes back)."""
    if revision is None and expected_seq is None:
        raise TypeError("say which version of the game you saw: revision= (or expected_seq=)")
    if expected_seq is not None and expected_seq != stored.seq:
        raise _conflict(stored.id, stored.seq, expected_seq)
    if revision is not None and revision != stored.revision:
        said = (_("game {game_id}: someone else undid and re-entered steps first (game is "
                  "at event {seq}, revision {revision}; you saw revision {seen}); reload")
                if expected_seq is not None else
                _("game {game_id}: someone else changed the game first (game is at event "
                  "{seq}, revision {revision}; you saw revision {seen}); reload"))
        raise Conflict(said.format(game_id=stored.id, seq=stored.seq,
                                   revision=stored.revision, seen=revision))


def _payloads(session: Session, game_id: int) -> list[dict[str, Any]]:
    return list(session.scalars(
        select(EventRow.payload).where(EventRow.game_id == game_id).order_by(EventRow.seq)
    ))


def _event_rows(game_id: int, events: Iterable[Event], start: int,
                when: datetime) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "seq": seq, "type": ev.type, "payload": event_dict(ev),
         "created": when}
        for seq, ev in enumerate(events, start=start)
    ]


def _new_row(setup: GameSetup, game: Game, created: datetime,
             version: int = RECORD_VERSION) -> GameRow:
    dumped = setup.model_dump(mode="json")
    return GameRow(
        created=created, updated=created, kind="tracked", family=TRACKED_GAME,
        revision=0, setup=dumped, record_version=version,
        edition=setup.edition, options=dumped["options"], players=dumped["players"],
        **summary_columns(summarize(game)),
    )


def _note(session: Session, row: GameRow, action: str, seq_before: int, seq_after: int,
          device: str | None, when: datetime) -> None:
    """Which device made this write to the log, kept beside it in the same transaction
    (``companion.store.trust``; None: this machine)."""
    session.execute(insert(EntryRow).values(
        game_id=row.id, action=action, seq_before=seq_before, seq_after=seq_after,
        revision=row.revision, device=device_as_stored(device), created=when))
    announce(session.connection(), row.id, row.revision)  # other processes' live pages


def device_as_stored(device: str | None) -> str | None:
    """A device name as kept: cut to the column's width. A NUL is refused on every database
    (PostgreSQL cannot store one in text; SQLite could, so the rule is the store's)."""
    if device and "\x00" in device:
        raise UnstorableValue(UNSTORABLE)
    return (device or None) and device[:DEVICE_LENGTH]


class TrackedGames:
    """The tracked games of one database, and the live ones this process holds."""

    kind = "tracked"

    def __init__(self, db: Database) -> None:
        self.db = db
        self.live = LiveGames()
        self.watch = RevisionWatch(db.url, self.followed)

    # ---------------------------------------------------------------- reading

    def stored(self, session: Session, row: GameRow) -> StoredGame:
        """The game of ``row`` at the revision the row holds: the live one if this store
        has it, else folded from the log (and kept)."""
        if row.kind != "tracked":
            raise not_tracked(row.id, row.kind)
        created = utc(row.created)
        live = self.live.get(row.id, row.revision, created)
        if live is not None:
            return live
        folded = fold(row.setup, _payloads(session, row.id), row.record_version,
                      strict=False)
        stored = StoredGame(row.id, folded.game, created, utc(row.updated), row.revision,
                            folded.earlier, folded.refusal, set_aside_of(row),
                            row.record_version)
        self._kept(stored)
        return stored

    def _writable(self, session: Session, row: GameRow) -> StoredGame:
        """``stored``, refused while the rules refuse an event of its log (read-only)."""
        stored = self.stored(session, row)
        if stored.refused is not None:
            raise _read_only(row.id, stored.refused)
        return stored

    def load(self, game_id: int) -> StoredGame:
        with self.db.reading() as session:
            head = session.execute(
                select(GameRow.kind, GameRow.revision, GameRow.created)
                .where(GameRow.id == game_id)).one_or_none()
            if head is None:
                raise GameNotFound(_("there is no saved game {game_id}").format(game_id=game_id))
            kind, revision, created = head
            if kind == "tracked":
                live = self.live.get(game_id, revision, utc(created))
                if live is not None:
                    return live
            # Folding reads the log: on PostgreSQL, FOR SHARE keeps writers out until it is
            # read, so the log and the revision read with it agree (SQLite reads a snapshot).
            row = session.scalars(select(GameRow).where(GameRow.id == game_id)
                                  .with_for_update(read=True)).one_or_none()
            if row is None:
                raise GameNotFound(_("there is no saved game {game_id}").format(game_id=game_id))
            return self.stored(session, row)

    def revision(self, game_id: int) -> int:
        # A plain connection, not an ORM session: every live page polls this (about 0.3
        # against 0.6 ms here).
        with self.db.connection() as conn:
            found = conn.execute(select(GameRow.revision)
                                 .where(GameRow.id == game_id)).scalar_one_or_none()
        if found is None:
            raise GameNotFound(_("there is no saved game {game_id}").format(game_id=game_id))
        return found

    def followed(self, game_id: int) -> Followed:
        """The game's revision and settings in one read: what its watcher holds."""
        with self.db.connection() as conn:
            return followed(conn, game_id)

    # ---------------------------------------------------------------- writing

    def _kept(self, stored: StoredGame) -> None:
        """A version this process has just written: live, and its revision seen at once."""
        self.live.put(stored)
        self.watch.saw(stored.id, stored.revision)

    def _insert_game(self, session: Session, game: Game, created: datetime) -> GameRow:
        row = _new_row(game.setup, game, created)
        session.add(row)
        session.flush()  # the new id (and the revision's default, 0)
        session.execute(insert(GamePlayerRow), seat_rows(row.id, summarize(game)))
        if game.events:
            session.execute(insert(EventRow), _event_rows(row.id, game.events, 0, created))
        return row

    def _insert_stored_log(self, session: Session, record: Mapping[str, Any], game: Game,
                           created: datetime) -> GameRow:
        """An older record the rules now refuse part-way: stored exactly as it is (its own
        set-up, version and events), read-only until its refused events are set aside."""
        setup, events, version = read_record(record)
        row = _new_row(game.setup, game, created, version=version)
        row.setup = dict(setup)
        session.add(row)
        session.flush()
        session.execute(insert(GamePlayerRow), seat_rows(row.id, summarize(game)))
        if events:
            session.execute(insert(EventRow), [
                {"game_id": row.id, "seq": seq, "type": str(e["type"]), "payload": dict(e),
                 "created": created} for seq, e in enumerate(events)])
        return row

    def create(self, setup: GameSetup | Mapping[str, Any]) -> StoredGame:
        game = Game.new(setup)  # MalformedEvent for a bad set-up: nothing stored
        when = now()
        with self.db.writing() as session:
            row = self._insert_game(session, game, when)
        stored = StoredGame(row.id, game, utc(when), utc(when), row.revision)
        self._kept(stored)
        return stored

    def extend(self, game_id: int, expected_seq: int | None, revision: int | None,
               change: Callable[[Game], Game], device: str | None = None) -> StoredGame:
        """Append the events ``change`` adds to the stored game, all or nothing."""
        when = now()
        try:
            with self.db.writing() as session:
                row = locked_row(session, game_id)
                base = self._writable(session, row)
                _check_seen(base, expected_seq, revision)
                game = change(base.game)  # EngineError: the transaction rolls back
                session.execute(insert(EventRow), _event_rows(
                    game_id, game.events[base.seq:], base.seq, when))
                row.revision = base.revision + 1
                apply_summary(session, row, summarize(game), when, step=True)
                _note(session, row, "answer", base.seq, len(game.events), device, when)
                stored = StoredGame(game_id, game, base.created, utc(when), row.revision,
                                    held_after(base), None, base.set_aside, base.record_version)
        except IntegrityError as exc:
            if not _is_seq_clash(exc):
                raise
            raise Conflict(_("game {game_id}: someone else recorded an event first (event "
                             "{seq} is already taken); reload").format(
                                 game_id=game_id, seq=expected_seq)) from None
        self._kept(stored)
        return stored

    def undo(self, game_id: int, expected_seq: int | None, n: int,
             revision: int | None, device: str | None = None) -> StoredGame:
        when = now()
        with self.db.writing() as session:
            row = locked_row(session, game_id)
            base = self._writable(session, row)
            _check_seen(base, expected_seq, revision)
            if n < 1:
                raise ValueError(_("undo needs a positive number of events, not {n}").format(
                                     n=n))
            if n > base.seq:
                raise IllegalAction(ngettext(
                    "cannot undo {n} event: the log has {seq} ({state})",
                    "cannot undo {n} events: the log has {seq} ({state})", n).format(
                        n=n, seq=base.seq, state=base.game.state.describe()))
            game, earlier = rewound(base, base.seq - n)
            session.execute(delete(EventRow).where(
                EventRow.game_id == game_id, EventRow.seq >= len(game.events)))
            row.revision = base.revision + 1
            apply_summary(session, row, summarize(game), when, step=True)
            _note(session, row, "undo", base.seq, len(game.events), device, when)
            stored = StoredGame(game_id, game, base.created, utc(when), row.revision, earlier,
                                None, base.set_aside, base.record_version)
        self._kept(stored)
        return stored

    # ---------------------------------------------------------------- refused games

    def set_aside(self, game_id: int, expected_seq: int | None,
                  revision: int | None, device: str | None = None) -> StoredGame:
        when = now()
        with self.db.writing() as session:
            row = locked_row(session, game_id)
            base = self.stored(session, row)
            if base.refused is None:
                raise IllegalAction(_("game {game_id} replays in full: nothing to set "
                                      "aside").format(game_id=game_id))
            _check_seen(base, expected_seq, revision)
            at = base.refused.index
            events = _payloads(session, game_id)[at:]
            batch = {"at": at, "reason": base.refused.reason, "events": events,
                     "when": utc(when).isoformat()}
            row.set_aside = [*(row.set_aside or []), batch]
            session.execute(delete(EventRow).where(
                EventRow.game_id == game_id, EventRow.seq >= at))
            row.revision = base.revision + 1
            apply_summary(session, row, summarize(base.game), when)
            _note(session, row, "set_aside", at + len(events), at, device, when)
            stored = StoredGame(game_id, base.game, base.created, utc(when), row.revision,
                                base.earlier, None, set_aside_of(row), base.record_version)
        self._kept(stored)
        return stored

    def reapply_set_aside(self, game_id: int, expected_seq: int | None,
                          leave_out_first: bool, revision: int | None,
                          device: str | None = None) -> StoredGame:
        when = now()
        with self.db.writing() as session:
            row = locked_row(session, game_id)
            base = self._writable(session, row)
            _check_seen(base, expected_seq, revision)
            batches = list(row.set_aside or [])
            if not batches or not batches[-1]["events"]:
                raise IllegalAction(_("game {game_id} has no events set aside").format(
                                        game_id=game_id))
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
                                "when": utc(when).isoformat()})
            row.set_aside = batches or None
            if len(game.events) > base.seq:
                session.execute(insert(EventRow), _event_rows(
                    game_id, game.events[base.seq:], base.seq, when))
            row.revision = base.revision + 1
            apply_summary(session, row, summarize(game), when)
            _note(session, row, "reapply", base.seq, len(game.events), device, when)
            stored = StoredGame(game_id, game, base.created, utc(when), row.revision,
                                held_after(base) if game is not base.game else base.earlier,
                                None, set_aside_of(row), base.record_version)
        self._kept(stored)
        return stored

    # ---------------------------------------------------------------- the kind's part

    def recognises(self, record: Mapping[str, Any]) -> bool:
        return True  # what no other kind claims is read as a game record

    def add(self, session: Session, record: Mapping[str, Any],
            created: When | None) -> tuple[GameRow, StoredGame]:
        """A game record (``export_record``'s form): converted to the current version when it
        replays in full, else kept exactly as given; its events set aside kept too."""
        folded = fold_record(record)
        when = naive_utc(created) if created is not None else now()
        aside = record_set_aside(record)
        if folded.refusal is None:
            row = self._insert_game(session, folded.game, when)
        else:
            row = self._insert_stored_log(session, record, folded.game, when)
        row.set_aside = aside
        stored = StoredGame(row.id, folded.game, utc(when), utc(when), row.revision,
                            folded.earlier, folded.refusal, set_aside_of(row),
                            row.record_version)
        return row, stored

    def record(self, session: Session, row: GameRow) -> dict[str, Any]:
        stored = self.stored(session, row)
        if stored.refused is None:
            record = stored.game.record()  # the current version (older logs converted)
        else:  # kept exactly as stored, so that nothing is lost
            record = {"format": RECORD_FORMAT, "version": row.record_version,
                      "setup": row.setup, "events": _payloads(session, row.id)}
        if row.set_aside:
            record[SET_ASIDE] = row.set_aside
        return record

    def rebuild(self, session: Session, row: GameRow) -> None:
        self.live.drop(row.id)  # the log may have been edited by hand
        game = self._writable(session, row).game  # read-only: reported
        dumped = game.setup.model_dump(mode="json")
        row.edition, row.options, row.players = (
            game.setup.edition, dumped["options"], dumped["players"])
        apply_summary(session, row, summarize(game), row.updated)

