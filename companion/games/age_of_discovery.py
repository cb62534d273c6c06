"""Empires: Age of Discovery / Age of Empires III: The Age of Discovery as a game family.

The score sheet, its checks and its scoring stay in ``companion.sheet`` (``ScoreSheet``),
which this family wraps: the fields below are that sheet's player keys, so a family ``Sheet``
and a ``ScoreSheet`` convert into each other without loss. The turn-by-turn engine is not
part of the family (``companion.engine``).

>>> sheet = AGE_OF_DISCOVERY.parse({"players": [{"name": "Ann", "colony": [6, 8, 10]},
...                                             {"name": "Bob", "money": 30}]})
>>> scored = AGE_OF_DISCOVERY.score(sheet)
>>> [(p.player, p.total, p.place, dict(p.breakdown)["colony"]) for p in scored.players]
[('Ann', 24, 1, 24), ('Bob', 0, 2, 0)]
>>> AGE_OF_DISCOVERY.native(sheet).players[0].colony
(6, 8, 10)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.engine.setup import COLOURS, NATIONS
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
    ranked,
)
from companion.rules.buildings import buildings_for
from companion.rules.discoveries import CARDS, DISCOVERIES, TOKENS, listed_name
from companion.rules.editions import EDITIONS
from companion.rules.goods import GOODS
from companion.sheet import FACT_TITLES, LIMITS, ScoreSheet, facts_needed, score_sheet

NATION_NAMES = {
    "england": "England", "spain": "Spain", "france": "France", "portugal": "Portugal",
    "holland": "Holland", "italy": "Italian city-states",
}


def _discovery_label(d: str) -> str:
    item = DISCOVERIES[d]
    if item.kind == "card":
        return f"{item.name} ({item.vp} VP)"
    return listed_name(d)


@cache  # the page asks for every seat on every rerun
def _fields(edition: str, builders: bool) -> tuple[Field, ...]:
    """Each player's fields for one edition, with or without the Builder expansion."""
    catalogue = buildings_for(edition, builders)
    building_ids = tuple(sorted(catalogue, key=lambda b: (catalogue[b].age,
                                                          catalogue[b].name)))

    def needed(q: str) -> Any:
        return lambda v: q in facts_needed(edition, builders, v.get("buildings") or ())

    typed = "typed_discovery_vp"
    return (
        Field("colour", "Colour", "choice", default="", options=("", *COLOURS),
              group="Player"),
        Field("nation", "Nation", "choice", default=None, options=(None, *NATIONS),
              option_labels=NATION_NAMES, group="Player",
              shown=lambda _v: edition == "empires",
              help="With the national advantages: counts in the nation statistics."),
        Field("colony", "Colony VP", "ints", default=[0, 0, 0], group="Colony VP",
              parts=tuple(Part(str(a), f"Age {'I' * (a + 1)}", LIMITS["colony"])
                          for a in range(3)),
              help="VP of the three colony scorings (turns 3, 6 and 8)."),
        Field(typed, "Discovery VP", "int", default=None, max=LIMITS["discovery_vp"],
              optional="Type the VP instead of picking tokens and cards",
              group="Discoveries"),
        Field("typed_discovery_count", "Tokens and cards owned", "int",
              max=LIMITS["discovery_count"], group="Discoveries",
              shown=lambda v: v.get(typed) is not None),
        Field("discoveries", "Tokens and cards owned", "multi", default=[],
              options=(*TOKENS, *CARDS),
              option_labels={d: _discovery_label(d) for d in DISCOVERIES},
              group="Discoveries", shown=lambda v: v.get(typed) is None),
        Field("buildings", "Buildings owned", "multi", default=[], options=building_ids,
              option_labels={b: f"{catalogue[b].name} (Age {'I' * catalogue[b].age})"
                             for b in building_ids}, group="Capital buildings"),
        Field("extra_buildings", "Other tiles not in the list (a second Settlers)", "int",
              max=LIMITS["extra_buildings"], group="Capital buildings"),
        Field("facts", "Counts the buildings ask for", "counts", default={},
              parts=tuple(Part(q, FACT_TITLES[q], LIMITS["fact"], needed(q))
                          for q in FACT_TITLES), group="Capital buildings"),
        Field("goods", "Goods", "counts", default={}, group="Goods, ships and money",
              parts=tuple(Part(g, g, most) for g, most in GOODS.items())),
        Field("ships", "Ships", "int", max=LIMITS["ships"], group="Goods, ships and money"),
        Field("money", "Money", "int", max=LIMITS["money"], group="Goods, ships and money"),
        Field("bought", "Bought VP", "int", max=LIMITS["bought"],
              group="Goods, ships and money"),
    )


class AgeOfDiscovery(Family):
    id = "age-of-discovery"
    name = "Age of Discovery"
    unit = "VP"
    tie_rule = ("Equal totals are split by the colony VP of turn 8, then money, then goods "
                "(Empires counts ships with them, the 2007 edition goods alone); players "
                "still tied share the place.")
    categories = (
        Category("colony", "Colonies"),
        Category("discoveries", "Discoveries"),
        Category("buildings", "Buildings"),
        Category("economy", "Economy"),
        Category("bought", "Bought"),
    )
    refuses_at_field = False  # companion.sheet names the seat and the line, as one sentence

    def option_fields(self) -> tuple[Field, ...]:
        return (
            Field("edition", "Edition", "choice", default="empires", options=tuple(EDITIONS),
                  option_labels={e: ed.title for e, ed in EDITIONS.items()}),
            Field("builders", "Builder expansion", "bool", default=False,
                  shown=lambda o: EDITIONS.get(o.get("edition"), EDITIONS["empires"])
                  .has_builder_expansion,
                  help="Which buildings exist (Empires only)."),
        )

    def player_range(self, options: Mapping[str, Any]) -> range:
        return EDITIONS[options.get("edition", "empires")].players

    def edition(self, options: Mapping[str, Any]) -> str:
        return str(options.get("edition", "empires"))

    def fields(self, options: Mapping[str, Any]) -> tuple[Field, ...]:
        edition = options.get("edition", "empires")
        return _fields(edition, bool(options.get("builders"))
                       and EDITIONS[edition].has_builder_expansion)


    # ---- the wrapped score sheet

    def native(self, sheet: Sheet) -> ScoreSheet:
        """The ``companion.sheet.ScoreSheet`` of a family sheet (checked: ``InvalidSheet``)."""
        return ScoreSheet.from_json(sheet.to_json())

    def from_native(self, sheet: ScoreSheet) -> Sheet:
        data = sheet.to_json()
        return Sheet(self.id, tuple(data["players"]),
                     {"edition": data["edition"], "builders": data["builders"]}, data["note"])

    def parse(self, data: object) -> Sheet:
        if not isinstance(data, Mapping):
            raise InvalidSheet("a score sheet is a JSON object with 'edition' and 'players'")
        return self.from_native(ScoreSheet.from_json(data))

    def problems(self, sheet: Sheet) -> list[FieldError]:
        if sheet.game != self.id:
            return [FieldError(f"this is a {sheet.game!r} sheet, not {self.name}.")]
        try:
            self.native(sheet)
        except InvalidSheet as exc:
            return list(exc.errors)
        return []

    def tally(self, sheet: Sheet) -> Scored:
        native = self.native(sheet)
        results = score_sheet(native.edition, native.builders, native.players)
        seats = {p.name: seat for seat, p in enumerate(native.players, start=1)}
        players = [PlayerScore(
            seats[r.score.player], r.score.player,
            {"colony": r.score.colony_total, "discoveries": r.score.discoveries,
             "buildings": r.score.buildings_total, "economy": r.score.economy,
             "bought": r.score.bought},
            r.score.total, r.place, r.place == 1,
            details={"colony_turn_8": r.score.colony[2], "money": r.score.money,
                     "tie_goods": r.score.tie_goods},
        ) for r in results]
        return Scored(self.id, self.categories, ranked(players),
                      tuple(r.score.player for r in results if r.place == 1))


AGE_OF_DISCOVERY = AgeOfDiscovery()
