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
    found = [values.get(n) for n in names]
    return found if all(whole(n) and n >= 0 for n in found) else None  # type: ignore[misc]


def _table_hint(table: Sequence[int], *names: str) -> Callable[[Mapping[str, Any]], str | None]:
    def hint(values: Mapping[str, Any]) -> str | None:
        found = _counts(values, *names)
        if found is None or sum(found) >= len(table):
            return None
        n = sum(found)
        together = f"{' + '.join(map(str, found))} = {n}: " if len(found) > 1 else ""
        return f"{together}{table[n]} points."
    return hint


def _resources_hint(values: Mapping[str, Any]) -> str | None:
    found = _counts(values, *RESOURCES)
    return None if found is None else f"Resources: {sum(found)} points in all."


class NouveauMonde(Family):
    id = "nouveau-monde"
    name = "Nouveau Monde"
    unit = "points"
    tie_rule = ("Players who can win and tie on the most points share the victory (the rules "
                "give no tie-break); vassals and eliminated players never win.")
    categories = (
        Category("resources_points", "Resources"),
        Category("colonies_points", "Colonies"),
        Category("expansions_points", "Expansions"),
        Category("armies_points", "Armies"),
        Category("research_points", "Research"),
        Category("vassal_points", "From vassals"),
    )

    def option_fields(self) -> tuple[SheetField, ...]:
        return (SheetField("years", "Length of the game (years)", "int", min=YEARS_STEP,
                      default=50, step=YEARS_STEP,
                      help="50 by default; any multiple of 25 agreed before the start. It "
                           "changes no arithmetic."),)

    def player_range(self, options: Mapping[str, Any]) -> range:
        return range(MIN_PLAYERS, MAX_PLAYERS + 1)

    def fields(self, options: Mapping[str, Any]) -> tuple[SheetField, ...]:
        resources = [SheetField(r, r.title(), "int", required=True, group="Resources",
                           help=f"{r.title()} left in your chest at the very end: 1 point "
                                "each.", hint=_resources_hint if r == RESOURCES[-1] else None)
                     for r in RESOURCES]
        return (
            *resources,
            SheetField("cities", "Cities", "int", max=MAX_PIECES, required=True, group="Colonies",
                  help="Cities you own. Cities and colonists count together, at most 8."),
            SheetField("colonists", "Colonists", "int", max=MAX_PIECES, required=True,
                  group="Colonies", help="Colonists (settler units) you own.",
                  hint=_table_hint(COLONIES, "cities", "colonists")),
            SheetField("expansions", "Expansions", "int", max=MAX_EXPANSIONS, required=True,
                  group="Expansions",
                  help="At most 16, and at most 4 around each city (one per side card).",
                  hint=_table_hint(EXPANSIONS, "expansions")),
            SheetField("armies", "Armies", "int", max=MAX_ARMIES, required=True, group="Armies",
                  help="Armies you own, at most 8.", hint=_table_hint(ARMIES, "armies")),
            SheetField("research", "Technologies", "int", max=MAX_RESEARCH, required=True,
                  group="Research", help="Technologies researched, out of the 12.",
                  hint=_table_hint(RESEARCH, "research")),
            SheetField("master", "Master", "player", default=None, group="Vassalage",
                  help="The player you became the vassal of (your total goes to them, and "
                       "you cannot win). Nobody if you stayed free or accepted defeat."),
            SheetField("eliminated", "Accepted defeat", "bool", default=False, group="Vassalage",
                  help="You lost your last city or colonist and chose defeat over vassalage: "
                       "no master, you cannot win, and your points go to nobody."),
        )

    # ---- checking

    def rule_problems(self, sheet: Sheet, ok: Callable[[int, str], bool]) -> list[FieldError]:
        errors = []
        if sheet.options["years"] % YEARS_STEP:
            errors.append(FieldError(f"a game lasts a multiple of {YEARS_STEP} years, not "
                                     f"{sheet.options['years']}.", field="years"))
        for seat, p in enumerate(sheet.players, start=1):
            if not (ok(seat, "cities") and ok(seat, "colonists")):
                continue
            pieces = p["cities"] + p["colonists"]
            if pieces > MAX_PIECES:
                errors.append(FieldError(
                    f"{p['cities']} cities and {p['colonists']} colonists make {pieces}, but "
                    f"nobody ever has more than {MAX_PIECES} of them together.", seat,
                    p["name"], "colonists"))
            room = EXPANSIONS_PER_CITY * p["cities"]
            if ok(seat, "expansions") and p["expansions"] > room:
                errors.append(FieldError(
                    f"{p['expansions']} expansions need at least "
                    f"{-(-p['expansions'] // EXPANSIONS_PER_CITY)} cities (4 around each), "
                    f"and there are {p['cities']}.", seat, p["name"], "expansions"))
        for seat, p in enumerate(sheet.players, start=1):
            if ok(seat, "master") and ok(seat, "eliminated") and p["master"] and p["eliminated"]:
                errors.append(FieldError(
                    f"Master names {p['master']}, but Accepted defeat is ticked: a player "
                    "who accepts defeat has no master (a vassal keeps playing for one); "
                    "keep only one of them.", seat, p["name"], "master"))
        masters = {p["name"]: p["master"] if ok(seat, "master") else None
                   for seat, p in enumerate(sheet.players, start=1)}
        for seat, p in enumerate(sheet.players, start=1):
            loop = _loop_from(p["name"], masters) if ok(seat, "master") else []
            if loop:
                errors.append(FieldError(
                    f"following the masters goes {' → '.join(loop)}: a vassal family "
                    "cannot come back round to one of its members.", seat, p["name"],
                    "master"))
        return errors

    def warnings(self, sheet: Sheet) -> list[FieldError]:
        out = []
        has_vassals = {p["master"] for p in sheet.players if p["master"]}
        for seat, p in enumerate(sheet.players, start=1):
            name = p["name"]
            if p["cities"] + p["colonists"] == 0:
                if p["master"]:
                    out.append(FieldError("a vassal normally keeps a city or a colonist, and "
                                          "this one has none.", seat, name, "colonists"))
                elif not p["eliminated"]:
                    out.append(FieldError("no city and no colonist left: the rules make such "
                                          "a player choose between defeat and vassalage.",
                                          seat, name, "colonists"))
            elif p["eliminated"]:  # defeat comes with the loss of the last city or colonist
                out.append(FieldError(
                    f"Accepted defeat is ticked, but {p['cities']} city(ies) and "
                    f"{p['colonists']} colonist(s) are still held: defeat comes with the loss "
                    "of the last one.", seat, name, "eliminated"))
            if p["eliminated"] and name in has_vassals:
                out.append(FieldError("an eliminated player with vassals is unusual: please "
                                      "confirm.", seat, name, "eliminated"))
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
            note = (f"vassal of {p['master']}" if p["master"]
                    else "accepted defeat" if p["eliminated"] else "")
            players.append(PlayerScore(
                i + 1, name, breakdown, totals[name], placed[i], i in winners,
                can_win=can_win[i], details={"own_points": sum(own[name].values())},
                note=note))
        return Scored(self.id, self.categories, ranked(players),
                      tuple(names[i] for i in winners), tuple(self.warnings(sheet)))


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
