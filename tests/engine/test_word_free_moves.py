"""The legal moves of the reports, purchases, expeditions and track questions are listed
without words: listing them asks the message catalogue nothing; the Decision the table sees
(built from them) names every answer."""

from __future__ import annotations

import random

import pytest

from companion import i18n
from companion.engine.answering import Asked, answer_in_place
from companion.engine.asking import actions, decide, offered_actions
from companion.engine.decisions import Answer, Field, Option
from companion.engine.flow import Phase
from companion.engine.game import Game
from companion.engine.moves import legal_moves
from companion.engine.playout import _random_move
from companion.engine.questions import counts_field, labelled_field, record

WORD_FREE = {"reveal", "refresh", "buy_vp", "buy", "expedition", "dock", "take_good",
             "warfare"}
SETUPS = [
    {"players": [{"name": f"P{i}"} for i in range(4)]},
    {"players": [{"name": f"P{i}"} for i in range(3)],
     "options": {"builders": True, "buy_vp": True}},
    {"edition": "aoe3", "players": [{"name": f"P{i}"} for i in range(3)]},
]


@pytest.fixture
def catalogue_calls(monkeypatch):
    """Every look-up in the message catalogue or the printed component names, counted."""
    calls = []
    catalogue, printed = i18n._catalogue, i18n._printed

    def counted_catalogue(*args):
        calls.append(args)
        return catalogue(*args)

    def counted_printed(*args, **kwargs):
        calls.append(args)
        return printed(*args, **kwargs)

    monkeypatch.setattr(i18n, "_catalogue", counted_catalogue)
    monkeypatch.setattr(i18n, "_printed", counted_printed)
    return calls


def _follow(state, legal, depth):
    """The moves of ``legal`` and of the questions its answers ask on."""
    yield legal
    if depth:
        for move in legal.all_moves():
            if move.draft is not None:
                found = legal_moves(state, move.draft)
                if found is not None:
                    yield from _follow(state, found, depth - 1)


@pytest.mark.parametrize("index", range(len(SETUPS)))
def test_listing_these_questions_asks_the_catalogue_nothing(index, catalogue_calls):
    rng = random.Random(index)
    game = Game.new(SETUPS[index])
    state, log = game.state, list(game.events)
    asked = Asked(legal_moves(state))
    listed = set()
    while state.phase != Phase.OVER:
        if asked.pending is not None and asked.pending.type in WORD_FREE:
            catalogue_calls.clear()
            questions = list(_follow(state, legal_moves(state), 2))
            types = {q.type for q in questions}
            if types <= WORD_FREE:
                assert catalogue_calls == [], (asked.pending.type, catalogue_calls[:3])
                listed |= types
                for legal in questions:  # ... and their words name every answer
                    decision = decide(state, legal.draft if legal.draft.get("type")
                                      else None)
                    assert all(a.label for a in decision.all_answers())
        move = _random_move(state, asked.pending, asked.actions_in, rng)
        asked = Asked(answer_in_place(state, log, move))
    assert {"refresh", "buy", "expedition", "warfare"} <= listed


def test_a_field_is_named_only_in_words():
    options = (Option("fur", "", 2), Option("rice", "", 1))
    field = counts_field(None, options, 2, lambda counts: Answer("", counts, draft={"x": 1}))
    assert all(o.label == "" for o in field.options)
    named = labelled_field(field, str.upper, lambda counts: "+".join(counts),
                           lambda counts: f"{sum(counts.values())} in all")
    assert [(o.value, o.label, o.most) for o in named.options] == [
        ("fur", "FUR", 2), ("rice", "RICE", 1)]
    answer = named.answer({"fur": 1, "rice": 1})
    assert (answer.label, answer.note, answer.draft) == ("fur+rice", "2 in all", {"x": 1})


def test_a_field_answer_that_leads_nowhere_gets_no_note():
    field = Field(build=lambda value: Answer("", value))  # neither events nor a draft
    answer = labelled_field(field, str, str, lambda value: "noted").answer(3)
    assert (answer.label, answer.note) == ("3", "")


def test_offered_actions_are_the_actions_without_their_words():
    setup = {"players": [{"name": f"P{i}", "nation": n}
                         for i, n in enumerate(("england", "spain", "france"))],
             "options": {"builders": True, "nations": True, "scouting": True}}
    rng = random.Random(5)
    game = Game.new(setup)
    state, log = game.state, list(game.events)
    asked = Asked(legal_moves(state))
    seen = set()
    while state.phase != Phase.OVER:
        offered, worded = offered_actions(state), actions(state)
        assert [(a.key, a.player, a.start, a.moment) for a in offered] == [
            (a.key, a.player, a.start, a.moment) for a in worded]
        assert all(a.title == a.help == "" for a in offered)
        assert all(a.title and a.help for a in worded)
        seen |= {a.start["type"] for a in offered}
        move = _random_move(state, asked.pending, asked.actions_in, rng)
        asked = Asked(answer_in_place(state, log, move))
    assert {"power", "scout"} <= seen


def test_a_finished_draft_is_recorded_in_the_language_asked_in():
    """``record``'s own prompt is read when asked, not once when the module was imported."""
    draft = {"type": "benefit", "player": "Red", "building": "broker", "choice": {}}
    with i18n.use_language("fr"):
        decision = record(draft)
    assert decision.prompt == "L'enregistrer" and decision.answers[0].label == "L'enregistrer"
    assert record(draft).prompt == "Record it"
    assert decision.answers[0].events == (draft,)
