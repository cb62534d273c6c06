"""Warfare (digest section 5): battles, wars, the book example and Militia."""

from __future__ import annotations

import pytest
from helpers import (
    correct,
    decline_until,
    finish_turn,
    money,
    new_game,
    only_workers,
    place,
    random_questions,
    region,
    resolve,
    to_turn,
)

from companion import i18n
from companion.engine import IllegalAction
from companion.engine.moves import legal
from companion.engine.slots import current_slot
from companion.engine.tracks.warfare import battle_refusal, battle_regions, expected_losses
from companion.rules.editions import WAR_PRICE
from companion.rules.regions import REGIONS

NAMES = ["Red", "Blue", "Green", "Orange", "Purple", "White"]  # 6 players: 11 dock slots


def _new_france_discovered():
    """Turn 1: Red and Blue land a colonist each in the Caribbean, Green finds New France."""
    game = new_game(NAMES)
    game = only_workers(game, {n: {"colonist": 1} for n in ("Red", "Blue", "Green")})
    game = place(game, ("Red", "colonist", "dock"), ("Blue", "colonist", "dock"),
                 ("Green", "colonist", "discovery"))
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   {"type": "dock", "region": "caribbean"},
                   {"type": "expedition", "workers": {"colonist": 1}, "target": "new_france",
                    "found": "t01"})
    assert region(game, "new_france") == {"Green": {"colonist": 1}}
    return finish_turn(game)


def _armies(game, red_extra=(), blue_extra=()):
    """The book's armies land in New France: Red 2 soldiers + 3 colonists, Blue 1 + 4.

    ``red_extra`` / ``blue_extra`` are further tracks where each puts one colonist.
    """
    red = ["soldier", "soldier", "colonist", "colonist", "colonist"]
    blue = ["soldier", "colonist", "colonist", "colonist", "colonist"]
    game = only_workers(game, {
        "Red": {"soldier": 2, "colonist": 3 + len(red_extra)},
        "Blue": {"soldier": 1, "colonist": 4 + len(blue_extra)},
    })
    queue = {"Red": [(w, "dock") for w in red] + [("colonist", t) for t in red_extra],
             "Blue": [(w, "dock") for w in blue] + [("colonist", t) for t in blue_extra]}
    while game.state.phase == "placement":
        who = game.pending().player
        worker, track = queue[who].pop(0)
        game = place(game, (who, worker, track))
    for _ in range(10):
        game = resolve(game, {"type": "dock", "region": "new_france"})
    assert region(game, "new_france") == {
        "Red": {"soldier": 2, "colonist": 3},
        "Blue": {"soldier": 1, "colonist": 4},
        "Green": {"colonist": 1},
    }
    return game


def _battle_position():
    game = _armies(_new_france_discovered(), red_extra=["warfare"])
    game = decline_until(game, "warfare")
    assert game.pending().player == "Red"
    return game


def _losses(region_id, attacker, defender):
    return {"region": region_id, "attacker": attacker, "defender": defender}


def test_book_battle_example():
    game = _battle_position()
    reserve = {n: dict(game.state.players[n].reserve) for n in ("Red", "Blue")}
    game = resolve(game, {
        "type": "warfare", "kind": "battle", "defender": "Blue",
        "losses": [_losses("new_france", {"soldier": 1}, {"soldier": 1, "colonist": 1})],
    })
    assert region(game, "new_france") == {
        "Red": {"soldier": 1, "colonist": 3},
        "Blue": {"colonist": 3},
        "Green": {"colonist": 1},  # not named, not affected
    }
    assert money(game)["Red"] == 10  # a battle costs nothing
    red, blue = game.state.players["Red"], game.state.players["Blue"]
    assert red.reserve["soldier"] == reserve["Red"]["soldier"] + 1
    assert blue.reserve["soldier"] == reserve["Blue"]["soldier"] + 1
    assert blue.reserve["colonist"] == reserve["Blue"]["colonist"] + 1


@pytest.mark.parametrize(("attacker", "defender"), [
    ({"soldier": 1}, {"soldier": 1}),  # the defender must lose 2 (one per attacking soldier)
    ({}, {"soldier": 1, "colonist": 1}),  # the attacker must lose 1
    ({"soldier": 1}, {"colonist": 3}),
    ({"soldier": 2}, {"soldier": 1, "colonist": 1}),
])
def test_battle_losses_must_match_the_soldiers(attacker, defender):
    game = _battle_position()
    with pytest.raises(IllegalAction):
        game.apply({"type": "warfare", "kind": "battle", "defender": "Blue",
                    "losses": [_losses("new_france", attacker, defender)]})


def test_losses_of_workers_that_are_not_there_are_refused():
    game = _battle_position()
    with pytest.raises(IllegalAction):
        game.apply({"type": "warfare", "kind": "battle", "defender": "Blue",
                    "losses": [_losses("new_france", {"soldier": 1}, {"soldier": 2})]})


def test_a_battle_needs_a_soldier_on_either_side():
    game = _battle_position()
    # Red and Blue both have a colonist in the Caribbean, but no soldier there
    with pytest.raises(IllegalAction, match="neither"):
        game.apply({"type": "warfare", "kind": "battle", "defender": "Blue",
                    "losses": [_losses("caribbean", {}, {})]})


def test_each_soldier_removes_at_most_the_workers_present():
    game = _battle_position()
    # against Green (1 colonist, no soldier): Red loses nothing, Green its one colonist
    with pytest.raises(IllegalAction):
        game.apply({"type": "warfare", "kind": "battle", "defender": "Green",
                    "losses": [_losses("new_france", {}, {"colonist": 2})]})
    game = resolve(game, {"type": "warfare", "kind": "battle", "defender": "Green",
                          "losses": [_losses("new_france", {}, {"colonist": 1})]})
    assert "Green" not in region(game, "new_france")


def test_wrong_losses_are_refused_with_counted_workers_in_both_languages():
    game = _battle_position()
    wrong = {"type": "warfare", "kind": "battle", "defender": "Green",
             "losses": [_losses("new_france", {}, {"colonist": 2})]}
    with pytest.raises(IllegalAction, match="Red loses 0 workers and Green loses 1 worker, "
                                            "not 0 and 2"):
        game.apply(wrong)
    with i18n.use_language("fr"), pytest.raises(
            IllegalAction, match="Red perd 0 ouvrier et Green perd 1 ouvrier, pas 0 et 2"):
        game.apply(wrong)


def test_war_costs_10_and_is_fought_only_where_someone_has_soldiers():
    game = _battle_position()
    both = [_losses("new_france", {"soldier": 1}, {"soldier": 1, "colonist": 1}),
            _losses("caribbean", {}, {})]
    with pytest.raises(IllegalAction, match="fought in: New France"):
        game.apply({"type": "warfare", "kind": "war", "defender": "Blue", "losses": both})
    with pytest.raises(IllegalAction, match="fought in: New France"):
        game.apply({"type": "warfare", "kind": "war", "defender": "Blue", "losses": []})
    game = resolve(game, {"type": "warfare", "kind": "war", "defender": "Blue",
                          "losses": both[:1]})
    assert money(game)["Red"] == 10 - 10
    assert region(game, "new_france")["Blue"] == {"colonist": 3}
    assert region(game, "caribbean") == {"Red": {"colonist": 1}, "Blue": {"colonist": 1}}


def test_war_needs_10_dollars():
    game = correct(_battle_position(), "Red", money=-1)
    with pytest.raises(IllegalAction, match="not enough"):
        game.apply({"type": "warfare", "kind": "war", "defender": "Blue",
                    "losses": [_losses("new_france", {"soldier": 1},
                                       {"soldier": 1, "colonist": 1})]})


def test_nobody_fights_themselves():
    game = _battle_position()
    with pytest.raises(IllegalAction):
        game.apply({"type": "warfare", "kind": "battle", "defender": "Red",
                    "losses": [_losses("new_france", {}, {})]})


def test_militia_adds_a_soldier_when_its_owner_defends():
    game = to_turn(_new_france_discovered(), 7, {6: ["militia"]})
    game = correct(game, "Blue", money=9)  # $11 + 9 = the Age III price
    game = _armies(game, red_extra=["warfare"], blue_extra=["buildings", "warfare"])
    game = decline_until(game, "buy")
    game = resolve(game, {"type": "buy", "building": "militia"})
    game = decline_until(game, "warfare")
    assert game.pending().player == "Red"
    # Blue defends with 1 + 1 soldiers: Red loses 2; Red's 2 soldiers still remove 2
    with pytest.raises(IllegalAction):
        game.apply({"type": "warfare", "kind": "battle", "defender": "Blue",
                    "losses": [_losses("new_france", {"soldier": 1},
                                       {"soldier": 1, "colonist": 1})]})
    # Blue (the soldiers' owner) picks 2 of Red's colonists
    game = resolve(game, {"type": "warfare", "kind": "battle", "defender": "Blue",
                          "losses": [_losses("new_france", {"colonist": 2},
                                             {"soldier": 1, "colonist": 1})]})
    assert region(game, "new_france")["Red"] == {"soldier": 2, "colonist": 1}
    assert region(game, "new_france")["Blue"] == {"colonist": 3}
    # Militia does not help Blue attack: Red's 2 soldiers remove 2, Blue removes nobody
    assert game.pending().player == "Blue"
    with pytest.raises(IllegalAction):
        game.apply({"type": "warfare", "kind": "battle", "defender": "Red",
                    "losses": [_losses("new_france", {"colonist": 2}, {"colonist": 1})]})
    game = resolve(game, {"type": "warfare", "kind": "battle", "defender": "Red",
                          "losses": [_losses("new_france", {"colonist": 2}, {})]})
    assert region(game, "new_france")["Blue"] == {"colonist": 1}
    assert region(game, "new_france")["Red"] == {"soldier": 2, "colonist": 1}


@pytest.mark.parametrize("setup", [
    {"players": [{"name": f"P{i}"} for i in range(5)]},
    {"edition": "aoe3", "players": [{"name": f"P{i}"} for i in range(4)]},
], ids=["empires-5", "aoe3-4"])
def test_warfare_lists_the_fights_the_rules_allow(setup):
    """The Warfare question (which looks only where its player stands) offers, opponent
    by opponent in turn order, a battle in each region (in the board's order) that
    ``battle_refusal`` allows and where someone would lose a worker, then a war where
    ``battle_regions`` finds any and the attacker can pay for it."""
    fights = 0
    for state, wanted in random_questions(setup):
        if wanted.type == "warfare" and "kind" not in wanted.draft:
            me = current_slot(state).player
            found = legal(state, wanted.draft)
            expected = []
            for d in state.order:
                if d == me:
                    continue
                expected += [(d, r) for r in REGIONS
                             if battle_refusal(state, me, d, r, explain=False) is None
                             and any(expected_losses(state, r, me, d))]
                if battle_regions(state, me, d) and state.players[me].money >= WAR_PRICE:
                    expected.append((d, None))
            assert [m.value for m in found.moves] == expected
            assert found.decline.events == ({"type": "warfare", "player": me,
                                             "kind": None},)
            fights += len(expected)
    assert fights > 10
