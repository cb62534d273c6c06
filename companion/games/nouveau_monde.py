"""Nouveau Monde (a home-made exploration card game): the end-of-game points.

Digest: ``shared/rules/nouveau-monde.md`` (the French rules text wins where they differ; they
agree on every number used here). Own points = leftover resources (1 each) + four escalating
tables (cities and colonists together, expansions, armies, technologies). A vassal's total
flows up to its master, chains included; vassals and eliminated players cannot win.

>>> from companion.games.base import Sheet
>>> bleu = {"name": "Bleu", "wood": 30, "metal": 2, "food": 51, "gold": 14, "cities": 4,
...         "colonists": 1, "expansions": 7, "armies": 3, "research": 5, "master": "Rouge"}
>>> rouge = dict(bleu, name="Rouge", master=None)
>>> scored = NOUVEAU_MONDE.score(NOUVEAU_MONDE.parse({"players": [bleu, rouge]}))
>>> [(p.player, p.total, p.place, p.can_win) for p in scored.players]
[('Rouge', 1954, 1, True), ('Bleu', 977, 2, False)]
>>> [COLONIES[n] for n in (1, 5, 8)], EXPANSIONS[16], ARMIES[8], RESEARCH[12]
([0, 375, 3175], 1685, 455, 3140)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate
from typing import Any

from companion.games.base import (
    Category,
    Family,
    FieldError,
    PlayerScore,
    Scored,
    Sheet,
    SheetField,
    places,
    ranked,
    whole,
)
from companion.i18n import N_, _, component_name, ngettext

# What the n-th piece costs to build (the rules' cost tables), and so what n pieces score:
# every points table is the running total of its cost table (digest, "useful check"). No
# table lists 0; none owned scores 0 (ASSUMED, the only sensible reading).
COLONY_COSTS = (0, 25, 50, 100, 200, 400, 800, 1600)  # food; the first colonist is free
EXPANSION_COSTS = (0, 10, 20, 30, 40, 55, 70, 85, 100, 120, 140, 160, 180, 200, 225, 250)
ARMY_COSTS = (20, 30, 40, 50, 60, 70, 85, 100)  # metal
RESEARCH_COSTS = (10, 20, 35, 50, 75, 100, 150, 200, 300, 500, 700, 1000)  # gold
# points[n] for n = 0 .. the component limit, as the rules print them
COLONIES = (0, 0, 25, 75, 175, 375, 775, 1575, 3175)
EXPANSIONS = (0, 0, 10, 30, 60, 100, 155, 225, 310, 410, 530, 670, 830, 1010, 1210, 1435, 1685)
ARMIES = (0, 20, 50, 90, 140, 200, 270, 355, 455)
RESEARCH = (0, 10, 30, 65, 115, 190, 290, 440, 640, 940, 1440, 2140, 3140)
MAX_PIECES = 8  # cities and colonists together
EXPANSIONS_PER_CITY = 4  # one on each side card
MAX_EXPANSIONS = len(EXPANSIONS) - 1
MAX_ARMIES = len(ARMIES) - 1
MAX_RESEARCH = len(RESEARCH) - 1
MAX_PLAYERS = 12  # the rules' stated limit (and the 12 starting squares)
MIN_PLAYERS = 2  # ASSUMED: solo play is not described
YEARS_STEP = 25
RESOURCES = ("wood", "metal", "food", "gold")


def running_totals(costs: Sequence[int]) -> tuple[int, ...]:
    """Points for owning 0, 1, 2, ... pieces: what building them cost, counted from none."""
    return (0, *accumulate(costs))


def _counts(values: Mapping[str, Any], *names: str) -> list[int] | None:
    found = [n for n in map(values.get, names) if whole(n) and n >= 0]
    return found if len(found) == len(names) else None


def _table_hint(table: Sequence[int], *names: str) -> Callable[[Mapping[str, Any]], str | None]:
    def hint(values: Mapping[str, Any]) -> str | None:
        found = _counts(values, *names)
        if found is None or sum(found) >= len(table):
            return None
        n = sum(found)
        together = f"{' + '.join(map(str, found))} = {n}: " if len(found) > 1 else ""
        return together + _("{points} points.").format(points=table[n])
    return hint


def _resources_hint(values: Mapping[str, Any]) -> str | None:
    found = _counts(values, *RESOURCES)
    return None if found is None else _("{resources}: {points} points in all.").format(
        resources=nm("Resources"), points=sum(found))


class NouveauMonde(Family):
    id = "nouveau-monde"
    name = "Nouveau Monde"
    unit = N_("points")
    printed_kind = "nouveau_monde"
    tie_rule = (N_("Players who can win and tie on the most points share the victory (the rules "
                "give no tie-break); vassals and eliminated players never win."))
    categories = (
        Category("resources_points", N_("Resources")),
        Category("colonies_points", N_("Colonies")),
        Category("expansions_points", N_("Expansions")),
        Category("armies_points", N_("Armies")),
        Category("research_points", N_("Research")),
        Category("vassal_points", N_("From vassals")),
    )

    def option_fields(self) -> tuple[SheetField, ...]:
        return (SheetField("years", _("Length of the game (years)"), "int", min=YEARS_STEP,
                      default=50, step=YEARS_STEP,
                      help=_("50 by default; any multiple of 25 agreed before the start. It "
                           "changes no arithmetic.")),)

    def player_range(self, options: Mapping[str, Any]) -> range:
        return range(MIN_PLAYERS, MAX_PLAYERS + 1)

    def fields(self, options: Mapping[str, Any]) -> tuple[SheetField, ...]:
        resources = [SheetField(r, nm(r.title()), "int", required=True, group=nm("Resources"),
                           help=_("{resource} left in your chest at the very end: 1 point "
                                  "each.").format(resource=nm(r.title())),
                           hint=_resources_hint if r == RESOURCES[-1] else None)
                     for r in RESOURCES]
        return (
            *resources,
            SheetField("cities", nm("Cities"), "int", max=MAX_PIECES, required=True,
                  group=nm("Colonies"),
                  help=_("Cities you own. Cities and colonists count together, at most 8.")),
            SheetField("colonists", nm("Colonists"), "int", max=MAX_PIECES, required=True,
                  group=nm("Colonies"), help=_("Colonists (settler units) you own."),
                  hint=_table_hint(COLONIES, "cities", "colonists")),
            SheetField("expansions", nm("Expansions"), "int", max=MAX_EXPANSIONS, required=True,
                  group=nm("Expansions"),
                  help=_("At most 16, and at most 4 around each city (one per side card)."),
                  hint=_table_hint(EXPANSIONS, "expansions")),
            SheetField("armies", nm("Armies"), "int", max=MAX_ARMIES, required=True,
                  group=nm("Armies"),
                  help=_("Armies you own, at most 8."), hint=_table_hint(ARMIES, "armies")),
            SheetField("research", nm("Technologies"), "int", max=MAX_RESEARCH, required=True,
                  group=nm("Research"), help=_("Technologies researched, out of the 12."),
                  hint=_table_hint(RESEARCH, "research")),
            SheetField("master", nm("Master"), "player", default=None, group=_("Vassalage"),
                  help=_("The player you became the vassal of (your total goes to them, and "
                       "you cannot win). Nobody if you stayed free or accepted defeat.")),
            SheetField("eliminated", _("Accepted defeat"), "bool", default=False,
                  group=_("Vassalage"),
                  help=_("You lost your last city or colonist and chose defeat over vassalage: "
                       "no master, you cannot win, and your points go to nobody.")),
        )

    # ---- checking

    def rule_problems(self, sheet: Sheet, ok: Callable[[int, str], bool]) -> list[FieldError]:
        errors = []
        if sheet.options["years"] % YEARS_STEP:
            errors.append(FieldError(_("a game lasts a multiple of {step} years, not "
                                       "{years}.").format(step=YEARS_STEP,
                                                          years=sheet.options["years"]),
                                     field="years"))
        for seat, p in enumerate(sheet.players, start=1):
            if not (ok(seat, "cities") and ok(seat, "colonists")):
                continue
            pieces = p["cities"] + p["colonists"]
            if pieces > MAX_PIECES:
                errors.append(FieldError(
                    _("{cities} cities and {colonists} colonists make {pieces}, but nobody "
                      "ever has more than {most} of them together.").format(
                        cities=p["cities"], colonists=p["colonists"], pieces=pieces,
                        most=MAX_PIECES), seat,
                    p["name"], "colonists"))
            room = EXPANSIONS_PER_CITY * p["cities"]
            if ok(seat, "expansions") and p["expansions"] > room:
                errors.append(FieldError(
                    _("{p} expansions need at least {value} cities (4 around each), and "
                      "there are {p2}.").format(
                        p=p['expansions'], value=-(-p['expansions'] // EXPANSIONS_PER_CITY),
                        p2=p['cities']), seat, p["name"], "expansions"))
        for seat, p in enumerate(sheet.players, start=1):
            if ok(seat, "master") and ok(seat, "eliminated") and p["master"] and p["eliminated"]:
                errors.append(FieldError(
                    _("Master names {p}, but Accepted defeat is ticked: a player who accepts "
                      "defeat has no master (a vassal keeps playing for one); keep only one "
                      "of them.").format(p=p['master']), seat, p["name"], "master"))
        masters = {p["name"]: p["master"] if ok(seat, "master") else None
                   for seat, p in enumerate(sheet.players, start=1)}
        for seat, p in enumerate(sheet.players, start=1):
            loop = _loop_from(p["name"], masters) if ok(seat, "master") else []
            if loop:
                errors.append(FieldError(
                    _("following the masters goes {join}: a vassal family cannot come back "
                      "round to one of its members.").format(join=" → ".join(loop)),
                    seat, p["name"],
                    "master"))
        return errors

    def warnings(self, sheet: Sheet) -> list[FieldError]:
        out = []
        has_vassals = {p["master"] for p in sheet.players if p["master"]}
        for seat, p in enumerate(sheet.players, start=1):
            name = p["name"]
            if p["cities"] + p["colonists"] == 0:
                if p["master"]:
                    out.append(FieldError(_("a vassal normally keeps a city or a colonist, and "
                                          "this one has none."), seat, name, "colonists"))
                elif not p["eliminated"]:
                    out.append(FieldError(_("no city and no colonist left: the rules make such "
                                          "a player choose between defeat and vassalage."),
                                          seat, name, "colonists"))
            elif p["eliminated"]:  # defeat comes with the loss of the last city or colonist
                out.append(FieldError(
                    _("Accepted defeat is ticked, but {cities} and {colonists} are still "
                      "held: defeat comes with the loss of the last one.").format(
                        cities=ngettext("{n} city", "{n} cities", p["cities"]).format(
                            n=p["cities"]),
                        colonists=ngettext("{n} colonist", "{n} colonists",
                                           p["colonists"]).format(n=p["colonists"])),
                    seat, name, "eliminated"))
            if p["eliminated"] and name in has_vassals:
                out.append(FieldError(_("an eliminated player with vassals is unusual: please "
                                      "confirm."), seat, name, "eliminated"))
        return out

    # ---- scoring

    def tally(self, sheet: Sheet) -> Scored:
        own = {p["name"]: {
            "resources_points": p["wood"] + p["metal"] + p["food"] + p["gold"],
            "colonies_points": COLONIES[p["cities"] + p["colonists"]],
            "expansions_points": EXPANSIONS[p["expansions"]],
            "armies_points": ARMIES[p["armies"]],
            "research_points": RESEARCH[p["research"]],
        } for p in sheet.players}
        vassals: dict[str, list[str]] = {}
        for p in sheet.players:
            if p["master"]:
                vassals.setdefault(p["master"], []).append(p["name"])
        totals: dict[str, int] = {}

        def total(name: str) -> int:  # the links have no loop (checked)
            if name not in totals:
                totals[name] = sum(own[name].values()) + sum(map(total, vassals.get(name, ())))
            return totals[name]

        names = sheet.names
        for name in names:
            total(name)
        can_win = [not p["master"] and not p["eliminated"] for p in sheet.players]
        best = max((totals[n] for n, ok in zip(names, can_win, strict=True) if ok), default=None)
        winners = [i for i, n in enumerate(names) if can_win[i] and totals[n] == best]
        placed = places([totals[n] for n in names], winners)
        players = []
        for i, p in enumerate(sheet.players):
            name = p["name"]
            breakdown = {**own[name], "vassal_points": totals[name] - sum(own[name].values())}
            note = (_("vassal of {master}").format(master=p["master"]) if p["master"]
                    else _("accepted defeat") if p["eliminated"] else "")
            players.append(PlayerScore(
                i + 1, name, breakdown, totals[name], placed[i], i in winners,
                can_win=can_win[i], details={"own_points": sum(own[name].values())},
                note=note))
        return Scored(self.id, self.categories, ranked(players),
                      tuple(names[i] for i in winners), tuple(self.warnings(sheet)))


def nm(name: str) -> str:
    """A Nouveau Monde name as printed on its cards (``i18n.component_name``)."""
    return component_name("nouveau_monde", name)


def _loop_from(start: str, masters: Mapping[str, str | None]) -> list[str]:
    """The names met following master links from ``start`` when they come back to it."""
    path, name = [start], masters.get(start)
    while name is not None and name in masters:
        path.append(name)
        if name == start:
            return path
        if len(path) > len(masters) + 1:
            return []  # a loop that does not pass through ``start``
        name = masters.get(name)
    return []


NOUVEAU_MONDE = NouveauMonde()
