"""Results: plays of a game we know imported from another app (players, totals, winners and
date, no breakdown), kept as that app recorded them. An import key (``games.import_key``)
makes a second import of the same play add nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from companion.errors import Conflict
from companion.games import family
from companion.games.results import (
    Result,
    is_result_record,
    read_result_record,
    result_record,
)
from companion.i18n import _
from companion.store.access import (
    Database,
    When,
    WrongKind,
    apply_summary,
    game_row,
    naive_utc,
    seat_rows,
    summary_columns,
)
from companion.store.schema import GamePlayerRow, GameRow
from companion.store.summary import summarize_result

BATCH = 500  # keys looked up per query: well inside every driver's parameter cap


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


def _copies(result: Result) -> tuple[str, dict[str, Any], list[Any]]:
    """``edition``, ``options`` and ``players`` as a result fills them in."""
    edition = result.edition or family(result.game).edition({})
    return edition, {}, [{"name": s.name, "colour": "", "nation": None}
                         for s in result.seats]


def known_keys(session: Session, keys: Iterable[str]) -> dict[str, int]:
    """Import keys already kept, with the game that holds each."""
    wanted = sorted({k for k in keys if k})
    found: dict[str, int] = {}
    for start in range(0, len(wanted), BATCH):
        rows = session.execute(select(GameRow.import_key, GameRow.id)
                               .where(GameRow.import_key.in_(wanted[start:start + BATCH])))
        found.update((key, game) for key, game in rows if key is not None)  # (all are: in_)
    return found


class Results:
    """The results of one database."""

    kind = "result"

    def __init__(self, db: Database) -> None:
        self.db = db

    def _insert(self, session: Session, result: Result, key: str | None = None) -> GameRow:
        summary = summarize_result(result)
        edition, options, players = _copies(result)
        created = naive_utc(result.played)
        row = GameRow(
            created=created, updated=created, kind="result", family=result.game, revision=0,
            setup=result.to_json(), edition=edition, options=options, players=players,
            import_key=key or result.key, **summary_columns(summary))
        session.add(row)
        session.flush()
        session.execute(insert(GamePlayerRow), seat_rows(row.id, summary))
        return row

    def known_import_keys(self, keys: Iterable[str]) -> dict[str, int]:
        with self.db.reading() as session:
            return known_keys(session, keys)

    def import_results(self, results: Sequence[Result]) -> tuple[list[int], list[int]]:
        added: list[int] = []
        with self.db.writing() as session:
            known = known_keys(session, (r.key for r in results if r.key))
            already = [known[r.key] for r in results if r.key in known]
            seen: set[str] = set()
            for result in results:
                if result.key in known or result.key in seen:
                    continue  # the same play twice in one file counts once
                if result.key:
                    seen.add(result.key)
                added.append(self._insert(session, result).id)
        return added, already

    def save(self, result: Result) -> int:
        added, already = self.import_results([result])
        if not added:
            raise Conflict(_("this play is kept already, as game {already}").format(
                               already=already[0]))
        return added[0]

    def load(self, game_id: int) -> Result:
        with self.db.reading() as session:
            row = game_row(session, game_id)
            if row.kind != "result":
                raise WrongKind(_("game {game_id} is not a result imported from another "
                                  "app").format(game_id=game_id))
            return Result.parse(row.setup)

    # ---------------------------------------------------------------- the kind's part

    def recognises(self, record: Mapping[str, Any]) -> bool:
        return is_result_record(record)

    def add(self, session: Session, record: Mapping[str, Any],
            created: When | None) -> tuple[GameRow, StoredResult]:
        result = read_result_record(record)
        row = self._insert(session, result)
        return row, StoredResult(row.id, result)

    def record(self, session: Session, row: GameRow) -> dict[str, Any]:
        return result_record(Result.parse(row.setup))

    def rebuild(self, session: Session, row: GameRow) -> None:
        result = Result.parse(row.setup)
        row.edition, row.options, row.players = _copies(result)
        apply_summary(session, row, summarize_result(result), row.updated)
