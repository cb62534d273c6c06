"""Game families: every game on the shelf, and what its score sheet asks, scores and refuses.

Pure Python (no Streamlit, no database). ``family(id)`` gives a family; ``FAMILY_IDS`` lists
them in the order the app offers them (``Family.shelf``, then id). A new game is one module
here holding one ``Family`` instance: the registry finds it, and the store, the command line,
the History, the Score sheet page, the exports and the imports take it from here.

>>> family(TRACKED_GAME).name, FAMILY_IDS[0] == TRACKED_GAME
('Age of Discovery', True)
>>> family("chess")
Traceback (most recent call last):
...
companion.games.base.InvalidSheet: unknown game 'chess' (known: ...)
"""

from __future__ import annotations

import importlib
import pkgutil

from companion.errors import shown
from companion.games.base import (
    Category,
    Explanation,
    Family,
    FieldError,
    InvalidSheet,
    Part,
    PlayerScore,
    Scored,
    Sheet,
    SheetField,
)
from companion.i18n import _, format_list

TRACKED_GAME = "age-of-discovery"  # the family of every game tracked turn by turn
NOT_FAMILIES = {"base", "sheet_records", "results"}  # this package's other modules


def _discover() -> dict[str, Family]:
    """Every family module of this package: each holds one ``Family`` instance."""
    found: list[Family] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name in NOT_FAMILIES or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        found += [v for v in vars(module).values() if isinstance(v, Family)]
    return {f.id: f for f in sorted(found, key=lambda f: (f.shelf, f.id))}


_FAMILIES = _discover()
FAMILY_IDS = tuple(_FAMILIES)


def family(game: object) -> Family:
    """The family of a game id; ``InvalidSheet`` for an unknown one."""
    if not isinstance(game, str) or game not in _FAMILIES:
        raise InvalidSheet(unknown_game(game))
    return _FAMILIES[game]


def unknown_game(game: object) -> str:
    """The refusal of a game id no family has (a record's ``"game"``), in the reader's words.

    >>> unknown_game(7)
    'a game is named by its id as text, not 7 (known: age-of-discovery, ...)'
    """
    known = format_list(FAMILY_IDS)
    if isinstance(game, str):
        return _("unknown game {game} (known: {known})").format(game=shown(game), known=known)
    return _("a game is named by its id as text, not {value} (known: {known})").format(
        value=shown(game), known=known)


def families() -> list[Family]:
    return list(_FAMILIES.values())


__all__ = [
    "FAMILY_IDS", "TRACKED_GAME", "Category", "Explanation", "Family", "SheetField",
    "FieldError", "InvalidSheet", "Part", "PlayerScore", "Scored", "Sheet", "families",
    "family", "unknown_game",
]
