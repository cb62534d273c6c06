"""The newcomer's snags, fixed: each checked through the app as a table would meet it."""

from __future__ import annotations

import re

from ui_driver import check, errors_in_order, open_table, tap_answer

from companion.engine import Game
from companion.engine import told as steps
from companion.engine.playout import random_game

FOUR = {"edition": "empires",
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))]}


def test_a_finished_game_does_not_say_ready_next_turn(at, store):
    game = random_game(FOUR, seed=3)
    sg = store.import_record(game.record())
    open_table(at, sg.id)
    text = " ".join(m.value for m in at.markdown)
    assert "Ready next turn" not in text
    assert "| Workers |" in text


def test_taking_a_regions_good_is_announced():
    """The third worker in a region takes its trade good: the step's words say so."""
    game = random_game(FOUR, seed=5)
    for i in range(len(game.events)):
        before = game.at(i)
        after = game.at(i + 1)
        new = set(after.region_good_taken_by) - set(before.region_good_taken_by)
        if new:
            break
    else:
        raise AssertionError("no region good was taken in this game")
    region = new.pop()
    words = steps.step_summary(before, Game.from_events(game.setup, game.events[:i + 1]), i)
    owner = after.region_good_taken_by[region]
    assert f"{owner} takes" in words and after.region_goods[region].replace("_", " ") in words


def test_steps_settled_alone_are_told_after_the_answer():
    """An answer followed by automatic steps: the answer first, then those steps, said to
    have had no other choice."""
    game = random_game(FOUR, seed=5)
    for i, ev in enumerate(game.events):
        if not ev.auto and i + 1 < len(game.events) and game.events[i + 1].auto:
            break
    else:
        raise AssertionError("no answer was followed by an automatic step")
    end = next(k for k in range(i + 1, len(game.events)) if not game.events[k].auto
               and not game.events[k].group)
    words = steps.step_summary(game.at(i), Game.from_events(game.setup, game.events[:end]), i)
    answer, _, settled = words.partition(" — then, with no other choice: ")
    assert answer == steps.describe_event(game.at(i), game.events[i])
    assert settled.count(";") == end - i - 2  # one part per automatic step


def test_a_replay_step_says_what_happened(at, store):
    game = random_game(FOUR, seed=3)
    sg = store.import_record(game.record())
    at.session_state["aod.history_game"] = sg.id
    at.switch_page("app_pages/history.py").run()
    check(at)
    captions = [c.value for c in at.caption if c.value.startswith("Last step shown")]
    assert captions and "event" not in captions[0].lower().split(":", 1)[1][:8]


def test_the_history_names_editions_as_the_box_does(at, store):
    game = random_game({**FOUR, "edition": "aoe3"}, seed=3)
    store.import_record(game.record())
    at.switch_page("app_pages/history.py").run()
    check(at)
    table = at.dataframe[0].value
    assert list(table["Edition"]) == ["Age of Empires III: The Age of Discovery"]


def test_statistics_charts_count_whole_games_on_round_bins():
    from companion import charts

    wins = charts.wins_by_player([{"name": "Ann", "games": 3, "wins": 1}])
    assert wins.layout.yaxis.dtick == 1
    hist = charts.score_distribution([{"vp": v, "won": v > 60} for v in (41, 47, 52, 66)])
    assert all(tr.xbins.start == 0 and tr.xbins.size == 5 for tr in hist.data)
    assert len({tr.bingroup for tr in hist.data}) == 1 and hist.layout.yaxis.dtick == 1


def test_the_history_opens_on_the_game_at_the_table(at, store):
    first = store.import_record(random_game(FOUR, seed=3).record())
    store.import_record(random_game(FOUR, seed=4).record())
    at.session_state["aod.game_id"] = first.id
    at.switch_page("app_pages/history.py").run()
    check(at)
    assert at.selectbox(key="hist_game").value == first.id


def test_the_map_legend_says_what_grey_and_outlined_discs_mean():
    from companion import charts

    rows = [{"region": "caribbean", "name": "Caribbean", "counts": {"Ann": 2, "Bob": 2},
             "leader": None, "tied": ["Ann", "Bob"], "discovered": True, "scores": False}]
    fig = charts.region_map(rows, {"Ann": "#c00", "Bob": "#00c"})
    names = {tr.name for tr in fig.data if tr.name}
    assert {"Ann", "Bob", "tied / nobody", "outlined: would score now"} <= names


def test_the_score_sheet_lists_offer_no_select_all(at):
    """Typing "Token" in the discovery list must not offer "Select N matches": one tap would
    give a player every token (and their VP)."""
    at.switch_page("app_pages/score_sheet.py").run()
    check(at)
    lists = [m for m in at.multiselect if m.key.startswith("sheet_")]
    assert any(m.key.startswith("sheet_discoveries_") for m in lists)
    for m in lists:
        assert m.proto.HasField("select_all") and m.proto.select_all == 0, m.key


def test_a_set_up_error_shows_beside_the_input_it_concerns(at):
    """Seat 2 repeats seat 1's name: the error shows under seat 2's row (before seat 3's),
    says what is wrong and what to do."""
    at.switch_page("app_pages/new_game.py").run()
    at.segmented_control(key="ng_count").set_value(3).run()
    at.text_input(key="ng_name_0").set_value("Ann").run()
    at.text_input(key="ng_name_1").set_value("Ann").run()
    check(at)
    order, keys, shown = errors_in_order(at, "same name")
    assert len(shown) == 1
    assert keys.index("ng_colour_1") < shown[0] < keys.index("ng_name_2")
    assert "give each player a different name" in order[shown[0]].value
    at.text_input(key="ng_name_1").set_value("Bob").run()
    at.selectbox(key="ng_colour_2").set_value(at.selectbox(key="ng_colour_0").value).run()
    order, keys, shown = errors_in_order(at, "same colour")
    assert len(shown) == 1 and keys.index("ng_colour_2") < shown[0] < keys.index("ng_start")
    assert shown[0] < next(i for i, e in enumerate(order) if e.type == "radio"
                           and e.key == "ng_order")


INTERNALS = re.compile(r"\bNone\b|Traceback|ValueError|MalformedEvent|IllegalAction|Exception"
                       r"|<class|\bt\d\d\b|__|\bseq\b|revision|\{'|\[\]")


def _messages(at) -> list[str]:
    """Every message the page shows the table: alerts, toasts and captions."""
    shown = [*at.error, *at.warning, *at.info, *at.success, *at.toast, *at.caption]
    return [str(m.value) for m in shown]


def test_no_message_shown_to_the_table_names_python_internals(at, store):
    said: list[str] = []
    # set-up refusals: a name twice, a colour twice, a token on two regions
    at.switch_page("app_pages/new_game.py").run()
    at.text_input(key="ng_name_0").set_value("Ann").run()
    at.text_input(key="ng_name_1").set_value("Ann").run()
    said += _messages(at)
    at.text_input(key="ng_name_1").set_value("Bob").run()
    at.selectbox(key="ng_colour_1").set_value(at.selectbox(key="ng_colour_0").value).run()
    said += _messages(at)
    at.selectbox(key="ng_colour_1").set_value("purple").run()
    at.toggle(key="ng_builders").set_value(True).run()
    at.checkbox(key="ng_adv_scouting").set_value(True).run()
    at.selectbox(key="ng_token_florida").set_value("t01").run()
    at.selectbox(key="ng_token_peru").set_value("t01").run()
    said += _messages(at)
    twice = "natives 1 · $1 + $2 per soldier · 4 VP (1 of 2) lies on two regions"
    assert any(twice in m.replace("\\", "") for m in said), said
    # the table: a correction without a reason, a lost race, a link to a game that is gone
    sg = store.create_game(FOUR)
    store.append(sg.id, {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
                         "buildings": ["settlers", "monastery", "trading_post", "navigator",
                                       "trade_routes"]}, 0)
    open_table(at, sg.id)
    shown = store.load(sg.id).game.pending()
    store.append(sg.id, {"type": "place", "player": "Ann", "worker": "colonist",
                         "track": "shipping"}, 1)
    tap_answer(at, shown, 1, 1)
    said += _messages(at)
    at.query_params["game"] = "999"
    at.switch_page("app_pages/table.py").run()
    said += _messages(at)
    # the score sheet: two players in one colour
    at.switch_page("app_pages/score_sheet.py").run()
    at.selectbox(key="sheet_colour_0").set_value("blue").run()
    at.selectbox(key="sheet_colour_1").set_value("blue").run()
    said += _messages(at)
    check(at)
    assert len(said) >= 5
    leaks = [m for m in said if INTERNALS.search(m)]
    assert not leaks, leaks


def test_a_score_sheet_error_shows_at_the_seat_and_input_it_concerns(at):
    at.switch_page("app_pages/score_sheet.py").run()
    at.selectbox(key="sheet_colour_0").set_value("blue").run()
    at.selectbox(key="sheet_colour_1").set_value("blue").run()
    check(at)
    order, keys, shown = errors_in_order(at, "same colour")
    assert shown and keys.index("sheet_colour_1") < shown[0] < keys.index("sheet_nation_1")
    assert "give each player a different colour" in order[shown[0]].value


def test_the_income_section_reports_the_trading_post_beside_an_empty_income(at, store):
    """Bob's goods earned $0 but his Trading Post pays $5 every turn: the section says both,
    not just "$0"."""
    game = random_game(FOUR, seed=2, stop_after=120)
    bob = game.state.players["Bob"]
    assert "trading_post" in bob.buildings and not any(bob.income.values())
    sg = store.import_record(game.record())
    open_table(at, sg.id)
    assert not [m for m in at.markdown if "every turn" in m.value]  # folded: not drawn
    at.session_state["income_open"] = True  # open the Income expander
    at.run()
    lines = [m.value for m in at.markdown if m.value.startswith("**Bob**")]
    assert lines and "Trading Post pays \\$5 every turn" in lines[0], lines
    assert "paid \\$0 at the last Income phase" in lines[0]


def test_a_place_not_offered_says_why_under_the_question(at, store):
    """Ann's second worker: no Initiative pill in her rows, and one line under the question
    says why (the engine's words), in the table's language."""
    sg = store.create_game(FOUR)
    store.append(sg.id, {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
                         "buildings": ["settlers", "monastery", "trading_post", "navigator",
                                       "trade_routes"]}, 0)
    seq = 1
    for who, track in (("Ann", "initiative"), ("Bob", "dock"), ("Cid", "dock"),
                       ("Dee", "shipping")):
        store.append(sg.id, {"type": "place", "player": who, "worker": "colonist",
                             "track": track}, seq)
        seq += 1
    open_table(at, sg.id)
    said = [c.value for c in at.caption if c.value.startswith("Not offered")]
    assert said == ["Not offered: Ann already has a worker on Initiative \\(one each\\)."]
    shown = [m.value for m in at.markdown]
    heading = next(i for i, m in enumerate(shown) if m.startswith("#### "))
    assert "Ann places a worker" in shown[heading]
    at.context["locale"] = "fr-FR"
    open_table(at, sg.id)
    assert [c.value for c in at.caption if c.value.startswith("Pas proposé")] == [
        "Pas proposé\u00a0: Ann a déjà un ouvrier sur l\\'initiative \\(un chacun\\)."]
