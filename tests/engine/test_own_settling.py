"""Tracks that settle their own moves (``Legal.settled``: each move ready, or open) give
exactly what the generic settling (``moves.settle``, probing each follow-up) gives of the
same moves left unsettled: the same moves, in the same order, with the same events."""

from __future__ import annotations

import random

import pytest

from companion.engine.decisions import Answer, evolve
from companion.engine.game import Game
from companion.engine.moves import legal, probe, settle
from companion.engine.playout import random_field_value, random_step
from companion.engine.questions import as_list
from companion.engine.tracks import warfare

SETUPS = [
    {"players": [{"name": f"P{i}"} for i in range(5)]},
    {"players": [{"name": f"P{i}"} for i in range(4)], "options": {"builders": True}},
    {"edition": "aoe3", "players": [{"name": f"P{i}"} for i in range(4)]},
]


def _never(*_args):
    return False


# Per question type: how its track is made to leave every move unsettled (a move that
# asks on is then listed with its draft, as before the track settled it).
UNSETTLED = {
    "warfare": (warfare, "_one_choice", _never),
}


def _shown(moves):
    return [(m.value, m.events, m.draft, m.usual) for m in moves]


def _questions(state, draft, depth=3):
    """``draft``'s moves and those of the questions its open moves ask on."""
    found = legal(state, draft)
    yield draft, found
    if depth:
        for m in found.moves:
            if m.draft is not None and not m.events:
                yield from _questions(state, m.draft, depth - 1)


@pytest.mark.parametrize("setup", SETUPS, ids=["empires-5", "builders-4", "aoe3-4"])
def test_a_track_settles_its_moves_as_probing_would(setup, monkeypatch):
    checked = {kind: 0 for kind in UNSETTLED}
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(setup)
        while game.state.phase != "over":
            state, wanted = game.state, game.pending()
            if wanted.type in UNSETTLED:
                module, name, unsettled = UNSETTLED[wanted.type]
                for draft, own in _questions(state, wanted.draft):
                    assert own.settled, draft
                    assert all(m.events or m.open for m in own.moves), draft
                    with monkeypatch.context() as patch:
                        patch.setattr(module, name, unsettled)
                        raw = legal(state, draft)
                    probed = [settle(state, evolve(m, open=False)) for m in raw.moves]
                    assert _shown(own.moves) == _shown(m for m in probed if m is not None)
                    assert own.decline == raw.decline
                    checked[wanted.type] += 1
            game = random_step(game, rng)
    assert all(n > 5 for n in checked.values()), checked


def test_warfare_knows_when_a_loss_leaves_one_choice():
    """``_one_choice`` (asked without listing the losses) agrees with the losses listed,
    for every small army and every number of losses it can take."""
    kinds = ("colonist", "soldier", "merchant")
    for a in range(3):
        for b in range(3):
            for c in range(2):
                workers = {k: n for k, n in zip(kinds, (a, b, c), strict=True) if n}
                for n in range(a + b + c + 1):
                    step = ("caribbean", "defender", "P1", n, "P0", workers)
                    assert warfare._one_choice(step) == (len(warfare._options(step)) == 1), \
                        (workers, n)
                    if warfare._one_choice(step):  # (its one option, told without listing)
                        assert warfare._only_option(step) == warfare._options(step)[0]


@pytest.mark.parametrize("setup", SETUPS, ids=["empires-5", "builders-4", "aoe3-4"])
def test_a_report_answer_is_settled_as_probing_would(setup):
    """The set-up's and the refresh's reports (which goods, which buildings came out)
    build answers ready at once when the reports after them are fixed by the rules, else
    asking on: as the generic settling of the answer that only adds the pick to the draft."""
    checked = {"ready": 0, "open": 0}
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(setup)
        while game.state.phase != "over":
            state, wanted = game.state, game.pending()
            if wanted.type in ("reveal", "refresh") and wanted.field is not None:
                draft = wanted.draft
                own = legal(state, draft)
                key = "buildings" if "goods" in draft else "goods"
                for _ in range(3):
                    value = random_field_value(own.kind, own.field, rng)
                    built = own.field.answer(value)
                    plain = Answer("", value, draft={**draft, key: as_list(value)})
                    assert _shown([built]) == _shown([settle(state, plain)])
                    checked["ready" if built.events else "open"] += 1
            game = random_step(game, rng)
    assert all(n > 5 for n in checked.values()), checked


@pytest.mark.parametrize("setup", SETUPS, ids=["empires-5", "builders-4", "aoe3-4"])
def test_an_open_move_has_two_outcomes_or_more(setup):
    """A move a track lists as ``open`` (its follow-up is not probed) leads to two outcomes
    or more, as probing its draft finds: every question asked in random games, and the
    questions their moves ask on."""
    opened: dict[str, int] = {}
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(setup)
        while game.state.phase != "over":
            state, wanted = game.state, game.pending()
            for _draft, found in _questions(state, wanted.draft, depth=2):
                for m in found.moves:
                    if getattr(m, "open", False) and m.draft is not None:
                        assert probe(state, m.draft) == (2, None), m
                        opened[found.type] = opened.get(found.type, 0) + 1
            game = random_step(game, rng)
    assert opened.get("expedition", 0) > 5 and opened.get("buy", 0) > 0, opened
