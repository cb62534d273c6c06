"""Score sheets: finished games entered at the end, of any game family. They have no log:
their inputs are the fact (``games.setup``), and their summary is derived from those by the
scoring of their family (``companion.games``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.orm import Session

from companion.games import TRACKED_GAME, InvalidSheet, Scored, Sheet, family
from companion.games.sheet_records import is_sheet_record, read_sheet_record, sheet_record
from companion.i18n import _
from companion.store.access import (
    Database,
    When,
    WrongKind,
    apply_summary,
    game_row,
    naive_utc,
    now,
    seat_rows,
    summary_columns,
    utc,
)
from companion.store.schema import GamePlayerRow, GameRow
from companion.store.summary import summarize_scored


@dataclass(frozen=True)
class StoredSheet:
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


def as_sheet(sheet: Sheet | Mapping[str, Any]) -> Sheet:
    """A family ``Sheet`` from what ``save_score_sheet`` takes (parsed, not yet checked): a
    ``Sheet``, or its JSON form whose ``"game"`` names the family (without one: Age of
    Discovery, as sheets were written before game families)."""
    if isinstance(sheet, Sheet):
        return sheet
    if not isinstance(sheet, Mapping):
        raise InvalidSheet(_("a score sheet is a JSON object with 'players'"))
    game = sheet.get("game", TRACKED_GAME)
    return family(game).parse({k: v for k, v in sheet.items() if k != "game"})


def _not_a_sheet(row: GameRow) -> WrongKind:
    if row.kind == "result":
        return WrongKind(_("game {game_id} is a result imported from another app, not a "
                           "score sheet (open it with load_result)").format(game_id=row.id))
    return WrongKind(_("game {game_id} was recorded turn by turn, not on a score sheet (open "
                       "it with load)").format(game_id=row.id))


def _sheet_date(given: When | None, recorded: datetime | None) -> datetime:
    """A score sheet's date: the one given, else the one its record carries, else now."""
    if given is not None:
        return naive_utc(given)
    return naive_utc(recorded) if recorded is not None else now()


def stored_sheet(row: GameRow) -> Sheet:
    """A score sheet's inputs as its family reads them (not yet checked)."""
    if row.kind != "score_sheet":
        raise _not_a_sheet(row)
    return family(row.family).parse(row.setup)


def _copies(sheet: Sheet) -> tuple[str, dict[str, Any], list[Any]]:
    """``edition``, ``options`` and ``players`` as a sheet fills them in: the edition (a
    family with one edition: its id) and the other options."""
    f = family(sheet.game)
    options = {k: v for k, v in sheet.options.items() if k != f.edition_option}
    return (f.edition(sheet.options), options,
            [{"name": p["name"], "colour": p.get("colour") or "",
              "nation": p.get("nation")} for p in sheet.players])


class ScoreSheets:
    """The score sheets of one database."""

    kind = "score_sheet"

    def __init__(self, db: Database) -> None:
        self.db = db

    def _insert(self, session: Session, sheet: Sheet, created: datetime) -> GameRow:
        scored = family(sheet.game).score(sheet)  # InvalidSheet: nothing is stored
        summary = summarize_scored(sheet, scored)
        edition, options, players = _copies(sheet)
        row = GameRow(
            created=created, updated=created, kind="score_sheet", family=sheet.game,
            revision=0, setup=sheet.to_json(),
            edition=edition, options=options, players=players, **summary_columns(summary),
        )
        session.add(row)
        session.flush()
        session.execute(insert(GamePlayerRow), seat_rows(row.id, summary))
        return row

    def save(self, sheet: Sheet | Mapping[str, Any],
             created: When | None) -> int:
        when = naive_utc(created) if created is not None else now()
        checked = as_sheet(sheet)
        with self.db.writing() as session:
            row = self._insert(session, checked, when)
        return row.id

    def load(self, game_id: int) -> StoredSheet:
        with self.db.reading() as session:
            row = game_row(session, game_id)
            sheet = stored_sheet(row)
            return StoredSheet(row.id, sheet, family(sheet.game).score(sheet),
                                   utc(row.created), utc(row.updated))

    # ---------------------------------------------------------------- the kind's part

    def recognises(self, record: Mapping[str, Any]) -> bool:
        return is_sheet_record(record)

    def add(self, session: Session, record: Mapping[str, Any],
            created: When | None) -> tuple[GameRow, StoredSheet]:
        sheet, dated = read_sheet_record(record)
        when = _sheet_date(created, dated)
        row = self._insert(session, sheet, when)
        return row, StoredSheet(row.id, sheet, family(sheet.game).score(sheet), utc(when),
                                    utc(when))

    def record(self, session: Session, row: GameRow) -> dict[str, Any]:
        return sheet_record(stored_sheet(row), created=utc(row.created))

    def rebuild(self, session: Session, row: GameRow) -> None:
        sheet = stored_sheet(row)
        scored = family(sheet.game).score(sheet)
        row.edition, row.options, row.players = _copies(sheet)
        apply_summary(session, row, summarize_scored(sheet, scored), row.updated)
