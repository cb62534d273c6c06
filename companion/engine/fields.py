r"""The types every field of an event or a set-up is checked against at the boundary.

Text (names, notes, dates) is read as ``companion.text`` reads it. Numbers: whole numbers only
(``3.0`` and ``true`` are not counts), within bounds that every supported database can hold.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, StrictInt, StrictStr

from companion.text import (  # noqa: F401 - the engine's names for them
    NAME_MAX,
    NOTE_MAX,
    clean_name,
    clean_note,
    clean_reason,
    forbidden_character,
    iso_datetime,
    name_key,
    same_names,
    tidy_name,
    tidy_note,
)

ID_MAX = 40
COUNT_MAX = 99  # workers, goods or ships in one event: the box holds far fewer
AMOUNT_MAX = 10_000  # $ or VP in one correction or bid: far beyond any table, and a whole
# log of them stays far inside a 32-bit integer (the narrowest column that holds VP)


def _clean_id(value: str) -> str:
    if value.isascii() and value.isprintable():  # every id the engine writes (one C pass)
        return value
    bad = forbidden_character(value)
    if bad:
        raise ValueError(f"an id cannot hold control or invisible characters ({bad})")
    return value


# ---------------------------------------------------------------- pydantic field types

Name = Annotated[StrictStr, AfterValidator(clean_name)]
Note = Annotated[StrictStr, AfterValidator(clean_note)]
Reason = Annotated[StrictStr, AfterValidator(clean_reason)]
Id = Annotated[StrictStr, Field(min_length=1, max_length=ID_MAX), AfterValidator(_clean_id)]
Count = Annotated[StrictInt, Field(ge=0, le=COUNT_MAX)]
Delta = Annotated[StrictInt, Field(ge=-COUNT_MAX, le=COUNT_MAX)]
Points = Annotated[StrictInt, Field(ge=0, le=AMOUNT_MAX)]  # $ or VP, never negative
Amount = Annotated[StrictInt, Field(ge=-AMOUNT_MAX, le=AMOUNT_MAX)]
