"""CSV that a spreadsheet opens as text: cells that would start a formula are neutralised.

A name such as ``=HYPERLINK(...)`` or ``@SUM(...)`` is written with a leading apostrophe
(the usual rule), so that opening an exported file never runs what a player typed. Numbers
stay numbers. Every CSV the app writes goes through here.

>>> safe_cell("=1+1"), safe_cell("+cmd|' /C calc'!A0"), safe_cell("Ann"), safe_cell(-3)
("'=1+1", "'+cmd|' /C calc'!A0", 'Ann', -3)
>>> to_csv([["player", "vp"], ["@SUM(A1)", 12]])
"player,vp\\r\\n'@SUM(A1),12\\r\\n"
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """The value, with a leading apostrophe if it is text a spreadsheet would run."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list[Any]:
    return [safe_cell(v) for v in row]


def to_csv(rows: Iterable[Sequence[Any]]) -> str:
    """RFC 4180 lines (CRLF): the writer then quotes any cell that holds a CR or LF."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows(safe_row(r) for r in rows)
    return out.getvalue()


def frame_csv(frame: Any) -> str:
    """A pandas DataFrame as safe CSV (header and cells), without its index."""
    cells = frame.astype(object).where(frame.notna(), "")  # empty, as pandas writes NaN
    return to_csv([list(map(str, frame.columns)), *cells.itertuples(index=False, name=None)])
