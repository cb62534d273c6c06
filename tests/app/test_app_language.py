"""The language per device: the browser's by default, ``?lang=`` over it, the switch on
every page writing the address, links between pages carrying it; join links carry none."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest
from ui_driver import APP, TIMEOUT, check

from companion.engine import Game
from companion.store import trust
from companion.ui import language

PAGES = ["app_pages/home.py", "app_pages/new_game.py", "app_pages/table.py",
         "app_pages/scoreboard.py", "app_pages/history.py", "app_pages/score_sheet.py",
         "app_pages/rules.py"]
FOUR = {"edition": "empires", "players": [{"name": n, "colour": c} for n, c in
        (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))]}


def device(locale: str | None = None, lang: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    if locale:
        at.context["locale"] = locale
    if lang:
        at.query_params[language.PARAM] = lang
    return at.run()


def menu(at: AppTest) -> list[str]:
    return [link.proto.label for link in at.get("page_link")]


def test_a_french_browser_reads_french_without_asking():
    at = device(locale="fr-FR")
    check(at)
    assert menu(at)[0] == "Accueil"
    assert at.segmented_control(key=language.SWITCH).value == "fr"
    assert language.PARAM not in at.query_params  # nothing written until someone chooses


def test_an_english_or_unknown_browser_reads_english():
    for locale in ("en-US", "qaa-ZZ", None):  # (qaa: ISO 639's local use, no catalogue's)
        at = device(locale=locale)
        check(at)
        assert menu(at)[0] == "Home"


def test_the_address_wins_over_the_browser():
    at = device(locale="fr-FR", lang="en")
    assert menu(at)[0] == "Home"
    at = device(locale="en-GB", lang="fr")
    assert menu(at)[0] == "Accueil"
    at = device(locale="fr-FR", lang="xx")  # not one of ours: the browser's
    assert menu(at)[0] == "Accueil"


@pytest.mark.parametrize("page", PAGES)
def test_the_switch_is_on_every_page_and_writes_the_address(page):
    at = device(locale="en-US")
    at.switch_page(page).run()
    check(at)
    assert menu(at)[0] == "Home"
    at.segmented_control(key=language.SWITCH).set_value("fr").run()
    check(at)
    assert at.query_params[language.PARAM] in ("fr", ["fr"])
    assert menu(at)[0] == "Accueil"
    # every link to another page keeps the language chosen
    for link in at.get("page_link"):
        assert "lang=fr" in link.proto.query_string


def test_two_devices_read_two_languages_at_once(store):
    sg = store.create_game(FOUR)
    french, english = device(locale="fr-FR"), device(locale="en-US")
    for _ in range(2):  # alternately: nothing of one run stays for the other
        french.run()
        english.run()
        assert menu(french)[0] == "Accueil" and menu(english)[0] == "Home"
    assert Game.new(FOUR).setup.players[0].name == "Ann" and sg.id


def test_the_join_link_carries_no_language_and_each_device_reads_its_own(store):
    """A French host's entry link and QR code, opened by an English phone, read English."""
    sg = store.create_game(FOUR)
    host = device(locale="fr-FR")
    check(host)
    codes = [c.value for c in host.code]
    key = trust.entry_key(store, sg.id)
    assert any(c.endswith(f"/table?game={sg.id}&key={key}") for c in codes)
    assert any(c.endswith(f"/table?game={sg.id}&role=viewer") for c in codes)
    assert not any("lang=" in c for c in codes)
    pictures = [m.value for m in host.markdown if 'alt="' in m.value and "base64," in m.value]
    assert pictures and not any("lang=" in p for p in pictures)
    phone = AppTest.from_file(APP, default_timeout=TIMEOUT)
    phone.context["locale"] = "en-GB"
    for name, value in (("game", str(sg.id)), ("key", key)):
        phone.query_params[name] = value
    phone.switch_page("app_pages/table.py").run()
    check(phone)
    assert menu(phone)[0] == "Home"


NAMES_PO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"
"Language: fr\n"

msgctxt "building"
msgid "Indentured Servitude"
msgstr "Servage"

msgctxt "building/aoe3"
msgid "Indentured Servitude"
msgstr "Asservissement Contractuel"
'''


@pytest.fixture
def printed_names(tmp_path):
    """The app's catalogues with a components.po of the test's own (one building)."""
    import shutil

    from companion import i18n
    shutil.copytree(i18n.catalogue_path("en").parent.parent.parent, tmp_path / "locale")
    (tmp_path / "locale" / "fr" / "LC_MESSAGES" / "components.po").write_text(NAMES_PO, "utf-8")
    with i18n.use_locale_dir(tmp_path / "locale"):
        yield


@pytest.mark.parametrize(("lang", "query"), [("fr", "servage"), ("fr", "indentured"),
                                             ("en", "servage"), ("en", "Indentured")])
def test_the_rules_search_finds_a_building_by_either_name_in_either_language(
        printed_names, lang, query):
    at = device(lang=lang)
    at.switch_page("app_pages/rules.py").run()
    at.text_input(key="rules_query").set_value(query).run()
    check(at)
    listed = "\n".join(m.value for m in at.markdown if m.value.startswith("- **"))
    shown = "Servage" if lang == "fr" else "Indentured Servitude"
    assert f"**{shown}**" in listed and listed.count("- **") == 1
    at.radio(key="rules_edition").set_value("aoe3").run()  # the 2007 edition's own name
    listed = "\n".join(m.value for m in at.markdown if m.value.startswith("- **"))
    if lang == "fr" and query == "indentured":
        assert "**Asservissement Contractuel**" in listed
