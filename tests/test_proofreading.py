"""Proofreading what a table reads, in French by French rules and in English by English rules
(``proofreading.faults``): every Decision of random games of both editions (Builder, nations,
variants, players whose names start with a vowel) and every page under AppTest."""

from __future__ import annotations

import pytest
from proofreading import (
    KEPT_RECORDS,
    PLAYERS,
    SETUPS,
    SHEETS,
    faults,
    question_texts,
    report_texts,
)
from test_pseudo_language import PAGES, ROOT, _page_texts, data_dir, games  # noqa: F401 - fixtures

from companion import i18n, names
from companion.rules.regions import REGIONS


def _marked(texts: set[str], lang: str, edition: str | None) -> dict[str, list[str]]:
    return {t: found for t in sorted(texts) if (found := faults(t, lang, edition))}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("setup", "seed"), [("empires", 1), ("empires-variants", 2),
                                             ("aoe3", 3)])
def test_every_question_of_a_random_game_reads_right(lang, setup, seed):
    with i18n.use_language(lang):
        texts = question_texts(SETUPS[setup], seed)
    assert len(texts) > 100  # (the game was played, its questions read)
    marked = _marked(texts, lang, SETUPS[setup]["edition"])
    assert not marked, "\n".join(f"{t!r}: {f}" for t, f in list(marked.items())[:20])


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("page", PAGES)
def test_every_page_reads_right(games, page, lang):  # noqa: F811 - the fixture
    from streamlit.testing.v1 import AppTest

    playing, finished = games
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.session_state["aod.game_id"] = playing
    at.session_state["aod.history_game"] = finished
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception[0].value
    marked = _marked(set(_page_texts(at)), lang, "empires")
    assert not marked, "\n".join(f"{t[:150]!r}: {f}" for t, f in list(marked.items())[:20])


# ---------------------------------------------------------------- the end-of-game report


def _report(source: str):
    """The report of a kept record, a seeded random game ("random-<setup>-<seed>") or a
    score sheet of ``proofreading.SHEETS``."""
    import json

    from companion.engine import Game, random_game
    from companion.games.sheet_records import read_sheet_record
    from companion.report import game_report, sheet_report

    if source in SHEETS:
        return sheet_report(read_sheet_record(SHEETS[source])[0])
    if source.startswith("random-"):
        _, setup, seed = source.split("-")
        return game_report(random_game(REPORT_SETUPS[setup], seed=int(seed)))
    return game_report(Game.from_record(json.loads((ROOT / source).read_text())))


REPORT_SETUPS = {  # Builder and nations in Empires; players whose names start with a vowel
    "empires": {"edition": "empires", "options": {"builders": True, "nations": True,
                                                  "buy_vp": True},
                "players": [{"name": n, "nation": nation} for n, nation in
                            zip(PLAYERS, ("england", "italy", "france", "holland"),
                                strict=True)]},
    "aoe3": {"edition": "aoe3", "players": [{"name": n} for n in PLAYERS]},
}
REPORTS = [*KEPT_RECORDS, *(f"random-{s}-{seed}" for s in REPORT_SETUPS for seed in (1, 2, 4)),
           *SHEETS]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("source", REPORTS)
def test_every_sentence_of_the_report_and_its_picture_reads_right(source, lang):
    report = _report(source)
    with i18n.use_language(lang):
        texts = report_texts(report, picture=source in SHEETS or source.endswith("-1")
                             or source in KEPT_RECORDS)
    assert len(texts) >= len(report.moments) // 2 > 0  # (the moments were told)
    marked = _marked(texts, lang, report.edition)
    assert not marked, "\n".join(f"{t!r}: {f}" for t, f in list(marked.items())[:20])


@pytest.mark.parametrize("source", [KEPT_RECORDS[0], "random-aoe3-1", *SHEETS])
def test_the_picture_names_the_game_as_its_book_prints_it(source):
    """French sets a no-break space before the title's colon ("Empires : Age of
    Discovery", as the book's cover); English keeps the box's "Empires: Age of Discovery"."""
    from companion.games import family

    report = _report(source)
    english = family(report.game).edition_title(report.edition)
    with i18n.use_language("en"):
        assert english in report_texts(report)
    with i18n.use_language("fr"):
        texts = report_texts(report)
    french = english.replace(": ", "\u00a0: ")
    assert french in texts and (english == french or english not in texts)


def test_an_aoe3_report_says_its_books_words():
    """Réalisations majeures where Empires says bâtiments, in the categories, the swings and
    the feats (the proofreader marks any Empires word: this checks the word it says)."""
    report = _report("random-aoe3-1")
    with i18n.use_language("fr"):
        texts = report_texts(report, picture=False)
    assert any("réalisations majeures achetées" in t for t in texts)
    with i18n.use_language("fr"):
        assert names.category("buildings", "aoe3") == "Réalisations majeures"
        assert names.category("buildings", "empires") == "Bâtiments"


def test_the_scoreboards_categories_are_the_reports_in_each_editions_words():
    from companion import charts

    with i18n.use_language("fr"):
        fig = charts.vp_by_category({"Anne": {"buildings": 4, "colony": 6}}, "aoe3")
        assert {t.name for t in fig.data} == {"Colonies", "Réalisations majeures"}
        assert names.category("buildings", "empires") == "Bâtiments"


# ---------------------------------------------------------------- the proofreader itself


@pytest.mark.parametrize(("text", "fault"), [
    ("Settlers, Monastère", "English name"), ("colon de Anne", "no elision"),
    ("Expédition en Caraïbes", "preposition"), ("qui part vers Brésil ?", "preposition"),
    ("il reste $10", "dollar first"), ("1 colons restants", "plural after"),
    ("Bruno: 1", "no space before"), ("quel bâtiment ?", "no space before"),
])
def test_the_french_proofreader_marks_each_fault(text, fault):
    assert any(f.startswith(fault) for f in faults(text, "fr")), faults(text, "fr")


def test_the_french_proofreader_passes_the_books_french():
    for text in ("colon d'Anne aux Caraïbes", "le jeton du Pérou", "1 colon restant",
                 "Bruno\u00a0: 1", "10\u00a0$", "en Nouvelle-France\u00a0?", "1 fois"):
        assert faults(text, "fr") == [], text
    assert faults("acheter un bâtiment\u00a0?", "fr", "aoe3")
    assert not faults("acheter un bâtiment\u00a0?", "fr", "empires")


def test_the_english_proofreader_marks_each_fault():
    assert faults("costs 10$", "en") and faults("1 workers", "en")
    assert faults("Bruno : 1", "en") and faults("a Colons token", "en")
    assert faults("$10 for 1 worker: Bruno", "en") == []


# ---------------------------------------------------------------- the place forms


BOOKS = {  # (in, of) as the books write them
    "caribbean": ("aux Caraïbes", "des Caraïbes"), "peru": ("au Pérou", "du Pérou"),
    "brazil": ("au Brésil", "du Brésil"), "new_france": ("en Nouvelle-France",
                                                         "de Nouvelle-France"),
    "florida": ("en Floride", "de Floride"),
}


@pytest.mark.parametrize("region", sorted(BOOKS))
def test_a_region_takes_the_preposition_the_books_give_it(region):
    with i18n.use_language("fr"):
        assert (names.region_in("empires", region), names.region_of("empires", region)) == (
            BOOKS[region])
    with i18n.use_language("fr"):
        assert names.region_in("aoe3", "new_france") == "au Canada"


def test_every_region_has_its_place_forms_in_both_languages():
    for lang in ("en", "fr"):
        with i18n.use_language(lang):
            for edition in ("empires", "aoe3"):
                for region in REGIONS:
                    name = names.region(edition, region)
                    for form in (names.region_in, names.region_of, names.region_to):
                        said = form(edition, region)
                        assert said.endswith(name) and said != name, (lang, region, said)


def test_money_is_written_one_way_per_language():
    with i18n.use_language("en"):
        assert (names.money(10), names.money_change(2), names.money_change(-10)) == (
            "$10", "+$2", "−$10")
    with i18n.use_language("fr"):
        assert (names.money(10), names.money_change(2), names.money_change(-10)) == (
            "10\u00a0$", "+2\u00a0$", "−10\u00a0$")


def test_french_elides_before_a_vowel_at_a_placeholder_only():
    with i18n.use_language("fr"):
        assert i18n.pgettext("between clauses", "; ") == "\u00a0; "
        assert i18n.Phrase("colon de {p}, le {g}").format(p="Anne", g="or") == "colon d'Anne, l'or"
        assert i18n.Phrase("colon de {p}").format(p="Bruno") == "colon de Bruno"
        assert i18n.Phrase("de Anne {p}").format(p="x") == "de Anne x"  # not a seam
    with i18n.use_language("en"):
        assert i18n._("{player} takes the {good} {of_region}").format(
            player="Ann", good="silver", of_region="of Peru") == "Ann takes the silver of Peru"
