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
from companion.games import FAMILY_IDS, family, unknown_game
from companion.i18n import _, format_list, format_number
from companion.text import clean_name, field_problem, iso_datetime, same_names

RESULT_FORMAT = "age-of-discovery-companion/result"
RESULT_VERSION = 1
SCORE_MAX = 100_000  # far beyond any table; a 32-bit column holds it
KEY_MAX = 200  # games.import_key
SOURCE_MAX = 100


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
            raise InvalidResult(_("a result is a JSON object, not {value}").format(
                value=shown(data)))
        game = data.get("game")
        if game not in FAMILY_IDS:
            raise InvalidResult(unknown_game(game))
        edition, editions = data.get("edition"), family(game).editions()
        if editions:
            if edition not in editions:
                known = {"game": family(game).name, "editions": format_list(editions, "or")}
                if edition is None:
                    raise InvalidResult(_("a result of {game} names its edition "
                                          "({editions})").format(**known))
                raise InvalidResult(_("a result of {game} names its edition ({editions}), not "
                                      "{value}").format(**known, value=shown(edition)))
        elif edition is not None:
            raise InvalidResult(_("{game} has a single edition: a result of it names none "
                                  "(this one says {value})").format(game=family(game).name,
                                                                     value=shown(edition)))
        try:
            played = iso_datetime(data.get("played"))
        except (ValueError, TypeError) as exc:
            raise InvalidResult(field_problem("played", exc)) from None
        players = data.get("players")
        if not isinstance(players, list) or not players:
            raise InvalidResult(_("a result has at least one player"))
        key = data.get("key")
        if key is not None and (not isinstance(key, str) or not 0 < len(key) <= KEY_MAX):
            raise InvalidResult(_("'key' is text of 1 to {most} characters").format(
                most=KEY_MAX))
        source = data.get("source", "")
        if not isinstance(source, str) or len(source) > SOURCE_MAX:
            raise InvalidResult(_("'source' is text of at most {most} characters").format(
                most=SOURCE_MAX))
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


def _whole(value: Any, refusal: str, name: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; else ``refusal`` (a
    sentence of the catalogue with ``{name}``, ``{low}``, ``{high}`` and ``{value}``)."""
    if type(value) is not int or not low <= value <= high:  # not true, not 3.0
        raise InvalidResult(refusal.format(name=name, low=format_number(low),
                                           high=format_number(high), value=shown(value)))
    return value


def seats_of(players: list[Any]) -> tuple[ResultSeat, ...]:
    """Checked seats with their places (winners first, then by total)."""
    rows = []
    for i, p in enumerate(players, start=1):
        if not isinstance(p, Mapping):
            raise InvalidResult(_("player {n} is a JSON object, not {value}").format(
                n=i, value=shown(p)))
        try:
            name = clean_name(p.get("name") if isinstance(p.get("name"), str) else "")
        except ValueError as exc:
            raise InvalidResult(_("player {n}: {problem}").format(n=i, problem=exc)) from None
        score = _whole(p.get("score"), _("{name}'s score is a whole number from {low} to "
                                         "{high}, not {value}"), name, -SCORE_MAX, SCORE_MAX)
        won, start = p.get("won", False), p.get("start", False)
        if type(won) is not bool or type(start) is not bool:
            raise InvalidResult(_("{name}: 'won' and 'start' are true or false").format(
                name=name))
        seat = p.get("seat")
        if seat is not None:
            seat = _whole(seat, _("{name}'s seat is a whole number from {low} to {high}, not "
                                  "{value}"), name, 1, 99)
        rows.append((name, score, won, start, seat))
    twice = same_names([r[0] for r in rows])
    if twice:
        raise InvalidResult(_("{first} and {second} are the same player (names that differ "
                              "only by case count as one)").format(first=twice[0],
                                                                   second=twice[1]))
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
        raise InvalidResult(_("result record version {version} is not supported (this app "
                              "reads version {known})").format(
                                  version=shown(record.get("version")), known=RESULT_VERSION))
    return Result.parse({k: v for k, v in record.items() if k not in ("format", "version")})
