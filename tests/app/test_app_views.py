"""The plain-Python parts of the app: view models, the score sheet, the charts, the import."""

from __future__ import annotations

import json
import random

import pytest

from companion import charts
from companion.engine import Game, standings
from companion.engine import told as steps
from companion.engine.playout import random_game, random_step
from companion.games.age_of_discovery import AGE_OF_DISCOVERY, facts_needed
from companion.ui import views
from tests.aod_sheets import aod_player, aod_sheet

TWO = {"players": [{"name": "Ann", "colour": "red"}, {"name": "Bob"}]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}


@pytest.fixture(scope="module")
def finished() -> Game:
    return random_game({"players": [{"name": n} for n in ("Ann", "Bob", "Cid")],
                        "options": {"builders": True}}, seed=4)


def test_markdown_and_html_escapes():
    assert views.md("a*b_c$d[e]") == "a\\*b\\_c\\$d\\[e\\]"
    assert views.md("two\nlines") == "two lines"
    assert views.plain("<b>&") == "&lt;b&gt;&amp;"


def test_players_without_a_colour_get_a_free_one():
    game = Game.new({"players": [{"name": "A", "colour": "yellow"}, {"name": "B"},
                                 {"name": "C", "colour": "red"}]})
    assert views.player_colours(game.setup) == {"A": "yellow", "B": "blue", "C": "red"}


def test_the_board_shows_every_track_with_its_slots():
    game = Game.new(TWO).apply(REVEAL).apply(
        {"type": "place", "player": "Ann", "worker": "colonist", "track": "dock"})
    tracks = {t.track: t for t in views.board(game.state)}
    assert list(tracks) == ["initiative", "dock", "trade_goods", "shipping", "buildings",
                            "discovery", "specialists", "warfare"]
    assert [s.label for s in tracks["dock"].slots] == ["1", "2", "3"]  # 2 x 2 - 1
    assert tracks["dock"].slots[0].player == "Ann"
    assert len(tracks["trade_goods"].slots) == 4 and len(tracks["buildings"].slots) == 5
    assert [s.label for s in tracks["specialists"].slots] == [
        "captain", "merchant", "missionary", "soldier", "training"]
    assert len(tracks["warfare"].slots) == 4  # the Empires cap


def test_the_current_slot_is_marked_during_resolution():
    game = Game.new(TWO).apply(REVEAL)
    while game.pending().type == "place":
        who = game.pending().player
        game = game.apply({"type": "place", "player": who, "worker": "colonist",
                           "track": "dock" if len(game.state.tracks["dock"]) < 3 else
                           "shipping"})
    dock = next(t for t in views.board(game.state) if t.track == "dock")
    assert dock.active and [s.current for s in dock.slots] == [True, False, False]
    assert views.where_now(game.state).endswith("resolving Colonist Dock")


def test_the_refresh_report_asks_for_the_next_age_buildings():
    rng = random.Random(2)
    game = Game.new({"players": [{"name": "A"}, {"name": "B"}]})
    while game.pending().type != "refresh" or game.state.turn != 3:
        game = random_step(game, rng)
    goods = game.pending()
    assert goods.report and goods.field.total == 4
    first = next(o.value for o in goods.field.options)
    picked = {first: 1}
    for option in goods.field.options:
        while sum(picked.values()) < 4 and picked.get(option.value, 0) < option.most:
            picked[option.value] = picked.get(option.value, 0) + 1
    buildings = game.ask(goods.field.answer(picked).draft)
    assert buildings.field.total == 5 and "Age II" in buildings.prompt
    assert all(game.state.catalogue[o.value].age == 2 for o in buildings.field.options)


def test_the_timeline_ends_with_a_provisional_point(finished):
    half = Game.from_events(finished.setup, finished.events[:150])
    points = views.timeline(half)
    assert points[-1].get("provisional") and points[-1]["turn"] == half.state.turn
    assert not views.timeline(finished)[-1].get("provisional")


def test_turn_marks_step_through_a_finished_game(finished):
    marks = views.turn_marks(finished)
    assert [label for label, _ in marks][:3] == ["Set-up", "Turn 1 begins", "End of turn 1"]
    assert marks[-1] == ("End of turn 8", len(finished.events))
    assert finished.at(marks[4][1]).turn == 4


def test_events_are_described_in_words(finished):
    state = finished.at(1)
    text = steps.describe_event(state, finished.events[1])
    assert text.startswith(state.order[0] + ": ")


def test_income_sets_are_listed():
    lines = views.income_sets_text(views.best_income({"fur": 3, "gold": 1}, 1))
    assert "fur + fur + fur + 🚢 ship = $6" in lines


def test_score_sheet_ties_share_a_place_after_the_tie_breaks():
    a = aod_player("A", colony=(6, 6, 6), money=5)
    b = aod_player("B", colony=(6, 6, 6), money=5)
    c = aod_player("C", colony=(0, 0, 18), money=1)
    scored = AGE_OF_DISCOVERY.score(aod_sheet([a, b, c]))
    assert [(p.place, p.player) for p in scored.players] == [(1, "C"), (2, "A"), (2, "B")]


def test_score_sheet_typed_discoveries_and_formula_facts():
    p = aod_player("A", typed_discovery_vp=11, typed_discovery_count=2,
                   buildings=("age_of_discovery", "glory"), facts={"glory_regions": 3})
    q = aod_player("B")
    scored = AGE_OF_DISCOVERY.score(aod_sheet([p, q], builders=True))
    assert dict(scored.of("A").breakdown)["discoveries"] == 11
    assert dict(scored.of("A").breakdown)["buildings"] == 8 + 6
    assert facts_needed("empires", True, ["glory", "navy", "population"]) == [
        "glory_regions", "new_world_workers"]
    with pytest.raises(ValueError, match="same name"):
        AGE_OF_DISCOVERY.score(aod_sheet([p, p]))


def test_charts_are_built_and_names_escaped(finished):
    names = {"<b>Ann</b>": "#c0392b"}
    points = [{"turn": 1, "players": {"<b>Ann</b>": {"vp": 3, "money": 10}},
               "leaders": {"peru": "<b>Ann</b>"}}]
    fig = charts.vp_by_turn(points, names)
    assert fig.data[0].name == "&lt;b&gt;Ann&lt;/b&gt;"
    assert "<b>Ann" not in json.dumps(fig.to_plotly_json()["data"])
    state = finished.state
    colours = views.colour_hex(finished.setup)
    for fig in (charts.vp_by_turn(views.timeline(finished), colours),
                charts.money_by_turn(views.timeline(finished), colours),
                charts.vp_by_category(views.category_totals(standings(state))),
                charts.region_control(views.timeline(finished),
                                      {r["region"]: r["name"] for r in views.regions(state)},
                                      colours),
                charts.region_map(views.regions(state), colours),
                charts.score_distribution([{"vp": 40, "won": True}, {"vp": 20, "won": False}]),
                charts.wins_by_player([{"name": "Ann", "games": 2, "wins": 1}])):
        assert fig.data


def test_import_reads_a_record_a_list_or_a_bundle(store):
    from companion.ui import library

    record, other, third = (random_game({"players": [{"name": "A"}, {"name": "B"}]},
                                        seed=seed).record() for seed in (1, 2, 4))
    seen = []
    report = library.import_files(
        [("one.json", json.dumps(record).encode()),
         ("list.json", json.dumps([other, other]).encode()),  # two equal games: two games
         ("bundle.json", json.dumps({"games": [third]}).encode()),
         ("bad.json", b"\xff\xfe")],
        progress=lambda done, text: seen.append(done))
    assert len(report.imported) == 4 and seen[-1] == 1.0
    assert report.failed == [report.failed[0]] and report.failed[0].startswith("bad.json")
    assert store.count_games() == 4
    # the same files again add nothing: each record is known by its content and place
    again = library.import_files([("one.json", json.dumps(record).encode()),
                                   ("list.json", json.dumps([other, other]).encode())])
    assert again.imported == [] and sorted(again.already) == sorted(report.imported[:3])
    assert store.count_games() == 4


def test_a_bundle_exported_imports_again(store):
    from companion.ui import library

    first = store.import_record(random_game({"players": [{"name": "A"}, {"name": "B"}]},
                                           seed=8).record())
    bundle = library.export_bundle([first.id])
    report = library.import_files([("games.json", bundle.encode())])
    (again,) = report.imported
    assert store.load(again).game.events == first.game.events
    assert store.load(again).created == first.created
