"""The Decision layer's value objects: their quick constructor (``values.frozen_value``:
the class called, the one way to build each) takes the same arguments as the one
``dataclasses`` writes, builds the same values, and they stay frozen."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from companion.engine.decisions import Action, Answer, Decision, Field, Kind, Legal, Move, Option
from companion.engine.values import evolve

CLASSES = [Answer, Option, Field, Decision, Action, Move, Legal]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_the_class_is_the_one_public_way_to_build_it(cls):
    public = {name for name in vars(cls) if not name.startswith("_")}
    fields = {f.name for f in dataclasses.fields(cls)}
    assert not hasattr(cls, "make")
    assert all(isinstance(vars(cls)[name], property) or callable(vars(cls)[name])
               and not isinstance(vars(cls)[name], staticmethod | classmethod)
               for name in public - fields)


def _init_fields(cls):
    return [f for f in dataclasses.fields(cls) if f.init]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_every_field_given_by_position_lands_in_that_field(cls):
    build = cls
    names = [f.name for f in _init_fields(cls)]
    values = [object() for _ in names]
    made = build(*values)
    assert type(made) is cls
    assert [getattr(made, name) for name in names] == values
    assert made == build(**dict(zip(names, values, strict=True)))
    reference = dataclasses.make_dataclass(  # (what ``dataclasses`` alone would build)
        "Reference", [(f.name, Any) for f in _init_fields(cls)], frozen=True)(*values)
    assert [getattr(reference, n) for n in names] == [getattr(made, n) for n in names]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_fields_left_out_take_their_declared_defaults(cls):
    build = cls
    required = [f for f in _init_fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    made = build(*(f"given {f.name}" for f in required))
    for f in dataclasses.fields(cls):
        if f in required:
            assert getattr(made, f.name) == f"given {f.name}"
        elif f.default is not dataclasses.MISSING:
            assert getattr(made, f.name) is f.default, f.name
        else:
            assert getattr(made, f.name) == f.default_factory(), f.name


def test_a_default_made_by_a_factory_is_not_shared_between_instances():
    build = Decision
    first = build(Kind.YES_NO, "Go?", None, "resolve")
    second = build(Kind.YES_NO, "Go?", None, "resolve")
    assert first.draft == {} and first.draft is not second.draft


@pytest.mark.parametrize("cls", [Answer, Decision])
def test_an_unknown_or_missing_argument_is_refused_as_before(cls):
    with pytest.raises(TypeError):
        cls("Go", colour="red")
    with pytest.raises(TypeError):
        cls()


def test_the_value_objects_stay_frozen():
    build = Answer
    answer = build("Go", True, events=({"type": "resolve"},))
    with pytest.raises(dataclasses.FrozenInstanceError):
        answer.label = "Stop"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del answer.value
    with pytest.raises(dataclasses.FrozenInstanceError):
        answer.colour = "red"  # type: ignore[attr-defined]
    assert hash(Option("fur", "fur")) == hash(Option("fur", "fur"))


def test_evolve_copies_with_changes_and_refuses_an_unknown_field():
    move = Move("dock", events=({"type": "dock"},), usual=True)
    changed = evolve(move, events=(), draft={"type": "dock"})
    assert type(changed) is Move and changed.usual and changed.value == "dock"
    assert changed.events == () and changed.draft == {"type": "dock"}
    assert move.events == ({"type": "dock"},) and move.draft is None  # the original unchanged
    with pytest.raises(TypeError, match="colour"):
        evolve(move, colour="red")
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.value = "x"  # type: ignore[misc]


def test_copies_and_pickles_come_back_equal_and_frozen():
    decision = Decision(Kind.YES_NO, "Go?", "Ann", "resolve",
                        answers=(Answer("Go", True, events=({"type": "resolve"},)),),
                        draft={"type": "resolve"})
    for made in (copy.copy(decision), copy.deepcopy(decision),
                 pickle.loads(pickle.dumps(decision))):
        assert made == decision and type(made) is Decision
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.prompt = "Stop?"  # type: ignore[misc]
    assert dataclasses.replace(decision, prompt="Stop?").prompt == "Stop?"


def test_a_moves_parsed_events_are_parsed_once_and_follow_its_events():
    from companion.engine.decisions import Move, evolve, parsed_events
    from companion.engine.events import Place

    raw = {"type": "place", "player": "Ann", "worker": "colonist", "track": "dock"}
    move = Move("dock", events=(raw,))
    first = parsed_events(move)
    assert type(first[0]) is Place and first[0].track == "dock"
    assert parsed_events(move) is first  # kept on the move
    other = evolve(move, events=({**raw, "track": "warfare"},))
    assert parsed_events(other)[0].track == "warfare"  # a copy with other events: parsed anew
    assert parsed_events(move) is first
    assert move == Move("dock", events=(raw,))  # the kept parse is not a field
