"""A proofreader for what a person reads: the faults a French (or English) table would mark
in a text, by that language's rules (shared by the proofreading tests and ``bench``).

French: an English component name, a word not elided before a vowel ("de Anne"), a region
with the wrong preposition ("en Caraïbes", "de Pérou"), "$" before a number, a plural after 0
or 1, no no-break space before : ; ? !, and in an Age of Empires III game a word only the
Empires book prints (bâtiment, quai, bateau, Capitale). English: "$" after a number, a
plural after 1, a space before : ; ? !, a French component name.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "companion" / "locale"

NBSP = "\u00a0\u202f"
_VOWEL = "aeiouyàâéèêëîïôûüœAEIOUYÀÂÉÈÊËÎÏÔÛÜŒÉ"
ELISION = re.compile(rf"(?<![\w'’-])(de|De|que|Que|le|Le|la|La|ne|se|jusque|lorsque|puisque)"
                     rf" (?=[{_VOWEL}])")
DOLLAR_FIRST = re.compile(r"\$\s?\d")
DOLLAR_AFTER = re.compile(r"\d\s?\$")
FR_PUNCT = re.compile(rf"(?<=[^\s{NBSP}])[:;?!](?=\s|$)|(?<= )[:;?!](?=\s|$)")
EN_PUNCT = re.compile(r"\s[:;?!](?=\s|$)")
FR_FEW = re.compile(r"(?<![\d.,\w\u202f])[−+-]?[01] (\w+)")
EN_ONE = re.compile(r"(?<![\d.,\w])[−+-]?1 (\w+)")
# words ending in s or x that are singular too (a count of 0 or 1 may stand before them)
FR_SINGULAR_S = {"fois", "pays", "bois", "riz", "prix", "choix", "plus", "des", "les", "aux",
                 "ses", "leurs", "dans", "sous", "vers", "sans", "mais", "puis", "après"}
EMPIRES_ONLY = re.compile(r"\b(bâtiments?|Bâtiments?|quais?|Quai|bateaux?|Bateaux?|Capitale)\b")
PREPOSITIONS = ("en", "de", "d'", "à", "vers", "dans", "au", "aux", "du", "des")


@functools.cache
def _components(lang: str) -> list[tuple[str, str, str]]:
    """(context, English, printed) of every component name of ``lang``."""
    with (LOCALE / lang / "LC_MESSAGES" / "components.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    rows = []
    for m in catalog:
        if not m.id:
            continue
        english = m.id[0] if isinstance(m.id, tuple) else m.id
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        rows += [(m.context or "", english, s) for s in strings if s]
    return rows


@functools.cache
def _names_only_in(side: int, edition: str | None = None) -> re.Pattern[str]:
    """Component names of one language (``side``: 0 English, 1 French) that no name or word
    of the other shares ("Settlers", "fur"; "Colons", "fourrure"), in ``edition``'s game."""
    rows = _components("fr")
    same = {e for c, e, s in rows  # printed alike in this edition (AoE III's "Taxation")
            if e == s and (edition is None or "/" not in c or c.endswith("/" + edition))}
    pairs = [(e, s) for _c, e, s in rows if e != s and e not in same]
    other = {w for pair in pairs for w in re.findall(r"\w+", pair[1 - side])}
    found = {pair[side] for pair in pairs if len(pair[side]) > 3
             and not set(re.findall(r"\w+", pair[side])) <= other}
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, found), key=len, reverse=True))
                      + r")\b")


def _english_names(edition: str | None = None) -> re.Pattern[str]:
    return _names_only_in(0, edition)


def _french_names() -> re.Pattern[str]:
    return _names_only_in(1)


# The books' place forms (an oracle of its own, not read from the code under test)
FRENCH_PLACES = {
    "Caraïbes": ("aux", "des"), "Pérou": ("au", "du"), "Brésil": ("au", "du"),
    "Canada": ("au", "du"), "Nouvelle-Grenade": ("en", "de"), "Nouvelle-Espagne": ("en", "de"),
    "Floride": ("en", "de"), "Virginie": ("en", "de"), "Nouvelle-Angleterre": ("en", "de"),
    "Nouvelle-France": ("en", "de"),
}


@functools.cache
def _french_places() -> tuple[re.Pattern[str], frozenset[str]]:
    """A region name with the word before it, and the place forms the books write."""
    allowed = {f"{p} {name}" for name, forms in FRENCH_PLACES.items() for p in forms}
    pattern = re.compile(r"(?<![\w'’])(" + "|".join(map(re.escape, PREPOSITIONS)) + r")\s?("
                         + "|".join(map(re.escape, FRENCH_PLACES)) + r")\b")
    return pattern, frozenset(allowed)


# Proper names shown as they are in every language: the games' own titles
TITLES = ("Empires: Age of Discovery", "Age of Empires III: The Age of Discovery",
          "Empires\u00a0: Age of Discovery", "Age of Empires III\u00a0: The Age of Discovery",
          "Endeavor\u00a0: Age of Sail", "Age of Empires III", "Endeavor: Age of Sail",
          "Nouveau Monde", "Age of Discovery")


def faults(text: str, lang: str = "fr", edition: str | None = None) -> list[str]:
    """What a proofreader of ``lang`` marks in ``text`` (empty: nothing)."""
    text = re.sub(r"https?://\S+|\?\w+=\S*", " ", str(text)).replace("\\", "")
    for title in TITLES:
        text = text.replace(title, "Title")
    text = re.sub(r"(?<=[Ee]xtension) Builder\b", " Title", text)  # the expansion's name
    return _french(text, edition) if lang == "fr" else _english(text)


def _french(text: str, edition: str | None) -> list[str]:
    found = [f"English name {m.group(1)!r}" for m in _english_names(edition).finditer(text)]
    found += [f"no elision in {m.group(0)!r}" for m in ELISION.finditer(text)]
    places, allowed = _french_places()
    for m in places.finditer(text):
        if f"{m.group(1)} {m.group(2)}" not in allowed:
            found.append(f"preposition {m.group(0)!r}")
    found += [f"dollar first {m.group(0)!r}" for m in DOLLAR_FIRST.finditer(text)]
    found += [f"plural after {m.group(0)!r}" for m in FR_FEW.finditer(text)
              if m.group(1)[-1:] in "sx" and len(m.group(1)) > 2
              and m.group(1).lower() not in FR_SINGULAR_S]
    found += [f"no space before {text[max(0, m.start() - 8):m.end()]!r}"
              for m in FR_PUNCT.finditer(text)]
    if edition == "aoe3":
        found += [f"Empires word {m.group(0)!r}" for m in EMPIRES_ONLY.finditer(text)]
    return found


# English plural nouns a count of 1 must not stand before (the components' plurals and ours)
EN_PLURALS = {"workers", "players", "games", "turns", "points", "tokens", "cards", "goods",
              "buildings", "regions", "slots", "boxes", "specialists", "colonists", "soldiers",
              "captains", "merchants", "missionaries", "builders", "ships", "events", "plays",
              "results", "discoveries", "sets", "dollars", "ages", "seats"}


def _english(text: str) -> list[str]:
    found = [f"French name {m.group(1)!r}" for m in _french_names().finditer(text)]
    found += [f"dollar after {m.group(0)!r}" for m in DOLLAR_AFTER.finditer(text)]
    found += [f"plural after {m.group(0)!r}" for m in EN_ONE.finditer(text)
              if m.group(1).lower() in EN_PLURALS]
    found += [f"space before {text[max(0, m.start() - 8):m.end()]!r}"
              for m in EN_PUNCT.finditer(text)]
    return found


# ---------------------------------------------------------------- the engine's questions

PLAYERS = ("Anne", "Émile", "Bruno", "Ivan")  # two names that start with a vowel
SETUPS = {
    "empires": {"edition": "empires", "options": {
        "builders": True, "nations": True, "buy_vp": True, "no_survivors": True,
        "scouting": True}, "players": [
            {"name": n, "nation": nation} for n, nation in
            zip(PLAYERS, ("england", "italy", "france", "holland"), strict=True)]},
    "empires-variants": {"edition": "empires", "options": {
        "builders": True, "nations": True, "buy_vp": True,
        "advanced_scouting": True}, "players": [
            {"name": n, "nation": nation} for n, nation in
            zip(PLAYERS, ("spain", "portugal", "italy", "england"), strict=True)]},
    "aoe3": {"edition": "aoe3", "players": [{"name": n} for n in PLAYERS]},
}


def _decision_texts(decision) -> list[str]:
    texts = [decision.prompt, *decision.closed]  # (why a place is missing, under it)
    for answer in (*decision.answers, decision.decline):
        if answer is not None:
            texts += [answer.label, answer.note or ""]
    if decision.field is not None:
        texts += [o.label for o in decision.field.options]
    return texts


def question_texts(setup: dict, seed: int, steps: int = 3000) -> set[str]:
    """Every text of every Decision of a seeded random game of ``setup`` (with the next
    question of the first few answers that ask on, the powers offered beside it, and what
    each answer recorded), in the current language."""
    import random

    from companion.engine import Game
    from companion.engine.playout import random_step

    rng = random.Random(seed)
    game = Game.new(setup)
    texts: set[str] = set()
    for _step in range(steps):
        decision = game.pending()
        if decision is None:
            break
        texts.update(_decision_texts(decision))
        for answer in decision.answers[:4]:
            if answer.draft is not None and not answer.ready:
                follow = game.ask(answer.draft)
                if follow is not None:
                    texts.update(_decision_texts(follow))
        texts.update(t for a in game.actions() for t in (a.title, a.help))
        game = random_step(game, rng)
    texts.discard("")
    return texts


# ---------------------------------------------------------------- the end-of-game report

KEPT_RECORDS = ("tests/data/hand_game_4p.json", "docs/examples/four-player-builders.json")
SHEET = "age-of-discovery-companion/score-sheet"
SHEETS = {  # a record of each score-sheet family (Age of Discovery: both editions, a tie)
    "endeavor": {"format": SHEET, "version": 2, "game": "endeavor", "players": [
        {"name": n, "industry_track": 7, "culture_track": c, "wealth_track": 2,
         "influence_track": 1, "cities_connections_glory": 5, "buildings_cards_glory": 4,
         "governor_slot_empty": n == "Anne", "harbor_discs": 4}
        for n, c in (("Anne", 3), ("Émile", 9), ("Bruno", 9))]},
    "nouveau-monde": {"format": SHEET, "version": 2, "game": "nouveau-monde", "players": [
        {"name": n, "wood": w, "metal": 0, "food": 0, "gold": 1, "cities": 1, "colonists": 0,
         "expansions": 1, "armies": 0, "research": 0, "master": m}
        for n, w, m in (("Anne", 5, None), ("Émile", 30, "Anne"), ("Bruno", 12, None),
                        ("Ivan", 12, None))]},
    "age-of-discovery-empires": {"format": SHEET, "version": 2, "game": "age-of-discovery",
                                 "edition": "empires", "players": [
        {"name": "Anne", "colony": [6, 8, 10], "money": 9},
        {"name": "Émile", "colony": [6, 10, 8], "money": 9},
        {"name": "Bruno", "colony": [6, 10, 8], "money": 4}]},
    "age-of-discovery-aoe3": {"format": SHEET, "version": 2, "game": "age-of-discovery",
                              "edition": "aoe3", "players": [
        {"name": "Émile", "colony": [6, 8, 10], "money": 9},
        {"name": "Anne", "colony": [6, 10, 8], "money": 9}]},
}


def report_texts(report, picture: bool = True) -> set[str]:
    """Every sentence of ``report`` (``report.words``) and, with ``picture``, every text drawn
    in its picture, in the current language."""
    import datetime as dt

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    from companion.report import picture as drawn
    from companion.report.words import moment_text

    texts = {moment_text(report, m) for m in report.moments}
    if picture:
        fig = drawn.figure(report, dt.date(2026, 11, 28))
        FigureCanvasAgg(fig).draw()  # (the axes' tick labels are written when drawn)
        texts |= {t.get_text() for t in fig.findobj(Text) if t.get_visible()}
    texts.discard("")
    return texts
