"""No page replays a game that has not changed, and the Scoreboard builds its figures once per
version of the game, for every browser session at once.

Replays are counted by wrapping the engine's ``replay`` and its record loader ``load``
(every fold of a log goes through one of them); figures by wrapping the chart builders.
Each ``AppTest`` is one browser session.
"""

from __future__ import annotations

from collections import Counter

import pytest
from ui_driver import check, first_place, new_app, open_table

from companion import charts
from companion.engine import game as game_module
from companion.engine import replay
from companion.engine.playout import random_game
from companion.engine.records import load

FOUR = {"players": [{"name": n} for n in ("Ann", "Bob", "Cy", "Di")]}
FIGURES = ("vp_by_turn", "money_by_turn", "vp_by_category", "region_control", "region_map")


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    seen: list[int] = []

    def counting(setup, events):
        events = list(events)
        seen.append(len(events))
        return replay(setup, events)

    def counting_load(setup, events, *args, **kwargs):
        events = list(events)
        seen.append(len(events))
        return load(setup, events, *args, **kwargs)

    monkeypatch.setattr(game_module, "replay", counting)
    monkeypatch.setattr(game_module, "load", counting_load)  # from_events, Game.load
    return seen


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Counter:
    counts: Counter = Counter()

    def counted(name: str, build):
        def counting(*args, **kwargs):
            counts[name] += 1
            return build(*args, **kwargs)
        return counting

    for name in FIGURES:
        monkeypatch.setattr(charts, name, counted(name, getattr(charts, name)))
    return counts


@pytest.fixture
def saved(store) -> int:
    """A 4-player game in its third turn's placement."""
    game = random_game(FOUR, seed=5, stop_after=120)
    return store.import_record(game.record()).id


def first_key(at, prefix: str) -> str:
    return next(b.key for b in at.button if b.key and b.key.startswith(prefix))


def test_table_reruns_and_taps_replay_nothing(at, saved, replays):
    open_table(at, saved)  # the app's own store folds the game once, on first sight
    assert len(replays) <= 1
    replays.clear()
    for _ in range(3):
        check(at.run())
    first_place(at)  # place a worker
    at.button(key=first_key(at, "undo@")).click().run()  # and take it back
    check(at)
    assert not at.error
    check(at.run())
    assert replays == []


def test_scoreboard_figures_are_built_once_per_version_for_all_sessions(store, saved, built):
    phone, tablet = new_app(), new_app()
    for session in (phone, tablet):
        open_table(session, saved)
        session.switch_page("app_pages/scoreboard.py").run()
        check(session)
        check(session.run())
    # the open chart tab and the map, once for both sessions and all their reruns
    assert built == Counter({"vp_by_turn": 1, "region_map": 1})
    phone.session_state["sb_tabs"] = "Money"  # open another tab
    check(phone.run())
    check(phone.run())
    assert built["money_by_turn"] == 1
    # a step recorded on the Table is a new version: its figures are built once more
    phone.switch_page("app_pages/table.py").run()
    first_place(phone)
    phone.switch_page("app_pages/scoreboard.py").run()
    check(phone)
    check(phone.run())
    assert built["region_map"] == 2
