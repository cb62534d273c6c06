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
from companion.games import FAMILY_IDS, families
from companion.rules.editions import EDITIONS

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "companion" / "locale"
PLAYERS = ("Ann", "Bob", "Cid", "Dee")
# Proper names shown as they are in every language: the games' own titles (each family's
# name, each edition's title and its short name before the colon), longest first so a
# short one never cuts a long one; and the names of the sites and formats we exchange with.
_GAMES = {f.name for f in families()} | {e.title for e in EDITIONS.values()}
TITLES = tuple(sorted(_GAMES | {t.split(":")[0] for t in _GAMES}, key=len, reverse=True)) + (
    "BoardGameGeek", "BG Stats", "JSON", "CSV", "XML")
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

    def marked(lang: str, kind: str, english: str, edition: str | None,
               count: int | None = None) -> str:
        return f"⟪{english}⟫" if lang == "fr" else printed(lang, kind, english, edition, count)

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


# ---------------------------------------------------------------- refusals and reports


FILE_KEYS = ("gameRefId", "playerRefId", "plays", "games", "ignored")  # the file's own keys


def _refusal_leaks(text: str) -> list[str]:
    for key in FILE_KEYS:
        text = text.replace(f"«\u00a0{key}\u00a0»", " ").replace(key, " ")
    return leaks(text)


def test_the_bg_stats_readers_reasons_speak_through_the_catalogue(pseudo):
    """Every reason a BG Stats play is skipped, and every refusal of a file that only looks
    like an export, is a whole sentence of the catalogue (English fragments before)."""
    from companion.exchange.bgstats import NotBgStats, read_bgstats

    scores = [{"playerRefId": 1, "score": "41"}, {"playerRefId": 2, "score": "38"}]
    play = {"gameRefId": 1, "playDate": "2024-05-01 20:00:00", "playerScores": scores}
    payload = {
        "games": [{"id": 1, "name": "Endeavor: Age of Sail", "bggId": 233398}],
        "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}],
        "plays": ["not a play", {**play, "gameRefId": 9}, {**play, "ignored": True},
                  {**play, "playerScores": []}, {**play, "playerScores": [7]},
                  {**play, "playerScores": [{"playerRefId": 5, "score": "3"}]},
                  {**play, "playerScores": [{**scores[0], "score": "lots"}]},
                  {**play, "playDate": "someday"}, {**play, "playDate": None}],
    }
    with i18n.use_language("fr"):
        read = read_bgstats(payload, "plays.json")
        refused = []
        for bad in ({"plays": 3, "games": []}, {"plays": [], "games": 3}, {"plays": []}):
            with pytest.raises(NotBgStats) as caught:
                read_bgstats(bad, "plays.json")
            refused.append(str(caught.value))
    assert len(read.skipped) == 9 and read.results == []
    found = {w: text for text in (*read.skipped, *refused) for w in _refusal_leaks(text)}
    assert found == {}, found


BOARDS = {  # a board the engine refuses, each for another reason (Red and Blue, turn 1)
    "a player twice on Initiative": {"initiative": [{"player": "Red", "worker": "colonist"}] * 2},
    "a box twice": {"specialists": [{"player": "Red", "worker": "captain", "box": "merchant"},
                                    {"player": "Blue", "worker": "captain", "box": "merchant"}]},
    "workers saved": {"shipping": [{"player": "Red", "worker": "colonist"}]},
    "no such worker to place": {
        "shipping": [{"player": "Red", "worker": "colonist"}] * 4
        + [{"player": "Blue", "worker": "colonist"}] * 5,
        "specialists": [{"player": "Red", "worker": "captain", "box": "captain"}]},
    "a missing key": {"shipping": [{"player": "Red"}]},
    "a slot order no turn order gives": {
        "dock": [{"player": "Blue", "worker": "colonist"}] * 5
        + [{"player": "Red", "worker": "colonist"}],
        "shipping": [{"player": "Red", "worker": "colonist"}] * 4},
}


@pytest.mark.parametrize("why", sorted(BOARDS))
def test_board_entry_refusals_speak_through_the_catalogue(pseudo, why):
    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    from helpers import new_game

    from companion.engine.board_entry import placements_from_board
    from companion.errors import Refused

    game = new_game()
    with i18n.use_language("fr"), pytest.raises(Refused) as caught:
        placements_from_board(game.state, BOARDS[why])
    text = str(caught.value).replace("Red", " ").replace("Blue", " ")
    assert leaks(text) == [], text


def test_a_nations_power_is_named_by_its_printed_title(pseudo):
    from companion.engine import nations

    with i18n.use_language("fr"):
        assert nations.power_title("holland") == "⟪Dutch Merchants⟫"


@pytest.mark.parametrize("game", FAMILY_IDS)
def test_score_sheet_refusals_speak_through_the_catalogue(pseudo, game):
    """A score sheet's refusals (out of range, not a whole number, not a choice, too many
    players, twin names, a field no sheet has) are whole sentences of the catalogue: they
    were English f-strings glued from fragments before."""
    from companion.games import InvalidSheet, Sheet, family

    with i18n.use_language("fr"):
        f = family(game)
        options = f.default_options()
        fields = f.fields(options)
        bad = {}
        for x in fields:
            if x.type == "int":
                bad[x.name] = 10_000 if x.max is None else x.max + 1
            elif x.type == "choice":
                bad[x.name] = 99
            elif x.type == "counts":
                bad[x.name] = {x.parts[0].key: 1.5}
        players = [{**f.blank_player("Ann", options), **bad}, f.blank_player("Ann", options)]
        players += [f.blank_player(f"P{i}", options) for i in range(f.player_range(options).stop)]
        problems = f.problems(Sheet(game, tuple(players), options))
        unknown = {**f.blank_player("Ann", options), "x1": 1}  # a field no sheet has
        with pytest.raises(InvalidSheet) as caught:
            f.parse({**options, "players": [unknown, f.blank_player("Bob", options)]})
    texts = [p.message for p in problems] + [e.message for e in caught.value.errors]
    assert len(problems) >= 3, texts
    found = {w: t for t in texts for w in leaks(t.replace("Ann", " ").replace("P1", " "))}
    assert found == {}, found


def _values(data) -> set[str]:
    """The words of what a record gave (its values, not its keys): a refusal quotes them."""
    if isinstance(data, dict):
        return set().union(*map(_values, data.values())) if data else set()
    if isinstance(data, list | tuple):
        return set().union(*map(_values, data)) if data else set()
    return set(re.findall(r"[A-Za-z]{2,}", str(data)))


def test_import_refusals_speak_through_the_catalogue(pseudo):
    """Every refusal of a result or score-sheet record is a whole catalogue sentence: past
    the values the file gave, the games' ids and the list's own words (CLDR's "et", "ou"),
    nothing in it bypassed the catalogue."""
    from companion.games import InvalidSheet
    from companion.games.results import InvalidResult, Result
    from companion.games.sheet_records import read_sheet_record
    from tests.test_record_refusals import RESULTS, SHEETS

    ids = {w for i in (*FAMILY_IDS, "aoe3", "empires") for w in i.split("-")} | {"et", "ou"}
    found = {}
    for read, error, cases in ((Result.parse, InvalidResult, RESULTS),
                               (read_sheet_record, InvalidSheet, SHEETS)):
        for data, _english, _french in cases:
            with i18n.use_language("fr"), pytest.raises(error) as caught:
                read(data)
            said = str(caught.value)
            left = set(leaks(said)) - ids - _values(data)
            if left or "⟦" not in said:
                found[said] = left
    assert found == {}, found
