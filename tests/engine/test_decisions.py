"""Decisions: every listed answer is legal, one-outcome steps are settled by the engine,
and undo takes an answer back with what the engine settled after it."""

from __future__ import annotations

import random

import pytest

from companion.engine import Game, IllegalAction, Kind, MalformedEvent, replay
from companion.engine.asking import decide
from companion.engine.moves import legal, legal_moves, probe
from companion.engine.playout import random_answer, random_step
from companion.rules.discoveries import TOKENS
from companion.rules.regions import REGIONS

SETUPS = [
    {"players": [{"name": n} for n in "ABCD"], "options": {"builders": True, "buy_vp": True}},
    {"edition": "aoe3", "players": [{"name": n} for n in "ABC"]},
    {"players": [{"name": "A", "nation": "england"}, {"name": "B", "nation": "france"},
                 {"name": "C", "nation": "holland"}], "options": {"nations": True}},
]


@pytest.mark.parametrize("setup", SETUPS, ids=["empires-builders", "aoe3", "nations"])
def test_every_ready_answer_listed_is_accepted(setup):
    rng = random.Random(3)
    game = Game.new(setup)
    checked = 0
    while game.state.phase != "over" and game.state.turn <= 4:
        decision = game.pending()
        for answer in decision.all_answers():
            if answer.ready:
                game.answer(answer.events)  # raises if the Decision offered something illegal
                checked += 1
        game = random_step(game, rng)
    assert checked > 100


def test_a_step_with_one_outcome_is_settled_by_the_engine():
    """Nobody can afford a building: the engine records "buys nothing" itself."""
    rng = random.Random(5)
    game = Game.new(SETUPS[0])
    seen = 0
    for _ in range(2000):
        if game.state.phase == "over":
            break
        before = len(game.events)
        game = random_step(game, rng)
        for index in range(before, len(game.events)):
            ev = game.events[index]
            if ev.auto:
                state = game.at(index)
                decision = Game.from_events(game.setup, game.events[:index]).pending()
                assert decision.only_answer is not None, f"{ev} was not the only outcome"
                assert state.version == index
                seen += 1
    assert seen > 5
    assert replay(game.setup, game.events) == game.state  # replay applies what is stored


def test_undo_takes_back_the_answer_and_what_the_engine_settled_after_it():
    rng = random.Random(8)
    game = Game.new(SETUPS[0])
    for _ in range(400):
        before = game
        game = random_step(game, rng)
        if any(e.auto for e in game.events[len(before.events):]):
            break
    assert any(e.auto for e in game.events[len(before.events):])
    assert game.undo_step().state == before.state


def test_a_group_answer_is_one_step():
    game = Game.new({"players": [{"name": "A"}, {"name": "B"}]}).answer(
        {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
         "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]})
    for track in ("dock", "dock", "dock", "shipping"):
        game = game.answer({"type": "place", "player": game.pending().player,
                            "worker": "colonist", "track": track})
    while game.pending().type == "place":
        game = game.answer(game.pending().answers[-1].events)
    dock = game.pending()
    group = next(a for a in dock.answers if a.usual)
    assert len(group.events) == 3 and dock.kind == Kind.REGION
    after = game.answer(group.events)
    assert after.state.workers_in_region("caribbean", "A") == 2
    assert after.undo_step().state == game.state
    assert [e.group for e in after.events[len(game.events):len(game.events) + 3]] == [
        False, True, True]


def test_the_table_cannot_write_automatic_events():
    game = Game.new({"players": [{"name": "A"}, {"name": "B"}]})
    with pytest.raises(MalformedEvent, match="only the engine"):
        game.answer({"type": "reveal", "auto": True})


def test_a_field_refuses_what_it_did_not_offer():
    game = Game.new({"players": [{"name": "A"}, {"name": "B"}]})
    goods = game.pending()
    assert goods.report and goods.field.total == 4
    with pytest.raises(MalformedEvent, match="pick exactly 4"):
        goods.field.answer({"fur": 1})
    with pytest.raises(MalformedEvent, match="not one of the choices"):
        goods.field.answer({"unicorn": 4})


def test_an_answer_no_longer_legal_is_refused_and_nothing_changes():
    rng = random.Random(2)
    game = Game.new(SETUPS[0])
    while game.pending().type != "place":
        game = random_step(game, rng)
    answer = random_answer(game.state, game.pending(), rng)
    moved = game.answer(answer)
    with pytest.raises(IllegalAction):
        moved.answer(answer)  # the same tap again, from a stale view
    assert moved.state == game.answer(answer).state


def _asked_in_full(state, draft):
    """What settling needs of a follow-up, read off the whole question (the reference the
    engine's early-stopping probe must agree with)."""
    follow = legal_moves(state, draft)
    only = follow.only_move
    return min(follow.outcomes, 2), (only.events if only is not None else None)


@pytest.mark.parametrize("setup", SETUPS, ids=["empires-builders", "aoe3", "nations"])
def test_the_probe_that_settles_answers_agrees_with_the_whole_follow_up(setup):
    """A move that asks on is settled by probing its follow-up only until a second
    outcome shows: at every step of a random game, for every such move (and every power
    offered), the probe finds what the whole question says."""
    rng = random.Random(11)
    game = Game.new(setup)
    checked = 0
    while game.state.phase != "over" and game.state.turn <= 5:
        state = game.state
        drafts = [a.start for a in game.actions()]
        wanted = game.pending()
        drafts += [m.draft for m in legal(state, wanted.draft).moves
                   if m.draft is not None and not m.events]
        for draft in drafts:
            outcomes, only = probe(state, draft)
            assert (outcomes, only.events if only is not None else None) == \
                _asked_in_full(state, draft), draft
            assert (probe(state, draft, 1)[0] > 0) == (outcomes > 0), draft
            checked += 1
        game = random_step(game, rng)
    assert checked > 20


def test_an_expedition_to_a_region_with_no_token_left_leads_nowhere_however_it_sails():
    """With no token left to reveal, a hidden region is no target, and its crews none."""
    rng = random.Random(4)
    game = Game.new(SETUPS[0])
    while not (game.pending().type == "expedition"
               and sum(game.state.players[game.pending().player].discovery.values()) > 1):
        game = random_step(game, rng)
    state = game.state.clone()
    state.removed_tokens = list(TOKENS)  # every token out of the game: none left to reveal
    wanted = decide(state)
    hidden = [r for r in REGIONS if r not in state.discovered and r not in state.known_tokens]
    assert hidden and not {a.value for a in wanted.answers} & set(hidden)
    draft = {**wanted.draft, "target": hidden[0]}
    assert decide(state, draft).answers == ()  # no crew can reveal anything there
    assert legal(state, draft).moves == ()
    assert probe(state, draft) == (0, None) and probe(state, draft, 1) == (0, None)


def test_moves_a_track_marks_open_have_two_outcomes_or_more():
    """``Move.open`` spares a probe: the track knows its follow-up has two or more
    outcomes. Wherever a track says so (on the pending question or on the next one of any
    of its moves), the whole follow-up agrees."""
    checked = 0
    for setup in SETUPS:
        rng = random.Random(13)
        game = Game.new(setup)
        while game.state.phase != "over":
            state, wanted = game.state, game.pending()
            raw = legal(state, wanted.draft)
            questions = [raw] + [legal(state, m.draft) for m in raw.moves
                                 if m.draft is not None and not m.events]
            for question in questions:
                for m in question.moves:
                    if m.open:
                        assert legal_moves(state, m.draft).outcomes >= 2, m.draft
                        checked += 1
            game = random_step(game, rng)
    assert checked > 20, checked


@pytest.mark.parametrize("setup", SETUPS, ids=["empires-builders", "aoe3", "nations"])
def test_a_decision_is_its_legal_moves_in_words(setup):
    """The Decision the table sees lists the settled legal moves, in the same order, with
    the same values and events: words never add, drop or reorder an answer."""
    rng = random.Random(5)
    game = Game.new(setup)
    while game.state.phase != "over":
        moves, decision = legal_moves(game.state), game.pending()
        assert [(m.value, m.events, m.draft) for m in moves.all_moves()] == \
            [(a.value, a.events, a.draft) for a in decision.all_answers()]
        assert all(a.label for a in decision.answers)
        game = random_step(game, rng)
