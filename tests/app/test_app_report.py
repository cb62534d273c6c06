"""The end-of-game report in the app: the Table of a finished game tells its story with a
button that downloads the picture; the History opens the report of a finished tracked game
and of a score sheet of each family; the report is worked out once per game revision."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ui_driver import check, open_table

from companion.engine import Game

ROOT = Path(__file__).resolve().parents[2]
HAND_GAME = json.loads((ROOT / "tests/data/hand_game_4p.json").read_text())


def _texts(at) -> str:
    text = "\n".join(m.value for m in at.markdown) + "\n".join(s.value for s in at.subheader)
    return text.replace("\\", "")  # markdown escapes (views.md) taken off


def _downloads(at) -> list:
    return [d for d in at.get("download_button") if "report_png" in (d.proto.id or "")
            or "picture" in str(d.proto.label)]


def test_the_table_of_a_finished_game_tells_its_story_with_the_picture(at, store):
    done = store.import_record(HAND_GAME)
    open_table(at, done.id)
    text = _texts(at)
    assert "The story of the game" in text
    assert "Turn 7: Ann takes the lead from Bob (41 VP to 40)." in text
    assert "Dev finishes ahead of Cleo on equal VP" in text
    assert _downloads(at), "no button downloads the picture"


def test_an_unfinished_game_has_no_report_on_the_table(at, store):
    full = Game.from_record(HAND_GAME)
    half = Game.from_events(full.setup, full.events[:120])
    open_table(at, store.import_record(half.record()).id)
    assert "The story of the game" not in _texts(at)


def test_the_report_is_worked_out_once_per_revision(at, store, monkeypatch):
    from companion import report
    from companion.ui import report_view

    done = store.import_record(HAND_GAME)
    calls = []
    real = report.game_report
    monkeypatch.setattr(report_view, "game_report", lambda g: calls.append(1) or real(g))
    open_table(at, done.id)
    at.run()
    check(at)
    assert len(calls) == 1


def test_the_history_opens_the_report_of_a_finished_game(at, store):
    done = store.import_record(HAND_GAME)
    at.session_state["aod.history_game"] = done.id
    at.switch_page("app_pages/history.py").run()
    check(at)
    assert "The story of the game" in _texts(at)
    assert _downloads(at)


@pytest.mark.parametrize("sheet, told", [
    ({"game": "endeavor", "players": [
        {"name": n, "industry_track": 7, "culture_track": 3, "wealth_track": 2,
         "influence_track": 1, "cities_connections_glory": 5, "buildings_cards_glory": 4,
         "governor_slot_empty": False, "harbor_discs": 4} for n in ("Red", "Blue")]},
     "Red and Blue share the victory"),
    ({"game": "nouveau-monde", "players": [
        {"name": n, "wood": w, "metal": 0, "food": 0, "gold": 1, "cities": 1, "colonists": 0,
         "expansions": 1, "armies": 0, "research": 0, "master": m}
        for n, w, m in (("Rouge", 5, None), ("Bleu", 30, "Rouge"))]},
     "Bleu could not win"),
    ({"players": [{"name": "Anne", "colony": [6, 8, 10], "money": 9},
                  {"name": "Étienne", "colony": [6, 10, 8], "money": 9}]},
     "Anne finishes ahead of Étienne on equal VP"),
])
def test_the_history_opens_the_report_of_each_score_sheet_family(at, store, sheet, told):
    saved = store.save_score_sheet(sheet)
    at.session_state["aod.history_game"] = saved
    at.switch_page("app_pages/history.py").run()
    check(at)
    text = _texts(at)
    assert "The story of the game" in text and told in text
    assert "best category" in text
    assert _downloads(at)


def test_without_a_renderer_the_page_says_so_and_offers_the_rest(at, store, monkeypatch):
    from companion.report import picture

    monkeypatch.setattr(picture, "available", lambda: False)
    open_table(at, store.import_record(HAND_GAME).id)
    assert "The story of the game" in _texts(at)
    assert not _downloads(at)
    assert any("cannot draw the picture" in i.value for i in at.info)
