"""Placement (digest sections 2 and 4): turn order, skipping, and each track's limits."""

from __future__ import annotations

import copy
import random

import pytest
from helpers import (
    act,
    correct,
    decline_until,
    finish_turn,
    new_game,
    only_workers,
    place,
    resolve,
    to_turn,
)

from companion.engine import EngineError, IllegalAction, MalformedEvent, replay
from companion.engine.events import parse_event
from companion.engine.flow import Phase
from companion.engine.fold import apply_in_place
from companion.engine.playout import random_game
from companion.engine.state import Slot
from companion.engine.tracks import placement, placement_board


def _labels(game, track):
    return [(s.player, s.label) for s in game.state.tracks[track]]


# ---------------------------------------------------------------- turn order


def test_players_place_one_worker_at_a_time_in_turn_order():
    game = new_game(["Red", "Blue", "Green"])
    assert game.pending().player == "Red"
    game = place(game, ("Red", "colonist", "shipping"))
    assert game.pending().player == "Blue"
    game = place(game, ("Blue", "colonist", "shipping"), ("Green", "colonist", "shipping"))
    assert game.pending().player == "Red"


def test_placing_out_of_turn_is_refused_naming_whose_turn_it_is():
    game = new_game(["Red", "Blue", "Green"])
    game = place(game, ("Red", "colonist", "shipping"))
    with pytest.raises(IllegalAction, match="it is Blue's turn"):
        place(game, ("Green", "colonist", "shipping"))
    with pytest.raises(IllegalAction, match="it is Blue's turn"):
        place(game, ("Red", "colonist", "shipping"))


def test_a_player_without_workers_is_skipped():
    game = new_game(["Red", "Blue", "Green"])
    game = only_workers(game, {"Red": {"colonist": 3}, "Blue": {"colonist": 1},
                               "Green": {"colonist": 2}})
    game = place(game, ("Red", "colonist", "shipping"), ("Blue", "colonist", "shipping"),
                 ("Green", "colonist", "shipping"), ("Red", "colonist", "shipping"))
    assert game.pending().player == "Green"  # Blue has nothing left
    game = place(game, ("Green", "colonist", "shipping"))
    assert game.pending().player == "Red"  # Green is done too
    game = place(game, ("Red", "colonist", "shipping"))
    assert game.state.phase != "placement"  # nobody has workers: resolution starts


def test_a_worker_the_player_does_not_have_is_refused():
    game = new_game()
    with pytest.raises(IllegalAction, match="no captain"):
        place(game, ("Red", "captain", "shipping"))


def test_placement_ends_only_when_every_worker_is_placed():
    game = new_game()
    for _ in range(4):
        game = place(game, ("Red", "colonist", "shipping"), ("Blue", "colonist", "shipping"))
    game = place(game, ("Red", "colonist", "shipping"))
    assert game.state.phase == "placement" and game.pending().player == "Blue"
    game = place(game, ("Blue", "colonist", "shipping"))
    assert game.state.phase != "placement"


# ---------------------------------------------------------------- Initiative


def test_initiative_takes_the_leftmost_slot_and_one_worker_per_player():
    game = new_game(["Red", "Blue"])
    game = place(game, ("Red", "colonist", "initiative"), ("Blue", "colonist", "initiative"))
    assert _labels(game, "initiative") == [("Red", "1"), ("Blue", "2")]
    with pytest.raises(IllegalAction, match="already has a worker on Initiative"):
        place(game, ("Red", "colonist", "initiative"))


# ---------------------------------------------------------------- Colonist Dock


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dock_has_2n_minus_1_numbered_slots_then_is_full(players):
    names = ["Red", "Blue", "Green", "Orange"][:players]
    game = new_game(names)
    slots = 2 * players - 1
    for i in range(slots):
        game = place(game, (names[i % players], "colonist", "dock"))
    assert [label for _, label in _labels(game, "dock")] == [str(i + 1) for i in range(slots)]
    nxt = names[slots % players]
    with pytest.raises(IllegalAction, match=f"slots 1-{slots}"):
        place(game, (nxt, "colonist", "dock"))


def _buy_in_turn(game, buyer, building):
    """The buyer's one worker goes on Capital Buildings and buys ``building``."""
    game = only_workers(game, {buyer: {"colonist": 1}})
    game = place(game, (buyer, "colonist", "buildings"))
    game = decline_until(game, "buy")
    return resolve(game, {"type": "buy", "building": building})


def test_indentured_servitude_puts_a_free_colonist_on_slot_x_every_turn():
    game = new_game(buildings=["indentured_servitude", "settlers", "monastery", "navigator",
                               "trade_routes"])
    game = finish_turn(_buy_in_turn(game, "Red", "indentured_servitude"))
    # turn 2: the free colonist stands on X before anyone places; Red still has 5 to place
    assert game.state.turn == 2
    assert _labels(game, "dock") == [("Red", "X")]
    assert game.state.players["Red"].available["colonist"] == 5
    assert game.state.players["Red"].reserve["colonist"] == 24 - 1
    assert game.state.players["Blue"].reserve["colonist"] == 24
    # the numbered slots are still 1..3 for everybody
    game = place(game, ("Red", "colonist", "dock"), ("Blue", "colonist", "dock"),
                 ("Red", "colonist", "dock"))
    with pytest.raises(IllegalAction, match="slots 1-3"):
        place(game, ("Blue", "colonist", "dock"))


def test_slot_x_and_y_resolve_after_the_numbered_slots():
    game = new_game(buildings=["indentured_servitude", "settlers", "monastery", "navigator",
                               "trade_routes"])
    game = finish_turn(_buy_in_turn(game, "Red", "indentured_servitude"))
    game = to_turn(game, 4, {3: ["colonization_laws"]})
    game = correct(game, "Blue", money=3)  # $11 + 3 = the Age II price
    game = finish_turn(_buy_in_turn(game, "Blue", "colonization_laws"))
    assert game.state.turn == 5
    assert sorted(_labels(game, "dock")) == [("Blue", "Y"), ("Red", "X")]
    game = only_workers(game, {"Red": {"colonist": 1}, "Blue": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "dock"), ("Blue", "colonist", "dock"))
    order = []
    while game.pending().type == "dock":
        order.append((game.pending().player, game.pending().slot))
        game = game.apply({"type": "dock", "region": "caribbean"})
    assert order == [("Red", "1"), ("Blue", "2"), ("Red", "X"), ("Blue", "Y")]
    assert game.state.regions["caribbean"] == {"Red": {"colonist": 2}, "Blue": {"colonist": 2}}


# ---------------------------------------------------------------- Trade Goods, Buildings


def test_trade_goods_has_one_slot_per_good():
    game = new_game()
    for _ in range(2):
        game = place(game, ("Red", "colonist", "trade_goods"), ("Blue", "colonist", "trade_goods"))
    assert [label for _, label in _labels(game, "trade_goods")] == ["1", "2", "3", "4"]
    with pytest.raises(IllegalAction, match="Trade Goods is full"):
        place(game, ("Red", "colonist", "trade_goods"))


def test_capital_buildings_has_one_slot_per_face_up_building():
    game = new_game(["Red", "Blue", "Green"])
    for name in ["Red", "Blue", "Green", "Red", "Blue"]:
        game = place(game, (name, "colonist", "buildings"))
    assert [label for _, label in _labels(game, "buildings")] == ["1", "2", "3", "4", "5"]
    with pytest.raises(IllegalAction, match="Capital Buildings is full"):
        place(game, ("Green", "colonist", "buildings"))


# ---------------------------------------------------------------- Specialists


def test_each_specialist_box_takes_one_worker():
    game = new_game()
    game = place(game, ("Red", "colonist", "specialists", "captain"))
    with pytest.raises(IllegalAction, match="captain box is already taken"):
        place(game, ("Blue", "colonist", "specialists", "captain"))
    game = place(game, ("Blue", "colonist", "specialists", "training"),
                 ("Red", "colonist", "specialists", "merchant"),
                 ("Blue", "colonist", "specialists", "missionary"),
                 ("Red", "colonist", "specialists", "soldier"))
    for box in ("captain", "merchant", "missionary", "soldier", "training"):
        with pytest.raises(IllegalAction):
            place(game, ("Blue", "colonist", "specialists", box))


def test_specialists_need_a_box_and_only_specialists_have_boxes():
    game = new_game()
    with pytest.raises(IllegalAction, match="say which Specialists box"):
        place(game, ("Red", "colonist", "specialists"))
    with pytest.raises(IllegalAction, match="boxes exist only"):
        place(game, ("Red", "colonist", "dock", "captain"))


def test_builder_box_exists_only_with_the_builder_expansion():
    with pytest.raises(IllegalAction, match="no builder box"):
        place(new_game(), ("Red", "colonist", "specialists", "builder"))
    game = place(new_game(builders=True), ("Red", "colonist", "specialists", "builder"))
    assert _labels(game, "specialists") == [("Red", "builder")]


def test_builders_cannot_be_placed_without_the_expansion():
    game = new_game()
    with pytest.raises(EngineError):
        correct(game, "Red", available={"builder": 1})
    game = new_game(builders=True)
    game = correct(game, "Red", available={"builder": 1})
    game = place(game, ("Red", "builder", "buildings"))
    assert _labels(game, "buildings") == [("Red", "1")]


# ---------------------------------------------------------------- Warfare


def test_warfare_takes_at_most_four_workers_in_empires():
    game = new_game()
    for _ in range(2):
        game = place(game, ("Red", "colonist", "warfare"), ("Blue", "colonist", "warfare"))
    with pytest.raises(IllegalAction, match="Warfare is full"):
        place(game, ("Red", "colonist", "warfare"))


def test_warfare_has_no_cap_in_aoe3():
    game = new_game(edition="aoe3")
    for _ in range(5):
        game = place(game, ("Red", "colonist", "warfare"), ("Blue", "colonist", "warfare"))
    assert len(game.state.tracks["warfare"]) == 10


# ---------------------------------------------------------------- refused events


def _refusals():
    return [
        {"type": "place", "player": "Blue", "worker": "colonist", "track": "dock"},  # not Blue
        {"type": "place", "player": "Red", "worker": "colonist", "track": "initiative"},  # 2nd
        {"type": "place", "player": "Red", "worker": "soldier", "track": "dock"},  # none
        {"type": "place", "player": "Red", "worker": "colonist", "track": "specialists",
         "box": "captain"},  # taken
        {"type": "place", "player": "Nobody", "worker": "colonist", "track": "dock"},
        {"type": "place", "player": "Red", "worker": "colonist", "track": "harbour"},
        {"type": "dock", "region": "caribbean"},  # not resolving yet
        {"type": "teleport"},
        {"type": "correction", "player": "Red", "reason": "", "money": 5},
        {"type": "correction", "player": "Red", "reason": "typo", "money": -100},
    ]


@pytest.mark.parametrize("event", _refusals())
def test_a_refused_event_leaves_the_game_unchanged(event):
    game = new_game()
    game = place(game, ("Red", "colonist", "initiative"),
                 ("Blue", "colonist", "specialists", "captain"))
    state_before = copy.deepcopy(game.state)
    events_before = game.events
    with pytest.raises((IllegalAction, MalformedEvent)):
        game.apply(event)
    assert game.events == events_before
    assert game.state == state_before
    assert replay(game.setup, game.events) == game.state
    # and the game goes on from there as if nothing happened
    game = act(game, {"type": "place", "player": "Red", "worker": "colonist", "track": "dock"})
    assert game.pending().player == "Blue"


@pytest.mark.parametrize("event", _refusals())
def test_a_placement_carried_on_one_state_is_refused_as_on_a_copy(event):
    """On a state whose open places were carried from its last placement (a playout's
    state, folded in place), every refusal stays, in the same words as on a copy judged
    afresh, and changes nothing: the next placement is still taken."""
    game = place(new_game(), ("Red", "colonist", "initiative"))
    state = game.state.clone()
    apply_in_place(state, parse_event({"type": "place", "player": "Blue",
                                       "worker": "colonist", "track": "specialists",
                                       "box": "captain"}))
    assert state.places[:2] == (state, state.version)  # carried
    before = copy.deepcopy(state)
    with pytest.raises((IllegalAction, MalformedEvent)) as carried:
        apply_in_place(state, parse_event(event))
    with pytest.raises((IllegalAction, MalformedEvent)) as afresh:
        apply_in_place(before.clone(), parse_event(event))
    assert str(carried.value) == str(afresh.value)
    assert state == before
    apply_in_place(state, parse_event({"type": "place", "player": "Red",
                                       "worker": "colonist", "track": "dock"}))
    assert [(s.player, s.label) for s in state.tracks["dock"]] == [("Red", "1")]


def test_a_placement_is_judged_on_its_own_state_not_on_the_question_asked_before():
    """The places a question found open are reused only by a placement on that same state
    at that same event: a copy changed since (at the same event count) is judged anew."""
    game = new_game(["Red", "Blue"])
    asked = game.state.clone()
    offered = placement.legal(asked, {"type": "place"}).moves
    assert ("colonist", "initiative", None) in [tuple(m.value) for m in offered]
    other = asked.clone()
    assert other.version == asked.version
    other.tracks["initiative"].append(Slot("Red", "colonist", "1"))
    red_on_initiative = parse_event({"type": "place", "player": "Red", "worker": "colonist",
                                     "track": "initiative"})
    with pytest.raises(IllegalAction, match="already has a worker on Initiative"):
        apply_in_place(other, red_on_initiative)
    apply_in_place(asked, red_on_initiative)  # the state asked: still open there
    assert [(s.player, s.label) for s in asked.tracks["initiative"]] == [("Red", "1")]



@pytest.mark.parametrize(("edition", "players", "options", "readings"), [
    ("empires", 4, {"builders": True}, {"mayflower_any_time": True}),
    ("empires", 6, {"builders": True, "buy_vp": True}, {}),
    ("empires", 3, {}, {}),
    ("aoe3", 5, {}, {}),
])
def test_the_places_a_placement_leaves_open_are_those_the_tracks_show(edition, players,
                                                                      options, readings):
    """``place`` carries the open places and the workers left on to the next placer on the
    same state (one event later) instead of reading every track and stock again: at every
    placement of random games, folded event by event on one state with corrections now and
    then, the question lists the moves a copy (another state, read afresh) lists, the next
    placer is the next in turn order with a worker left, and the replay ends the same."""
    setup = {"edition": edition, "players": [{"name": f"P{i}"} for i in range(players)],
             "options": options, "readings": readings}
    rng = random.Random(players)
    draft = {"type": "place"}
    for seed in range(2):
        log = random_game(setup, seed=seed).events
        state, applied = replay(setup, ()), []
        carried = 0
        for ev in log:
            last = state.placing
            applied.append(apply_in_place(state, ev))
            if state.phase != Phase.PLACEMENT:
                continue
            if ev.type == "place":
                assert state.places[:2] == (state, state.version)  # carried, not read
                carried += 1
                n = len(state.order)
                after = [state.order[(last + k) % n] for k in range(1, n + 1)]
                assert placement.current_placer(state) == next(
                    name for name in after if state.players[name].workers_to_place())
            elif rng.random() < 0.3:  # a correction between placements: judged afresh
                applied.append(apply_in_place(state, parse_event({
                    "type": "correction", "player": placement.current_placer(state),
                    "reason": "test", "money": 1})))
            kept = placement.open_places(state), placement.legal(state, draft).moves
            copy = state.clone()
            assert kept == (placement.open_places(copy), placement.legal(copy, draft).moves)
        assert carried > 50
        assert replay(setup, applied) == state


def test_the_open_flags_of_a_set_of_places_name_each_place_of_the_board_in_order():
    """The flags ``compress`` picks a question's moves by, looked up in two halves."""
    for bits in range(1 << len(placement_board.PLACES)):
        assert placement_board.open_flags(bits) == tuple(
            bool(bits & placement_board.BIT[place]) for place in placement_board.PLACES)


# ---------------------------------------------------------------- why a place is missing


def test_the_placement_question_says_why_a_track_is_missing():
    """A second worker of Red finds no Initiative (one each), and the Decision says so in
    words; Blue, with none there yet, is offered it and told nothing about it; a full track
    is said full."""
    game = new_game(["Red", "Blue"])
    assert not game.pending().closed  # every track open
    game = place(game, ("Red", "colonist", "initiative"))
    asked = game.pending()
    assert asked.player == "Blue" and "initiative" in {a.value.track for a in asked.answers}
    assert not any("Initiative" in c for c in asked.closed)
    game = place(game, ("Blue", "colonist", "trade_goods"))
    asked = game.pending()
    assert asked.player == "Red"
    assert "initiative" not in {a.value.track for a in asked.answers}
    assert asked.closed == ("Red already has a worker on Initiative (one each)",)
    for who in ("Red", "Blue", "Red"):  # four goods taken: Trade Goods full
        game = place(game, (who, "colonist", "trade_goods"))
    asked = game.pending()
    assert asked.player == "Blue"
    assert "trade_goods" not in {a.value.track for a in asked.answers}
    assert asked.closed == ("Trade Goods is full (4 goods this turn)",)
