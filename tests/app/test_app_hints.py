"""Hints on the Table page and the Scoreboard (issue 14): off by default, turned on per game
and kept with the game (issue 33: every device, every reload; only a device that may enter
steps switches them), and never recording anything."""

from __future__ import annotations

import re

import pytest
from ui_driver import check, new_app, open_table

from companion.store import trust
from companion.ui import access, hints, playing

FOUR = {"edition": "empires",
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}


def goods_choice_events() -> list[dict]:
    """Turn 1: Ann holds 2 gold and her one colonist stands on Trade Goods; nobody else
    places anything. The game then asks which good Ann takes."""
    def fix(player: str, **change) -> dict:
        return {"type": "correction", "player": player, "reason": "test set-up", **change}

    return [REVEAL, fix("Ann", goods={"gold": 2}),
            *(fix(p, available={"colonist": -5}) for p in ("Dee", "Cid", "Bob")),
            fix("Ann", available={"colonist": -4}),
            {"type": "place", "player": "Ann", "worker": "colonist", "track": "trade_goods"}]


def saved_game(store, events: list[dict]) -> int:
    stored = store.create_game(FOUR)
    for seq, event in enumerate(events):
        stored = store.append(stored.id, event, seq)
    assert stored.game.pending().type == "take_good"
    return stored.id


def plain(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def switch_to(at, game_id: int) -> None:
    """Open another game, as a shared link would (the address names the game)."""
    at.query_params["game"] = str(game_id)
    open_table(at, game_id)


def hint_lines(at) -> list[str]:
    return [plain(c.value) for c in at.caption if c.value.startswith("💡")]


def test_hints_are_off_by_default_and_show_each_goods_worth_when_turned_on(at, store):
    game_id = saved_game(store, goods_choice_events())
    open_table(at, game_id)
    assert at.toggle(key=f"hints_on_{game_id}").value is False
    assert hint_lines(at) == []
    assert not any("income this turn" in plain(m.value) for m in at.markdown)

    at.toggle(key=f"hints_on_{game_id}").set_value(True).run()
    check(at)
    lines = hint_lines(at)
    # 2 gold: no set ($0); a third gold makes three of a kind ($3); any other good makes
    # three goods, a mixed set ($1).
    assert "💡 **gold** — income this turn $0 → $3; Economy VP at game end 0 → 3" in lines
    assert "💡 **fur** — income this turn $0 → $1; Economy VP at game end 0 → 1" in lines
    assert len(lines) == 4  # one per good offered; "Takes nothing" has none
    assert store.load(game_id).seq == len(goods_choice_events())  # nothing recorded
    assert store.game_settings(game_id).hints_on  # kept with the game

    # The Scoreboard shows the "if the game ended now" lines for the same game.
    at.switch_page("app_pages/scoreboard.py").run()
    check(at)
    assert at.toggle(key=f"hints_on_{game_id}").label == "💡 " + hints.ENDED_NOW_LABEL  # says what
    ended = [plain(m.value) for m in at.markdown if "VP" in m.value and "#" in m.value]
    assert len(ended) == 1 and ended[0].count("VP") == 4  # one line per player

    # Turned off again: no hint, no ended-now line.
    at.toggle(key=f"hints_on_{game_id}").set_value(False).run()
    assert not any("If the game ended now" in m.value for m in at.markdown)
    open_table(at, game_id)
    assert hint_lines(at) == []


def test_hints_are_remembered_per_game(at, store):
    first = saved_game(store, goods_choice_events())
    second = saved_game(store, goods_choice_events())
    open_table(at, first)
    at.toggle(key=f"hints_on_{first}").set_value(True).run()
    assert len(hint_lines(at)) == 4
    switch_to(at, second)
    assert at.toggle(key=f"hints_on_{second}").value is False
    assert hint_lines(at) == []
    switch_to(at, first)
    assert at.toggle(key=f"hints_on_{first}").value is True
    assert len(hint_lines(at)) == 4


def test_the_scoreboard_shows_no_ended_now_line_while_hints_are_off(at, store):
    game_id = saved_game(store, goods_choice_events())
    open_table(at, game_id)
    at.switch_page("app_pages/scoreboard.py").run()
    check(at)
    assert not any("If the game ended now" in m.value for m in at.markdown)


def test_the_switch_survives_a_fresh_session_and_shows_on_a_second_device(at, store):
    game_id = saved_game(store, goods_choice_events())
    open_table(at, game_id)
    at.toggle(key=f"hints_on_{game_id}").set_value(True).run()
    assert "hints" not in at.query_params  # the game keeps it, not the address
    reloaded = new_app()  # a reload: a new session, the address names only the game
    switch_to(reloaded, game_id)
    check(reloaded)
    assert reloaded.toggle(key=f"hints_on_{game_id}").value is True
    assert len(hint_lines(reloaded)) == 4
    reloaded.toggle(key=f"hints_on_{game_id}").set_value(False).run()
    at.run()  # the first device's next run: the switch as the other device left it
    assert at.toggle(key=f"hints_on_{game_id}").value is False
    assert hint_lines(at) == []


@pytest.fixture
def remote_page(monkeypatch):
    monkeypatch.setattr(access, "peer", lambda: "192.168.1.50")
    monkeypatch.delenv(access.HOST_PIN_VAR, raising=False)


def test_a_viewer_without_the_key_sees_the_switch_but_cannot_flip_it(remote_page, at, store):
    game_id = saved_game(store, goods_choice_events())
    store.set_hints(game_id, True)  # turned on at the table
    switch_to(at, game_id)
    check(at)
    switch = at.toggle(key=f"hints_on_{game_id}")
    assert switch.value is True and switch.disabled
    assert "may not enter steps" in switch.help
    assert len(hint_lines(at)) == 4  # the table's hints show on a viewer's page too
    refused = playing.set_hints(game_id, False)  # what a forged tap would ask: refused
    assert refused.error.startswith(f"This device follows game {game_id} but may not enter")
    assert store.game_settings(game_id).hints_on  # nothing stored
    at.switch_page("app_pages/scoreboard.py").run()
    assert at.toggle(key=f"hints_on_{game_id}").disabled

    entering = new_app()  # a device let in with the entry link flips it
    entering.query_params["key"] = trust.entry_key(store, game_id)
    entering.session_state["aod.device"] = "Anne's phone"
    switch_to(entering, game_id)
    assert not entering.toggle(key=f"hints_on_{game_id}").disabled
    entering.toggle(key=f"hints_on_{game_id}").set_value(False).run()
    assert not store.game_settings(game_id).hints_on
