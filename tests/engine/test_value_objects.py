"""The Decision layer's value objects: their quick constructor (``direct_init``) takes the
same arguments as the one ``dataclasses`` writes, and they stay frozen."""

from __future__ import annotations

import dataclasses

import pytest

from companion.engine.decisions import Action, Answer, Decision, Field, Kind, Option

CLASSES = [Answer, Option, Field, Decision, Action]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_every_field_given_by_position_lands_in_that_field(cls):
    names = [f.name for f in dataclasses.fields(cls)]
    values = [object() for _ in names]
    made = cls(*values)
    assert [getattr(made, name) for name in names] == values
    assert made == cls(**dict(zip(names, values, strict=True)))


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_fields_left_out_take_their_declared_defaults(cls):
    required = [f for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    made = cls(*(f"given {f.name}" for f in required))
    for f in dataclasses.fields(cls):
        if f in required:
            assert getattr(made, f.name) == f"given {f.name}"
        elif f.default is not dataclasses.MISSING:
            assert getattr(made, f.name) is f.default, f.name
        else:
            assert getattr(made, f.name) == f.default_factory(), f.name


def test_a_default_made_by_a_factory_is_not_shared_between_instances():
    first = Decision(Kind.YES_NO, "Go?", None, "resolve")
    second = Decision(Kind.YES_NO, "Go?", None, "resolve")
    assert first.draft == {} and first.draft is not second.draft


def test_an_unknown_or_missing_argument_is_refused_as_before():
    with pytest.raises(TypeError):
        Answer("Go", colour="red")
    with pytest.raises(TypeError):
        Decision(Kind.YES_NO, "Go?")


def test_the_value_objects_stay_frozen():
    answer = Answer("Go", True, events=({"type": "resolve"},))
    with pytest.raises(dataclasses.FrozenInstanceError):
        answer.label = "Stop"  # type: ignore[misc]
    assert hash(Option("fur", "fur")) == hash(Option("fur", "fur"))
