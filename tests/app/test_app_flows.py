"""The main flows through the widgets: new game, a full turn, undo, refusals, conflicts,
the score sheet and the import of records."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

from streamlit.testing.v1 import AppTest
from ui_driver import (
    TIMEOUT,
    Driver,
    check,
    errors,
    next_answer,
    open_table,
    same_event,
    tap_answer,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the store's games
from store.games import old_record_with_a_battle_against_nobody  # noqa: E402

from companion.engine import Game
from companion.engine.playout import random_game, random_step
from companion.ui import views

FOUR = {"edition": "empires",
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}


def plain(text: str) -> str:
    """Markdown escapes removed: the text as the table reads it."""
    return re.sub(r"\\(.)", r"\1", text)


def shown_errors(at: AppTest) -> list[str]:
    return [plain(e) for e in errors(at)]


# ---------------------------------------------------------------- new game


def test_a_new_game_is_saved_and_opened_on_the_table(at, store):
    at.switch_page("app_pages/new_game.py").run()
    check(at)
    at.segmented_control(key="ng_count").set_value(3).run()
    for i, name in enumerate(["Ann", "Bob", "Cid"]):
        at.text_input(key=f"ng_name_{i}").set_value(name).run()
    at.toggle(key="ng_builders").set_value(True).run()
    money = at.dataframe[0].value
    assert list(money["$"]) == [10, 11, 12]
    at.button(key="ng_start").click().run()
    check(at)
    (listing,) = store.list_games()
    game = store.load(listing.id).game
    assert game.setup.names == ["Ann", "Bob", "Cid"] and game.setup.options.builders
    assert at.session_state["aod.game_id"] == listing.id
    open_table(at, listing.id)
    assert any("which 4 goods were turned face up" in m.value for m in at.markdown)


def test_a_bad_set_up_is_refused_in_the_engines_words(at, store):
    at.switch_page("app_pages/new_game.py").run()
    at.segmented_control(key="ng_count").set_value(2).run()
    at.text_input(key="ng_name_0").set_value("Ann").run()
    at.text_input(key="ng_name_1").set_value("Ann").run()
    check(at)
    assert any("two players have the same name" in e for e in shown_errors(at))
    assert at.button(key="ng_start").disabled
    assert store.count_games() == 0


def test_aoe3_bids_the_auction_cannot_end_with_are_refused_before_the_start(at, store):
    """`001_…`, Annex I: each bid is higher than the one before, so seat 2's last bid is below
    the winning one."""
    at.switch_page("app_pages/new_game.py").run()
    at.radio(key="ng_edition").set_value("aoe3").run()
    at.checkbox(key="ng_bidding").check().run()
    at.number_input(key="ng_bid_1").set_value(6).run()
    at.number_input(key="ng_bid_2").set_value(9).run()
    check(at)
    assert any("seat 2's last bid ($9) must be below the winning bid ($6)" in e
               for e in shown_errors(at))
    assert at.button(key="ng_start").disabled
    at.number_input(key="ng_bid_1").set_value(10).run()
    assert not at.button(key="ng_start").disabled
    at.button(key="ng_start").click().run()
    check(at)
    (listing,) = store.list_games()
    assert store.load(listing.id).game.setup.bidding.winner_bid == 10


def test_part_of_the_builder_expansion_is_chosen_on_the_new_game_page(at, store):
    """`000_…`: experienced players may play part of the Builder expansion."""
    at.switch_page("app_pages/new_game.py").run()
    at.toggle(key="ng_builders").set_value(True).run()
    assert at.radio(key="ng_builder_part").value == "all"
    assert at.checkbox(key="ng_mayflower_any_time")  # a reading of one of its buildings
    at.radio(key="ng_builder_part").set_value("builders").run()
    assert not [c for c in at.checkbox if c.key == "ng_mayflower_any_time"]
    at.radio(key="ng_builder_part").set_value("buildings").run()
    at.button(key="ng_start").click().run()
    check(at)
    (listing,) = store.list_games()
    options = store.load(listing.id).game.setup.options
    assert (options.builders, options.builder_buildings) == (False, True)
    assert options.expansion_buildings


def test_the_turn_order_can_be_drawn_at_random(at, store):
    at.switch_page("app_pages/new_game.py").run()
    at.radio(key="ng_order").set_value("random").run()
    at.button(key="ng_start").click().run()
    check(at)
    (listing,) = store.list_games()
    assert sorted(listing.players) == [f"Player {i}" for i in range(1, 5)]


def test_national_advantages_by_auction_set_the_seats_boards_and_money(at, store):
    """`000_…`, Appendix I: each round's winner and bid are entered; the engine works out the
    money ($15 less the bid; the last seat pays half the last bid, rounded up)."""
    at.switch_page("app_pages/new_game.py").run()
    at.segmented_control(key="ng_count").set_value(3).run()
    for i, name in enumerate(["Ann", "Bob", "Cid"]):
        at.text_input(key=f"ng_name_{i}").set_value(name).run()
    at.toggle(key="ng_nations").set_value(True).run()
    assert at.radio(key="ng_boards").value == "auction"
    at.selectbox(key="ng_auction_winner_0").set_value(2).run()  # Cid wins round 1
    at.number_input(key="ng_auction_bid_0").set_value(6).run()
    at.selectbox(key="ng_auction_nation_0").set_value("portugal").run()
    at.selectbox(key="ng_auction_winner_1").set_value(0).run()  # then Ann
    at.number_input(key="ng_auction_bid_1").set_value(3).run()
    at.selectbox(key="ng_auction_nation_1").set_value("spain").run()
    at.selectbox(key="ng_auction_nation_last").set_value("italy").run()
    check(at)
    assert list(at.dataframe[0].value["$"]) == [9, 12, 13]
    at.button(key="ng_start").click().run()
    check(at)
    (listing,) = store.list_games()
    setup = store.load(listing.id).game.setup
    assert [(p.name, p.nation) for p in setup.players] == [
        ("Cid", "portugal"), ("Ann", "spain"), ("Bob", "italy")]
    assert setup.auction.bids == [6, 3]


def test_national_advantages_dealt_at_random_start_with_10_each(at, store):
    at.switch_page("app_pages/new_game.py").run()
    at.segmented_control(key="ng_count").set_value(3).run()
    at.toggle(key="ng_nations").set_value(True).run()
    at.radio(key="ng_boards").set_value("random").run()
    at.button(key="ng_boards_deal").click().run()
    check(at)
    assert list(at.dataframe[0].value["$"]) == [10, 10, 10]
    at.radio(key="ng_boards_money").set_value("by_seat").run()
    assert list(at.dataframe[0].value["$"]) == [10, 11, 12]


def test_reduced_randomness_draws_ten_age_three_buildings(at, store):
    at.switch_page("app_pages/new_game.py").run()
    at.checkbox(key="ng_reduced").check().run()
    assert any("10 different Age III buildings" in e for e in shown_errors(at))
    at.button(key="ng_age3_draw").click().run()
    at.button(key="ng_start").click().run()
    check(at)
    (listing,) = store.list_games()
    assert len(store.load(listing.id).game.setup.age3_buildings) == 10


# ---------------------------------------------------------------- the table


def test_a_full_four_player_turn_through_the_table_widgets(at, store):
    sg = store.create_game(FOUR)
    open_table(at, sg.id)
    driver = Driver(at, store, sg.id)
    rng = random.Random(7)
    while True:
        game = store.load(sg.id).game
        if game.state.turn == 2:
            break
        answer = next_answer(game, rng)
        driver.enter(answer)
        after = store.load(sg.id)
        table = [e for e in after.game.events[len(game.events):] if not e.auto]
        assert len(table) == len(answer), (answer, errors(at))
        assert same_event({**table[0].model_dump(mode="json"), "group": False}, answer[0])
    assert store.load(sg.id).game.state.phase == "placement"
    assert driver.taps < 70
    assert any("Turn 2 of 8" in m.value for m in at.markdown)


def test_placement_offers_only_legal_choices(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    decision = store.load(sg.id).game.pending()
    # one row of places per worker type, one place per legal placement, nothing else to
    # answer
    assert not [b for b in at.button if b.key and b.key.startswith("ans_")]
    rows = [g for g in at.button_group if (g.key or "").startswith("place_")]
    assert [g.key for g in rows] == ["place_colonist@1:0"]
    labels = [views.short_place(a.value) for a in decision.answers]
    assert rows[0].options == labels and len(set(labels)) == len(labels)
    assert {a.value.worker for a in decision.answers} == {"colonist"}  # only colonists to place
    assert {a.value.track for a in decision.answers} >= {"initiative", "dock", "shipping",
                                                      "warfare", "trade_goods"}


def _place_on_the_dock(at, store, game_id: int) -> None:
    stored = store.load(game_id)
    decision = stored.game.pending()
    i = next(i for i, a in enumerate(decision.answers) if a.value == ("colonist", "dock", None))
    tap_answer(at, decision, i, stored.seq)


def test_undo_takes_back_the_last_step(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    _place_on_the_dock(at, store, sg.id)
    assert store.load(sg.id).seq == 2
    assert "Ann: colonist on Colonist Dock" in plain(at.button(key="undo@2").help)
    at.button(key="undo@2").click().run()
    check(at)
    assert store.load(sg.id).seq == 1
    assert at.button(key="undo@1")  # the page shows the step before again
    assert any("Ann places a worker" in plain(m.value) for m in at.markdown)


def test_the_question_names_who_decides_once(at, store):
    """The heading reads as one sentence: the decider's colour disc, then the question,
    which already opens with their name (not "🔴 Ann · Ann places a worker")."""
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    heading = [plain(m.value) for m in at.markdown if m.value.startswith("#### 🔴")]
    assert heading == ["#### 🔴 Ann places a worker (5 colonists left)"]


def test_a_refused_step_shows_the_engine_error_and_keeps_the_input(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    at.session_state["correction"] = True  # open the Correction expander (drawn when open)
    at.run()
    at.text_input(key="fix_reason@1").set_value("a slip").run()
    at.number_input(key="fix_money@1").set_value(-50).run()
    at.button(key="fix_go@1").click().run()
    check(at)
    assert any("Ann has $10; a correction of -50 would leave less than nothing" in e
               for e in shown_errors(at))
    assert store.load(sg.id).seq == 1  # nothing saved
    assert at.text_input(key="fix_reason@1").value == "a slip"  # nothing lost
    assert at.number_input(key="fix_money@1").value == -50


def test_the_correction_form_allows_what_the_correction_event_allows(at, store):
    """The form's limits are the engine's (fields.py): a large VP correction the event
    accepts is recorded, not clipped by a smaller limit of the page's own."""
    from companion.engine import AMOUNT_MAX, COUNT_MAX

    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    at.session_state["correction"] = True
    at.run()
    assert at.number_input(key="fix_money@1").max == AMOUNT_MAX
    assert at.number_input(key="fix_ships@1").min == -COUNT_MAX
    assert at.number_input(key="fix_good_n@1").max == COUNT_MAX
    at.text_input(key="fix_reason@1").set_value("points counted twice").run()
    at.number_input(key="fix_vp@1").set_value(250).run()
    at.button(key="fix_go@1").click().run()
    check(at)
    game = store.load(sg.id)
    assert game.seq == 2 and game.game.state.players["Ann"].corrected_vp == 250


def _game_at_a_possible_battle() -> Game:
    """A random game stopped where a Warfare worker could fight."""
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(FOUR)
        while game.state.phase != "over":
            wanted = game.pending()
            if wanted.type == "warfare" and wanted.answers:
                return game
            game = random_step(game, rng)
    raise AssertionError("no battle found")


def test_a_battle_is_fought_by_tapping_the_offered_answers(at, store):
    game = _game_at_a_possible_battle()
    sg = store.import_record(game.record())
    open_table(at, sg.id)
    seq = sg.seq
    wanted = game.pending()
    battle = next(i for i, a in enumerate(wanted.answers) if a.value[1] is not None)
    at.button(key=f"ans_{battle}@{seq}:0").click().run()
    check(at)
    for _ in range(6):  # the losses, one question per side and region: the usual one
        if store.load(sg.id).seq != seq:
            break
        keys = sorted(b.key for b in at.button if b.key and b.key.startswith("ans_0@"))
        at.button(key=keys[0]).click().run()
        check(at)
    fought = [e for e in store.load(sg.id).game.events[seq:] if not e.auto][0]
    assert fought.type == "warfare" and fought.kind == "battle"
    assert not errors(at)


def test_a_step_recorded_meanwhile_on_another_device_is_a_conflict(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    shown = store.load(sg.id).game.pending()  # the question on this phone
    store.append(sg.id, {"type": "place", "player": "Ann", "worker": "colonist",
                         "track": "shipping"}, 1)  # the other phone
    tap_answer(at, shown, 1, 1)
    warnings = [plain(w.value) for w in at.warning]
    # the page shows the next question, with no place left chosen
    rows = [g for g in at.button_group if (g.key or "").startswith("place_")]
    assert rows and all(g.value is None for g in rows)
    assert any(w.startswith("Another device already recorded: Ann: colonist on Merchant "
                            "Shipping") for w in warnings), warnings
    assert not any("revision" in w or "seq" in w for w in warnings)  # no internals
    game = store.load(sg.id).game
    assert len(game.events) == 2 and game.events[-1].track == "shipping"
    assert any("Bob places a worker" in plain(m.value) for m in at.markdown)  # reloaded


def test_a_tap_for_an_old_step_is_ignored(store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    script = """
from companion.engine import Answer
from companion.ui import decisions, playing, widgets
stored = playing.current_game()
decisions._choose(Answer("Dock", events=({"type": "place", "player": "Ann",
                                         "worker": "colonist", "track": "dock"},)),
                  stored.seq - 1)
widgets.show_flashes()
"""
    at = AppTest.from_string(script, default_timeout=TIMEOUT)
    at.session_state["aod.game_id"] = sg.id
    at.run()
    check(at)
    assert any("ignored" in plain(i.value) for i in at.info)
    assert store.load(sg.id).seq == 1


def test_a_building_that_needs_a_choice_asks_for_it(at, store):
    sg = store.create_game(dict(FOUR, options={"builders": True}))
    reveal = dict(REVEAL, buildings=["war_chest_specialists", "settlers", "monastery",
                                     "trading_post", "navigator"])
    game = store.append(sg.id, reveal, 0).game
    first = True
    while game.pending().type == "place":
        who = game.pending().player
        track = "buildings" if first else "shipping"
        first = False
        game = store.append(sg.id, {"type": "place", "player": who, "worker": "colonist",
                                    "track": track}, len(game.events)).game
    assert game.pending().type == "buy"
    seq = len(game.events)
    open_table(at, sg.id)
    wanted = game.pending()
    chest = next(i for i, a in enumerate(wanted.answers) if a.value == "war_chest_specialists")
    at.button(key=f"ans_{chest}@{seq}:0").click().run()  # War Chest: 2 specialists, free
    check(at)
    follow = game.ask(wanted.answers[chest].draft)
    pair = next(i for i, a in enumerate(follow.answers)
                if a.value == {"captain": 1, "soldier": 1})
    depth = len(wanted.answers[chest].draft)
    at.button(key=f"ans_{pair}@{seq}:{depth}").click().run()
    check(at)
    last = store.load(sg.id).game.events[seq]
    assert last.building == "war_chest_specialists"
    assert last.choice == {"specialists": ["captain", "soldier"]}


# ---------------------------------------------------------------- score sheet


def test_the_score_sheet_totals_ranks_and_tie_breaks(at):
    at.switch_page("app_pages/score_sheet.py").run()
    check(at)
    at.segmented_control(key="sheet_count").set_value(3).run()
    for i, name in enumerate(["Ann", "Bob", "Cid"]):
        at.text_input(key=f"sheet_name_{i}").set_value(name).run()
    # Ann: colonies 6+8+10, Navy with 2 ships (8), token t01 (4 VP), 3 fur + ships ($6)
    for age, vp in enumerate((6, 8, 10)):
        at.number_input(key=f"sheet_colony_0_{age}").set_value(vp).run()
    at.multiselect(key="sheet_discoveries_0").set_value(["t01"]).run()
    at.multiselect(key="sheet_buildings_0").set_value(["navy"]).run()
    at.pills(key="sheet_goods_0_held").set_value(["fur"]).run()  # the goods held, then counts
    at.number_input(key="sheet_goods_0_fur").set_value(3).run()
    at.number_input(key="sheet_ships_0").set_value(2).run()
    # Bob and Cid: 20 VP each; Cid wins the tie on turn-8 colony VP
    at.number_input(key="sheet_colony_1_0").set_value(20).run()
    at.number_input(key="sheet_colony_2_0").set_value(10).run()
    at.number_input(key="sheet_colony_2_2").set_value(10).run()
    # Population needs a count of workers: the sheet asks for it
    at.multiselect(key="sheet_buildings_1").set_value(["population"]).run()
    at.number_input(key="sheet_facts_1_new_world_workers").set_value(7).run()
    check(at)
    table = at.dataframe[0].value
    rows = {r["Player"]: r for r in table.to_dict("records")}
    assert rows["Ann"]["VP"] == 24 + 4 + 8 + 6 and rows["Ann"]["Place"] == 1
    assert rows["Bob"]["VP"] == 20 + 3 and rows["Bob"]["Place"] == 2
    assert rows["Cid"]["VP"] == 20 and rows["Cid"]["Place"] == 3
    at.number_input(key="sheet_facts_1_new_world_workers").set_value(0).run()
    rows = {r["Player"]: r for r in at.dataframe[0].value.to_dict("records")}
    assert (rows["Cid"]["Place"], rows["Bob"]["Place"]) == (2, 3)  # tie-break: turn 8 colony


# ---------------------------------------------------------------- history


def test_records_are_imported_with_progress_and_bad_ones_reported(at, store):
    good = random_game({"players": [{"name": "Ann"}, {"name": "Bob"}]}, seed=3).record()
    bad = dict(good, events=good["events"][:5] + [{"type": "dock", "region": "peru"}])
    at.switch_page("app_pages/history.py").run()
    at.file_uploader(key="hist_upload").set_value([
        ("two.json", json.dumps([good, good]).encode(), "application/json"),
        ("bad.json", json.dumps(bad).encode(), "application/json"),
        ("junk.json", b"{not json", "application/json"),
    ]).run()
    at.button(key="hist_import").click().run()
    check(at)
    assert store.count_games() == 2
    assert any("Imported 2 games" in plain(s.value) for s in at.success)
    problems = shown_errors(at)
    assert any(p.startswith("bad.json: event 5") for p in problems)
    assert any(p.startswith("junk.json is not JSON (line 1") for p in problems)


def test_the_history_offers_exports_and_statistics(at, store):
    store.import_record(random_game(FOUR, seed=5).record())
    at.switch_page("app_pages/history.py").run()
    check(at)
    labels = [b.label for b in at.get("download_button")]
    assert "Download the history (CSV)" in labels
    stats = next(d.value for d in at.dataframe if "Win rate" in d.value.columns)
    assert set(stats["Player"]) == {"Ann", "Bob", "Cid", "Dee"} and stats["Wins"].sum() >= 1
    at.button(key="hist_bundle").click().run()
    check(at)
    assert "Download the bundle (JSON)" in [b.label for b in at.get("download_button")]


def test_a_demo_game_can_be_added_from_home(at, store):
    at.button(key="home_demo").click().run()
    check(at)
    assert store.count_games() == 1


def test_a_shared_link_opens_the_game_on_another_phone(store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "app.py"),
                           default_timeout=TIMEOUT)
    at.query_params["game"] = str(sg.id)
    at.switch_page("app_pages/table.py").run()
    check(at)
    assert any("Ann places a worker" in plain(m.value) for m in at.markdown)
    at.query_params["game"] = "999"
    at.run()
    check(at)
    assert any("There is no saved game 999" in plain(w.value) for w in at.warning)


def test_scouting_is_recorded_and_paid(at, store):
    sg = store.create_game(dict(FOUR, options={"scouting": True}))
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    game = store.load(sg.id).game
    k = next(i for i, a in enumerate(game.actions()) if a.key == "scout")
    at.button(key=f"act_{k}@1").click().run()  # Scouting, among the standing actions
    check(at)
    who = game.ask({"type": "scout"})
    cid = next(i for i, a in enumerate(who.answers) if a.value == "Cid")
    at.button(key=f"ans_{cid}@1:1").click().run()
    where = game.ask(who.answers[cid].draft)
    peru = next(i for i, a in enumerate(where.answers) if a.value == "peru")
    at.button(key=f"ans_{peru}@1:2").click().run()
    check(at)
    game = store.load(sg.id).game
    assert game.events[-1].type == "scout" and game.state.players["Cid"].money == 12 - 1


def test_a_swap_is_offered_only_when_a_specialist_could_come_home(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    assert not store.load(sg.id).game.actions()  # nobody has a specialist out there
    assert not [b for b in at.button if b.key and b.key.startswith("act_")]


def test_the_rules_reference_is_searchable(at):
    at.switch_page("app_pages/rules.py").run()
    at.text_input(key="rules_query").set_value("soldier").run()
    check(at)
    listed = "\n".join(m.value for m in at.markdown if m.value.startswith("- **"))
    assert "Training Grounds" in listed and "Settlers" not in listed
    assert any(c.value.endswith(" buildings") for c in at.caption)


# ---------------------------------------------------------------- refused games


def test_a_game_a_corrected_rule_refuses_opens_read_only_and_can_go_on(at, store):
    """Issue 10: a banner names the first refused event and the rule; the table sets the
    refused events aside (kept with the game) and goes on."""
    record, battle = old_record_with_a_battle_against_nobody()
    stored = store.import_record(record)
    open_table(at, stored.id)
    banner = " ".join(plain(w.value) for w in at.warning)
    assert f"event {battle} (warfare)" in banner and "Bob has no worker there" in banner
    assert not [b for b in at.button if b.key and b.key.startswith("ans_")]  # no answers
    at.button(key=f"set_aside@{battle}").click().run()
    check(at)
    assert not store.load(stored.id).read_only
    assert any(b.key and b.key.startswith("ans_") for b in at.button)  # the table goes on
    assert at.button(key=f"reapply_skip@{battle}") is not None


def test_the_board_shows_a_name_with_markdown_once_escaped(at, store):
    """The tracks are one markdown block each side: a name in a track's note (Merchant
    Shipping's values here) is escaped once, never shown with backslashes or as markup."""
    name = "Ann *the* [great]"
    sg = store.create_game({"players": [{"name": name}, {"name": "Bob"}]})
    store.append(sg.id, REVEAL, 0)
    store.append(sg.id, {"type": "place", "player": name, "worker": "colonist",
                         "track": "shipping"}, 1)
    open_table(at, sg.id)
    board = [m.value for m in at.markdown if "Merchant Shipping" in m.value]
    assert len(board) == 1
    assert f"{views.md(name)} " in board[0]  # escaped once: shown as typed
    assert views.md(views.md(name)) not in board[0]


def _a_game_with_a_one_way_action() -> tuple[Game, int]:
    """A random game paused where a power or standing action offered beside the Decision
    has one way to go (the University with one track to reorder, a swap with one
    specialist): the game and that action's index."""
    for seed in range(40):
        rng, game = random.Random(seed), Game.new(FOUR)
        while game.pending() is not None:
            for k, action in enumerate(game.actions()):
                first = game.ask(action.start)
                if first is not None and first.only_answer is not None:
                    return game, k
            game = random_step(game, rng)
    raise AssertionError("no random game offered an action with one way to go")


def test_an_action_with_one_way_to_go_is_recorded_by_its_tap(at, store):
    """Every tap a real choice: the tap on such an action records it (no second tap on the
    only answer); the page then asks what the engine asks after it."""
    game, k = _a_game_with_a_one_way_action()
    action = game.actions()[k]
    only = game.ask(action.start).only_answer
    sg = store.import_record(game.record())
    open_table(at, sg.id)
    seq = len(game.events)
    at.button(key=f"act_{k}@{seq}").click().run()
    check(at)
    after = store.load(sg.id).game
    expected = game.answer(only.events)
    assert [e.model_dump() for e in after.events] == [e.model_dump() for e in expected.events]
    assert len(after.events) > seq
    assert not [b for b in at.button if b.key and b.key.endswith(f"@{seq}:1")]  # no question
    prompt = expected.pending().prompt
    assert any(prompt in plain(m.value) for m in at.markdown)
