"""A complete 4-player Empires game written by hand, checked against a hand calculation.

The record is ``tests/data/hand_game_4p.json``; every expected number below is transcribed from
the hand calculation in ``tests/data/hand_game_4p.md`` (worked out from the rules digest, not
from the engine). ``game.at(n)`` is the state after the first ``n`` events (event ``n - 1``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine import Game, standings

RECORD = Path(__file__).resolve().parents[1] / "data" / "hand_game_4p.json"

# Versions (events applied) right after each turn's refresh event.
AFTER_TURN = {1: 34, 2: 71, 3: 107, 4: 142, 5: 174, 6: 206, 7: 239, 8: 272}

# Final breakdown from the hand calculation (hand_game_4p.md, "Final VP").
EXPECTED = {
    "Ann": {
        "colony": (6, 8, 12), "discoveries": 5,
        "buildings": {"trading_post": 0, "taxation": 2, "factory": 5, "prosperity": 10,
                      "wealth": 23},
        "buildings_total": 40, "economy": 10, "total": 81, "place": 1, "money": 117,
    },
    "Bob": {
        "colony": (8, 4, 4), "discoveries": 5,
        "buildings": {"university": 5, "mercantilism": 9},
        "buildings_total": 14, "economy": 13, "total": 48, "place": 4, "money": 38,
    },
    "Cleo": {
        "colony": (6, 8, 8), "discoveries": 4,
        "buildings": {"cartography": 4, "population": 7, "glory": 6},
        "buildings_total": 17, "economy": 13, "total": 56, "place": 3, "money": 21,
    },
    "Dev": {
        "colony": (6, 12, 12), "discoveries": 4,
        "buildings": {"inca_conquest": 0, "navy": 12},
        "buildings_total": 12, "economy": 10, "total": 56, "place": 2, "money": 32,
    },
}

# Income-phase dollars per turn (hand_game_4p.md, turn by turn).
INCOME = {
    "Ann": [0, 1, 1, 3, 6, 7, 7, 10],
    "Bob": [0, 1, 4, 7, 9, 10, 10, 13],
    "Cleo": [0, 1, 3, 4, 7, 9, 10, 13],
    "Dev": [0, 0, 1, 1, 1, 4, 7, 10],
}

# Money at the end of each turn (hand_game_4p.md, "End of turn N").
MONEY = {
    1: {"Ann": 5, "Bob": 11, "Cleo": 5, "Dev": 10},
    2: {"Ann": 13, "Bob": 15, "Cleo": 6, "Dev": 20},
    3: {"Ann": 19, "Bob": 19, "Cleo": 16, "Dev": 22},
    4: {"Ann": 26, "Bob": 13, "Cleo": 20, "Dev": 23},
    5: {"Ann": 47, "Bob": 22, "Cleo": 28, "Dev": 26},
    6: {"Ann": 70, "Bob": 34, "Cleo": 37, "Dev": 35},
    7: {"Ann": 82, "Bob": 24, "Cleo": 28, "Dev": 22},
    8: {"Ann": 117, "Bob": 38, "Cleo": 21, "Dev": 32},
}


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.from_record(json.loads(RECORD.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def final(game: Game) -> dict:
    return {s.player: (place, s) for place, s in standings(game.state)}


def test_the_game_is_over(game: Game) -> None:
    assert game.state.phase == "over"
    assert game.pending() is None
    assert len(game.events) == AFTER_TURN[8]


@pytest.mark.parametrize("name", list(EXPECTED))
def test_final_breakdown_matches_the_hand_calculation(final: dict, name: str) -> None:
    place, score = final[name]
    want = EXPECTED[name]
    assert score.colony == want["colony"]
    assert score.colony_total == sum(want["colony"])
    assert score.discoveries == want["discoveries"]
    assert score.buildings == want["buildings"]
    assert score.buildings_total == want["buildings_total"]
    assert score.economy == want["economy"]
    assert score.bought == 0
    assert score.total == want["total"]
    assert score.money == want["money"]
    assert place == want["place"]


def test_ranking_and_the_turn_8_colony_tie_break(game: Game) -> None:
    ranking = [(place, s.player, s.total) for place, s in standings(game.state)]
    # Dev and Cleo both have 56 VP; Dev's 12 turn-8 colony VP beat Cleo's 8.
    assert ranking == [(1, "Ann", 81), (2, "Dev", 56), (3, "Cleo", 56), (4, "Bob", 48)]


@pytest.mark.parametrize("name", list(INCOME))
def test_income_every_turn(game: Game, name: str) -> None:
    income = game.state.players[name].income
    assert [income[turn] for turn in range(1, 9)] == INCOME[name]


@pytest.mark.parametrize("turn", list(MONEY))
def test_money_at_the_end_of_each_turn(game: Game, turn: int) -> None:
    state = game.at(AFTER_TURN[turn])
    assert {name: p.money for name, p in state.players.items()} == MONEY[turn]


def test_turn_order_follows_initiative(game: Game) -> None:
    orders = {turn: game.at(AFTER_TURN[turn]).order for turn in range(1, 8)}
    assert orders == {
        1: ["Dev", "Cleo", "Ann", "Bob"],
        2: ["Bob", "Ann", "Dev", "Cleo"],
        3: ["Dev", "Cleo", "Bob", "Ann"],
        4: ["Bob", "Ann", "Dev", "Cleo"],
        5: ["Cleo", "Dev", "Bob", "Ann"],
        6: ["Ann", "Bob", "Cleo", "Dev"],
        7: ["Cleo", "Ann", "Bob", "Dev"],
    }


def test_turn_1_leftover_rice_leaves_the_game(game: Game) -> None:
    state = game.at(AFTER_TURN[1])
    assert state.removed_goods["rice"] == 1
    # 3 rice, 1 drawn at set-up and removed: 2 left for the turn 5 and turn 7 draws.
    assert state.supply["rice"] == 2
    assert game.state.supply["rice"] == 0
    # What is left face down after the last draw (hand_game_4p.md, "Goods supply").
    assert {g: n for g, n in game.state.supply.items() if n} == {
        "silver": 1, "sugar": 1, "tobacco": 1, "indigo": 1, "fur": 1,
    }


def test_turn_1_expeditions_one_fails_one_succeeds(game: Game) -> None:
    state = game.at(32)  # after both turn-1 expeditions (events 30 and 31)
    assert state.known_tokens == {"florida": "t07"}
    assert "florida" not in state.discovered
    assert state.players["Dev"].discoveries == ["t04"]
    assert state.regions["virginia"] == {"Dev": {"colonist": 1}}
    assert state.players["Cleo"].discoveries == ["t01"]  # New World Cartography
    assert state.regions["new_granada"] == {"Cleo": {"colonist": 1}}


def test_turn_2_dock_and_battle(game: Game) -> None:
    before = game.at(69)  # dock resolved, battle (event 69) not yet fought
    assert before.region_good_taken_by == {"caribbean": "Ann"}  # Ann's 3rd worker came first
    assert before.regions["caribbean"] == {
        "Dev": {"soldier": 1}, "Ann": {"colonist": 2, "soldier": 1}, "Bob": {"colonist": 3},
        "Cleo": {"colonist": 1},
    }
    after = game.at(70)
    assert after.regions["caribbean"] == {
        "Ann": {"colonist": 1, "soldier": 1}, "Bob": {"colonist": 3}, "Cleo": {"colonist": 1},
    }
    assert after.players["Bob"].discoveries == ["t07"]  # the second try at Florida
    assert after.players["Cleo"].ships == 1  # shipping 2 against 1


def test_turn_3_region_goods_merchant_and_missionary(game: Game) -> None:
    state = game.at(AFTER_TURN[3])
    assert state.region_good_taken_by == {
        "caribbean": "Ann", "new_granada": "Cleo", "florida": "Bob", "virginia": "Dev",
    }
    assert state.regions["caribbean"]["Ann"] == {"colonist": 3, "soldier": 1, "missionary": 1}
    assert state.regions["new_granada"]["Cleo"] == {"colonist": 2, "merchant": 1}
    assert [p.colony_vp[0] for p in state.players.values()] == [6, 8, 6, 6]


def test_shipping_ties_go_to_the_earlier_player(game: Game) -> None:
    assert game.at(AFTER_TURN[1]).players["Bob"].ships == 1  # 1-1-1 with Cleo and Dev
    assert game.at(AFTER_TURN[5]).players["Bob"].ships == 3  # 3-3 with Ann
    assert game.at(AFTER_TURN[5]).players["Ann"].ships == 0
    assert {n: p.ships for n, p in game.state.players.items()} == {
        "Ann": 0, "Bob": 3, "Cleo": 2, "Dev": 3,
    }


def test_age_ii_scoring(game: Game) -> None:
    state = game.at(AFTER_TURN[6])
    assert [p.colony_vp[1] for p in state.players.values()] == [8, 4, 8, 12]
    assert state.buildings_offer == ["navy", "mercantilism", "factory", "prosperity",
                                     "population"]
