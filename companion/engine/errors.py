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

__all__ = [
    "SHOWN_KEY", "SHOWN_PROBLEMS", "Conflict", "EngineError", "IllegalAction",
    "MalformedEvent", "problem_field", "shown", "validation_problems",
]
