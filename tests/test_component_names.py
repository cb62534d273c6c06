"""Each translated language's component names (companion/locale/<lang>/LC_MESSAGES/
components.po; English is the msgids) against the rules data: every name the app shows has
its printed name, in every edition, and the template lists exactly the same entries.

The catalogue's contract: msgctxt "<kind>" (the Empires 2015 name) or "<kind>/<edition>"
(where the 2007 edition prints another name), msgid the English name as the app shows it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion.games.endeavor import TRACKS as ENDEAVOR_TRACKS
from companion.games.nouveau_monde import RESOURCES
from companion.i18n import COMPONENT_KINDS, DEFAULT, languages
from companion.rules.buildings import BUILDINGS, buildings_for
from companion.rules.discoveries import CARDS
from companion.rules.editions import EDITIONS, TRACK_TITLES, WORKER_TYPES
from companion.rules.goods import GOODS, SHIP
from companion.rules.nations import NATION_NAMES
from companion.rules.regions import REGIONS

LOCALE = Path(__file__).resolve().parent.parent / "companion" / "locale"
PO = LOCALE / "fr" / "LC_MESSAGES" / "components.po"
POT = LOCALE / "components.pot"
TRANSLATED = [lang for lang in languages() if lang != DEFAULT]  # every catalogue but English
KINDS = COMPONENT_KINDS  # the lookup's own list: the catalogue and the code agree on kinds
AOE_KINDS = KINDS[:-2]  # the kinds of the Age of Discovery editions


def _read(path: Path, locale: str | None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain="components")


@pytest.fixture(scope="module", params=TRANSLATED)
def po(request) -> Catalog:
    path = LOCALE / request.param / "LC_MESSAGES" / "components.po"
    assert path.exists(), f"{request.param}: no components.po (copy components.pot)"
    return _read(path, request.param)


@pytest.fixture(scope="module")
def pot() -> Catalog:
    return _read(POT, None)


def _entries(catalog: Catalog) -> dict[tuple[str, str], str]:
    """Each name's singular: (context, English) -> French (a plural entry by its first form)."""
    def first(value):
        return value[0] if isinstance(value, tuple | list) else value
    return {(m.context or "", first(m.id)): first(m.string) for m in catalog if m.id}


def printed(po: Catalog, kind: str, english: str, edition: str) -> str | None:
    """The French name the edition shows: its own entry over the kind's."""
    entries = _entries(po)
    return entries.get((f"{kind}/{edition}", english)) or entries.get((kind, english))


# ---- what the app shows, per edition


def _shown(edition: str) -> dict[str, set[str]]:
    builders = EDITIONS[edition].has_builder_expansion
    return {
        "building": {b.name for b in buildings_for(edition, builders).values()},
        "good": {*GOODS, SHIP},  # shown lowercase, as the ids
        "region": {r.display_name(edition) for r in REGIONS.values()},
        "nation": set(NATION_NAMES.values()),
        "worker": set(WORKER_TYPES),  # shown lowercase ("2 colonist")
        # the Specialists boxes, as the board entry titles them
        "specialist": {box.title() for box in EDITIONS[edition].specialist_boxes(builders)},
        # the University also moves a worker to the front of the Turn order
        "track": {*TRACK_TITLES.values(), "Turn order"},
        "card": {c.name for c in CARDS.values()},
    }


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("kind", ["building", "good", "region", "nation", "worker",
                                  "specialist", "track", "card"])
def test_every_name_the_edition_shows_has_a_french_name(po, edition, kind):
    missing = sorted(n for n in _shown(edition)[kind] if not printed(po, kind, n, edition))
    assert not missing, f"no {po.locale} {kind} name for {edition}: {missing}"


def test_the_other_games_names_have_french_names(po):
    entries = _entries(po)
    endeavor = {t.title() for t in ENDEAVOR_TRACKS} | {f"{t.title()} track"
                                                       for t in ENDEAVOR_TRACKS}
    assert {n for n in endeavor if ("endeavor", n) not in entries} == set()
    resources = {r.title() for r in RESOURCES}
    assert {n for n in resources if ("nouveau_monde", n) not in entries} == set()


def test_names_the_two_editions_print_differently():
    """A few readings checked by hand in both books (000 and 001): the catalogue gives each
    edition its own, and the 2015 name stays the default."""
    po = _read(PO, "fr")
    assert printed(po, "building", "Indentured Servitude", "empires") == "Servage"
    assert printed(po, "building", "Indentured Servitude", "aoe3") == "Asservissement Contractuel"
    assert printed(po, "building", "Smuggler", "empires") == "Contrebandier"
    assert printed(po, "building", "Factory", "aoe3") == "Fabrique"
    assert printed(po, "region", "Canada", "aoe3") == "Canada"
    assert printed(po, "track", "Colonist Dock", "empires") == "Quai des Colons"
    assert printed(po, "track", "Colonist Dock", "aoe3") == "Dock de colons"
    assert printed(po, "good", "cattle", "aoe3") == "bétail"
    assert _entries(po)[("building", "Indentured Servitude")] == "Servage"


# ---- the catalogue itself


def test_header_says_its_language_and_the_french_two_plural_forms(po):
    assert po.domain == "components"
    assert str(po.locale) in TRANSLATED
    if str(po.locale) == "fr":
        assert po.num_plurals == 2
        assert po.plural_expr == "(n > 1)"


def test_no_entry_is_empty_fuzzy_or_obsolete(po):
    assert [m.id for m in po if m.id and not all(m.string if isinstance(m.string, tuple)
                                                   else (m.string,))] == []
    assert [m.id for m in po if m.id and m.fuzzy] == []
    assert not po.obsolete


def test_template_has_the_same_entries_and_no_translation(po, pot):
    assert set(_entries(pot)) == set(_entries(po))
    assert [m.id for m in pot if m.id and any(m.string if isinstance(m.string, tuple)
                                               else (m.string,))] == []


def test_contexts_are_known_kinds_and_editions(po):
    for context, english in _entries(po):
        kind, _, edition = context.partition("/")
        assert kind in KINDS, (context, english)
        if edition:
            assert kind in AOE_KINDS and edition in EDITIONS, (context, english)


def test_edition_entries_name_something_of_that_edition_and_differ(po):
    """An edition's own entry is for a name that edition shows, and says something the
    kind's entry does not (else it is noise)."""
    entries = _entries(po)
    for (context, english), french in entries.items():
        kind, _, edition = context.partition("/")
        if not edition:
            continue
        shown = _shown(edition).get(kind)
        if shown is not None:
            assert english in shown, (context, english)
        assert entries.get((kind, english)) != french, (context, english)


def test_every_building_entry_is_a_building_of_some_edition(po):
    names = {b.name for b in BUILDINGS}
    stale = [english for (context, english) in _entries(po)
             if context.partition("/")[0] == "building" and english not in names]
    assert stale == []


def test_unprinted_names_say_so():
    """Brazil is named in no French rulebook: the entry says so for the translator."""
    brazil = _read(PO, "fr").get("Brazil", context="region")
    assert brazil is not None and any("NOT PRINTED" in c for c in brazil.auto_comments)


def test_every_name_the_code_asks_for_by_hand_is_in_the_catalogue(po):
    """Names written out in the code (``component_name("endeavor", "Exploits")``, Nouveau
    Monde's ``nm("Cities")``) have their entry: a new one cannot slip by in English."""
    import re

    code = Path(__file__).resolve().parent.parent / "companion"
    call = re.compile(r'component_name\(\s*["\']([a-z_/]+)["\']\s*,\s*["\']([^"\']+)["\']')
    nm = re.compile(r'\bnm\(\s*["\']([^"\']+)["\']')
    asked = set()
    for path in code.rglob("*.py"):
        text = path.read_text("utf-8")
        asked |= {(kind, name, path.name) for kind, name in call.findall(text)}
        if path.name == "nouveau_monde.py":
            asked |= {("nouveau_monde", name, path.name) for name in nm.findall(text)}
    assert len(asked) >= 10  # the scan finds the calls it is meant to check
    entries = _entries(po)
    assert sorted(a for a in asked if (a[0], a[1]) not in entries) == []
