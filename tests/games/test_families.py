"""The family registry: what every family declares, Age of Discovery an ordinary family whose
stored form and scores did not change, and the package free of Streamlit, SQLAlchemy and the
engine."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.games import FAMILY_IDS, InvalidSheet, Sheet, families, family
from tests.aod_sheets import aod_player, aod_sheet

TYPES = {"int", "bool", "choice", "multi", "ints", "counts", "player"}


@pytest.mark.parametrize("game", FAMILY_IDS)
def test_every_family_declares_its_sheet(game):
    f = family(game)
    assert f.id == game and f.name and f.unit and f.tie_rule.endswith(".")
    assert f.categories and len({c.id for c in f.categories}) == len(f.categories)
    options = f.default_options()
    fields = f.fields(options)
    names = [x.name for x in fields]
    assert len(set(names)) == len(names) and "name" not in names
    for x in (*fields, *f.option_fields()):
        assert x.type in TYPES and x.label and x.range_text()
    assert len(f.player_range(options)) >= 1
    # a sheet of blank players is well formed (the page starts from it)
    low = f.player_range(options).start
    blank = Sheet(game, tuple(f.blank_player(f"P{i}", options) for i in range(low)), options)
    scored = f.score(blank)
    assert [p.total for p in scored.players] == [0] * low
    assert {c.id for c in f.categories} == set(scored.players[0].breakdown)


@pytest.mark.parametrize("game", FAMILY_IDS)
def test_fields_carry_a_group_and_a_range(game):
    f = family(game)
    for x in f.fields(f.default_options()):
        assert x.group and x.range_text(), x.name


@pytest.mark.parametrize("game", ["endeavor", "nouveau-monde"])
def test_fields_carry_help_and_a_range(game):
    f = family(game)
    for x in f.fields(f.default_options()):
        assert x.help.endswith(".") and x.group, x.name


def test_unknown_games_and_mismatched_sheets_are_refused():
    with pytest.raises(InvalidSheet, match="unknown game 'go'"):
        family("go")
    endeavor = family("endeavor")
    nm_sheet = Sheet("nouveau-monde", ({"name": "A"}, {"name": "B"}))
    with pytest.raises(InvalidSheet, match="not Endeavor"):
        endeavor.check(nm_sheet)


ANN = aod_player("Ann", colony=(6, 8, 10), discoveries=("t01",), buildings=("navy",),
                 goods={"fur": 3}, ships=2, money=12, colour="red", nation="england")
BOB = aod_player("Bob", colony=(6, 8, 10), money=30, colour="blue", nation="spain")
CY = aod_player("Cy", colony=(6, 8, 10), money=30)
AOD_SHEET = aod_sheet(players=(ANN, BOB, CY), edition="empires", note="Friday at Cleo's")
# The stored form as companion.sheet.ScoreSheet wrote it (before the family was ordinary).
AOD_STORED = {
    "edition": "empires", "builders": False, "note": "Friday at Cleo's", "players": [
        {"name": "Ann", "colour": "red", "nation": "england", "colony": [6, 8, 10],
         "discoveries": ["t01"], "typed_discovery_vp": None, "typed_discovery_count": 0,
         "buildings": ["navy"], "extra_buildings": 0, "goods": {"fur": 3}, "ships": 2,
         "money": 12, "bought": 0, "facts": {}},
        {"name": "Bob", "colour": "blue", "nation": "spain", "colony": [6, 8, 10],
         "discoveries": [], "typed_discovery_vp": None, "typed_discovery_count": 0,
         "buildings": [], "extra_buildings": 0, "goods": {}, "ships": 0, "money": 30,
         "bought": 0, "facts": {}},
        {"name": "Cy", "colour": "", "nation": None, "colony": [6, 8, 10], "discoveries": [],
         "typed_discovery_vp": None, "typed_discovery_count": 0, "buildings": [],
         "extra_buildings": 0, "goods": {}, "ships": 0, "money": 30, "bought": 0,
         "facts": {}}]}


def test_age_of_discovery_keeps_its_stored_form_and_scores():
    aod = family("age-of-discovery")
    # key for key, in the same order (exports are compared byte for byte)
    assert list(AOD_SHEET.to_json().items()) == list(AOD_STORED.items())
    assert [list(p) for p in AOD_SHEET.to_json()["players"]] == [
        list(p) for p in AOD_STORED["players"]]
    reread = aod.parse(AOD_SHEET.to_json())
    assert reread == AOD_SHEET and reread.to_json() == AOD_STORED
    scored = aod.score(AOD_SHEET)
    assert [(p.player, p.total, p.place) for p in scored.players] == [
        ("Ann", 42, 1), ("Bob", 24, 2), ("Cy", 24, 2)]
    assert scored.winners == ("Ann",)
    ann = scored.of("Ann")
    assert dict(ann.breakdown) == {"colony": 24, "discoveries": 4, "buildings": 8,
                                   "economy": 6, "bought": 0}
    assert sum(ann.breakdown.values()) == ann.total == 42
    assert (scored.of("Bob").place, scored.of("Cy").place) == (2, 2)  # tied after tie-breaks


def test_age_of_discovery_lists_every_refusal_at_its_field():
    aod = family("age-of-discovery")
    bad = aod_sheet(players=(ANN, aod_player("Bob", money=-1, ships=99)))
    with pytest.raises(InvalidSheet) as caught:
        aod.score(bad)
    assert [(e.seat, e.player, e.field) for e in caught.value.errors] == [
        (2, "Bob", "ships"), (2, "Bob", "money")]
    assert "Money cannot be below 0 (you entered -1)." in str(caught.value)
    with pytest.raises(InvalidSheet, match="Age of Empires III: The Age of Discovery is played "
                                           "by 2 to 5 players, not 6"):
        aod.check(aod.parse({"edition": "aoe3", "players": [{"name": f"P{i}"}
                                                            for i in range(6)]}))


def test_age_of_discovery_explains_ties_and_income_sets():
    aod = family("age-of-discovery")
    said = aod.explain(AOD_SHEET, aod.score(AOD_SHEET))
    assert said[0].title.startswith("Still tied after the tie-breaks")  # Bob and Cy
    assert [(p, what) for p, what, _ in said[1].players] == [
        ("Ann", "6 VP"), ("Bob", "0 VP"), ("Cy", "0 VP")]


def test_reading_a_sheet_loads_no_engine():
    code = ("import sys; from companion.games.sheet_records import read_sheet_record; "
            "from companion.games.results import Result; from companion.games import family; "
            "s, _ = read_sheet_record({'format': 'age-of-discovery-companion/score-sheet', "
            "'players': [{'name': 'A'}, {'name': 'B'}]}); family(s.game).score(s); "
            "print(sorted(m for m in sys.modules if m.startswith('companion.engine')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_the_games_package_needs_neither_streamlit_nor_sqlalchemy():
    code = ("import sys, companion.games as g; [g.family(f).name for f in g.FAMILY_IDS]; "
            "print(sorted(m for m in ('streamlit', 'sqlalchemy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_families_are_listed_in_the_offered_order():
    assert [f.id for f in families()] == list(FAMILY_IDS)


def test_age_of_discovery_tie_rule_says_what_each_edition_ranks_by():
    """The sentence under the totals matches the ranking: after turn-8 colony VP and money,
    Empires counts goods and ships together, the 2007 edition goods alone."""
    players = (aod_player("Ann", goods={"fish": 1}), aod_player("Bob", ships=1))
    places = {}
    for edition in ("empires", "aoe3"):
        ranked = family("age-of-discovery").score(aod_sheet(players, edition=edition))
        assert ranked.of("Ann").total == ranked.of("Bob").total
        places[edition] = (ranked.of("Ann").place, ranked.of("Bob").place)
    assert places == {"empires": (1, 1), "aoe3": (1, 2)}
    rule = family("age-of-discovery").tie_rule
    assert "Empires counts ships" in rule and "goods alone" in rule


@pytest.mark.parametrize("edition", ["empires", "aoe3"])
def test_the_money_field_says_dollars_as_the_french_books_do(edition):
    """The books count money in "dollars espagnols"; "Argent" is also the silver good."""
    from companion.i18n import component_name, use_language

    aod = family("age-of-discovery")
    with use_language("fr"):
        fields = {f.name: f for f in aod.fields({**aod.default_options(), "edition": edition})}
        money, silver = fields["money"].label, component_name("good", "silver", edition)
    assert money == "Dollars espagnols"
    assert money != silver
