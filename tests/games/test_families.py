"""The family registry: what every family declares, Age of Discovery wrapped without change,
and the package stays free of Streamlit and SQLAlchemy."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.games import FAMILY_IDS, InvalidSheet, Sheet, families, family
from companion.sheet import ScoreSheet, SheetPlayer

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


ANN = SheetPlayer("Ann", colony=(6, 8, 10), discoveries=("t01",), buildings=("navy",),
                  goods={"fur": 3}, ships=2, money=12, colour="red", nation="england")
BOB = SheetPlayer("Bob", colony=(6, 8, 10), money=30, colour="blue", nation="spain")
CY = SheetPlayer("Cy", colony=(6, 8, 10), money=30)
AOD_SHEET = ScoreSheet(players=(ANN, BOB, CY), edition="empires", note="Friday at Cleo's")


def test_age_of_discovery_scores_exactly_as_its_score_sheet():
    aod = family("age-of-discovery")
    sheet = aod.from_native(AOD_SHEET)
    assert sheet.to_json() == AOD_SHEET.to_json()  # the stored form does not change
    assert aod.native(sheet) == AOD_SHEET
    scored = aod.score(sheet)
    results = AOD_SHEET.results()
    assert [(p.player, p.total, p.place) for p in scored.players] == [
        (r.score.player, r.score.total, r.place) for r in results]
    assert scored.winners == ("Ann",)
    ann = scored.of("Ann")
    assert dict(ann.breakdown) == {"colony": 24, "discoveries": 4, "buildings": 8,
                                   "economy": 6, "bought": 0}
    assert sum(ann.breakdown.values()) == ann.total == 42
    assert (scored.of("Bob").place, scored.of("Cy").place) == (2, 2)  # tied after tie-breaks


def test_age_of_discovery_refusals_keep_their_words():
    aod = family("age-of-discovery")
    bad = aod.from_native(ScoreSheet(players=(ANN, SheetPlayer("Bob", money=-1))))
    with pytest.raises(InvalidSheet, match=r"seat 2 \(Bob\): money must be"):
        aod.score(bad)
    with pytest.raises(InvalidSheet, match="played by 2 to 5 players, not 6"):
        aod.parse({"edition": "aoe3", "players": [{"name": f"P{i}"} for i in range(6)]})


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
    players = (SheetPlayer("Ann", goods={"fish": 1}), SheetPlayer("Bob", ships=1))
    places = {}
    for edition in ("empires", "aoe3"):
        scored = family("age-of-discovery").from_native(
            ScoreSheet(players, edition=edition))
        ranked = family("age-of-discovery").score(scored)
        assert ranked.of("Ann").total == ranked.of("Bob").total
        places[edition] = (ranked.of("Ann").place, ranked.of("Bob").place)
    assert places == {"empires": (1, 1), "aoe3": (1, 2)}
    rule = family("age-of-discovery").tie_rule
    assert "Empires counts ships" in rule and "goods alone" in rule
