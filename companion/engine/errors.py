"""The engine's errors: a small family rooted in ``ValueError``.

>>> issubclass(IllegalAction, ValueError), issubclass(MalformedEvent, EngineError)
(True, True)
"""


class EngineError(ValueError):
    """Something the engine refused. The state it was checked against is unchanged."""


class MalformedEvent(EngineError):
    """The input is not a well-formed event or record (unknown type, missing field, ...)."""


class IllegalAction(EngineError):
    """Well-formed, but the rules forbid it in the current state."""


class Conflict(EngineError):
    """Someone else changed the game first (a stale view): reload and try again."""


def validation_problems(exc: object, root: str) -> str:
    """A pydantic ``ValidationError`` as one line: ``field: problem; ...``."""
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or root}: {err['msg']}"
        for err in exc.errors()  # type: ignore[attr-defined]
    )
