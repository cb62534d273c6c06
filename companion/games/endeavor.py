"""Endeavor: Age of Sail (2018): the end-of-game Glory count.

Digest: ``shared/rules/endeavor-age-of-sail.md`` (the French rulebook wins where they differ;
they agree on every number used here). Everything is counted once, after round 7: Exploit
lines (optional module), the four attribute tracks with their step-back to a symbol square,
cities and connections, buildings and kept cards plus 3 for an empty free Governor slot,
whole groups of 3 discs left in the harbour, minus one per Slavery card set aside.

>>> from companion.games.base import Sheet
>>> red = {"name": "Red", "industry_glory": 10, "culture_glory": 7, "wealth_glory": 7,
...        "influence_glory": 12, "cities_connections_glory": 19, "buildings_cards_glory": 11,
...        "governor_slot_empty": True, "harbor_discs": 3, "slavery_cards_set_aside": 1}
>>> yellow = dict(red, name="Yellow", slavery_cards_set_aside=0)
>>> scored = ENDEAVOR.score(ENDEAVOR.parse({"players": [red, yellow]}))
>>> [(p.player, p.total, p.place) for p in scored.players], scored.winners
([('Yellow', 70, 1), ('Red', 69, 2)], ('Yellow',))

A sheet written before the Glory was asked gives the cube's square (``industry_track``...):
it is read as it was then scored, with the squares this app assumed (``track_glory``).

>>> track_glory(8), track_glory(9), track_glory(16)
(7, 7, 15)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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

# What a status track scores is the Glory read beside its cube, once a cube on a plain square
# has slid back to the symbol square below (`002_…`, "Décompte final", A): the pad asks for it.
# Which squares carry a symbol the rulebook shows only in its worked example: 7, 10 and 12
# score, 8 and 9 slide back to 7 (BOOK_PLAIN_SQUARES), so only those positions are read for
# the table (a hint); past 15 the track extensions print their own values.
BOOK_PLAIN_SQUARES = {8: 7, 9: 7}
PRINTED_TRACK_END = 15
TYPO_GUARD = 30  # above this, a track's Glory is asked about as a likely typo
EXTENSIONS_IN_BOX = 4
HARBOR_DISCS = 35  # each player owns 35 discs
SLAVERY_CARDS = 6  # one Slavery card of each value 0-5
GOVERNOR_SLOT_EMPTY_GLORY = 3
DISCS_PER_POPULATION_GLORY = 3
TRACKS = ("industry", "culture", "wealth", "influence")
EXPLOITS = ("exploit_1_glory", "exploit_2_glory", "exploit_3_glory")
# Sheets written before the Glory was asked gave each cube's square (``<track>_track``); they
# are read with the symbol squares this app then ASSUMED, so they keep their totals.
OLDER_SYMBOL_SQUARES = (0, 1, 2, 3, 4, 5, 7, 10, 12, 15)


def track_glory(square: int) -> int:
    """What an older sheet's square scored: the nearest assumed symbol square at or below."""
    return max(s for s in OLDER_SYMBOL_SQUARES if s <= square)


def _track_hint(field: str) -> Callable[[Mapping[str, Any]], str | None]:
    def hint(values: Mapping[str, Any]) -> str | None:
        glory = values.get(field)
        if not whole(glory) or glory not in BOOK_PLAIN_SQUARES:
            return None
        return (_("{glory} is a plain square in the rulebook's example: a cube there slides "
                  "back to {BOOK_PLAIN_SQUARES}, which is the Glory to enter.").format(
                    glory=glory, BOOK_PLAIN_SQUARES=BOOK_PLAIN_SQUARES[glory]))
    return hint


def _from_squares(p: Mapping[str, Any]) -> Mapping[str, Any]:
    """An older sheet's player (cube squares) in today's terms (the Glory they scored)."""
    older = [t for t in TRACKS if f"{t}_track" in p]
    if not older:
        return p
    out = {k: v for k, v in p.items() if k not in {f"{t}_track" for t in older}}
    for t in older:
        square = p[f"{t}_track"]
        if f"{t}_glory" in p:  # both: the refusal names the older key
            out[f"{t}_track"] = square
        else:
            out[f"{t}_glory"] = track_glory(square) if whole(square) and square >= 0 else square
    return out


def _harbor_hint(values: Mapping[str, Any]) -> str | None:
    discs = values.get("harbor_discs")
    if not whole(discs) or not 0 <= discs <= HARBOR_DISCS:
        return None
    left = discs % DISCS_PER_POPULATION_GLORY
    return ngettext("Scores {value} Glory ({value2} disc left over).",
                    "Scores {value} Glory ({value2} discs left over).", left).format(
                        value=discs // DISCS_PER_POPULATION_GLORY, value2=left)


def _exploits_on(options: Mapping[str, Any]) -> Any:
    return lambda _values: bool(options.get("exploits"))


class Endeavor(Family):
    id = "endeavor"
    name = "Endeavor: Age of Sail"
    unit = N_("Glory")
    printed_kind = "endeavor"
    tie_rule = (N_("Players tied on the most Glory share the victory: the rulebook has no "
                "tie-breaker."))
    # confirmed from a stored reference: ``/boardgame/233398/endeavor-age-of-sail``
    bgg_ids = {"endeavor": 233398}
    categories = (
        Category("exploits_glory", N_("Exploits")),
        Category("attributes_glory", N_("Attributes")),
        Category("cities_connections_glory", N_("Cities & connections")),
        Category("buildings_cards_governor_glory", N_("Buildings & cards")),
        Category("population_glory", N_("Population")),
        Category("slavery_penalty", N_("Slavery")),
    )

    def option_fields(self) -> tuple[SheetField, ...]:
        return (
            SheetField("exploits", _("Exploits module used"), "bool", default=False,
                  help=_("Switches on the three Exploit lines at the top of the pad.")),
            SheetField("board_side", _("Board side"), "choice", default=None,
                  options=(None, "A", "B"), option_labels={None: _("not noted")},
                  help=_("Only for the record: side A suits 2-3 players (or a fierce 4), "
                       "side B a calmer 4 or 5.")),
            SheetField("silent_fleet", _("Silent Fleet (2-player variant)"), "bool", default=False,
                  help=_("The neutral fleet is not a player: it scores nothing.")),
        )

    def player_range(self, options: Mapping[str, Any]) -> range:
        return range(2, 6)

    def fields(self, options: Mapping[str, Any]) -> tuple[SheetField, ...]:
        exploit = [
            SheetField(name, _("{exploit} {n}").format(
                exploit=component_name("endeavor", "Exploit"), n=n), "int",
                  group=component_name("endeavor", "Exploits"), shown=_exploits_on(options),
                  help=_("Glory this Exploit gave, as read off the Exploit (0 if none)."))
            for n, name in enumerate(EXPLOITS, start=1)
        ]
        tracks = [
            SheetField(f"{t}_glory", _("{attribute} Glory").format(
                attribute=component_name("endeavor", t.title())), "int", required=True,
                  group=component_name("endeavor", "Attributes"),
                  help=_("The Glory read beside the cube at the end, as the pad asks: a cube "
                       "on a plain square first slides back to the symbol square below it. "
                       "The rulebook shows 7, 10 and 12 scoring and 8 and 9 sliding back to "
                       "7; other squares are read off the mat (or an extension piece past "
                       "15)."), hint=_track_hint(f"{t}_glory"))
            for t in TRACKS
        ]
        return (*exploit, *tracks,
                SheetField("cities_connections_glory", _("Cities and connections"), "int",
                      required=True, group=_("Map"),
                      help=_("Glory on the cities you hold (some show 2) plus one for each "
                           "connection with your discs at both ends. Fleets count as ends "
                           "but carry no Glory.")),
                SheetField("buildings_cards_glory", _("Buildings and kept cards"), "int",
                      required=True, group=_("Holdings"),
                      help=_("Glory symbols on your 8 buildings (the Town Hall adds 1 per "
                           "draw symbol on your buildings) and on the Asset and Governor "
                           "cards you kept. Leave out the empty-slot bonus: it is the "
                           "switch below.")),
                SheetField("governor_slot_empty", _("Free Governor slot empty"), "bool",
                      default=False,
                      required=True, group=_("Holdings"),
                      help=_("An empty free Governor slot is worth "
                             "{GOVERNOR_SLOT_EMPTY_GLORY} Glory.").format(
                               GOVERNOR_SLOT_EMPTY_GLORY=GOVERNOR_SLOT_EMPTY_GLORY)),
                SheetField("harbor_discs", _("Discs left in the harbour"), "int", max=HARBOR_DISCS,
                      required=True, group=component_name("endeavor", "Population"),
                      help=_("Every full group of 3 scores 1 Glory; action tokens are not "
                           "discs."), hint=_harbor_hint),
                SheetField("slavery_cards_set_aside", _("Slavery cards set aside"), "int",
                      max=SLAVERY_CARDS, group=component_name("endeavor", "Slavery"),
                      help=_("Face-down Slavery cards beside your mat (discarded, or put "
                           "aside at abolition): 1 Glory lost each. Cards still held "
                           "cost nothing.")),
                )

    # ---- checking

    def parse(self, data: object) -> Sheet:
        """As every family, and an older sheet's cube squares read as the Glory they scored."""
        if isinstance(data, Mapping) and isinstance(data.get("players"), list):
            data = {**data, "players": [_from_squares(p) if isinstance(p, Mapping) else p
                                        for p in data["players"]]}
        return super().parse(data)

    def rule_problems(self, sheet: Sheet, ok: Callable[[int, str], bool]) -> list[FieldError]:
        errors = []
        if not sheet.options.get("exploits"):  # "ignorez-les si vous n'utilisez pas les Exploits"
            errors += [FieldError(_("Exploit {n} gives {p} Glory, but the Exploits module is "
                                    "marked as not used (Exploits module used): the pad's "
                                    "Exploit lines are left empty without it.").format(
                                      n=n, p=p[e]), seat, p["name"], e)
                       for seat, p in enumerate(sheet.players, start=1)
                       for n, e in enumerate(EXPLOITS, start=1) if ok(seat, e) and p[e]]
        aside = [p["slavery_cards_set_aside"] for seat, p in enumerate(sheet.players, start=1)
                 if ok(seat, "slavery_cards_set_aside")]
        if sum(aside) <= SLAVERY_CARDS:
            return errors
        why = (_("the table sets aside {sum} Slavery cards in all, but the deck holds only "
                 "{SLAVERY_CARDS}.").format(sum=sum(aside), SLAVERY_CARDS=SLAVERY_CARDS))
        return errors + [FieldError(why, seat, p["name"], "slavery_cards_set_aside")
                         for seat, p in enumerate(sheet.players, start=1)
                         if ok(seat, "slavery_cards_set_aside") and p["slavery_cards_set_aside"]]

    def warnings(self, sheet: Sheet) -> list[FieldError]:
        out = []
        extended = 0
        for seat, p in enumerate(sheet.players, start=1):
            for t in TRACKS:
                glory = p[f"{t}_glory"]
                if glory > TYPO_GUARD:
                    out.append(FieldError(
                        _("{glory} is far past the printed track: is it a typo?").format(
                            glory=glory), seat,
                        p["name"], f"{t}_glory"))
                elif glory in BOOK_PLAIN_SQUARES:
                    out.append(FieldError(
                        _("{glory} is a plain square in the rulebook's example, not a Glory "
                          "value: a cube there scores {BOOK_PLAIN_SQUARES}.").format(
                            glory=glory, BOOK_PLAIN_SQUARES=BOOK_PLAIN_SQUARES[glory]), seat,
                        p["name"], f"{t}_glory"))
                extended += glory > PRINTED_TRACK_END
        if extended > EXTENSIONS_IN_BOX:
            out.append(FieldError(_("{extended} tracks go past {PRINTED_TRACK_END}, but the "
                                    "box has {EXTENSIONS_IN_BOX} extension pieces.").format(
                                      extended=extended, PRINTED_TRACK_END=PRINTED_TRACK_END,
                                      EXTENSIONS_IN_BOX=EXTENSIONS_IN_BOX)))
        count, side = len(sheet.players), sheet.options.get("board_side")
        if sheet.options.get("silent_fleet") and count != 2:
            out.append(FieldError(_("the Silent Fleet is a 2-player variant, and {count} "
                                    "played.").format(count=count), field="silent_fleet"))
        elif not sheet.options.get("silent_fleet") and (side, count) in (("A", 5), ("B", 2),
                                                                         ("B", 3)):
            out.append(FieldError(_("side {side} is not the usual side for {n} players.").format(
                side=side, n=count),
                                  field="board_side"))
        return out

    # ---- scoring

    def tally(self, sheet: Sheet) -> Scored:
        scores = []
        for seat, p in enumerate(sheet.players, start=1):
            steps = {f"{t}_glory": p[f"{t}_glory"] for t in TRACKS}
            breakdown = {
                "exploits_glory": sum(p[e] for e in EXPLOITS),
                "attributes_glory": sum(steps.values()),
                "cities_connections_glory": p["cities_connections_glory"],
                "buildings_cards_governor_glory": p["buildings_cards_glory"] + (
                    GOVERNOR_SLOT_EMPTY_GLORY if p["governor_slot_empty"] else 0),
                "population_glory": p["harbor_discs"] // DISCS_PER_POPULATION_GLORY,
                "slavery_penalty": -p["slavery_cards_set_aside"],
            }
            scores.append((seat, p["name"], breakdown, steps))
        totals = [sum(b.values()) for _, _, b, _ in scores]
        best = max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]  # shared, no tie-breaker
        placed = places(totals, winners)
        players = [PlayerScore(seat, name, breakdown, totals[i], placed[i], placed[i] == 1,
                               details=steps)
                   for i, (seat, name, breakdown, steps) in enumerate(scores)]
        return Scored(self.id, self.categories, ranked(players),
                      tuple(sheet.names[i] for i in winners), tuple(self.warnings(sheet)))


ENDEAVOR = Endeavor()
