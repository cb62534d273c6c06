"""Every page renders without an exception: empty history, games saved, every phase."""

from __future__ import annotations

import pytest
from ui_driver import check, new_app, open_table

from companion.engine import Game
from companion.engine.playout import random_game
from companion.ui import views

PAGES = ["app_pages/home.py", "app_pages/new_game.py", "app_pages/table.py",
         "app_pages/scoreboard.py",
         "app_pages/history.py", "app_pages/score_sheet.py", "app_pages/rules.py"]
SETUP = {"edition": "empires", "options": {"builders": True, "buy_vp": True},
         "players": [{"name": n, "colour": c} for n, c in
                     (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))]}


@pytest.fixture(scope="module")
def finished() -> Game:
    return random_game(SETUP, seed=11)


def test_the_app_starts_on_home(at):
    check(at)
    assert "Age of Discovery Companion" in at.title[0].value
    assert "None. Start a new game above." in [c.value for c in at.caption]


def test_every_session_gets_the_whole_menu_even_after_pages_were_made_outside_a_run():
    """The pages are made once per process and copied for each run; pages asked for outside
    a run (Streamlit leaves those half made) are never the ones kept."""
    from companion.ui import shell

    shell.pages()
    for at in (new_app(), new_app()):  # two sessions, each run twice
        for _ in range(2):
            check(at.run())
            menu = [(link.proto.label, link.proto.page) for link in at.get("page_link")]
            assert menu == [("Home", ""), ("New", "new_game"), ("Table", "table"),
                            ("Scores", "scoreboard"), ("History", "history"),
                            ("Sheet", "score_sheet"), ("Rules", "rules")]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_on_an_empty_history(at, page):
    at.switch_page(page).run()
    check(at)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_with_saved_games(at, store, finished, page):
    done = store.import_record(finished.record())
    half = store.import_record(Game.from_events(finished.setup,
                                                finished.events[:120]).record())
    at.session_state["aod.game_id"] = half.id
    at.session_state["aod.history_game"] = done.id
    at.switch_page(page).run()
    check(at)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_with_a_score_sheet_saved(at, store, finished, page):
    """Even with the sheet's id where a tracked game is expected (the Table's open game)."""
    store.import_record(finished.record())
    sheet = store.save_score_sheet({"players": [{"name": "Ann", "colony": [6, 8, 10]},
                                                {"name": "Bob", "money": 9}]})
    at.session_state["aod.game_id"] = sheet
    at.session_state["aod.history_game"] = sheet
    at.switch_page(page).run()
    check(at)


def test_history_replays_a_finished_game_with_its_charts(at, store, finished):
    done = store.import_record(finished.record())
    at.session_state["aod.history_game"] = done.id
    at.switch_page("app_pages/history.py").run()
    check(at)
    slider = at.select_slider(key=f"hist_turn_{done.id}")
    slider.set_value(4).run()  # set-up, turn 1 begins, end of turns 1, 2, 3
    check(at)
    assert any("Turn 4 of 8" in m.value for m in at.markdown)
    charts = at.get("plotly_chart")
    assert len(charts) >= 5  # map, four game charts (stats tab: two more)


def test_history_replay_steps_back_and_forth_with_buttons(at, store, finished):
    """On a phone a slider cannot be moved by one: Previous / Next step through the game."""
    done = store.import_record(finished.record())
    at.session_state["aod.history_game"] = done.id
    at.switch_page("app_pages/history.py").run()
    key = f"hist_turn_{done.id}"
    last = at.select_slider(key=key).value
    assert at.button(key=f"{key}_next").disabled
    at.button(key=f"{key}_prev").click().run()
    check(at)
    assert at.select_slider(key=key).value == last - 1
    at.button(key=f"{key}_next").click().run()
    assert at.select_slider(key=key).value == last
    at.segmented_control(key=f"hist_mode_{done.id}").set_value("event").run()
    event = f"hist_event_{done.id}"
    at.button(key=f"{event}_prev").click().run()
    at.button(key=f"{event}_prev").click().run()
    check(at)
    assert at.slider(key=event).value == done.seq - 2
    assert any(f"after {done.seq - 2} of {done.seq} events" in m.value for m in at.markdown)


def markdown_rows(table: str) -> list[dict[str, str]]:
    """The rows of a markdown table (as the pages write them) by column title."""
    head, _, *lines = table.splitlines()
    columns = [c.strip() for c in head.strip("|").split("|")]
    return [dict(zip(columns, (c.strip() for c in line.strip("|").split(" | ")), strict=True))
            for line in lines]


def test_scoreboard_of_a_finished_game(at, store, finished):
    done = store.import_record(finished.record())
    at.session_state["aod.game_id"] = done.id
    at.switch_page("app_pages/scoreboard.py").run()
    check(at)
    standings = markdown_rows(next(m.value for m in at.markdown
                                   if m.value.startswith("| Place | Player | VP |")))
    assert [r["Player"] for r in standings] and standings[0]["Place"] == "1"
    seats = {p.name: views.disc(finished.setup, p.name) for p in finished.setup.players}
    assert sorted(r["Player"] for r in standings) == sorted(  # each name with its disc
        f"{disc}\u00a0{name}" for name, disc in seats.items())
    vps = [int(r["VP"]) for r in standings]
    assert vps == sorted(vps, reverse=True)


@pytest.mark.parametrize(("edition", "players", "seed"), [("empires", 5, 2), ("aoe3", 3, 3)])
def test_the_table_renders_at_every_kind_of_step(at, store, edition, players, seed):
    setup = {"edition": edition, "players": [{"name": f"P{i}"} for i in range(players)],
             "options": {"builders": True, "buy_vp": True} if edition == "empires" else {}}
    game = random_game(setup, seed=seed)
    kinds = set()
    for n in [*range(0, len(game.events), 5), len(game.events)]:
        part = Game.from_events(game.setup, game.events[:n])
        wanted = part.pending()
        kinds.add(wanted.type if wanted else None)
        sg = store.import_record(part.record())
        open_table(at, sg.id)
        if n % 100 == 0:
            at.switch_page("app_pages/scoreboard.py").run()
            check(at)
    assert {"place", "dock", "buy", "expedition", "refresh", None} <= kinds


def test_player_names_are_never_read_as_markdown(at, store):
    name = "*Ann* [x](y) $1$ <b>"
    sg = store.create_game({"players": [{"name": name}, {"name": "Bob"}]})
    open_table(at, sg.id)
    shown = [m.value for m in at.markdown if "Ann" in m.value]
    assert shown
    for text in shown:
        assert "*Ann*" not in text.replace("\\*", "")  # every * around Ann is escaped
        assert "\\*Ann\\*" in text and "\\$1\\$" in text and "\\<b\\>" in text


@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_with_other_games_sheets_saved(at, store, page):
    """Endeavor and Nouveau Monde sheets in the history (one open in the History, its id
    where a tracked game is expected)."""
    endeavor = store.save_score_sheet({"game": "endeavor", "players": [
        {"name": n, "industry_track": 7, "culture_track": 3, "wealth_track": 2,
         "influence_track": 1, "cities_connections_glory": 5, "buildings_cards_glory": 4,
         "governor_slot_empty": n == "Red", "harbor_discs": 4} for n in ("Red", "Blue")]})
    store.save_score_sheet({"game": "nouveau-monde", "players": [
        {"name": n, "wood": 5, "metal": 0, "food": 0, "gold": 1, "cities": 1, "colonists": 0,
         "expansions": 1, "armies": 0, "research": 0, "master": m}
        for n, m in (("Rouge", None), ("Bleu", "Rouge"))]})
    at.session_state["aod.game_id"] = endeavor
    at.session_state["aod.history_game"] = endeavor
    at.switch_page(page).run()
    check(at)


def test_the_rules_turn_in_brief_pays_income_as_the_engine_does():
    """The Rules page says any three goods pay $1 (not three different ones), as the engine
    pays: two sugar and a fish are worth $1."""
    from companion.scoring import best_income_dollars

    at = new_app()
    check(at.switch_page("app_pages/rules.py").run())
    turn = " ".join(m.value for m in at.markdown if "**Income**" in m.value)
    assert "any three goods pay \\$1" in turn and "different" not in turn
    assert best_income_dollars({"sugar": 2, "fish": 1}, 0) == 1
