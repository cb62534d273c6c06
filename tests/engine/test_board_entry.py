"""Entering a turn's placement from the board (digest sections 2 and 4): the finished tracks
are turned into placements in a legal order, or refused naming the track that cannot be."""

from __future__ import annotations

import random

import pytest
from helpers import (
    correct,
    decline_until,
    finish_turn,
    new_game,
    only_workers,
    place,
    resolve,
    to_turn,
)

from companion.engine import Game, IllegalAction, MalformedEvent, apply
from companion.engine.board_entry import placements_from_board
from companion.engine.playout import random_answer, random_step
from companion.engine.tracks.placement import current_placer

FIXED = ("X", "Y")  # dock slots the engine fills itself at the start of a turn
C = {"player": "Red", "worker": "colonist"}  # a colonist of Red's on the board
B = {"player": "Blue", "worker": "colonist"}


def _slot_key(label: str) -> tuple[int, int | str]:
    if label.isdigit():
        return (0, int(label))
    if label.startswith("M") and label[1:].isdigit():
        return (1, int(label[1:]))
    return (2, label)


def board_of(state) -> dict[str, list[dict]]:
    """The board as the table copies it: the workers placed this turn, in slot order."""
    board: dict[str, list[dict]] = {}
    for track, slots in state.tracks.items():
        new = [s for s in slots if not (track == "dock" and s.label in FIXED)]
        if track not in ("shipping", "discovery"):
            new = sorted(new, key=lambda s: _slot_key(s.label))
        board[track] = [{"player": s.player, "worker": s.worker}
                        | ({"box": s.label} if track == "specialists" else {}) for s in new]
    return board


def normalised(state):
    """The state with the order of arrival on Shipping and Discovery forgotten (no slots)."""
    state = state.clone()
    for track in ("shipping", "discovery"):
        state.tracks[track] = sorted(state.tracks[track], key=lambda s: (s.player, s.worker))
        for slot in state.tracks[track]:
            slot.label = ""
    return state


def enter(state, board):
    """Apply the placements found for ``board``; return them and the state they lead to."""
    events = placements_from_board(state, board)
    for event in events:
        state = apply(state, event)
    return events, state


def tracks(state, track):
    return [(s.player, s.worker, s.label) for s in state.tracks[track]]


def at_placement_start(state) -> bool:
    return current_placer(state) is not None and not any(
        s for track, slots in state.tracks.items() for s in slots
        if not (track == "dock" and s.label in FIXED))


# ---------------------------------------------------------------- copying a board


def test_a_two_player_turn_copied_from_the_board_is_the_turn_placed_one_by_one():
    start = new_game(["Red", "Blue"])
    one_by_one = place(start, ("Red", "colonist", "initiative"), ("Blue", "colonist", "dock"),
                       ("Red", "colonist", "dock"), ("Blue", "colonist", "trade_goods"),
                       ("Red", "colonist", "trade_goods"), ("Blue", "colonist", "buildings"),
                       ("Red", "colonist", "shipping"), ("Blue", "colonist", "discovery"),
                       ("Red", "colonist", "discovery"), ("Blue", "colonist", "warfare"))
    board = board_of(one_by_one.state)
    assert board["dock"] == [{"player": "Blue", "worker": "colonist"},
                             {"player": "Red", "worker": "colonist"}]
    events, state = enter(start.state, board)
    assert [e.player for e in events] == ["Red", "Blue"] * 5
    for track in ("initiative", "dock", "trade_goods", "buildings", "warfare"):
        assert tracks(state, track) == tracks(one_by_one.state, track)
    for name in ("Red", "Blue"):
        assert state.players[name].available == one_by_one.state.players[name].available
        assert state.players[name].discovery == one_by_one.state.players[name].discovery
        assert state.players[name].workers_to_place() == 0
    assert normalised(state) == normalised(one_by_one.state)


def test_a_four_player_board_with_specialist_boxes_shipping_and_discovery():
    game = new_game(["Red", "Blue", "Green", "Orange"])
    game = only_workers(game, {"Red": {"colonist": 4, "captain": 1},
                               "Blue": {"colonist": 2, "merchant": 1, "soldier": 1},
                               "Green": {"colonist": 5},
                               "Orange": {"colonist": 3, "missionary": 1}})
    c = "colonist"
    board = {
        "initiative": [{"player": "Green", "worker": c}, {"player": "Red", "worker": c}],
        "dock": [{"player": p, "worker": c} for p in ("Red", "Blue", "Green", "Orange", "Green")],
        "trade_goods": [{"player": "Blue", "worker": c}, {"player": "Orange", "worker": c}],
        "shipping": [{"player": "Red", "worker": "captain"},
                     {"player": "Blue", "worker": "merchant"}],
        "buildings": [{"player": "Green", "worker": c}],
        "discovery": [{"player": "Orange", "worker": "missionary"}, {"player": "Red", "worker": c}],
        "specialists": [{"player": "Red", "worker": c, "box": "training"},
                        {"player": "Blue", "worker": "soldier", "box": "soldier"},
                        {"player": "Green", "worker": c, "box": "merchant"}],
        "warfare": [{"player": "Orange", "worker": c}],
    }
    events, state = enter(game.state, board)
    assert len(events) == 18
    got = board_of(state)
    for track in ("initiative", "dock", "trade_goods", "buildings", "warfare"):
        assert got[track] == board[track]
    for track in ("shipping", "discovery", "specialists"):  # no slot order there
        assert sorted(got[track], key=str) == sorted(board[track], key=str)
    assert state.players["Orange"].discovery["missionary"] == 1
    assert state.players["Red"].discovery["colonist"] == 1
    assert {s.label: s.player for s in state.tracks["specialists"]} == {
        "training": "Red", "soldier": "Blue", "merchant": "Green"}
    assert [s.label for s in state.tracks["dock"]] == ["1", "2", "3", "4", "5"]
    assert all(p.workers_to_place() == 0 for p in state.players.values())


def test_a_player_with_more_workers_fills_the_later_slots():
    game = new_game(["Red", "Blue", "Green"])
    game = only_workers(game, {"Red": {"colonist": 6}, "Blue": {"colonist": 2},
                               "Green": {"colonist": 1}})
    c = "colonist"
    board = {"initiative": [{"player": "Red", "worker": c}],
             "trade_goods": [{"player": p, "worker": c} for p in ("Green", "Blue", "Red", "Red")],
             "warfare": [{"player": p, "worker": c} for p in ("Blue", "Red", "Red", "Red")]}
    events, state = enter(game.state, board)
    # the turn order R B G, then R B, then Red alone: one placement order only gives this board
    assert [(e.player, e.track) for e in events] == [
        ("Red", "initiative"), ("Blue", "warfare"), ("Green", "trade_goods"),
        ("Red", "warfare"), ("Blue", "trade_goods"), ("Red", "trade_goods"),
        ("Red", "trade_goods"), ("Red", "warfare"), ("Red", "warfare")]
    assert [p for p, _, _ in tracks(state, "warfare")] == ["Blue", "Red", "Red", "Red"]


def test_the_search_backtracks_when_the_first_choice_blocks_the_others():
    game = only_workers(new_game(["Red", "Blue"]), {"Red": {"colonist": 2},
                                                    "Blue": {"colonist": 2}})
    board = {"initiative": [{"player": "Red", "worker": "colonist"}],
             "dock": [{"player": p, "worker": "colonist"} for p in ("Red", "Blue", "Blue")]}
    events, state = enter(game.state, board)
    # Red's first worker must go to the dock, or Blue could not take dock slot 2 next
    assert [(e.player, e.track) for e in events] == [
        ("Red", "dock"), ("Blue", "dock"), ("Red", "initiative"), ("Blue", "dock")]
    assert tracks(state, "dock") == [("Red", "colonist", "1"), ("Blue", "colonist", "2"),
                                     ("Blue", "colonist", "3")]


def _buy(game: Game, buyer: str, building: str) -> Game:
    """A turn in which ``buyer``'s one worker buys ``building``; the next turn starts."""
    game = only_workers(game, {buyer: {"colonist": 1}})
    game = place(game, (buyer, "colonist", "buildings"))
    game = resolve(decline_until(game, "buy"), {"type": "buy", "building": building})
    return finish_turn(game)


def test_engine_placed_dock_slots_are_not_entered_and_stay_first():
    game = new_game(buildings=["indentured_servitude", "settlers", "monastery", "navigator",
                               "trade_routes"])
    game = _buy(game, "Red", "indentured_servitude")
    assert tracks(game.state, "dock") == [("Red", "colonist", "X")]
    c = "colonist"
    board = {"dock": [B, C, B], "shipping": [C] * 4 + [B] * 3}
    _, state = enter(game.state, board)
    assert tracks(state, "dock") == [("Blue", c, "1"), ("Red", c, "2"), ("Blue", c, "3"),
                                     ("Red", c, "X")]


def _mayflower_game() -> Game:
    """Turn 5: Red owns the Mayflower (a Builder expansion building) and two ships."""
    game = to_turn(new_game(builders=True), 4, {3: ["mayflower"]})
    game = _buy(correct(game, "Red", money=20), "Red", "mayflower")
    return correct(game, "Red", ships=2)


def test_workers_past_the_numbered_dock_slots_sail_on_their_owners_mayflower():
    game = _mayflower_game()
    c = "colonist"
    board = {"dock": [C, B, C, C, C], "shipping": [C] + [B] * 4}
    _, state = enter(game.state, board)
    assert tracks(state, "dock") == [("Red", c, "1"), ("Blue", c, "2"), ("Red", c, "3"),
                                     ("Red", c, "M1"), ("Red", c, "M2")]
    assert state.mayflower_ships == {"Red": 2}
    board = {"dock": [C, B, C, B, B], "shipping": [C] * 3 + [B] * 2}
    with pytest.raises(IllegalAction, match=r"^Colonist Dock: place 4 .*Blue's colonist, but "
                                             r"the Colonist Dock is full \(slots 1-3"):
        placements_from_board(game.state, board)


# ---------------------------------------------------------------- property: any legal turn


def _check_turn(game: Game, rng: random.Random) -> Game:
    """Play this turn's placement at random; the board it leaves must be entered back (only
    placements: a power or a swap used meanwhile is not on the board)."""
    before = game.state
    while current_placer(game.state) is not None:
        game = game.answer(random_answer(game.state, game.pending(), rng))
    # The last placement may be followed by steps the engine settled (a dock worker with
    # one place to go): the board is compared with the state its placements left.
    placed = game.at(max(i for i, ev in enumerate(game.events) if ev.type == "place") + 1)
    _, state = enter(before, board_of(placed))
    assert normalised(state) == normalised(placed)
    return game


@pytest.mark.parametrize(("names", "edition", "builders", "seed"), [
    ("AB", "empires", False, 1),
    ("ABC", "aoe3", False, 2),
    ("ABCD", "empires", True, 3),
    ("ABCDEF", "empires", True, 4),
])
def test_random_legal_placements_are_entered_back_from_the_board(names, edition, builders,
                                                                 seed):
    rng = random.Random(seed)
    game = new_game(list(names), edition, builders=builders)
    # a first turn with a random mix of specialists, then the turns of a random game
    game = only_workers(game, {n: {w: rng.randint(0, 3) for w in ("colonist", "captain",
                                                                   "soldier", "missionary")}
                               for n in names})
    turns = 0
    while game.pending() is not None and turns < 3:
        if at_placement_start(game.state):
            game = _check_turn(game, rng)
            turns += 1
        else:
            game = random_step(game, rng)
    assert turns >= 2


# ---------------------------------------------------------------- refusals


def test_a_slot_order_the_turn_order_cannot_give_is_refused_naming_the_track():
    game = only_workers(new_game(), {"Red": {"colonist": 5}, "Blue": {"colonist": 2}})
    board = {"buildings": [C, C, C, B], "shipping": [C, C, B]}
    # R B R B R R R: Red's 3rd worker comes after both of Blue's
    with pytest.raises(IllegalAction, match=r"^Capital Buildings: slot 4 holds Blue's colonist, "
                                            r"but by then Blue had no worker left to place"):
        placements_from_board(game.state, board)


def test_slot_orders_that_clash_between_tracks_are_refused_naming_both():
    game = only_workers(new_game(), {"Red": {"colonist": 2}, "Blue": {"colonist": 2}})
    # R B R B: either track alone is fine (Blue's 1st worker, then Red's 2nd), but both tracks
    # would need Blue's first worker, and Blue's second comes after Red's last
    with pytest.raises(IllegalAction, match=r"^Trade Goods and Warfare: these slot orders "
                                            r"cannot both be right"):
        placements_from_board(game.state, {"trade_goods": [B, C], "warfare": [B, C]})


def test_a_wrong_number_of_workers_is_refused():
    game = new_game()
    board = {"shipping": [C] * 4 + [B] * 5}
    with pytest.raises(IllegalAction, match=r"^Red has 5 workers to place this turn; the board "
                                            r"shows 4 \(workers cannot be saved"):
        placements_from_board(game.state, board)
    board = {"shipping": [C] * 4 + [B] * 5,
             "specialists": [{"player": "Red", "worker": "captain", "box": "captain"}]}
    with pytest.raises(IllegalAction, match=r"^Red has no captains to place this turn; the board "
                                            r"shows 1 captain \(Specialists, Captain box\)"):
        placements_from_board(game.state, board)


def test_one_worker_each_on_initiative():
    game = new_game()
    with pytest.raises(IllegalAction,
                       match=r"^Initiative: Red appears 2 times \(one worker each\)"):
        placements_from_board(game.state, {"initiative": [C, C], "shipping": [C] * 3 + [B] * 5})


def test_an_unknown_track_player_worker_or_box_is_refused():
    game = new_game()
    with pytest.raises(IllegalAction, match=r"^there is no track 'market'"):
        placements_from_board(game.state, {"market": [C]})
    with pytest.raises(IllegalAction, match=r"^Merchant Shipping: entry 2 belongs to 'Zed', who "):
        placements_from_board(game.state, {"shipping": [C, C | {"player": "Zed"}]})
    with pytest.raises(IllegalAction, match=r"^Warfare: entry 1: 'pirate' is not a kind"):
        placements_from_board(game.state, {"warfare": [{"player": "Red", "worker": "pirate"}]})
    with pytest.raises(IllegalAction, match=r"^Specialists: entry 1: there is no 'builder' box"):
        placements_from_board(game.state, {"specialists": [C | {"box": "builder"}]})
    with pytest.raises(IllegalAction, match=r"^Trade Goods: entry 1: boxes exist only"):
        placements_from_board(game.state, {"trade_goods": [C | {"box": "captain"}]})


def test_a_box_taken_twice_is_refused():
    game = new_game()
    board = {"specialists": [C | {"box": "merchant"}, B | {"box": "merchant"}],
             "shipping": [C] * 4 + [B] * 4}
    with pytest.raises(IllegalAction, match=r"^Specialists: the Merchant box is taken 2 times"):
        placements_from_board(game.state, board)


def test_more_trade_goods_workers_than_goods_face_up_is_refused():
    game = new_game()
    board = {"trade_goods": [C, B, C, B, C], "shipping": [C, C, B, B, B]}
    with pytest.raises(IllegalAction, match=r"^Trade Goods: the board shows 5 workers, but the "
                                            r"track takes only 4 this turn \(one slot per good"):
        placements_from_board(game.state, board)


def test_the_board_is_entered_only_before_anyone_places():
    game = new_game()
    board = {"shipping": [C] * 5 + [B] * 5}
    with pytest.raises(IllegalAction, match=r"already placed this turn .*Red's colonist on "
                                            r"Merchant Shipping"):
        placements_from_board(place(game, ("Red", "colonist", "shipping")).state, board)
    _, after = enter(game.state, board)
    with pytest.raises(IllegalAction, match=r"only during the placement phase"):
        placements_from_board(after, board)


@pytest.mark.parametrize(("board", "message"), [
    ([C], r"the board is a mapping"),
    ({"shipping": C}, r"^Merchant Shipping: give the list of its workers"),
    ({"shipping": ["Red"]}, r"^Merchant Shipping: entry 1 is not a"),
    ({"shipping": [{"player": "Red"}]}, r"^Merchant Shipping: entry 1 has no 'worker'"),
    ({"specialists": [C]}, r"^Specialists: entry 1 has no 'box'"),
    ({"shipping": [C | {"slot": 1}]}, r"^Merchant Shipping: entry 1 has unknown keys: slot"),
    ({"shipping": [{"player": "Red", "worker": 1}]}, r"names \(text\)"),
])
def test_malformed_boards_are_refused_with_a_sentence(board, message):
    with pytest.raises(MalformedEvent, match=message):
        placements_from_board(new_game().state, board)
