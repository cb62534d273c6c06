"""The BG Stats export file (JSON): ``games``, ``players`` and ``plays``, each play with its
``playerScores`` (``playerRefId``, ``score`` as text, ``winner``, ``startPlayer``,
``seatOrder``, ``rank``) and its ``playDate`` (``YYYY-MM-DD HH:MM:SS``).

``to_bgstats`` writes one for our finished games; ``read_bgstats`` reads one into results:
plays of the games we know (``plays.recognise``) become ``Result`` values keyed by the
play's uuid, the plays of other games are counted per game, and every play that cannot be
read is skipped with the reason. A file that only claims to be a BG Stats export (its
``plays``, ``games`` or ``players`` not lists) is refused whole: ``NotBgStats``.

>>> from datetime import datetime
>>> from companion.exchange.plays import Play, PlaySeat
>>> play = Play(7, datetime(2024, 5, 1, 20), "endeavor", None, (
...     PlaySeat("Ann", 41, True, 1, 1, True), PlaySeat("Bob", 38, False, 2, 2)))
>>> data = to_bgstats([play])
>>> data["games"][0]["bggId"], data["plays"][0]["playDate"]
(233398, '2024-05-01 20:00:00')
>>> sorted(data["plays"][0]["playerScores"][0].items())  # doctest: +NORMALIZE_WHITESPACE
[('newPlayer', False), ('playerRefId', 1), ('rank', 1), ('score', '41'),
 ('seatOrder', 1), ('startPlayer', True), ('winner', True)]
>>> read = read_bgstats(data, "plays.json")
>>> [(s.name, s.score, s.won) for s in read.results[0].seats], read.skipped
([('Ann', 41, True), ('Bob', 38, False)], [])
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.errors import MalformedInput, shown
from companion.exchange.plays import Play, recognise, title
from companion.games.results import InvalidResult, Result
from companion.i18n import _
from companion.text import name_key

NAMESPACE = uuid.UUID("6f1c2a52-8d4e-4b0a-9a51-3c7e0e5b1d14")  # this app's uuids (uuid5)
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
SOURCE = "BG Stats"
KEY_PREFIX = "bgstats:"


class NotBgStats(MalformedInput):
    """A file that is not the BG Stats export it looks like: nothing of it is stored."""


def _uuid(text: str) -> str:
    return str(uuid.uuid5(NAMESPACE, text)).upper()  # BG Stats writes them upper-case


def play_uuid(play: Play) -> str:
    """The uuid of a play in our BG Stats files: the uuid it came with when it was imported
    from BG Stats (so BG Stats knows it again), else one made from the game's id and date."""
    if play.key and play.key.startswith(KEY_PREFIX) and ":" not in play.key[len(KEY_PREFIX):]:
        return play.key[len(KEY_PREFIX):]
    return _uuid(f"play:{play.game_id}:{play.played.isoformat()}")


def own_keys(plays: Sequence[Play]) -> dict[str, int]:
    """The import key each of these kept games would come back under from our own BG Stats
    file: importing our export into the same database adds nothing."""
    return {KEY_PREFIX + play_uuid(play): play.game_id for play in plays}


def to_bgstats(plays: Sequence[Play]) -> dict[str, Any]:
    """A BG Stats export of these plays (finished games). Ids are stable: the same game,
    player and play get the same uuid in every export."""
    games: dict[tuple[str, str | None], dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    out = []
    for play in plays:
        ref = (play.game, play.edition)
        if ref not in games:
            game = {"id": len(games) + 1, "uuid": _uuid(f"game:{ref[0]}:{ref[1]}"),
                    "name": play.title, "highestWins": True, "noPoints": False,
                    "cooperative": False, "usesTeams": False}
            if play.bgg_id is not None:
                game["bggId"] = play.bgg_id
            games[ref] = game
        scores = []
        for s in play.seats:
            key = name_key(s.name)
            if key not in players:
                players[key] = {"id": len(players) + 1, "uuid": _uuid(f"player:{key}"),
                                "name": s.name, "isAnonymous": False}
            scores.append({"playerRefId": players[key]["id"], "score": str(s.score),
                           "winner": s.won, "startPlayer": s.start,
                           "seatOrder": s.seat or 0, "rank": s.place or 0,
                           "newPlayer": False})
        out.append({"uuid": play_uuid(play),
                    "playDate": play.played.strftime(DATE_FORMAT),
                    "gameRefId": games[ref]["id"], "ignored": False, "manualWinner": False,
                    "rounds": 0, "durationMin": 0, "usesTeams": False,
                    "playerScores": scores})
    return {"games": list(games.values()), "players": list(players.values()),
            "locations": [], "plays": out}


# ---------------------------------------------------------------- reading


def is_bgstats(payload: Any) -> bool:
    """Whether a file says it is a BG Stats export (it has ``plays``; ours never do)."""
    return isinstance(payload, Mapping) and "plays" in payload and "format" not in payload


@dataclass
class BgStatsRead:
    results: list[Result] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "play n (game, date): why", worded
    other_games: Counter[str] = field(default_factory=Counter)  # title: plays not kept
    names: list[str] = field(default_factory=list)  # players of the results, as written


# A part's rows by their whole-number "id", looked up with whatever a reference holds.
Index = Mapping[object, Mapping[str, Any]]


def _index(payload: Mapping[str, Any], part: str, source: str) -> Index:
    rows = payload.get(part, [])
    if not isinstance(rows, list):
        raise NotBgStats(_("{source} is not a BG Stats export: its '{part}' is {value}, not "
                           "a list").format(source=source, part=part, value=shown(rows)[:40]))
    return {r["id"]: r for r in rows if isinstance(r, Mapping) and type(r.get("id")) is int}


def _date(value: Any) -> datetime:
    if isinstance(value, str) and len(value) <= 40:
        for reader in (lambda v: datetime.strptime(v, DATE_FORMAT), datetime.fromisoformat):
            try:
                return reader(value.strip())
            except ValueError:
                continue
    raise InvalidResult(_("its date {value} is not a date").format(value=shown(value)[:40]))


def _score(value: Any, name: str) -> int:
    text = str(value).strip() if isinstance(value, str | int) and type(value) is not bool \
        else None
    if not text or not text.lstrip("-").isdigit() or len(text) > 7:
        raise InvalidResult(_("{name}'s score {value} is not a whole number").format(
                                name=name, value=shown(value)[:20]))
    return int(text)


def _key(play: Mapping[str, Any]) -> str:
    given = play.get("uuid")
    if isinstance(given, str) and 0 < len(given.strip()) <= 150:
        return KEY_PREFIX + given.strip().upper()
    digest = hashlib.sha256(json.dumps(play, sort_keys=True, default=str).encode())
    return KEY_PREFIX + "sha256:" + digest.hexdigest()


def _result(play: Mapping[str, Any], ref: tuple[str, str | None],
            players: Index, rename: Callable[[str], str]) -> Result:
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not scores:
        raise InvalidResult(_("it has no players"))
    seats = []
    for n, ps in enumerate(scores, start=1):
        if not isinstance(ps, Mapping):
            raise InvalidResult(_("its player {n} is not an object").format(n=n))
        who = players.get(ps.get("playerRefId"))
        name = who.get("name") if who else None
        if not isinstance(name, str) or not name.strip():
            raise InvalidResult(_("its player {n} is not in the file's players (playerRefId "
                                  "{ref})").format(n=n, ref=shown(ps.get('playerRefId'))[:20]))
        name = rename(" ".join(name.split()))
        seat = ps.get("seatOrder")
        seats.append({"name": name, "score": _score(ps.get("score"), name),
                      "won": ps.get("winner") is True, "start": ps.get("startPlayer") is True,
                      **({"seat": seat} if type(seat) is int and 0 < seat < 100 else {})})
    return Result.parse({"game": ref[0], **({"edition": ref[1]} if ref[1] else {}),
                         "played": _date(play.get("playDate")).isoformat(),
                         "players": seats, "source": SOURCE, "key": _key(play)})


def read_bgstats(payload: Any, source: str,
                 rename: Callable[[str], str] = lambda name: name) -> BgStatsRead:
    """The plays of a BG Stats export (see the module doc); ``rename``: the name each
    player gets here (matching players already kept)."""
    if not is_bgstats(payload):
        raise NotBgStats(_("{source} is not a BG Stats export (it has no 'plays')").format(
                             source=source))
    plays = payload["plays"]
    if not isinstance(plays, list):
        raise NotBgStats(_("{source} is not a BG Stats export: its 'plays' is {value}, not a "
                           "list").format(source=source, value=shown(plays)[:40]))
    if "games" not in payload:
        raise NotBgStats(_("{source} is not a BG Stats export: it has plays but no "
                           "'games'").format(source=source))
    games, players = _index(payload, "games", source), _index(payload, "players", source)
    read = BgStatsRead()
    for n, play in enumerate(plays, start=1):
        if not isinstance(play, Mapping):
            read.skipped.append(_("play {n}: not an object ({value})").format(
                                    n=n, value=shown(play)[:30]))
            continue
        game = games.get(play.get("gameRefId"))
        if game is None:
            read.skipped.append(_("play {n}: its game (gameRefId {ref}) is not in the "
                                  "file").format(n=n, ref=shown(play.get('gameRefId'))[:20]))
            continue
        ref = recognise(game.get("name"), game.get("bggId"))
        given = game.get("name")
        name = given if isinstance(given, str) else _("game {id}").format(id=game["id"])
        if ref is None:
            read.other_games[name[:60]] += 1
            continue
        date = play.get("playDate")
        where = _("play {n} ({game}, {date})").format(
            n=n, game=title(*ref), date=str(date)[:19] if date is not None else _("no date"))
        if play.get("ignored") is True:
            read.skipped.append(_("{where}: marked 'ignored' in BG Stats").format(where=where))
            continue
        try:
            result = _result(play, ref, players, rename)
        except InvalidResult as exc:
            read.skipped.append(_("{where}: {why}").format(where=where, why=exc))
            continue
        read.results.append(result)
        read.names.extend(s.name for s in result.seats if s.name not in read.names)
    return read


def names_in(payload: Any) -> list[str]:
    """The players of the plays of our games in a BG Stats export, as written (to match
    them to players kept here before importing)."""
    try:
        return read_bgstats(payload, _("the file")).names
    except NotBgStats:
        return []
