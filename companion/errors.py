"""The app's errors: one family, by meaning, rooted in ``CompanionError``.

* ``Refused`` (a ``ValueError``): something the app refused; what it was checked against is
  unchanged, in memory and on disk. By meaning:

  * ``MalformedInput``: not a well-formed event, record, sheet or file (unknown type,
    missing field, a number out of range, ...);
  * ``IllegalAction``: well-formed, but the rules forbid it in the current state;
  * ``Conflict``: someone else changed the game first (a stale view): reload and try again.

* ``StorageProblem`` (a ``RuntimeError``): the database cannot be used now
  (``companion.store.errors.DatabaseProblem`` says what is wrong and what to do).

The engine, the game families, the store and the exchange raise these (or subclasses named
for what they read: ``InvalidSheet``, ``InvalidResult``, ``RecordError``, ...); the engine
knows them by its older names (``EngineError`` is ``Refused``, ``MalformedEvent`` is
``MalformedInput``). Importing this module loads nothing else of the app but its words
(``companion.i18n``).

>>> issubclass(IllegalAction, ValueError), issubclass(MalformedInput, Refused)
(True, True)
>>> issubclass(StorageProblem, CompanionError), issubclass(StorageProblem, ValueError)
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from pydantic import ValidationError
    from pydantic_core import ErrorDetails


class CompanionError(Exception):
    """Every error this app raises on purpose."""


class Refused(CompanionError, ValueError):
    """Something the app refused. The state it was checked against is unchanged.

    ``field`` names the input the refusal concerns, as a dotted path into what was given
    (``players.1.name``), so that a form can show the message beside that input.

    >>> Refused("two players have the same colour", field="players.1.colour").field
    'players.1.colour'
    """

    def __init__(self, *args: object, field: str | None = None) -> None:
        super().__init__(*args)
        self.field = field


class MalformedInput(Refused):
    """The input is not well formed (unknown type, missing field, value out of range, ...)."""


class IllegalAction(Refused):
    """Well-formed, but the rules forbid it in the current state."""


class Conflict(Refused):
    """Someone else changed the game first (a stale view): reload and try again."""


class StorageProblem(CompanionError, RuntimeError):
    """The database cannot be used now (nothing was changed)."""


# ---------------------------------------------------------------- messages

SHOWN_PROBLEMS = 5  # a message names the first few problems, not hundreds
SHOWN_KEY = 40  # characters of a field name or key quoted in a message

# pydantic's wording in table language where it would name a Python type or class
PLAINER = {
    "missing": N_("is missing"),
    "extra_forbidden": N_("is not part of this record"),
    "model_type": N_("should be an object with named fields"),
    "model_attributes_type": N_("should be an object with named fields"),
    "dict_type": N_("should be an object"),
    "list_type": N_("should be a list"),
    "tuple_type": N_("should be a list"),
    "string_type": N_("should be text"),
    "int_type": N_("should be a whole number"),
    "int_parsing": N_("should be a whole number"),
    "int_from_float": N_("should be a whole number"),
    "bool_type": N_("should be true or false"),
    "bool_parsing": N_("should be true or false"),
    "union_tag_not_found": N_("needs a 'type'"),
}


def shown(value: object) -> str:
    """A refused value quoted in a message: its repr, cut short.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    try:
        text = repr(value)
    except ValueError:  # an integer too long to write out
        return _("a number too long to show")
    return text if len(text) <= SHOWN_KEY else text[:SHOWN_KEY] + "…"


def _key(part: object) -> str:
    """A field name or key as a message shows it: printable and short."""
    text = str(part)
    if not text.isprintable() or len(text) > SHOWN_KEY:
        return repr(text[:SHOWN_KEY]) + ("…" if len(text) > SHOWN_KEY else "")
    return text


def _bounded(kind: str, ctx: dict) -> str | None:
    """Words for a refused choice, bound or length (pydantic would say "Input should ...")."""
    if kind == "literal_error":
        return _("should be one of {values}").format(values=ctx.get("expected", "…"))
    if kind == "union_tag_invalid":
        return _("has an unknown type {tag} (known: {known})").format(
            tag=shown(ctx.get("tag")), known=str(ctx.get("expected_tags", "")).replace("'", ""))
    if kind in ("greater_than_equal", "greater_than"):
        return _("should be at least {n}").format(n=ctx.get("ge", ctx.get("gt")))
    if kind in ("less_than_equal", "less_than"):
        return _("should be at most {n}").format(n=ctx.get("le", ctx.get("lt")))
    if kind == "string_too_short":
        n = ctx.get("min_length", 1)
        return ngettext("should have at least {n} character",
                        "should have at least {n} characters", n).format(n=n)
    if kind == "string_too_long":
        n = ctx.get("max_length", 0)
        return ngettext("should have at most {n} character",
                        "should have at most {n} characters", n).format(n=n)
    return None


def _message(err: ErrorDetails) -> str:
    kind, ctx = err["type"], err.get("ctx") or {}
    if kind in PLAINER:
        return _(PLAINER[kind])
    words = _bounded(kind, ctx)
    if words is not None:
        return words
    msg = str(err["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        msg = msg.removeprefix(prefix)
    return msg


def problem_field(exc: ValidationError) -> str | None:
    """The input the first problem of a pydantic ``ValidationError`` concerns: the field a
    validator named (an ``EngineError`` raised inside it), else the error's location.

    >>> from pydantic import BaseModel
    >>> class Seat(BaseModel):
    ...     name: str
    >>> try:
    ...     Seat.model_validate({"name": 3})
    ... except ValueError as exc:
    ...     print(problem_field(exc))
    name
    """
    errors = exc.errors()
    if not errors:
        return None
    first = errors[0]
    named = getattr((first.get("ctx") or {}).get("error"), "field", None)
    if named:
        return str(named)
    return ".".join(str(p) for p in first["loc"]) or None


def validation_problems(exc: ValidationError, root: str) -> str:
    """A pydantic ``ValidationError`` in table language as one line: ``field: problem; ...``
    (never pydantic's own wording for the kinds of problem it words in Python terms). A
    problem of the whole is prefixed with ``root`` (none if ``root`` is empty).

    >>> from pydantic import BaseModel
    >>> class Seat(BaseModel):
    ...     name: str
    ...     money: int = 0
    >>> try:
    ...     Seat.model_validate({"money": "lots"})
    ... except ValueError as exc:
    ...     print(validation_problems(exc, "seat"))
    name: is missing; money: should be a whole number
    """
    errors = exc.errors()
    shown = []
    for err in errors[:SHOWN_PROBLEMS]:  # a problem of the whole (no location, no root): bare
        where = ".".join(_key(p) for p in err["loc"]) or root
        shown.append(_("{where}: {problem}").format(where=where, problem=_message(err))
                     if where else _message(err))
    if len(errors) > SHOWN_PROBLEMS:
        shown.append(_("and {n} more").format(n=len(errors) - SHOWN_PROBLEMS))
    return "; ".join(shown)
