"""The end-of-game score sheet: final VP for a table that did not record the game turn by turn.

Plain Python over ``companion.scoring`` (no Streamlit, no database): the Score sheet page
collects what each player has at the end, this module checks it, scores it and ranks the
players with the rule book's tie-breaks. The store calls the same functions when it saves a
sheet (``Store.save_score_sheet``) or recomputes one (``Store.rebuild_summaries``).

>>> ann = SheetPlayer("Ann", colony=(6, 8, 10), discoveries=("t01",), buildings=("navy",),
...                   goods={"fur": 3}, ships=2, money=12)
>>> bob = SheetPlayer("Bob", colony=(6, 8, 10), money=30)
>>> [(r.place, r.score.player, r.score.total) for r in score_sheet("empires", False, [ann, bob])]
[(1, 'Ann', 42), (2, 'Bob', 24)]
>>> sheet = ScoreSheet(players=(ann, bob), note="Friday")
>>> ScoreSheet.from_json(sheet.to_json()) == sheet
True
>>> ScoreSheet(players=(ann,)).check()
Traceback (most recent call last):
...
companion.games.base.InvalidSheet: Empires: Age of Discovery is played by 2 to 6 players, not 1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from companion.engine.errors import shown
from companion.engine.fields import (
    clean_name,
    clean_note,
    same_names,
    tidy_name,
    tidy_note,
)
from companion.engine.setup import COLOURS, NATIONS
from companion.games import AGE_OF_DISCOVERY, family
from companion.games.base import FieldError, InvalidSheet  # shared by every family
from companion.games.records import (  # noqa: F401 - part of this module's interface
    SHEET_FORMAT,
    SHEET_VERSION,
    is_sheet_record,
    read_sheet_record,
    sheet_record,
)
from companion.i18n import N_
from companion.rules.buildings import END_VP_QUANTITIES, Building, buildings_for
from companion.rules.discoveries import DISCOVERIES
from companion.rules.editions import EDITIONS
from companion.rules.goods import GOODS
from companion.scoring import (
    EndFacts,
    Income,
    ScoreBreakdown,
    best_income,
    building_vp,
    discovery_vp,
    rank,
    tie_goods,
)

NAME_MAX = 40
NOTE_MAX = 500
# Upper bounds of what a sheet can hold (the page's inputs stop there too); goods are bounded
# by the tokens in the game (``companion.rules.goods.GOODS``).
LIMITS = {
    "colony": 200,  # VP of one colony scoring
    "discovery_vp": 200,
    "discovery_count": len(DISCOVERIES),
    "extra_buildings": 5,
    "fact": 99,
    "ships": 9,
    "money": 999,
    "bought": 200,
}

# The end-VP quantities the sheet asks for only when a building owned needs them.
ASKED_FACTS = tuple(q for q in END_VP_QUANTITIES
                    if q not in ("goods", "ships", "money", "buildings", "discoveries"))
FACT_TITLES = {  # in the catalogue: shown with i18n._
    "new_world_workers": N_("Workers in the New World"),
    "new_world_soldiers": N_("Soldiers in the New World"),
    "new_world_builders": N_("Builders in the New World"),
    "specialists_track_workers": N_("Workers on the Specialists track"),
    "glory_regions": N_("Regions counting for Glory"),
}


@dataclass(frozen=True)
class SheetPlayer:
    """What one player has at the end of turn 8."""

    name: str
    colony: tuple[int, int, int] = (0, 0, 0)
    discoveries: tuple[str, ...] = ()  # token and card ids picked
    typed_discovery_vp: int | None = None  # instead of picking tokens
    typed_discovery_count: int = 0  # tokens and cards owned, when the VP is typed
    buildings: tuple[str, ...] = ()
    extra_buildings: int = 0  # tiles not in the list (a second Settlers)
    goods: Mapping[str, int] = field(default_factory=dict)
    ships: int = 0
    money: int = 0
    bought: int = 0
    facts: Mapping[str, int] = field(default_factory=dict)  # ASKED_FACTS values
    colour: str = ""  # optional, for the history
    nation: str | None = None  # optional (Empires national advantages), for the statistics

    def __post_init__(self) -> None:
        if isinstance(self.name, str):  # stored trimmed and NFC; check() refuses the rest
            object.__setattr__(self, "name", tidy_name(self.name))


@dataclass(frozen=True)
class SheetResult:
    place: int
    score: ScoreBreakdown
    income: Income


def facts_needed(edition: str, builders: bool, building_ids: Sequence[str]) -> list[str]:
    """The extra quantities the chosen buildings' end-VP formulas read."""
    catalogue = buildings_for(edition, builders)
    needed = []
    for b in building_ids:
        formula = catalogue[b].effect.end_vp if b in catalogue else None
        if formula and formula.per in ASKED_FACTS and formula.per not in needed:
            needed.append(formula.per)
    return needed


def _facts(p: SheetPlayer) -> EndFacts:
    discoveries = (p.typed_discovery_count if p.typed_discovery_vp is not None
                   else len(p.discoveries))
    return EndFacts(
        goods=sum(p.goods.values()), ships=p.ships, money=p.money,
        buildings=len(p.buildings) + p.extra_buildings, discoveries=discoveries,
        **{q: int(p.facts.get(q, 0)) for q in ASKED_FACTS},
    )


def score_player(catalogue: Mapping[str, Building], p: SheetPlayer,
                 edition: str = "empires") -> tuple[ScoreBreakdown, Income]:
    facts = _facts(p)
    income = best_income({g: n for g, n in p.goods.items() if n}, p.ships)
    discovered = (p.typed_discovery_vp if p.typed_discovery_vp is not None
                  else discovery_vp(DISCOVERIES[d] for d in p.discoveries))
    score = ScoreBreakdown(
        player=p.name, colony=tuple(p.colony), discoveries=discovered,
        buildings={b: building_vp(catalogue[b], facts) for b in p.buildings},
        economy=income.dollars, bought=p.bought, money=p.money,
        tie_goods=tie_goods(edition, facts.goods, facts.ships),
    )
    return score, income


def score_sheet(edition: str, builders: bool, players: Sequence[SheetPlayer]) -> list[SheetResult]:
    """Every player's final score, ranked (ties: turn-8 colony VP, money, then goods plus
    ships in Empires, goods only in Age of Empires III)."""
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise ValueError("two players have the same name")
    catalogue = buildings_for(edition, builders)
    scored = {p.name: score_player(catalogue, p, edition) for p in players}
    return [SheetResult(place, s, scored[s.player][1])
            for place, s in rank(score for score, _ in scored.values())]


# ---------------------------------------------------------------- a whole sheet


def _whole(value: object, what: str, most: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidSheet(f"{what} must be a whole number >= 0, not {shown(value)}")
    if most is not None and value > most:
        raise InvalidSheet(f"{what} cannot be more than {most}, not {value}")
    return value


def _strings(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise InvalidSheet(f"{what} must be a list of ids")
    if len(set(value)) != len(value):
        raise InvalidSheet(f"{what} lists the same id twice")
    return tuple(value)


def _counts(value: object, what: str, known: Mapping[str, int]) -> dict[str, int]:
    """Counts by name; ``known`` maps each name allowed to its largest count."""
    if not isinstance(value, Mapping):
        raise InvalidSheet(f"{what} must be an object of counts")
    for key, n in value.items():
        if key not in known:
            raise InvalidSheet(f"{what}: unknown {shown(key)}")
        _whole(n, f"{what}: {key}", known[key])
    return {k: n for k, n in value.items() if n}


FACT_LIMITS = dict.fromkeys(ASKED_FACTS, LIMITS["fact"])


@dataclass(frozen=True)
class ScoreSheet:
    """A whole score sheet: edition, Builder expansion, one ``SheetPlayer`` per seat, a note.

    ``check()`` refuses what cannot be stored (player count, duplicate names, colours or
    nations, unknown ids, negative numbers) with ``InvalidSheet``; ``results()`` checks, then
    scores and ranks. ``to_json``/``from_json`` are the stored form of the inputs.
    """

    players: tuple[SheetPlayer, ...]
    edition: str = "empires"
    builders: bool = False
    note: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.note, str):
            object.__setattr__(self, "note", tidy_note(self.note))

    def check(self) -> None:
        if not isinstance(self.edition, str) or self.edition not in EDITIONS:
            raise InvalidSheet(f"unknown edition {shown(self.edition)}")
        ed = EDITIONS[self.edition]
        if not isinstance(self.builders, bool):
            raise InvalidSheet("builders must be true or false")
        if self.builders and not ed.has_builder_expansion:
            raise InvalidSheet(f"{ed.title} has no Builder expansion")
        if not isinstance(self.note, str) or len(self.note) > NOTE_MAX:
            raise InvalidSheet(f"the note must be text of at most {NOTE_MAX} characters")
        try:
            clean_note(self.note, NOTE_MAX)
        except ValueError as exc:
            raise InvalidSheet(f"the note: {exc}") from None
        try:
            ed.check_player_count(len(self.players))
        except ValueError as exc:
            raise InvalidSheet(str(exc)) from None
        catalogue = buildings_for(self.edition, self.builders)
        for seat, p in enumerate(self.players, start=1):
            self._check_player(seat, p, catalogue)
        twins = same_names([p.name for p in self.players])
        if twins:  # names that differ only by case or width are the same player
            seat = max(i for i, p in enumerate(self.players) if p.name == twins[1])
            self._twice(seat, "name", f"two players have the same name ({twins[0]} and "
                                      f"{twins[1]}): give each player a different name")
        for what, word in (("colour", "colour"), ("nation", "nation")):
            seen: set[str] = set()
            for seat, p in enumerate(self.players):
                value = getattr(p, what)
                if value and value in seen:
                    self._twice(seat, what, f"two players have the same {word}: give each "
                                            f"player a different {word}")
                seen.add(value)

    def _twice(self, seat: int, what: str, message: str) -> None:
        """Refused: the player at ``seat`` (from 0) repeats another's name, colour or nation;
        the error is placed at that player's input."""
        raise InvalidSheet(message, [FieldError(message, seat + 1, self.players[seat].name,
                                                what)])

    def _check_player(self, seat: int, p: SheetPlayer, catalogue: Mapping[str, Building]) -> None:
        _check_name(seat, p.name)
        who = f"seat {seat} ({p.name})"
        if not isinstance(p.colour, str) or (p.colour and p.colour not in COLOURS):
            raise InvalidSheet(f"{who}: unknown colour {shown(p.colour)}")
        if p.nation is not None:
            if self.edition != "empires":
                raise InvalidSheet(f"{who}: nations belong to Empires: Age of Discovery")
            if p.nation not in NATIONS:
                raise InvalidSheet(f"{who}: unknown nation {shown(p.nation)}")
        if len(p.colony) != 3:
            raise InvalidSheet(f"{who}: colony VP are three numbers (one per scoring)")
        for age, vp in enumerate(p.colony, start=1):
            _whole(vp, f"{who}: colony VP of scoring {age}", LIMITS["colony"])
        _strings(p.discoveries, f"{who}: discoveries")
        for d in p.discoveries:
            if d not in DISCOVERIES:
                raise InvalidSheet(f"{who}: unknown discovery {shown(d)}")
        if p.typed_discovery_vp is not None:
            _whole(p.typed_discovery_vp, f"{who}: discovery VP", LIMITS["discovery_vp"])
            if p.discoveries:
                raise InvalidSheet(f"{who}: either type the discovery VP or list the "
                                   "discoveries, not both")
        _whole(p.typed_discovery_count, f"{who}: discoveries owned", LIMITS["discovery_count"])
        _strings(p.buildings, f"{who}: buildings")
        for b in p.buildings:
            if b not in catalogue:
                raise InvalidSheet(f"{who}: {shown(b)} is not a building of this game")
        _whole(p.extra_buildings, f"{who}: other tiles", LIMITS["extra_buildings"])
        _counts(p.goods, f"{who}: goods", GOODS)
        _counts(p.facts, f"{who}: counts", FACT_LIMITS)
        for key, what in (("ships", "ships"), ("money", "money"), ("bought", "bought VP")):
            _whole(getattr(p, key), f"{who}: {what}", LIMITS[key])

    def results(self) -> list[SheetResult]:
        """Check, then score and rank (best first; players still tied share a place)."""
        self.check()
        return score_sheet(self.edition, self.builders, self.players)

    # ---- stored form

    def to_json(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "builders": self.builders,
            "note": self.note,
            "players": [
                {"name": p.name, "colour": p.colour, "nation": p.nation,
                 "colony": list(p.colony), "discoveries": list(p.discoveries),
                 "typed_discovery_vp": p.typed_discovery_vp,
                 "typed_discovery_count": p.typed_discovery_count,
                 "buildings": list(p.buildings), "extra_buildings": p.extra_buildings,
                 "goods": {g: n for g, n in p.goods.items() if n}, "ships": p.ships,
                 "money": p.money, "bought": p.bought,
                 "facts": {q: n for q, n in p.facts.items() if n}}
                for p in self.players
            ],
        }

    @classmethod
    def from_json(cls, data: object) -> ScoreSheet:
        """Parse and ``check`` the stored form (missing optional keys take their defaults;
        unknown keys are refused)."""
        if not isinstance(data, Mapping):
            raise InvalidSheet("a score sheet is a JSON object with 'edition' and 'players'")
        unknown = set(data) - {"edition", "builders", "note", "players"}
        if unknown:
            raise InvalidSheet(f"a score sheet has no {', '.join(sorted(map(str, unknown)))}")
        players = data.get("players")
        if not isinstance(players, list):
            raise InvalidSheet("a score sheet needs a list of 'players'")
        sheet = cls(
            players=tuple(_player(seat, p) for seat, p in enumerate(players, start=1)),
            edition=data.get("edition", "empires"),
            builders=data.get("builders", False),
            note=data.get("note") or "",
        )
        sheet.check()
        return sheet

    def record(self, created: datetime | None = None) -> dict[str, Any]:
        """The exported sheet record (docs/record-format.md, version 2 with ``"game":
        "age-of-discovery"``); ``standings`` is derived and only there for readers (an
        import recomputes it)."""
        aod = family(AGE_OF_DISCOVERY)
        return sheet_record(aod.from_native(self), created)  # type: ignore[attr-defined]


PLAYER_KEYS = {f.name for f in fields(SheetPlayer)}


def _check_name(seat: int, name: object) -> None:
    if not isinstance(name, str) or not name.strip() or len(tidy_name(name)) > NAME_MAX:
        raise InvalidSheet(f"seat {seat}: a name is 1 to {NAME_MAX} characters")
    try:
        clean_name(name)
    except ValueError as exc:
        raise InvalidSheet(f"seat {seat}: name: {exc}") from None


def _player(seat: int, data: object) -> SheetPlayer:
    if not isinstance(data, Mapping):
        raise InvalidSheet(f"seat {seat}: a player is a JSON object")
    unknown = set(data) - PLAYER_KEYS
    if unknown:
        raise InvalidSheet(f"seat {seat}: unknown {', '.join(sorted(map(str, unknown)))}")
    if not isinstance(data.get("name"), str):
        raise InvalidSheet(f"seat {seat}: a player needs a 'name'")
    _check_name(seat, data["name"])
    who = f"seat {seat} ({data['name']})"
    colony = data.get("colony", [0, 0, 0])
    if not isinstance(colony, list | tuple) or len(colony) != 3:
        raise InvalidSheet(f"{who}: colony VP are three numbers (one per scoring)")
    goods, facts = data.get("goods") or {}, data.get("facts") or {}
    _counts(goods, f"{who}: goods", GOODS)
    _counts(facts, f"{who}: counts", FACT_LIMITS)
    colour = data.get("colour") or ""
    if not isinstance(colour, str):
        raise InvalidSheet(f"{who}: a colour is a name")
    return SheetPlayer(
        name=data["name"], colony=tuple(colony),  # type: ignore[arg-type]
        discoveries=_strings(data.get("discoveries", []), f"{who}: discoveries"),
        typed_discovery_vp=data.get("typed_discovery_vp"),
        typed_discovery_count=data.get("typed_discovery_count", 0),
        buildings=_strings(data.get("buildings", []), f"{who}: buildings"),
        extra_buildings=data.get("extra_buildings", 0), goods=dict(goods),
        ships=data.get("ships", 0), money=data.get("money", 0), bought=data.get("bought", 0),
        facts=dict(facts), colour=colour, nation=data.get("nation"),
    )


def from_record(record: Mapping[str, Any]) -> tuple[ScoreSheet, datetime | None]:
    """The sheet and its date (if the record carries one) from an Age of Discovery sheet
    record (version 1, or version 2 naming ``"age-of-discovery"``)."""
    sheet, when = read_sheet_record(record)
    if sheet.game != AGE_OF_DISCOVERY:
        raise InvalidSheet(f"this is a {sheet.game} score sheet, not an Age of Discovery one")
    return ScoreSheet.from_json(sheet.to_json()), when
