"""History page: exports for BG Stats and BoardGameGeek, the import of a BG Stats export with
its players matched to the players kept, and imported results shown and counted."""

from __future__ import annotations

import json
import re

from ui_driver import check, errors

from companion import i18n
from companion.games import FAMILY_IDS
from companion.games.results import Result
from companion.ui import library

RESULT = {"game": "endeavor", "played": "2024-05-01T20:00:00+00:00", "key": "bgstats:R1",
          "source": "BG Stats",
          "players": [{"name": "Ann", "score": 41, "won": True, "start": True},
                      {"name": "Bob", "score": 38}]}
EXPORT = {"games": [{"id": 1, "name": "Endeavor: Age of Sail", "bggId": 233398},
                    {"id": 2, "name": "Catan", "bggId": 13}],
          "players": [{"id": 1, "name": "ann"}, {"id": 2, "name": "Robert"}],
          "plays": [{"uuid": "P1", "playDate": "2024-06-07 21:00:00", "gameRefId": 1,
                     "playerScores": [{"playerRefId": 1, "score": "50", "winner": True},
                                      {"playerRefId": 2, "score": "44", "winner": False}]},
                    {"uuid": "P2", "playDate": "2024-06-08 21:00:00", "gameRefId": 2,
                     "playerScores": [{"playerRefId": 1, "score": "9", "winner": True}]},
                    {"uuid": "P3", "playDate": "2024-06-09 21:00:00", "gameRefId": 1,
                     "playerScores": [{"playerRefId": 1, "score": "x", "winner": True}]}]}


def test_an_imported_result_opens_and_counts_for_wins(at, store):
    gid = store.save_result(Result.parse(RESULT))
    at.switch_page("app_pages/history.py").run()
    check(at)
    at.selectbox(key="hist_game").set_value(gid).run()
    check(at)
    table = next(d.value for d in at.dataframe if "Won" in d.value.columns)
    assert list(table["Player"]) == ["Ann", "Bob"] and list(table["Glory"]) == [41, 38]
    stats = next(d.value for d in at.dataframe if "Win rate" in d.value.columns)
    assert dict(zip(stats["Player"], stats["Wins"], strict=True)) == {"Ann": 1, "Bob": 0}
    at.selectbox(key="hist_kind").set_value("result").run()
    check(at)
    assert "1 game" in at.caption[0].value


def test_the_history_offers_files_for_other_apps(at, store):
    store.save_result(Result.parse(RESULT))
    at.switch_page("app_pages/history.py").run()
    check(at)
    labels = [b.label for b in at.get("download_button")]
    assert {"Download for BG Stats (JSON)", "Download for BoardGameGeek (XML)"} <= set(labels)
    data = json.loads(library.export_plays("bgstats", [g.id for g in store.list_games()]))
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob"]


def test_a_bg_stats_export_is_imported_with_its_players_matched(at, store):
    store.save_result(Result.parse(RESULT))  # Ann and Bob are kept
    at.switch_page("app_pages/history.py").run()
    at.file_uploader(key="hist_upload").set_value([
        ("bgstats.json", json.dumps(EXPORT).encode(), "application/json")]).run()
    check(at)
    ann, robert = at.selectbox(key="hist_as_ann"), at.selectbox(key="hist_as_robert")
    assert ann.value == "Ann"  # the same name but for case: matched
    assert robert.value == "(a new player, as written)"
    robert.set_value("Bob").run()
    at.button(key="hist_import").click().run()
    check(at)
    assert errors(at) == []
    assert any("Imported 1 game:" in s.value for s in at.success)
    assert any("Catan (1)" in i.value for i in at.info)
    assert any("1 play skipped" in e.label for e in at.expander)
    players = {s.name: (s.games, s.wins) for s in store.player_stats()}
    assert players == {"Ann": (2, 2), "Bob": (2, 0)}
    at.button(key="hist_import").click().run()  # the same file again
    assert "1 game already kept, not added again." in [i.value for i in at.info]
    assert store.count_games() == 2


def test_a_french_phone_reads_the_import_and_its_refusals_in_french(at, store):
    """The import's counts and a refused file are French sentences at a French table."""
    at.context["locale"] = "fr-FR"
    bad = dict(RESULT, format="age-of-discovery-companion/result", version=1, game="catan")
    # (French here too: AppTest words the page's choices with their labels in this thread)
    with i18n.use_language("fr"):
        at.switch_page("app_pages/history.py").run()
        at.file_uploader(key="hist_upload").set_value([
            ("bgstats.json", json.dumps(EXPORT).encode(), "application/json"),
            ("autre.json", json.dumps(bad).encode(), "application/json")]).run()
        at.button(key="hist_import").click().run()
        check(at)
        assert any(s.value.startswith("1 partie importée : #") for s in at.success)
        refused = [re.sub(r"\\(.)", r"\1", e) for e in errors(at)]  # markdown unescaped
        known = i18n.format_list(FAMILY_IDS)  # (the registry's ids, in French)
        assert refused == [
            f"autre.json\u00a0: jeu inconnu\u00a0: 'catan' (jeux connus\u00a0: {known})"]
        at.button(key="hist_import").click().run()
    assert "1 partie déjà gardée, pas ajoutée à nouveau." in [i.value for i in at.info]
