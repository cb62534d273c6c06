"""Frozen value objects that are quick to build: ``frozen_value`` is ``dataclass(frozen=True,
slots=True)`` with a constructor that stores each field straight into its slot.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__``, and
a random playout builds about a thousand moves and questions a game. Here an unfrozen twin
of the class takes the fields (plain slot stores), then the object becomes the frozen
class before anyone sees it. Parameters, defaults, equality, hash and repr are the
dataclass's; copies and pickles go through the constructor.

``Cls(...)`` is the one way to build a value. ``dataclass_transform`` tells type checkers
that the decorator makes a frozen dataclass, so they see each class's parameters (the
``__new__`` below is written at run time, where no checker looks).

>>> @frozen_value
... class Point:
...     x: int
...     y: int = 0
>>> p = Point(1)
>>> p, p == Point(1, 0), hash(p) == hash(Point(x=1))
(Point(x=1, y=0), True, True)
>>> p.x = 2
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'x'
>>> evolve(p, y=5), p
(Point(x=1, y=5), Point(x=1, y=0))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass
from dataclasses import field as dc_field
from dataclasses import fields as dc_fields
from typing import Any, TypeVar, cast

from typing_extensions import dataclass_transform  # (``frozen_default`` is 3.12's typing)

T = TypeVar("T")

_EVOLVERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


@dataclass_transform(frozen_default=True, field_specifiers=(dc_field,))
def frozen_value(cls: type[T]) -> type[T]:
    """``cls`` as a frozen, slotted dataclass built without ``object.__setattr__``."""
    frozen: Any = dataclass(frozen=True, slots=True)(cls)
    twin = type(f"_Unfrozen{frozen.__name__}", (frozen,), {
        "__slots__": (), "__module__": frozen.__module__,
        "__setattr__": object.__setattr__, "__delattr__": object.__delattr__})
    namespace: dict[str, Any] = {"MISSING": MISSING, "new": object.__new__, "twin": twin,
                                 "frozen": frozen}
    params, body, copied = [], [], []
    for f in dc_fields(frozen):
        if f.default is not MISSING:
            namespace[f"default_{f.name}"] = f.default
            default = f"default_{f.name}"
        elif f.default_factory is not MISSING:
            namespace[f"factory_{f.name}"] = f.default_factory
            default = f"factory_{f.name}()"
        else:
            default = ""
        if not f.init:  # (a cache kept beside the fields: starts at its default)
            value = default
        elif f.default_factory is not MISSING:
            params.append(f"{f.name}=MISSING")
            value = f"{default} if {f.name} is MISSING else {f.name}"
        else:
            params.append(f"{f.name}={default}" if default else f.name)
            value = f.name
        body.append(f"    self.{f.name} = {value}")
        copied.append(f"    self.{f.name} = old.{f.name}")
    init_names = tuple(f.name for f in dc_fields(frozen) if f.init)  # (what copies pass)
    namespace["fields"] = frozenset(f.name for f in dc_fields(frozen))  # (evolve may set)
    stores = "\n".join(body)
    source = (f"def __new__(cls, {', '.join(params)}):\n    self = new(twin)\n"
              f"{stores}\n    self.__class__ = cls\n    return self\n\n"
              "def evolve(old, changes):\n    self = new(twin)\n" + "\n".join(copied) + "\n"
              "    for name, value in changes.items():\n"
              "        if name not in fields:\n"
              "            raise TypeError(f'{frozen.__name__} has no field {name!r}')\n"
              "        setattr(self, name, value)\n"
              "    self.__class__ = frozen\n    return self\n")
    exec(source, namespace)  # built only from the class's own field names
    new = namespace["__new__"]
    new.__qualname__ = f"{frozen.__qualname__}.__new__"
    new.__module__ = frozen.__module__
    frozen.__new__ = staticmethod(new)
    frozen.__init__ = object.__init__  # (everything is stored by ``__new__``)

    def __reduce__(self: Any) -> tuple[type, tuple[Any, ...]]:
        return type(self), tuple([getattr(self, name) for name in init_names])

    frozen.__reduce__ = __reduce__
    frozen.__setattr__ = _refuse_setting  # (the dataclass's own fails on an unknown name
    frozen.__delattr__ = _refuse_deleting  # in 3.11: it names the class before slots)
    _EVOLVERS[frozen] = namespace["evolve"]
    return cast(type[T], frozen)  # (patched through ``Any`` above: its slots set by hand)


def _refuse_setting(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deleting(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def evolve(value: T, **changes: Any) -> T:
    """``dataclasses.replace`` for a ``frozen_value``, several times faster: the fields
    are copied as they are, nothing is checked again. (Asked hundreds of times per
    question in a random playout.)"""
    copied: T = _EVOLVERS[type(value)](value, changes)  # (a copy of ``value``'s class;
    return copied  # typed without ``cast``, a call in the hot path)


def set_kept(value: Any, name: str, kept: Any) -> None:
    """Keep a derived value in a ``frozen_value``'s own non-init field (a cache, never
    compared): the one write allowed after construction."""
    object.__setattr__(value, name, kept)
