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


def _where(loc: tuple, root: str) -> str:
    """A pydantic location in words: ``("players", 1, "colour")`` -> "players #2 colour"."""
    parts = [f"#{p + 1}" if isinstance(p, int) else str(p).replace("_", " ") for p in loc]
    return " ".join(parts) or root


def _problem(err: dict) -> str:
    kind, ctx = err.get("type", ""), err.get("ctx") or {}
    if kind == "value_error":
        return str(ctx.get("error", "is not valid"))
    words = {
        "missing": "is missing",
        "extra_forbidden": "is not part of this record",
        "bool_type": "must be true or false", "bool_parsing": "must be true or false",
        "int_type": "must be a whole number", "int_parsing": "must be a whole number",
        "int_from_float": "must be a whole number",
        "string_type": "must be text",
        "list_type": "must be a list", "tuple_type": "must be a list",
        "dict_type": "must be a set of named values",
        "model_type": "must be a set of named values",
        "model_attributes_type": "must be a set of named values",
        "union_tag_not_found": "says no type",
    }
    if kind in words:
        return words[kind]
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', 'the listed values')}"
    if kind == "union_tag_invalid":
        return (f"has an unknown type {ctx.get('tag')!r} "
                f"(known: {str(ctx.get('expected_tags', '')).replace(chr(39), '')})")
    if kind in ("greater_than_equal", "greater_than"):
        return f"must be at least {ctx.get('ge', ctx.get('gt'))}"
    if kind in ("less_than_equal", "less_than"):
        return f"must be at most {ctx.get('le', ctx.get('lt'))}"
    if kind == "string_too_short":
        return f"must have at least {ctx.get('min_length')} character(s)"
    if kind == "string_too_long":
        return f"must have at most {ctx.get('max_length')} characters"
    return "is not valid here"


def validation_problems(exc: object, root: str) -> str:
    """A pydantic ``ValidationError`` in table language, one ``where: problem`` per fault
    (never pydantic's own wording).

    >>> from pydantic import BaseModel
    >>> class Seat(BaseModel):
    ...     name: str
    ...     money: int = 0
    >>> try:
    ...     Seat.model_validate({"money": "lots"})
    ... except ValueError as exc:
    ...     print(validation_problems(exc, "seat"))
    name: is missing; money: must be a whole number
    """
    return "; ".join(f"{_where(tuple(err['loc']), root)}: {_problem(err)}"
                     for err in exc.errors())  # type: ignore[attr-defined]
