"""Game families: every game on the shelf, and what its score sheet asks, scores and refuses.

Pure Python (no Streamlit, no database). ``family(id)`` gives a family; ``FAMILY_IDS`` lists
them in the order the app offers them. A new game is a module with a ``Family`` subclass and a
line in ``_load`` below.

>>> [family(f).name for f in FAMILY_IDS]
['Age of Discovery', 'Endeavor: Age of Sail', 'Nouveau Monde']
>>> family("chess")
Traceback (most recent call last):
...
companion.games.base.InvalidSheet: unknown game 'chess' (known: ...)
"""

from __future__ import annotations

from functools import cache

from companion.games.base import (
    Category,
    Family,
    Field,
    FieldError,
    InvalidSheet,
    Part,
    PlayerScore,
    Scored,
    Sheet,
)

AGE_OF_DISCOVERY = "age-of-discovery"
FAMILY_IDS = (AGE_OF_DISCOVERY, "endeavor", "nouveau-monde")


@cache
def _load() -> dict[str, Family]:
    # Imported here, not at the top: the Age of Discovery family wraps companion.sheet,
    # which itself imports this package's errors.
    from companion.games.age_of_discovery import AGE_OF_DISCOVERY as aod
    from companion.games.endeavor import ENDEAVOR
    from companion.games.nouveau_monde import NOUVEAU_MONDE

    families = {f.id: f for f in (aod, ENDEAVOR, NOUVEAU_MONDE)}
    assert tuple(families) == FAMILY_IDS
    return families


def family(game: object) -> Family:
    """The family of a game id; ``InvalidSheet`` for an unknown one."""
    families = _load()
    if not isinstance(game, str) or game not in families:
        named = repr(game) if isinstance(game, str) else f"of type {type(game).__name__}"
        raise InvalidSheet(f"unknown game {named} (known: {', '.join(FAMILY_IDS)})")
    return families[game]


def families() -> list[Family]:
    return list(_load().values())


__all__ = [
    "AGE_OF_DISCOVERY", "FAMILY_IDS", "Category", "Family", "Field", "FieldError",
    "InvalidSheet", "Part", "PlayerScore", "Scored", "Sheet", "families", "family",
]
