"""Score-sheet records (docs/record-format.md): one JSON object per finished game of any family.

Version 2 names its game (``"game"``); version 1 records have none and are Age of Discovery
sheets (they still read). ``standings`` is derived, written for readers; a reader scores the
inputs again and ignores it.

>>> sheet = Sheet("nouveau-monde", ({"name": "A", "wood": 3}, {"name": "B"}), {"years": 50})
>>> record = {"format": SHEET_FORMAT, "version": 2, **sheet.to_json()}
>>> read_sheet_record(record)
Traceback (most recent call last):
...
companion.games.base.InvalidSheet: a version 2 score-sheet record names its game ('game' is ...
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from companion.errors import shown
from companion.games import FAMILY_IDS, TRACKED_GAME, family
from companion.games.base import InvalidSheet, Scored, Sheet
from companion.i18n import _, format_list
from companion.text import field_problem, iso_datetime

SHEET_FORMAT = "age-of-discovery-companion/score-sheet"
SHEET_VERSION = 2
READS = (1, 2)
ENVELOPE = ("format", "version", "game", "created", "standings")


def is_sheet_record(record: object) -> bool:
    return isinstance(record, Mapping) and record.get("format") == SHEET_FORMAT


def standings(scored: Scored) -> list[dict[str, Any]]:
    """Best place first: place, player, total and the per-category breakdown."""
    return [{"place": p.place, "player": p.player, "total": p.total,
             "breakdown": dict(p.breakdown)} for p in scored.players]


def sheet_record(sheet: Sheet, created: datetime | None = None) -> dict[str, Any]:
    """The exported record of a sheet (scored here: ``InvalidSheet`` if it cannot be)."""
    scored = family(sheet.game).score(sheet)
    record: dict[str, Any] = {"format": SHEET_FORMAT, "version": SHEET_VERSION,
                              "game": sheet.game}
    if created is not None:
        record["created"] = created.isoformat()
    record.update(sheet.to_json())
    record["standings"] = standings(scored)
    return record


def read_sheet_record(record: Mapping[str, Any]) -> tuple[Sheet, datetime | None]:
    """The sheet (parsed, not yet checked) and its date, if the record carries one."""
    if not is_sheet_record(record):
        raise InvalidSheet(_("this is not a score-sheet record (its format is {value})").format(
            value=shown(record.get("format"))))
    version = record.get("version", 1)
    if type(version) is not int or version not in READS:  # not true, not 1.0
        raise InvalidSheet(_("score-sheet record version {version} is not supported (this app "
                             "reads versions {known})").format(
                                 version=shown(version), known=format_list(map(str, READS))))
    if version == 1:
        if "game" in record:
            raise InvalidSheet(_("a version 1 score-sheet record has no 'game' (it is always "
                                 "{game})").format(game=family(TRACKED_GAME).name))
        game = TRACKED_GAME  # sheets were of the tracked game alone before families
    else:
        named = record.get("game")
        if named is None:
            raise InvalidSheet(_("a version 2 score-sheet record names its game ('game' is "
                                 "{known})").format(known=format_list(FAMILY_IDS, "or")))
        game = named
    inputs = {k: v for k, v in record.items() if k not in ENVELOPE}
    return family(game).parse(inputs), _created(record.get("created"))


def _created(created: object) -> datetime | None:
    if created is None:
        return None
    try:
        return iso_datetime(created)  # a date every supported database can store
    except ValueError as exc:
        raise InvalidSheet(field_problem("created", exc)) from None
