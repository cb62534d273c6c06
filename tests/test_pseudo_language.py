"""A pseudo-language run: every text of the catalogue becomes ``⟦text⟧`` and every component
name ``⟪name⟫``; whatever a person would then read outside those marks (player names, numbers
and the games' titles aside) bypassed the catalogue.

The engine's Decisions along random games of both editions (Builder and nations included),
with the follow-up question of each answer that asks on, and every page under AppTest.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from companion import i18n
from companion.engine import Game
from companion.engine.playout import random_step

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "companion" / "locale"
PLAYERS = ("Ann", "Bob", "Cid", "Dee")
# Proper names shown as they are in every language: the games' own titles
TITLES = ("Empires: Age of Discovery", "Age of Empires III: The Age of Discovery",
          "Age of Empires III", "Empires",
          "Endeavor: Age of Sail", "Nouveau Monde", "Age of Discovery", "BoardGameGeek",
          "BG Stats", "JSON", "CSV", "XML")
MARKED = re.compile(r"⟦[^⟦⟧]*⟧|⟪[^⟪⟫]*⟫")


def _pseudo(text: str) -> str:
    return f"⟦{text}⟧"


@pytest.fixture(scope="module")
def pseudo(tmp_path_factory):
    """French replaced by the pseudo-language: the catalogue's every message marked, and
    every component name (looked up through ``i18n.component_name``) marked too."""
    folder = tmp_path_factory.mktemp("pseudo")
    with (LOCALE / "messages.pot").open("rb") as pot:
        template = read_po(pot)
    catalog = Catalog(locale="fr", fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]
    for m in template:
        if not m.id:
            continue
        string = tuple(map(_pseudo, m.id)) if isinstance(m.id, tuple) else _pseudo(m.id)
        catalog.add(m.id, string, context=m.context)
    for lang in ("en", "fr"):
        (folder / lang / "LC_MESSAGES").mkdir(parents=True)
    with (folder / "fr" / "LC_MESSAGES" / "messages.po").open("wb") as po:
        write_po(po, catalog)
    with (folder / "en" / "LC_MESSAGES" / "messages.po").open("wb") as po:
        po.write((LOCALE / "en" / "LC_MESSAGES" / "messages.po").read_bytes())
    printed = i18n._printed

    def marked(lang: str, kind: str, english: str, edition: str | None) -> str:
        return f"⟪{english}⟫" if lang == "fr" else printed(lang, kind, english, edition)

    with i18n.use_locale_dir(folder):
        i18n._printed = marked
        try:
            yield folder
        finally:
            i18n._printed = printed


def leaks(text: str) -> list[str]:
    """The words of ``text`` that no catalogue entry or component name produced."""
    rest = re.sub(r"<[^>]*>|https?://\S+|:\w+\[", " ", str(text)).replace("\\", "")
    while True:
        shorter = MARKED.sub(" ", rest)
        if shorter == rest:
            break
        rest = shorter
    for name in (*TITLES, *PLAYERS):
        rest = rest.replace(name, " ")
    return re.findall(r"[A-Za-z]{2,}", rest)


# ---------------------------------------------------------------- the engine's Decisions


SETUPS = {
    "empires": {"edition": "empires", "options": {"builders": True, "nations": True,
                                                   "buy_vp": True},
                "players": [{"name": n, "nation": nation} for n, nation in
                            zip(PLAYERS, ("england", "spain", "france", "holland"),
                                strict=True)]},
    "aoe3": {"edition": "aoe3", "players": [{"name": n} for n in PLAYERS]},
}


def _decision_texts(game: Game, decision) -> list[str]:
    texts = [decision.prompt]
    for answer in (*decision.answers, decision.decline):
        if answer is None:
            continue
        texts += [answer.label, answer.note or ""]
    if decision.field is not None:
        texts += [o.label for o in decision.field.options]
    return texts


@pytest.mark.parametrize(("edition", "seed"), [("empires", 3), ("empires", 8), ("aoe3", 5)])
def test_every_decision_of_a_random_game_speaks_through_the_catalogue(pseudo, edition, seed):
    rng = random.Random(seed)
    game = Game.new(SETUPS[edition])
    found: dict[str, str] = {}
    with i18n.use_language("fr"):
        for _step in range(2500):
            decision = game.pending()
            if decision is None:
                break
            texts = _decision_texts(game, decision)
            for answer in decision.answers[:4]:  # the next question of an answer that asks on
                if answer.draft is not None and not answer.ready:
                    follow = game.ask(answer.draft)
                    if follow is not None:
                        texts += _decision_texts(game, follow)
            if rng.random() < 0.2:
                texts += [t for a in game.actions() for t in (a.title, a.help)]
            for text in texts:
                for word in leaks(text):
                    found.setdefault(word, f"{text} (asked: {decision.prompt})")
            game = random_step(game, rng)
        assert game.pending() is None, "the random game did not end"
    assert not found, "\n".join(f"{w!r} in {t!r}" for w, t in found.items())


# ---------------------------------------------------------------- every page


PAGES = ["app_pages/home.py", "app_pages/new_game.py", "app_pages/table.py",
         "app_pages/scoreboard.py", "app_pages/history.py", "app_pages/score_sheet.py",
         "app_pages/rules.py"]


def _page_texts(at) -> list[str]:
    texts = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "warning",
                 "error", "success", "toast"):
        texts += [e.value for e in getattr(at, kind)]
    for kind in ("button", "checkbox", "toggle", "text_input", "number_input", "selectbox",
                 "multiselect", "radio", "expander", "date_input", "text_area", "tabs"):
        for e in getattr(at, kind):
            texts.append(getattr(e, "label", "") or "")
            if kind in ("selectbox", "radio", "multiselect"):
                texts += [str(o) for o in e.options]
    texts += [link.proto.label for link in at.get("page_link")]
    for frame in at.dataframe:
        texts += [str(c) for c in frame.value.columns]
    for chart in at.get("plotly_chart"):
        spec = json.loads(chart.proto.spec)
        layout = spec.get("layout", {})
        texts.append(str(layout.get("title", {}).get("text", "")))
        for axis in ("xaxis", "yaxis"):
            texts.append(str(layout.get(axis, {}).get("title", {}).get("text", "")))
        texts += [str(t.get("name", "")) for t in spec.get("data", [])]
    return texts


@pytest.fixture
def games(data_dir):
    """A game in progress and a finished one, kept where the app reads its games."""
    sys.path.insert(0, str(ROOT / "tests" / "app"))
    from companion.engine.playout import random_game
    from companion.store import Store, default_url

    store = Store(default_url())
    setup = {**SETUPS["empires"], "options": {"builders": True, "buy_vp": True},
             "players": [{"name": n} for n in PLAYERS]}
    finished = store.import_record(random_game(setup, seed=11).record())
    playing = store.import_record(random_game(setup, seed=12, stop_after=60).record())
    store.close()
    return playing.id, finished.id


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    yield tmp_path / "data"
    from companion.ui import saved_games

    saved_games._store_at.clear()


@pytest.mark.parametrize("page", PAGES)
def test_every_page_speaks_through_the_catalogue(pseudo, games, page):
    from streamlit.testing.v1 import AppTest

    playing, finished = games
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = "fr"
    at.session_state["aod.game_id"] = playing
    at.session_state["aod.history_game"] = finished
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception[0].value
    found: dict[str, str] = {}
    for text in _page_texts(at):
        for word in leaks(text):
            found.setdefault(word, text[:120])
    assert not found, "\n".join(f"{w!r} in {t!r}" for w, t in found.items())
