"""The engine's errors: the app's error family (``companion.errors``) under the names the
engine has always used.

>>> issubclass(IllegalAction, ValueError), issubclass(MalformedEvent, EngineError)
(True, True)
"""

from companion.errors import (
    SHOWN_KEY,
    SHOWN_PROBLEMS,
    Conflict,
    IllegalAction,
    problem_field,
    shown,
    validation_problems,
)
from companion.errors import MalformedInput as MalformedEvent
from companion.errors import Refused as EngineError


class UnreadableEvent(MalformedEvent):
    """An event whose shape the fold could not read at all (a key or type missing inside a
    choice): told apart from a rule's refusal by its kind, never by its words."""

__all__ = [
    "SHOWN_KEY", "SHOWN_PROBLEMS", "Conflict", "EngineError", "IllegalAction",
    "MalformedEvent", "UnreadableEvent", "problem_field", "shown", "validation_problems",
]
