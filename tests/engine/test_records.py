"""Records that cannot drift (issue 10): every answer names the player whose decision it is,
an answer from anyone else is refused, older records are converted as they are read, and a
record the rules now refuse is read up to the refused event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import correct, finish_turn, new_game, only_workers, pass_turn, place, play_plan

from companion.engine import RECORD_VERSION, Game, IllegalAction, MalformedEvent

DATA = Path(__file__).resolve().parents[1] / "data"


def _two_dock_workers():
    """Turn 1: Red's and Blue's colonists wait on dock slots 1 and 2."""
    return play_plan(new_game(), {"Red": [("colonist", "dock")], "Blue": [("colonist", "dock")]})


def test_every_recorded_answer_names_its_player():
    game = _two_dock_workers()
    game = game.answer({"type": "dock", "region": "caribbean"})  # the table's tap names Red
    game = game.answer(game.pending().answers[0].events)
    docks = [e for e in game.events if e.type == "dock"]
    assert [e.player for e in docks] == ["Red", "Blue"]
    assert game.record()["version"] == RECORD_VERSION == 5
    assert all(e["player"] for e in game.record()["events"] if e["type"] == "dock")


def test_an_answer_from_anyone_else_is_refused():
    game = _two_dock_workers()
    with pytest.raises(IllegalAction, match="is Red's to decide .* not Blue's"):
        game.apply({"type": "dock", "player": "Blue", "region": "caribbean"})


def test_an_omitted_answer_no_longer_shifts_the_later_ones():
    """Today's engine gave Red the answer recorded for Blue once Red's answer was lost."""
    game = _two_dock_workers()
    game = game.answer({"type": "dock", "player": "Red", "region": "caribbean"})
    game = game.answer({"type": "dock", "player": "Blue", "region": None})
    record = game.record()
    first = next(i for i, e in enumerate(record["events"]) if e["type"] == "dock")
    del record["events"][first]  # Red's answer lost
    with pytest.raises(IllegalAction, match=f"event {first}: this dock worker is Red's"):
        Game.from_record(record)
    loaded, refusal = Game.load_record(record)
    assert refusal.index == first and "Red's to decide" in refusal.reason
    assert len(loaded.events) == first  # read up to the refused event, nothing after it


def test_an_answer_naming_nobody_is_named_alike_live_and_from_a_record():
    """One place decides an answer's player: ``apply`` and ``from_record`` both name an
    answer that names nobody with the player whose decision it is, and both refuse one
    naming anyone else."""
    game = _two_dock_workers()
    unnamed = {"type": "dock", "region": "caribbean"}
    live = game.apply(unnamed)
    record = game.record()
    record["events"].append(unnamed)
    read = Game.from_record(record)
    assert read.state == live.state and read.record() == live.record()
    assert live.events[-1].player == game.pending().player
    wrong = {**unnamed, "player": next(p.name for p in game.setup.players
                                       if p.name != game.pending().player)}
    with pytest.raises(IllegalAction, match="to decide"):
        game.apply(wrong)
    record["events"][-1] = wrong
    with pytest.raises(IllegalAction, match="to decide"):
        Game.from_record(record)


def test_older_records_are_converted_as_they_are_read():
    record = json.loads((DATA / "hand_game_4p.json").read_text())
    docks = [e for e in record["events"] if e["type"] == "dock"]
    assert record["version"] == 1 and docks and not any("player" in e for e in docks)
    game = Game.from_record(record)
    upgraded = game.record()
    assert upgraded["version"] == RECORD_VERSION
    for old, new in zip(record["events"], upgraded["events"], strict=True):
        assert new == {**old, "player": new["player"]} if "player" in new else new == old
    assert Game.from_record(upgraded).state == game.state


def test_a_version_2_national_advantages_set_up_keeps_its_15_dollars():
    """The older engine gave $15 each with national advantages; a version 2 record keeps
    that money, a version 3 one follows the rulebook ($10 each without the auction)."""
    setup = {"players": [{"name": "Ann", "nation": "spain"}, {"name": "Bob", "nation": "italy"}],
             "options": {"nations": True}}
    old = Game.from_record({"version": 2, "setup": setup, "events": []})
    assert {p.money for p in old.state.players.values()} == {15}
    new = Game.from_record({"version": 3, "setup": setup, "events": []})
    assert {p.money for p in new.state.players.values()} == {10}


def test_unknown_versions_are_refused_in_words():
    with pytest.raises(MalformedEvent, match="reads versions 1, 2, 3, 4, 5"):
        Game.from_record({"version": 6, "setup": {"players": []}, "events": []})


def _aoe3_dock_skipped(version):
    """An AoE III record where Red's dock worker stayed home, as the app allowed before
    version 4."""
    game = new_game(edition="aoe3")
    game = only_workers(game, {"Red": {"colonist": 1}, "Blue": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "dock"), ("Blue", "colonist", "trade_goods"))
    record = game.record()
    record["events"].append({"type": "dock", "player": "Red", "region": None})
    return {**record, "version": version}


def test_an_aoe3_record_before_version_4_replays_its_skipped_dock_worker():
    """`001_…` has no "stays home" on the Colonist Dock; a record kept while the app offered
    it still replays in full, and is written back as the current version with that reading
    kept."""
    old = Game.from_record(_aoe3_dock_skipped(3))
    assert old.setup.readings.skip_dock_and_goods
    assert old.state.tracks["dock"][0].player == "Red" and old.pending().type == "take_good"
    assert old.pending().decline is not None  # the game goes on as it was played
    written = old.record()
    assert written["version"] == RECORD_VERSION
    assert written["setup"]["readings"]["skip_dock_and_goods"]
    assert Game.from_record(written).state == old.state
    loaded, refusal = Game.load_record(_aoe3_dock_skipped(4))
    assert "cannot stay home in Age of Empires III" in refusal.reason
    assert not loaded.setup.readings.skip_dock_and_goods


# ---------------------------------------------------------------- at_turn_end


def test_at_turn_end_is_the_state_after_the_turns_refresh_scoring_included():
    game = new_game()
    game = play_plan(game, {"Red": [("colonist", "dock")] * 3})
    while game.pending().type == "dock":
        game = game.apply({"type": "dock", "region": "caribbean"})
    game = finish_turn(game)
    for _ in range(2):
        game = pass_turn(game)
    game = correct(game, "Red", reason="later", money=5)
    end_1, end_3 = game.at_turn_end(1), game.at_turn_end(3)
    assert (end_1.turn, end_1.phase.value) == (2, "placement")
    assert end_1.players["Red"].colony_vp == [0, 0, 0]
    assert end_3.players["Red"].colony_vp == [6, 0, 0]  # turn 3's colony scoring
    assert end_3.players["Red"].money + 5 == game.state.players["Red"].money
    with pytest.raises(IllegalAction, match="turn 4 is not over yet"):
        game.at_turn_end(4)


def test_an_event_that_cannot_be_read_is_told_apart_by_kind_not_by_its_words(monkeypatch):
    """The store keeps an older record the rules now refuse, but never one it cannot read:
    it tells the two apart by the refusal's kind, so a French reason changes nothing."""
    from companion import i18n
    from companion.engine import records

    game = _two_dock_workers()
    record = game.record()
    refused = dict(record, events=record["events"] + [
        {"type": "dock", "player": "Blue", "region": "caribbean"}])  # Red's to decide
    with i18n.use_language("fr"):
        rule = records.load(refused["setup"], refused["events"]).refusal
    assert rule is not None and not rule.unreadable

    applied = records.apply_in_place
    last = len(record["events"]) - 1

    def shape_problem_at_last(state, ev):
        if state.version == last:
            raise KeyError("region")  # a shape the fold could not read
        return applied(state, ev)

    monkeypatch.setattr(records, "apply_in_place", shape_problem_at_last)
    with i18n.use_language("fr"):
        unread = records.load(record["setup"], record["events"]).refusal
    assert unread is not None and unread.unreadable and unread.index == last
    assert "cannot read" not in unread.reason  # said in French
