"""Empires: Age of Discovery (2015) / Age of Empires III: The Age of Discovery (2007) as a game
family: the end-of-game score sheet for a table that did not record the game turn by turn.

Plain Python over ``companion.scoring`` and ``companion.rules`` (the turn-by-turn engine is
not part of the family). Each player enters the VP of the three colony scorings,
discoveries (picked, or their VP typed), buildings, goods, ships, money and bought VP; the
family checks every entry (all problems at once, each at its seat and field), scores and
ranks with the rule book's tie-breaks (turn-8 colony VP, money, goods plus ships in Empires,
goods only in Age of Empires III).

>>> sheet = AGE_OF_DISCOVERY.parse({"players": [
...     {"name": "Ann", "colony": [6, 8, 10], "discoveries": ["t01"], "buildings": ["navy"],
...      "goods": {"fur": 3}, "ships": 2, "money": 12},
...     {"name": "Bob", "colony": [6, 8, 10], "money": 30}]})
>>> scored = AGE_OF_DISCOVERY.score(sheet)
>>> [(p.player, p.total, p.place, dict(p.breakdown)["colony"]) for p in scored.players]
[('Ann', 42, 1, 24), ('Bob', 24, 2, 24)]
>>> AGE_OF_DISCOVERY.check(AGE_OF_DISCOVERY.parse({"players": [{"name": "Ann"}]}))
Traceback (most recent call last):
...
companion.games.base.InvalidSheet: Empires: Age of Discovery is played by 2 to 6 players, not 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from companion import names
from companion.games.base import (
    Category,
    Explanation,
    Family,
    FieldError,
    Part,
    PlayerScore,
    Scored,
    Sheet,
    SheetField,
    ranked,
)
from companion.i18n import N_, _, component_name, language_key, pgettext
from companion.rules.buildings import END_VP_QUANTITIES, Building, buildings_for
from companion.rules.discoveries import CARDS, DISCOVERIES, TOKENS, listed_name
from companion.rules.editions import EDITIONS, LAST_TURN
from companion.rules.goods import GOODS
from companion.rules.nations import COLOURS, NATION_NAMES, NATIONS
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
from companion.text import clean_name, clean_note, same_names, tidy_name, tidy_note

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
# A player's stored form, in this order (as every stored sheet has it); zero counts left out.
PLAYER_KEYS = ("name", "colour", "nation", "colony", "discoveries", "typed_discovery_vp",
               "typed_discovery_count", "buildings", "extra_buildings", "goods", "ships",
               "money", "bought", "facts")
TYPED = "typed_discovery_vp"
def income_sets_text(inc: Income) -> list[str]:
    """One line per set: 'fur + fur + 🚢 ship = $3'."""
    lines = [_("{goods} = {money}").format(goods=" + ".join(names.good_label(g) for g in s.goods),
                                           money=names.money(s.value)) for s in inc.sets]
    if inc.unused:
        lines.append(_("not in a set: {goods}").format(
            goods=", ".join(names.good_label(g) for g in inc.unused)))
    return lines


def facts_needed(edition: str, builders: bool, building_ids: Sequence[str]) -> list[str]:
    """The extra quantities the chosen buildings' end-VP formulas read."""
    catalogue = buildings_for(edition, builders)
    needed = []
    for b in building_ids:
        formula = catalogue[b].effect.end_vp if b in catalogue else None
        if formula and formula.per in ASKED_FACTS and formula.per not in needed:
            needed.append(formula.per)
    return needed


def _discovery_label(d: str, edition: str) -> str:
    item = DISCOVERIES[d]
    if item.kind == "card":
        return _("{card} ({vp} VP)").format(card=component_name("card", item.name, edition),
                                           vp=item.vp)
    return listed_name(d)


@cache  # the page asks for every seat on every rerun (per language: the fields' words)
def _fields(edition: str, builders: bool, words: tuple[str, int]) -> tuple[SheetField, ...]:
    """Each player's fields for one edition, with or without the Builder expansion."""
    catalogue = buildings_for(edition, builders)
    building_ids = tuple(sorted(catalogue, key=lambda b: (catalogue[b].age,
                                                          catalogue[b].name)))

    def needed(q: str) -> Any:
        return lambda v: q in facts_needed(edition, builders, v.get("buildings") or ())

    return (
        SheetField("colour", _("Colour"), "choice", default="", options=("", *COLOURS),
              option_labels={c: names.colour(c) for c in COLOURS},
              group=_("Player")),
        SheetField("nation", _("Nation"), "choice", default=None, options=(None, *NATIONS),
              option_labels={n: component_name("nation", name)
                             for n, name in NATION_NAMES.items()}, group=_("Player"),
              shown=lambda _v: edition == "empires",
              help=_("With the national advantages: counts in the nation statistics.")),
        SheetField("colony", _("Colony VP"), "ints", default=[0, 0, 0], group=_("Colony VP"),
              parts=tuple(Part(str(a), _("Age {age}").format(age="I" * (a + 1)),
                               LIMITS["colony"])
                          for a in range(3)),
              help=_("VP of the three colony scorings (turns 3, 6 and 8).")),
        SheetField(TYPED, _("Discovery VP"), "int", default=None, max=LIMITS["discovery_vp"],
              optional=_("Type the VP instead of picking tokens and cards"),
              group=_("Discoveries")),
        SheetField("typed_discovery_count", _("Tokens and cards owned"), "int",
              max=LIMITS["discovery_count"], group=_("Discoveries"),
              shown=lambda v: v.get(TYPED) is not None),
        SheetField("discoveries", _("Tokens and cards owned"), "multi", default=[],
              options=(*TOKENS, *CARDS),
              option_labels={d: _discovery_label(d, edition) for d in DISCOVERIES},
              group=_("Discoveries"), shown=lambda v: v.get(TYPED) is None),
        SheetField("buildings", _("Buildings owned"), "multi", default=[], options=building_ids,
              option_labels={b: "{} ({})".format(
                  component_name("building", catalogue[b].name, edition),
                  _("Age {age}").format(age="I" * catalogue[b].age)) for b in building_ids},
              group=_("Capital buildings")),
        SheetField("extra_buildings", _("Other tiles not in the list (a second Settlers)"), "int",
              max=LIMITS["extra_buildings"], group=_("Capital buildings")),
        SheetField("facts", _("Counts the buildings ask for"), "counts", default={},
              parts=tuple(Part(q, _(FACT_TITLES[q]), LIMITS["fact"], needed(q))
                          for q in ASKED_FACTS), group=_("Capital buildings")),
        SheetField("goods", _("Goods"), "counts", default={}, group=_("Goods, ships and money"),
              parts=tuple(Part(g, component_name("good", g, edition), most)
                          for g, most in GOODS.items())),
        SheetField("ships", _("Ships"), "int", max=LIMITS["ships"],
              group=_("Goods, ships and money")),
        SheetField("money", pgettext("the money held", "Money"), "int", max=LIMITS["money"],
              group=_("Goods, ships and money")),
        SheetField("bought", _("Bought VP"), "int", max=LIMITS["bought"],
              group=_("Goods, ships and money")),
    )


def _stored_player(p: Mapping[str, Any]) -> dict[str, Any]:
    """A player as stored: keys in ``PLAYER_KEYS`` order, the name trimmed and in NFC, no
    colour as "", ids as lists, zero counts left out."""
    out = {k: p[k] for k in PLAYER_KEYS if k in p}
    if isinstance(out.get("name"), str):
        out["name"] = tidy_name(out["name"])
    if out.get("colour") is None:
        out["colour"] = ""
    for key in ("colony", "discoveries", "buildings"):
        if isinstance(out.get(key), tuple):
            out[key] = list(out[key])
    for key in ("goods", "facts"):
        if isinstance(out.get(key), Mapping):
            out[key] = {k: n for k, n in out[key].items() if n}
    return out


def _end_facts(p: Mapping[str, Any]) -> EndFacts:
    discoveries = (p["typed_discovery_count"] if p[TYPED] is not None
                   else len(p["discoveries"]))
    return EndFacts(
        goods=sum(p["goods"].values()), ships=p["ships"], money=p["money"],
        buildings=len(p["buildings"]) + p["extra_buildings"], discoveries=discoveries,
        **{q: int(p["facts"].get(q, 0)) for q in ASKED_FACTS},
    )


def score_player(catalogue: Mapping[str, Building], p: Mapping[str, Any],
                 edition: str = "empires") -> tuple[ScoreBreakdown, Income]:
    """One player's final score by category, and the income sets behind its economy."""
    facts = _end_facts(p)
    income = best_income({g: n for g, n in p["goods"].items() if n}, p["ships"])
    discovered = (p[TYPED] if p[TYPED] is not None
                  else discovery_vp(DISCOVERIES[d] for d in p["discoveries"]))
    score = ScoreBreakdown(
        player=p["name"], colony=tuple(p["colony"]), discoveries=discovered,
        buildings={b: building_vp(catalogue[b], facts) for b in p["buildings"]},
        economy=income.dollars, bought=p["bought"], money=p["money"],
        tie_goods=tie_goods(edition, facts.goods, facts.ships),
    )
    return score, income


class AgeOfDiscovery(Family):
    id = "age-of-discovery"
    name = "Age of Discovery"
    unit = N_("VP")
    shelf = 0  # first: the game this app tracks turn by turn
    tie_rule = (N_("Equal totals are split by the colony VP of turn 8, then money, then goods "
                "(Empires counts ships with them, the 2007 edition goods alone); players "
                "still tied share the place."))
    categories = (
        Category("colony", N_("Colonies")),
        Category("discoveries", N_("Discoveries")),
        Category("buildings", N_("Buildings")),
        Category("economy", N_("Economy")),
        Category("bought", N_("Bought")),
    )
    edition_option = "edition"
    final_turn = LAST_TURN
    standing_details = ("money",)  # stored beside the categories in each standings row
    # BoardGameGeek ids, each confirmed from a stored reference (a BoardGameGeek page
    # address): Age of Empires III (2007), ``/boardgame/22545/age-empires-iii-age-discovery``
    # in a collection listing. No stored reference gave Empires' (2015): written without one.
    bgg_ids = {"aoe3": 22545}
    other_titles = {
        "Age of Empires III": "aoe3",
        "Glenn Drover's Empires: Age of Discovery": "empires",
        "Glenn Drover's Empires: The Age of Discovery": "empires",
        "Empires: The Age of Discovery": "empires",
    }

    def option_fields(self) -> tuple[SheetField, ...]:
        return (
            SheetField("edition", _("Edition"), "choice",
                  default="empires", options=tuple(EDITIONS),
                  option_labels={e: ed.title for e, ed in EDITIONS.items()}),
            SheetField("builders", _("Builder expansion"), "bool", default=False,
                  shown=lambda o: EDITIONS.get(o.get("edition", ""), EDITIONS["empires"])
                  .has_builder_expansion,
                  help=_("Which buildings exist (Empires only).")),
        )

    def editions(self) -> tuple[str, ...]:
        return tuple(EDITIONS)

    def edition_title(self, edition: str | None) -> str:
        return EDITIONS[edition].title if edition in EDITIONS else self.name

    def player_range(self, options: Mapping[str, Any]) -> range:
        return EDITIONS[options.get("edition", "empires")].players

    def edition(self, options: Mapping[str, Any]) -> str:
        return str(options.get("edition", "empires"))

    def fields(self, options: Mapping[str, Any]) -> tuple[SheetField, ...]:
        edition = options.get("edition", "empires")
        return _fields(edition, bool(options.get("builders"))
                       and EDITIONS[edition].has_builder_expansion, language_key())

    # ---- the stored form

    def parse(self, data: object) -> Sheet:
        sheet = super().parse(data)
        given: object = sheet.note  # (parsed, not yet checked: a record may hold anything)
        note = tidy_note(given) if isinstance(given, str) else sheet.note
        return Sheet(self.id, tuple(_stored_player(p) for p in sheet.players),
                     sheet.options, note)

    # ---- checking

    def _option_problems(self, options: Mapping[str, Any]) -> list[FieldError]:
        errors = super()._option_problems(options)
        if not errors and options["builders"] and not EDITIONS[
                options["edition"]].has_builder_expansion:
            errors.append(FieldError(_("{edition} has no Builder expansion.").format(
                edition=EDITIONS[options["edition"]].title), field="builders"))
        return errors

    def _twin_names(self, sheet: Sheet) -> list[FieldError]:
        names = [n for n in sheet.names if n]
        twins = same_names(names)
        if not twins:  # names that differ only by case or width are the same player
            return []
        seat = max(s for s, n in enumerate(sheet.names, start=1) if n == twins[1])
        return [FieldError(_("two players have the same name ({one} and {other}): give each "
                             "player a different name.").format(one=twins[0], other=twins[1]),
                           seat, twins[1], "name")]

    def _sheet_problems(self, sheet: Sheet) -> list[FieldError]:
        errors = super()._sheet_problems(sheet)
        if isinstance(sheet.note, str):
            try:
                clean_note(sheet.note)
            except ValueError as exc:
                errors.append(FieldError(_("the note: {problem}.").format(problem=exc),
                                         field="note"))
        return errors

    def _player_problems(self, fields: Sequence[SheetField], p: Mapping[str, Any],
                         names: Sequence[str]) -> list[tuple[str, str]]:
        problems = super()._player_problems(fields, p, names)
        if not problems or problems[0][0] != "name":
            try:
                clean_name(p["name"])
            except ValueError as exc:
                return [("name", f"{exc}."), *problems]
        return problems

    def rule_problems(self, sheet: Sheet, ok: Callable[[int, str], bool]) -> list[FieldError]:
        errors = []
        players = list(enumerate(sheet.players, start=1))
        for key in ("colour", "nation"):
            seen: set[str] = set()
            for seat, p in players:
                value = p.get(key)
                if not (ok(seat, key) and value):  # (a value refused already: not compared)
                    continue
                if value in seen:
                    same = (_("two players have the same colour: give each player a different "
                              "colour.") if key == "colour" else
                            _("two players have the same nation: give each player a different "
                              "nation."))
                    errors.append(FieldError(same, seat, p["name"], key))
                seen.add(value)
        for seat, p in players:
            if ok(seat, "nation") and p.get("nation") and sheet.options["edition"] != "empires":
                errors.append(FieldError(_("nations belong to Empires: Age of Discovery."), seat,
                                         p["name"], "nation"))
            if ok(seat, TYPED) and ok(seat, "discoveries") and p[TYPED] is not None \
                    and p["discoveries"]:
                errors.append(FieldError(_("either type the discovery VP or list the "
                                         "discoveries, not both."), seat, p["name"],
                                         "discoveries"))
        return errors

    # ---- scoring

    def _scored(self, sheet: Sheet) -> list[tuple[int, ScoreBreakdown, Income]]:
        edition, builders = sheet.options["edition"], sheet.options["builders"]
        catalogue = buildings_for(edition, builders)
        scored = {p["name"]: score_player(catalogue, p, edition) for p in sheet.players}
        return [(place, s, scored[s.player][1])
                for place, s in rank(score for score, _ in scored.values())]

    def tally(self, sheet: Sheet) -> Scored:
        results = self._scored(sheet)
        seats = {p["name"]: seat for seat, p in enumerate(sheet.players, start=1)}
        players = [PlayerScore(
            seats[s.player], s.player,
            {"colony": s.colony_total, "discoveries": s.discoveries,
             "buildings": s.buildings_total, "economy": s.economy, "bought": s.bought},
            s.total, place, place == 1,
            details={"colony_turn_8": s.colony[2], "money": s.money, "tie_goods": s.tie_goods},
        ) for place, s, _income in results]
        return Scored(self.id, self.categories, ranked(players),
                      tuple(s.player for place, s, _income in results if place == 1))

    def explain(self, sheet: Sheet, scored: Scored) -> list[Explanation]:
        places = [p.place for p in scored.players]
        # the tie-breaks themselves are said once, by the tie rule under the totals
        if any(places.count(n) > 1 for n in places):
            ties = _("Still tied after the tie-breaks: those players share the place.")
        elif len({p.total for p in scored.players}) < len(scored.players):
            ties = _("Equal totals were split by the tie-breaks.")
        else:
            ties = ""
        income = [(s.player, _("{vp} VP").format(vp=inc.dollars),
                   tuple(income_sets_text(inc)))
                  for _place, s, inc in self._scored(sheet)]
        economy = Explanation(_("Economy: the income sets behind each player's economy VP"),
                              tuple(income), _("Economy VP equal the income of the last "
                                               "Income phase."))
        return [Explanation(ties), economy] if ties else [economy]


AGE_OF_DISCOVERY = AgeOfDiscovery()
