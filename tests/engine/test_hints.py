"""Hints (issue 14): the worth of each answer, checked against values worked out by hand
from the rules digest (income sets section 6, colony scoring section 7, tokens section 9,
buildings section 10); and hints never change the game."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

from helpers import correct, finish_turn, new_game, play_plan, resolve, to_turn

from companion.engine import (
    BuildingWorth,
    ColonyWorth,
    ExpeditionWorth,
    Game,
    IncomeWorth,
    ended_now,
    hints,
    standings,
)
from companion.engine.playout import random_step


def by_label(game: Game) -> dict:
    return {h.label: h for h in hints(game.state, game.pending())}


# ---------------------------------------------------------------- a trade good


def test_good_hint_gives_income_this_turn_and_at_game_end_with_and_without():
    game = new_game()  # offer: indigo, indigo, rice, silver
    game = correct(game, "Red", goods={"indigo": 2, "silver": 1}, ships=1)
    game = play_plan(game, {"Red": [("colonist", "trade_goods")]})
    assert game.pending().type == "take_good"
    found = by_label(game)
    # Held: indigo 2, silver 1, a ship. Best sets by hand: {indigo, indigo, ship} $3 (the
    # silver is left over). + indigo: {indigo x3, ship} $6. + silver: still $3 (two silvers
    # make no set). + rice: still $3 (silver and rice are two goods, no mixed set of 3).
    assert found["indigo"].worth == IncomeWorth("Red", 3, 6, 3, 6)
    assert found["silver"].worth == IncomeWorth("Red", 3, 3, 3, 3)
    assert found["rice"].worth == IncomeWorth("Red", 3, 3, 3, 3)
    assert found["indigo"].text == "income this turn $3 → $6; Economy VP at game end 3 → 6"
    assert set(found) == {"indigo", "silver", "rice"}  # "Takes nothing" has no hint


# ---------------------------------------------------------------- a Dock destination


def _dock_game() -> Game:
    """Turn 2 of a 3-player game: Caribbean holds Blue 3, Red 2; Florida (found by Red on
    turn 1) Red 1; Green has nothing anywhere; Red's colonist waits on the dock."""
    game = new_game(["Red", "Blue", "Green"])
    game = play_plan(game, {"Red": [("colonist", "dock"), ("colonist", "dock"),
                                    ("colonist", "discovery")],
                            "Blue": [("colonist", "dock")] * 3})
    while game.pending().type == "dock":
        game = game.apply({"type": "dock", "region": "caribbean"})
    game = finish_turn(resolve(game, {"type": "expedition", "player": "Red",
                                      "workers": {"colonist": 1}, "target": "florida",
                                      "found": "t01"}))
    game = play_plan(game, {"Red": [("colonist", "dock")]})
    assert game.pending().type == "dock" and game.state.discovered == ["caribbean", "florida"]
    return game


def test_dock_hint_gives_every_players_colony_vp_at_the_next_scoring():
    game = _dock_game()
    found = by_label(game)
    # Before: Caribbean Blue 3 (sole leader, 6 VP), Red 2 (sole runner-up, 2 VP); Florida
    # has nobody with 3, no score. Red to Caribbean: 3 against 3, two tied leaders: 2 each.
    caribbean = found["Caribbean"].worth
    assert caribbean == ColonyWorth(3, (("Red", 2), ("Blue", 6), ("Green", 0)),
                                    (("Red", 2), ("Blue", 2), ("Green", 0)))
    assert found["Caribbean"].text == "colony VP at the turn 3 scoring: Blue 6 → 2"
    # Red to Florida: 2 there, still under 3: nothing changes.
    assert found["Florida"].worth.change() == {}
    assert found["Florida"].text == "no change to colony VP at the turn 3 scoring"


def test_if_the_game_ended_now_adds_a_scoring_of_the_board_as_it_stands():
    game = _dock_game()
    so_far = {s.player: s.total for _, s in standings(game.state)}
    now = {s.player: s.total for _, s in ended_now(game.state)}
    # The board now: Caribbean Blue 3 -> 6 VP, Red 2 -> 2 VP.
    assert now == {"Blue": so_far["Blue"] + 6, "Red": so_far["Red"] + 2,
                   "Green": so_far["Green"]}


# ---------------------------------------------------------------- a capital building

AGE_III = ["prosperity", "wealth", "mercantilism", "navy", "factory"]


def test_building_hint_gives_cost_vp_now_and_the_end_vp_formula():
    game = new_game()
    game = correct(game, "Red", goods={"silver": 3}, ships=2)
    game = to_turn(game, 7, offers={6: AGE_III})
    game = correct(game, "Red", money=65 - game.state.players["Red"].money)  # Red has $65
    assert sorted(game.state.buildings_offer) == sorted(AGE_III)
    game = play_plan(game, {"Red": [("colonist", "buildings")]})
    found = {h.worth.__class__: h for h in hints(game.state, game.pending())}
    assert set(found) == {BuildingWorth}
    worth = {h.label: h.worth for h in hints(game.state, game.pending())}
    # Age III price $20. Counted as if the game ended just after buying:
    # Prosperity 2 VP per building, this one the only one: 2 VP.
    assert worth["Prosperity"] == BuildingWorth("Red", 20, 2, 0, "2 VP per building", 1, 2)
    # Wealth 1 VP per $5: $65 - $20 = $45 -> 9 VP.
    assert worth["Wealth"].formula_count == 45 and worth["Wealth"].vp_now == 9
    # Mercantilism 1 VP per good: 3 silver -> 3 VP. Navy 4 VP per ship: 2 ships -> 8 VP.
    assert worth["Mercantilism"].vp_now == 3
    assert worth["Navy"].vp_now == 8
    # Manufacture: a fixed 5 VP, no formula.
    assert worth["Manufacture"] == BuildingWorth("Red", 20, 5, 5, None, 0, 0)
    text = {h.label: h.text for h in hints(game.state, game.pending())}
    assert text["Navy"] == "$20; 8 VP if the game ended now (0 + 4 VP per ship: 2 → 8)"


# ---------------------------------------------------------------- an expedition

NATIVES = [1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 5, 5]  # the 16 tokens, digest section 9


def test_expedition_hint_is_the_chance_over_unseen_tokens_or_the_known_natives():
    game = new_game()
    game = play_plan(game, {"Red": [("colonist", "discovery")]})
    # Red's lone colonist (strength 1) fails against token 15 (natives 5) in Peru: that
    # token lies face up there from now on.
    game = finish_turn(resolve(game, {"type": "expedition", "player": "Red",
                                      "workers": {"colonist": 1}, "target": "peru",
                                      "found": "t15"}))
    assert game.state.known_tokens == {"peru": "t15"}
    game = correct(game, "Red", available={"captain": 1})
    game = play_plan(game, {"Red": [("captain", "discovery"), ("colonist", "discovery")]})
    decision = game.pending()
    assert decision.type == "expedition"
    worth = {h.label: h.worth for h in hints(game.state, decision)}
    # Captain 2 + colonist 1 = strength 3. Peru's token is known: natives 5, it fails.
    assert worth["Peru"] == ExpeditionWorth(3, natives=5)
    assert worth["Peru"].chance == 0
    # Elsewhere: 15 tokens unseen (t15 is seen); natives <= 3: 2 + 3 + 6 = 11 of them.
    unseen = list(NATIVES)
    unseen.remove(5)
    assert worth["Brazil"] == ExpeditionWorth(3, unseen=15, beaten=11)
    assert worth["Brazil"].chance == Fraction(11, 15)
    assert sum(n <= 3 for n in unseen) == 11
    text = {h.label: h.text for h in hints(game.state, decision)}
    assert text["Brazil"] == "strength 3: succeeds against 11 of the 15 unseen tokens (73%)"
    # Choosing who sails: each listed group against the unseen tokens.
    ask = game.ask({"type": "expedition", "player": "Red", "target": "brazil"})
    by_strength = {h.worth.strength: h.worth.beaten for h in hints(game.state, ask)}
    assert by_strength == {1: 2, 2: 5, 3: 11}


# ---------------------------------------------------------------- hints never change a game


def test_hints_never_change_the_state_or_the_log():
    rng = random.Random(7)
    game = Game.new({"players": [{"name": n} for n in ("Ann", "Bob", "Cid")],
                     "options": {"builders": True}})
    seen = set()
    while game.state.phase != "over":
        before_state, before_events = copy.deepcopy(game.state), game.events
        found = hints(game.state, game.pending())
        ended_now(game.state)
        assert game.state == before_state
        assert game.events == before_events
        seen.update(type(h.worth) for h in found)
        game = random_step(game, rng)
    assert {IncomeWorth, ColonyWorth, BuildingWorth} <= seen


# ---------------------------------------------------------------- a battle


def test_battle_hint_gives_colony_vp_before_and_after_its_losses():
    game = new_game(["Red", "Blue", "Green", "Orange"])
    game = correct(game, "Red", available={"soldier": 1})
    game = play_plan(game, {"Red": [("soldier", "dock"), ("colonist", "dock"),
                                    ("colonist", "dock")],
                            "Blue": [("colonist", "dock")] * 3})
    while game.pending().type == "dock":
        game = game.apply({"type": "dock", "region": "caribbean"})
    game = finish_turn(game)
    game = play_plan(game, {"Red": [("colonist", "warfare")]})
    assert game.pending().type == "warfare"
    found = by_label(game)
    # Caribbean: Red 3 (a soldier among them) against Blue 3: tied leaders, 2 VP each. Red's
    # soldier removes one of Blue's (Blue has no soldier to hit back): Red 3 alone on top,
    # 6 VP; Blue 2, sole runner-up, still 2 VP.
    battle = found["Battle with Blue in the Caribbean"]
    assert battle.worth.change() == {"Red": (2, 6)}
    assert battle.text.startswith("colony VP at the turn 3 scoring: Red 2 → 6")
