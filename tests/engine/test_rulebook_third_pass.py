"""Rules read from the French rulebooks, third pass (issue 28): one test per rule, citing the
seed file and its section. ``000_…`` is Empires: Age of Discovery, ``001_…`` Age of Empires
III (``docs/rules-readings.md`` names each reading).
"""

from __future__ import annotations

import pytest
from helpers import (
    correct,
    decline_until,
    finish_turn,
    new_game,
    only_workers,
    play_plan,
    resolve,
    to_turn,
)

from companion.engine import Game, IllegalAction, MalformedEvent, final_scores
from companion.engine.asking import decide
from companion.engine.decisions import Decision
from companion.engine.events import parse_event
from companion.engine.fold import apply_in_place
from companion.engine.powers import portugal, rewrite_history
from companion.rules.regions import REGIONS

RESOLVE = {"type": "resolve"}


def _nations(**nations):
    players = [{"name": name, "nation": nation} for name, nation in nations.items()]
    game = Game.new({"players": players, "options": {"nations": True}})
    return game.apply({"type": "reveal", "goods": ["indigo", "indigo", "rice", "silver"],
                       "buildings": ["settlers", "monastery", "trade_routes", "trading_post",
                                     "navigator"]})


def _power(player, nation, **choice):
    return {"type": "power", "player": player, "nation": nation, "choice": choice}


def _as_version(game, version):
    """The game's record read back as an older record version."""
    return Game.from_record({**game.record(), "version": version})


# ---------------------------------------------------------------- 1. Rewrite History


def _token_owners():
    """Orange about to buy Rewrite History (Age III); Red owns t01, Blue t03, Green t04."""
    names = ["Red", "Blue", "Green", "Orange"]
    game = new_game(names, builders=True)
    game = play_plan(game, {n: [("colonist", "discovery")] * 2 for n in names[:3]})
    game = resolve(game, *({"type": "expedition", "workers": {"colonist": 2}, "target": r,
                             "found": t} for r, t in (("florida", "t01"), ("new_spain", "t03"),
                                                      ("peru", "t04"))))
    game = to_turn(finish_turn(game), 7, {6: ["rewrite_history"]})
    game = correct(game, "Orange", money=20 - game.state.players["Orange"].money)
    return decline_until(play_plan(game, {"Orange": [("colonist", "buildings")]}), "buy")


def test_rewrite_history_reports_the_token_drawn_at_random_without_values():
    # 000_…, Appendix II, "Réécrire l'histoire": "Les compteurs sont choisis au hasard (face
    # cachée)": whom to take from is chosen, the token is not.
    game = _token_owners()
    draft = {"type": "buy", "player": "Orange", "building": "rewrite_history", "choice": {}}
    power = rewrite_history.POWER

    def asked(draft: dict) -> Decision:  # the purchase's question, in words
        return power.purchase_words(game.state, power.purchase_moves(game.state, draft,
                                                                     "Orange"), "")

    whom = asked(dict(draft))
    assert not whom.report and [a.value for a in whom.answers] == ["Red", "Blue", "Green"]
    drawn = asked({**draft, "choice": {"_from": "Red"}})
    assert drawn.report and drawn.player is None  # a fact read off the token, not a choice
    assert "random" in drawn.prompt and "face down" in drawn.prompt
    assert [a.value for a in drawn.answers] == ["t01"]
    assert all(not a.note for a in drawn.answers)  # no VP, natives or $ to pick the best by
    game = game.apply({"type": "buy", "building": "rewrite_history",
                       "choice": {"tokens": {"Red": "t01"}}})
    assert game.state.players["Orange"].discoveries == ["t01"]


# ---------------------------------------------------------------- 2. Portugal


def test_portugal_is_offered_exactly_when_the_engine_accepts_it_every_region_found_too():
    # 000_…, Appendix I, Portugal: once an age, the card pile "à la place de découvrir une
    # région", natives "toujours égale à 3": with every region found the power still sets 3.
    game = _nations(Red="portugal", Blue="spain")
    game = play_plan(game, {"Red": [("colonist", "discovery")] * 3})
    game = decline_until(game, "expedition")
    found = game.state.clone()
    found.discovered = list(REGIONS)  # every region discovered
    question = decide(found)
    offered = [a for a in question.answers if (a.draft or {}).get("nation_power")]
    assert [a.value for a in offered] == ["card"]
    assert "card" in [a.value for a in question.answers if not (a.draft or {}).get("nation_power")]
    # the engine accepts what the question offers: 3 colonists beat natives 3 (India: 6)
    after = found.clone()
    apply_in_place(after, parse_event({"type": "expedition", "player": "Red",
                                       "workers": {"colonist": 3}, "target": "card",
                                       "found": "india", "nation_power": True}))
    assert after.players["Red"].discoveries == ["india"]
    # used this age: the one rule now says no, for the question and the engine alike
    assert not portugal.ready(after, "Red")
    assert "once an age" in portugal.refusal(after, after.players["Red"])


# ---------------------------------------------------------------- 3. Holland and Italy


def test_italy_stops_the_tracks_just_before_specialists_after_discovery():
    # 000_…, Appendix I, "Villes-états italiennes": "juste avant que la piste des spécialistes
    # ne soit résolue" -- after Discovery, so a worker back from an expedition may go.
    game = _nations(Red="italy", Blue="spain")
    game = play_plan(game, {"Red": [("colonist", "discovery")],
                            "Blue": [("colonist", "specialists", "captain")]})
    assert game.pending().type == "expedition"  # no declare step: Italy waits for its track
    game = game.apply({"type": "expedition", "workers": {}})
    assert game.pending().type == "resolve" and game.state.step == "specialists"
    assert "Italian city-states (Red)" in decide(game.state).prompt
    game = game.apply(_power("Red", "italy", box="captain", worker="colonist"))
    # used: the tracks go on by themselves, and Red trains the captain
    assert game.pending().type == "refresh"
    assert game.state.players["Red"].incoming["captain"] == 1
    assert game.state.players["Blue"].incoming["captain"] == 0


def test_italy_and_holland_stop_the_tracks_only_when_the_power_can_be_used():
    game = _nations(Red="italy", Blue="spain")
    game = play_plan(game, {"Red": [("colonist", "dock")]})  # nobody on Specialists
    game = game.apply({"type": "dock", "region": "caribbean"})
    assert game.pending().type == "refresh"
    holland = _nations(Red="holland", Blue="spain")
    holland = only_workers(holland, {})
    assert holland.pending().type == "resolve" and holland.state.step == "shipping"
    holland = holland.apply(RESOLVE)  # not used this turn: asked again next turn
    holland = finish_turn(holland)
    holland = only_workers(holland, {})
    assert holland.state.step == "shipping"
    holland = holland.apply(_power("Red", "holland"))
    assert holland.pending().type == "refresh" and holland.state.players["Red"].ships == 1
    with pytest.raises(IllegalAction, match="no pause to end now"):
        holland.apply(RESOLVE)


def test_records_before_version_5_keep_holland_declared_before_the_tracks():
    # the older flow: a declare step for Holland, no stop before Merchant Shipping
    game = _nations(Red="holland", Blue="spain")
    old_setup = {**game.setup.model_dump(mode="json")}
    events = [{"type": "reveal", "goods": ["indigo", "indigo", "rice", "silver"],
               "buildings": ["settlers", "monastery", "trade_routes", "trading_post",
                             "navigator"]}]
    record = {"version": 4, "setup": old_setup, "events": events}
    old = Game.from_record(record)
    assert old.setup.readings.nations_declared_up_front
    old = only_workers(old, {})
    assert old.pending().type == "resolve" and old.state.step == "declare"
    old = old.apply(RESOLVE)  # the tracks run through Merchant Shipping by themselves
    assert old.pending().type == "refresh"


# ---------------------------------------------------------------- 4. dock slot X / Y


def _servitude_short_of_colonists():
    """Red owns Indentured Servitude and has only 5 colonists left in its stock when the
    board is refreshed."""
    game = new_game(buildings=["indentured_servitude", "settlers", "monastery",
                               "trading_post", "navigator"])
    game = play_plan(game, {"Red": [("colonist", "buildings")]})
    game = game.apply({"type": "buy", "building": "indentured_servitude"})
    game = decline_until(game, "refresh")
    left = game.state.players["Red"].reserve["colonist"]
    return correct(game, "Red", available={"colonist": left - 5})


def test_the_free_colonist_on_dock_slot_x_comes_before_the_five_new_colonists():
    # 000_…, "Servage": "1 colon gratuit à chaque tour sur la case X du quai des colons",
    # a permanent building (phase 4); the 5 new colonists come in phase 5 ("Rafraîchir").
    game = finish_turn(_servitude_short_of_colonists())
    red = game.state.players["Red"]
    assert [(s.player, s.label) for s in game.state.tracks["dock"]] == [("Red", "X")]
    assert red.reserve["colonist"] == 0
    old = _as_version(game, 4)  # a record before version 5: the 5 came first, X was lost
    assert old.state.tracks["dock"] == []
    assert old.state.players["Red"].available["colonist"] == red.available["colonist"] + 1


# ---------------------------------------------------------------- 5. Navy


@pytest.mark.parametrize(("per_ship", "vp"), [(None, 8), (4, 8), (3, 6)])
def test_aoe3_navy_scores_4_per_ship_or_the_books_body_3_as_a_reading(per_ship, vp):
    # 001_…, "Points de victoire": "« Navy » fournit 3 points de victoire … par navire
    # marchand"; Annex II and the tile: "4 PV par navire marchand".
    setup = {"edition": "aoe3", "players": [{"name": "Red"}, {"name": "Blue"}]}
    if per_ship is not None:
        setup["readings"] = {"navy_vp_per_ship": per_ship}
    state = Game.new(setup).state.clone()
    red = state.players["Red"]
    red.buildings.append("navy")
    red.ships = 2
    scores = {s.player: s for s in final_scores(state)}
    assert scores["Red"].buildings == {"navy": vp}


def test_navy_at_3_is_refused_for_empires():
    with pytest.raises(MalformedEvent, match="Age of Empires III"):
        Game.new({"players": [{"name": "Red"}, {"name": "Blue"}],
                  "readings": {"navy_vp_per_ship": 3}})
