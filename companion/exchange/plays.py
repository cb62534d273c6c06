"""A finished game as other apps log it: the game's title (and BoardGameGeek id where a
stored reference confirms it), the date, and each player's total, win and start position.

BoardGameGeek ids, each confirmed from a stored reference (a BoardGameGeek page address):

* Age of Empires III: The Age of Discovery (2007): 22545 (``/boardgame/22545/age-empires-iii-
  age-discovery``, in a BoardGameGeek collection listing);
* Endeavor: Age of Sail (2018): 233398 (``/boardgame/233398/endeavor-age-of-sail``).

Left out: Empires: Age of Discovery (2015), whose id no stored reference gave, and Nouveau
Monde, a home-made rule set with no BoardGameGeek entry. Their plays are written without one.

>>> bgg_id("age-of-discovery", "aoe3"), bgg_id("age-of-discovery", "empires")
(22545, None)
>>> recognise("GLENN DROVER'S EMPIRES: AGE OF DISCOVERY", None), recognise("Catan", 13)
(('age-of-discovery', 'empires'), None)
>>> recognise("Endeavour", 233398)
('endeavor', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from companion.games import AGE_OF_DISCOVERY, family
from companion.rules.editions import EDITIONS
from companion.text import name_key

if TYPE_CHECKING:
    from companion.store import Store

GameRef = tuple[str, str | None]  # family id, edition (Age of Discovery only)

BGG_IDS: dict[GameRef, int] = {
    (AGE_OF_DISCOVERY, "aoe3"): 22545,
    ("endeavor", None): 233398,
}
# Titles other apps give our games (compared by name_key), beside our own titles.
OTHER_TITLES: dict[str, GameRef] = {
    "Age of Empires III": (AGE_OF_DISCOVERY, "aoe3"),
    "Glenn Drover's Empires: Age of Discovery": (AGE_OF_DISCOVERY, "empires"),
    "Glenn Drover's Empires: The Age of Discovery": (AGE_OF_DISCOVERY, "empires"),
    "Empires: The Age of Discovery": (AGE_OF_DISCOVERY, "empires"),
}


def title(game: str, edition: str | None) -> str:
    """The game's name as other apps show it (Age of Discovery: the box of the edition)."""
    if game == AGE_OF_DISCOVERY and edition in EDITIONS:
        return EDITIONS[edition].title
    return family(game).name


def bgg_id(game: str, edition: str | None) -> int | None:
    return BGG_IDS.get((game, edition if game == AGE_OF_DISCOVERY else None))


def _titles() -> dict[str, GameRef]:
    known = {name_key(t): ref for t, ref in OTHER_TITLES.items()}
    for edition in EDITIONS.values():
        known[name_key(edition.title)] = (AGE_OF_DISCOVERY, edition.id)
    known[name_key("Endeavor: Age of Sail")] = ("endeavor", None)
    known[name_key("Nouveau Monde")] = ("nouveau-monde", None)
    return known


def recognise(name: object, bgg: object) -> GameRef | None:
    """Which of our games another app's game is: by its BoardGameGeek id when we know it,
    else by its title; None for a game we do not keep."""
    for ref, number in BGG_IDS.items():
        if type(bgg) is int and bgg == number:
            return ref
    if isinstance(name, str):
        return _titles().get(name_key(" ".join(name.split())))
    return None


@dataclass(frozen=True)
class PlaySeat:
    name: str
    score: int
    won: bool
    place: int | None
    seat: int | None = None  # position at the table, 1 = first, when known
    start: bool = False  # began the game


@dataclass(frozen=True)
class Play:
    game_id: int
    played: datetime  # UTC
    game: str  # family id
    edition: str | None
    seats: tuple[PlaySeat, ...]
    key: str | None = None  # an imported play: the key it was kept under

    @property
    def title(self) -> str:
        return title(self.game, self.edition)

    @property
    def bgg_id(self) -> int | None:
        return bgg_id(self.game, self.edition)


def plays(store: Store, ids: Sequence[int] | None = None) -> list[Play]:
    """The finished games (of ``ids`` if given) as other apps log plays, oldest first (read
    from the store's summary columns, nothing replayed)."""
    return [Play(g.id, g.played, g.game,
                 g.edition if g.game == AGE_OF_DISCOVERY else None,
                 tuple(PlaySeat(s.name, s.score, s.won, s.place, seat=s.seat, start=s.start)
                       for s in g.seats), key=g.key)
            for g in store.finished(ids)]
