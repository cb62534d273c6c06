"""Discovery (digest sections 5 and 9): the expedition test, loot, tokens and cards."""

from __future__ import annotations

import pytest
from helpers import (
    decline_until,
    finish_turn,
    money,
    new_game,
    only_workers,
    place,
    random_questions,
    region,
    resolve,
)

from companion.engine import IllegalAction, final_scores
from companion.engine.moves import legal
from companion.engine.questions import clean, sub_multiset_items, token_items
from companion.engine.tracks import discovery

# Token rows of the digest used here (id: $, $/soldier, natives, VP):
#   t01: 1, 2, 1, 4    t06: 2, 4, 3, 5    t13: 4, 5, 4, 6


def _explorers(game, workers, name="Red"):
    """``name`` puts exactly ``workers`` on Discovery; the game then waits for its expedition."""
    game = only_workers(game, {name: workers})
    for worker, n in workers.items():
        for _ in range(n):
            game = place(game, (name, worker, "discovery"))
    return decline_until(game, "expedition")


def _send(workers, target, found):
    return {"type": "expedition", "workers": workers, "target": target, "found": found}


def test_successful_expedition_loot_colonist_and_token():
    game = _explorers(new_game(), {"captain": 1, "soldier": 1})
    assert game.pending().player == "Red"
    # captain 2 + soldier 1 = 3 against natives 3: success
    game = resolve(game, _send({"captain": 1, "soldier": 1}, "new_spain", "t06"))
    red = game.state.players["Red"]
    assert red.money == 10 + 2 + 4 * 1
    assert red.discoveries == ["t06"]
    assert "new_spain" in game.state.discovered
    assert region(game, "new_spain") == {"Red": {"colonist": 1}}
    assert red.discovery == dict.fromkeys(red.discovery, 0)  # sent workers left the track
    assert red.reserve["captain"] == 5 and red.reserve["soldier"] == 10
    assert next(s for s in final_scores(game.state) if s.player == "Red").discoveries == 5


def test_loot_counts_every_soldier_sent():
    game = _explorers(new_game(), {"soldier": 2})
    game = resolve(game, _send({"soldier": 2}, "florida", "t01"))
    assert money(game)["Red"] == 10 + 1 + 2 * 2


def test_failed_expedition_leaves_the_token_known_on_its_region():
    game = _explorers(new_game(), {"captain": 1})
    game = resolve(game, _send({"captain": 1}, "new_spain", "t06"))  # 2 < 3
    red = game.state.players["Red"]
    assert red.money == 10 and red.discoveries == []
    assert "new_spain" not in game.state.discovered
    assert game.state.known_tokens == {"new_spain": "t06"}
    assert region(game, "new_spain") == {}
    assert red.reserve["captain"] == 5  # the sent captain returned to the supply
    game = finish_turn(game)
    # next turn: the region still holds t06, and t06 cannot turn up anywhere else
    game = _explorers(game, {"colonist": 3})
    with pytest.raises(IllegalAction, match="already known"):
        game.apply(_send({"colonist": 3}, "new_spain", "t01"))
    with pytest.raises(IllegalAction, match="already"):
        game.apply(_send({"colonist": 3}, "florida", "t06"))
    game = resolve(game, _send({"colonist": 3}, "new_spain", None))
    assert game.state.players["Red"].discoveries == ["t06"]
    assert game.state.known_tokens == {}


def test_a_captain_alone_needs_magellan_against_natives_3():
    buildings = ["magellan", "plague_1", "settlers", "monastery", "navigator"]
    game = new_game(buildings=buildings, builders=True)
    game = only_workers(game, {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "buildings"))
    game = resolve(game, {"type": "buy", "building": "magellan"})
    game = finish_turn(game)
    game = _explorers(game, {"captain": 1})
    game = resolve(game, _send({"captain": 1}, "new_spain", "t06"))  # 3 >= 3
    assert game.state.players["Red"].discoveries == ["t06"]
    assert money(game)["Red"] == 0 + 2


def test_plague_1_lowers_resistance_by_one():
    buildings = ["trading_post", "plague_1", "settlers", "monastery", "navigator"]
    game = new_game(buildings=buildings)
    game = only_workers(game, {"Red": {"colonist": 1}})
    game = place(game, ("Red", "colonist", "buildings"))
    game = resolve(game, {"type": "buy", "building": "plague_1"})
    game = finish_turn(game)
    game = _explorers(game, {"captain": 1})
    game = resolve(game, _send({"captain": 1}, "new_spain", "t06"))  # 2 >= 3 - 1
    assert game.state.players["Red"].discoveries == ["t06"]
    # but not by two: captain 2 against t13's natives 4 - 1 = 3 fails
    game = finish_turn(game)
    game = _explorers(game, {"captain": 1})
    game = resolve(game, _send({"captain": 1}, "peru", "t13"))
    assert game.state.known_tokens == {"peru": "t13"}


def test_other_workers_count_one_each():
    game = _explorers(new_game(), {"merchant": 1, "missionary": 1, "colonist": 1})
    game = resolve(game, _send({"merchant": 1, "missionary": 1}, "peru", "t06"))  # 2 < 3
    assert game.state.known_tokens == {"peru": "t06"}


def test_unsent_workers_stay_on_discovery_for_later_turns():
    game = _explorers(new_game(), {"colonist": 3})
    game = resolve(game, _send({"colonist": 1}, "florida", "t01"))
    assert game.state.players["Red"].discovery["colonist"] == 2
    game = finish_turn(game)
    game = only_workers(game, {})
    assert game.pending().type == "expedition" and game.pending().player == "Red"
    with pytest.raises(IllegalAction, match="cannot send 3"):
        game.apply(_send({"colonist": 3}, "peru", "t06"))
    with pytest.raises(IllegalAction, match="already discovered"):
        game.apply(_send({"colonist": 2}, "florida", "t02"))
    game = resolve(game, {"type": "expedition", "workers": {}})
    assert game.state.players["Red"].discovery["colonist"] == 2


def test_expeditions_go_in_turn_order_one_per_player():
    game = new_game(["Red", "Blue"])
    game = only_workers(game, {"Red": {"colonist": 2}, "Blue": {"colonist": 2}})
    game = place(game, *[(n, "colonist", "discovery") for n in ["Red", "Blue"] * 2])
    assert game.pending().player == "Red"
    game = resolve(game, _send({"colonist": 1}, "florida", "t01"))
    assert game.pending().player == "Blue"  # Red's second worker waits for next turn
    game = resolve(game, _send({"colonist": 1}, "new_spain", "t02"))
    assert game.pending().type == "refresh"


def test_cards_only_once_every_region_is_discovered():
    names = ["Red", "Blue", "Green", "Orange", "Purple", "White"]
    game = new_game(names)
    with_three = dict.fromkeys(names, {"colonist": 3})
    game = only_workers(game, with_three)
    for _ in range(3):
        game = place(game, *[(n, "colonist", "discovery") for n in names])
    regions = ["new_granada", "peru", "brazil", "new_spain", "florida", "virginia",
               "new_england", "new_france"]
    tokens = ["t01", "t02", "t03", "t04", "t05", "t06", "t07", "t08"]  # natives 1..3
    with pytest.raises(IllegalAction, match="only once every region"):
        game.apply(_send({"colonist": 3}, "card", "mississippi"))
    for target, token in zip(regions[:6], tokens[:6], strict=True):  # one per player
        game = resolve(game, _send({"colonist": 3}, target, token))
    game = finish_turn(game)
    game = only_workers(game, {"Red": {"colonist": 3}, "Blue": {"colonist": 3}})
    game = place(game, *[(n, "colonist", "discovery") for n in ["Red", "Blue"] * 3])
    game = resolve(game, _send({"colonist": 3}, regions[6], tokens[6]),
                   _send({"colonist": 3}, regions[7], tokens[7]))
    assert sorted(game.state.discovered) == sorted(["caribbean", *regions])
    game = finish_turn(game)
    game = _explorers(game, {"colonist": 3})
    with pytest.raises(IllegalAction):
        game.apply(_send({"colonist": 3}, "card", "t09"))  # a token is not a card
    # California: natives 4, a failed card goes back
    game_failed = resolve(game, _send({"colonist": 3}, "card", "california"))
    assert "california" not in game_failed.state.players["Red"].discoveries
    # The Mississippi: $2 (+$1 per soldier), natives 3, 4 VP; no colonist is placed
    before = money(game)["Red"]
    workers_before = game.state.new_world_workers("Red")
    game = resolve(game, _send({"colonist": 3}, "card", "mississippi"))
    red = game.state.players["Red"]
    assert red.money == before + 2
    assert "mississippi" in red.discoveries
    assert game.state.new_world_workers("Red") == workers_before
    game = finish_turn(game)
    game = _explorers(game, {"colonist": 3})
    with pytest.raises(IllegalAction, match="already been discovered"):
        game.apply(_send({"colonist": 3}, "card", "mississippi"))


def test_an_expedition_needs_a_worker_and_a_real_token():
    game = _explorers(new_game(), {"colonist": 2})
    with pytest.raises(IllegalAction):
        game.apply({"type": "expedition", "workers": {}, "target": "peru", "found": "t01"})
    with pytest.raises(IllegalAction):
        game.apply(_send({"colonist": 1}, "peru", "t99"))
    with pytest.raises(IllegalAction):
        game.apply(_send({"colonist": 1}, "caribbean", "t01"))  # discovered at the start


def test_the_token_question_offers_each_printed_face_once():
    """Tokens carry no number: each answer reads as the token's face ($, $ per soldier, VP,
    natives), identical tokens are one answer, and the odds say whether the expedition wins."""
    from companion.engine import Kind
    from companion.rules.discoveries import TOKENS, same_face

    game = _explorers(new_game(), {"captain": 1, "soldier": 1})
    question = game.ask({"type": "expedition", "player": "Red",
                         "workers": {"captain": 1, "soldier": 1}, "target": "new_spain"})
    assert question.kind == Kind.TOKEN
    labels = [a.label for a in question.answers]
    assert len(labels) == len(set(labels)) == len({t.face for t in TOKENS.values()}) == 12
    assert not any("Token" in a or a.startswith("t0") for a in labels), labels
    two = [a for a in question.answers if a.label == "natives 1 · $1 + $2 per soldier · 4 VP"]
    assert len(two) == 1 and two[0].value == "t01"
    notes = {a.label: a.note for a in question.answers}
    assert notes["natives 3 · $2 + $4 per soldier · 5 VP"] == "succeeds: strength 3"
    assert notes["natives 4 · $3 + $4 per soldier · 6 VP"] == "fails: strength 3"
    # once one of two identical tokens is owned, the other still answers for that face
    assert (same_face(t for t in TOKENS if t != "t01")[0], same_face(TOKENS)[0]) == ("t02", "t01")


def test_listing_an_expeditions_legal_moves_builds_no_words(monkeypatch):
    """Legal moves (what playouts, settling and probing read) compare tokens by their face
    as numbers: a token's face in words is built only when a person looks."""
    from companion.engine.moves import legal_moves
    from companion.rules.discoveries import Discovery

    game = _explorers(new_game(), {"captain": 1, "colonist": 1})
    worded = game.ask({"type": "expedition", "player": "Red", "target": "new_spain",
                       "workers": {"captain": 1, "colonist": 1}})

    def no_words(self):
        raise AssertionError("a token's face was put in words while listing legal moves")

    monkeypatch.setattr(Discovery, "face", property(no_words))
    where = legal_moves(game.state)
    tokens = legal_moves(game.state, {"type": "expedition", "player": "Red",
                                      "target": "new_spain",
                                      "workers": {"captain": 1, "colonist": 1}})
    assert len(where.moves) == 8 and where.decline is not None  # each undiscovered region
    assert [m.value for m in tokens.moves] == [a.value for a in worded.answers]
    assert len(tokens.moves) == 12  # one per printed face of the 16 tokens


@pytest.mark.parametrize("setup", [
    {"players": [{"name": f"P{i}"} for i in range(5)], "options": {"nations": True}},
    {"edition": "aoe3", "players": [{"name": f"P{i}"} for i in range(4)]},
], ids=["empires-nations-5", "aoe3-4"])
def test_where_to_sail_lists_each_region_as_its_own_question_would(setup):
    """The expedition's first question tells the cases of its crews once for every region
    (``_regions``): the same moves, in the same order, as ``_to`` asked of each region."""
    def shown(moves):
        return [(m.value, m.events, m.draft, m.open) for m in moves]

    asked = 0
    for state, wanted in random_questions(setup):
        if wanted.type == "expedition" and "target" not in wanted.draft:
            me, draft = state.queue[0], wanted.draft
            parts = sub_multiset_items(tuple(discovery._pool(state, me).items()))
            one_by_one = [discovery._to(r, draft, clean(draft), {"target": r}, parts,
                                        token_items(state, r))
                          for r in discovery.REGIONS if r not in state.discovered]
            regions = [m for m in legal(state, draft).moves if m.value != "card"]
            assert shown(regions) == shown(m for m in one_by_one if m is not None)
            asked += bool(regions)
    assert asked > 10
