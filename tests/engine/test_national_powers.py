"""National advantages (digest section 11, Empires): each power's effect, its moment and its
limit; the pause in which powers are declared; players without the nation.

test_variants already covers: starting money ($10 each, boards dealt at random), Spain's
discovery (soldier, printed $ only, one use, another player refused), Holland taking the
ship from the would-be winner, France's good and its once-per-turn limit, and no pause
without national advantages.
"""

from __future__ import annotations

import pytest
from helpers import (
    OPENING_BUILDINGS,
    OPENING_GOODS,
    decline_until,
    finish_turn,
    money,
    new_game,
    only_workers,
    place,
    play_plan,
    region,
    resolve,
)

from companion.engine import Game, IllegalAction

RESOLVE = {"type": "resolve"}


def _game(**nations):
    """A national-advantages game (name -> nation, in turn order) just after the reveal;
    the opening goods on the track are indigo, indigo, rice, silver."""
    players = [{"name": name, "nation": nation} for name, nation in nations.items()]
    game = Game.new({"players": players, "options": {"nations": True}})
    return game.apply({"type": "reveal", "goods": list(OPENING_GOODS),
                       "buildings": list(OPENING_BUILDINGS)})




def _next_turn(game):
    """Close the declare pause if there is one, then decline everything and refresh."""
    if game.pending().type == "resolve":
        game = game.apply(RESOLVE)
    return finish_turn(game)


def _power(player, nation, **choice):
    return {"type": "power", "player": player, "nation": nation, "choice": choice}


def _labels(game, track):
    return [(s.player, s.label) for s in game.state.tracks[track]]


def _goods(game, name):
    return {good: n for good, n in game.state.players[name].goods.items() if n}


# ---------------------------------------------------------------- the declare pause


def test_no_pause_when_nobody_has_a_power_to_declare():
    # Spain acts before turn 1 and Portugal inside an expedition: nothing to declare
    game = _game(Red="spain", Blue="portugal")
    game = play_plan(game, {"Red": [("colonist", "dock")]})
    assert game.pending().type == "dock"
    with pytest.raises(IllegalAction, match="no pause to end now"):
        game.apply(RESOLVE)


def test_the_pause_lasts_only_while_a_power_is_unused():
    game = _game(Red="england", Blue="spain")
    game = only_workers(game, {})
    assert game.pending().type == "resolve" and game.state.step == "declare"
    game = game.apply(_power("Red", "england"))
    game = finish_turn(game.apply(RESOLVE))
    game = only_workers(game, {})  # turn 2: England's one use is spent
    assert game.pending().type == "refresh"


@pytest.mark.parametrize(("nation", "choice"), [
    ("england", {}), ("france", {"good": "rice"}), ("holland", {}),
    ("italy", {"box": "captain", "worker": "colonist"}),
])
def test_a_player_without_the_nation_is_refused(nation, choice):
    game = _game(Red=nation, Blue="portugal")
    game = play_plan(game, {"Red": [("colonist", "specialists", "captain")]})
    assert game.pending().type == "resolve"
    with pytest.raises(IllegalAction, match=f"Blue does not play {nation.title()}"):
        game.apply(_power("Blue", nation, **choice))


def test_powers_need_the_option_and_portugal_is_not_declared():
    plain = only_workers(new_game(), {"Red": {"colonist": 1}})
    plain = place(plain, ("Red", "colonist", "dock"))
    with pytest.raises(IllegalAction, match="not used in this game"):
        plain.apply(_power("Red", "england"))
    game = only_workers(_game(Red="portugal", Blue="france"), {})
    with pytest.raises(IllegalAction, match="part of an expedition"):
        game.apply(_power("Red", "portugal"))


# ---------------------------------------------------------------- England


def test_england_adds_two_colonists_to_the_dock_and_reorders_it_once_per_game():
    game = _game(Red="england", Blue="spain")
    game = play_plan(game, {"Red": [("colonist", "dock")],
                        "Blue": [("colonist", "dock"), ("colonist", "dock")]})
    assert game.pending().type == "resolve"
    assert _labels(game, "dock") == [("Red", "1"), ("Blue", "2"), ("Blue", "3")]
    with pytest.raises(IllegalAction, match="reorders the 5 dock workers"):
        game.apply(_power("Red", "england", order=[0, 1, 2]))
    with pytest.raises(IllegalAction, match="reorders the 5 dock workers"):
        game.apply(_power("Red", "england", order=[0, 0, 1, 2, 3]))
    reserve = game.state.players["Red"].reserve["colonist"]
    # 2 extra colonists go beyond the 3 printed slots; England's two first, its own last
    game = game.apply(_power("Red", "england", order=[3, 4, 1, 2, 0]))
    assert _labels(game, "dock") == [("Red", "1"), ("Red", "2"), ("Blue", "3"), ("Blue", "4"),
                                     ("Red", "5")]
    assert game.state.players["Red"].reserve["colonist"] == reserve - 2
    game = game.apply(RESOLVE)
    seen = []
    while game.pending().type == "dock":
        seen.append(game.pending().player)
        game = game.apply({"type": "dock", "region": "caribbean"})
    assert seen == ["Red", "Red", "Blue", "Blue", "Red"]
    assert region(game, "caribbean") == {"Red": {"colonist": 3}, "Blue": {"colonist": 2}}
    # turn 2: England is spent and Spain is never declared, so there is no pause
    game = play_plan(finish_turn(game), {"Red": [("colonist", "dock")]})
    assert game.pending().type == "dock"
    with pytest.raises(IllegalAction, match="once this game"):
        game.apply(_power("Red", "england"))


def test_england_acts_in_the_pause_or_just_before_the_first_dock_worker():
    game = _game(Red="england", Blue="france")
    game = only_workers(game, {"Red": {"colonist": 1}, "Blue": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "dock"))
    with pytest.raises(IllegalAction, match="just before the Colonist Dock"):  # placement
        game.apply(_power("Red", "england"))
    game = place(game, ("Blue", "colonist", "dock")).apply(RESOLVE)
    assert (game.pending().type, game.pending().slot) == ("dock", "1")
    # not yet resolved: still just before the Dock; no new order, extras at the end
    early = game.apply(_power("Red", "england"))
    assert _labels(early, "dock") == [("Red", "1"), ("Blue", "2"), ("Red", "3"), ("Red", "4")]
    late = game.apply({"type": "dock", "region": "caribbean"})
    with pytest.raises(IllegalAction, match="just before the Colonist Dock"):
        late.apply(_power("Red", "england"))


# ---------------------------------------------------------------- Spain


def test_spain_only_just_before_turn_one():
    game = _game(Red="spain", Blue="england")
    use = _power("Red", "spain", region="peru", token="t16")
    with pytest.raises(IllegalAction, match="undiscovered region"):
        game.apply(_power("Red", "spain", region="caribbean", token="t16"))
    placed = only_workers(game, {"Red": {"colonist": 2}})
    placed = place(placed, ("Red", "colonist", "dock"))
    with pytest.raises(IllegalAction, match="just before turn 1"):
        placed.apply(use)
    turn_2 = _next_turn(only_workers(game, {}))
    assert turn_2.state.turn == 2
    with pytest.raises(IllegalAction, match="just before turn 1"):
        turn_2.apply(use)
    assert "peru" not in turn_2.state.discovered


# ---------------------------------------------------------------- France


def test_france_the_last_trader_may_get_nothing():
    game = _game(Red="france", Blue="portugal")
    game = play_plan(game, {"Red": [("colonist", "trade_goods")] * 2,
                        "Blue": [("colonist", "trade_goods")] * 2})
    with pytest.raises(IllegalAction, match="not on the Trade Goods track"):
        game.apply(_power("Red", "france", good="gold"))
    game = game.apply(_power("Red", "france", good="silver"))
    assert sorted(game.state.goods_offer) == ["indigo", "indigo", "rice"]
    game = resolve(game, RESOLVE, {"type": "take_good", "good": "indigo"},
                   {"type": "take_good", "good": "indigo"}, {"type": "take_good", "good": "rice"})
    # Blue's second worker (slot 4) finds the track empty
    assert game.pending().type == "refresh"
    assert _goods(game, "Red") == {"silver": 1, "indigo": 1, "rice": 1}
    assert _goods(game, "Blue") == {"indigo": 1}


def test_france_only_before_trade_goods_and_twice_per_game():
    game = _game(Red="france", Blue="portugal")
    game = play_plan(game, {"Red": [("colonist", "trade_goods")],
                        "Blue": [("colonist", "trade_goods")]})
    game = resolve(game, RESOLVE, {"type": "take_good", "good": "rice"})
    with pytest.raises(IllegalAction, match="just before Trade Goods"):  # slot 1 has taken
        game.apply(_power("Red", "france", good="silver"))
    game = finish_turn(game)
    # turn 2: one use, from the pause
    game = only_workers(game, {})
    assert game.pending().type == "resolve"
    game = game.apply(_power("Red", "france", good=game.state.goods_offer[0]))
    game = finish_turn(game.apply(RESOLVE))
    # turn 3: a second use, just before Trade Goods resolves
    game = play_plan(game, {"Blue": [("colonist", "trade_goods")]})
    game = game.apply(RESOLVE)
    assert game.pending().type == "take_good"
    game = game.apply(_power("Red", "france", good=game.state.goods_offer[0]))
    assert sum(game.state.players["Red"].goods.values()) == 1 + 2  # turn 1's rice, 2 by power
    game = finish_turn(game)
    # turn 4: France is spent (no pause any more) and a third use is refused
    game = play_plan(game, {"Blue": [("colonist", "trade_goods")]})
    assert game.pending().type == "take_good"
    with pytest.raises(IllegalAction, match="2 time"):
        game.apply(_power("Red", "france", good=game.state.goods_offer[0]))


# ---------------------------------------------------------------- Portugal


def test_portugal_draws_a_card_at_resistance_3_once_per_age():
    game = _game(Red="portugal", Blue="spain")
    game = play_plan(game, {"Red": [("soldier", "discovery"), ("colonist", "discovery"),
                                ("colonist", "discovery")],
                        "Blue": [("colonist", "discovery")]})
    assert game.pending().type == "expedition"  # no pause: nothing is declared
    sent = {"soldier": 1, "colonist": 2}  # worth 3
    card = {"type": "expedition", "workers": sent, "target": "card", "found": "india"}
    with pytest.raises(IllegalAction, match="only once every region"):  # without the power
        game.apply(card)
    with pytest.raises(IllegalAction, match="draws a discovery card"):
        game.apply({**card, "target": "peru", "found": "t16", "nation_power": True})
    with pytest.raises(IllegalAction, match="not a discovery card"):
        game.apply({**card, "found": "t16", "nation_power": True})
    # India: $6 + $3 per soldier, natives 6, but Portugal faces 3; 3 >= 3
    game = game.apply({**card, "nation_power": True})
    red = game.state.players["Red"]
    assert red.discoveries == ["india"]
    assert red.money == 10 + 6 + 3 * 1
    assert game.state.new_world_workers("Red") == 0  # a card places no colonist
    assert game.state.discovered == ["caribbean"]
    assert game.pending().player == "Blue"
    with pytest.raises(IllegalAction, match="Blue does not play Portugal"):
        game.apply({"type": "expedition", "workers": {"colonist": 1}, "target": "card",
                    "found": "china", "nation_power": True})
    game = finish_turn(game.apply({"type": "expedition", "workers": {}}))
    # turn 2, still Age I: refused
    game = decline_until(play_plan(game, {"Red": [("colonist", "discovery")] * 3}), "expedition")
    assert game.pending().player == "Red"
    china = {"type": "expedition", "workers": {"colonist": 3}, "target": "card",
             "found": "china", "nation_power": True}
    with pytest.raises(IllegalAction, match="Age 1"):
        game.apply(china)
    game = finish_turn(game)
    game = finish_turn(only_workers(game, {}))
    # turn 4, Age II: allowed again; 2 colonists are worth 2 < 3, the card is not won
    game = decline_until(only_workers(game, {}), "expedition")
    assert game.state.turn == 4 and game.state.players["Red"].discovery["colonist"] == 3
    game = game.apply({**china, "workers": {"colonist": 2}})
    assert game.state.players["Red"].discoveries == ["india"]
    assert money(game)["Red"] == 19


# ---------------------------------------------------------------- Holland


def test_holland_only_before_shipping_and_once_per_game():
    game = _game(Red="holland", Blue="france")
    game = play_plan(game, {"Blue": [("colonist", "shipping"), ("colonist", "buildings")]})
    assert game.pending().type == "resolve"  # France's declare step: Holland may act there too
    stop = game.apply(RESOLVE)  # the tracks stop again just before Merchant Shipping
    assert stop.pending().type == "resolve" and stop.state.step == "shipping"
    late = stop.apply(RESOLVE)  # Shipping resolves by itself; Capital Buildings waits
    assert late.pending().type == "buy"
    with pytest.raises(IllegalAction, match="before Merchant Shipping"):
        late.apply(_power("Red", "holland"))
    assert late.state.players["Blue"].ships == 1
    game = stop.apply(_power("Red", "holland"))  # used at the stop: the tracks go on
    assert game.pending().type == "buy"
    game = finish_turn(game)
    assert game.state.players["Red"].ships == 1 and game.state.players["Blue"].ships == 0
    game = play_plan(game, {"Blue": [("colonist", "shipping")]})
    assert game.pending().type == "resolve"  # France is still unused
    with pytest.raises(IllegalAction, match="once this game"):
        game.apply(_power("Red", "holland"))
    game = game.apply(RESOLVE)  # no stop before Shipping: Holland's power is spent
    assert game.state.players["Blue"].ships == 1


# ---------------------------------------------------------------- Italian city-states


def test_italy_replaces_a_specialists_worker_and_still_pays_for_training():
    game = _game(Red="italy", Blue="france")
    game = play_plan(game, {"Blue": [("colonist", "specialists", "captain"),
                                 ("colonist", "specialists", "training")]})
    assert game.pending().type == "resolve"
    with pytest.raises(IllegalAction, match="nobody stands on the 'merchant' box"):
        game.apply(_power("Red", "italy", box="merchant", worker="colonist"))
    with pytest.raises(IllegalAction, match="no 'builder' in stock"):  # no Builder expansion
        game.apply(_power("Red", "italy", box="training", worker="builder"))
    blue_reserve = game.state.players["Blue"].reserve["colonist"]
    game = game.apply(_power("Red", "italy", box="training", worker="colonist"))
    assert _labels(game, "specialists") == [("Blue", "captain"), ("Red", "training")]
    assert game.state.players["Blue"].reserve["colonist"] == blue_reserve + 1  # sent home
    with pytest.raises(IllegalAction, match="this turn"):
        game.apply(_power("Red", "italy", box="captain", worker="colonist"))
    game = game.apply(RESOLVE)
    assert (game.pending().type, game.pending().player) == ("training", "Red")
    game = game.apply({"type": "training", "specialist": "soldier"})
    assert money(game) == {"Red": 10 - 5, "Blue": 10}
    red, blue = game.state.players["Red"], game.state.players["Blue"]
    assert red.incoming["soldier"] == 1 and blue.incoming["captain"] == 1


def test_italy_twice_per_game_at_most_once_a_turn():
    game = _game(Red="italy", Blue="france")
    for _ in range(2):
        game = play_plan(game, {"Blue": [("colonist", "specialists", "captain")]})
        game = game.apply(_power("Red", "italy", box="captain", worker="colonist"))
        game = game.apply(RESOLVE)
        assert game.state.players["Red"].incoming["captain"] == 1
        assert game.state.players["Blue"].incoming["captain"] == 0
        game = finish_turn(game)
    game = play_plan(game, {"Blue": [("colonist", "specialists", "captain")]})
    assert game.pending().type == "resolve"  # France is still unused
    with pytest.raises(IllegalAction, match="2 time"):
        game.apply(_power("Red", "italy", box="captain", worker="colonist"))
