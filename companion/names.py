"""The one vocabulary of components: every name a person reads for a region, good, worker,
track, box, building, nation, power, token or card, as printed in that edition's book in the
current language, with its count, its place forms ("aux Caraïbes", "du Pérou") and money
written the language's way. The engine, the games, the UI and the CLI all name things here
(plain Python: no Streamlit, no store).

Names come from the ``components`` catalogue (``i18n.component_name``); place forms and
money from the ``messages`` catalogue, one whole form per region (the preposition a region
takes is a fact of the language, not a rule to glue).

>>> region("empires", "caribbean"), region_in("empires", "peru"), region_of("aoe3", "new_france")
('Caribbean', 'in Peru', 'of Canada')
>>> from companion.i18n import use_language
>>> with use_language("fr"):
...     region_in("empires", "caribbean"), region_of("empires", "peru"), money(10)
('aux Caraïbes', 'du Pérou', '10\\xa0$')
>>> money(10), money_change(-3)
('$10', '−$3')
"""

from __future__ import annotations

from typing import Any

from companion.i18n import (
    N_,
    Ne_,
    Np_,
    _,
    component_count,
    component_name,
    edition_text,
    pgettext,
)
from companion.rules.discoveries import DISCOVERIES, discovery_name, listed_name
from companion.rules.editions import TRACK_TITLES
from companion.rules.nations import NATION_NAMES, POWER_TITLES
from companion.rules.regions import REGIONS

SHIP = "ship"
TRACK_NAMES = {**TRACK_TITLES, "turn_order": "Turn order"}

# Each region's place forms, as the books write them: in (and to) a region, of a region.
# Keyed by the English name printed in that edition (AoE III's New France is "Canada").
PLACE_IN = {
    "Caribbean": Np_("in a region", "in the Caribbean"),
    "New Granada": Np_("in a region", "in New Granada"),
    "Peru": Np_("in a region", "in Peru"),
    "Brazil": Np_("in a region", "in Brazil"),
    "New Spain": Np_("in a region", "in New Spain"),
    "Florida": Np_("in a region", "in Florida"),
    "Virginia": Np_("in a region", "in Virginia"),
    "New England": Np_("in a region", "in New England"),
    "New France": Np_("in a region", "in New France"),
    "Canada": Np_("in a region", "in Canada"),
}
PLACE_OF = {
    "Caribbean": Np_("of a region", "of the Caribbean"),
    "New Granada": Np_("of a region", "of New Granada"),
    "Peru": Np_("of a region", "of Peru"),
    "Brazil": Np_("of a region", "of Brazil"),
    "New Spain": Np_("of a region", "of New Spain"),
    "Florida": Np_("of a region", "of Florida"),
    "Virginia": Np_("of a region", "of Virginia"),
    "New England": Np_("of a region", "of New England"),
    "New France": Np_("of a region", "of New France"),
    "Canada": Np_("of a region", "of Canada"),
}
PLACE_TO = {
    "Caribbean": Np_("to a region", "to the Caribbean"),
    "New Granada": Np_("to a region", "to New Granada"),
    "Peru": Np_("to a region", "to Peru"),
    "Brazil": Np_("to a region", "to Brazil"),
    "New Spain": Np_("to a region", "to New Spain"),
    "Florida": Np_("to a region", "to Florida"),
    "Virginia": Np_("to a region", "to Virginia"),
    "New England": Np_("to a region", "to New England"),
    "New France": Np_("to a region", "to New France"),
    "Canada": Np_("to a region", "to Canada"),
}


# ---------------------------------------------------------------- regions


def _printed_region(edition: str | None, region_id: str) -> str:
    return REGIONS[region_id].display_name(edition or "empires")


def region(edition: str | None, region_id: str) -> str:
    """A region as printed in that edition ("Caraïbes"; AoE III's "Canada")."""
    return component_name("region", _printed_region(edition, region_id), edition)


def _place(forms: dict[str, tuple[str, str]], edition: str | None, region_id: str) -> str:
    found = forms.get(_printed_region(edition, region_id))
    return pgettext(*found) if found else region(edition, region_id)


def region_in(edition: str | None, region_id: str) -> str:
    """In a region, with the preposition the language gives it ("aux Caraïbes", "au Pérou",
    "en Nouvelle-France"; "in the Caribbean")."""
    return _place(PLACE_IN, edition, region_id)


def region_to(edition: str | None, region_id: str) -> str:
    """To a region ("au Brésil"; "to Brazil")."""
    return _place(PLACE_TO, edition, region_id)


def region_of(edition: str | None, region_id: str) -> str:
    """Of a region ("des Caraïbes", "du Pérou", "de Floride"; "of Peru")."""
    return _place(PLACE_OF, edition, region_id)


# ---------------------------------------------------------------- goods, workers, boxes


def good(good_id: str, edition: str | None = None, count: int | None = None) -> str:
    """A good (or a ship) as printed ("fourrure"; with ``count``: its form for that many)."""
    return component_name("good", good_id.replace("_", " "), edition, count=count)


def good_label(good_id: str, edition: str | None = None) -> str:
    """A good as printed, a ship with its icon (lists of goods and sets)."""
    name = good(good_id, edition)
    return f"🚢 {name}" if good_id == SHIP else name


def goods_count(n: int, good_id: str, edition: str | None = None,
                written: str | None = None) -> str:
    """``n`` of a good ("2 fourrures"; ``written``: the number as shown, "+2")."""
    return component_count(n, "good", good_id.replace("_", " "), edition, written=written)


def worker(worker_id: str, count: int | None = None) -> str:
    """A worker type as printed ("colon", "soldat")."""
    return component_name("worker", worker_id, count=count)


def workers_count(n: int, worker_id: str, written: str | None = None) -> str:
    """``n`` workers of a type ("2 soldats", "1 colon")."""
    return component_count(n, "worker", worker_id, written=written)


def box(box_id: str) -> str:
    """A Specialists box, as printed ("Capitaine", "Entraînement")."""
    return component_name("specialist", box_id.title())


def track(track_id: str, edition: str | None = None) -> str:
    """A track by its printed name in that edition ("Réalisations majeures" in AoE III)."""
    title = TRACK_NAMES.get(track_id)
    return component_name("track", title, edition) if title else track_id.replace("_", " ")


def building(edition: str | None, english_name: str) -> str:
    """A capital building (AoE III: a capital achievement) as printed in that edition."""
    return component_name("building", english_name, edition)


def building_of(game: Any, found: Any) -> str:
    """A building of a game (anything with ``setup.edition``) given by its rules entry."""
    return building(game.setup.edition, found.name)


def nation(nation_id: str | None) -> str:
    found = NATION_NAMES.get(nation_id or "")
    return component_name("nation", found) if found else "—"


def power(nation_id: str) -> str:
    """A nation's power by the title printed beside it on its board."""
    return component_name("power", POWER_TITLES[nation_id])


COLOUR_NAMES = {
    "red": N_("red"), "yellow": N_("yellow"), "blue": N_("blue"), "green": N_("green"),
    "orange": N_("orange"), "purple": N_("purple"), "white": N_("white"), "black": N_("black"),
}


def colour(colour_id: str) -> str:
    """A player's colour in words."""
    return _(COLOUR_NAMES[colour_id]) if colour_id in COLOUR_NAMES else colour_id


# ---------------------------------------------------------------- scores and games

# The VP categories of an Age of Discovery score, each edition in its own book's words
# (AoE III's buildings are "réalisations majeures")
SCORE_CATEGORIES = {
    "colony": Ne_("Colonies"), "discoveries": Ne_("Discoveries"),
    "buildings": Ne_("Buildings"), "economy": Ne_("Economy"), "bought": Ne_("Bought / corrected"),
}


def category(category_id: str, edition: str | None = None) -> str:
    """A VP category of an Age of Discovery score in that edition's words."""
    found = SCORE_CATEGORIES.get(category_id)
    return edition_text(edition, found) if found else category_id


# The games' titles as each language's book prints them (French: "Empires : Age of Discovery",
# a no-break space before the colon); keyed by the English title the rules data holds
GAME_TITLES = {marked[1]: marked for marked in (
    Np_("game title", "Empires: Age of Discovery"),
    Np_("game title", "Age of Empires III: The Age of Discovery"),
    Np_("game title", "Endeavor: Age of Sail"), Np_("game title", "Nouveau Monde"),
    Np_("game title", "Age of Discovery"))}


def game_title(title: str) -> str:
    """A game's title (English, as ``Family.edition_title`` gives it) as printed in the
    current language; a title we do not know stays as given."""
    found = GAME_TITLES.get(title)
    return pgettext(*found) if found else title


# ---------------------------------------------------------------- discoveries


def token(item: str, edition: str | None = None) -> str:
    """A discovery token as printed on it (its natives, money and VP: a token carries no
    number) or a card by its title."""
    found = DISCOVERIES.get(item)
    if found is None:
        return discovery_name(item)
    if found.kind == "card":
        return component_name("card", found.name, edition)
    return found.face


def token_listed(item: str, edition: str | None = None) -> str:
    """A token or card with what is printed on it, identical tokens told apart."""
    found = DISCOVERIES.get(item)
    if found is None:
        return item
    if found.kind == "card":
        return _("{card} ({face})").format(card=component_name("card", found.name, edition),
                                           face=found.face)
    return listed_name(item)


# ---------------------------------------------------------------- money


def money(n: int) -> str:
    """An amount of Spanish dollars, written the language's way ("$10"; "10 $")."""
    return pgettext("money", "${n}").format(n=n)


def money_change(n: int) -> str:
    """A change of money, signed ("+$2", "−$10"; "+2 $", "−10 $")."""
    if n >= 0:
        return pgettext("money", "+${n}").format(n=n)
    return pgettext("money", "−${n}").format(n=-n)
