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


SHOWN_PROBLEMS = 5  # a message names the first few problems, not hundreds
SHOWN_KEY = 40  # characters of a field name or key quoted in a message

# pydantic's wording where it would name a Python type or class
PLAINER = {
    "model_type": "should be an object with named fields",
    "model_attributes_type": "should be an object with named fields",
    "dict_type": "should be an object",
    "list_type": "should be a list",
    "tuple_type": "should be a list",
    "string_type": "should be text",
    "int_type": "should be a whole number",
    "int_from_float": "should be a whole number",
    "bool_type": "should be true or false",
    "union_tag_not_found": "needs a 'type'",
}


def shown(value: object) -> str:
    """A refused value quoted in a message: its repr, cut short.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    try:
        text = repr(value)
    except ValueError:  # an integer too long to write out
        return "a number too long to show"
    return text if len(text) <= SHOWN_KEY else text[:SHOWN_KEY] + "…"


def _key(part: object) -> str:
    """A field name or key as a message shows it: printable and short."""
    text = str(part)
    if not text.isprintable() or len(text) > SHOWN_KEY:
        return repr(text[:SHOWN_KEY]) + ("…" if len(text) > SHOWN_KEY else "")
    return text


def _message(err: dict) -> str:
    if err["type"] in PLAINER:
        return PLAINER[err["type"]]
    msg = str(err["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        msg = msg.removeprefix(prefix)
    return msg


def validation_problems(exc: object, root: str) -> str:
    """A pydantic ``ValidationError`` as one line: ``field: problem; ...``."""
    errors = exc.errors()  # type: ignore[attr-defined]
    shown = [f"{'.'.join(_key(p) for p in err['loc']) or root}: {_message(err)}"
             for err in errors[:SHOWN_PROBLEMS]]
    if len(errors) > SHOWN_PROBLEMS:
        shown.append(f"and {len(errors) - SHOWN_PROBLEMS} more")
    return "; ".join(shown)
