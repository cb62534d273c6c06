"""The language machinery (companion.i18n) and the catalogues' completeness."""

from __future__ import annotations

import importlib.util
import string
import threading
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion import i18n
from companion.i18n import _, component_name, component_names, ngettext, pgettext

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "companion" / "locale"
# A language tag for "a language we have no catalogue of": "qaa" is ISO 639's reserved for
# local use, never a real language, so a catalogue added for any real one leaves it unknown.
UNKNOWN = "qaa"


def _tool():
    spec = importlib.util.spec_from_file_location("messages_tool", ROOT / "tools" / "messages.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _catalog(lang: str, domain: str = "messages"):
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
        return read_po(po, locale=lang, domain=domain)


def _fields(text: str) -> set[str]:
    """The str.format fields of a text (``{n}``, ``{name}``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_both_languages_have_a_catalogue():
    assert set(i18n.languages()) >= {"en", "fr"}
    assert i18n.languages()[0] == "en"
    assert UNKNOWN not in i18n.languages()  # (the tests below read it as unknown)


def test_the_catalogues_hold_every_text_the_code_marks():
    """`make messages` has been run since the last text was marked (or changed)."""
    tool = _tool()
    template = tool.extract()
    marked = {(m.context, m.id) for m in template if m.id}
    assert len(marked) > 10
    for lang in i18n.languages():
        held = {(m.context, m.id) for m in _catalog(lang) if m.id}
        assert marked - held == set(), f"{lang}: texts not in the catalogue (make messages)"
        assert held - marked == set(), f"{lang}: texts no longer in the code (make messages)"


def test_the_message_files_are_as_make_messages_writes_them(capsys):
    """``tools/messages.py --check``: the template and every catalogue are what the tool
    writes from the code now (entries, order, references), so ``make messages`` after a
    change shows only that change."""
    assert _tool().main(["--check"]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("lang", i18n.languages())
def test_every_message_is_translated_with_the_same_placeholders(lang):
    catalog = _catalog(lang)
    entries = [m for m in catalog if m.id]
    missing = [m.id for m in entries if m.fuzzy or not all(
        m.string if isinstance(m.string, tuple) else (m.string,))]
    assert not missing, (f"{lang}: {len(missing)} of {len(entries)} messages untranslated "
                         f"or fuzzy, first {missing[:5]}")
    for m in entries:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert len(strings) == catalog.num_plurals or len(ids) == 1, f"{lang}: {m.id!r}"
        wanted = set().union(*map(_fields, ids))
        for text in strings:
            assert _fields(text) <= wanted, f"{lang}: {text!r} has other fields than {m.id!r}"
            if len(ids) == 1 or text is strings[-1]:  # a singular may leave out its {n}
                assert _fields(text) == wanted, f"{lang}: {text!r} lacks a field of {m.id!r}"


@pytest.mark.parametrize("lang", i18n.languages())
def test_the_loaded_catalogue_says_what_the_po_file_says(lang):
    catalog = _catalog(lang)
    with i18n.use_language(lang):
        for m in catalog:
            if not m.id:
                continue
            if isinstance(m.id, tuple):
                one, many = m.string[0], m.string[1]
                got = (i18n.npgettext(m.context, *m.id, 1) if m.context
                       else ngettext(*m.id, 1),
                       i18n.npgettext(m.context, *m.id, 2) if m.context
                       else ngettext(*m.id, 2))
                assert got == (one, many)
            elif m.context:
                assert pgettext(m.context, m.id) == m.string
            else:
                assert _(m.id) == m.string


def test_french_words_and_plurals():
    with i18n.use_language("fr"):
        assert _("Home") == "Accueil"
        assert _("a text nobody marked") == "a text nobody marked"  # English when missing
    with i18n.use_language("en"):
        assert _("Home") == "Home"


def test_the_language_is_per_request_not_per_process():
    seen = {}
    ready = threading.Barrier(2)

    def read(lang):
        with i18n.use_language(lang):
            ready.wait()  # both threads have set their language before either reads
            seen[lang] = _("Home")

    threads = [threading.Thread(target=read, args=(lang,)) for lang in ("en", "fr")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"en": "Home", "fr": "Accueil"}
    assert i18n.current_language() == "en"  # this thread never chose


def test_an_unknown_language_reads_english():
    assert i18n.set_language(UNKNOWN) == "en"
    with i18n.use_language(f"{UNKNOWN}-ZZ") as lang:
        assert lang == "en" and _("Home") == "Home"


@pytest.mark.parametrize(("asked", "lang"), [
    ("fr-FR", "fr"), ("fr", "fr"), ("fr-CA,fr;q=0.9,en;q=0.8", "fr"), ("en-GB", "en"),
    (f"{UNKNOWN}-ZZ,{UNKNOWN};q=0.9", "en"), (f"{UNKNOWN}-ZZ,fr;q=0.5", "fr"), ("", "en"),
    (None, "en"), ("*", "en"),
])
def test_the_browser_language_is_negotiated(asked, lang):
    assert i18n.negotiate(asked) == lang


@pytest.mark.parametrize(("environ", "lang"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LC_ALL": "fr_BE.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),
    ({"LANG": "en_US.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"), ({}, "en"),
    ({"LANGUAGE": f"{UNKNOWN}:fr", "LANG": "en_US.UTF-8"}, "fr"), ({"LC_ALL": "C"}, "en"),
])
def test_the_command_line_follows_the_locale_variables(environ, lang):
    assert i18n.language_from_environment(environ) == lang


def test_numbers_and_dates_follow_the_language():
    import datetime as dt
    day = dt.date(2026, 11, 26)
    with i18n.use_language("fr"):
        assert i18n.format_number(1234.5) == "1\u202f234,5"
        assert "nov." in i18n.format_date(day)
        assert i18n.format_list(["a", "b", "c"]) == "a, b et c"
    with i18n.use_language("en"):
        assert i18n.format_number(1234.5) == "1,234.5"
        assert i18n.format_date(day) == "Nov 26, 2026"


COMPONENTS_PO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"
"Language: fr\n"

msgctxt "building"
msgid "Serfdom"
msgstr "Servage"

msgctxt "good"
msgid "Sugar"
msgstr "Sucre"

msgctxt "building/aoe3"
msgid "Sugar"
msgstr "Canne à sucre"

msgctxt "region"
msgid "Caribbean"
msgstr ""
'''


@pytest.fixture
def names_dir(tmp_path):
    """A copy of the app's catalogues with a tiny components.po of the test's own."""
    for lang in ("en", "fr"):
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "messages.po").write_bytes((LOCALE / lang / "LC_MESSAGES" / "messages.po")
                                             .read_bytes())
    (tmp_path / "fr" / "LC_MESSAGES" / "components.po").write_text(COMPONENTS_PO, "utf-8")
    with i18n.use_locale_dir(tmp_path):
        yield tmp_path


def test_component_names_as_printed_with_the_edition_first(names_dir):
    with i18n.use_language("fr"):
        assert component_name("building", "Serfdom") == "Servage"
        assert component_name("building", "Serfdom", "aoe3") == "Servage"  # the kind's name
        assert component_name("good", "Sugar") == "Sucre"
        assert component_name("building", "Sugar", "aoe3") == "Canne à sucre"
        assert component_name("good", "Sugar", "aoe3") == "Sucre"  # another kind's context
        assert component_name("region", "Caribbean") == "Caribbean"  # untranslated: English
        assert component_name("building", "Unknown") == "Unknown"
    with i18n.use_language("en"):
        assert component_name("building", "Serfdom") == "Serfdom"
    assert component_names("building", "Serfdom") == {"Serfdom", "Servage"}


def test_component_names_without_a_catalogue_are_english(tmp_path):
    with i18n.use_locale_dir(tmp_path), i18n.use_language("fr"):
        assert component_name("building", "Serfdom") == "Serfdom"


def test_no_marked_text_hides_inside_an_f_string():
    """Extraction cannot see ``_("...")`` written inside an f-string's braces."""
    import re
    hidden = [f"{path.relative_to(ROOT)}:{n}" for path in (ROOT / "companion").rglob("*.py")
              for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
              if re.search(r"\bf[\"'][^\"']*\{(_|N_|ngettext|pgettext)\(", line)]
    assert hidden == []


def test_a_database_problem_is_said_in_the_reader_language():
    from companion.store.errors import problem

    found = problem("busy", "sqlite:////tmp/games.db")
    assert found.what == "The database (/tmp/games.db) is busy with another writer."  # logs
    with i18n.use_language("fr"):
        what, todo = found.words()
    assert what == "La base de données (/tmp/games.db) est occupée par une autre écriture."
    assert todo == "Attendez un instant et réessayez."


# ---- counted names, ordinals, power titles: real forms, not an "s" glued on


@pytest.mark.parametrize(("lang", "n", "kind", "name", "edition", "said"), [
    ("fr", 2, "good", "rice", None, "2 riz"),  # "riz" stays "riz"
    ("fr", 1, "good", "rice", None, "1 riz"),
    ("fr", 3, "worker", "soldier", None, "3 soldats"),
    ("fr", 2, "worker", "missionary", None, "2 missionnaires"),
    ("fr", 2, "good", "ship", None, "2 bateaux marchands"),
    ("fr", 2, "good", "ship", "aoe3", "2 navires marchands"),
    ("fr", 1, "good", "ship", "aoe3", "1 navire marchand"),
    ("en", 2, "good", "rice", None, "2 rice"),
    ("en", 2, "good", "fish", None, "2 fish"),
    ("en", 2, "worker", "missionary", None, "2 missionaries"),
    ("en", 1, "worker", "soldier", None, "1 soldier"),
    ("en", 0, "worker", "soldier", None, "0 soldiers"),
    ("fr", 0, "worker", "soldier", None, "0 soldat"),  # French 0 takes the singular
])
def test_a_counted_name_takes_its_printed_plural(lang, n, kind, name, edition, said):
    from companion.engine.questions import plural

    with i18n.use_language(lang):
        assert i18n.component_count(n, kind, name, edition) == said
        if edition is None:
            assert plural(n, name) == said  # the engine's counts say the same


def test_changes_name_a_good_gained_in_its_plural():
    from companion.engine import Game, step_changes

    game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
    after = game.state.clone()
    after.players["Ann"].goods["rice"] += 2
    after.players["Bob"].ships += 2
    with i18n.use_language("fr"):
        assert step_changes(game.state, after) == "Ann +2 riz ; Bob +2 bateaux marchands"
    with i18n.use_language("en"):
        assert step_changes(game.state, after) == "Ann +2 rice; Bob +2 ships"


def test_ordinals_follow_the_language():
    with i18n.use_language("en"):
        assert [i18n.format_ordinal(n) for n in (1, 2, 3, 4, 11, 21, 112)] == [
            "1st", "2nd", "3rd", "4th", "11th", "21st", "112th"]
    with i18n.use_language("fr"):
        assert [i18n.format_ordinal(n) for n in (1, 2, 3, 21)] == ["1er", "2e", "3e", "21e"]


def test_a_nations_power_title_is_printed_in_both_languages():
    from companion.engine.nations import power_title
    from companion.rules.nations import NATIONS

    with i18n.use_language("fr"):
        assert power_title("england") == "L'Angleterre vide ses prisons"
        assert power_title("holland") == "Les marchands hollandais"
        french = {power_title(n) for n in NATIONS}
    with i18n.use_language("en"):
        assert power_title("italy") == "Italian Renaissance Men"
        english = {power_title(n) for n in NATIONS}
    assert len(french) == len(english) == len(NATIONS) and not french & english


def test_a_power_used_is_told_by_its_title():
    from companion.engine import Game
    from companion.engine.events import Power
    from companion.engine.told import describe_event

    game = Game.new({"options": {"nations": True}, "players": [
        {"name": "Ann", "nation": "england"}, {"name": "Bob", "nation": "spain"}]})
    event = Power(player="Ann", nation="england")
    with i18n.use_language("fr"):
        assert describe_event(game.state, event) == (
            "Ann : utilise « L'Angleterre vide ses prisons » (Angleterre)")


def test_the_bg_stats_reasons_are_french_sentences():
    from companion.exchange.bgstats import read_bgstats

    payload = {"games": [{"id": 1, "name": "Endeavor: Age of Sail", "bggId": 233398}],
               "players": [{"id": 1, "name": "Ann"}],
               "plays": [{"gameRefId": 1, "playDate": "2024-05-01 20:00:00", "ignored": True},
                         {"gameRefId": 1, "playDate": "2024-05-01 21:00:00",
                          "playerScores": [{"playerRefId": 1, "score": "many"}]}]}
    with i18n.use_language("fr"):
        skipped = read_bgstats(payload, "plays.json").skipped
    assert skipped == [
        "partie 1 (Endeavor: Age of Sail, 2024-05-01 20:00:00) : marquée « ignorée » dans BG Stats",
        "partie 2 (Endeavor: Age of Sail, 2024-05-01 21:00:00) : le score 'many' d'Ann n'est "
        "pas un nombre entier"]


def test_a_record_problem_is_said_in_the_reader_language():
    from pydantic import BaseModel, Field, ValidationError

    from companion.errors import validation_problems

    class Seat(BaseModel):
        name: str = Field(min_length=2)
        money: int = 0

    with pytest.raises(ValidationError) as caught:
        Seat.model_validate({"name": "A", "money": "lots", "extra": 1})
    with i18n.use_language("fr"):
        said = validation_problems(caught.value, "seat")
    assert said == ("name : devrait avoir au moins 2 caractères; money : devrait être un "
                    "nombre entier")
