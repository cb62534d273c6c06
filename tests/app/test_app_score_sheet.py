"""Score sheets through the widgets: saved to the history, listed, opened, counted in the
statistics, reopened on the Score sheet page."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime

from streamlit.testing.v1 import AppTest
from ui_driver import check, errors

from companion.engine.playout import random_game
from companion.ui import library
from tests.aod_sheets import aod_player, aod_sheet


def plain(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def frame_with(at: AppTest, *columns: str):
    """The first dataframe on the page that has all these columns."""
    return next(d.value for d in at.dataframe if set(columns) <= set(d.value.columns))


def fill_three_players(at: AppTest) -> None:
    """Ann 42 VP (wins), Bob 23, Cid 20 (see test_the_score_sheet_totals_ranks_and_tie_breaks)."""
    at.switch_page("app_pages/score_sheet.py").run()
    check(at)
    at.segmented_control(key="sheet_count").set_value(3).run()
    for i, name in enumerate(["Ann", "Bob", "Cid"]):
        at.text_input(key=f"sheet_name_{i}").set_value(name).run()
    at.selectbox(key="sheet_colour_0").set_value("red").run()
    at.selectbox(key="sheet_nation_0").set_value("england").run()
    for age, vp in enumerate((6, 8, 10)):
        at.number_input(key=f"sheet_colony_0_{age}").set_value(vp).run()
    at.multiselect(key="sheet_discoveries_0").set_value(["t01"]).run()
    at.multiselect(key="sheet_buildings_0").set_value(["navy"]).run()
    at.pills(key="sheet_goods_0_held").set_value(["fur"]).run()  # only the goods held
    assert at.number_input(key="sheet_goods_0_fur").value == 1  # a pick holds one at least
    at.number_input(key="sheet_goods_0_fur").set_value(3).run()
    at.number_input(key="sheet_ships_0").set_value(2).run()
    at.number_input(key="sheet_colony_1_0").set_value(20).run()
    at.multiselect(key="sheet_buildings_1").set_value(["population"]).run()
    at.number_input(key="sheet_facts_1_new_world_workers").set_value(7).run()
    at.number_input(key="sheet_colony_2_0").set_value(10).run()
    at.number_input(key="sheet_colony_2_2").set_value(10).run()
    check(at)


def test_a_saved_sheet_is_in_the_history_the_statistics_and_home(at, store):
    fill_three_players(at)
    assert "Score sheets are not kept" not in " ".join(c.value for c in at.caption)
    at.date_input(key="sheet_date").set_value(date(2024, 6, 7)).run()
    at.text_input(key="sheet_note").set_value("Friday at Cleo's").run()
    assert store.count_games() == 0
    at.button(key="sheet_save").click().run()
    check(at)
    (listing,) = store.list_games()
    assert listing.kind == "score_sheet" and listing.status == "finished"
    assert listing.totals == {"Ann": 42, "Bob": 23, "Cid": 20}
    assert listing.winners == ["Ann"]
    assert listing.created == datetime(2024, 6, 7, tzinfo=UTC)
    saved = store.load_sheet(listing.id)
    assert saved.sheet.note == "Friday at Cleo's"
    assert saved.sheet.players[0]["nation"] == "england"
    assert saved.sheet.players[0]["colour"] == "red"
    assert [s.value for s in at.success] == [
        f"Saved to the history as game #{listing.id}: it counts in the statistics."]
    (link,) = [p for p in at.get("page_link") if p.proto.label == "Open it in the History"]
    assert link.proto.page == "history"
    assert not any(b.key == "sheet_save" for b in at.button)  # no second copy by accident
    at.run()
    assert store.count_games() == 1

    # History: listed with its marker, opened as a breakdown (no replay), in the statistics
    at.switch_page("app_pages/history.py").run()
    check(at)
    games = frame_with(at, "Kind")
    assert list(games["Kind"]) == ["🧮 score sheet"] and list(games["Top score"]) == [42]
    assert at.selectbox(key="hist_game").value == listing.id
    assert any("score sheet" in m.value and "Jun 7, 2024" in m.value for m in at.markdown)
    assert any("Friday at Cleo's" in plain(m.value) for m in at.markdown)
    totals = frame_with(at, "Place")
    assert list(zip(totals["Player"], totals["VP"], totals["Place"], strict=True)) == [
        ("Ann", 42, 1), ("Bob", 23, 2), ("Cid", 20, 3)]
    assert not at.get("select_slider")  # no step-through replay
    assert not [c for c in at.segmented_control if (c.key or "").startswith("hist_mode")]
    stats = frame_with(at, "Win rate")
    rows = {r["Player"]: r for r in stats.to_dict("records")}
    assert (rows["Ann"]["Games"], rows["Ann"]["Wins"], rows["Ann"]["Best VP"]) == (1, 1, 42)
    assert (rows["Cid"]["Games"], rows["Cid"]["Wins"], rows["Cid"]["Best VP"]) == (1, 0, 20)
    nations = frame_with(at, "Nation", "Win rate")
    assert list(nations["Nation"]) == ["England"] and list(nations["Wins"]) == [1]

    # Home: among the recently finished games
    at.switch_page("app_pages/home.py").run()
    check(at)
    assert any("🧮 score sheet" in m.value and "won by Ann (42 VP)" in m.value
               for m in at.markdown)
    assert at.button(key=f"replay_{listing.id}").label == "Open"


def test_a_change_after_saving_can_be_saved_as_another_game(at, store):
    fill_three_players(at)
    at.button(key="sheet_save").click().run()
    (first,) = store.list_games()
    at.number_input(key="sheet_money_2").set_value(5).run()
    check(at)
    assert any(f"Changed since it was saved as game #{first.id}" in c.value
               for c in at.caption)
    at.button(key="sheet_save").click().run()
    check(at)
    assert store.count_games() == 2
    assert [g.kind for g in store.list_games()] == ["score_sheet", "score_sheet"]


def test_a_sheet_played_today_lists_before_todays_earlier_games(at, store):
    earlier = store.import_record(random_game({"players": [{"name": "A"}, {"name": "B"}]},
                                              seed=2).record())
    at.switch_page("app_pages/score_sheet.py").run()
    assert at.date_input(key="sheet_date").value == date.today()
    at.button(key="sheet_save").click().run()
    check(at)
    newest, older = store.list_games()
    assert (newest.kind, older.id) == ("score_sheet", earlier.id)
    assert newest.created >= earlier.created


def test_a_sheet_the_store_would_refuse_cannot_be_saved(at, store):
    at.switch_page("app_pages/score_sheet.py").run()
    at.selectbox(key="sheet_colour_0").set_value("blue").run()
    at.selectbox(key="sheet_colour_1").set_value("blue").run()
    check(at)
    assert any("two players have the same colour" in e for e in errors(at))
    assert not any(b.key == "sheet_save" for b in at.button)
    assert store.count_games() == 0


TYPED = aod_sheet(
    edition="empires", builders=True, note="reopen me",
    players=(
        aod_player("Ann", colony=(6, 8, 12), typed_discovery_vp=11, typed_discovery_count=2,
                    buildings=("age_of_discovery", "glory"), facts={"glory_regions": 3},
                    goods={"sugar": 4}, money=7, colour="green"),
        aod_player("Bob", colony=(2, 2, 2), discoveries=("t01", "t02"), buildings=("navy",),
                    extra_buildings=1, ships=3, money=40, bought=4, nation="holland"),
    ),
)


def test_a_saved_sheet_reopens_on_the_score_sheet_page(at, store):
    gid = store.save_score_sheet(TYPED, created=datetime(2024, 3, 2, tzinfo=UTC))
    expected = {p.player: (p.place, p.total) for p in store.load_sheet(gid).scored.players}
    at.session_state["aod.history_game"] = gid
    at.switch_page("app_pages/history.py").run()
    check(at)
    inputs = frame_with(at, "Colony VP", "Goods")  # the inputs, not the totals
    assert list(inputs["Colony VP"]) == ["6, 8, 12", "2, 2, 2"]
    at.button(key=f"hist_reopen_{gid}").click().run()
    check(at)
    assert at.title[0].value == "🧮 Score sheet"
    assert at.segmented_control(key="sheet_count").value == 2
    assert at.toggle(key="sheet_builders").value is True
    assert at.text_input(key="sheet_name_1").value == "Bob"
    assert at.number_input(key="sheet_typed_discovery_vp_0").value == 11
    assert at.number_input(key="sheet_facts_0_glory_regions").value == 3
    assert at.pills(key="sheet_goods_0_held").value == ["sugar"]  # the goods held, picked
    assert at.number_input(key="sheet_goods_0_sugar").value == 4
    assert at.pills(key="sheet_goods_1_held").value == []
    assert not [n for n in at.number_input if n.key.startswith("sheet_goods_1_")]
    assert at.number_input(key="sheet_extra_buildings_1").value == 1
    assert at.selectbox(key="sheet_nation_1").value == "holland"
    assert at.date_input(key="sheet_date").value == date(2024, 3, 2)
    totals = frame_with(at, "Place")
    assert {r["Player"]: (r["Place"], r["VP"]) for r in totals.to_dict("records")} == expected
    # exactly the saved inputs: the page recognises the sheet as already saved
    assert [s.value for s in at.success] == [
        f"Saved to the history as game #{gid}: it counts in the statistics."]
    at.switch_page("app_pages/score_sheet.py")  # AppTest reruns the page it was told to run
    at.number_input(key="sheet_bought_1").set_value(0).run()
    check(at)
    assert not at.success
    assert at.button(key="sheet_save").label == "Save to history"
    assert at.number_input(key="sheet_typed_discovery_vp_0").value == 11  # the rest is kept


def test_a_link_to_a_sheet_on_the_table_page_explains_itself(store):
    gid = store.save_score_sheet(TYPED)
    at = AppTest.from_file(str(__import__("ui_driver").APP), default_timeout=60)
    at.query_params["game"] = str(gid)
    at.switch_page("app_pages/table.py").run()
    check(at)
    assert any(f"Game {gid} is a score sheet" in plain(w.value) for w in at.warning)


def test_a_bundle_carries_sheets_and_imports_again(store):
    game = store.import_record(random_game({"players": [{"name": "A"}, {"name": "B"}]},
                                           seed=8).record())
    gid = store.save_score_sheet(TYPED, created=datetime(2024, 3, 2, tzinfo=UTC))
    bundle = library.export_bundle([game.id, gid])
    formats = [r["format"] for r in json.loads(bundle)["games"]]
    assert formats == ["age-of-discovery-companion/game",
                       "age-of-discovery-companion/score-sheet"]
    report = library.import_files([("games.json", bundle.encode())])
    assert report.failed == [] and len(report.imported) == 2
    again = store.load_sheet(report.imported[1])
    assert again.sheet == TYPED and again.created == datetime(2024, 3, 2, tzinfo=UTC)
    assert library.history(library.Filters(kind="score_sheet")).total == 2


def test_goods_are_picked_then_counted_and_kept_exactly_as_before(at, store):
    """Age of Discovery goods on a phone: the goods a player holds are picked, and only those
    get a number (not 11 steppers per seat); the sheet stored is the one typed before, and a
    count beyond the tokens in the game is still refused under the field."""
    at.switch_page("app_pages/score_sheet.py").run()
    at.segmented_control(key="sheet_count").set_value(2).run()
    for i, name in enumerate(["Ann", "Bob"]):
        at.text_input(key=f"sheet_name_{i}").set_value(name).run()
    at.number_input(key="sheet_colony_0_0").set_value(4).run()
    assert not [n for n in at.number_input if n.key.startswith("sheet_goods_")]
    at.pills(key="sheet_goods_0_held").set_value(["sugar", "fur", "fish"]).run()
    assert [n.key for n in at.number_input if n.key.startswith("sheet_goods_0_")] == [
        "sheet_goods_0_sugar", "sheet_goods_0_fur", "sheet_goods_0_fish"]
    at.number_input(key="sheet_goods_0_sugar").set_value(7).run()  # 6 in the game
    check(at)
    assert any("sugar" in e and "6" in e for e in errors(at)), errors(at)
    at.number_input(key="sheet_goods_0_sugar").set_value(4).run()
    at.pills(key="sheet_goods_0_held").set_value(["sugar", "fur"]).run()  # fish let go
    check(at)
    at.button(key="sheet_save").click().run()
    (listing,) = store.list_games()
    saved = store.load_sheet(listing.id).sheet
    expected = aod_sheet(edition=saved.options["edition"], builders=saved.options["builders"],
                         players=(aod_player("Ann", colony=(4, 0, 0),
                                             goods={"sugar": 4, "fur": 1}),
                                  aod_player("Bob")))
    assert saved.players[0]["goods"] == {"sugar": 4, "fur": 1}
    for seat, player in enumerate(expected.players):  # key by key, as typed before
        assert dict(saved.players[seat]) == dict(player), seat


def test_a_french_phone_reads_the_score_sheet_in_french(at, store):
    """The sheet's own sentences (saved, changed since, cannot be totalled, a player
    chooser's nobody, the goods picker's help) are in the table's language."""
    at.context["locale"] = "fr-FR"
    fill_three_players(at)
    at.button(key="sheet_save").click().run()
    check(at)
    (listing,) = store.list_games()
    assert [s.value for s in at.success] == [
        f"Enregistrée dans l'historique comme partie n° {listing.id} : elle compte dans les "
        "statistiques."]
    assert at.pills(key="sheet_goods_1_held").help.startswith("Touchez ce que le joueur")
    at.number_input(key="sheet_ships_0").set_value(3).run()
    assert any(c.value.startswith(f"Modifiée depuis son enregistrement comme partie n° "
                                  f"{listing.id}") for c in at.caption)
    at.number_input(key="sheet_ships_0").set_value(-1).run()
    assert "La feuille ne peut pas encore être totalisée\u00a0: voyez les saisies marquées 🚫 " \
           "pour Ann." in [e.value for e in at.error]
    at.number_input(key="sheet_ships_2").set_value(-1).run()
    assert "La feuille ne peut pas encore être totalisée\u00a0: voyez les saisies marquées 🚫 " \
           "pour Ann et Cid." in [e.value for e in at.error]


def test_the_seats_to_see_are_named_by_their_players(at, store):
    """The sheet that cannot be totalled says whose entries are refused, by name."""
    at.switch_page("app_pages/score_sheet.py").run()
    at.text_input(key="sheet_name_0").set_value("Ann").run()
    at.text_input(key="sheet_name_1").set_value("Bob").run()
    at.number_input(key="sheet_ships_1").set_value(-1).run()
    said = "The sheet cannot be totalled yet: see the entries marked 🚫 for {}."
    assert said.format("Bob") in [e.value for e in at.error]
    at.number_input(key="sheet_ships_0").set_value(-1).run()
    assert said.format("Ann and Bob") in [e.value for e in at.error]
    assert said.format("Bob") not in [e.value for e in at.error]
