"""The report in words: each moment as one whole sentence of the catalogue, with the books'
names for regions, buildings and categories, in the current language.

>>> from companion.report.model import Moment, Report
>>> report = Report("age-of-discovery", "empires", ("colony",), (), ())
>>> moment_text(report, Moment("lead_change", 4, "Bob", {"passed": "Cleo", "vp": 25,
...                                                     "passed_vp": 18}))
'Turn 4: Bob takes the lead from Cleo (25 VP to 18).'
>>> from companion.i18n import use_language
>>> with use_language("fr"):
...     moment_text(report, Moment("lead_change", 4, "Bob", {"passed": "Cleo", "vp": 25,
...                                                         "passed_vp": 18}))
'Tour 4\\xa0: Bob prend la tête devant Cleo (25\\xa0PV contre 18).'
"""

from __future__ import annotations

from collections.abc import Callable

from companion import names
from companion.games import TRACKED_GAME, family
from companion.i18n import Ne_, _, edition_text, format_clauses, format_list, ngettext
from companion.report.model import Moment, Report
from companion.rules.buildings import building


def unit(report: Report) -> str:
    f = family(report.game)
    return f.word(f.unit)


def category_title(report: Report, category: str) -> str:
    """A category as the Scoreboard names it: Age of Discovery's in its edition's words
    (``names.category``), another game's as its score sheet does."""
    if report.game == TRACKED_GAME:
        return names.category(category, report.edition)
    f = family(report.game)
    label = next((c.label for c in f.categories if c.id == category), category)
    return f.word(label)


def game_title(report: Report) -> str:
    """The game's title as the book of this language prints it."""
    return names.game_title(family(report.game).edition_title(report.edition))


def _building(report: Report, building_id: str) -> str:
    edition = report.edition or "empires"
    return names.building(edition, building(edition, building_id).name)


def _lead_change(report: Report, m: Moment) -> str:
    return _("Turn {turn}: {player} takes the lead from {passed} ({vp} VP to {other}).").format(
        turn=m.turn, player=m.player, passed=m.facts["passed"], vp=m.facts["vp"],
        other=m.facts["passed_vp"])


SWING_CAUSES = {  # the category that brought most of a turn's biggest gain
    "colony": Ne_("Turn {turn}: {player} gains {vp} VP, {made} of them at the colony "
                  "scoring."),
    "discoveries": Ne_("Turn {turn}: {player} gains {vp} VP, {made} of them from "
                       "discoveries."),
    "buildings": Ne_("Turn {turn}: {player} gains {vp} VP, {made} of them from buildings."),
    "economy": Ne_("Turn {turn}: {player} gains {vp} VP, {made} of them from the economy "
                   "(what their goods and ships would earn)."),
    "bought": Ne_("Turn {turn}: {player} gains {vp} VP, {made} of them bought or corrected."),
}


def _swing(report: Report, m: Moment) -> str:
    f = m.facts
    cause, made = f["cause"], f["categories"][f["cause"]]
    if cause == "buildings" and f["buildings"]:
        text = edition_text(report.edition, "Turn {turn}: {player} gains {vp} VP, {made} of "
                            "them from buildings ({buildings}).")
    else:
        text = edition_text(report.edition, SWING_CAUSES[cause])
    text = text.format(turn=m.turn, player=m.player, vp=f["vp"], made=made,
                       buildings=format_list(_building(report, b) for b in f["buildings"]))
    if f["battles_won"]:
        text += " " + ngettext("{player} won {n} battle that turn.",
                               "{player} won {n} battles that turn.", f["battles_won"]).format(
            player=m.player, n=f["battles_won"])
    return text


def _colony_scoring(report: Report, m: Moment) -> str:
    regions = format_clauses(
        _("{region}: {scores}").format(region=names.region(report.edition, r), scores=", ".join(
            _("{player} {vp}").format(player=p, vp=vp)
            for p, vp in sorted(by_player.items(), key=lambda kv: -kv[1])))
        for r, by_player in m.facts["regions"].items())
    if not regions:
        return _("Age {age} colony scoring (turn {turn}): no region scored.").format(
            age=m.facts["age"], turn=m.turn)
    return _("Age {age} colony scoring (turn {turn}), VP per region: {regions}.").format(
        age=m.facts["age"], turn=m.turn, regions=regions)


def _best_category(report: Report, m: Moment) -> str:
    return _("{player}: best category {category}, {points} {unit}.").format(
        player=m.player, category=category_title(report, m.facts["category"]),
        points=m.facts["points"], unit=unit(report))


def _feats(report: Report, m: Moment) -> str:
    return edition_text(report.edition, "{player}: regions won: {regions} · battles won: "
                        "{battles} · discoveries: {discoveries} · buildings bought: "
                        "{buildings}.").format(
        player=m.player, regions=m.facts["regions_won"], battles=m.facts["battles_won"],
        discoveries=m.facts["discoveries"], buildings=m.facts["buildings"])


def tie_break_rule(rule: str, edition: str | None) -> str:
    if rule == "colony_turn_8":
        return _("the colony VP of turn 8")
    if rule == "money":
        return _("money")
    return _("goods and ships") if edition == "empires" else _("goods")


def _tie_break(report: Report, m: Moment) -> str:
    mine, theirs = m.facts["values"]
    if m.facts["rule"] == "money":
        mine, theirs = names.money(mine), names.money(theirs)
    return _("{player} finishes ahead of {other} on equal {unit}: the tie-break on {rule} "
             "({mine} to {theirs}).").format(
        player=m.player, other=m.facts["behind"], unit=unit(report),
        rule=tie_break_rule(m.facts["rule"], m.facts.get("edition")), mine=mine,
        theirs=theirs)


def _shared_place(report: Report, m: Moment) -> str:
    players, total = format_list(m.facts["players"]), m.facts["total"]
    if m.facts["place"] == 1:
        return _("{players} share the victory with {total} {unit} each.").format(
            players=players, total=total, unit=unit(report))
    return _("{players} share place {place} with {total} {unit} each.").format(
        players=players, place=m.facts["place"], total=total, unit=unit(report))


def _cannot_win(report: Report, m: Moment) -> str:
    return ngettext("{players} could not win (vassal or eliminated).",
                    "{players} could not win (vassals or eliminated).",
                    len(m.facts["players"])).format(players=format_list(m.facts["players"]))


SENTENCES: dict[str, Callable[[Report, Moment], str]] = {
    "lead_change": _lead_change, "swing": _swing, "colony_scoring": _colony_scoring,
    "best_category": _best_category, "feats": _feats, "tie_break": _tie_break,
    "shared_place": _shared_place, "cannot_win": _cannot_win,
}


def moment_text(report: Report, moment: Moment) -> str:
    return SENTENCES[moment.kind](report, moment)


def picture_moments(report: Report, count: int = 3) -> list[Moment]:
    """The moments a picture tells: the last lead change (the one that held), a tie-break or
    a shared place, who could not win, the game's biggest swing, the winner's best category
    (then the others')."""
    chosen: list[Moment] = []
    leads = report.of_kind("lead_change")
    if leads:
        chosen.append(leads[-1])
    chosen += (report.of_kind("tie_break")[:1] + report.of_kind("shared_place")[:1]
               + report.of_kind("cannot_win"))
    swings = report.of_kind("swing")
    if swings:
        chosen.append(max(swings, key=lambda m: m.facts["vp"]))
    chosen += report.of_kind("best_category")[:1]
    chosen += [m for m in report.moments if m.kind == "best_category" and m not in chosen]
    return chosen[:count]
