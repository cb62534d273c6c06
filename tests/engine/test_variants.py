"""Variants and national advantages: set-up checks, limits and effects."""

from __future__ import annotations

import random

import pytest

from companion.engine import Game, IllegalAction, MalformedEvent
from companion.engine.playout import random_step
from companion.engine.variants import anyone_may_swap, swappable
from companion.rules.buildings import buildings_for

OPENING = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
           "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}


def _players(*names, nations=None):
    return [{"name": n, **({"nation": nations[i]} if nations else {})}
            for i, n in enumerate(names)]


def test_aoe3_bidding_start_charges_bids_and_gives_the_winner_the_caribbean():
    setup = {"edition": "aoe3", "players": _players("A", "B", "C"),
             "bidding": {"winner_bid": 10, "second_bid": 9, "second_specialist": "soldier",
                         "caribbean_token": "t12"}}
    state = Game.new(setup).state
    # seat 1: $10 - 10 + the token's $3; seat 2: $11 - ceil(9 / 2) = $6; seat 3 untouched
    assert [state.players[n].money for n in "ABC"] == [3, 6, 12]
    assert state.players["A"].discoveries == ["t12"]
    assert state.regions["caribbean"] == {"A": {"colonist": 1}}
    assert state.players["B"].available["soldier"] == 1


def test_bidding_specialist_needs_a_bid_of_eight():
    setup = {"edition": "aoe3", "players": _players("A", "B"),
             "bidding": {"winner_bid": 8, "second_bid": 7, "second_specialist": "soldier",
                         "caribbean_token": "t01"}}
    with pytest.raises(MalformedEvent, match=r"\$8"):
        Game.new(setup)


@pytest.mark.parametrize(("winner", "second", "field", "message"), [
    (6, 9, "second_bid", r"seat 2's last bid \(\$9\) must be below the winning bid \(\$6\)"),
    (7, 7, "second_bid", r"seat 2's last bid \(\$7\) must be below"),
    (0, 3, "winner_bid", r"seat 2 bid \$3, so the winner bid more"),
    (12, 9, "winner_bid", r"A \(seat 1\) starts with \$10 and cannot pay \$12"),
])
def test_bidding_refuses_bids_the_auction_cannot_end_with(winner, second, field, message):
    """`001_…`, Annex I: "Chaque enchère doit être supérieure à la précédente", and the
    winner pays its whole bid. A game started with such bids is refused, naming the field;
    a record kept before the check still loads (its bids were paid down to $0 at most)."""
    setup = {"edition": "aoe3", "players": _players("A", "B"),
             "bidding": {"winner_bid": winner, "second_bid": second, "caribbean_token": "t01"}}
    with pytest.raises(MalformedEvent, match=message) as refused:
        Game.new(setup)
    assert refused.value.field == f"bidding.{field}"
    kept = Game.from_events(setup, [])
    assert kept.setup.bidding.winner_bid == winner


def test_bidding_where_nobody_bid_is_allowed():
    setup = {"edition": "aoe3", "players": _players("A", "B"),
             "bidding": {"winner_bid": 0, "second_bid": 0, "caribbean_token": "t01"}}
    state = Game.new(setup).state
    assert [state.players[n].money for n in "AB"] == [10 + 1, 11]  # t01 pays $1


def test_reduced_randomness_limits_age_three_to_the_ten_drawn():
    age3 = [b.id for b in buildings_for("empires", False).values() if b.age == 3]
    with pytest.raises(MalformedEvent, match="10"):
        Game.new({"players": _players("A", "B"), "options": {"reduced_randomness": True},
                  "age3_buildings": age3[:9]})
    game = Game.new({"players": _players("A", "B"), "options": {"reduced_randomness": True},
                     "age3_buildings": age3[:10]})
    assert game.state.setup.age3_buildings == age3[:10]


def test_advanced_scouting_lays_tokens_face_up_and_expeditions_must_match():
    game = Game.new({"players": _players("A", "B"), "options": {"advanced_scouting": True},
                     "tokens": {"peru": "t16"}})
    assert game.state.known_tokens == {"peru": "t16"}
    with pytest.raises(MalformedEvent):
        Game.new({"players": _players("A", "B"), "tokens": {"peru": "t16"}})


def test_scouting_costs_one_dollar_in_age_one():
    game = Game.new({"players": _players("A", "B"), "options": {"scouting": True}}).apply(OPENING)
    after = game.apply({"type": "scout", "player": "A", "target": "peru"})
    assert after.state.players["A"].money == 9
    with pytest.raises(IllegalAction, match="hidden token"):
        game.apply({"type": "scout", "player": "A", "target": "caribbean"})
    plain = Game.new({"players": _players("A", "B")}).apply(OPENING)
    with pytest.raises(IllegalAction, match="not used"):
        plain.apply({"type": "scout", "player": "A", "target": "peru"})


def _nations_game(*nations):
    names = [f"P{i}" for i in range(len(nations))]
    return Game.new({"players": _players(*names, nations=list(nations)),
                     "options": {"nations": True}}), names


def test_nations_dealt_at_random_start_with_ten_dollars_and_spain_discovers_first():
    game, _ = _nations_game("spain", "england")
    assert {p.money for p in game.state.players.values()} == {10}
    game = game.apply(OPENING)
    spain = {"type": "power", "player": "P0", "nation": "spain",
             "choice": {"region": "peru", "token": "t16"}}  # natives 5: ignored
    after = game.apply(spain)
    assert "peru" in after.state.discovered
    assert after.state.regions["peru"] == {"P0": {"soldier": 1}}
    assert after.state.players["P0"].money == 10 + 2  # printed $ only
    with pytest.raises(IllegalAction, match="Spain's power"):
        after.apply({**spain, "choice": {"region": "brazil", "token": "t01"}})
    with pytest.raises(IllegalAction, match="does not play"):
        game.apply({**spain, "player": "P1"})


def _to_resolution(game, names, track_for):
    """Everyone places all 5 colonists; track_for(name, i) picks each track."""
    for i in range(5):
        for name in names:
            game = game.apply({"type": "place", "player": name, "worker": "colonist",
                               "track": track_for(name, i)})
    return game


def test_holland_takes_the_ship_from_the_would_be_winner():
    game, names = _nations_game("holland", "france")
    game = game.apply(OPENING)
    game = _to_resolution(game, names, lambda n, i: "shipping" if n == "P1" else "discovery")
    assert game.pending().type == "resolve"  # a pause to declare powers
    game = game.apply({"type": "power", "player": "P0", "nation": "holland"})
    game = game.apply({"type": "resolve"})
    while game.pending().type == "expedition":
        game = game.apply({"type": "expedition", "workers": {}})
    assert game.state.players["P0"].ships == 1
    assert game.state.players["P1"].ships == 0


def test_france_takes_a_good_before_trade_goods_twice_per_game():
    game, names = _nations_game("france", "italy")
    game = game.apply(OPENING)
    game = _to_resolution(game, names, lambda n, i: "trade_goods" if i == 0 else "shipping")
    take = {"type": "power", "player": "P0", "nation": "france", "choice": {"good": "gold"}}
    after = game.apply(take)
    assert after.state.players["P0"].goods["gold"] == 1
    assert "gold" not in after.state.goods_offer
    with pytest.raises(IllegalAction, match="this turn"):
        after.apply({**take, "choice": {"good": "fur"}})

    assert after.apply({"type": "resolve"}).pending().type == "take_good"


def test_without_national_advantages_there_is_no_pause_before_resolution():
    game = Game.new({"players": _players("A", "B")}).apply(OPENING)
    game = _to_resolution(game, ["A", "B"], lambda n, i: "trade_goods" if i == 0 else "shipping")
    assert game.pending().type == "take_good"


def test_swap_brings_a_specialist_home_only_when_the_stock_has_none():
    game = Game.new({"players": _players("A", "B")}).apply(OPENING)
    game = game.apply({"type": "correction", "player": "A", "reason": "test",
                       "available": {"captain": 1}})
    # put a captain in the Caribbean through the dock; A also waits on the captain box
    game = game.apply({"type": "place", "player": "A", "worker": "captain", "track": "dock"})
    game = game.apply({"type": "place", "player": "B", "worker": "colonist",
                       "track": "dock"})  # (so that the game waits after A's captain lands)
    game = game.apply({"type": "place", "player": "A", "worker": "colonist",
                       "track": "specialists", "box": "captain"})
    while game.pending().type == "place":
        who = game.pending().player
        worker = next(w for w, n in game.state.players[who].available.items() if n)
        game = game.apply({"type": "place", "player": who, "worker": worker,
                           "track": "shipping"})
    game = game.apply({"type": "dock", "region": "caribbean"})
    assert game.state.regions["caribbean"]["A"] == {"captain": 1}
    swap = {"type": "swap", "player": "A", "region": "caribbean", "worker": "captain"}
    with pytest.raises(IllegalAction, match="still has a captain"):
        game.apply(swap)
    game = game.apply({"type": "correction", "player": "A", "reason": "stock used up",
                       "available": {"captain": 4}})
    assert game.state.players["A"].reserve["captain"] == 0
    swap = {"type": "swap", "player": "A", "region": "caribbean", "worker": "captain"}
    after = game.apply(swap)
    assert after.state.regions["caribbean"]["A"] == {"colonist": 1}
    assert after.state.players["A"].reserve["captain"] == 1
    with pytest.raises(IllegalAction, match="still has a captain"):
        after.apply({**swap, "worker": "captain"})


def test_spain_discovering_a_face_up_token_takes_it_off_the_board():
    game = Game.new({"players": _players("P0", "P1", nations=["spain", "england"]),
                     "options": {"nations": True, "advanced_scouting": True},
                     "tokens": {"peru": "t16"}}).apply(OPENING)
    after = game.apply({"type": "power", "player": "P0", "nation": "spain",
                        "choice": {"region": "peru"}})  # the face-up token is the one found
    assert after.state.players["P0"].discoveries == ["t16"]
    assert "peru" not in after.state.known_tokens


def test_wealth_counts_the_money_held_before_the_last_vp_purchase():
    from companion.engine import final_scores
    from companion.engine.playout import random_game

    def last_purchase(game) -> int:
        return [e for e in game.events if e.type == "buy_vp" and e.player == "P0"][-1].vp

    for seed in range(20):  # a random game in which P0 buys VP after the last scoring
        game = random_game({"players": [{"name": f"P{i}"} for i in range(2)],
                            "options": {"builders": True, "buy_vp": True}}, seed=seed)
        if last_purchase(game):
            break
    state = game.state.clone()
    owner = state.players["P0"]
    if "wealth" not in owner.buildings:  # random players seldom afford it: hand it over
        for other in state.players.values():
            if "wealth" in other.buildings:
                other.buildings.remove("wealth")
        owner.buildings.append("wealth")
    bought_at_8 = last_purchase(game)
    assert bought_at_8 > 0 and owner.money == owner.wealth_money - 10 * bought_at_8
    score = next(s for s in final_scores(state) if s.player == "P0")
    assert score.buildings["wealth"] == owner.wealth_money // 5  # not owner.money // 5
    assert score.money == owner.money  # the tie-break still uses the money left


def test_buying_vp_after_the_last_scoring_names_turn_eight_and_age_three_prices():
    from companion.engine.playout import random_game

    game = random_game({"players": [{"name": f"P{i}"} for i in range(4)],
                        "options": {"builders": True, "buy_vp": True}}, seed=19)
    last_buys = [i for i, e in enumerate(game.events) if e.type == "buy_vp"][-4:]
    state = game.at(last_buys[0])
    assert state.phase == "buy_vp" and state.scored_turn == 8
    assert "after the turn 8 scoring" in state.describe()
    sixth = game.at([i for i, e in enumerate(game.events) if e.type == "buy_vp"][4])
    assert sixth.scored_turn == 6 and "after the turn 6 scoring" in sixth.describe()


@pytest.mark.parametrize("setup", [
    {"players": [{"name": f"P{i}"} for i in range(4)]},
    {"edition": "aoe3", "players": [{"name": f"P{i}"} for i in range(4)]},
], ids=["empires-4", "aoe3-4"])
def test_anyone_may_swap_asks_what_each_player_may_swap(setup):
    """``anyone_may_swap`` (one call, players passed over early) agrees with
    ``swappable`` asked of every player, after every event of random games."""
    told = set()
    for seed in range(4):
        rng, game = random.Random(seed), Game.new(setup)
        while game.state.phase != "over":
            state = game.state
            expected = any(swappable(state, n) for n in state.order)
            assert anyone_may_swap(state) == expected
            told.add(expected)
            game = random_step(game, rng)
    assert False in told and (True in told or setup.get("edition") != "aoe3")
