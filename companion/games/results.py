"""Results: a play of a game we know, kept with its players, totals, winners and date but no
breakdown (played elsewhere, e.g. logged in BG Stats, and imported here).

A result is a fact of its own (like a score sheet's inputs): its totals and winners are taken
as the other app recorded them, never recomputed. Places: winners share place 1; the others
follow by total, highest first (equal totals share a place).

>>> r = Result.parse({"game": "endeavor", "played": "2024-05-01T20:00:00+00:00",
...     "players": [{"name": "Ann", "score": 41, "won": True, "start": True},
...                 {"name": "Bob", "score": 38}, {"name": "Cy", "score": 38}]})
>>> [(s.name, s.place) for s in r.seats], r.winners
([('Ann', 1), ('Bob', 2), ('Cy', 2)], ('Ann',))
>>> Result.parse({"game": "endeavor", "played": "2024-05-01", "players": [
...     {"name": "Ann", "score": 1}, {"name": "ann", "score": 2}]})
Traceback (most recent call last):
...
companion.games.results.InvalidResult: Ann and ann are the same player (names that differ ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.errors import MalformedInput, shown
from companion.games import FAMILY_IDS, family
from companion.text import clean_name, iso_datetime, same_names

RESULT_FORMAT = "age-of-discovery-companion/result"
RESULT_VERSION = 1
SCORE_MAX = 100_000  # far beyond any table; a 32-bit column holds it
KEY_MAX = 200  # games.import_key


class InvalidResult(MalformedInput):
    """A result that cannot be kept (no players, a name twice, a score that is not a whole
    number, an unknown game)."""


@dataclass(frozen=True)
class ResultSeat:
    name: str
    score: int
    won: bool
    place: int
    start: bool = False  # the start player, when the other app said so
    seat: int | None = None  # position at the table (1 = first), when known


@dataclass(frozen=True)
class Result:
    game: str  # a family id (companion.games)
    edition: str | None  # which box, for a family with editions; else None
    played: datetime
    seats: tuple[ResultSeat, ...]
    source: str = ""  # where it came from, e.g. "BG Stats"
    key: str | None = None  # what makes a second import of the same play add nothing

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.won)

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Result:
        """A result from its JSON form (``to_json``), checked; ``InvalidResult`` if not."""
        if not isinstance(data, Mapping):
            raise InvalidResult(f"a result is an object, not {shown(data)}")
        game = data.get("game")
        if game not in FAMILY_IDS:
            raise InvalidResult(f"unknown game {shown(game)} (known: {', '.join(FAMILY_IDS)})")
        edition, editions = data.get("edition"), family(game).editions()
        if editions:
            if edition not in editions:
                raise InvalidResult(f"an {family(game).name} result names its edition (one of "
                                    f"{', '.join(editions)}), not {shown(edition)}")
        elif edition is not None:
            raise InvalidResult(f"{game} has one edition: no 'edition' ({shown(edition)})")
        try:
            played = iso_datetime(data.get("played"))
        except (ValueError, TypeError) as exc:
            raise InvalidResult(f"played: {exc}") from None
        players = data.get("players")
        if not isinstance(players, list) or not players:
            raise InvalidResult("a result has at least one player")
        key = data.get("key")
        if key is not None and (not isinstance(key, str) or not 0 < len(key) <= KEY_MAX):
            raise InvalidResult(f"key is text of 1 to {KEY_MAX} characters")
        source = data.get("source", "")
        if not isinstance(source, str) or len(source) > 100:
            raise InvalidResult("source is text of at most 100 characters")
        return cls(game, edition, played, seats_of(players), source, key)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game}
        if self.edition is not None:
            out["edition"] = self.edition
        out["played"] = self.played.isoformat()
        out["players"] = [
            {"name": s.name, "score": s.score, "won": s.won, "start": s.start,
             **({"seat": s.seat} if s.seat is not None else {})} for s in self.seats]
        if self.source:
            out["source"] = self.source
        if self.key is not None:
            out["key"] = self.key
        return out


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:  # not true, not 3.0
        raise InvalidResult(f"{what} is a whole number from {low} to {high}, not {shown(value)}")
    return value


def seats_of(players: list[Any]) -> tuple[ResultSeat, ...]:
    """Checked seats with their places (winners first, then by total)."""
    rows = []
    for i, p in enumerate(players, start=1):
        if not isinstance(p, Mapping):
            raise InvalidResult(f"player {i} is an object, not {shown(p)}")
        try:
            name = clean_name(p.get("name") if isinstance(p.get("name"), str) else "")
        except ValueError as exc:
            raise InvalidResult(f"player {i}: {exc}") from None
        score = _whole(p.get("score"), f"{name}'s score", -SCORE_MAX, SCORE_MAX)
        won, start = p.get("won", False), p.get("start", False)
        if type(won) is not bool or type(start) is not bool:
            raise InvalidResult(f"{name}: won and start are true or false")
        seat = p.get("seat")
        if seat is not None:
            seat = _whole(seat, f"{name}'s seat", 1, 99)
        rows.append((name, score, won, start, seat))
    twice = same_names([r[0] for r in rows])
    if twice:
        raise InvalidResult(f"{twice[0]} and {twice[1]} are the same player (names that "
                            "differ only by case count as one)")
    losers = sorted((r[1] for r in rows if not r[2]), reverse=True)
    first = 1 + (1 if any(r[2] for r in rows) else 0)
    return tuple(ResultSeat(name, score, won,
                            1 if won else first + losers.index(score), start, seat)
                 for name, score, won, start, seat in rows)


# ---------------------------------------------------------------- records


def is_result_record(record: object) -> bool:
    return isinstance(record, Mapping) and record.get("format") == RESULT_FORMAT


def result_record(result: Result) -> dict[str, Any]:
    """The exported record of a result (what ``read_result_record`` reads back)."""
    return {"format": RESULT_FORMAT, "version": RESULT_VERSION, **result.to_json()}


def read_result_record(record: Mapping[str, Any]) -> Result:
    if record.get("version") != RESULT_VERSION:
        raise InvalidResult(f"result record version {shown(record.get('version'))} is not "
                            f"supported (this app reads version {RESULT_VERSION})")
    return Result.parse({k: v for k, v in record.items() if k not in ("format", "version")})
