"""Events set aside: what a game the corrected rules refused moved out of its log so that it
could go on (``Store.set_aside``). They are never deleted: kept with the game
(``games.set_aside``), exported with its record under ``set_aside`` and checked like the
rest of a record when one is imported.

>>> kept = record_set_aside({"set_aside": [{"at": 3, "reason": "refused",
...     "when": "2025-01-02T03:04:05+00:00", "events": [{"type": "dock", "region": 7}]}]})
Traceback (most recent call last):
...
companion.errors.MalformedInput: set_aside: event 0: not a valid event (dock.region: ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    ValidationError,
)

from companion.engine import parse_event
from companion.errors import MalformedInput, validation_problems
from companion.i18n import _
from companion.text import clean_note, iso_datetime


@dataclass(frozen=True)
class SetAside:
    """Events taken out of a game's log so that it could go on (never deleted): they were
    refused from position ``at`` on, for ``reason``; ``events`` are as they were stored."""

    at: int
    reason: str
    events: tuple[dict[str, Any], ...]
    when: str  # ISO date and time they were set aside


SET_ASIDE = "set_aside"  # the key of a game record that carries its events set aside
MAX_LOG = 100_000  # events in one log: far beyond any game (a turn has a few dozen)
REASON_MAX = 2_000  # characters of a refusal kept with events set aside (the engine's words)


def _refusal_text(value: str) -> str:
    text = clean_note(value, most=REASON_MAX)
    if not text:
        raise ValueError(_("say why they were set aside: the text cannot be empty"))
    return text


class _Batch(BaseModel):
    """Events a record says were set aside (checked before they are kept: each must be an
    event this app can read, even if the rules refuse it where it stood)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    at: Annotated[StrictInt, Field(ge=0, le=MAX_LOG)]
    reason: Annotated[StrictStr, AfterValidator(_refusal_text)]
    events: Annotated[list[dict[str, Any]], Field(max_length=MAX_LOG)]
    when: str

    def checked(self) -> dict[str, Any]:
        try:
            iso_datetime(self.when)
        except ValueError as exc:
            raise MalformedInput(_("set_aside: when {why}").format(why=exc)) from None
        for index, raw in enumerate(self.events):
            try:
                parse_event(raw)
            except MalformedInput as exc:
                raise MalformedInput(_("set_aside: event {index}: {why}").format(
                                         index=index, why=exc)) from None
        return self.model_dump()


def record_set_aside(record: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """The events a game record says were set aside (``Store.set_aside``), checked."""
    batches = record.get(SET_ASIDE)
    if batches is None:
        return None
    if not isinstance(batches, list):
        raise MalformedInput(_("set_aside: should be a list of the events set aside"))
    kept = []
    for batch in batches:
        try:
            kept.append(_Batch.model_validate(batch).checked())
        except ValidationError as exc:
            raise MalformedInput(_("set_aside: {why}").format(
                                     why=validation_problems(exc, 'set_aside'))) from None
    return kept or None
