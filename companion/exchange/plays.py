"""A finished game as other apps log it: the game's title (and BoardGameGeek id where a
stored reference confirms it), the date, and each player's total, win and start position.

Titles and BoardGameGeek ids are data of each game family (``Family.titles``,
``Family.bgg_ids``): Age of Empires III (2007) and Endeavor: Age of Sail have one; Empires:
Age of Discovery (2015), whose id no stored reference gave, and Nouveau Monde, a home-made
rule set, are written without one.

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
from functools import cache
from typing import TYPE_CHECKING

from companion.games import families, family
from companion.text import name_key

if TYPE_CHECKING:
    from companion.store import Store

GameRef = tuple[str, str | None]  # family id, edition (a family with editions only)


def title(game: str, edition: str | None) -> str:
    """The game's name as other apps show it (the box of the edition, if it has editions)."""
    return family(game).edition_title(edition)


def bgg_id(game: str, edition: str | None) -> int | None:
    return family(game).bgg_id(edition)


@cache
def _titles() -> dict[str, GameRef]:
    """Every title of every family (compared by ``name_key``)."""
    return {name_key(t): (f.id, edition) for f in families()
            for t, edition in f.titles().items()}


def recognise(name: object, bgg: object) -> GameRef | None:
    """Which of our games another app's game is: by its BoardGameGeek id when we know it,
    else by its title; None for a game we do not keep."""
    for f in families():
        for edition, number in f.bgg_ids.items():
            if type(bgg) is int and bgg == number:
                return f.id, (edition if f.editions() else None)
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
                 g.edition if family(g.game).editions() else None,
                 tuple(PlaySeat(s.name, s.score, s.won, s.place, seat=s.seat, start=s.start)
                       for s in g.seats), key=g.key)
            for g in store.finished(ids)]
